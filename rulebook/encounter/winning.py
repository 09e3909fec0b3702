"""Round End / Determining the Winner (seed 003), with the round's end from "Resolution".

"If a player has an encounter or encounters left and there is no one to battle, they discard their
remaining cards, and the round ends" (RE-ROUND-LEFTOVER). "The player who has won the most
battles at the table then adds 2 loot to their Loot die. In the case of a tie, all winning players
add 1 loot each" (RE-ROUND-BONUS). "check to see if there is a player at 6 loot. If there is, they
are the winner! If two players are at 6 loot each, the players sum the combined levels of all
cards they've won during the round" (RE-WIN-SIX). Otherwise "Re-shuffle ... deal nine cards to
each player. Rotate the starting player" (RE-ROUND-NEXT). The Keys quick game ends after one
round (RE-VAR-KEYS-WIN); the engine ends any game after round 40 (RE-ROUND-CAP).
"""

from __future__ import annotations

from rulebook.common.game import fired

from .loot import gain
from .setup import deal
from .state import MAX_LOOT, ROUND_CAP, SLOTS


def best(t, among: list[int], score: list[int]) -> tuple[int, ...]:
    """Those of ``among`` with the highest ``score``, ties broken by the combined level of the
    cards they won this round (a further tie is shared)."""
    levels = [sum(t.cards[c].level for c in t.won[p]) for p in range(t.players)]
    top = max(score[p] for p in among)
    leaders = [p for p in among if score[p] == top]
    lv = max(levels[p] for p in leaders)
    return tuple(p for p in leaders if levels[p] == lv)


def end_round(t) -> None:
    n, everyone = t.players, list(range(t.players))
    if any(s for p in t.encounters for s in p):
        fired("RE-ROUND-LEFTOVER")
    for p in everyone:
        for i in range(SLOTS):
            t.discard += t.encounters[p][i]
            t.encounters[p][i] = []
        t.loot_at[p] = -1
    if "keys" in t.variants:
        fired("RE-VAR-KEYS-WIN")
        keys = [sum(1 for c in t.won[p] if t.cards[c].kind == "key") for p in everyone]
        return game_over(t, best(t, everyone, keys))
    most = max(t.wins)
    if most > 0:
        fired("RE-ROUND-BONUS")
        top = [p for p in everyone if t.wins[p] == most]
        for p in top:
            gain(t, p)
            if len(top) == 1:
                gain(t, p)
    six = [p for p in everyone if t.loot[p] >= MAX_LOOT]
    if six:
        fired("RE-WIN-SIX")
        return game_over(t, best(t, six, t.loot))
    if t.round >= ROUND_CAP:
        fired("RE-ROUND-CAP")
        return game_over(t, best(t, everyone, t.loot))
    fired("RE-ROUND-NEXT")
    t.round += 1
    t.start = (t.start + 1) % n
    t.won = [[] for _ in everyone]
    t.wins = [0] * n
    deal(t)


def game_over(t, winners: tuple[int, ...]) -> None:
    t.winners, t.phase = winners, "over"

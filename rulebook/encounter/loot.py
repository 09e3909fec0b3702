"""Loot (seed 003 "Placing and Protecting Loot", "Resolution"): the Loot die a battle puts at stake.

"If you manage to defeat an encounter with a Loot die behind it, you take 1 loot from that
player's die and add it to your own" (RE-LOOT-WIN); "If you attack an encounter with a Loot die
behind it and lose, your plans have backfired, and you pay 1 loot to the defender"
(RE-LOOT-BACKFIRE); "once an encounter with a Loot die has been targeted, the Loot die remains
protected out of play for the rest of the current round" (RE-LOOT-PROTECTED). Placing the die is
a build action (building.py).
"""

from __future__ import annotations

from rulebook.common.game import fired, ruling

from .state import MAX_LOOT


def gain(t, p: int) -> None:
    """RE-LOOT-RANGE: a die shows at most 6."""
    if t.loot[p] == MAX_LOOT:
        fired("RE-LOOT-RANGE")
    t.loot[p] = min(MAX_LOOT, t.loot[p] + 1)


def lose(t, p: int) -> None:
    """RE-LOOT-RANGE: "a player can never drop below 1 loot"."""
    if t.loot[p] == 1:
        fired("RE-LOOT-RANGE")
    t.loot[p] = max(1, t.loot[p] - 1)


def at_stake(t, p: int, m: int, q: int, e: int) -> tuple[bool, bool]:
    """Whether the defender's and the attacker's Loot dice are at stake when ``p``'s encounter
    ``m`` battles ``q``'s encounter ``e``: the defender's when it lies behind ``e``; the
    attacker's behind ``m`` under ruling RER-LOOT-ATTACKER=any-side. No dice in the Keys game."""
    if "keys" in t.variants:
        return False, False
    attacker = t.loot_at[p] == m and ruling(t, "RER-LOOT-ATTACKER") == "any-side"
    return t.loot_at[q] == e, attacker


def settle(t, p: int, q: int, winner: str, defender: bool, attacker: bool) -> None:
    """The loot moved by a battle of attacker ``p`` against defender ``q`` (winner "A": ``p``,
    "B": ``q``), the dice at stake as ``at_stake`` says."""
    if winner == "A" and defender:
        fired("RE-LOOT-WIN")
        gain(t, p)
        lose(t, q)
    if winner == "B" and defender:
        fired("RE-LOOT-BACKFIRE")
        could_pay = t.loot[p] > 1
        lose(t, p)
        if could_pay or ruling(t, "RER-BACKFIRE-AT-ONE") == "defender-gains":
            gain(t, q)
    if winner == "B" and attacker:  # the attacker's own loot encounter was beaten
        fired("RE-LOOT-WIN")
        gain(t, q)
        lose(t, p)
    if defender:
        fired("RE-LOOT-PROTECTED")
        t.loot_at[q] = -1
    if attacker:
        t.loot_at[p] = -1

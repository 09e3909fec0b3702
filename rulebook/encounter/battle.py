"""Battle (seed 003 "Battle", "Resolution"; Level 2 "Strength in Numbers").

"First, resolve any Green, Blue, or Red Star Creature effects (in that order). If there is not
already a clear winner and loser, each player determines the combined level of all creatures in
their encounter and compares it". ``resolution`` is that rule, the one statement every caller asks
(the game's battle action, the Solo Adventure, the solvers); ``resolve`` adds the steps in words,
for teaching. The rulings a battle reads (RER-STAR-EFFECTS, RER-GREEN-BOTH, RER-SIN-SINGLE) are
read with ``ruling`` where they decide, so a trace shows them. Below, the battle phase of the
multiplayer game: "The active player picks an encounter in front of the opponent of their choice
and selects one of their own encounters to battle against it".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from rulebook.common.game import fired, ruling

from . import loot
from .cards import CardSet
from .catalog import refuse
from .winning import end_round

# The published review's reading of the Level Stars (card-facts.md): a STAND-IN for the
# Reference card, used under ruling RER-STAR-EFFECTS=review.
REVIEW_STAR_EFFECT = {"green": "swap", "blue": "autowin", "red": "autolose"}


@dataclass(frozen=True)
class BattleRules:
    """The options a battle reads: three rulings and the Strength in Numbers variant."""

    star: str = "review"  # RER-STAR-EFFECTS
    green_both: str = "cancel"  # RER-GREEN-BOTH
    sin: bool = False  # RE-VAR-SIN
    sin_single: str = "two-or-more"  # RER-SIN-SINGLE

    @classmethod
    def from_rulings(cls, rulings, variants=()) -> BattleRules:
        """A game's rulings and variants (the Creature Market is played with Strength in Numbers)."""
        return cls(rulings["RER-STAR-EFFECTS"], rulings["RER-GREEN-BOTH"],
                   "sin" in variants or "market" in variants, rulings["RER-SIN-SINGLE"])  # fmt: skip

    @property
    def rulings(self) -> dict[str, str]:
        """The rulings by ID, as ``ruling(rules, ID)`` reads them."""
        return {"RER-STAR-EFFECTS": self.star, "RER-GREEN-BOTH": self.green_both,
                "RER-SIN-SINGLE": self.sin_single}  # fmt: skip


DEFAULT_RULES = BattleRules()


def ability(cid: str, cards: CardSet, rules: BattleRules) -> str:
    """RE-COMP-STARS: "The color of the Level Star indicates if the card has an ability and what
    ability that is": an ability printed on the card, else its star's (ruling RER-STAR-EFFECTS)."""
    card = cards[cid]
    if card.effect is not None:
        return card.effect
    if card.star not in REVIEW_STAR_EFFECT:
        return "none"
    return (
        REVIEW_STAR_EFFECT[card.star] if ruling(rules, "RER-STAR-EFFECTS") == "review" else "none"
    )


class Summary(NamedTuple):
    """What a battle reads of one encounter."""

    total: int  # combined level
    doubled: bool  # Strength in Numbers doubles it (RE-VAR-SIN)
    swap: bool  # has a Green (swap) card
    win: bool  # has an always-wins card
    lose: bool  # has an always-loses card

    def level(self, rules: BattleRules) -> int:
        return self.total * 2 if rules.sin and self.doubled else self.total


def summarise(ids, cards: CardSet, rules: BattleRules) -> Summary:
    levels = [cards[c].level for c in ids]
    effects = {ability(c, cards, rules) for c in ids}
    return Summary(sum(levels), strength_in_numbers(levels, rules), "swap" in effects,
                   "autowin" in effects, "autolose" in effects)  # fmt: skip


def strength_in_numbers(levels: list[int], rules: BattleRules) -> bool:
    """RE-VAR-SIN: "An encounter that consists only of copies of the same level of card is
    doubled in level"; a one-card encounter only under RER-SIN-SINGLE=any-size."""
    if not rules.sin or len(set(levels)) != 1:
        return False
    return len(levels) >= 2 or ruling(rules, "RER-SIN-SINGLE") == "any-size"


def green_swaps(a: Summary, b: Summary, rules: BattleRules) -> bool:
    """RE-STAR-GREEN: a Green Star card swaps the two encounters; green on both sides swaps twice,
    i.e. not at all (RER-GREEN-BOTH=cancel), or once (one-swap)."""
    if a.swap and b.swap:
        return ruling(rules, "RER-GREEN-BOTH") == "one-swap"
    return a.swap or b.swap


class Outcome(NamedTuple):
    winner: int  # 1: encounter A wins, -1: B wins, 0: a tie
    swapped: bool  # the Green Star swapped the encounters
    decided_by: str  # "effects" or "levels"
    levels: tuple[int, int]  # the levels A and B fought with


def resolution(a: Summary, b: Summary, rules: BattleRules = DEFAULT_RULES) -> Outcome:
    """Encounter A against B (RE-RESOLVE-ORDER): Green, Blue, Red, then the levels."""
    fired("RE-RESOLVE-ORDER")
    swapped = green_swaps(a, b, rules)
    if swapped:
        fired("RE-STAR-GREEN")
        a, b = b, a
    # RE-STAR-BLUE: always wins, unless facing red; RE-STAR-RED: always loses
    a_wins, b_wins = a.win and not b.lose, b.win and not a.lose
    if a_wins != b_wins:
        fired("RE-STAR-BLUE")
    if a.lose != b.lose or (a.lose and b.win) or (b.lose and a.win):
        fired("RE-STAR-RED")  # red decides, or cancels a blue (red against red alone: levels)
    status = (a_wins - a.lose) - (b_wins - b.lose)
    levels = (a.level(rules), b.level(rules))
    if status:
        return Outcome(1 if status > 0 else -1, swapped, "effects", levels)
    fired("RE-RESOLVE-LEVELS")  # "The player with the highest combined level wins the battle!"
    if (rules.sin and a.doubled) or (rules.sin and b.doubled):
        fired("RE-VAR-SIN")
    return Outcome((levels[0] > levels[1]) - (levels[0] < levels[1]), swapped, "levels", levels)


@dataclass
class BattleResult:
    winner: str  # "A", "B" or "tie"
    swapped: bool  # the green effect swapped the encounters
    decided_by: str  # "effects" or "levels"
    levels: tuple[int, int]  # effective levels player A and player B fought with
    steps: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return " | ".join(self.steps)


def resolve(a, b, cards: CardSet, rules: BattleRules = DEFAULT_RULES) -> BattleResult:
    """``resolution`` of player A's encounter ``a`` against player B's ``b``, with its steps in words.
    The engine only resolves encounters its rules let onto the table; user-given encounters go
    through ``require_buildable_battle`` first (``solvers.encounter.odds.battle_outcome`` does)."""
    sa, sb = summarise(a, cards, rules), summarise(b, cards, rules)
    out = resolution(sa, sb, rules)
    winner = {1: "A", -1: "B", 0: "tie"}[out.winner]
    return BattleResult(winner, out.swapped, out.decided_by, out.levels,
                        steps(sa, sb, out, winner, rules))  # fmt: skip


def steps(sa: Summary, sb: Summary, out: Outcome, winner: str, rules: BattleRules) -> list[str]:
    """The battle's steps in rulebook order, in words."""
    greens = "+".join(n for n, s in (("A", sa), ("B", sb)) if s.swap)
    how = "swapped" if out.swapped else "swapped back (two swaps cancel)"
    fa, fb = (sb, sa) if out.swapped else (sa, sb)
    blues = [f"{n} always wins" if not them.lose else f"{n}'s blue cancelled by red"
             for n, me, them in (("A", fa, fb), ("B", fb, fa)) if me.win]  # fmt: skip
    reds = [f"{n} always loses" for n, s in (("A", fa), ("B", fb)) if s.lose]
    out_steps = [f"green ({greens}): encounters {how}" if greens else "green: none",
                 "blue: " + (", ".join(blues) or "none"), "red: " + (", ".join(reds) or "none")]  # fmt: skip
    if out.decided_by == "effects":
        return [*out_steps, f"effects decide: {winner} wins"]
    dbl = [n for n, s in (("A", fa), ("B", fb)) if rules.sin and s.doubled]
    note = f" (doubled: {'+'.join(dbl)})" if dbl else ""
    la, lb = out.levels
    return [
        *out_steps,
        f"levels: {la} vs {lb}{note} -> {winner if winner == 'tie' else winner + ' wins'}",
    ]


def battle_rules(st) -> BattleRules:
    """The battle options of a position (or working copy) of either game."""
    return BattleRules.from_rulings(st.rulings, st.variants)


# ---- the battle phase ----------------------------------------------------------------------------


def check_battle(st, a):
    """``battle N P:M``: your encounter N against player P's encounter M (RE-BATTLE-TARGET)."""
    p, m, t = st.to_move, a.args[0].value, a.args[1]
    if t.player == p or t.player >= st.players:
        return refuse("RE-BATTLE-TARGET", "battle an encounter of another player at the table")
    if not st.encounters[p][m]:
        return refuse("RE-BATTLE-TARGET", f"you have no encounter {m + 1} left")
    if not st.encounters[t.player][t.encounter]:
        return refuse(
            "RE-BATTLE-TARGET", f"player {t.player + 1} has no encounter {t.encounter + 1} left"
        )
    return None


def play_battle(t, a) -> None:
    """Both encounters revealed and resolved; "If you win the battle, you gather all cards
    involved in the battle" (RE-BATTLE-COLLECT); "In the case of a tie, all cards are sent to the
    Discard pile" (RE-RESOLVE-TIE); the loot at stake moves (``loot.settle``)."""
    fired("RE-BATTLE-ORDER")
    p, m, q, e = t.to_move, a.args[0].value, a.args[1].player, a.args[1].encounter
    mine, theirs = t.encounters[p][m], t.encounters[q][e]
    res = resolve(mine, theirs, t.cards, battle_rules(t))
    stakes = loot.at_stake(t, p, m, q, e)
    t.encounters[p][m], t.encounters[q][e] = [], []
    if res.winner == "tie":
        fired("RE-RESOLVE-TIE")
        t.discard += mine + theirs
    else:
        fired("RE-BATTLE-COLLECT")
        w = p if res.winner == "A" else q
        t.won[w] += mine + theirs
        t.wins[w] += 1
    loot.settle(t, p, q, res.winner, *stakes)
    outcome = {"A": f"P{p + 1} wins", "B": f"P{q + 1} wins", "tie": "tie, all discarded"}
    t.last = (f"P{p + 1} {'+'.join(mine)} vs P{q + 1} {'+'.join(theirs)}: {res} => "
              f"{outcome[res.winner]}")  # fmt: skip
    next_battler(t, p, include=False)


def next_battler(t, after: int, include: bool) -> None:
    """RE-BATTLE-ORDER: "Players continue sending encounters into battle in clockwise order until
    no more battles can take place" (from ``after``, itself first when ``include``); then the
    round ends (``winning.end_round``)."""
    for k in range(0 if include else 1, t.players + 1):
        q = (after + k) % t.players  # an encounter left, and someone else with one to battle
        if any(t.encounters[q]) and any(any(e) for r, e in enumerate(t.encounters) if r != q):
            t.to_move = q
            return
    end_round(t)

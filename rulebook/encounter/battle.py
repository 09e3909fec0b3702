"""Battle resolution: Green, then Blue, then Red star effects, then combined levels.

``resolve`` returns who won and the steps in rulebook order (for teaching); ``fast_winner`` answers
the same question from precomputed ``Summary`` tuples, for solvers that resolve millions of battles.
Both read the same ``BattleRules`` (rulings RER-STAR-EFFECTS, RER-GREEN-BOTH, RER-SIN-SINGLE and the
Strength in Numbers variant RE-VAR-SIN).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import CardSet


@dataclass(frozen=True)
class BattleRules:
    star: str = "review"  # RER-STAR-EFFECTS
    green_both: str = "cancel"  # RER-GREEN-BOTH
    sin: bool = False  # RE-VAR-SIN
    sin_single: str = "two-or-more"  # RER-SIN-SINGLE

    @classmethod
    def from_rulings(cls, rulings, variants=()) -> BattleRules:
        return cls(
            star=rulings["RER-STAR-EFFECTS"],
            green_both=rulings["RER-GREEN-BOTH"],
            sin="sin" in variants or "market" in variants,
            sin_single=rulings["RER-SIN-SINGLE"],
        )


DEFAULT_RULES = BattleRules()


class Summary(NamedTuple):
    """What resolution needs to know about one encounter."""

    total: int  # combined level
    doubled: bool  # Strength in Numbers applies (only meaningful when rules.sin)
    swap: bool  # has a green/swap card
    win: bool  # has an always-wins card
    lose: bool  # has an always-loses card

    def level(self, rules: BattleRules) -> int:
        return self.total * 2 if rules.sin and self.doubled else self.total


def summarise(ids: list[str] | tuple[str, ...], cards: CardSet, rules: BattleRules) -> Summary:
    levels = [cards.level(c) for c in ids]
    effects = {cards.effect(c, rules.star) for c in ids}
    min_n = 2 if rules.sin_single == "two-or-more" else 1
    doubled = len(ids) >= min_n and len(set(levels)) == 1
    return Summary(
        sum(levels), doubled, "swap" in effects, "autowin" in effects, "autolose" in effects
    )


def _status(me: Summary, them: Summary) -> int:
    """+1 always wins (Blue, not facing an always-loses card), -1 always loses (Red), else 0."""
    return int(me.win and not them.lose) - int(me.lose)


def swapped(a: Summary, b: Summary, rules: BattleRules) -> bool:
    greens = int(a.swap) + int(b.swap)
    return greens % 2 == 1 if rules.green_both == "cancel" else greens > 0


def fast_winner(a: Summary, b: Summary, rules: BattleRules) -> int:
    """1 if player A wins, -1 if player B wins, 0 on a tie."""
    if swapped(a, b, rules):
        a, b = b, a
    sa, sb = _status(a, b), _status(b, a)
    if sa != sb:
        return 1 if sa > sb else -1
    la, lb = a.level(rules), b.level(rules)
    return (la > lb) - (la < lb)


@dataclass
class BattleResult:
    winner: str  # "A", "B" or "tie"
    swapped: bool  # the green effect swapped the encounters
    decided_by: str  # "effects" or "levels"
    levels: tuple[int, int]  # effective levels player A and player B fought with
    steps: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return " | ".join(self.steps)


def resolve(
    a: list[str], b: list[str], cards: CardSet, rules: BattleRules = DEFAULT_RULES
) -> BattleResult:
    """Resolve player A's encounter ``a`` against player B's ``b`` (RE-RESOLVE-ORDER)."""
    sa, sb = summarise(a, cards, rules), summarise(b, cards, rules)
    steps = []
    sw = swapped(sa, sb, rules)
    if sa.swap or sb.swap:
        who = "+".join(s for s, x in (("A", sa.swap), ("B", sb.swap)) if x)
        steps.append(
            f"green ({who}): encounters {'swapped' if sw else 'swapped back (two swaps cancel)'}"
        )
    else:
        steps.append("green: none")
    fa, fb = (sb, sa) if sw else (sa, sb)
    wa, wb = fa.win and not fb.lose, fb.win and not fa.lose
    if fa.win or fb.win:
        parts = []
        for name, me, w in (("A", fa, wa), ("B", fb, wb)):
            if me.win:
                parts.append(f"{name} always wins" if w else f"{name}'s blue cancelled by red")
        steps.append("blue: " + ", ".join(parts))
    else:
        steps.append("blue: none")
    if fa.lose or fb.lose:
        steps.append(
            "red: " + ", ".join(f"{n} always loses" for n, s in (("A", fa), ("B", fb)) if s.lose)
        )
    else:
        steps.append("red: none")
    st_a, st_b = _status(fa, fb), _status(fb, fa)
    la, lb = fa.level(rules), fb.level(rules)
    if st_a != st_b:
        winner = "A" if st_a > st_b else "B"
        steps.append(f"effects decide: {winner} wins")
        return BattleResult(winner, sw, "effects", (la, lb), steps)
    dbl = [n for n, s in (("A", fa), ("B", fb)) if rules.sin and s.doubled]
    note = f" (doubled: {'+'.join(dbl)})" if dbl else ""
    winner = "A" if la > lb else "B" if lb > la else "tie"
    steps.append(f"levels: {la} vs {lb}{note} -> {winner if winner == 'tie' else winner + ' wins'}")
    return BattleResult(winner, sw, "levels", (la, lb), steps)


def composition_problem(ids: list[str], cards: CardSet) -> tuple[str, str] | None:
    """(rule_id, reason) if the encounter breaks RE-COMPOSE-RED-BLUE or RE-COMPOSE-GREEN."""
    stars = [cards[c].star for c in ids]
    if "red" in stars and "blue" in stars:
        return ("RE-COMPOSE-RED-BLUE", "Red and Blue Star cards cannot be in one encounter")
    if len(ids) == 1 and stars[0] == "green":
        return ("RE-COMPOSE-GREEN", f"a Green Star card ({ids[0]}) cannot be alone")
    return None

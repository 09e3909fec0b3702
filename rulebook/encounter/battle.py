"""Battle resolution: Green, then Blue, then Red star effects, then combined levels.

``fast_winner`` decides who wins from the two encounters' ``Summary`` (solvers ask it of millions
of battles); ``resolve`` asks it and writes the steps in rulebook order (for teaching). Both read
the same ``BattleRules`` (rulings RER-STAR-EFFECTS, RER-GREEN-BOTH, RER-SIN-SINGLE and the
Strength in Numbers variant RE-VAR-SIN).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from rulebook.common.game import fired

from .cards import CardSet
from .catalog import refuse


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


def battle_rules_for(rulings, variants: tuple[str, ...]) -> BattleRules:
    """``BattleRules.from_rulings`` of a state's rulings and variants."""
    return BattleRules.from_rulings(rulings, variants)


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
    """1 if player A wins, -1 if player B wins, 0 on a tie: Green swaps the encounters, Blue and
    Red decide (``_status``), else the levels (RE-RESOLVE-ORDER)."""
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
    """Resolve player A's encounter ``a`` against player B's ``b`` (RE-RESOLVE-ORDER). The engine
    only resolves encounters its rules let onto the table; user-given encounters go through
    ``require_buildable_battle`` first (``solvers.encounter.odds.battle_outcome`` does)."""
    fired("RE-RESOLVE-ORDER")
    sa, sb = summarise(a, cards, rules), summarise(b, cards, rules)
    steps = []
    sw = swapped(sa, sb, rules)
    if sw:  # two greens that cancel (ruling RER-GREEN-BOTH) swap nothing: green did not act
        fired("RE-STAR-GREEN")
    if sa.swap or sb.swap:
        who = "+".join(s for s, x in (("A", sa.swap), ("B", sb.swap)) if x)
        steps.append(
            f"green ({who}): encounters {'swapped' if sw else 'swapped back (two swaps cancel)'}"
        )
    else:
        steps.append("green: none")
    fa, fb = (sb, sa) if sw else (sa, sb)
    wa, wb = fa.win and not fb.lose, fb.win and not fa.lose
    if wa != wb:  # blue acts where it alone decides: not facing red, not blue against blue
        fired("RE-STAR-BLUE")
    if fa.win or fb.win:
        parts = []
        for name, me, w in (("A", fa, wa), ("B", fb, wb)):
            if me.win:
                parts.append(f"{name} always wins" if w else f"{name}'s blue cancelled by red")
        steps.append("blue: " + ", ".join(parts))
    else:
        steps.append("blue: none")
    if fa.lose != fb.lose or (fa.lose and fb.win) or (fb.lose and fa.win):
        fired("RE-STAR-RED")  # red decides, or cancels a blue (red against red alone: levels)
    if fa.lose or fb.lose:
        steps.append(
            "red: " + ", ".join(f"{n} always loses" for n, s in (("A", fa), ("B", fb)) if s.lose)
        )
    else:
        steps.append("red: none")
    winner = {1: "A", -1: "B", 0: "tie"}[fast_winner(sa, sb, rules)]
    la, lb = fa.level(rules), fb.level(rules)
    if _status(fa, fb) != _status(fb, fa):
        steps.append(f"effects decide: {winner} wins")
        return BattleResult(winner, sw, "effects", (la, lb), steps)
    fired("RE-RESOLVE-LEVELS")
    dbl = [n for n, s in (("A", fa), ("B", fb)) if rules.sin and s.doubled]
    if dbl:
        fired("RE-VAR-SIN")
    note = f" (doubled: {'+'.join(dbl)})" if dbl else ""
    steps.append(f"levels: {la} vs {lb}{note} -> {winner if winner == 'tie' else winner + ' wins'}")
    return BattleResult(winner, sw, "levels", (la, lb), steps)


def require_buildable_battle(a, b, cards: CardSet, pool=(), *, empty_ok: bool = False) -> None:
    """Refuse a battle no table can produce (``require_buildable_encounters`` on sides A and B)."""
    require_buildable_encounters(
        (("encounter A", a), ("encounter B", b)), cards, pool, empty_ok=empty_ok
    )


def require_buildable_encounters(named, cards: CardSet, pool=(), *, empty_ok: bool = False) -> None:
    """Refuse encounters no table can produce: an unknown card, an encounter that breaks
    RE-COMPOSE-RED-BLUE or RE-COMPOSE-GREEN (or is empty), or one card twice -- in one encounter,
    across them, or between them and ``pool`` (the cards an unknown encounter is drawn from).
    ``named`` is a sequence of (name, card ids). Raises RuleError naming the rule (a card is in one
    place at a time: RE-COMP-DECK). ``empty_ok``: a Solo Adventure space may hold only Keys, so
    its enemy encounter is empty."""
    seen: dict[str, str] = {}
    for where, ids in (*named, ("the pool", pool)):
        for c in ids:
            if c not in cards:
                raise refuse("RE-COMP-DECK", f"{where}: unknown card {c!r}")
            if c in seen:
                twice = "twice" if seen[c] == where else f"in {seen[c]} and {where}"
                raise refuse("RE-COMP-DECK", f"{c} is {twice}: the box holds each card once")
            seen[c] = where
    for where, ids in named:
        if not ids and not empty_ok:
            raise refuse("RE-BUILD-FIVE", f"{where} is empty")
        prob = composition_problem(ids, cards)
        if prob:
            raise refuse(prob[0], f"{where}: {prob[1]}")


def composition_problem(ids, cards: CardSet) -> tuple[str, str] | None:
    """(rule_id, reason) if the encounter breaks RE-COMPOSE-RED-BLUE or RE-COMPOSE-GREEN."""
    stars = {cards[c].star for c in ids}
    prob = red_blue_problem(stars)
    if prob is None and len(ids) == 1 and "green" in stars:
        return ("RE-COMPOSE-GREEN", f"a Green Star card ({ids[0]}) cannot be alone")
    return prob


def red_blue_problem(stars) -> tuple[str, str] | None:
    """RE-COMPOSE-RED-BLUE on the set of an encounter's stars (the put check keeps the sets)."""
    if "red" in stars and "blue" in stars:
        return ("RE-COMPOSE-RED-BLUE", "Red and Blue Star cards cannot be in one encounter")
    return None

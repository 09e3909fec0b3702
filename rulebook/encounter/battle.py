"""Battle (seed 003 "Battle", "Resolution"; Level 2 "Strength in Numbers").

"First, resolve any Green, Blue, or Red Star Creature effects (in that order). If there is not
already a clear winner and loser, each player determines the combined level of all creatures in
their encounter and compares it". ``battle`` is that rule, the one statement every caller asks
(the game's battle action, the Solo Adventure, the solvers); ``resolve`` adds the steps in words,
for teaching. The rulings a battle reads (RER-STAR-EFFECTS, RER-GREEN-BOTH, RER-SIN-SINGLE) are
read with ``ruling`` where they decide, so a trace shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from rulebook.common.game import fired, ruling

from .cards import CardSet
from .catalog import refuse

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


def battle(a: Summary, b: Summary, rules: BattleRules = DEFAULT_RULES) -> Outcome:
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
    """``battle`` of player A's encounter ``a`` against player B's ``b``, with its steps in words.
    The engine only resolves encounters its rules let onto the table; user-given encounters go
    through ``require_buildable_battle`` first (``solvers.encounter.odds.battle_outcome`` does)."""
    sa, sb = summarise(a, cards, rules), summarise(b, cards, rules)
    out = battle(sa, sb, rules)
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

"""Best pair of cards to play: for one player, given the cards the others revealed, which two
cards of the hand raise that player's score the most this turn.

A pair's value is the true change of the player's final score (``rulebook.trollland.score``:
existing piles and their top cards, companion animals already held, bonus majorities, medals of
vehicles and imprisoned Trolls, -2 per refugee) between now and the end of this turn's loading,
in the best case over every legal way the turn can go (every player's choices: Troll powers,
cages, question marks, arrows). The turn is played by the engine itself
(``rulebook.trollland``), so Troll powers count and no rule is restated here.

The search is exhaustive with a memo and stops early: once the player has no card left to load
(and no Troll to resolve), nothing in the turn can change the player's score. It is bounded by a
``Budget`` (engine steps); running out raises ``LimitReached`` with the pairs valued so far.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from rulebook.trollland import score
from rulebook.trollland.game import GAME
from rulebook.trollland.secret_choice import king_pair_allowed
from rulebook.trollland.state import State
from rulebook.trollland.turn import settle
from solvers.limits import NODE_BYTES, Budget, LimitReached, max_nodes

DEFAULT_STEPS = 200_000  # engine steps per best_pairs call
DEFAULT_SECONDS = 10.0
MAX_STEPS = max_nodes(NODE_BYTES["trollland best-pair"])  # the memo keeps a State per step


@dataclass(frozen=True)
class PairValue:
    pair: tuple[str, str]
    value: int

    def __str__(self) -> str:
        return f"{self.pair[0]} + {self.pair[1]}: {self.value:+d}"


def _revealed(s: State, revealed: dict[int, list[str]]) -> State:
    """The position once every player has revealed ``revealed`` (player -> cards; the cards
    leave that player's hand), with the automatic steps of the reveal done."""
    d = s.thaw()
    for p in range(s.players):
        cards = list(revealed.get(p, ()))
        d.hands[p] = [c for c in d.hands[p] if c not in cards]
        d.chosen[p] = cards
    d.phase = "troll"
    return settle(d.freeze())


def _settled(s: State, player: int) -> bool:
    """Nothing left this turn can change the player's score: the turn is over, or only other
    players' pest cards remain to load (their departures and refugees are theirs)."""
    if s.phase in ("choose", "over"):
        return True
    if s.phase in ("troll", "king-return"):
        return False
    return s.to_move != player and all(s.owner(c) != player for c in s.reveal_order())


def pair_value(
    s: State, player: int, revealed: dict[int, list[str]], budget: Budget | None = None
) -> int:
    """The best change of ``player``'s score this turn when the players reveal ``revealed``
    (player -> their cards)."""
    budget = budget or Budget(seconds=DEFAULT_SECONDS, nodes=DEFAULT_STEPS)
    base = score(s, player).total
    memo: dict[State, int] = {}  # a State is a hashable value

    def best(t: State) -> int:
        if _settled(t, player):
            return score(t, player).total - base
        key = t
        if key not in memo:
            values = []
            for a in GAME.legal_actions(t):
                budget.tick()
                values.append(best(GAME.perform(t, a)))
            memo[key] = max(values)
        return memo[key]

    return best(_revealed(s, revealed))


def best_pairs(
    s: State, player: int, others: dict[int, list[str]], budget: Budget | None = None
) -> list[PairValue]:
    """Every legal pair of ``player``'s hand (TL-CHOOSE-KING: the King never with another Troll)
    with its value, best first (ties by the pair's text). Raises LimitReached (``best`` = the
    ranking of the pairs valued so far) when the budget runs out."""
    budget = budget or Budget(seconds=DEFAULT_SECONDS, nodes=DEFAULT_STEPS)
    out: list[PairValue] = []
    for a, b in combinations(sorted(s.hands[player]), 2):
        if not king_pair_allowed(
            s, a, b
        ):  # check_choose's one condition a pair of the hand can break
            continue
        try:
            value = pair_value(s, player, {**others, player: [a, b]}, budget)
        except LimitReached as e:
            raise LimitReached(e.what, _ranked(out)) from None
        out.append(PairValue((a, b), value))
    return _ranked(out)


def _ranked(values: list[PairValue]) -> list[PairValue]:
    return sorted(values, key=lambda pv: (-pv.value, pv.pair))


__all__ = ["PairValue", "best_pairs", "pair_value"]

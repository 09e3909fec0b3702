"""Flaming peasants (T-BURN-PEASANT, T-FLAME-COTTAGE, T-FLAME-LAKE, T-FLAME-CHAIN), answered by the
engine itself: the solver sets up the ignition on a copy of the position with the chosen movement
card on top of the deck, applies ``burn peasant`` through ``rulebook.trogdor.apply_action`` and reads
off what changed. Nothing about flames is re-implemented here except the drawn route of the first
peasant (for display; the tests check it against the engine's burnt tiles).

"Which peasant to ignite" enumerates every card of the remaining movement deck as the first card
(each equally likely); any further draws (a chain ignition, a re-ignition on a burnt cottage) take
the rest of the deck in its current order -- that part is not enumerated, and the answer says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from rulebook import game
from rulebook.trogdor import with_movement_deck
from rulebook.trogdor.grid import GRID5, Square

from .query import QueryError, as_square

GAME = game("trogdor")


def remaining_movement_deck(state) -> list[str]:
    """The state's movement draw pile, or the whole bundled deck when the position has none."""
    if state.movement_deck.draw:
        return list(state.movement_deck.draw)
    from rulebook.trogdor.cards import load_card_set

    return list(load_card_set().movement_deck())


def movement_card(state, card_id: str):
    """The movement card ``card_id`` of the position's card set; QueryError when unknown."""
    card = state.cards.movement(card_id)
    if card is None:
        raise QueryError(
            f"unknown movement card {card_id!r} (an id like mv-07 or a literal 2Er-EES)"
        )
    return card


@dataclass
class FlameResult:
    """What one ignition does. ``route`` is the first peasant's path (start included) on the
    first card; ``chain`` the routes of the peasants it set alight (start, card, route; given when
    each drew one card, i.e. no re-ignition on a burnt cottage); ``tiles`` / ``cottages`` newly
    burninated; ``ignited`` other peasants set alight;
    ``saved`` squares where a peasant ended on the Lake; ``to_void`` peasants lost to the Void."""

    start: Square
    card: str
    route: list[Square]
    tiles: list[Square]
    cottages: list[Square]
    ignited: list[Square]
    saved: list[Square]
    to_void: int
    cards_drawn: int
    chain: list[tuple[Square, str, list[Square]]] = field(default_factory=list)
    after: object = field(repr=False, default=None)

    @property
    def squares(self) -> list[Square]:
        """Burnt tiles, for a board overlay."""
        return self.tiles

    def to_json(self) -> dict:
        return {
            "start": str(self.start),
            "card": self.card,
            "route": [str(s) for s in self.route],
            "tiles_burnt": [str(s) for s in self.tiles],
            "cottages_burnt": [str(s) for s in self.cottages],
            "ignited": [str(s) for s in self.ignited],
            "saved_at_lake": [str(s) for s in self.saved],
            "to_void": self.to_void,
            "cards_drawn": self.cards_drawn,
            "chain": [
                {"start": str(a), "card": c, "route": [str(x) for x in r]} for a, c, r in self.chain
            ],
        }

    def __str__(self) -> str:
        def names(xs):
            return ", ".join(str(s) for s in xs) or "none"

        return "\n".join(
            [
                f"peasant on {self.start} ignited with {self.card}: route {' -> '.join(map(str, self.route))}",
                f"tiles burnt: {names(self.tiles)} ({len(self.tiles)})",
                f"cottages burnt: {names(self.cottages)}",
                f"other peasants ignited: {names(self.ignited)}",
                f"saved by the Lake: {names(self.saved)}; to the Void: {self.to_void}",
                f"movement cards drawn: {self.cards_drawn}",
                *[
                    f"then the peasant from {a} with {c}: {' -> '.join(map(str, r))}"
                    for a, c, r in self.chain
                ],
            ]
        )


def first_route(state, start: Square, card) -> list[Square]:
    """The first peasant's squares on ``card`` (ruling TR-FLAME-WRAP), up to the Lake
    (T-FLAME-LAKE)."""
    wrap = state.rulings["TR-FLAME-WRAP"] == "wrap"
    route = [start]
    if state.tiles[GRID5.index(start)] == "L":
        return route
    pos = start
    for d in card.path:
        nxt = GRID5.step(pos, d, wrap=wrap)
        if nxt is None:
            break
        pos = nxt
        route.append(pos)
        if state.tiles[GRID5.index(pos)] == "L":
            break
    return route


def ignite(state, start: Square, card_id: str, rest: list[str] | None = None) -> FlameResult:
    """Ignite the peasant on ``start`` with ``card_id`` as the first movement card; further draws
    come from ``rest`` (default: the remaining deck without that card, in order)."""
    start = as_square(start, "the peasant's square")
    if start not in state.peasants:
        raise QueryError(
            f"no peasant on {start} (peasants: {', '.join(map(str, state.peasants)) or 'none'})"
        )
    card = movement_card(state, card_id)
    if rest is None:
        deck = remaining_movement_deck(state)
        if card_id in deck:
            deck.remove(card_id)
        rest = deck
    # Trogdor on the peasant's tile with an AP to spend (State.replace, the engine's helper)
    s = state.replace(
        trogdor=start, phase="act", trogdor_hidden=False, outcome=None, ap=max(state.ap, 1)
    )
    s = with_movement_deck(s, [card_id, *rest])
    discarded = len(s.movement_deck.discard)
    after = GAME.apply(s, "burn peasant")
    tiles = [GRID5.at(i) for i in range(25) if after.burnt[i] and not s.burnt[i]]
    cottages = sorted(c for c, b in after.cottages.items() if b and not s.cottages[c])
    before_p = Counter(s.peasants)
    after_p = Counter(after.peasants)
    removed = before_p - after_p
    removed[start] -= 1
    ignited = sorted((+removed).elements())
    saved = sorted((after_p - before_p).elements())
    if start in after_p and start in before_p and after_p[start] >= before_p[start]:
        saved.append(start)  # ignited on the Lake: extinguished at once, stays there
    drawn = list(after.movement_deck.discard)[discarded:]
    route = first_route(s, start, card)
    chain = []
    # One card per peasant (no re-ignition) and every other peasant lit by the first one's run:
    # they run in the order the route met them (T-FLAME-CHAIN), each on its own card.
    if len(drawn) == 1 + len(ignited) and all(a in route for a in ignited):
        order = sorted(ignited, key=route.index)
        for a, cid in zip(order, drawn[1:], strict=True):
            chain.append((a, cid, first_route(s, a, movement_card(s, cid))))
    return FlameResult(
        start=start,
        card=card.id,
        route=route,
        tiles=tiles,
        cottages=cottages,
        ignited=ignited,
        saved=sorted(saved),
        to_void=after.void - s.void,
        cards_drawn=len(drawn),
        chain=chain,
        after=after,
    )


@dataclass
class IgnitionChoice:
    """Expected burnination from igniting the peasant on ``start`` (exact fractions over the
    first movement card)."""

    start: Square
    expected_tiles: Fraction
    expected_cottages: Fraction
    cards: int

    @property
    def expected_total(self) -> Fraction:
        return self.expected_tiles + self.expected_cottages

    def to_json(self) -> dict:
        return {
            "peasant": str(self.start),
            "expected_tiles": float(self.expected_tiles),
            "expected_cottages": float(self.expected_cottages),
            "expected_total": float(self.expected_total),
            "exact": f"{self.expected_total.numerator}/{self.expected_total.denominator}",
            "cards": self.cards,
        }


@dataclass
class BestIgnition:
    choices: list[IgnitionChoice]
    note: str = (
        "expectation over the first movement card (each card of the remaining deck equally "
        "likely); later draws follow the deck's current order"
    )

    @property
    def best(self) -> IgnitionChoice | None:
        return self.choices[0] if self.choices else None

    @property
    def squares(self) -> list[Square]:
        return [c.start for c in self.choices]

    def to_json(self) -> dict:
        return {
            "best": None if self.best is None else str(self.best.start),
            "choices": [c.to_json() for c in self.choices],
            "note": self.note,
        }

    def __str__(self) -> str:
        if not self.choices:
            return "no peasant on the board to ignite"
        lines = [f"ignite the peasant on {self.best.start} ({self.note})"]
        for c in self.choices:
            lines.append(
                f"  {c.start}: {float(c.expected_tiles):.3f} tiles + "
                f"{float(c.expected_cottages):.3f} cottages expected over {c.cards} cards"
            )
        return "\n".join(lines)


def best_ignition(state) -> BestIgnition:
    """Rank the peasants on the board by expected tiles + cottages burnt when ignited."""
    deck = remaining_movement_deck(state)
    out = []
    for start in sorted(set(state.peasants), key=GRID5.index):
        tiles = cots = Fraction(0)
        for i, cid in enumerate(deck):
            r = ignite(state, start, cid, deck[:i] + deck[i + 1 :])
            tiles += len(r.tiles)
            cots += len(r.cottages)
        n = len(deck)
        out.append(IgnitionChoice(start, tiles / n, cots / n, n))
    out.sort(key=lambda c: (-c.expected_total, -c.expected_cottages, GRID5.index(c.start)))
    return BestIgnition(out)

"""A full Trogdor!! position as a value, and its one-line notation (T-NOTATION).

Everything the rules need is in the state: tiles and burnt sides, cottages, every piece, the
Trog-meter and Void, decks in order, hands, keepers, items, AP, phase, the rulings in force and
the seeded RNG. Every field holds an immutable value (tuples, frozen dataclasses, ints, strings),
so a state returned by ``apply`` shares nothing changeable with the state it came from.
``str(state)`` writes the notation (header word ``trogdor``) and ``State.parse`` reads it back
exactly; see NOTES.md.
"""

from __future__ import annotations

from collections import Counter, namedtuple
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from itertools import chain
from operator import attrgetter
from types import MappingProxyType

from rulebook.common import working
from rulebook.common.codecs import RngCodec, RulingsCodec
from rulebook.common.errors import NotationError
from rulebook.common.fields import Field, Notation
from rulebook.common.notation import (
    Choice,
    Codec,
    Flag,
    Int,
    ListOf,
    Optional_,
    PerPlayer,
    SquareCodec,
    Token,
    excerpt,
    fmt_list,
)
from rulebook.common.rng import Rng
from rulebook.common.rulings import LazyRulings, RulingSet

from .board import Layout, format_tiles, parse_tiles
from .cardindex import BUNDLED_INDEX, CardIndex, index_of
from .grid import GRID5, INDEX, SQUARES, Square, square

HEADER = "trogdor"
PHASES = ("draw", "choose", "act", "spawn", "countryside", "over")
OUTCOMES = ("win", "table-flip", "defeat")
PEASANTS_IN_BOX = 7
# What a user may type as AP (puzzles, editors) ...
MAX_TYPED_AP = 999
# ... and what the notation reads: the engine may bank past 999 under TR-PASS-AP=keep (each turn
# adds at most a card's AP plus its extras; a game has at most max_length actions).
MAX_AP = 10**9
MAX_TURN = 10**9  # the engine stops the turn counter here (it only labels turns)
MAX_PLAYERS = 20
# Phase 2 pieces in the order they move (T-KNIGHT-MOVE, T-ARCHER)
QUEUE_TOKENS = ("peasants", "hammer", "archer")


def _rulings():
    from .catalog import CATALOG

    return CATALOG.rulings


class Deck(namedtuple("Deck", "draw discard", defaults=((), ()))):
    """A draw pile (top first) and its discard pile (oldest first), as tuples of card ids."""

    __slots__ = ()


class Cottages:
    """The cottages (on ``C`` tiles) and whether each is burninated, as a read-only mapping
    Square -> bool in square order (``types.MappingProxyType`` over a dict nobody else holds;
    speed: PERF.md "Values compared in C"). These helpers build new ones."""

    @staticmethod
    def on(squares, burnt=()) -> Mapping[Square, bool]:
        burnt = set(burnt)
        return MappingProxyType({sq: sq in burnt for sq in sorted(squares)})

    @staticmethod
    def with_burnt(cottages: Mapping, sq: Square, value: bool) -> Mapping[Square, bool]:
        d = dict(cottages)
        d[sq] = value
        return MappingProxyType(d)

    @staticmethod
    def burnt(cottages: Mapping) -> tuple[Square, ...]:
        return tuple(sq for sq, b in cottages.items() if b)


class Views:
    """Questions about a position, asked alike of a State and of its working copy."""

    def kind(self, sq: Square | str) -> str:
        return self.tiles[INDEX[square(sq, "square")]]

    def is_burnt(self, sq: Square | str) -> bool:
        return self.burnt[INDEX[square(sq, "square")]]

    @property
    def layout(self) -> Layout:
        return Layout(self.tiles)

    @property
    def hand(self) -> tuple[str, ...]:
        return self.hands[self.to_move]

    def is_terminal(self) -> bool:
        return self.outcome is not None


@dataclass(eq=True, frozen=True)
class State(Views):
    """A position: a frozen value (assigning a field raises). Field names are part of the public
    API (NOTES.md). The engine fills in a result on a ``WorkingCopy`` and freezes it."""

    GAME = HEADER  # registry name (rulebook.game_of)

    tiles: tuple[str, ...]
    burnt: tuple[bool, ...]
    cottages: Mapping[Square, bool]  # read-only (Cottages.on)
    trogdor: Square | None
    trogdor_hidden: bool = False  # hiding on a mountain (notation key 'hidden')
    peasants: tuple[Square, ...] = ()  # sorted
    knights: tuple[Square, ...] = ()  # in moving order
    archer: Square | None = None
    troghammer: Square | None = None  # on the board; None = not on the board
    hammer_waiting: bool = False  # in play on the Trog-meter (ruling TR-TROGHAMMER-START=meter)
    meter: int = 4
    void: int = 0
    ap: int = 0
    phase: str = "act"
    turn: int = 1  # the turn counter (it only labels turns)
    to_move: int = 0  # the player whose turn it is (0-based; notation key 'player')
    players: int = 1
    hands: tuple[tuple[str, ...], ...] = ((),)
    keepers: tuple[str | None, ...] = (None,)
    items: tuple[str | None, ...] = (None,)
    item_charged: tuple[bool, ...] = (True,)  # each player's item is charged
    banked_ap: tuple[int, ...] = (0,)  # unspent AP kept, ruling TR-PASS-AP=keep (key 'banked')
    action_deck: Deck = Deck()
    troghammer_cards_aside: tuple[str, ...] = ()  # until the first damage (T-SETUP-DECKS; 'aside')
    movement_deck: Deck = Deck()
    played_card: str | None = None  # the action card played this turn (key 'played')
    item_used: bool = False
    powers: tuple[str, ...] = ()  # abilities in force this turn (powers.py tokens), sorted
    movement_card: str | None = None  # this turn's Phase 2 movement card (key 'mcard')
    pieces_to_move: tuple[str, ...] = ()  # Phase 2 pieces still to move, in order ('queue')
    rulings: RulingSet = field(default_factory=lambda: RulingSet(_rulings()))
    rng: Rng = Rng(0)  # the seeded RNG: its seed and how many numbers it drew (not cards)
    outcome: str | None = None
    cards: CardIndex = field(default=BUNDLED_INDEX, compare=False, repr=False)

    def copy(self) -> State:
        """The state itself (kept for callers of the old API: a state is a value)."""
        return self

    def replace(self, **changes) -> State:
        """A new state with some fields changed (values must be immutable: tuples, Deck, ...)."""
        unknown = sorted(changes.keys() - FIELD_NAMES)
        if unknown:
            raise AttributeError(f"State has no field {unknown[0]!r}")
        return replace(self, **changes)

    def __str__(self) -> str:
        return format_state(self)

    @classmethod
    def parse(cls, text: str, cards=None) -> State:
        return parse_state(text, cards)


FIELD_NAMES = frozenset(f.name for f in fields(State))


class WorkingCopy(Views, working.WorkingCopy):
    """The working copy of a State (``rulebook.common.working``): ``rules.perform`` makes one
    per action and freezes it; a playout (``Game.advance``) keeps one for the whole game. Every
    field holds an immutable value: the effects assign new ones."""

    STATE = State
    GAME = HEADER


# ---- the notation: fields declared once (rulebook.common.fields) ----------------------------------
SQ = SquareCodec(GRID5)
SQ_OR_NONE = SquareCodec(GRID5, none_ok=True)
SQS = ListOf(SQ)
CARD = Token("card id")
CARDS = ListOf(CARD)
AP = Int(0, MAX_AP)
PEASANT_COUNT = Int(0, PEASANTS_IN_BOX)
PLAYERS = Int(1, MAX_PLAYERS)
RULINGS = LazyRulings(_rulings)  # the catalog is read when a ruling is parsed, not before


class TilesCodec(Codec):
    """The 5x5 tiles, row by row, lower case for a burnt side: value ``(kinds, burnt)``."""

    def fmt(self, value) -> str:
        return format_tiles(*value)

    def parse(self, text: str, where: str):
        try:
            kinds, burnt = parse_tiles(text, strict=True)
        except NotationError as e:
            inner = where if e.where is None else f"{where} {e.where}"
            raise NotationError(e.message, where=inner) from None
        return tuple(kinds), tuple(burnt)


class HammerCodec(Codec):
    """The Troghammer: a square, or ``meter`` while it waits on the Trog-meter."""

    def fmt(self, value) -> str:
        return value if value == "meter" else SQ.fmt(value)

    def parse(self, text: str, where: str):
        return "meter" if text == "meter" else SQ_OR_NONE.parse(text, where)


class DeckCodec(Codec):
    """A Deck as ``DRAW|DISCARD`` card lists (``-`` for an empty pile)."""

    def fmt(self, value) -> str:
        return f"{CARDS.fmt(value.draw)}|{CARDS.fmt(value.discard)}"

    def parse(self, text: str, where: str) -> Deck:
        if text.count("|") != 1:
            raise NotationError("a deck is DRAW|DISCARD (use '-' for an empty pile)", where=where)
        draw, discard = text.split("|")
        return Deck(CARDS.parse(draw, where), CARDS.parse(discard, where))


class BitsCodec(Codec):
    """One 0/1 per player (``charged``)."""

    def __init__(self, players: int):
        self.players = players

    def fmt(self, value) -> str:
        return "".join("1" if c else "0" for c in value)

    def parse(self, text: str, where: str) -> tuple[bool, ...]:
        if len(text) != self.players or any(ch not in "01" for ch in text):
            raise NotationError(f"one 0/1 per player ({self.players})", where=where)
        return tuple(ch == "1" for ch in text)


class PowersCodec(Codec):
    """Abilities in force (powers.py tokens), sorted; the token list is read on first parse."""

    def fmt(self, value) -> str:
        return fmt_list(value)

    def parse(self, text: str, where: str) -> tuple[str, ...]:
        from .powers import TOKENS

        powers = ListOf(Choice(tuple(sorted(TOKENS)))).parse(text, where)
        if list(powers) != sorted(powers):
            raise NotationError("powers are listed in sorted order", where=where)
        return powers


def notation(players: int) -> Notation:
    """The fields of a position of ``players`` players, in order: key, codec, default (left
    out of the text when it holds it) and, where the state keeps it otherwise, how to read it."""
    n = players
    return Notation(HEADER, [
        Field("tiles", TilesCodec(), get=lambda s: (s.tiles, s.burnt)),
        Field("cottages_burnt", SQS, (), get=lambda s: Cottages.burnt(s.cottages)),
        Field("trogdor", SQ_OR_NONE),
        Field("hidden", Flag(), False, get=attrgetter("trogdor_hidden")),
        Field("peasants", SQS, (), get=lambda s: tuple(sorted(s.peasants))),
        Field("knights", SQS, ()),
        Field("archer", SQ_OR_NONE, None),
        Field("hammer", HammerCodec(), None, get=lambda s: "meter" if s.hammer_waiting else s.troghammer),
        Field("meter", PEASANT_COUNT),
        Field("void", PEASANT_COUNT),
        Field("phase", Choice(PHASES)),
        Field("ap", AP),
        Field("turn", Int(1, MAX_TURN), 1),
        Field("player", Int(0, n - 1), 0, get=attrgetter("to_move")),
        Field("players", PLAYERS, 1),
        Field("hands", PerPlayer(CARDS, n), ((),) * n),
        Field("keepers", PerPlayer(Optional_(CARD), n), (None,) * n),
        Field("items", PerPlayer(Optional_(CARD), n), (None,) * n),
        Field("charged", BitsCodec(n), (True,) * n, get=attrgetter("item_charged")),
        Field("banked", PerPlayer(AP, n), (0,) * n, get=attrgetter("banked_ap")),
        Field("actions", DeckCodec(), Deck(), get=attrgetter("action_deck")),
        Field("aside", CARDS, (), get=attrgetter("troghammer_cards_aside")),
        Field("moves", DeckCodec(), Deck(), get=attrgetter("movement_deck")),
        Field("played", CARD, None, get=attrgetter("played_card")),
        Field("item_used", Flag(), False),
        Field("powers", PowersCodec(), ()),
        Field("mcard", CARD, None, get=attrgetter("movement_card")),
        Field("queue", CARDS, (), get=attrgetter("pieces_to_move")),
        Field("rulings", RulingsCodec(RULINGS), RulingSet(RULINGS)),
        Field("rng", RngCodec(), Rng(0)),
        Field("outcome", Choice(OUTCOMES), None),
    ], header_optional=True)  # fmt: skip


# The notation of each player count, built once when the module loads (a table, like CATALOG).
NOTATIONS = {n: notation(n) for n in range(1, MAX_PLAYERS + 1)}


def format_state(s: State) -> str:
    """Canonical one-line notation; optional fields at their defaults are left out."""
    return NOTATIONS[s.players].format(s)


def parse_state(text: str, cards=None) -> State:
    """Read a position written by ``format_state`` (the ``trogdor`` header word may be left out).
    Only the canonical spelling parses; errors say which field is wrong and why."""
    index = index_of(cards)
    raw = NOTATIONS[1].split(text)
    players = PLAYERS.parse(raw.get("players", "1"), "players")
    form = NOTATIONS[players]
    d = form.decode(raw)
    _check_pieces(d)
    _check_cards(d, index)
    _check_turn(d)
    state = _state(d, index)
    # what the box cannot hold: a card in two places, more knights than it has (invariants asks
    # the same; the other games' notations refuse a card twice too)
    bad = knight_problems(state) + action_card_problems(state) + movement_card_problems(state)
    if bad:
        raise NotationError(bad[0], where="knights" if "knights" in bad[0] else "cards")
    form.check_canonical(state, text)
    return state


# ---- what the box holds (``parse`` refuses more; ``invariants`` asks the same) ----------------
KNIGHTS_IN_BOX = 2  # "2 Knight meeples" (000 components; the Troghammer is a piece of its own)


def knight_problems(s: State) -> list[str]:
    """No more knights than the box's two (``parse`` asks it too)."""
    if len(s.knights) <= KNIGHTS_IN_BOX:
        return []
    return [f"T-SETUP-PIECES: {len(s.knights)} knights; the box has {KNIGHTS_IN_BOX}"]


def action_card_problems(s: State) -> list[str]:
    """No action card in two places (hands, the Action Deck, the set-aside Troghammer cards)."""
    deck = s.action_deck
    cards = [*chain.from_iterable(s.hands), *deck.draw, *deck.discard, *s.troghammer_cards_aside]
    dup = twice(cards, s, "actions")
    return [f"action cards in two places: {', '.join(dup)}"] if dup else []


def movement_card_problems(s: State) -> list[str]:
    """No movement card in two places."""
    dup = twice(s.movement_deck.draw + s.movement_deck.discard, s, "movement")
    return [f"movement cards in two places: {', '.join(dup)}"] if dup else []


def twice(cards: list, s: State, section: str) -> list[str]:
    """The cards of the card set's ``section`` listed more than once in ``cards``, sorted (a set
    first: the counts only when a card is listed twice)."""
    if len(set(cards)) == len(cards):
        return []
    box = s.cards.base and getattr(s.cards.base, section)
    return sorted(c for c, n in Counter(cards).items() if n > 1 and box and c in box)


def _check_pieces(d: dict) -> None:
    """Cottages burnt only on cottage tiles; at most the box's peasants; pieces the queue names
    on the board."""
    kinds = d["tiles"][0]
    for sq in d["cottages_burnt"]:
        if kinds[INDEX[sq]] != "C":
            raise NotationError(f"{sq} is not a cottage tile", where="cottages_burnt")
    total = len(d["peasants"]) + d["meter"] + d["void"]
    if total > PEASANTS_IN_BOX:
        raise NotationError(
            f"{total} peasants (board {len(d['peasants'])} + meter {d['meter']} + void "
            f"{d['void']}); the box has {PEASANTS_IN_BOX}",
            where="meter",
        )
    knight_tokens = {f"knight{i}" for i in range(len(d["knights"]))}
    for tok in d["queue"]:
        if tok not in QUEUE_TOKENS and tok not in knight_tokens:
            raise NotationError(
                f"unknown piece {excerpt(tok, 20)!r} (peasants, knight0.., hammer, archer)",
                where="queue",
            )
    if "hammer" in d["queue"] and d["hammer"] is None:
        raise NotationError("the Troghammer is not in play", where="queue")
    if "archer" in d["queue"] and d["archer"] is None:
        raise NotationError("there is no archer on the board", where="queue")


def _check_cards(d: dict, index: CardIndex) -> None:
    """Every card id the position names is a card of its card set (or a literal)."""
    named = (
        ("hands", "action", chain.from_iterable(d["hands"])),
        ("keepers", "keeper", d["keepers"]),
        ("items", "item", d["items"]),
        ("actions", "action", d["actions"].draw + d["actions"].discard),
        ("moves", "movement", d["moves"].draw + d["moves"].discard),
        ("aside", "action", d["aside"]),
        ("played", "action", [d["played"]]),
        ("mcard", "movement", [d["mcard"]]),
    )
    hints = {"movement": " (or a literal like 2Er-EES)", "action": " (or a literal like ap5)"}
    for where, kind, ids in named:
        for cid in ids:
            if cid is not None and getattr(index, kind)(cid) is None:
                raise NotationError(
                    f"unknown {kind} card {excerpt(cid, 30)!r}{hints.get(kind, '')}", where=where
                )


def _check_turn(d: dict) -> None:
    """Phase 2 needs its movement card and pieces to move; the game is over with an outcome."""
    phase = d["phase"]
    if phase in ("spawn", "countryside") and d["mcard"] is None:
        raise NotationError(f"the {phase} phase needs its movement card", where="mcard")
    if phase == "countryside" and not d["queue"]:
        raise NotationError("the countryside phase needs pieces still to move", where="queue")
    if (phase == "over") != (d["outcome"] is not None):
        raise NotationError("phase=over goes with an outcome, and only with one", where="phase")


def _state(d: dict, index: CardIndex) -> State:
    """The State the decoded fields describe (the keys the state names otherwise mapped)."""
    kinds, burnt = d.pop("tiles")
    hammer = d.pop("hammer")
    cot_squares = [SQUARES[i] for i, k in enumerate(kinds) if k == "C"]
    return State(
        tiles=kinds,
        burnt=burnt,
        cottages=Cottages.on(cot_squares, d.pop("cottages_burnt")),
        peasants=tuple(sorted(d.pop("peasants"))),
        troghammer=None if hammer == "meter" else hammer,
        hammer_waiting=hammer == "meter",
        action_deck=d.pop("actions"),
        movement_deck=d.pop("moves"),
        cards=index,
        **{ATTRIBUTE.get(key, key): value for key, value in d.items()},
    )


# The notation keys whose State attribute has a longer name (the keys stay: stored positions,
# witnesses and golden files keep parsing).
ATTRIBUTE = {
    "hidden": "trogdor_hidden",
    "player": "to_move",
    "banked": "banked_ap",
    "aside": "troghammer_cards_aside",
    "played": "played_card",
    "mcard": "movement_card",
    "queue": "pieces_to_move",
    "charged": "item_charged",
}

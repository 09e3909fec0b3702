"""A full Trogdor!! position as a value, and its one-line notation (T-NOTATION).

Everything the rules need is in the state: tiles and burnt sides, cottages, every piece, the
Trog-meter and Void, decks in order, hands, keepers, items, AP, phase, the rulings in force and
the seeded RNG. Every field holds an immutable value (tuples, frozen dataclasses, ints, strings),
so a state returned by ``apply`` shares nothing changeable with the state it came from.
``str(state)`` writes the notation (header word ``trogdor``) and ``State.parse`` reads it back
exactly; see NOTES.md.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rulebook.common.errors import NotationError
from rulebook.common.notation import (
    EMPTY,
    Choice,
    Flag,
    Int,
    ListOf,
    PerPlayer,
    SquareCodec,
    Token,
    excerpt,
    fmt_list,
    join_fields,
    parse_int,
    split_fields,
)
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet
from rulebook.trogdor.grid import GRID5, Square

from .board import Layout, format_tiles, parse_tiles
from .cardindex import CardIndex
from .geometry import INDEX, SQUARES

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

FIELDS = [
    "tiles", "cottages_burnt", "trogdor", "hidden", "peasants", "knights", "archer", "hammer",
    "meter", "void", "phase", "ap", "turn", "player", "players", "hands", "keepers", "items",
    "charged", "banked", "actions", "aside", "moves", "played", "item_used", "powers", "mcard",
    "queue", "rulings", "rng", "outcome",
]  # fmt: skip
REQUIRED = ("tiles", "trogdor", "meter", "void", "phase", "ap")
OPTIONAL = tuple(k for k in FIELDS if k not in REQUIRED)


def _rulings():
    from .catalog import CATALOG

    return CATALOG.rulings


class Deck(namedtuple("Deck", "draw discard", defaults=((), ()))):
    """A draw pile (top first) and its discard pile (oldest first), as tuples of card ids.

    A named tuple, not a frozen dataclass: a Deck is built at every card drawn and the frozen
    dataclass's ``__init__`` cost 4 times as much (bench figure: random Trogdor games per CPU-s;
    ``collections.namedtuple``, not ``typing.NamedTuple``: typing costs start-up time).
    """

    __slots__ = ()

    def notation(self) -> str:
        return f"{fmt_list(self.draw)}|{fmt_list(self.discard)}"

    @classmethod
    def parse(cls, text: str, where: str) -> Deck:
        if text.count("|") != 1:
            raise NotationError("a deck is DRAW|DISCARD (use '-' for an empty pile)", where=where)
        a, b = text.split("|")
        ids = ListOf(Token("card id"))
        return cls(ids.parse(a, where), ids.parse(b, where))


class Cottages:
    """The cottages (on ``C`` tiles) and whether each is burninated, as a read-only mapping
    Square -> bool in square order (``types.MappingProxyType`` over a dict nobody else holds:
    C-speed lookups, the engine's most frequent question). These helpers build new ones."""

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


@dataclass(eq=True)
class State:
    """A position. Field names are part of the public API (NOTES.md). Every field is immutable;
    the engine builds a new State for every result (``_fork`` + field assignment inside
    ``rules.perform`` only)."""

    GAME = HEADER  # registry name (rulebook.game_of)

    tiles: tuple[str, ...]
    burnt: tuple[bool, ...]
    cottages: Mapping[Square, bool]  # read-only (Cottages.on)
    trogdor: Square | None
    hidden: bool = False
    peasants: tuple[Square, ...] = ()  # sorted
    knights: tuple[Square, ...] = ()  # in moving order
    archer: Square | None = None
    troghammer: Square | None = None  # on the board; None = not on the board
    hammer_waiting: bool = False  # in play on the Trog-meter (ruling TR-TROGHAMMER-START=meter)
    meter: int = 4
    void: int = 0
    ap: int = 0
    phase: str = "act"
    turn: int = 1
    player: int = 0
    players: int = 1
    hands: tuple[tuple[str, ...], ...] = ((),)
    keepers: tuple[str | None, ...] = (None,)
    items: tuple[str | None, ...] = (None,)
    charged: tuple[bool, ...] = (True,)
    banked: tuple[int, ...] = (0,)
    action_deck: Deck = Deck()
    aside: tuple[str, ...] = ()  # Troghammer cards set aside (T-SETUP-DECKS)
    movement_deck: Deck = Deck()
    played: str | None = None  # the action card played this turn
    item_used: bool = False
    powers: tuple[str, ...] = ()  # abilities in force this turn (powers.py tokens), sorted
    mcard: str | None = None  # Phase 2 movement card
    queue: tuple[str, ...] = ()  # Phase 2 pieces still to move
    rulings: RulingSet = field(default_factory=lambda: RulingSet(_rulings()))
    seed: int = 0  # the seeded RNG (``state.rng``) as two integers
    draws: int = 0
    outcome: str | None = None
    cards: CardIndex = field(default_factory=CardIndex.shared, compare=False, repr=False)

    # -- the RNG as a value --------------------------------------------------------------------
    @property
    def rng(self) -> Rng:
        return Rng(self.seed, self.draws)

    @rng.setter
    def rng(self, value: Rng) -> None:
        self.seed, self.draws = value.seed, value.counter

    # -- copying -------------------------------------------------------------------------------
    def _fork(self) -> State:
        """A shallow copy for the engine to fill in (every field is immutable, so sharing them is
        safe)."""
        s = object.__new__(State)
        s.__dict__ = self.__dict__.copy()
        return s

    def copy(self) -> State:
        """An equal state (kept for callers of the old API; states are values, so this is
        rarely needed)."""
        return self._fork()

    def replace(self, **changes) -> State:
        """A new state with some fields changed (values must be immutable: tuples, Deck, ...)."""
        s = self._fork()
        for k, v in changes.items():
            if k not in s.__dict__ and k != "rng":
                raise AttributeError(f"State has no field {k!r}")
            setattr(s, k, v)
        return s

    # -- queries -------------------------------------------------------------------------------
    def kind(self, sq: Square | str) -> str:
        return self.tiles[INDEX[_as_sq(sq)]]

    def is_burnt(self, sq: Square | str) -> bool:
        return self.burnt[INDEX[_as_sq(sq)]]

    @property
    def layout(self) -> Layout:
        return Layout(self.tiles)

    @property
    def hand(self) -> tuple[str, ...]:
        return self.hands[self.player]

    def is_terminal(self) -> bool:
        return self.outcome is not None

    # -- notation ------------------------------------------------------------------------------
    def __str__(self) -> str:
        return format_state(self)

    @classmethod
    def parse(cls, text: str, cards=None) -> State:
        return parse_state(text, cards)

    def _repr_svg_(self) -> str:
        from .svg import render

        return render(self)


def _as_sq(sq) -> Square:
    from .geometry import square

    return square(sq, "square")


# ---- field codecs (rulebook.common.notation) ------------------------------------------------------
SQ = SquareCodec(GRID5)
SQ_OR_NONE = SquareCodec(GRID5, none_ok=True)
SQS = ListOf(SQ)
CARD = Token("card id")
CARDS = ListOf(CARD)
AP = Int(0, MAX_AP)


def _per_player(value, fmt) -> str:
    return "/".join(fmt(v) for v in value)


def format_state(s: State) -> str:
    """Canonical one-line notation; optional fields at their defaults are left out."""
    n = s.players
    f: list[tuple[str, str]] = [("tiles", format_tiles(s.tiles, s.burnt))]
    burnt_c = Cottages.burnt(s.cottages)
    if burnt_c:
        f.append(("cottages_burnt", SQS.fmt(burnt_c)))
    f.append(("trogdor", SQ_OR_NONE.fmt(s.trogdor)))
    if s.hidden:
        f.append(("hidden", "1"))
    if s.peasants:
        f.append(("peasants", SQS.fmt(sorted(s.peasants))))
    if s.knights:
        f.append(("knights", SQS.fmt(s.knights)))
    if s.archer is not None:
        f.append(("archer", s.archer.name))
    if s.troghammer is not None or s.hammer_waiting:
        f.append(("hammer", "meter" if s.hammer_waiting else s.troghammer.name))
    f += [("meter", str(s.meter)), ("void", str(s.void)), ("phase", s.phase), ("ap", str(s.ap))]
    if s.turn != 1:
        f.append(("turn", str(s.turn)))
    if s.player != 0:
        f.append(("player", str(s.player)))
    if n != 1:
        f.append(("players", str(n)))
    if any(s.hands):
        f.append(("hands", _per_player(s.hands, fmt_list)))
    if any(k is not None for k in s.keepers):
        f.append(("keepers", _per_player(s.keepers, lambda k: k or EMPTY)))
    if any(i is not None for i in s.items):
        f.append(("items", _per_player(s.items, lambda i: i or EMPTY)))
    if not all(s.charged):
        f.append(("charged", "".join("1" if c else "0" for c in s.charged)))
    if any(s.banked):
        f.append(("banked", _per_player(s.banked, str)))
    if s.action_deck.draw or s.action_deck.discard:
        f.append(("actions", s.action_deck.notation()))
    if s.aside:
        f.append(("aside", fmt_list(s.aside)))
    if s.movement_deck.draw or s.movement_deck.discard:
        f.append(("moves", s.movement_deck.notation()))
    if s.played:
        f.append(("played", s.played))
    if s.item_used:
        f.append(("item_used", "1"))
    if s.powers:
        f.append(("powers", fmt_list(s.powers)))
    if s.mcard:
        f.append(("mcard", s.mcard))
    if s.queue:
        f.append(("queue", fmt_list(s.queue)))
    rul = s.rulings.notation()
    if rul != EMPTY:
        f.append(("rulings", rul))
    if s.seed != 0 or s.draws != 0:
        f.append(("rng", f"{s.seed}:{s.draws}"))
    if s.outcome:
        f.append(("outcome", s.outcome))
    return join_fields(f, header=HEADER)


def _parse_rng(value: str) -> tuple[int, int]:
    parts = value.split(":")
    if len(parts) != 2:
        raise NotationError("RNG must be SEED:COUNTER with two whole numbers", where="rng")
    return parse_int(parts[0], "rng seed"), parse_int(parts[1], "rng counter", lo=0)


def parse_state(text: str, cards=None) -> State:
    """Read a position written by ``format_state`` (the ``trogdor`` header word may be left out).
    Only the canonical spelling parses; errors say which field is wrong and why."""
    index = cards if isinstance(cards, CardIndex) else CardIndex.shared(cards)
    if isinstance(text, str) and text.split(" ", 1)[0] == HEADER:
        d = split_fields(text, FIELDS, optional=OPTIONAL, header=HEADER)
    else:
        d = split_fields(text, FIELDS, optional=OPTIONAL)
    try:
        kinds, burnt = parse_tiles(d["tiles"], strict=True)
    except NotationError as e:
        where = "tiles" if e.where is None else f"tiles {e.where}"
        raise NotationError(e.message, where=where) from None
    cot_squares = [SQUARES[i] for i, k in enumerate(kinds) if k == "C"]
    cburnt = SQS.parse(d.get("cottages_burnt", EMPTY), "cottages_burnt")
    for sq in cburnt:
        if sq not in cot_squares:
            raise NotationError(f"{sq} is not a cottage tile", where="cottages_burnt")
    players = parse_int(d.get("players", "1"), "players", lo=1, hi=MAX_PLAYERS)
    phase = Choice(PHASES).parse(d["phase"], "phase")
    hammer = d.get("hammer", EMPTY)
    peasants = tuple(sorted(SQS.parse(d.get("peasants", EMPTY), "peasants")))
    meter = parse_int(d["meter"], "meter", lo=0, hi=PEASANTS_IN_BOX)
    void = parse_int(d["void"], "void", lo=0, hi=PEASANTS_IN_BOX)
    total = len(peasants) + meter + void
    if total > PEASANTS_IN_BOX:
        raise NotationError(
            f"{total} peasants (board {len(peasants)} + meter {meter} + void {void}); "
            f"the box has {PEASANTS_IN_BOX}",
            where="meter",
        )
    knights = SQS.parse(d.get("knights", EMPTY), "knights")
    if "hands" in d:
        hands = PerPlayer(CARDS, players).parse(d["hands"], "hands")
        for hand in hands:
            for cid in hand:
                _need(index.action(cid), cid, "hands", "action")
    else:
        hands = ((),) * players
    if "charged" in d:
        v = d["charged"]
        if len(v) != players or any(ch not in "01" for ch in v):
            raise NotationError(f"one 0/1 per player ({players})", where="charged")
        charged = tuple(ch == "1" for ch in v)
    else:
        charged = (True,) * players
    banked = (
        PerPlayer(AP, players).parse(d["banked"], "banked") if "banked" in d else (0,) * players
    )
    action_deck = _deck(d.get("actions"), "actions", index.action, "action")
    aside = CARDS.parse(d.get("aside", EMPTY), "aside")
    for cid in aside:
        _need(index.action(cid), cid, "aside", "action")
    movement_deck = _deck(d.get("moves"), "moves", index.movement, "movement")
    played = d.get("played")
    if played is not None:
        CARD.parse(played, "played")
        _need(index.action(played), played, "played", "action")
    from .powers import TOKENS

    powers = ListOf(Choice(tuple(sorted(TOKENS)))).parse(d.get("powers", EMPTY), "powers")
    if list(powers) != sorted(powers):
        raise NotationError("powers are listed in sorted order", where="powers")
    mcard = d.get("mcard")
    if mcard is not None:
        CARD.parse(mcard, "mcard")
        _need(index.movement(mcard), mcard, "mcard", "movement")
    queue = CARDS.parse(d.get("queue", EMPTY), "queue")
    knight_tokens = {f"knight{i}" for i in range(len(knights))}
    for tok in queue:
        if tok not in QUEUE_TOKENS and tok not in knight_tokens:
            raise NotationError(
                f"unknown piece {excerpt(tok, 20)!r} (peasants, knight0.., hammer, archer)",
                where="queue",
            )
    archer = SQ_OR_NONE.parse(d.get("archer", EMPTY), "archer")
    troghammer = None if hammer == "meter" else SQ_OR_NONE.parse(hammer, "hammer")
    if "hammer" in queue and troghammer is None and hammer != "meter":
        raise NotationError("the Troghammer is not in play", where="queue")
    if "archer" in queue and archer is None:
        raise NotationError("there is no archer on the board", where="queue")
    if phase in ("spawn", "countryside") and mcard is None:
        raise NotationError(f"the {phase} phase needs its movement card", where="mcard")
    if phase == "countryside" and not queue:
        raise NotationError("the countryside phase needs pieces still to move", where="queue")
    seed, draws = _parse_rng(d.get("rng", "0:0"))
    outcome = d.get("outcome")
    if outcome is not None:
        Choice(OUTCOMES).parse(outcome, "outcome")
    if (phase == "over") != (outcome is not None):
        raise NotationError("phase=over goes with an outcome, and only with one", where="phase")
    state = State(
        tiles=tuple(kinds),
        burnt=tuple(burnt),
        cottages=Cottages.on(cot_squares, cburnt),
        trogdor=SQ_OR_NONE.parse(d["trogdor"], "trogdor"),
        hidden=Flag().parse(d.get("hidden", "0"), "hidden"),
        peasants=peasants,
        knights=knights,
        archer=archer,
        troghammer=troghammer,
        hammer_waiting=hammer == "meter",
        meter=meter,
        void=void,
        ap=parse_int(d["ap"], "ap", lo=0, hi=MAX_AP),
        phase=phase,
        turn=parse_int(d.get("turn", "1"), "turn", lo=1, hi=MAX_TURN),
        player=parse_int(d.get("player", "0"), "player", lo=0, hi=players - 1),
        players=players,
        hands=hands,
        keepers=_ids(d.get("keepers"), players, "keepers", index.keeper),
        items=_ids(d.get("items"), players, "items", index.item),
        charged=charged,
        banked=banked,
        action_deck=action_deck,
        aside=aside,
        movement_deck=movement_deck,
        played=played,
        item_used=Flag().parse(d.get("item_used", "0"), "item_used"),
        powers=powers,
        mcard=mcard,
        queue=queue,
        rulings=RulingSet(_rulings()).parse(d.get("rulings", EMPTY)),
        seed=seed,
        draws=draws,
        outcome=outcome,
        cards=index,
    )
    _check_canonical(state, text)
    return state


def _check_canonical(state: State, text: str) -> None:
    """Only the canonical spelling parses, so ``str(parse(text)) == text`` (the header word may
    be left out): an unsorted list, a default written out or a repeat is named, with the fix."""
    canon = format_state(state)
    body = canon[len(HEADER) + 1 :]
    if text in (canon, body):
        return
    given = dict(f.split("=", 1) for f in text.split(" ") if "=" in f)
    wanted = dict(f.split("=", 1) for f in body.split(" "))
    for key in FIELDS:
        if given.get(key) != wanted.get(key):
            if key not in wanted:
                msg = "holds its default: leave the field out"
            else:
                msg = f"write it as {excerpt(wanted[key])!r} (the canonical spelling)"
            raise NotationError(msg, where=key)
    raise NotationError("not the canonical spelling", text=excerpt(text))


def _need(card, cid: str, where: str, kind: str) -> None:
    if card is None:
        hint = {"movement": " (or a literal like 2Er-EES)", "action": " (or a literal like ap5)"}
        hint = hint.get(kind, "")
        raise NotationError(f"unknown {kind} card {excerpt(cid, 30)!r}{hint}", where=where)


def _ids(value, players, where, lookup) -> tuple:
    if value is None:
        return (None,) * players
    out = []
    parts = value.split("/")
    if len(parts) != players:
        raise NotationError(
            f"needs {players} '/'-separated groups (one per player), got {len(parts)}",
            where=where,
        )
    for part in parts:
        if part == EMPTY:
            out.append(None)
        else:
            CARD.parse(part, where)
            _need(lookup(part), part, where, where[:-1])
            out.append(part)
    return tuple(out)


def _deck(value, where, lookup, kind) -> Deck:
    if value is None:
        return Deck()
    deck = Deck.parse(value, where)
    for cid in deck.draw + deck.discard:
        _need(lookup(cid), cid, where, kind)
    return deck

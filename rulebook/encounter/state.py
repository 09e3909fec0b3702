"""Positions of both modes as immutable values, with their one-line notations.

``MultiState`` (header ``encounter``) and ``SoloState`` (header ``encounter-solo``) are frozen
dataclasses of tuples, ints and strings: a result of ``apply`` shares nothing mutable with its input.
``str(state)`` is the notation; ``parse_multi`` / ``parse_solo`` read it back with the common codecs
(strict, canonical: ``parse`` either raises NotationError naming the field or round-trips).
The catalog and rulings are in catalog.py (the notation carries the chosen rulings), the Solo
Adventure path in layout.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

from rulebook.common.codecs import RngCodec, RulingsCodec
from rulebook.common.errors import NotationError
from rulebook.common.fields import Field, Notation
from rulebook.common.notation import (
    EMPTY,
    Choice,
    Codec,
    Int,
    ListOf,
    PerPlayer,
    check_unique,
    excerpt,
    parse_int,
)
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet
from rulebook.common.working import AS_LIST, AS_ROWS, WorkingCopy, lists, tuples

from .actions import CARD, SLOTS
from .cards import CardSet, default_cards
from .catalog import CATALOG, rulings_from
from .layout import SPACES

VARIANTS = ("keys", "market", "sin")

MAX_LOOT = 6  # RE-LOOT-RANGE
TAKEBACKS = 9  # RE-BUILD-TAKEBACK: take-backs per build turn (engine bound, see NOTES.md)
ROUND_CAP = 40  # RE-ROUND-CAP: the engine ends a game after this many rounds (NOTES.md)
MULTI_PHASES = ("market", "build", "battle", "over")

SOLO_PHASES = ("ride", "build", "loot", "bossbuild", "over")
SOLO_OUTCOMES = ("-", "win", "loss")


def check_variants(variants) -> tuple[str, ...]:
    """The variants as a sorted tuple; refuses unknown ones and combinations the rules exclude:
    the Market and the Keys quick game do not combine, and the Market is played with Strength in
    Numbers (RE-VAR-MARKET), so ``market`` always comes with ``sin``."""
    vs = tuple(sorted(set(variants)))
    for v in vs:
        if v not in VARIANTS:
            raise NotationError(
                f"unknown variant {excerpt(v)!r}; known: {', '.join(VARIANTS)}", where="variants"
            )
    if "market" in vs and "keys" in vs:
        raise NotationError(
            "the Creature Market and the Keys quick game do not combine", where="variants"
        )
    if "market" in vs and "sin" not in vs:
        raise NotationError(
            "the Creature Market is played with Strength in Numbers: write market,sin",
            where="variants",
        )
    return vs


def check_cards(ids, cards: CardSet, where: str = "cards") -> None:
    """Every id is a known card, and none appears twice (a position holds each card once)."""
    for c in ids:
        if c not in cards:
            raise NotationError(f"unknown card id {excerpt(c)!r}", where=where)
    check_unique(ids, where)


# ---- codecs particular to this game --------------------------------------------------------------

CARDS = ListOf(CARD)
RULINGS = RulingsCodec(CATALOG.rulings)


@dataclass(frozen=True)
class Groups(Codec):
    """``count`` card lists separated by ``sep`` (``-`` for an empty one)."""

    count: int
    sep: str

    def fmt(self, value) -> str:
        return self.sep.join(CARDS.fmt(g) for g in value)

    def parse(self, text: str, where: str) -> tuple:
        parts = text.split(self.sep)
        if len(parts) != self.count:
            raise NotationError(f"needs {self.count} groups, got {len(parts)}", where=where)
        return tuple(CARDS.parse(p, f"{where} group {i + 1}") for i, p in enumerate(parts))


@dataclass(frozen=True)
class OneBased(Codec):
    """A 0-based number (a player, an encounter, a path space) written 1-based; with ``none_ok``,
    -1 (none) is written ``-``."""

    hi: int
    none_ok: bool = False

    def fmt(self, value) -> str:
        return EMPTY if value < 0 else str(value + 1)

    def parse(self, text: str, where: str) -> int:
        if self.none_ok and text == EMPTY:
            return -1
        return parse_int(text, where, lo=1, hi=self.hi) - 1


@dataclass(frozen=True)
class Winners(Codec):
    """``-`` while the game is on, else the winners ``P1`` or ``P1+P3`` (sorted, distinct)."""

    players: int

    def fmt(self, value) -> str:
        return "+".join(f"P{p + 1}" for p in value) if value else EMPTY

    def parse(self, text: str, where: str) -> tuple[int, ...]:
        if text == EMPTY:
            return ()
        out = []
        for part in text.split("+"):
            if part[:1] != "P":
                raise NotationError(f"{excerpt(part)!r} is not a player like P2", where=where)
            out.append(parse_int(part[1:], where, lo=1, hi=self.players) - 1)
        if out != sorted(set(out)):
            raise NotationError("winners are listed once each, in order", where=where)
        return tuple(out)


# ---- multiplayer ---------------------------------------------------------------------------------


class _BundledCards:
    """What both states share: the bundled cards when none are given."""

    def __post_init__(self):
        if self.cards is None:
            object.__setattr__(self, "cards", default_cards())


@dataclass(frozen=True)
class MultiState(_BundledCards):
    """A multiplayer position. Players and encounters are 0-based inside, 1-based in text."""

    GAME = "encounter"  # registry name (rulebook.game_of)

    players: int
    round: int
    phase: str
    start: int  # starting player of this round
    to_move: int  # the player to act (notation key ``turn``, 1-based)
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    market: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    encounters: tuple[tuple[tuple[str, ...], ...], ...]  # per player, 5; () = empty/gone (``enc``)
    loot_at: tuple[int, ...]  # encounter index of the Loot die, -1 = not placed / out of play
    loot: tuple[int, ...]
    won: tuple[tuple[str, ...], ...]
    wins: tuple[int, ...]
    variants: tuple[str, ...] = ()
    rulings: RulingSet = field(default_factory=lambda: rulings_from(None))
    rng: Rng = Rng(0)  # the seeded RNG: its seed and how many numbers it drew
    takebacks: int = TAKEBACKS  # take-backs left to the builder this build turn
    winners: tuple[int, ...] = ()  # set when the game is over
    cards: CardSet = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    last: str = field(default="", compare=False)  # narration of the last battle (not notation)

    @property
    def outcome(self) -> str:
        """'-' while the game is on, else the winners 'P1' / 'P1+P3' (the notation's field)."""
        return Winners(self.players).fmt(self.winners)

    def live(self, p: int) -> list[int]:
        return [i for i, s in enumerate(self.encounters[p]) if s]

    def all_cards(self) -> list[str]:
        """Every card of the position, in no particular order."""
        return [*self.deck, *self.discard, *self.market, *chain.from_iterable(self.hands),
                *chain.from_iterable(self.won),
                *chain.from_iterable(chain.from_iterable(self.encounters))]  # fmt: skip

    def __str__(self) -> str:
        return MULTI_NOTATIONS[self.players].format(self)

    __repr__ = __str__


def multi_notation(n: int) -> Notation:
    """The notation's fields, in order, with their codecs (``n`` players) and, where the state
    keeps a value otherwise, how to read it."""
    per = lambda item: PerPlayer(item, n)  # noqa: E731
    return Notation(MultiState.GAME, [
        Field("players", Int(2, 5)),
        Field("round", Int(1, ROUND_CAP)),
        Field("phase", Choice(MULTI_PHASES)),
        Field("start", OneBased(n)),
        Field("turn", OneBased(n), get=attrgetter("to_move")),
        Field("takebacks", Int(0, TAKEBACKS)),
        Field("variants", ListOf(Choice(VARIANTS), unique=True)),
        Field("rulings", RULINGS),
        Field("rng", RngCodec()),
        Field("loot", per(Int(1, MAX_LOOT))),
        Field("lootat", per(OneBased(SLOTS, none_ok=True)), get=attrgetter("loot_at")),
        Field("wins", per(Int(0, SLOTS))),
        Field("outcome", Winners(n), get=attrgetter("winners")),
        Field("deck", CARDS),
        Field("discard", CARDS),
        Field("market", ListOf(CARD, max_len=SLOTS)),
        Field("hands", per(CARDS)),
        Field("enc", per(Groups(SLOTS, "|")), get=attrgetter("encounters")),
        Field("won", per(CARDS)),
    ])  # fmt: skip


# The notation of each player count (2..5), built once when the module loads (like CATALOG).
MULTI_NOTATIONS = {n: multi_notation(n) for n in range(2, 6)}


# notation keys that name a field of the state otherwise
MULTI_ATTRS = {"turn": "to_move", "lootat": "loot_at", "enc": "encounters", "outcome": "winners"}


def parse_multi(text: str, cards: CardSet | None = None) -> MultiState:
    cards = cards or default_cards()
    raw = MULTI_NOTATIONS[2].split(text)
    n = parse_int(raw["players"], "players", lo=2, hi=5)
    f = MULTI_NOTATIONS[n].decode(raw)
    variants = f["variants"]
    if list(variants) != sorted(variants):
        raise NotationError("variants are listed in alphabetical order", where="variants")
    check_variants(variants)
    if (f["phase"] == "over") != bool(f["outcome"]):
        raise NotationError(
            "a finished game (phase=over) names its winners, and only it", where="outcome"
        )
    st = MultiState(**{MULTI_ATTRS.get(k, k): v for k, v in f.items()}, cards=cards)
    check_cards(st.all_cards(), cards)
    _check_wins(st)
    return st


def _check_wins(st: MultiState) -> None:
    """Each battle takes one encounter of each side, so a player's wins this round plus the
    encounters left are at most five (RE-BUILD-FIVE): the successor's wins stay in range. Wins
    start at 0 each round (RE-ROUND-NEXT), so they are 0 before the battles."""
    if st.phase in ("market", "build") and any(st.wins):
        raise NotationError(
            "wins count this round's battles: 0 before the battle phase", where="wins"
        )
    for p in range(st.players):
        if st.wins[p] + len(st.live(p)) > SLOTS:
            raise NotationError(
                f"player {p + 1} has {st.wins[p]} win(s) and {len(st.live(p))} encounter(s) "
                f"left: at most {SLOTS} battles a round",
                where="wins",
            )


# ---- solo ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SoloState(_BundledCards):
    """A Solo Adventure position."""

    GAME = "encounter-solo"  # registry name (rulebook.game_of)

    phase: str
    marker: int  # the space the marker (a Loot die) is on, 0-based (notation key ``pos``)
    hand: tuple[str, ...]
    my_encounter: tuple[str, ...]  # the encounter you build and battle with (``mine``)
    spaces: tuple[tuple[str, ...], ...]  # the 12 enemy encounters (Keys included); () = cleared
    face_up: tuple[bool, ...]  # per space: discovered (face up)? (notation key ``up``)
    keys: tuple[str, ...]  # Keys set aside
    boss_deck: tuple[str, ...]
    final: tuple[str, ...]  # Final Encounter, Boss on top (first)
    discard: tuple[str, ...]
    removed: tuple[str, ...]  # out of the game
    defeated: tuple[str, ...]  # creatures to recruit from (phase loot)
    rulings: RulingSet = field(default_factory=lambda: rulings_from(None))
    rng: Rng = Rng(0)
    outcome: str = "-"  # "-", "win", "loss"
    strength_in_numbers: bool = False  # RE-VAR-SIN ("any game mode"); notation: variants=sin
    cards: CardSet = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    last: str = field(default="", compare=False)

    @property
    def variants(self) -> tuple[str, ...]:
        """Strength in Numbers is the one variant of the Solo Adventure ("Any Game Mode")."""
        return ("sin",) if self.strength_in_numbers else ()

    @property
    def to_move(self) -> int | None:
        """The one player (0) while the adventure is on, None when it is over."""
        return 0 if self.outcome == "-" else None

    def enemy(self, i: int | None = None) -> tuple[str, ...]:
        """The encounter on space ``i`` without its Keys (RE-SOLO-DISCOVER-KEY)."""
        i = self.marker if i is None else i
        return tuple(c for c in self.spaces[i] if self.cards[c].kind != "key")

    def all_cards(self) -> list[str]:
        """Every card of the position, in no particular order."""
        return [*self.hand, *self.my_encounter, *self.keys, *self.boss_deck, *self.final,
                *self.discard, *self.removed, *self.defeated,
                *chain.from_iterable(self.spaces)]  # fmt: skip

    def __str__(self) -> str:
        return SOLO_NOTATION.format(self)

    __repr__ = __str__


@dataclass(frozen=True)
class UpFlags(Codec):
    """Twelve 0/1 digits: which path spaces are face up."""

    def fmt(self, value) -> str:
        return "".join("1" if up else "0" for up in value)

    def parse(self, text: str, where: str) -> tuple[bool, ...]:
        if len(text) != SPACES or set(text) - {"0", "1"}:
            raise NotationError(f"{SPACES} digits 0/1", where=where)
        return tuple(u == "1" for u in text)


@dataclass(frozen=True)
class SinFlag(Codec):
    """The Solo Adventure's one variant: ``sin`` (Strength in Numbers) or ``-``."""

    def fmt(self, value) -> str:
        return "sin" if value else EMPTY

    def parse(self, text: str, where: str) -> bool:
        return Choice(("-", "sin")).parse(text, where) == "sin"


SOLO_NOTATION = Notation(SoloState.GAME, [
    Field("phase", Choice(SOLO_PHASES)),
    Field("pos", OneBased(SPACES), get=attrgetter("marker")),
    Field("variants", SinFlag(), get=attrgetter("strength_in_numbers")),
    Field("rulings", RULINGS),
    Field("rng", RngCodec()),
    Field("outcome", Choice(SOLO_OUTCOMES)),
    Field("hand", CARDS),
    Field("mine", CARDS, get=attrgetter("my_encounter")),
    Field("keys", CARDS),
    Field("spaces", Groups(SPACES, "/")),
    Field("up", UpFlags(), get=attrgetter("face_up")),
    Field("boss", CARDS, get=attrgetter("boss_deck")),
    Field("final", CARDS),
    Field("defeated", CARDS),
    Field("discard", CARDS),
    Field("removed", CARDS),
])  # fmt: skip


SOLO_ATTRS = {"pos": "marker", "mine": "my_encounter", "up": "face_up", "boss": "boss_deck",
              "variants": "strength_in_numbers"}  # fmt: skip


def parse_solo(text: str, cards: CardSet | None = None) -> SoloState:
    cards = cards or default_cards()
    f = SOLO_NOTATION.decode(SOLO_NOTATION.split(text))
    if (f["phase"] == "over") != (f["outcome"] != "-"):
        raise NotationError(
            "a finished adventure (phase=over) says win or loss, and only it", where="outcome"
        )
    st = SoloState(**{SOLO_ATTRS.get(k, k): v for k, v in f.items()}, cards=cards)
    check_cards(st.all_cards(), cards)
    return st


# ---- working copies (rulebook.common.working) ----------------------------------------------------


class MultiTable(WorkingCopy):
    """The multiplayer working copy: ``perform`` makes one per action, a playout keeps one. It
    reads like the state, so the checks and ``invariants`` read it too."""

    STATE = MultiState
    GAME = MultiState.GAME
    THAW = {**dict.fromkeys(("deck", "discard", "market", "loot_at", "loot", "wins"), AS_LIST),
            "hands": AS_ROWS, "won": AS_ROWS,
            "encounters": (lambda per: [lists(p) for p in per],
                           lambda per: tuple(tuples(p) for p in per))}  # fmt: skip
    live = MultiState.live
    all_cards = MultiState.all_cards
    outcome = MultiState.outcome

    def shuffled(self, items) -> list[str]:
        """``items`` shuffled by the game's RNG, which moves on."""
        out, self.rng = self.rng.shuffled(items)
        return list(out)


class SoloTable(WorkingCopy):
    """The Solo Adventure's working copy, as ``MultiTable``."""

    STATE = SoloState
    GAME = SoloState.GAME
    THAW = {**dict.fromkeys(("hand", "my_encounter", "keys", "boss_deck", "final", "discard",
                             "removed", "defeated", "face_up"), AS_LIST),
            "spaces": AS_ROWS}  # fmt: skip
    to_move = SoloState.to_move
    all_cards = SoloState.all_cards
    variants = SoloState.variants

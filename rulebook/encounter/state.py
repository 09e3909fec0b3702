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

from rulebook.common.codecs import RngCodec, RulingsCodec
from rulebook.common.errors import NotationError
from rulebook.common.notation import (
    EMPTY,
    Choice,
    Codec,
    Int,
    ListOf,
    Optional_,
    PerPlayer,
    Token,
    check_unique,
    excerpt,
    join_fields,
    parse_int,
    split_fields,
)
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet

from .battle import BattleRules
from .cards import HAND as HAND  # RE-SETUP-DEAL (re-exported: rules, solo_rules)
from .cards import CardSet, default_cards
from .catalog import CATALOG, rulings_from
from .layout import SPACES

VARIANTS = ("keys", "market", "sin")

SLOTS = 5  # RE-BUILD-FIVE
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

CARD = Token("card id")
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


def _parse_fields(text: str, spec: list[tuple[str, Codec]], header: str) -> dict:
    raw = split_fields(text, [k for k, _ in spec], header=header)
    return {k: codec.parse(raw[k], k) for k, codec in spec}


# ---- multiplayer ---------------------------------------------------------------------------------


class _CardsAndRng:
    """What both states share: the bundled cards when none are given, and the RNG held as two
    integers (``seed`` = (seed, counter)) so the frozen state stays a value."""

    def __post_init__(self):
        if self.cards is None:
            object.__setattr__(self, "cards", default_cards())

    @property
    def rng(self) -> Rng:
        return Rng(*self.seed)


@dataclass(frozen=True)
class MultiState(_CardsAndRng):
    """A multiplayer position. Players and encounters are 0-based inside, 1-based in text."""

    GAME = "encounter"  # registry name (rulebook.game_of)

    players: int
    round: int
    phase: str
    start: int  # starting player of this round
    turn: int  # player to act
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    market: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    slots: tuple[tuple[tuple[str, ...], ...], ...]  # per player, 5 encounters; () = empty/gone
    loot_at: tuple[int, ...]  # encounter index of the Loot die, -1 = not placed / out of play
    loot: tuple[int, ...]
    won: tuple[tuple[str, ...], ...]
    wins: tuple[int, ...]
    variants: tuple[str, ...] = ()
    rulings: RulingSet = field(default_factory=lambda: rulings_from(None))
    seed: tuple[int, int] = (0, 0)  # the RNG's (seed, counter)
    takebacks: int = TAKEBACKS  # take-backs left to the builder this build turn
    winners: tuple[int, ...] = ()  # set when the game is over
    cards: CardSet = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    last: str = field(default="", compare=False)  # narration of the last battle (not notation)

    @property
    def outcome(self) -> str:
        """'-' while the game is on, else the winners 'P1' / 'P1+P3' (the notation's field)."""
        return Winners(self.players).fmt(self.winners)

    @property
    def battle_rules(self) -> BattleRules:
        return BattleRules.from_rulings(self.rulings, self.variants)

    def live(self, p: int) -> list[int]:
        return [i for i, s in enumerate(self.slots[p]) if s]

    def all_cards(self) -> list[str]:
        out = [*self.deck, *self.discard, *self.market]
        for p in range(self.players):
            out += [*self.hands[p], *self.won[p], *(c for s in self.slots[p] for c in s)]
        return out

    def spec(self) -> list[tuple[str, Codec]]:
        return multi_spec(self.players)

    def __str__(self) -> str:
        values = {
            "players": self.players,
            "round": self.round,
            "phase": self.phase,
            "start": self.start + 1,
            "turn": self.turn + 1,
            "takebacks": self.takebacks,
            "variants": self.variants,
            "rulings": self.rulings,
            "rng": self.seed,
            "loot": self.loot,
            "lootat": tuple(i + 1 if i >= 0 else None for i in self.loot_at),
            "wins": self.wins,
            "outcome": self.winners,
            "deck": self.deck,
            "discard": self.discard,
            "market": self.market,
            "hands": self.hands,
            "enc": self.slots,
            "won": self.won,
        }
        return join_fields([(k, c.fmt(values[k])) for k, c in self.spec()], header=self.GAME)

    __repr__ = __str__

    def _repr_svg_(self) -> str:
        from .svg import render

        return render(self)


def multi_spec(n: int) -> list[tuple[str, Codec]]:
    """The notation's fields, in order, with their codecs (``n`` players)."""
    per = lambda item: PerPlayer(item, n)  # noqa: E731
    return [
        ("players", Int(2, 5)),
        ("round", Int(1, ROUND_CAP)),
        ("phase", Choice(MULTI_PHASES)),
        ("start", Int(1, n)),
        ("turn", Int(1, n)),
        ("takebacks", Int(0, TAKEBACKS)),
        ("variants", ListOf(Choice(VARIANTS), unique=True)),
        ("rulings", RULINGS),
        ("rng", RngCodec()),
        ("loot", per(Int(1, MAX_LOOT))),
        ("lootat", per(Optional_(Int(1, SLOTS)))),
        ("wins", per(Int(0, SLOTS))),
        ("outcome", Winners(n)),
        ("deck", CARDS),
        ("discard", CARDS),
        ("market", ListOf(CARD, max_len=SLOTS)),
        ("hands", per(CARDS)),
        ("enc", per(Groups(SLOTS, "|"))),
        ("won", per(CARDS)),
    ]


def parse_multi(text: str, cards: CardSet | None = None) -> MultiState:
    cards = cards or default_cards()
    head = split_fields(text, [k for k, _ in multi_spec(2)], header=MultiState.GAME)
    n = parse_int(head["players"], "players", lo=2, hi=5)
    f = _parse_fields(text, multi_spec(n), MultiState.GAME)
    variants = f["variants"]
    if list(variants) != sorted(variants):
        raise NotationError("variants are listed in alphabetical order", where="variants")
    check_variants(variants)
    if (f["phase"] == "over") != bool(f["outcome"]):
        raise NotationError(
            "a finished game (phase=over) names its winners, and only it", where="outcome"
        )
    st = MultiState(
        players=n,
        round=f["round"],
        phase=f["phase"],
        start=f["start"] - 1,
        turn=f["turn"] - 1,
        deck=f["deck"],
        discard=f["discard"],
        market=f["market"],
        hands=f["hands"],
        slots=f["enc"],
        loot_at=tuple(-1 if i is None else i - 1 for i in f["lootat"]),
        loot=f["loot"],
        won=f["won"],
        wins=f["wins"],
        variants=variants,
        rulings=f["rulings"],
        seed=f["rng"],
        takebacks=f["takebacks"],
        winners=f["outcome"],
        cards=cards,
    )
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
class SoloState(_CardsAndRng):
    """A Solo Adventure position."""

    GAME = "encounter-solo"  # registry name (rulebook.game_of)

    phase: str
    pos: int
    hand: tuple[str, ...]
    mine: tuple[str, ...]
    spaces: tuple[tuple[str, ...], ...]  # the 12 enemy encounters (Keys included); () = cleared
    up: tuple[bool, ...]  # face up?
    keys: tuple[str, ...]  # Keys set aside
    boss_deck: tuple[str, ...]
    final: tuple[str, ...]  # Final Encounter, Boss on top (first)
    discard: tuple[str, ...]
    removed: tuple[str, ...]  # out of the game
    defeated: tuple[str, ...]  # creatures to recruit from (phase loot)
    rulings: RulingSet = field(default_factory=lambda: rulings_from(None))
    seed: tuple[int, int] = (0, 0)
    outcome: str = "-"  # "-", "win", "loss"
    sin: bool = False  # Strength in Numbers (RE-VAR-SIN, "any game mode")
    cards: CardSet = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    last: str = field(default="", compare=False)

    @property
    def battle_rules(self) -> BattleRules:
        return BattleRules.from_rulings(self.rulings, ("sin",) if self.sin else ())

    def enemy(self, i: int | None = None) -> tuple[str, ...]:
        """The encounter on space ``i`` without its Keys (RE-SOLO-DISCOVER-KEY)."""
        i = self.pos if i is None else i
        return tuple(c for c in self.spaces[i] if self.cards[c].kind != "key")

    def remaining(self) -> int:
        return sum(1 for s in self.spaces if s)

    def all_cards(self) -> list[str]:
        out = [*self.hand, *self.mine, *self.keys, *self.boss_deck, *self.final]
        out += [*self.discard, *self.removed, *self.defeated]
        return out + [c for s in self.spaces for c in s]

    def __str__(self) -> str:
        values = {
            "phase": self.phase,
            "pos": self.pos + 1,
            "variants": "sin" if self.sin else EMPTY,
            "rulings": self.rulings,
            "rng": self.seed,
            "outcome": self.outcome,
            "hand": self.hand,
            "mine": self.mine,
            "keys": self.keys,
            "spaces": self.spaces,
            "up": "".join("1" if u else "0" for u in self.up),
            "boss": self.boss_deck,
            "final": self.final,
            "defeated": self.defeated,
            "discard": self.discard,
            "removed": self.removed,
        }
        return join_fields([(k, c.fmt(values[k])) for k, c in SOLO_SPEC], header=self.GAME)

    __repr__ = __str__

    def _repr_svg_(self) -> str:
        from .svg import render

        return render(self)


@dataclass(frozen=True)
class UpFlags(Codec):
    """Twelve 0/1 digits: which path spaces are face up."""

    def fmt(self, value) -> str:
        return value

    def parse(self, text: str, where: str) -> str:
        if len(text) != SPACES or set(text) - {"0", "1"}:
            raise NotationError(f"{SPACES} digits 0/1", where=where)
        return text


SOLO_SPEC: list[tuple[str, Codec]] = [
    ("phase", Choice(SOLO_PHASES)),
    ("pos", Int(1, SPACES)),
    ("variants", Choice(("-", "sin"))),
    ("rulings", RULINGS),
    ("rng", RngCodec()),
    ("outcome", Choice(SOLO_OUTCOMES)),
    ("hand", CARDS),
    ("mine", CARDS),
    ("keys", CARDS),
    ("spaces", Groups(SPACES, "/")),
    ("up", UpFlags()),
    ("boss", CARDS),
    ("final", CARDS),
    ("defeated", CARDS),
    ("discard", CARDS),
    ("removed", CARDS),
]


def parse_solo(text: str, cards: CardSet | None = None) -> SoloState:
    cards = cards or default_cards()
    f = _parse_fields(text, SOLO_SPEC, SoloState.GAME)
    if (f["phase"] == "over") != (f["outcome"] != "-"):
        raise NotationError(
            "a finished adventure (phase=over) says win or loss, and only it", where="outcome"
        )
    st = SoloState(
        phase=f["phase"],
        pos=f["pos"] - 1,
        hand=f["hand"],
        mine=f["mine"],
        spaces=f["spaces"],
        up=tuple(u == "1" for u in f["up"]),
        keys=f["keys"],
        boss_deck=f["boss"],
        final=f["final"],
        discard=f["discard"],
        removed=f["removed"],
        defeated=f["defeated"],
        rulings=f["rulings"],
        seed=f["rng"],
        outcome=f["outcome"],
        sin=f["variants"] == "sin",
        cards=cards,
    )
    check_cards(st.all_cards(), cards)
    return st

"""A Trollland position: an immutable value with a one-line notation that round-trips exactly.

Notation (``key=value`` fields in this order, after the header word ``trollland``)::

    trollland players=3 turn=1 phase=choose pending=- hands=Bi3,Zo5/../.. chosen=-/-/-
    draw=.. discard=- dock=.. swapped=- row=V01:Zo3,Zo4|-|Bi2/V05:-|- vpile=V03,V09
    bonus=Bonus-Zo,Bonus-Ni won=-/-/- veh=-/-/- prison=-/-/- gat=-/-/- rng=7:12 rulings=-

Per-player fields separate players with ``/``; card lists use ``,`` and ``-`` for empty. In ``row``
vehicles are separated by ``/``, a vehicle id is followed by ``:`` and its cages by ``|``.
``swapped`` lists the dock cards that a question mark put there this turn (ruling
TLR-QUESTION-DOCK). All values are written and read by the codecs of
``rulebook.common.notation``, so only canonical spellings parse.

Rule code changes a position only through a ``WorkingCopy`` (``rulebook.common.working``), so a
result never shares a mutable part with its input.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from operator import attrgetter

from rulebook.common import working as common
from rulebook.common.codecs import RngCodec, RulingsCodec
from rulebook.common.errors import NotationError
from rulebook.common.fields import Field, Notation
from rulebook.common.notation import (
    EMPTY,
    Choice,
    Codec,
    Int,
    ListOf,
    Optional_,
    PerPlayer,
    Token,
    excerpt,
    parse_int,
)
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet
from rulebook.common.working import AS_LIST, AS_ROWS, tuples

from .cards import CardSet, default_cards
from .catalog import CATALOG, default_rulings

HEADER = "trollland"
PHASES = ("choose", "troll", "king-return", "load", "arrow", "over")
PER_PLAYER = ("hands", "chosen", "won", "vehicles_won", "prison", "trollgat")
# the steps whose player the cards do not tell (the notation's ``pending``)
OWN_STEPS = ("king-return", "arrow")
MAX_TURN = 999  # a game lasts fewer than 50 turns; the bound keeps typed input small


@dataclass(frozen=True)
class Berth:
    """A vehicle at the departure dock and the cards in each of its cages. A value: a load makes
    a new Berth (``with_card``), so the working copy and every State share the unchanged ones."""

    vehicle: str
    cages: tuple[tuple[str, ...], ...]

    def __post_init__(self):
        object.__setattr__(self, "cages", tuples(self.cages))

    def with_card(self, index: int, cid: str) -> Berth:
        """This berth with ``cid`` added to cage ``index`` (0-based)."""
        cages = list(self.cages)
        cages[index] += (cid,)
        return Berth(self.vehicle, cages)


class Views:
    """Read-only questions about a position, shared by ``State`` and ``WorkingCopy``."""

    def berth(self, vid: str):
        return next((b for b in self.row if b.vehicle == vid), None)

    def peoples(self, berth) -> tuple[tuple[str, ...], ...]:
        """The peoples in each cage of a berth (what the loading rules look at)."""
        people = self.cards.people
        return tuple([tuple([people[c].people for c in cage]) for cage in berth.cages])

    def caps(self, berth) -> tuple[int, ...]:
        return self.cards.vehicles[berth.vehicle].cages

    def loading(self, vid: str):
        """(cage capacities, peoples in each cage) of vehicle ``vid`` at the dock, or None."""
        b = self.berth(vid)
        return None if b is None else (self.caps(b), self.peoples(b))

    def piles(self, player: int) -> dict[str, list[str]]:
        """The player's won pest cards as piles by people, in the banishment order, each pile
        lowest first and its top (highest) card last (TL-DEPART-PILES)."""
        people = self.cards.people
        pests = sorted((c for c in self.won[player] if not people[c].is_troll),
                       key=lambda c: people[c].order)  # fmt: skip
        return {name: list(pile) for name, pile in groupby(pests, lambda c: people[c].people)}

    def reveal_order(self) -> list[str]:
        """The revealed pest cards still to load, in banishment order (TL-BANISH-ORDER: Bimbo >
        Zom > Zelf > Nin > Gob, smallest number first)."""
        people = self.cards.people
        pests = [c for cards in self.chosen for c in cards if not people[c].is_troll]
        return sorted(pests, key=lambda c: people[c].order)

    def current_card(self) -> str | None:
        """The revealed pest card loaded now, or None when none is left."""
        order = self.reveal_order()
        return order[0] if order else None

    def current_troll(self) -> str | None:
        """The revealed Troll resolving now (TL-TROLL-ORDER: in increasing order of number; of
        two equal, the first revealed), or None."""
        people = self.cards.people
        trolls = [c for cards in self.chosen for c in cards if people[c].is_troll]
        return min(trolls, key=lambda c: people[c].number, default=None)

    def owner(self, cid: str) -> int:
        """The player who revealed ``cid`` this turn."""
        return next(p for p, cards in enumerate(self.chosen) if cid in cards)

    def acting_player(self) -> int | None:
        """Whose decision it is now, as the cards say (None when the game is over or nobody can
        act): the first player still to choose, the owner of the Troll resolving or of the card
        loading next; in the King's return and the arrow's extra load, ``to_move`` itself (the
        one step the cards do not tell: the notation's ``pending``)."""
        if self.phase in OWN_STEPS:
            return self.to_move
        if self.phase == "choose":  # the first player still to choose
            for p, cards in enumerate(self.chosen):
                if not cards:
                    return p
            return None
        if self.phase == "over":
            return None
        cid = self.current_troll() if self.phase == "troll" else self.current_card()
        return None if cid is None else self.owner(cid)


@dataclass(frozen=True)
class State(Views):
    GAME = "trollland"  # registry name (rulebook.game_of)

    players: int
    hands: tuple[tuple[str, ...], ...]
    draw: tuple[str, ...]
    dock: tuple[str, ...]
    row: tuple[Berth, ...]
    vehicle_pile: tuple[str, ...]  # the face-down Vehicle draw pile
    bonus: tuple[str, ...]
    turn: int = 1
    phase: str = "choose"
    # who acts: given in king-return and arrow (the notation's ``pending``), else worked out
    to_move: int | None = None
    chosen: tuple[tuple[str, ...], ...] = ()
    discard: tuple[str, ...] = ()
    won: tuple[tuple[str, ...], ...] = ()  # each player's won pest cards (their piles)
    vehicles_won: tuple[tuple[str, ...], ...] = ()  # the vehicles each player made depart
    prison: tuple[tuple[str, ...], ...] = ()  # the Trolls each player's King imprisoned
    trollgat: tuple[tuple[str, ...], ...] = ()  # each player's refugee camp (the Trollgat)
    swapped: frozenset[str] = frozenset()  # dock cards a question mark put there this turn
    rng: Rng = field(default_factory=lambda: Rng(0))
    rulings: RulingSet = field(default_factory=default_rulings)
    cards: CardSet = field(default_factory=default_cards, compare=False, repr=False)

    def __post_init__(self):
        """Accept lists from callers and keep tuples (a State is a value)."""
        put = object.__setattr__
        for name in ("draw", "dock", "vehicle_pile", "bonus", "discard"):
            put(self, name, tuple(getattr(self, name)))
        for name in PER_PLAYER:
            value = getattr(self, name) or [() for _ in range(self.players)]
            put(self, name, tuples(value))
        put(self, "row", tuple(b if isinstance(b, Berth) else Berth(*b) for b in self.row))
        put(self, "swapped", frozenset(self.swapped))
        put(self, "rng", Rng(self.rng.seed, self.rng.counter))  # never shared with the caller
        if self.phase not in OWN_STEPS:
            put(self, "to_move", self.acting_player())

    def __str__(self) -> str:
        return notation(self)

    @classmethod
    def parse(cls, text: str, cards: CardSet | None = None) -> State:
        return parse(text, cards)

    def thaw(self) -> WorkingCopy:
        return WorkingCopy(self)


class WorkingCopy(Views, common.WorkingCopy):
    """The working copy of a State (``rulebook.common.working``): lists instead of tuples, the
    RNG advanced through its pure API. ``perform`` makes one per action; a playout keeps one."""

    STATE = State
    GAME = State.GAME  # a working copy belongs to the game of its State (rulebook.game_of)
    THAW = {
        **dict.fromkeys(("draw", "dock", "vehicle_pile", "bonus", "discard", "row"), AS_LIST),
        **dict.fromkeys(PER_PLAYER, AS_ROWS),
        "swapped": (set, frozenset),
    }

    def add_berth(self, vid: str) -> None:
        self.row.append(Berth(vid, tuple(() for _ in self.cards.vehicles[vid].cages)))

    def shuffled(self, items) -> list[str]:
        out, self.rng = self.rng.shuffled(items)
        return list(out)

    def freeze(self) -> State:
        self.turn = min(self.turn, MAX_TURN)  # the counter stops where the notation does
        return super().freeze()


# -- notation --------------------------------------------------------------------------------------
class RowCodec(Codec):
    """``V01:Zo3,Zo4|-|Bi2/V05:-|-``: vehicles by ``/``, ``id:cages``, cages by ``|``."""

    def __init__(self, card: Codec, vehicle: Codec):
        self.cage = ListOf(card)
        self.vehicle = vehicle

    def fmt(self, row) -> str:
        parts = [f"{b.vehicle}:" + "|".join(self.cage.fmt(c) for c in b.cages) for b in row]
        return "/".join(parts) or EMPTY

    def parse(self, text: str, where: str) -> tuple[Berth, ...]:
        if text == EMPTY:
            return ()
        out = []
        for i, chunk in enumerate(text.split("/")):
            at = f"{where} vehicle {i + 1}"
            vid, sep, cages = chunk.partition(":")
            if not sep:
                raise NotationError("a vehicle is ID:cage|cage|..", text=excerpt(chunk), where=at)
            vid = self.vehicle.parse(vid, at)
            out.append(Berth(vid, [self.cage.parse(c, f"{at} cage") for c in cages.split("|")]))
        return tuple(out)


def _notation(cards: CardSet, players: int) -> Notation:
    """The fields in order, with their codecs (ids checked against ``cards``) and, where the
    state keeps a value otherwise, how to read it."""
    card = Token("card", lambda: cards.people)
    vehicle = Token("vehicle", lambda: cards.vehicles)
    per_player = PerPlayer(ListOf(card), count=players)
    return Notation(HEADER, [
        Field("players", Int(2, 5)),
        Field("turn", Int(1, MAX_TURN)),
        Field("phase", Choice(PHASES)),
        Field("pending", Optional_(Int(1, players)), get=_pending),
        Field("hands", per_player),
        Field("chosen", per_player),
        Field("draw", ListOf(card)),
        Field("discard", ListOf(card)),
        Field("dock", ListOf(card)),
        Field("swapped", ListOf(card, unique=True), get=lambda s: sorted(s.swapped)),
        Field("row", RowCodec(card, vehicle)),
        Field("vpile", ListOf(vehicle), get=attrgetter("vehicle_pile")),
        Field("bonus", ListOf(Token("bonus card", lambda: cards.bonus))),
        Field("won", per_player),
        Field("veh", PerPlayer(ListOf(vehicle), count=players), get=attrgetter("vehicles_won")),
        Field("prison", per_player),
        Field("gat", per_player, get=attrgetter("trollgat")),
        Field("rng", RngCodec()),
        Field("rulings", RulingsCodec(CATALOG.rulings)),
    ])  # fmt: skip


def _pending(s: State) -> int | None:
    """The notation's ``pending``: the player to move (1-based) in the steps the cards do not
    tell (king-return and arrow), else nothing."""
    return s.to_move + 1 if s.phase in OWN_STEPS and s.to_move is not None else None


# the notation key of each State attribute named otherwise (keys stay as stored positions read)
KEY_OF = {"to_move": "pending", "vehicle_pile": "vpile", "vehicles_won": "veh", "trollgat": "gat"}


def notation(s: State) -> str:
    return _notation(s.cards, s.players).format(s)


def parse(text: str, cards: CardSet | None = None) -> State:
    """Inverse of ``str(state)``: every card id known and used once, every cage within its
    capacity, a step with someone to act. Anything else raises NotationError naming the field."""
    cards = cards or default_cards()
    raw = _notation(cards, 2).split(text)
    n = parse_int(raw["players"], "players", lo=2, hi=5)
    v = _notation(cards, n).decode(raw)
    del v["players"]
    _check_unique_cards(v)
    for b in v["row"]:
        caps = cards.vehicles[b.vehicle].cages
        if len(b.cages) != len(caps):
            raise NotationError(f"{b.vehicle} has {len(caps)} cage(s)", where="row")
        for i, cage in enumerate(b.cages):
            if len(cage) > caps[i]:
                raise NotationError(
                    f"{b.vehicle} cage {i + 1} holds at most {caps[i]}", where="row"
                )
    if not set(v["swapped"]) <= set(v["dock"]):
        raise NotationError("swapped cards must be on the dock", where="swapped")
    if list(v["swapped"]) != sorted(v["swapped"]):  # a set: one spelling, sorted
        raise NotationError(
            f"write swapped sorted: {','.join(sorted(v['swapped']))}", where="swapped"
        )
    pending = v.pop("pending")
    if pending is not None and v["phase"] not in OWN_STEPS:
        raise NotationError("pending is only for the king-return and arrow steps", where="pending")
    v.update({attr: v.pop(key) for attr, key in KEY_OF.items() if key in v})
    state = State(
        players=n,
        to_move=None if pending is None else pending - 1,
        rng=v.pop("rng"),
        cards=cards,
        **v,
    )
    if state.phase != "over" and state.to_move is None:  # a parsed position can claim anything
        raise NotationError(f"nobody can act in step {state.phase!r} here", where="phase")
    return state


def _check_unique_cards(v: dict) -> None:
    """Each card and vehicle appears once in the whole position."""
    places = [(key, v[key]) for key in ("draw", "discard", "dock", "vpile", "bonus")]
    places += [(f"{key} player {p + 1}", items) for key in (KEY_OF.get(a, a) for a in PER_PLAYER)
               for p, items in enumerate(v[key])]  # fmt: skip
    for b in v["row"]:
        places += [("row", [b.vehicle]), (f"row {b.vehicle}", sum(b.cages, ()))]
    seen: dict[str, str] = {}
    for where, cids in places:
        for cid in cids:
            if cid in seen:
                raise NotationError(f"{cid!r} appears twice ({seen[cid]} and {where})", where=where)
            seen[cid] = where

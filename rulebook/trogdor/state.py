"""A full Trogdor!! position as explicit, copyable data, and its one-line notation (T-NOTATION).

Everything the rules need is in the state: tiles and burnt sides, cottages, every piece, the
Trog-meter and Void, decks in order, hands, keepers, items, AP, phase, the rulings in force and
the seeded RNG. ``str(state)`` writes the notation and ``State.parse`` reads it back exactly; see
NOTATION.md. The engine copies a state before changing it, so copying is kept cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.common.deck import Deck
from rulebook.common.errors import NotationError
from rulebook.common.grid import Square
from rulebook.common.notation import fmt_list, join_fields, parse_int, parse_list, split_fields
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet

from .board import Layout, format_tiles, parse_tiles
from .cardindex import CardIndex
from .geometry import BY_NAME, INDEX, SQUARES

PHASES = ("draw", "choose", "act", "spawn", "countryside", "over")
OUTCOMES = ("win", "table-flip", "defeat")
PEASANTS_IN_BOX = 7
# Phase 2 pieces in the order they move (T-KNIGHT-MOVE, T-ARCHER)
QUEUE_TOKENS = ("peasants", "hammer", "archer")

FIELDS = [
    "tiles", "cottages_burnt", "trogdor", "hidden", "peasants", "knights", "archer", "hammer",
    "meter", "void", "phase", "ap", "turn", "player", "players", "hands", "keepers", "items",
    "charged", "banked", "actions", "aside", "moves", "played", "item_used", "powers", "mcard",
    "queue", "rulings", "rng", "outcome",
]  # fmt: skip
REQUIRED = ("tiles", "trogdor", "meter", "void", "phase", "ap")


def _rulings():
    from . import CATALOG

    return CATALOG.rulings


@dataclass(eq=True)
class State:
    """A position. Field names are part of the public API (API.md)."""

    GAME = "trogdor"  # registry name (rulebook.game_of)

    tiles: tuple[str, ...]
    burnt: tuple[bool, ...]
    cottages: dict[Square, bool]
    trogdor: Square | None
    hidden: bool = False
    peasants: list[Square] = field(default_factory=list)  # kept sorted
    knights: list[Square] = field(default_factory=list)  # in moving order
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
    action_deck: Deck = field(default_factory=Deck)
    aside: tuple[str, ...] = ()  # Troghammer cards set aside (T-SETUP-DECKS)
    movement_deck: Deck = field(default_factory=Deck)
    played: str | None = None  # the action card played this turn
    item_used: bool = False
    powers: tuple[str, ...] = ()  # abilities in force this turn (EFFECTS vocabulary, as tokens)
    mcard: str | None = None  # Phase 2 movement card
    queue: tuple[str, ...] = ()  # Phase 2 pieces still to move
    rulings: RulingSet = field(default_factory=lambda: RulingSet(_rulings()))
    rng: Rng = field(default_factory=lambda: Rng(0))
    outcome: str | None = None
    cards: CardIndex = field(default_factory=CardIndex.shared, compare=False, repr=False)

    # -- copying -----------------------------------------------------------------------------
    def copy(self) -> State:
        """An independent copy: every mutable part (lists, dicts, decks, RNG) is copied."""
        s = self.fork()
        s.cottages = self.cottages.copy()
        s.peasants = self.peasants.copy()
        s.knights = self.knights.copy()
        s.action_deck = Deck(list(self.action_deck.draw), list(self.action_deck.discard))
        s.movement_deck = Deck(list(self.movement_deck.draw), list(self.movement_deck.discard))
        s.rng = Rng(self.rng.seed, self.rng.counter)
        return s

    def fork(self) -> State:
        """The engine's cheap copy: it *shares* every list, dict, deck and the RNG with the
        original, and the engine replaces a part (copy on write) before changing it. Call
        ``copy()`` before changing any part of a state in place yourself."""
        s = object.__new__(State)
        s.__dict__ = self.__dict__.copy()
        return s

    # -- queries -----------------------------------------------------------------------------
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

    # -- notation ----------------------------------------------------------------------------
    def __str__(self) -> str:
        return format_state(self)

    @classmethod
    def parse(cls, text: str, cards=None) -> State:
        return parse_state(text, cards)

    def _repr_svg_(self) -> str:
        from .render import render_svg

        return render_svg(self)


def _as_sq(sq) -> Square:
    if isinstance(sq, Square):
        return sq
    found = BY_NAME.get(str(sq).upper())
    if found is None:
        raise NotationError(f"{sq!r} is not a square A1..E5")
    return found


def _sq(sq: Square | None) -> str:
    return "-" if sq is None else str(sq)


def _per_player(values, fmt) -> str:
    return "/".join(fmt(v) for v in values)


def format_state(s: State) -> str:
    """Canonical one-line notation; optional fields at their defaults are left out."""
    n = s.players
    f: list[tuple[str, str]] = [("tiles", format_tiles(s.tiles, s.burnt))]
    burnt_c = sorted(sq for sq, b in s.cottages.items() if b)
    if burnt_c:
        f.append(("cottages_burnt", fmt_list(burnt_c)))
    f.append(("trogdor", _sq(s.trogdor)))
    if s.hidden:
        f.append(("hidden", "1"))
    if s.peasants:
        f.append(("peasants", fmt_list(sorted(s.peasants))))
    if s.knights:
        f.append(("knights", fmt_list(s.knights)))
    if s.archer is not None:
        f.append(("archer", str(s.archer)))
    if s.troghammer is not None or s.hammer_waiting:
        f.append(("hammer", "meter" if s.hammer_waiting else str(s.troghammer)))
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
        f.append(("keepers", _per_player(s.keepers, lambda k: k or "-")))
    if any(i is not None for i in s.items):
        f.append(("items", _per_player(s.items, lambda i: i or "-")))
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
    if rul != "-":
        f.append(("rulings", rul))
    if s.rng.seed != 0 or s.rng.counter != 0:
        f.append(("rng", str(s.rng)))
    if s.outcome:
        f.append(("outcome", s.outcome))
    return join_fields(f)


def _parse_sq(value: str, where: str, *, none_ok: bool = True) -> Square | None:
    if value == "-" and none_ok:
        return None
    sq = BY_NAME.get(value)
    if sq is None:
        raise NotationError(f"{value!r} is not a square A1..E5", where=where)
    return sq


def _parse_sqs(value: str, where: str) -> list[Square]:
    return [_parse_sq(v, where, none_ok=False) for v in parse_list(value)]


def _split_players(value: str, n: int, where: str) -> list[str]:
    parts = value.split("/")
    if len(parts) != n:
        raise NotationError(
            f"{len(parts)} entries for {n} player(s) (use '/' between)", where=where
        )
    return parts


def _flag(value: str, where: str) -> bool:
    if value not in ("0", "1"):
        raise NotationError(f"expected 0 or 1, got {value!r}", where=where)
    return value == "1"


def parse_state(text: str, cards=None) -> State:
    """Read a position written by ``format_state``. Errors say which field is wrong and why."""
    index = cards if isinstance(cards, CardIndex) else CardIndex.shared(cards)
    optional = tuple(k for k in FIELDS if k not in REQUIRED)
    d = split_fields(text, FIELDS, optional=optional)
    try:
        kinds, burnt = parse_tiles(d["tiles"])
    except NotationError as e:
        where = "tiles" if e.where is None else f"tiles {e.where}"
        raise NotationError(e.message, where=where) from None
    cot_squares = [SQUARES[i] for i, k in enumerate(kinds) if k == "C"]
    cburnt = _parse_sqs(d.get("cottages_burnt", "-"), "cottages_burnt")
    for sq in cburnt:
        if sq not in cot_squares:
            raise NotationError(f"{sq} is not a cottage tile", where="cottages_burnt")
    cottages = {sq: sq in cburnt for sq in cot_squares}
    players = parse_int(d.get("players", "1"), "players", lo=1, hi=20)
    phase = d["phase"]
    if phase not in PHASES:
        raise NotationError(f"unknown phase {phase!r}; phases: {', '.join(PHASES)}", where="phase")
    hammer = d.get("hammer", "-")
    s = State(
        tiles=tuple(kinds),
        burnt=tuple(burnt),
        cottages=cottages,
        trogdor=_parse_sq(d["trogdor"], "trogdor"),
        hidden=_flag(d.get("hidden", "0"), "hidden"),
        peasants=sorted(_parse_sqs(d.get("peasants", "-"), "peasants")),
        knights=_parse_sqs(d.get("knights", "-"), "knights"),
        archer=_parse_sq(d.get("archer", "-"), "archer"),
        troghammer=None if hammer == "meter" else _parse_sq(hammer, "hammer"),
        hammer_waiting=hammer == "meter",
        meter=parse_int(d["meter"], "meter", lo=0, hi=PEASANTS_IN_BOX),
        void=parse_int(d["void"], "void", lo=0, hi=PEASANTS_IN_BOX),
        ap=parse_int(d["ap"], "ap", lo=0, hi=999),
        phase=phase,
        turn=parse_int(d.get("turn", "1"), "turn", lo=1),
        player=parse_int(d.get("player", "0"), "player", lo=0, hi=players - 1),
        players=players,
        rulings=RulingSet(_rulings()),
        cards=index,
    )
    total = len(s.peasants) + s.meter + s.void
    if total > PEASANTS_IN_BOX:
        raise NotationError(
            f"{total} peasants (board {len(s.peasants)} + meter {s.meter} + void {s.void}); "
            f"the box has {PEASANTS_IN_BOX}",
            where="meter",
        )
    if "hands" in d:
        hands = []
        for part in _split_players(d["hands"], players, "hands"):
            hand = tuple(parse_list(part))
            for cid in hand:
                _need(index.action(cid), cid, "hands", "action")
            hands.append(hand)
        s.hands = tuple(hands)
    else:
        s.hands = ((),) * players
    s.keepers = _ids(d.get("keepers"), players, "keepers", index.keeper)
    s.items = _ids(d.get("items"), players, "items", index.item)
    if "charged" in d:
        v = d["charged"]
        if len(v) != players or any(ch not in "01" for ch in v):
            raise NotationError(f"one 0/1 per player ({players})", where="charged")
        s.charged = tuple(ch == "1" for ch in v)
    else:
        s.charged = (True,) * players
    if "banked" in d:
        parts = _split_players(d["banked"], players, "banked")
        s.banked = tuple(parse_int(p, "banked", lo=0, hi=999) for p in parts)
    else:
        s.banked = (0,) * players
    s.action_deck = _deck(d.get("actions"), "actions", index.action, "action")
    s.aside = tuple(parse_list(d.get("aside", "-")))
    for cid in s.aside:
        _need(index.action(cid), cid, "aside", "action")
    s.movement_deck = _deck(d.get("moves"), "moves", index.movement, "movement")
    s.played = d.get("played")
    if s.played is not None:
        _need(index.action(s.played), s.played, "played", "action")
    s.item_used = _flag(d.get("item_used", "0"), "item_used")
    s.powers = tuple(parse_list(d.get("powers", "-")))
    from .powers import check_power

    for p in s.powers:
        msg = check_power(p)
        if msg:
            raise NotationError(msg, where="powers")
    s.mcard = d.get("mcard")
    if s.mcard is not None:
        _need(index.movement(s.mcard), s.mcard, "mcard", "movement")
    s.queue = tuple(parse_list(d.get("queue", "-")))
    for tok in s.queue:
        ok = tok in QUEUE_TOKENS or (
            tok.startswith("knight") and tok[6:].isdigit() and int(tok[6:]) < len(s.knights)
        )
        if not ok:
            raise NotationError(
                f"unknown piece {tok!r} (peasants, knight0.., hammer, archer)", where="queue"
            )
    if "hammer" in s.queue and s.troghammer is None and not s.hammer_waiting:
        raise NotationError("the Troghammer is not in play", where="queue")
    if "archer" in s.queue and s.archer is None:
        raise NotationError("there is no archer on the board", where="queue")
    if phase in ("spawn", "countryside") and s.mcard is None:
        raise NotationError(f"the {phase} phase needs its movement card", where="mcard")
    if phase == "countryside" and not s.queue:
        raise NotationError("the countryside phase needs pieces still to move", where="queue")
    s.rulings = s.rulings.parse(d.get("rulings", "-"))
    s.rng = Rng.parse(d.get("rng", "0:0"))
    out = d.get("outcome")
    if out is not None and out not in OUTCOMES:
        raise NotationError(
            f"unknown outcome {out!r}; one of {', '.join(OUTCOMES)}", where="outcome"
        )
    s.outcome = out
    return s


def _need(card, cid: str, where: str, kind: str) -> None:
    if card is None:
        hint = {"movement": " (or a literal like 2Er-EES)", "action": " (or a literal like ap5)"}
        hint = hint.get(kind, "")
        raise NotationError(f"unknown {kind} card {cid!r}{hint}", where=where)


def _ids(value, players, where, lookup) -> tuple:
    if value is None:
        return (None,) * players
    out = []
    for part in _split_players(value, players, where):
        if part == "-":
            out.append(None)
        else:
            _need(lookup(part), part, where, where[:-1])
            out.append(part)
    return tuple(out)


def _deck(value, where, lookup, kind) -> Deck:
    if value is None:
        return Deck()
    try:
        deck = Deck.parse(value)
    except NotationError as e:
        raise NotationError(e.message, where=where) from None
    for cid in deck.draw + deck.discard:
        _need(lookup(cid), cid, where, kind)
    return deck

"""A Trollland position: explicit, copyable, with a one-line notation that round-trips exactly.

Notation (space-separated ``key=value`` fields, in this order)::

    TL players=3 turn=1 phase=choose pending=- hands=Bi3,Zo5/../.. chosen=-/-/- draw=.. discard=-
    dock=.. row=V01:Zo3,Zo4/-/Bi2;V05:-/- vpile=V03,V09 bonus=Bonus-Zo,Bonus-Ni won=-/-/-
    veh=-/-/- prison=-/-/- gat=-/-/- rng=7:12 rulings=-

Per-player fields separate players with ``/``; card lists use ``,`` and ``-`` for empty. In ``row``
vehicles are separated by ``;``, the vehicle id is followed by ``:`` and its cages by ``/``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.common.errors import NotationError
from rulebook.common.notation import fmt_list, join_fields, parse_int, parse_list, split_fields
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet

from .cards import PEOPLES, CardSet, default_cards
from .rules import default_rulings

PHASES = ("choose", "troll", "king-return", "load", "arrow", "over")
PER_PLAYER = ("hands", "chosen", "won", "veh", "prison", "gat")
FIELDS = [
    "players", "turn", "phase", "pending", "hands", "chosen", "draw", "discard", "dock", "row",
    "vpile", "bonus", "won", "veh", "prison", "gat", "rng", "rulings",
]  # fmt: skip


@dataclass
class Berth:
    """A vehicle at the departure dock and the cards in each of its cages."""

    vehicle: str
    cages: list[list[str]]

    def copy(self) -> Berth:
        return Berth(self.vehicle, [list(c) for c in self.cages])

    def notation(self) -> str:
        return f"{self.vehicle}:" + "/".join(fmt_list(c) for c in self.cages)


@dataclass
class State:
    GAME = "trollland"  # registry name (rulebook.game_of)

    players: int
    hands: list[list[str]]
    draw: list[str]
    dock: list[str]
    row: list[Berth]
    vpile: list[str]
    bonus: list[str]
    turn: int = 1
    phase: str = "choose"
    pending: int | None = None  # the player who must act in king-return / arrow
    chosen: list[list[str]] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    won: list[list[str]] = field(default_factory=list)
    veh: list[list[str]] = field(default_factory=list)
    prison: list[list[str]] = field(default_factory=list)
    gat: list[list[str]] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(0))
    rulings: RulingSet = field(default_factory=default_rulings)
    cards: CardSet = field(default_factory=default_cards, compare=False, repr=False)

    def __post_init__(self):
        for name in ("chosen", "won", "veh", "prison", "gat"):
            if not getattr(self, name):
                setattr(self, name, [[] for _ in range(self.players)])

    # -- copying and notation ------------------------------------------------------------------
    def copy(self) -> State:
        return State(
            players=self.players,
            hands=[list(h) for h in self.hands],
            draw=list(self.draw),
            dock=list(self.dock),
            row=[b.copy() for b in self.row],
            vpile=list(self.vpile),
            bonus=list(self.bonus),
            turn=self.turn,
            phase=self.phase,
            pending=self.pending,
            chosen=[list(x) for x in self.chosen],
            discard=list(self.discard),
            won=[list(x) for x in self.won],
            veh=[list(x) for x in self.veh],
            prison=[list(x) for x in self.prison],
            gat=[list(x) for x in self.gat],
            rng=self.rng.copy(),
            rulings=self.rulings,
            cards=self.cards,
        )

    def __str__(self) -> str:
        pp = {k: "/".join(fmt_list(x) for x in getattr(self, k)) for k in PER_PLAYER}
        fields = [
            ("players", str(self.players)),
            ("turn", str(self.turn)),
            ("phase", self.phase),
            ("pending", "-" if self.pending is None else str(self.pending + 1)),
            ("hands", pp["hands"]),
            ("chosen", pp["chosen"]),
            ("draw", fmt_list(self.draw)),
            ("discard", fmt_list(self.discard)),
            ("dock", fmt_list(self.dock)),
            ("row", ";".join(b.notation() for b in self.row) or "-"),
            ("vpile", fmt_list(self.vpile)),
            ("bonus", fmt_list(self.bonus)),
            ("won", pp["won"]),
            ("veh", pp["veh"]),
            ("prison", pp["prison"]),
            ("gat", pp["gat"]),
            ("rng", str(self.rng)),
            ("rulings", self.rulings.notation()),
        ]
        return "TL " + join_fields(fields)

    @classmethod
    def parse(cls, text: str, cards: CardSet | None = None) -> State:
        """Inverse of ``str(state)``; every card id is checked against ``cards`` and may appear
        only once."""
        cards = cards or default_cards()
        if not isinstance(text, str) or not text.startswith("TL "):
            raise NotationError("a Trollland position starts with 'TL '", text=str(text)[:40])
        f = split_fields(text[3:], FIELDS)
        n = parse_int(f["players"], "players", lo=2, hi=5)
        seen: set[str] = set()

        def ids(value: str, where: str, pool: dict) -> list[str]:
            out = parse_list(value)
            for cid in out:
                if cid not in pool:
                    raise NotationError(f"unknown card {cid!r}", where=where)
                if cid in seen:
                    raise NotationError(f"card {cid!r} appears twice", where=where)
                seen.add(cid)
            return out

        def per_player(key: str, pool: dict) -> list[list[str]]:
            parts = f[key].split("/")
            if len(parts) != n:
                raise NotationError(f"needs {n} player entries separated by '/'", where=key)
            return [ids(p, f"{key} (player {i + 1})", pool) for i, p in enumerate(parts)]

        phase = f["phase"]
        if phase not in PHASES:
            raise NotationError(
                f"unknown phase {phase!r}; phases: {' '.join(PHASES)}", where="phase"
            )
        pending = (
            None if f["pending"] == "-" else parse_int(f["pending"], "pending", lo=1, hi=n) - 1
        )
        people, vehicles = cards.people, cards.vehicles
        row = []
        if f["row"] != "-":
            for chunk in f["row"].split(";"):
                if ":" not in chunk:
                    raise NotationError("a vehicle is ID:cage/cage/..", text=chunk, where="row")
                vid, cages_txt = chunk.split(":", 1)
                ids(vid, "row", vehicles)
                caps = vehicles[vid].cages
                cages = [ids(c, f"row {vid}", people) for c in cages_txt.split("/")]
                if len(cages) != len(caps):
                    raise NotationError(f"{vid} has {len(caps)} cage(s)", where="row")
                for i, cage in enumerate(cages):
                    if len(cage) > caps[i]:
                        raise NotationError(
                            f"{vid} cage {i + 1} holds at most {caps[i]}", where="row"
                        )
                row.append(Berth(vid, cages))
        state = cls(
            players=n,
            turn=parse_int(f["turn"], "turn", lo=1),
            phase=phase,
            pending=pending,
            hands=per_player("hands", people),
            chosen=per_player("chosen", people),
            draw=ids(f["draw"], "draw", people),
            discard=ids(f["discard"], "discard", people),
            dock=ids(f["dock"], "dock", people),
            row=row,
            vpile=ids(f["vpile"], "vpile", vehicles),
            bonus=ids(f["bonus"], "bonus", cards.bonus),
            won=per_player("won", people),
            veh=per_player("veh", vehicles),
            prison=per_player("prison", people),
            gat=per_player("gat", people),
            rng=Rng.parse(f["rng"]),
            rulings=default_rulings().parse(f["rulings"]),
            cards=cards,
        )
        state._check_phase()
        return state

    def _check_phase(self) -> None:
        """The step must have someone to act (a parsed position can claim anything)."""
        ok = {
            "choose": any(not c for c in self.chosen),
            "troll": self.current_troll() is not None,
            "load": self.current_card() is not None,
            "king-return": self.pending is not None,
            "arrow": self.pending is not None,
            "over": True,
        }[self.phase]
        if not ok:
            raise NotationError(f"nobody can act in step {self.phase!r} here", where="phase")
        if self.pending is not None and self.phase not in ("king-return", "arrow"):
            raise NotationError(
                "pending is only for the king-return and arrow steps", where="pending"
            )

    # -- views ---------------------------------------------------------------------------------
    def berth(self, vid: str) -> Berth | None:
        return next((b for b in self.row if b.vehicle == vid), None)

    def peoples(self, berth: Berth) -> list[list[str]]:
        """The peoples in each cage of a berth (what the loading rules look at)."""
        return [[self.cards.people[c].people for c in cage] for cage in berth.cages]

    def caps(self, berth: Berth) -> tuple[int, ...]:
        return self.cards.vehicles[berth.vehicle].cages

    def piles(self, player: int) -> dict[str, list[str]]:
        """The player's won pest cards as piles by people, lowest first, top (highest) last
        (TL-DEPART-PILES)."""
        out: dict[str, list[str]] = {}
        for cid in self.won[player]:
            out.setdefault(self.cards.people[cid].people, []).append(cid)
        for p in out:
            out[p].sort(key=lambda c: self.cards.people[c].number)
        return {p: out[p] for p in PEOPLES if p in out}

    def current_card(self) -> str | None:
        """In the load phase: the chosen pest card next in the banishment order (TL-BANISH-ORDER)."""
        best = None
        for hand in self.chosen:
            for cid in hand:
                c = self.cards.people[cid]
                if not c.is_troll and (best is None or c.order < self.cards.people[best].order):
                    best = cid
        return best

    def reveal_order(self) -> list[str]:
        """The revealed pest cards still to load, in banishment order (TL-BANISH-ORDER)."""
        pests = [c for h in self.chosen for c in h if not self.cards.people[c].is_troll]
        return sorted(pests, key=lambda c: self.cards.people[c].order)

    def current_troll(self) -> str | None:
        best = None
        for hand in self.chosen:
            for cid in hand:
                c = self.cards.people[cid]
                if c.is_troll and (best is None or c.number < self.cards.people[best].number):
                    best = cid
        return best

    def owner(self, cid: str) -> int:
        """The player who revealed ``cid`` this turn."""
        for p, hand in enumerate(self.chosen):
            if cid in hand:
                return p
        raise KeyError(cid)

    @property
    def to_act(self) -> int | None:
        """Whose decision it is now (None when the game is over)."""
        if self.phase == "over":
            return None
        if self.phase == "choose":
            return next(p for p in range(self.players) if not self.chosen[p])
        if self.phase in ("king-return", "arrow"):
            return self.pending
        cid = self.current_troll() if self.phase == "troll" else self.current_card()
        return self.owner(cid)

    def _repr_svg_(self) -> str:
        from .svg import render

        return render(self)

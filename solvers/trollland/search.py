"""Loading by search: memoised depth-first search over the placements, in the rulebook's order.

Each revealed card is a step; an arrow card with an ``extra`` adds a step right after it, active
only when the arrow card went into a cage (TL-SYMBOL-ARROW). At a step the player may put the card
in any legal cage, or -- for a question-mark card -- put it on the dock and load a card from the
dock instead (TL-SYMBOL-QUESTION; under TLR-QUESTION-DOCK = any-present that may be a card an
earlier question mark put there this turn); the Trollgat is allowed only when nothing else is (TL-LOAD-TROLLGAT, ruling
TLR-GAT-CHOICE = forced-only). The answer is the least number of refugees.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from rulebook.trollland import rules as loading
from rulebook.trollland.cards import PEOPLES

from .problem import Card, LoadProblem

GAT = None


@dataclass(frozen=True)
class Step:
    card: Card
    extra: bool  # the extra card of the arrow card at the previous step


@dataclass(frozen=True)
class Placement:
    card: str  # the card revealed (or the extra card)
    player: str
    dest: str  # "V3.2" or "Trollgat"
    via: str | None = None  # the dock card loaded instead (question mark)

    def __str__(self) -> str:
        if self.via:
            return f"{self.player}: {self.card} to the dock, {self.via} -> {self.dest}"
        return f"{self.player}: {self.card} -> {self.dest}"


@dataclass(frozen=True)
class Departure:
    vehicle: str
    player: str
    after: str  # the card whose placement filled it

    def __str__(self) -> str:
        return f"{self.vehicle} departs, earned by {self.player} (last card {self.after})"


@dataclass
class LoadResult:
    method: str
    refugees: int
    placements: list[Placement]
    departures: list[Departure]
    explanation: list[str] = field(default_factory=list)

    @property
    def feasible(self) -> bool:
        return self.refugees == 0

    def to_dict(self) -> dict:
        return {
            "method": self.method,
            "feasible": self.feasible,
            "refugees": self.refugees,
            "placements": [
                {"card": p.card, "player": p.player, "dest": p.dest, "via": p.via}
                for p in self.placements
            ],
            "departures": [
                {"vehicle": d.vehicle, "player": d.player, "after": d.after}
                for d in self.departures
            ],
            "explanation": self.explanation,
        }

    def lines(self) -> list[str]:
        head = "feasible: no refugee" if self.feasible else f"minimum refugees: {self.refugees}"
        return [head, *map(str, self.placements), *map(str, self.departures), *self.explanation]


def steps(pb: LoadProblem) -> list[Step]:
    out = []
    for c in pb.cards:
        out.append(Step(c, False))
        if c.extra is not None:
            out.append(Step(c.extra, True))
    return out


class Model:
    """Flat arrays for the search: cage capacities, initial occupants, vehicle of each cage."""

    def __init__(self, pb: LoadProblem):
        self.pb = pb
        self.cages = pb.cages
        self.cap = tuple(pb.vehicles[v].cages[c].capacity for v, c in self.cages)
        self.veh = tuple(v for v, _ in self.cages)
        self.occ0 = tuple(
            -1 if pb.vehicles[v].cages[c].people is None
            else PEOPLES.index(pb.vehicles[v].cages[c].people)
            for v, c in self.cages
        )  # fmt: skip
        self.cnt0 = tuple(pb.vehicles[v].cages[c].count for v, c in self.cages)
        self.siblings = tuple(
            tuple(j for j in range(len(self.cages)) if self.veh[j] == self.veh[i] and j != i)
            for i in range(len(self.cages))
        )
        self.steps = steps(pb)
        self.q = tuple(PEOPLES.index(s.card.people) for s in self.steps)
        plain = [
            not s.extra and s.card.symbol != "question" and s.card.extra is None for s in self.steps
        ]
        #: need[i][q]: cards of people q at steps i.. that need a cage of q or the Trollgat
        #: (question cards may swap and extras may not trigger: left out of the lower bound)
        self.need = [[0] * len(PEOPLES) for _ in range(len(self.steps) + 1)]
        for i in range(len(self.steps) - 1, -1, -1):
            self.need[i] = list(self.need[i + 1])
            st = self.steps[i]
            if not st.extra and st.card.symbol != "question":
                self.need[i][self.q[i]] += 1
        self.by_vehicle = tuple(
            tuple(c for c in range(len(self.cages)) if self.veh[c] == v)
            for v in range(len(pb.vehicles))
        )
        #: step i is the twin of step i-1: both plain cards of one people (interchangeable)
        self.twin = tuple(
            i > 0 and plain[i] and plain[i - 1] and self.q[i] == self.q[i - 1]
            for i in range(len(self.steps))
        )
        #: dock items: the cards on the dock at the start, then each revealed question-mark card
        #: (it goes onto the dock when its player swaps it); bit j of ``ondock`` = item j is there
        self.items = [(d.id, PEOPLES.index(d.people)) for d in pb.dock]
        self.qitem: list[int | None] = [None] * len(self.steps)
        for i, st in enumerate(self.steps):
            if st.card.symbol == "question" and not st.extra:
                self.qitem[i] = len(self.items)
                self.items.append((st.card.id, self.q[i]))
        self.dock_q = tuple(q for _, q in self.items)
        self.start_dock = (1 << len(pb.dock)) - 1
        #: TLR-QUESTION-DOCK: may an item put on the dock this turn be taken again?
        self.reuse = pb.question_dock == "any-present"

    def takeable(self, j: int, ondock: int) -> bool:
        return bool(ondock >> j & 1) and (j < len(self.pb.dock) or self.reuse)

    def lower_bound(self, i: int, occ: tuple, cnt: tuple) -> int:
        """Refugees that steps i.. cannot avoid: per people, the plain cards still to come beyond
        the room any vehicle can still offer that people (one cage per vehicle; room only
        shrinks as cards board, so the bound holds below this node)."""
        low = 0
        for q, need in enumerate(self.need[i]):
            if not need:
                continue
            room = 0
            for cages in self.by_vehicle:
                held = [c for c in cages if occ[c] == q]
                pool = held or [c for c in cages if occ[c] == -1]
                room += max((self.cap[c] - cnt[c] for c in pool), default=0)
            low += max(0, need - room)
        return low

    def label(self, cage: int) -> str:
        v, c = self.cages[cage]
        return f"{self.pb.vehicles[v].id}.{c + 1}"

    def legal(self, q: int, occ: tuple, cnt: tuple) -> list[int]:
        """Cages accepting people ``q`` now (same test as rulebook.trollland.rules.cage_refusal)."""
        out = []
        for i, cap in enumerate(self.cap):
            if cnt[i] >= cap or occ[i] not in (-1, q):
                continue
            if any(occ[j] == q for j in self.siblings[i]):
                continue
            out.append(i)
        return out

    def distinct(self, opts: list, occ: tuple, cnt: tuple) -> list:
        """Drop options leading to the same position up to renaming identical cages/vehicles
        (same least number of refugees), so the search does not explore mirror images."""
        seen, out = set(), []
        for j, c in opts:
            vsig = tuple(sorted((self.cap[k], occ[k], cnt[k]) for k in (c, *self.siblings[c])))
            sig = (j, vsig, self.cap[c], occ[c], cnt[c])
            if sig not in seen:
                seen.add(sig)
                out.append((j, c))
        return out

    def options(self, i: int, occ: tuple, cnt: tuple, ondock: int) -> list[tuple[int | None, int]]:
        """(dock item or None, cage) for step i; [] means only the Trollgat."""
        out = [(None, c) for c in self.legal(self.q[i], occ, cnt)]
        if self.qitem[i] is not None:
            for j, qj in enumerate(self.dock_q):
                if self.takeable(j, ondock):
                    out += [(j, c) for c in self.legal(qj, occ, cnt)]
        return out


def _apply(m: Model, i, occ, cnt, ondock, opt):
    j, c = opt
    q = m.q[i] if j is None else m.dock_q[j]
    occ = occ[:c] + (q,) + occ[c + 1 :]
    cnt = cnt[:c] + (cnt[c] + 1,) + cnt[c + 1 :]
    if j is not None:  # the dock card is loaded; the question-mark card takes its place
        ondock = (ondock & ~(1 << j)) | (1 << m.qitem[i])
    return occ, cnt, ondock


def solve(pb: LoadProblem) -> LoadResult:
    """Least refugees, with one placement reaching it (ties: first option in cage order).

    Twin steps (consecutive plain cards of one people) take cages in non-decreasing order: any
    loading can be rearranged that way with the same refugees (see ``z3load.Encoding.twins``),
    so the search skips the mirror orders. ``floor`` is the least cage the step may take."""
    m = Model(pb)
    n = len(m.steps)
    never = n + 1

    def children(i, occ, cnt, ondock, floor):
        st = m.steps[i]
        nxt_extra = i + 1 < n and m.steps[i + 1].extra
        opts = m.options(i, occ, cnt, ondock)
        if not opts:
            return None  # Trollgat
        out = []
        for opt in m.distinct(opts, occ, cnt):
            if opt[1] < floor:
                continue
            o2, c2, u2 = _apply(m, i, occ, cnt, ondock, opt)
            trig = nxt_extra and opt[0] is None and st.card.symbol == "arrow"
            nfloor = opt[1] if i + 1 < n and m.twin[i + 1] else 0
            out.append((opt, (o2, c2, u2, trig, nfloor)))
        return out

    @cache
    def best(i: int, occ: tuple, cnt: tuple, ondock: int, active: bool, floor: int) -> int:
        if i == n:
            return 0
        if m.steps[i].extra and not active:
            return best(i + 1, occ, cnt, ondock, False, 0)
        kids = children(i, occ, cnt, ondock, floor)
        if kids is None:
            return 1 + best(i + 1, occ, cnt, ondock, False, 0)
        out, low = never, m.lower_bound(i, occ, cnt)
        for _, nxt in kids:
            out = min(out, best(i + 1, *nxt))
            if out <= low:  # cannot do better than the bound
                break
        return out

    total = best(0, m.occ0, m.cnt0, m.start_dock, False, 0)
    # walk the optimum to recover the choices
    choices: list = []
    state = (m.occ0, m.cnt0, m.start_dock, False, 0)
    for i in range(n):
        occ, cnt, ondock, active, floor = state
        if m.steps[i].extra and not active:
            choices.append("skip")
            state = (occ, cnt, ondock, False, 0)
            continue
        kids = children(i, occ, cnt, ondock, floor)
        if kids is None:
            choices.append(GAT)
            state = (occ, cnt, ondock, False, 0)
            continue
        target = best(i, *state)
        for opt, nxt in kids:
            if best(i + 1, *nxt) == target:
                choices.append(opt)
                state = nxt
                break
    result = replay(pb, choices, "search")
    assert result.refugees == total
    return result


def replay(pb: LoadProblem, choices: list, method: str) -> LoadResult:
    """Play a choice per step (``(dock item | None, cage)``, ``None`` = Trollgat, ``"skip"`` for
    an inactive extra step), checking every placement against the rulebook's loading rules, and
    report placements and departures. Raises ValueError on an illegal sequence."""
    m = Model(pb)
    contents = [[PEOPLES[o]] * k if o >= 0 else [] for o, k in zip(m.occ0, m.cnt0, strict=True)]
    placements, departures = [], []
    refugees = 0
    active = False
    ondock = m.start_dock
    gone: set[int] = set()
    for i, (st, ch) in enumerate(zip(m.steps, choices, strict=True)):
        if st.extra and not active:
            if ch != "skip":
                raise ValueError(f"step {i}: the extra card is not loaded when the arrow is not")
            continue
        if ch is GAT:
            if _any_legal(m, i, contents, ondock, gone):
                raise ValueError(f"step {i}: {st.card.id} has a legal cage (TL-LOAD-TROLLGAT)")
            refugees += 1
            placements.append(Placement(st.card.id, st.card.player, "Trollgat"))
            active = False
            continue
        j, c = ch
        v, k = m.cages[c]
        people = st.card.people if j is None else PEOPLES[m.dock_q[j]]
        if j is not None:
            if m.qitem[i] is None or not m.takeable(j, ondock):
                raise ValueError(f"step {i}: swap not allowed (TL-SYMBOL-QUESTION)")
            ondock = (ondock & ~(1 << j)) | (1 << m.qitem[i])
        vc = m.by_vehicle[v]
        caps = [m.cap[idx] for idx in vc]
        why = loading.cage_refusal(people, caps, [contents[idx] for idx in vc], k)
        if v in gone or why:
            raise ValueError(f"step {i}: {why}")
        contents[c].append(people)
        via = None if j is None else m.items[j][0]
        placements.append(Placement(st.card.id, st.card.player, m.label(c), via))
        if loading.is_full(caps, [contents[idx] for idx in vc]):
            gone.add(v)
            departures.append(Departure(pb.vehicles[v].id, st.card.player, st.card.id))
        active = j is None and st.card.symbol == "arrow" and not st.extra
    return LoadResult(method, refugees, placements, departures)


def _any_legal(m: Model, i: int, contents, ondock: int, gone) -> bool:
    peoples = [m.steps[i].card.people]
    if m.qitem[i] is not None:
        peoples += [PEOPLES[q] for j, q in enumerate(m.dock_q) if m.takeable(j, ondock)]
    for v, vc in enumerate(m.by_vehicle):
        if v in gone:
            continue
        caps = [m.cap[idx] for idx in vc]
        cont = [contents[idx] for idx in vc]
        if any(loading.legal_cages(q, caps, cont) for q in peoples):
            return True
    return False


def feasible(pb: LoadProblem) -> bool:
    """Can every revealed card be loaded (no refugee)? Depth-first, failing at the first card
    that would go to the Trollgat; twin steps in non-decreasing cage order as in ``solve``."""
    m = Model(pb)
    n = len(m.steps)

    @cache
    def ok(i: int, occ: tuple, cnt: tuple, ondock: int, active: bool, floor: int) -> bool:
        if i == n:
            return True
        st = m.steps[i]
        if st.extra and not active:
            return ok(i + 1, occ, cnt, ondock, False, 0)
        if m.lower_bound(i, occ, cnt):
            return False
        for opt in m.distinct(m.options(i, occ, cnt, ondock), occ, cnt):
            if opt[1] < floor:
                continue
            o2, c2, u2 = _apply(m, i, occ, cnt, ondock, opt)
            trig = (
                i + 1 < n and m.steps[i + 1].extra and opt[0] is None and st.card.symbol == "arrow"
            )
            nfloor = opt[1] if i + 1 < n and m.twin[i + 1] else 0
            if ok(i + 1, o2, c2, u2, trig, nfloor):
                return True
        return False

    return ok(0, m.occ0, m.cnt0, m.start_dock, False, 0)

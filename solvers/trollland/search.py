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

from rulebook.trollland import cage_refusal, is_full, legal_cages
from rulebook.trollland.cards import PEOPLES
from solvers.limits import MAX_NODES as LIMIT_NODES
from solvers.limits import Budget, LimitReached, check_limit

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
        self._cages(pb)
        self.steps = steps(pb)
        self._suffix_counts()
        self._blocks()
        self._vehicles(pb)
        self._dock(pb)
        #: TLR-QUESTION-DOCK: may an item put on the dock this turn be taken again?
        self.reuse = pb.question_dock == "any-present"

    def _cages(self, pb: LoadProblem) -> None:
        """Per cage: capacity, vehicle, first occupants and count, and its vehicle's other cages."""
        self.pb = pb
        self.cages = pb.cages
        self.cap = tuple(pb.vehicles[v].cages[c].capacity for v, c in self.cages)
        self.vehicle_of = tuple(v for v, _ in self.cages)  # per cage: the vehicle it is on
        self.occ0 = tuple(
            -1 if pb.vehicles[v].cages[c].people is None
            else PEOPLES.index(pb.vehicles[v].cages[c].people)
            for v, c in self.cages
        )  # fmt: skip
        self.cnt0 = tuple(pb.vehicles[v].cages[c].count for v, c in self.cages)
        self.siblings = tuple(
            tuple(
                j
                for j in range(len(self.cages))
                if self.vehicle_of[j] == self.vehicle_of[i] and j != i
            )
            for i in range(len(self.cages))
        )

    def _suffix_counts(self) -> None:
        """need / needq: per step, the cards still to come by people (for the lower bounds)."""
        self.q = tuple(PEOPLES.index(s.card.people) for s in self.steps)
        #: need[i][q]: cards of people q at steps i.. that need a cage of q or the Trollgat
        #: (question cards may swap and extras may not trigger: left out of the lower bound)
        self.need = [[0] * len(PEOPLES) for _ in range(len(self.steps) + 1)]
        for i in range(len(self.steps) - 1, -1, -1):
            self.need[i] = list(self.need[i + 1])
            st = self.steps[i]
            if not st.extra and st.card.symbol != "question":
                self.need[i][self.q[i]] += 1
        #: needq[i][q]: question-mark cards of people q at steps i.. (they behave as plain cards
        #: when no dock card can be taken: a swap needs a takeable card, so none ever happens)
        self.needq = [[0] * len(PEOPLES) for _ in range(len(self.steps) + 1)]
        for i in range(len(self.steps) - 1, -1, -1):
            self.needq[i] = list(self.needq[i + 1])
            st = self.steps[i]
            if not st.extra and st.card.symbol == "question":
                self.needq[i][self.q[i]] += 1

    def _blocks(self) -> None:
        """Where each people's revealed cards lie (last, rank, grouped) and running counts."""
        #: last[q]: the last revealed (not extra) card of people q; cards come sorted by people
        self.last = [-1] * len(PEOPLES)
        #: n_extra[i], n_question[i]: extra steps / question-mark steps before step i
        self.n_extra, self.n_question = [0], [0]
        #: rank[q]: the place of people q's block of revealed cards (TL-BANISH-ORDER sorts them)
        self.rank = [len(PEOPLES)] * len(PEOPLES)
        blocks: list[int] = []
        for i, st in enumerate(self.steps):
            if not st.extra:
                self.last[self.q[i]] = i
                if not blocks or blocks[-1] != self.q[i]:
                    blocks.append(self.q[i])
            self.n_extra.append(self.n_extra[-1] + st.extra)
            self.n_question.append(self.n_question[-1] + (st.card.symbol == "question"))
        #: each people's revealed cards form one block (else forced_bound does not apply)
        self.grouped = len(blocks) == len(set(blocks))
        for k, q in enumerate(blocks):
            self.rank[q] = k
            self.n_extra.append(self.n_extra[-1] + st.extra)
            self.n_question.append(self.n_question[-1] + (st.card.symbol == "question"))

    def _vehicles(self, pb: LoadProblem) -> None:
        """The cages of each vehicle, and which steps are interchangeable twins."""
        self.by_vehicle = tuple(
            tuple(c for c in range(len(self.cages)) if self.vehicle_of[c] == v)
            for v in range(len(pb.vehicles))
        )
        plain = [
            not s.extra and s.card.symbol != "question" and s.card.extra is None for s in self.steps
        ]
        #: step i is the twin of step i-1: both plain cards of one people (interchangeable)
        self.twin = tuple(
            i > 0 and plain[i] and plain[i - 1] and self.q[i] == self.q[i - 1]
            for i in range(len(self.steps))
        )

    def _dock(self, pb: LoadProblem) -> None:
        """The dock's items (question-mark cards join them) and what may still be loaded."""
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
        #: swaps[i]: a question-mark step at i or later (the dock still matters)
        self.swaps = [False] * (len(self.steps) + 1)
        #: future[i]: bit q set when a card of people q may still be loaded at step i or later
        self.future = [0] * (len(self.steps) + 1)
        for i in range(len(self.steps) - 1, -1, -1):
            self.swaps[i] = self.swaps[i + 1] or self.qitem[i] is not None
            self.future[i] = self.future[i + 1] | 1 << self.q[i]
            if self.qitem[i] is not None:
                self.future[i] |= sum({1 << q for q in self.dock_q})

    def canon(self, i: int, occ: tuple, cnt: tuple, ondock: int, active: bool) -> tuple:
        """The memo key (benchmarks.trollland large, 10 vehicles: with forced_bound, 6 -> 16 of
        30 cases proven within 1 s CPU). The position before step i up to what cannot change the least refugees of steps i..:
        vehicles as a sorted multiset (identical vehicles are interchangeable), cages of a
        people with no card left dropped (nothing can enter them and they block nobody), vehicles
        with no room dropped, the dock as the peoples a later question mark could take."""
        live = self.future[i]
        sigs = [sig for v in range(len(self.by_vehicle)) if (sig := self.vsig(v, live, occ, cnt))]
        sigs.sort()
        dock = ()
        if self.swaps[i]:
            dock = tuple(sorted(q for j, q in enumerate(self.dock_q) if self.takeable(j, ondock)))
        return (i, tuple(sigs), dock, active and self.steps[i].extra)

    def vsig(self, v: int, live: int, occ: tuple, cnt: tuple) -> tuple:
        """Vehicle v in ``canon``: its live cages as sorted (people, room) codes; () when no
        card can enter it."""
        sig, room = [], False
        for c in self.by_vehicle[v]:
            o = occ[c]
            if o >= 0 and not live >> o & 1:
                continue
            r = self.cap[c] - cnt[c]
            room = room or r > 0
            sig.append((o + 1) * 8 + r)
        if not room:
            return ()
        sig.sort()
        return tuple(sig)

    def takeable(self, j: int, ondock: int) -> bool:
        return bool(ondock >> j & 1) and (j < len(self.pb.dock) or self.reuse)

    def lower_bound(
        self,
        i: int,
        occ: tuple,
        cnt: tuple,
        ondock: int | None = None,
        enough: int = 99,
        active: bool = False,
    ) -> int:
        """Refugees that steps i.. cannot avoid: the larger of ``forced_bound`` and
        ``room_bound`` (the second skipped when the first reaches ``enough``). With no dock card
        to take, question-mark cards count as plain cards; so does an extra card at step i
        whose arrow card boarded (``active``)."""
        ondock = self.start_dock if ondock is None else ondock
        need = self.need[i]
        if active and i < len(self.steps) and self.steps[i].extra:
            need = list(need)
            need[self.q[i]] += 1
        swaps = self.swaps[i] and any(
            self.takeable(j, ondock) and self.boards(self.dock_q[j], occ, cnt)
            for j in range(len(self.dock_q))
        )  # a swap needs a dock card with a cage; cages only fill, so none ever comes back
        if not swaps and any(self.needq[i]):
            need = [a + b for a, b in zip(need, self.needq[i], strict=True)]
        if not any(need):
            return 0
        low = self.forced_bound(i, need, swaps, occ, cnt) if self.grouped else 0
        if low < enough:
            swappers: tuple = ()
            if swaps:  # each question mark loads its own people or a dock card's, or is a refugee
                peoples = {q for q, k in enumerate(self.needq[i]) if k}
                peoples |= {q for j, q in enumerate(self.dock_q) if self.takeable(j, ondock)}
                swappers = (sum(self.needq[i]), peoples)
            low = max(low, self.room_bound(need, occ, cnt, swappers))
        return low

    def boards(self, q: int, occ: tuple, cnt: tuple) -> bool:
        """Some cage takes people q now (TL-LOAD-CAGE-PEOPLE, TL-LOAD-VEHICLE-DISTINCT)."""
        for cages in self.by_vehicle:
            held = [c for c in cages if occ[c] == q]
            pool = held or [c for c in cages if occ[c] == -1]
            if any(cnt[c] < self.cap[c] for c in pool):
                return True
        return False

    def forced_bound(self, i: int, need: list, swaps: bool, occ: tuple, cnt: tuple) -> int:
        """Refugees of the first two peoples still to come, p1 then p2 (cards come sorted by
        people), plus the others' own shortfalls. Forced loading (TL-LOAD-TROLLGAT): when no
        other card can come between p1's cards, a p1 refugee means every vehicle that could take
        p1 holds p1 in a full cage; so p1 either loads all its cards, or claims a cage in every
        such vehicle -- and either way, p2 keeps only the cages p1 left. A knapsack over the
        vehicles, indexed by the room p1 claims (capped at p1's cards), finds p2's most room."""
        wanted = sorted((q for q, k in enumerate(need) if k), key=self.rank.__getitem__)
        p1, k1 = wanted[0], need[wanted[0]]
        p2 = wanted[1] if len(wanted) > 1 else None
        k2 = need[p2] if p2 is not None else 0
        end = max(self.last[p1] + 1, i + 1)  # p1's cards lie in steps i..end-1
        # the other cards that may come before p1's last card: each can fill one cage that p1
        # could use, so a vehicle escapes p1 only when others fill all its empty cages
        spare = self.n_extra[end] - self.n_extra[i]
        if swaps:
            spare += self.n_question[end] - self.n_question[i]
        spare = max(0, min(spare, len(self.by_vehicle)))
        cap = self.cap
        none = -1
        free = [0] + [none] * k1  # free[w]: most room p2 keeps when p1 claims room w (capped)
        #: must[x][w]: the same when p1 claims a cage in every vehicle it can enter but x
        must = [list(free)] + [[none] * (k1 + 1) for _ in range(spare)]
        flat = 0  # room p2 keeps in the vehicles p1 cannot enter
        others = wanted[2:]
        room_of = [0] * len(others)  # the other peoples: each one's most room
        for cages in self.by_vehicle:
            h1, h2, empties = _held_and_empty(cages, occ, p1, p2)
            for k, q in enumerate(others):
                held = [c for c in cages if occ[c] == q]
                room_of[k] += max((cap[c] - cnt[c] for c in held or empties), default=0)
            base, keep = _p2_keeps(h2, empties, cap, cnt)
            if h1 is not None and cnt[h1] < cap[h1]:  # p1's own cage: full if p1 has a refugee
                claims = [(cap[h1] - cnt[h1], base)]
                free = _knap(free, claims, k1)
                must = [_knap(t, claims, k1) for t in must]
            elif h1 is None and empties:  # p1 claims a cage, or the vehicle escapes (spare)
                # the same (room, room kept) twice is one option (benchmarks.trollland large,
                # 10 vehicles: with the two cases above, 2.6 -> 1.6 s CPU to prove seed 3)
                claims = sorted({(cap[c], keep[c]) for c in empties})
                free = _knap(free, [(0, base), *claims], k1)
                # escaping takes one other card per empty cage (each card fills one cage)
                e = len(empties)
                must = [
                    _knap(
                        must[x], claims, k1, _knap(must[x - e], [(0, base)], k1) if x >= e else None
                    )
                    for x in range(spare + 1)
                ]
            else:  # p1 cannot enter: p2 keeps its best cage whatever p1 does
                flat += base
        rest = sum(max(0, need[q] - room_of[k]) for k, q in enumerate(others))
        best = max(0, k2 - flat - free[k1]) if free[k1] != none else k1 + k2
        for table in must:  # a p1 refugee: p1's cages are full, so it loaded w < k1 cards
            for w in range(k1):
                if table[w] != none:
                    best = min(best, k1 - w + max(0, k2 - flat - table[w]))
        return best + rest

    def room_bound(self, need: list, occ: tuple, cnt: tuple, swappers: tuple = ()) -> int:
        """Per people: the plain cards still to come beyond the room any vehicle can still
        offer that people (one cage per vehicle). All peoples together: the plain cards beyond
        the room of the cages some of them can use, at most one cage per people in each vehicle
        (cages are shared, so this catches peoples competing for them); ``swappers`` = (number
        of question-mark cards, the peoples they may load) joins them in that count. Room only
        shrinks as cards board, so the bound holds below this node."""
        wanted = [q for q, k in enumerate(need) if k]
        if not wanted:
            return 0
        extra, every = 0, set(wanted)
        if swappers:
            extra, peoples = swappers
            every |= peoples
        low, shared = 0, 0
        for cages in self.by_vehicle:
            rooms = []
            for c in cages:
                if cnt[c] < self.cap[c] and (occ[c] == -1 or occ[c] in every):
                    rooms.append(self.cap[c] - cnt[c])
            shared += sum(sorted(rooms, reverse=True)[: len(every)])
        for q in wanted:
            room = 0
            for cages in self.by_vehicle:
                held = [c for c in cages if occ[c] == q]
                pool = held or [c for c in cages if occ[c] == -1]
                room += max((self.cap[c] - cnt[c] for c in pool), default=0)
            low += max(0, need[q] - room)
        return max(low, sum(need) + extra - shared)

    def flow_bound(self, i: int, occ: tuple, cnt: tuple) -> int:
        """A tighter (and dearer) bound for the root: plain cards still to come minus a maximum
        flow peoples -> (vehicle, people) -> cage, where a people gets at most one cage's room in
        a vehicle and a cage's room is shared by the peoples that may claim it."""
        need = self.need[i]
        graph: dict = {}

        def edge(a, b, c: int) -> None:
            graph.setdefault(a, {}).setdefault(b, 0)
            graph.setdefault(b, {}).setdefault(a, 0)
            graph[a][b] += c

        for q, k in enumerate(need):
            if not k:
                continue
            edge("s", ("q", q), k)
            for v, cages in enumerate(self.by_vehicle):
                held = [c for c in cages if occ[c] == q]
                usable = held or [c for c in cages if occ[c] == -1]
                rooms = {c: self.cap[c] - cnt[c] for c in usable if cnt[c] < self.cap[c]}
                if rooms:
                    edge(("q", q), ("v", v, q), max(rooms.values()))
                    for c, room in rooms.items():
                        edge(("v", v, q), ("c", c), room)
                        graph.setdefault(("c", c), {})
        for node in [n for n in graph if n[0] == "c"]:
            edge(node, "t", self.cap[node[1]] - cnt[node[1]])
        return sum(need) - _max_flow(graph, "s", "t")

    def label(self, cage: int) -> str:
        v, c = self.cages[cage]
        return f"{self.pb.vehicles[v].id}.{c + 1}"

    def legal(self, q: int, occ: tuple, cnt: tuple) -> list[int]:
        """Cages accepting people ``q`` now: the rulebook's loading rule (``cage_refusal``) on the
        search's flat arrays, held to it by ``test_the_search_asks_the_loading_rule_of_the_rulebook``."""
        out = []
        for i, cap in enumerate(self.cap):
            if cnt[i] >= cap or occ[i] not in (-1, q):
                continue
            if any(occ[j] == q for j in self.siblings[i]):
                continue
            out.append(i)
        return out

    def preference(self, i: int, opt: tuple, occ: tuple, cnt: tuple) -> tuple:
        """Try first (the greedy answer, and the branch and bound's order): a cage that already
        holds the people (it claims no new cage), then the card itself before a dock swap, then
        the emptier cage; ties in cage order."""
        j, c = opt
        q = self.q[i] if j is None else self.dock_q[j]
        return (occ[c] != q, j is not None, -(self.cap[c] - cnt[c]), c)

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


def _knap(table: list, opts: list, top: int, out: list | None = None) -> list:
    """One vehicle into the knapsack: ``opts`` are (room p1 claims, room p2 keeps); ``out``
    (changed in place) may already hold other ways to reach each entry. Entry w is the most
    room p2 keeps when p1 claims room w (``top`` = at least top); -1 = unreachable."""
    out = [-1] * (top + 1) if out is None else out
    for w, g in enumerate(table):
        if g < 0:
            continue
        for dw, dg in opts:
            k = min(top, w + dw)
            if g + dg > out[k]:
                out[k] = g + dg
    return out


def _max_flow(graph: dict, source, sink) -> int:
    """Edmonds-Karp on a residual graph {node: {node: capacity}} (changed in place)."""
    if source not in graph or sink not in graph:
        return 0
    total = 0
    while True:
        parent = {source: None}
        queue = [source]
        for node in queue:
            for nxt, c in graph[node].items():
                if c > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
            if sink in parent:
                break
        if sink not in parent:
            return total
        path, node = [], sink
        while parent[node] is not None:
            path.append((parent[node], node))
            node = parent[node]
        push = min(graph[a][b] for a, b in path)
        for a, b in path:
            graph[a][b] -= push
            graph[b][a] += push
        total += push


def apply_option(m: Model, i, occ, cnt, ondock, opt):
    """Step ``i`` loads ``opt`` = (dock card index or None for the step's own card, cage): the new
    (people per cage, count per cage, dock bitmask) of the search state."""
    j, c = opt
    q = m.q[i] if j is None else m.dock_q[j]
    occ = occ[:c] + (q,) + occ[c + 1 :]
    cnt = cnt[:c] + (cnt[c] + 1,) + cnt[c + 1 :]
    if j is not None:  # the dock card is loaded; the question-mark card takes its place
        ondock = (ondock & ~(1 << j)) | (1 << m.qitem[i])
    return occ, cnt, ondock


DEFAULT_SECONDS = 20.0
DEFAULT_NODES = 1_000_000  # memo entries of 0.70 KB measured: about 700 MB (solvers/limits.py)
MAX_NODES = LIMIT_NODES["trollland load"]  # the most --budget may ask


def _tick(budget: Budget, best) -> None:
    """One search node. Budget reads the clock every 1,024 nodes; a node here takes 0.1-1 ms on
    big inputs, so the clock is also read every 4 nodes (a 1 s budget ends within a few ms)."""
    budget.tick(best=best)
    if budget.used & 3 == 0 and budget.remaining_seconds() == 0:
        raise LimitReached(f"time limit of {budget.seconds:g} s reached", best)


def _held_and_empty(cages, occ: tuple, p1: int, p2: int | None) -> tuple:
    """(the cage of people ``p1``, the cage of ``p2``, the empty cages) in one vehicle."""
    h1 = h2 = None
    empties = []
    for c in cages:
        o = occ[c]
        if o == p1:
            h1 = c
        elif o == p2 and p2 is not None:
            h2 = c
        elif o == -1:
            empties.append(c)
    return h1, h2, empties


def _p2_keeps(h2, empties: list, cap: tuple, cnt: tuple) -> tuple[int, dict]:
    """(the most room p2 keeps in the vehicle, and the same after p1 claims each empty cage)."""
    if h2 is not None:
        base = cap[h2] - cnt[h2]
        return base, {c: base for c in empties}
    rooms = sorted(((cap[c], c) for c in empties), reverse=True)
    base = rooms[0][0] if rooms else 0
    second = rooms[1][0] if len(rooms) > 1 else 0
    return base, {c: (second if c == rooms[0][1] else base) for c in empties}


def _key(i, occ, cnt, ondock, active, floor) -> tuple:
    """A compact memo key (bytes instead of two tuples: a third of the memory)."""
    return (i, bytes(o + 1 for o in occ) + bytes(cnt), ondock, active, floor)


def solve(pb: LoadProblem, budget: Budget | None = None) -> LoadResult:
    """Least refugees, with one placement reaching it (ties: first option in cage order).

    Branch and bound over the steps with a memo: a greedy descent gives the first answer, then
    a subtree is cut when the refugees it must add (``Model.lower_bound``) cannot beat the best
    answer. The memo is keyed by ``Model.canon``, so mirror images and orders of placement
    that reach the same position are searched once, and a step's options are cut to those
    reaching distinct positions. Raises ``LimitReached`` (``best`` = the best answer found so
    far) when ``budget`` runs out."""
    budget = budget or Budget(seconds=DEFAULT_SECONDS, nodes=DEFAULT_NODES)
    if budget.nodes is None:  # memory is bounded by nodes, whatever the clock says
        budget.nodes = MAX_NODES
    check_limit("nodes", budget.nodes, lo=0, hi=MAX_NODES, integer=True)
    search = _Search(pb, budget)
    m, n, start = search.m, search.n, search.start
    incumbent = search.found
    if incumbent.refugees <= m.lower_bound(0, m.occ0, m.cnt0):  # the greedy answer is least
        return LoadResult("search", incumbent.refugees, incumbent.placements, incumbent.departures)
    total = search.best(0, start, incumbent.refugees, 0)  # only a better answer is worth finding
    found = search.found
    if total >= found.refugees:  # the best loading found on the way is least
        return LoadResult("search", found.refugees, found.placements, found.departures)
    choices, state = [], start  # walk the optimum to recover the choices
    for i in range(n):
        target = search.best(i, state, total + 1, 0)
        for choice, cost, nxt in search.moves(i, state):
            if cost + search.best(i + 1, nxt, target - cost + 1, 0) == target:
                choices.append(choice)
                state = nxt
                break
    result = replay(pb, choices, "search")
    assert result.refugees == total
    return result


class _Search:
    """``solve``'s branch and bound: the model, the memo, the path from the root and the best
    loading found so far (``found``, what a budget that runs out reports)."""

    def __init__(self, pb: LoadProblem, budget: Budget):
        self.pb, self.budget = pb, budget
        self.m = m = Model(pb)
        self.n = len(m.steps)
        self.start = (m.occ0, m.cnt0, m.start_dock, False)
        greedy, state = [], self.start
        for i in range(self.n):
            choice, _, state = self.moves(i, state)[0]
            greedy.append(choice)
        self.found = replay(pb, greedy, "search (best so far, not proven least)")
        self.path: list = []  # the choices from the root to the node being searched
        self.memo: dict = {}

    def moves(self, i, state):
        """(choice, refugees added, next state) for step i, one per distinct next position."""
        m = self.m
        occ, cnt, ondock, active = state
        st = m.steps[i]
        if st.extra and not active:
            return [("skip", 0, (occ, cnt, ondock, False))]
        opts = m.options(i, occ, cnt, ondock)
        if not opts:
            return [(GAT, 1, (occ, cnt, ondock, False))]
        arrow = i + 1 < self.n and m.steps[i + 1].extra and st.card.symbol == "arrow"
        live = m.future[i + 1]
        out, seen = [], set()
        for opt in sorted(opts, key=lambda o: m.preference(i, o, occ, cnt)):
            j, c = opt
            o2, c2, u2 = apply_option(m, i, occ, cnt, ondock, opt)
            # the same change to a vehicle of the same kind reaches the same canon position:
            # a mirror image with the same least refugees (benchmarks.trollland large: one
            # canon key per distinct child instead of one per option)
            v = m.vehicle_of[c]
            change = (m.vsig(v, live, occ, cnt), m.vsig(v, live, o2, c2))
            key = (change if change[0] != change[1] else None, None if j is None else m.dock_q[j])
            if key not in seen:
                seen.add(key)
                out.append((opt, 0, (o2, c2, u2, arrow and j is None)))
        return out

    def best(self, i: int, state: tuple, beta: int, spent: int, key: tuple | None = None) -> int:
        """Least refugees of steps i.. when that is below ``beta``; otherwise some lower bound
        that is at least ``beta`` (the subtree cannot beat the best answer). ``spent`` refugees
        were made on the way here: a complete loading better than ``found`` replaces it, so a
        budget that runs out reports the best answer found so far."""
        m, n, memo, path = self.m, self.n, self.memo, self.path
        if i == n:
            if len(path) == n and spent < self.found.refugees:
                self.found = replay(self.pb, list(path), "search (best so far, not proven least)")
            return 0
        key = key or m.canon(i, *state)
        hit = memo.get(key)
        if hit is not None and (hit[1] or hit[0] >= beta):
            return hit[0]
        _tick(self.budget, self.found)
        if hit is not None:  # an earlier visit proved at least this much
            low = hit[0]
        else:
            low = m.lower_bound(i, *state[:3], beta, state[3])
        if low >= beta:
            memo[key] = (low, False)
            return low
        val = n + 1
        for choice, cost, nxt, ckey in self.ordered_kids(i, state, beta):
            path.append(choice)
            val = min(val, cost + self.best(i + 1, nxt, min(beta, val) - cost, spent + cost, ckey))
            path.pop()
            if val <= low:  # cannot do better than the bound
                break
        memo[key] = (val, val < beta)
        return val

    def ordered_kids(self, i: int, state: tuple, beta: int) -> list:
        """``moves`` with each child's memo key, most promising first: by the child's own lower
        bound (stored in the memo, so the child does not compute it again): on the 14 unproven
        10-vehicle large cases, 1 s best-so-far answers total 86 refugees instead of 91."""
        m, memo = self.m, self.memo
        kids = [(*kid, None) for kid in self.moves(i, state)]
        if len(kids) <= 1 or i + 1 >= self.n:
            return kids
        order = []
        for k, (choice, cost, nxt, _) in enumerate(kids):
            ckey = m.canon(i + 1, *nxt)
            chit = memo.get(ckey)
            if chit is None:
                chit = (m.lower_bound(i + 1, *nxt[:3], beta - cost, nxt[3]), False)
                memo[ckey] = chit
            order.append((cost + chit[0], k))
            kids[k] = (choice, cost, nxt, ckey)
        return [kids[k] for _, k in sorted(order)]


def greedy(pb: LoadProblem) -> LoadResult:
    """The first answer ``solve`` finds (its greedy descent): legal, not proven least."""
    try:
        return solve(pb, Budget(nodes=0))
    except LimitReached as e:
        return e.best


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
        why = cage_refusal(people, caps, [contents[idx] for idx in vc], k)
        if v in gone or why:
            raise ValueError(f"step {i}: {why}")
        contents[c].append(people)
        via = None if j is None else m.items[j][0]
        placements.append(Placement(st.card.id, st.card.player, m.label(c), via))
        if is_full(caps, [contents[idx] for idx in vc]):
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
        if any(legal_cages(q, caps, cont) for q in peoples):
            return True
    return False


def feasible(pb: LoadProblem, budget: Budget | None = None) -> bool:
    """Can every revealed card be loaded (no refugee)? Depth-first, failing at the first card
    that would go to the Trollgat; twin steps in non-decreasing cage order as in ``solve``.
    Raises ``LimitReached`` when ``budget`` runs out."""
    budget = budget or Budget(seconds=DEFAULT_SECONDS, nodes=DEFAULT_NODES)
    m = Model(pb)
    n = len(m.steps)
    memo: dict = {}

    def ok(i: int, occ: tuple, cnt: tuple, ondock: int, active: bool, floor: int) -> bool:
        if i == n:
            return True
        key = _key(i, occ, cnt, ondock, active, floor)
        if key in memo:
            return memo[key]
        _tick(budget, None)
        st = m.steps[i]
        if st.extra and not active:
            out = ok(i + 1, occ, cnt, ondock, False, 0)
        elif m.lower_bound(i, occ, cnt, ondock, active=active):
            out = False
        else:
            out = False
            for opt in m.distinct(m.options(i, occ, cnt, ondock), occ, cnt):
                if opt[1] < floor:
                    continue
                o2, c2, u2 = apply_option(m, i, occ, cnt, ondock, opt)
                trig = (
                    i + 1 < n
                    and m.steps[i + 1].extra
                    and opt[0] is None
                    and st.card.symbol == "arrow"
                )
                nfloor = opt[1] if i + 1 < n and m.twin[i + 1] else 0
                if ok(i + 1, o2, c2, u2, trig, nfloor):
                    out = True
                    break
        memo[key] = out
        return out

    return ok(0, m.occ0, m.cnt0, m.start_dock, False, 0)

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

from rulebook.trollland import rules as loading
from rulebook.trollland.cards import PEOPLES
from solvers.limits import Budget, LimitReached

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
        """Refugees that steps i.. cannot avoid (room only shrinks as cards board, so the bound
        holds below this node). Per people: the plain cards still to come beyond the room any
        vehicle can still offer that people (one cage per vehicle). All peoples together: the
        plain cards beyond the room of the cages some of them can use, at most one cage per
        people in each vehicle (cages are shared, so this catches peoples competing for them)."""
        need = self.need[i]
        wanted = [q for q, k in enumerate(need) if k]
        if not wanted:
            return 0
        low, shared = 0, 0
        for cages in self.by_vehicle:
            rooms = []
            for c in cages:
                if cnt[c] < self.cap[c] and (occ[c] == -1 or need[occ[c]]):
                    rooms.append(self.cap[c] - cnt[c])
            shared += sum(sorted(rooms, reverse=True)[: len(wanted)])
        for q in wanted:
            room = 0
            for cages in self.by_vehicle:
                held = [c for c in cages if occ[c] == q]
                pool = held or [c for c in cages if occ[c] == -1]
                room += max((self.cap[c] - cnt[c] for c in pool), default=0)
            low += max(0, need[q] - room)
        return max(low, sum(need) - shared)

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
        """Cages accepting people ``q`` now (same test as rulebook.trollland.rules.cage_refusal)."""
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


def _apply(m: Model, i, occ, cnt, ondock, opt):
    j, c = opt
    q = m.q[i] if j is None else m.dock_q[j]
    occ = occ[:c] + (q,) + occ[c + 1 :]
    cnt = cnt[:c] + (cnt[c] + 1,) + cnt[c + 1 :]
    if j is not None:  # the dock card is loaded; the question-mark card takes its place
        ondock = (ondock & ~(1 << j)) | (1 << m.qitem[i])
    return occ, cnt, ondock


DEFAULT_SECONDS = 20.0
DEFAULT_NODES = 1_000_000  # memo entries of ~250 bytes: at most a few hundred MB


def _tick(budget: Budget, best) -> None:
    """One search node. Budget reads the clock every 1,024 nodes; nodes here can take a
    millisecond on big inputs, so the clock is also read every 64 nodes."""
    budget.tick(best=best)
    if budget.used & 63 == 0 and budget.remaining_seconds() == 0:
        raise LimitReached(f"time limit of {budget.seconds:g} s reached", best)


def _key(i, occ, cnt, ondock, active, floor) -> tuple:
    """A compact memo key (bytes instead of two tuples: a third of the memory)."""
    return (i, bytes(o + 1 for o in occ) + bytes(cnt), ondock, active, floor)


def solve(pb: LoadProblem, budget: Budget | None = None) -> LoadResult:
    """Least refugees, with one placement reaching it (ties: first option in cage order).

    Branch and bound over the steps with a memo: a greedy descent gives the first answer, then
    a subtree is cut when the refugees it must add (``Model.lower_bound``) cannot beat the best
    answer. Twin steps (consecutive plain cards of one people) take cages in non-decreasing
    order: any loading can be rearranged that way with the same refugees (see
    ``z3load.Encoding.twins``). ``floor`` is the least cage the step may take. Raises
    ``LimitReached`` (``best`` = the greedy answer) when ``budget`` runs out."""
    budget = budget or Budget(seconds=DEFAULT_SECONDS, nodes=DEFAULT_NODES)
    m = Model(pb)
    n = len(m.steps)
    start = (m.occ0, m.cnt0, m.start_dock, False, 0)

    def children(i, occ, cnt, ondock, floor):
        st = m.steps[i]
        nxt_extra = i + 1 < n and m.steps[i + 1].extra
        opts = m.options(i, occ, cnt, ondock)
        if not opts:
            return None  # Trollgat
        out = []
        for opt in sorted(m.distinct(opts, occ, cnt), key=lambda o: m.preference(i, o, occ, cnt)):
            if opt[1] < floor:
                continue
            o2, c2, u2 = _apply(m, i, occ, cnt, ondock, opt)
            trig = nxt_extra and opt[0] is None and st.card.symbol == "arrow"
            nfloor = opt[1] if i + 1 < n and m.twin[i + 1] else 0
            out.append((opt, (o2, c2, u2, trig, nfloor)))
        return out

    def moves(i, state):
        """(choice, refugees added, next state) for step i."""
        occ, cnt, ondock, active, floor = state
        if m.steps[i].extra and not active:
            return [("skip", 0, (occ, cnt, ondock, False, 0))]
        kids = children(i, occ, cnt, ondock, floor)
        if kids is None:
            return [(GAT, 1, (occ, cnt, ondock, False, 0))]
        return [(opt, 0, nxt) for opt, nxt in kids]

    greedy, state = [], start
    for i in range(n):  # the twins' cage order is a pruning device: the greedy ignores it
        choice, _, state = moves(i, (*state[:4], 0))[0]
        greedy.append(choice)
    found = [replay(pb, greedy, "search (best so far, not proven least)")]
    path: list = []  # the choices from the root to the node being searched, and their refugees
    memo: dict = {}

    def best(i: int, state: tuple, beta: int, spent: int) -> int:
        """Least refugees of steps i.. when that is below ``beta``; otherwise some lower bound
        that is at least ``beta`` (the subtree cannot beat the best answer). ``spent`` refugees
        were made on the way here: a complete loading better than ``found`` replaces it, so a
        budget that runs out reports the best answer found so far."""
        if i == n:
            if len(path) == n and spent < found[0].refugees:
                found[0] = replay(pb, list(path), "search (best so far, not proven least)")
            return 0
        key = _key(i, *state)
        hit = memo.get(key)
        if hit is not None and (hit[1] or hit[0] >= beta):
            return hit[0]
        _tick(budget, found[0])
        low = m.lower_bound(i, state[0], state[1])
        if low >= beta:
            memo[key] = (low, False)
            return low
        val = n + 1
        for choice, cost, nxt in moves(i, state):
            path.append(choice)
            val = min(val, cost + best(i + 1, nxt, min(beta, val) - cost, spent + cost))
            path.pop()
            if val <= low:  # cannot do better than the bound
                break
        memo[key] = (val, val < beta)
        return val

    incumbent = found[0]
    if incumbent.refugees <= m.lower_bound(0, m.occ0, m.cnt0):  # the greedy answer is least
        return LoadResult("search", incumbent.refugees, incumbent.placements, incumbent.departures)
    total = best(0, start, incumbent.refugees, 0)  # only a better answer is worth finding
    if total >= incumbent.refugees:
        return LoadResult("search", incumbent.refugees, incumbent.placements, incumbent.departures)
    choices, state = [], start  # walk the optimum to recover the choices
    for i in range(n):
        target = best(i, state, total + 1, 0)
        for choice, cost, nxt in moves(i, state):
            if cost + best(i + 1, nxt, target - cost + 1, 0) == target:
                choices.append(choice)
                state = nxt
                break
    result = replay(pb, choices, "search")
    assert result.refugees == total
    return result


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
        elif m.lower_bound(i, occ, cnt):
            out = False
        else:
            out = False
            for opt in m.distinct(m.options(i, occ, cnt, ondock), occ, cnt):
                if opt[1] < floor:
                    continue
                o2, c2, u2 = _apply(m, i, occ, cnt, ondock, opt)
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

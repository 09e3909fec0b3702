"""Loading with z3: the same question as ``search.solve``, as a pseudo-Boolean model.

Per step t (the revealed cards in banishment order, plus arrow extras) a Bool per option
``x[t][(dock card | None, cage)]`` and ``g[t]`` for the Trollgat; exactly one holds when the step is
active (an extra step is active iff its arrow card was not sent to the Trollgat). The loading rules
hold on the final contents (contents only grow, so that is the same as at every placement):
capacity (TL-LOAD-CAPACITY), one people per cage (TL-LOAD-CAGE-PEOPLE), different peoples per vehicle
(TL-LOAD-VEHICLE-DISTINCT), each dock card swapped in once, and a question-mark card taken from the
dock only after its own step put it there (TL-SYMBOL-QUESTION; under TLR-QUESTION-DOCK =
not-this-turn such cards are never taken). ``g[t]`` implies that
no option was legal at step t given the earlier steps (TL-LOAD-TROLLGAT, forced-only), which is where
the order (TL-BANISH-ORDER) matters. The least number of refugees is found by raising a PbLe bound;
when it is not 0, an unsat core over the rule groups and the per-card "no refugee" wishes is turned
into words.
"""

from __future__ import annotations

import z3

from rulebook.trollland import CATALOG, cage_refusal
from rulebook.trollland.cards import PEOPLES
from solvers.limits import Budget, LimitReached

from .problem import LoadProblem
from .search import GAT, LoadResult, Model, greedy, replay

DEFAULT_SECONDS = 20.0
CORE_STEP_MS = 1_000  # per check while shrinking an unsat core
RULE_WORDS = {
    "TL-LOAD-CAPACITY": "the cages that could take them have too little room left",
    "TL-LOAD-CAGE-PEOPLE": "a cage already holding another people cannot take them",
    "TL-LOAD-VEHICLE-DISTINCT": (
        "a vehicle whose other cage already holds that people cannot take a second cage of it"
    ),
    "TL-SYMBOL-QUESTION": (
        "each dock card can be swapped in only once, a question-mark card only once it is on the dock"
    ),
}


def _or(terms: list[str]) -> str:
    terms = [t for t in terms if t != "false"]
    if "true" in terms:
        return "true"
    return "false" if not terms else terms[0] if len(terms) == 1 else f"(or {' '.join(terms)})"


def _and(terms: list[str]) -> str:
    terms = [t for t in terms if t != "true"]
    if "false" in terms:
        return "false"
    return "true" if not terms else terms[0] if len(terms) == 1 else f"(and {' '.join(terms)})"


def _not(term: str) -> str:
    return {"true": "false", "false": "true"}.get(term, f"(not {term})")


def _at_most(terms: list[str], k: int) -> str:
    if k < 0:
        return "false"
    if len(terms) <= k:
        return "true"
    return f"((_ at-most {k}) {' '.join(terms)})"


class Encoding:
    """The model as SMT-LIB text (parsed by z3 in one go: building it term by term through the
    Python API cost more than solving). Variable names: ``x_t_k``, ``g_t``, ``rule_i``,
    ``loaded_t``."""

    def __init__(self, pb: LoadProblem):
        self.pb = pb
        m = self.m = Model(pb)
        n = len(m.steps)
        self.opts = []
        # only cages that could ever take the people (room left, not another people's cage, no
        # sibling cage of that people at the start): the others are never legal
        ever = {q: m.legal(q, m.occ0, m.cnt0) for q in range(len(PEOPLES))}
        for t in range(len(m.steps)):
            o = [(None, c) for c in ever[m.q[t]]]
            if m.qitem[t] is not None:
                o += [(j, c) for j in self.items_before(t) for c in ever[m.dock_q[j]]]
            self.opts.append(o)
        self.x = [[f"x_{t}_{k}" for k in range(len(self.opts[t]))] for t in range(n)]
        self.gn = [f"g_{t}" for t in range(n)]
        self.g = [z3.Bool(name) for name in self.gn]
        self.act = [f"(not g_{t - 1})" if m.steps[t].extra else "true" for t in range(n)]
        self.index: dict = {}  # (cage, people or None) -> [(step, option name)]
        for t in range(n):
            for k, (_, c) in enumerate(self.opts[t]):
                for key in ((c, None), (c, self.people(t, k))):
                    self.index.setdefault(key, []).append((t, self.x[t][k]))
        self.exactly_one: list[str] = []
        self.gat_forced: list[str] = []
        self.groups: dict[str, list[str]] = {rid: [] for rid in RULE_WORDS}
        self._build()

    def items_before(self, t: int) -> list[int]:
        """Dock items a question mark at step t may take: the starting dock, and under
        TLR-QUESTION-DOCK = any-present the question-mark cards of earlier steps."""
        m, start = self.m, len(self.pb.dock)
        later = [j for j in range(start, len(m.items)) if m.reuse and self.source(j) < t]
        return [*range(start), *later]

    def source(self, j: int) -> int:
        """The step whose question-mark card is dock item j (j past the starting dock)."""
        return self.m.qitem.index(j)

    def swapped(self, s: int) -> str:
        """Step s put its question-mark card on the dock."""
        return _or([x for x, (j, _) in zip(self.x[s], self.opts[s], strict=True) if j is not None])

    def plain(self, t: int) -> bool:
        st = self.m.steps[t]
        return not st.extra and st.card.symbol != "question" and st.card.extra is None

    def twins(self, t: int) -> bool:
        """Steps t and t+1 are interchangeable: same people, no symbol effect. Swapping their
        cages keeps every placement legal (legality only shrinks as cards are added, and two
        cards of one people never share a vehicle unless in one cage), and if t has no legal
        cage neither has t+1 -- so ordering their cages loses no answer."""
        return self.plain(t) and self.plain(t + 1) and self.m.q[t] == self.m.q[t + 1]

    def people(self, t: int, k: int) -> int:
        j, _ = self.opts[t][k]
        return self.m.q[t] if j is None else self.m.dock_q[j]

    def into(self, c: int, upto: int, q: int | None = None) -> list[str]:
        """Option variables of steps before ``upto`` that put a card (of people q) in cage c."""
        return [b for t, b in self.index.get((c, q), ()) if t < upto]

    def occupied(self, c: int, q: int, upto: int) -> str:
        if self.m.occ0[c] == q:
            return "true"
        return _or(self.into(c, upto, q))

    def legal_at(self, t: int, k: int) -> str:
        m = self.m
        j, c = self.opts[t][k]
        q = self.people(t, k)
        parts = [_at_most(self.into(c, t), m.cap[c] - m.cnt0[c] - 1)]
        parts += [_not(self.occupied(c, q2, t)) for q2 in range(len(PEOPLES)) if q2 != q]
        parts += [_not(self.occupied(c2, q, t)) for c2 in m.siblings[c]]
        if j is not None:
            parts += [
                _not(self.x[s][kk])
                for s in range(t)
                for kk, (jj, _) in enumerate(self.opts[s])
                if jj == j
            ]
            if j >= len(self.pb.dock):
                parts.append(self.swapped(self.source(j)))
        return _and(parts)

    def _build(self) -> None:
        m, n = self.m, len(self.m.steps)
        for t in range(n):
            terms = [*self.x[t], self.gn[t], _not(self.act[t])]
            terms = [x for x in terms if x != "false"]
            self.exactly_one.append(f"((_ pbeq 1 {' '.join('1' * len(terms))}) {' '.join(terms)})")
        for t in range(n - 1):
            if self.twins(t):
                # symmetry breaking: twin steps fill cages in non-decreasing order, Trollgat last
                for k in range(len(self.opts[t])):  # twins have the same option list
                    rhs = _or(self.x[t][: k + 1])
                    self.exactly_one.append(f"(=> {self.x[t + 1][k]} {rhs})")
        final = n
        for c in range(len(m.cages)):
            inside = self.into(c, final)
            if inside:
                self.groups["TL-LOAD-CAPACITY"].append(_at_most(inside, m.cap[c] - m.cnt0[c]))
            has = [
                self.occupied(c, q, final)
                for q in range(len(PEOPLES))
                if m.occ0[c] == q or self.into(c, final, q)
            ]
            if len(has) > 1:
                self.groups["TL-LOAD-CAGE-PEOPLE"].append(_at_most(has, 1))
        for v in range(len(self.pb.vehicles)):
            cs = [c for c in range(len(m.cages)) if m.vehicle_of[c] == v]
            for q in range(len(PEOPLES)):
                has = [
                    self.occupied(c, q, final)
                    for c in cs
                    if m.occ0[c] == q or self.into(c, final, q)
                ]
                if len(has) > 1:
                    self.groups["TL-LOAD-VEHICLE-DISTINCT"].append(_at_most(has, 1))
        for j in range(len(m.items)):
            uses = [
                self.x[t][k] for t in range(n) for k, (jj, _) in enumerate(self.opts[t]) if jj == j
            ]
            if len(uses) > 1:
                self.groups["TL-SYMBOL-QUESTION"].append(_at_most(uses, 1))
            if uses and j >= len(self.pb.dock):  # on the dock only once its step swapped
                on_dock = self.swapped(self.source(j))
                self.groups["TL-SYMBOL-QUESTION"] += [f"(=> {u} {on_dock})" for u in uses]

    def add_gat_forced(self) -> list[str]:
        """g[t] -> no option legal at step t (built only when some card must be a refugee)."""
        if not self.gat_forced:
            for t in range(len(self.m.steps)):
                legal = _or([self.legal_at(t, k) for k in range(len(self.opts[t]))])
                self.gat_forced.append(f"(=> {self.gn[t]} {_not(legal)})")
        return self.gat_forced

    def solver(self, ordered: bool):
        """``ordered=False`` leaves out the Trollgat condition: enough to decide whether every
        card can be loaded (with no refugee the order cannot matter, contents only grow)."""
        names = [x for row in self.x for x in row] + self.gn
        lines = [f"(declare-const {v} Bool)" for v in names]
        asserts = list(self.exactly_one)
        if ordered:
            asserts += self.add_gat_forced()
        self.rule_lits = {}
        for i, (rid, cons) in enumerate(self.groups.items()):
            name = f"rule_{i}"
            lines.append(f"(declare-const {name} Bool)")
            asserts.append(f"(=> {name} {_and(cons)})")
            self.rule_lits[rid] = z3.Bool(name)
        self.card_lits = []  # one wish per run of twin steps (symmetry breaking ties them)
        for t, st in enumerate(self.m.steps):
            if t and self.twins(t - 1):
                lit, group = self.card_lits[-1]
                group.append(st)
            else:
                lines.append(f"(declare-const loaded_{t} Bool)")
                lit, group = z3.Bool(f"loaded_{t}"), [st]
                self.card_lits.append((lit, group))
            asserts.append(f"(=> {lit} (not {self.gn[t]}))")
        s = z3.SolverFor("QF_FD")
        s.from_string("\n".join(lines + [f"(assert {a})" for a in asserts]))
        return s

    def decode(self, model) -> list:
        def true(name: str) -> bool:
            return z3.is_true(model.eval(z3.Bool(name), model_completion=True))

        out = []
        for t, st in enumerate(self.m.steps):
            if st.extra and true(self.gn[t - 1]):
                out.append("skip")
            elif true(self.gn[t]):
                out.append(GAT)
            else:
                ks = [k for k, b in enumerate(self.x[t]) if true(b)]
                out.append(self.opts[t][ks[0]])
        return out


def _check(s, assumptions, budget: Budget, best=None) -> z3.CheckSatResult:
    """One z3 query within what is left of the budget's time (every query has a timeout)."""
    left = budget.remaining_seconds()
    if left is not None:
        if left <= 0.001:
            raise LimitReached(f"time limit of {budget.seconds:g} s reached", best)
        s.set("timeout", max(1, int(left * 1000)))
    r = s.check(*assumptions)
    if r == z3.unknown:
        raise LimitReached(f"z3 gave up ({s.reason_unknown()}) within {budget.seconds:g} s", best)
    return r


def solve(pb: LoadProblem, explain: bool = True, budget: Budget | None = None) -> LoadResult:
    """Least refugees with z3: one order-free query decides whether every card loads; otherwise
    bounds from the search's lower bound up to (not including) its greedy answer are tried, and
    when all are unsat the greedy answer is the least. Raises ``LimitReached`` (``best`` = the
    greedy answer) when the budget's time runs out."""
    budget = budget or Budget(seconds=DEFAULT_SECONDS)
    fallback = greedy(pb)
    enc = Encoding(pb)
    s0 = enc.solver(ordered=False)
    rules = list(enc.rule_lits.values())
    if _check(s0, [*rules, *(lit for lit, _ in enc.card_lits)], budget, fallback) == z3.sat:
        return replay(pb, enc.decode(s0.model()), "z3")
    why = _explain(enc, s0, budget) if explain else []
    s = enc.solver(ordered=True)
    rules = list(enc.rule_lits.values())
    m = enc.m
    low = max(1, m.lower_bound(0, m.occ0, m.cnt0), m.flow_bound(0, m.occ0, m.cnt0))
    for bound in range(low, fallback.refugees):
        lit = z3.Bool(f"at_most_{bound}")
        s.add(z3.Implies(lit, z3.PbLe([(g, 1) for g in enc.g], bound)))
        if _check(s, [*rules, lit], budget, fallback) == z3.sat:
            result = replay(pb, enc.decode(s.model()), "z3")
            if result.refugees != bound:
                raise AssertionError(f"z3 model has {result.refugees} refugees, bound {bound}")
            result.explanation = why
            return result
    return LoadResult("z3", fallback.refugees, fallback.placements, fallback.departures, why)


def _explain(enc: Encoding, s, budget: Budget) -> list[str]:
    """A minimal set of rules and 'this card is loaded' wishes that cannot hold together (``s``
    has just answered unsat under all of them)."""
    core = [c for c in s.unsat_core()]
    keep = list(core)
    for lit in core:  # deletion-based minimisation; a step that times out keeps the literal
        left = budget.remaining_seconds()
        step = CORE_STEP_MS if left is None else min(CORE_STEP_MS, int(left * 1000))
        if step <= 0:
            break
        s.set("timeout", step)
        trial = [x for x in keep if not x.eq(lit)]
        if s.check(*trial) == z3.unsat:
            keep = trial
    names = {str(x) for x in keep}
    cards = [st for lit, group in enc.card_lits if str(lit) in names for st in group]
    rids = [rid for rid, lit in enc.rule_lits.items() if str(lit) in names]
    who = ", ".join(
        f"{st.card.id} ({st.card.player}{', extra' if st.extra else ''})" for st in cards
    )
    verb = "cannot be loaded" if len(cards) == 1 else "cannot all be loaded"
    out = [f"why: {who} {verb} this turn, because"]
    for rid in rids:
        out.append(f"  {rid} ({CATALOG.get(rid).title}): {RULE_WORDS[rid]}")
    if any(st.extra for st in cards):
        out.append("  TL-SYMBOL-ARROW: loading the arrow card forces its extra card to be loaded")
    peoples = sorted({PEOPLES.index(st.card.people) for st in cards})
    if any(st.card.symbol == "question" and not st.extra for st in cards):
        peoples = sorted(set(peoples) | set(enc.m.dock_q))
    for q in peoples:
        out.append(f"  cages for {PEOPLES[q]} at the start: " + _cage_report(enc, q))
    return out


def _cage_report(enc: Encoding, q: int) -> str:
    """Each cage's room for people ``q`` before loading, or the rule that shuts it."""
    m = enc.m
    parts = []
    for c in range(len(m.cages)):
        v = m.vehicle_of[c]
        vc = [k for k in range(len(m.cages)) if m.vehicle_of[k] == v]
        contents = [[PEOPLES[m.occ0[k]]] * m.cnt0[k] if m.occ0[k] >= 0 else [] for k in vc]
        why = cage_refusal(PEOPLES[q], [m.cap[k] for k in vc], contents, vc.index(c))
        room = m.cap[c] - m.cnt0[c]
        parts.append(f"{m.label(c)} {why.rule_id}" if why else f"{m.label(c)} room {room}")
    return "; ".join(parts)


def feasible(pb: LoadProblem, budget: Budget | None = None) -> bool:
    """Can every revealed card be loaded? One check of the order-free model (no refugee)."""
    budget = budget or Budget(seconds=DEFAULT_SECONDS)
    enc = Encoding(pb)
    s = enc.solver(ordered=False)
    lits = [*enc.rule_lits.values(), *(lit for lit, _ in enc.card_lits)]
    return _check(s, lits, budget) == z3.sat

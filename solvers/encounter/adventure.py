"""Solo Adventure planner with everything face up: is this deal winnable, and how?

After setup the Solo Adventure has no more chance (the Boss deck order is part of the state), so a
depth-first search over the engine's own ``legal_actions``/``perform`` is exact. Every action
uses up something (a hand card, your encounter or an enemy), so the graph is finite and acyclic;
positions already shown lost are remembered (a transposition table keyed on everything that matters
for the future, not the discard pile). The budget caps the states explored; past it the answer is
"unknown", never a guess.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from rulebook.common.actions import Action
from rulebook.encounter import solo
from rulebook.encounter.battle import (
    DEFAULT_RULES,
    Summary,
    ability,
    battle_rules,
    resolution,
    summarise,
)
from rulebook.encounter.building import composition_problem
from rulebook.encounter.game import SOLO
from rulebook.encounter.state import SoloState, SoloTable


@dataclass
class AdventurePlan:
    winnable: bool | None  # None = a limit ended the search first (``stopped`` says which)
    plan: list[str] = field(default_factory=list)
    states: int = 0
    stopped: str = ""  # "" when decided; "budget" or "time" when the search was cut
    # when cut: the furthest line played so far (most Keys, then most enemies cleared, then
    # furthest along the path) -- a partial answer, not a win -- and where it ends
    furthest: list[str] = field(default_factory=list)
    reached: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        out = {"winnable": self.winnable, "plan": self.plan, "states": self.states}
        if self.stopped:
            out |= {"partial": True, "stopped": self.stopped, "furthest": self.furthest}
            out |= {"reached": self.reached}
        return out


def progress(st: SoloState) -> tuple[int, int, int]:
    """How far a line has come: (Keys held, enemy encounters cleared, path space)."""
    return len(st.keys), sum(1 for s in st.spaces if not s), st.marker


CLOCK_EVERY = 64  # states between two readings of the clock (a state takes about 0.4 ms)


def _classes(st: SoloState) -> dict[str, tuple]:
    """Cards that behave identically (same kind, level, star, effect) share a class, so two
    positions that differ only by which copy of a level-3 creature you hold are one position."""
    cs = st.cards
    return {
        c: (cs[c].kind, cs[c].level, cs[c].star, ability(c, cs, DEFAULT_RULES), cs[c].effect)
        for c in cs.cards
    }


def _key(st: SoloState, cls: dict[str, tuple]) -> tuple:
    def bag(ids):
        return tuple(sorted(cls[c] for c in ids))

    return (
        st.phase,
        st.marker,
        bag(st.hand),
        bag(st.my_encounter),
        tuple(bag(s) for s in st.spaces),
        tuple(st.face_up),
        len(st.keys),
        tuple(cls[c] for c in st.boss_deck),
        bag(st.defeated),
    )


def _ordered(s: SoloState, actions: list[Action]) -> list[Action]:
    """Move ordering (never pruning): finish first (enter, boss), battle when it wins, build
    the cheapest card that makes the battle winnable (greens last), recruit the strongest, ride
    towards Keys with cheap cards."""
    cs, rules = s.cards, battle_rules(s)
    enemy = summarise(s.enemy(), cs, rules) if s.spaces[s.marker] else None

    def wins_with(ids) -> bool:
        return enemy is not None and resolution(summarise(ids, cs, rules), enemy, rules).winner == 1

    def score(a: Action) -> tuple:
        verb, c, t = a.verb, (a.args[0] if a.args else None), str(a)
        if verb in ("enter", "boss"):
            return (0, 0, t)
        if verb == "battle":
            return (1 if wins_with(s.my_encounter) else 7, 0, t)
        if verb == "recruit":
            return (2, -(cs.level(c) + 20 * (cs[c].star == "blue")), t)
        if verb == "recruit -":
            return (2, 99, t)
        if verb == "stay":
            return (3, 0, t)
        if verb == "build":
            good = wins_with((*s.my_encounter, c))
            return (4 if good else 5, 50 * (cs[c].star == "green") + cs.level(c), t)
        tgt = solo.ride_target(s, cs.level(c))
        has_key = any(cs[x].kind == "key" for x in s.spaces[tgt])
        return (6, (0 if has_key else 100) + cs.level(c), t)

    return sorted(actions, key=score)


def _prune(s: SoloState, actions: list[Action]) -> list[Action]:
    """Sound pruning only: recruiting a creature never hurts (a card in hand only adds options),
    so 'recruit -' is dropped when there is something to recruit."""
    if s.phase == "loot" and len(actions) > 1:
        return [a for a in actions if a.verb != "recruit -"]
    return actions


class _Pool:
    """What the abstraction needs to know about a pool of cards, grown incrementally."""

    def __init__(self, st: SoloState, ids):
        self.cs, self.rules = st.cards, battle_rules(st)
        self.eff: set[str] = set()
        self.stars: set[str] = set()
        self.total = 0
        self.size = 0
        self.add(ids)

    def add(self, ids) -> None:
        for c in ids:
            self.eff.add(ability(c, self.cs, self.rules))
            self.stars.add(self.cs[c].star)
            self.total += self.cs.level(c)
            self.size += 1

    def could_beat(self, enemy: list[str], allow_tie: bool) -> bool:
        """Over-approximation: could *some* legal encounter drawn from the pool beat ``enemy``?
        Abstracts an encounter to its effect flags and a level in [0, max]; a False is a proof
        that no real encounter can (the result is monotone in the level once flags are fixed)."""
        if not enemy:
            return True
        rules = self.rules
        them = summarise(enemy, self.cs, rules)
        top = self.total * (2 if rules.sin else 1)
        greens = ("green" in self.stars and self.size >= 2) or "swap" in self.eff
        for g in (False, True) if greens else (False,):
            for w in (False, True) if "autowin" in self.eff else (False,):
                for lose in (False, True) if "autolose" in self.eff else (False,):
                    for level in (0, top):
                        r = resolution(Summary(level, False, g, w, lose), them, rules).winner
                        if r == 1 or (allow_tie and r == 0):
                            return True
        return False


def _illegal(ids: list[str], st: SoloState) -> bool:
    body = [c for c in ids if st.cards[c].kind != "key"]
    return composition_problem(body, st.cards) is not None


def hopeless(st: SoloState) -> bool:
    """A sound dead-end test: grow the cards you could ever hold (hand, encounter, non-green
    creatures of spaces you could beat) to a fixpoint; if some space holding a Key, or the Final
    Encounter, is still unbeatable by any encounter from that pool, the adventure is lost."""
    cs = st.cards
    pool = _Pool(st, list(st.hand) + list(st.my_encounter) + list(st.defeated))
    tie_ok = st.rulings["RER-SOLO-TIE"] == "discard-both"
    open_spaces = [i for i in range(len(st.spaces)) if st.spaces[i]]
    wild = {i for i in open_spaces if not st.face_up[i] and _illegal(st.spaces[i], st)}
    if wild:
        pool.add(st.boss_deck)  # a discovery may bring Bosses one could recruit
    enemies = {i: st.enemy(i) for i in open_spaces}
    beatable: set[int] = set()
    changed = True
    while changed:
        changed = False
        for i in open_spaces:
            if i in beatable:
                continue
            if i in wild or pool.could_beat(enemies[i], tie_ok):
                beatable.add(i)
                pool.add(c for c in enemies[i] if cs[c].star != "green")
                changed = True
    for i in open_spaces:
        if i not in beatable and any(cs[c].kind == "key" for c in st.spaces[i]):
            return True
    if st.final and not _illegal(st.final, st):
        return not pool.could_beat(st.final, False)
    return False


def boss_room_plan(st: SoloState) -> list[str] | None:
    """In the Boss room (phase ``bossbuild``) only two things remain: which hand cards to add,
    then ``enter``. The Final Encounter's Discover is deterministic, so try every distinct set of
    hand cards (smallest first) directly instead of searching build orders."""
    import itertools

    cs, rules = st.cards, battle_rules(st)
    final = solo.replace_illegal(SoloTable(st), list(st.final))
    them = summarise(final, cs, rules)
    cls = _classes(st)
    seen: set[tuple] = set()
    for size in range(len(st.hand) + 1):
        for extra in itertools.combinations(sorted(st.hand), size):
            key = tuple(sorted(cls[c] for c in extra))
            if key in seen:
                continue
            seen.add(key)
            mine = (*st.my_encounter, *extra)
            if not mine or composition_problem(mine, cs) is not None:
                continue
            if resolution(summarise(mine, cs, rules), them, rules).winner == 1:
                return [f"build {c}" for c in extra] + ["enter"]
    return None


def solve_adventure(
    st: SoloState,
    max_states: int = 200_000,
    prune: bool = True,
    probe_share: float = 0.5,
    seconds: float | None = None,
) -> AdventurePlan:
    """Find a winning plan, or prove there is none.

    Two phases share the ``max_states`` budget. First limited-discrepancy probes (d = 0, 1, 2,
    ...: follow the move ordering, leaving it at most d times) find wins fast when the ordering
    is nearly right; they use up to ``probe_share`` of the budget. Then a complete depth-first
    search with a table of lost positions decides the deal. ``prune=False`` switches off the
    sound shortcuts (``hopeless``, the direct Boss-room check) -- the tests check both agree.
    ``seconds`` ends the search on the clock too. A search cut by either limit answers
    ``winnable=None`` with the furthest line it played (``AdventurePlan.furthest``)."""
    search = _AdventureSearch(st, max_states, prune, seconds)
    probe_limit = int(max_states * probe_share)
    try:
        d = 0
        while search.count < probe_limit and d <= 6:
            search.plan.clear()
            search.cut = False
            if search.lds(st, d, probe_limit, {}):
                return AdventurePlan(True, list(search.plan), search.count)
            if not search.cut:
                return AdventurePlan(False, [], search.count)  # nothing was left untried
            d += 1
    except _OutOfBudget as e:
        if e.args and e.args[0] == "time":
            return search.partial("time")
    search.plan.clear()
    try:
        won = search.dfs(st)
    except _OutOfBudget as e:
        return search.partial(e.args[0] if e.args else "budget")
    if won:
        return AdventurePlan(True, list(search.plan), search.count)
    return AdventurePlan(False, [], search.count)


class _OutOfBudget(Exception):
    pass


class _AdventureSearch:
    """The state both phases of ``solve_adventure`` share: the plan being built, the positions
    counted against the budget, positions proved lost and the ``hopeless`` verdicts."""

    def __init__(self, st: SoloState, max_states: int, prune: bool, seconds: float | None = None):
        self.plan: list[str] = []
        self.count = 0
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.furthest: tuple[tuple, list[str], SoloState] = (progress(st), [], st)
        self.cls = _classes(st)
        self.max_states = max_states
        self.prune = prune
        self.proved_lost: set[tuple] = set()  # positions fully explored without a win (sound)
        self.dead_checked: dict[tuple, bool] = {}  # hopeless() per position, computed once
        self.cut = False  # did a probe leave moves untried? If not, it was a complete search

    def step(self, limit: int) -> None:
        """Count one state against the budget (``limit``) and read the clock now and then."""
        if self.count >= limit:
            raise _OutOfBudget("budget")
        self.count += 1
        if self.deadline is not None and self.count % CLOCK_EVERY == 0:
            if time.monotonic() > self.deadline:
                raise _OutOfBudget("time")

    def child(self, s: SoloState, a: Action) -> SoloState:
        """Play ``a`` on the current line; remember the line if it is the furthest so far."""
        self.plan.append(str(a))
        t = SOLO.perform(s, a)
        p = progress(t)
        if p > self.furthest[0]:
            self.furthest = (p, list(self.plan), t)
        return t

    def partial(self, stopped: str) -> AdventurePlan:
        """The answer of a search a limit cut: no verdict, the furthest line played."""
        (keys, cleared, pos), line, _ = self.furthest
        reached = {"keys": keys, "cleared": cleared, "space": pos + 1}
        return AdventurePlan(None, [], self.count, stopped, line, reached)

    def children(self, s: SoloState):
        return _ordered(s, _prune(s, solo.legal_actions(s)))

    def terminal(self, s: SoloState, k: tuple) -> bool | None:
        """True/False when decided without expanding, else None."""
        if s.outcome == "win":
            return True
        if s.outcome != "-" or k in self.proved_lost:
            return False
        if self.prune and s.phase == "ride":
            if k not in self.dead_checked:
                self.dead_checked[k] = hopeless(s)
            if self.dead_checked[k]:
                self.proved_lost.add(k)
                return False
        if self.prune and s.phase == "bossbuild":
            self.count += 1
            tail = boss_room_plan(s)
            if tail is None:
                self.proved_lost.add(k)
                return False
            self.plan.extend(tail)
            return True
        return None

    def lds(self, s: SoloState, d: int, limit: int, failed: dict) -> bool:
        """A limited-discrepancy probe: leave the move ordering at most ``d`` times."""
        k = _key(s, self.cls)
        t = self.terminal(s, k)
        if t is not None:
            return t
        if failed.get(k, -1) >= d:
            return False
        for i, a in enumerate(self.children(s)):
            cost = 0 if i == 0 else 1
            if cost > d:
                self.cut = True
                break
            self.step(limit)
            if self.lds(self.child(s, a), d - cost, limit, failed):
                return True
            self.plan.pop()
        failed[k] = d
        return False

    def dfs(self, s: SoloState) -> bool:
        """The complete search: every child, positions proved lost remembered."""
        k = _key(s, self.cls)
        t = self.terminal(s, k)
        if t is not None:
            return t
        for a in self.children(s):
            self.step(self.max_states)
            if self.dfs(self.child(s, a)):
                return True
            self.plan.pop()
        self.proved_lost.add(k)
        return False


def replay(st: SoloState, plan: list[str]) -> list[SoloState]:
    """The states a plan passes through (for notebooks and tests); RuleError on an illegal step."""
    out = [st]
    for a in plan:
        out.append(SOLO.apply(out[-1], a))
    return out

"""Claims checked on games, with the smallest counterexample (issues 22, 36).

A claim is a Python predicate over a state (``claim(state) -> bool``) or over a step
(``claim(state, action, next_state) -> bool``). ``check(game, claim, games=N, depth=D)`` tries it
on every position of N seeded random games (in one process, on local workers or on Dask, as the
sweeps do) and, with ``depth``, on every position up to D actions from the start of the first
game (breadth first, at most ``max_states`` positions). A false claim comes back with a
counterexample: the shortest violating game found, shrunk (``shrink.py``), a replayable Trace.

Every answer says what was searched (``CheckResult.verdict``): "refuted"; "holds exhaustively"
(every position within D actions of the start was checked); "no counterexample" in N random
games (no proof); or "undecided" when the clock or the position bound cut what was asked.

A claim is the user's code: it is loaded and called only in a child process (``sandbox.py``)
with the check's clock and a memory limit, so nothing it does (loop, exit, print, allocate)
escapes ``seconds``; its own failure is a ``ClaimFailed`` naming its file and line. Where no
process can start (Pyodide, the browser) it runs in this process, bounded by the search's budget
and its clock checked between positions, and the answer says so (``isolation``).

A statistical claim ("the first player wins more often than 50 %") is an event over a finished
game marked with ``more_often_than(p)``; ``check_rate`` answers it from a sweep: supported,
refuted or undecided at 95 %, with the Wilson interval (``solvers.play.stats``).
"""

from __future__ import annotations

import importlib.util
import inspect
import math
import os
import random
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import rulebook
from rulebook.common.errors import TrogkitInputError

from .clock import Clock
from .sandbox import ClaimFailed, describe, run_child, run_here
from .shrink import shrink
from .trace import Start, Trace, step

MAX_STATES = 20_000  # positions an exhaustive check visits at most (its default bound)
# the largest bound a user may ask: the queue holds states and paths, ~8 KB per position visited
# (trogdor, depth 50: 175 MB peak RSS at 20,000 visited, 61,025 found), under sandbox.MEMORY_CAP
MAX_BOUND = 50_000
MAX_GAMES = 1_000_000
MAX_CLAIM_BYTES = 1_000_000
NO_CLOCK = Clock()


# ---- loading a claim -----------------------------------------------------------------------


def claim_file(spec: str) -> tuple[Path, str]:
    """The file and the name of 'FILE.py:NAME', checked here (no code of it runs)."""
    path, _, name = str(spec).rpartition(":")
    if not path or not name:
        raise TrogkitInputError(f"a claim is FILE.py:NAME, not {str(spec)[:80]!r}")
    p = Path(path)
    if p.suffix != ".py":
        raise TrogkitInputError(f"a claim is FILE.py:NAME (a Python file), not {path[:80]!r}")
    if not p.is_file():
        what = "is not a regular file" if p.exists() else "does not exist"
        raise TrogkitInputError(f"a claim is FILE.py:NAME with an existing file: {path} {what}")
    if p.stat().st_size > MAX_CLAIM_BYTES:
        raise TrogkitInputError(f"claim file {path} is larger than {MAX_CLAIM_BYTES:,} bytes")
    return p, name


def load_claim(spec):
    """A claim from a callable or from 'FILE.py:NAME' (its module runs here: call it in the
    check's child process only). Its own failure is a ClaimFailed naming file and line."""
    if callable(spec):
        return spec
    p, name = claim_file(spec)
    path = os.path.abspath(p)
    try:
        mod_spec = importlib.util.spec_from_file_location(f"trogkit_claim_{p.stem}", path)
        module = importlib.util.module_from_spec(mod_spec)
        mod_spec.loader.exec_module(module)
    except BaseException as e:  # noqa: BLE001 (the user's code, in the child process)
        raise describe(e, path, "loading the claim") from None
    fn = getattr(module, name, None)
    if not callable(fn):
        raise TrogkitInputError(f"{p} has no function {name!r}")
    return fn


def arity(claim) -> int:
    """1 (a claim on a state) or 3 (on a step); anything else is refused clearly."""
    try:
        n = len(inspect.signature(claim).parameters)
    except (TypeError, ValueError):
        n = -1
    if n not in (1, 3):
        raise TrogkitInputError(
            f"a claim takes (state) or (state, action, next_state), not {n} arguments"
        )
    return n


def name_of(claim) -> str:
    if isinstance(claim, str):
        return claim.rpartition(":")[2]
    return getattr(claim, "__name__", str(claim))


def file_of(claim) -> str:
    code = getattr(claim, "__code__", None)
    return os.path.abspath(code.co_filename) if code is not None else ""


def call_claim(claim, args, on: str):
    """The claim's answer to ``args``; whatever it raises (exit included) is its own failure."""
    try:
        return claim(*args)
    except BaseException as e:  # noqa: BLE001 (the user's code, in the child process)
        raise describe(e, file_of(claim), f"claim {name_of(claim)}", on) from None


class ClaimStepper:
    """The goal of a counterexample: the claim is false at the last position or step."""

    def __init__(self, game, claim, start: Start):
        self.game, self.claim, self.start = game, claim, start
        self.on_steps = arity(claim) == 3

    def first(self):
        s = self.start.state(self.game)[0]
        return s, (not self.on_steps and not self._holds(s))

    def next(self, state, action):
        action = self.game.action(action)
        new = step(self.game, state, action)[0]
        ok = self._holds(state, action, new) if self.on_steps else self._holds(new)
        return new, not ok

    def _holds(self, *args) -> bool:
        return bool(call_claim(self.claim, args, f"on {self.game.name} {str(args[-1])[:120]}"))


# ---- random games --------------------------------------------------------------------------


@dataclass(frozen=True)
class ClaimJob:
    """What a worker needs to check one chunk of seeds (picklable: the claim by spec)."""

    game: str
    claim: object  # 'FILE.py:NAME' or a function importable by name
    players: int | None = None


def first_violation(game, stepper: ClaimStepper, seed: int) -> tuple[list[str] | None, int]:
    """The actions of seeded random game ``seed`` up to its first violation (None when the
    claim holds all game long), and the positions checked."""
    s, bad = stepper.first()
    actions: list[str] = []
    rng = random.Random(seed)
    while not bad:
        legal = game.legal_actions(s)
        if not legal:
            return None, len(actions) + 1
        a = legal[rng.randrange(len(legal))]
        s, bad = stepper.next(s, a)
        actions.append(str(a))
    return actions, len(actions) + 1


def check_chunk(job: ClaimJob, seeds: list[int]) -> list[tuple[int, list[str] | None, int]]:
    """(seed, violating actions or None, positions checked) per seed (a sweep task)."""
    game, claim = rulebook.game(job.game), load_claim(job.claim)
    out = []
    for seed in seeds:
        stepper = ClaimStepper(game, claim, Start(seed=seed, players=job.players))
        out.append((seed, *first_violation(game, stepper, seed)))
    return out


def _sweep(job: ClaimJob, seeds: list[int], workers: int, dask, clock: Clock, send):
    """Play ``seeds`` (in this process one by one, on local workers or on Dask), sending each
    finished part to the parent (``send(("games", records))``) as it comes."""
    from solvers.play.executors import dask_client, run_local, run_on_client

    def no_tick(n):
        return None

    def here(part):
        return run_local(job, part, workers, no_tick, check_chunk, clock.deadline)

    if dask is None and workers <= 1:
        for sd in seeds:
            if clock.over():
                return
            send(("games", check_chunk(job, [sd])))
        return
    if dask is None:
        return _rounds(seeds, 4 * workers, clock, here, send)
    with dask_client(dask, workers) as client:
        return _rounds(seeds, 16, clock, lambda part: run_on_client(
            client, job, part, no_tick, clock.deadline, check_chunk), send)  # fmt: skip


def _rounds(seeds: list[int], first: int, clock: Clock, play, send) -> None:
    """``play(seeds)`` in rounds of ``first`` seeds, then twice as many each round: a round the
    clock cuts keeps its finished games, and the rounds before it are sent already."""
    from solvers.play.executors import TimeUp

    size = first
    try:
        while seeds and not clock.over():
            send(("games", play(seeds[:size])))
            seeds, size = seeds[size:], 2 * size
    except TimeUp as e:
        clock.ran_out = True
        send(("games", e.records))


# ---- the exhaustive search -----------------------------------------------------------------


@dataclass
class Searched:
    """What the exhaustive search did: positions visited, distinct positions found within the
    depth (so at least this many are reachable), and whether it visited every one."""

    visited: int = 0
    reached: int = 0
    complete: bool = False
    out_of_memory: bool = False


PROGRESS_EVERY = 500  # positions between two progress reports to the parent


def exhaustive(game, claim, starts: list[Start], depth: int, max_states: int = MAX_STATES,
               clock: Clock = NO_CLOCK, send=None):  # fmt: skip
    """Breadth first from each start to ``depth`` actions: the shallowest violation (start,
    actions) or None, and what was searched (``Searched``: at most ``max_states`` positions;
    none after the clock ran out)."""
    done = Searched()
    try:
        return _breadth_first(game, claim, starts, depth, max_states, clock, send, done)
    except MemoryError:  # the child's memory limit: what was searched is still the answer
        done.complete, done.out_of_memory = False, True
        return None, done


def _breadth_first(game, claim, starts, depth, max_states, clock, send, done: Searched):
    for start in starts:
        stepper = ClaimStepper(game, claim, start)
        s, bad = stepper.first()
        done.reached += 1
        if bad:
            done.visited += 1
            return (start, []), done
        queue, seen = deque([(s, [])]), {str(s)}
        while queue and done.visited < max_states and not clock.over():
            s, path = queue.popleft()
            done.visited += 1
            if send is not None and done.visited % PROGRESS_EVERY == 0:
                send(("searched", done))
            if len(path) >= depth:
                continue
            for a in game.legal_actions(s):
                new, bad = stepper.next(s, a)
                if bad:
                    return (start, path + [str(a)]), done
                if str(new) not in seen:
                    seen.add(str(new))
                    done.reached += 1
                    queue.append((new, path + [str(a)]))
        if queue:
            return None, done
    done.complete = True
    return None, done


# ---- the answer ----------------------------------------------------------------------------


@dataclass
class CheckResult:
    game: str
    claim: str
    holds: bool  # no counterexample found (a proof only with verdict "holds exhaustively")
    games: int  # games played (fewer than asked when the clock ran out)
    positions: int  # positions the games and the exhaustive search checked
    counterexample: Trace | None = None
    timed_out: bool = False  # the clock ended the check before the games and depth asked
    games_asked: int = 0
    depth: int = 0
    seed: int = 0
    bound: int = MAX_STATES  # positions the exhaustive search could visit at most
    searched: Searched | None = None  # the exhaustive search (None: no depth asked, or none run)
    shrunk: bool = True  # False: the clock ran out before the counterexample was shrunk
    isolation: str = ""  # set when the claim ran in this process, not a child (the browser)

    @property
    def verdict(self) -> str:
        """'refuted', 'holds exhaustively' (to ``depth``), 'no counterexample' (in the games:
        no proof) or 'undecided' (the clock or the bound cut what was asked)."""
        if self.counterexample is not None:
            return "refuted"
        if self.timed_out or (self.depth and not (self.searched and self.searched.complete)):
            return "undecided"
        return "holds exhaustively" if self.depth else "no counterexample"

    def what_was_searched(self) -> str:
        """The finished part in words: games played and positions searched, each of how many."""
        bits = []
        if self.games_asked:
            of = "" if self.games == self.games_asked else f" of the {self.games_asked} asked"
            bits.append(f"the {self.games} random games played{of}")
        if self.depth:
            sd = self.searched or Searched()
            reach = f"the {sd.reached}" if sd.complete else f"at least {sd.reached}"
            bits.append(f"the {sd.visited} positions searched of {reach} reachable to depth "
                        f"{self.depth} from seed {self.seed}'s start")  # fmt: skip
        searched = " and ".join(bits) or "no game and no position"
        return f"{searched} ({self.isolation})" if self.isolation else searched

    def why_undecided(self) -> str:
        if self.timed_out:
            return "the clock ran out"
        if self.searched is not None and self.searched.out_of_memory:
            return "the exhaustive search ran out of memory: lower --budget or --depth"
        return f"the exhaustive search stopped at its bound of {self.bound} positions: --budget"

    def to_json(self) -> dict:
        keys = ("game", "claim", "verdict", "holds", "games", "games_asked", "positions", "depth",
                "seed", "timed_out", "shrunk")  # fmt: skip
        d = {k: getattr(self, k) for k in keys}
        sd = self.searched
        d["exhaustive"] = None if sd is None else {
            "depth": self.depth, "searched": sd.visited, "reached_at_least": sd.reached,
            "complete": sd.complete, "bound": self.bound}  # fmt: skip
        d["counterexample"] = self.counterexample.to_json() if self.counterexample else None
        if self.isolation:
            d["isolation"] = self.isolation
        return d


# ---- check: in a child process ---------------------------------------------------------------


def check(game, claim, *, games: int = 100, depth: int = 0, starts=None, seed: int = 0,
          players=None, workers: int = 1, dask=None, max_states: int = MAX_STATES,
          seconds: float | None = None) -> CheckResult:  # fmt: skip
    """Try ``claim`` on ``games`` seeded random games and exhaustively to ``depth`` actions from
    ``starts`` (default: the first game's start); the shortest violation found, shrunk. With
    ``seconds``, what was finished before the clock ran out (``timed_out``). The claim runs in
    a child process (``sandbox``); a claim marked ``more_often_than`` is refused here."""
    result = check_any(game, claim, games=games, depth=depth, starts=starts, seed=seed,
                       players=players, workers=workers, dask=dask, max_states=max_states,
                       seconds=seconds, kind="check")  # fmt: skip
    return result


def check_any(game, claim, *, kind: str = "any", seconds: float | None = None, **how):
    """A CheckResult, or for a claim marked ``more_often_than`` (``kind`` "any" or "rate") the
    rate verdict (a dict): the claim is loaded in the child, so its mark is known only there."""
    from solvers.limits import check_limit, check_seeds
    from solvers.play.executors import processes_available

    game = rulebook.game(game) if isinstance(game, str) else game
    games = how.get("games", 100)
    check_limit("games", games, lo=0, hi=MAX_GAMES, integer=True)
    check_limit("depth", how.get("depth", 0), lo=0, hi=50, integer=True)
    check_limit("max_states", how.get("max_states", MAX_STATES), lo=1, hi=MAX_BOUND, integer=True)
    check_seeds(how.get("seed", 0), max(1, games))
    how = {**how, "workers": _workers(how.get("workers", 1), how.get("dask"), games)}
    if isinstance(claim, str):
        claim_file(claim)
    elif kind == "check":
        arity(claim)
    how = {**how, "game": game.name, "claim": claim}
    run = run_child if processes_available() else run_here
    out = run(_claim_work, (kind, how, seconds), seconds=seconds)
    answer = out.value if out.finished else _partial(game, claim, how, out.parts)
    if not out.isolated:
        note = not_isolated(how, seconds)
        if isinstance(answer, dict):
            answer["isolation"] = note
        else:
            answer.isolation = note
    return answer


def not_isolated(how: dict, seconds: float | None) -> str:
    """The note of a check run in this process: what bounded it instead of a child's kill."""
    budget = f"{how.get('games', 100)} games"
    if how.get("depth"):
        budget += (f" and at most {how.get('max_states', MAX_STATES)} positions to depth "
                   f"{how['depth']}")  # fmt: skip
    clock = f", its {seconds} s clock checked between positions" if seconds else ""
    return (f"not isolated: this Python cannot start a child process, so the claim ran in this "
            f"process, bounded only by its budget of {budget}{clock}")  # fmt: skip


def _workers(workers: int, dask, games: int = 1) -> int:
    """Local workers: at least 1, at most this machine's cores and the games (as a sweep's); a
    Dask address is checked here, before any process starts."""
    from solvers.limits import check_limit
    from solvers.play.executors import check_address, check_distributed, default_workers

    check_limit("workers", workers, lo=1, integer=True)
    if isinstance(dask, str):
        if dask != "local":
            check_address(dask)
        check_distributed()
    return max(1, min(workers, default_workers(), games))


def _claim_work(send, kind: str, how: dict, seconds):
    clock = Clock(seconds)
    game = rulebook.game(how["game"])
    fn = load_claim(how["claim"])
    if kind != "check" and hasattr(fn, "more_often_than"):
        return _rate(send, game, fn, how, clock)
    if kind == "rate":
        raise TrogkitInputError(f"{name_of(fn)} is not marked with more_often_than(p)")
    arity(fn)
    return _check(send, game, fn, how, clock)


def _check(send, game, fn, how: dict, clock: Clock) -> CheckResult:
    games, depth, seed = how.get("games", 100), how.get("depth", 0), how.get("seed", 0)
    players, bound = how.get("players"), how.get("max_states", MAX_STATES)
    parts: list = []

    def keep(part):
        parts.append(part)
        send(part)

    if games:
        job = ClaimJob(game.name, how["claim"], players)
        seeds = list(range(seed, seed + games))
        _sweep(job, seeds, how.get("workers", 1), how.get("dask"), clock, keep)
    if depth and not clock.over():
        starts = how.get("starts") or [Start(seed=seed, players=players)]
        hit, searched = exhaustive(game, fn, starts, depth, bound, clock, keep)
        keep(("searched", searched))
        if hit is not None:
            keep(("found", *hit))
    result = _assemble(game, name_of(fn), how, parts, clock.ran_out)
    if result.counterexample is not None:
        result.counterexample = counterexample(game, fn, result.counterexample, clock)
        result.shrunk = not clock.over()
    return result


def _assemble(game, name: str, how: dict, parts: list, timed_out: bool) -> CheckResult:
    """The result of what ``parts`` report (the counterexample not shrunk): in the child as it
    ends, in the parent when the clock killed the child."""
    players, seed = how.get("players"), how.get("seed", 0)
    records = [r for kind, *rest in parts if kind == "games" for r in rest[0]]
    searched = [rest[0] for kind, *rest in parts if kind == "searched"]
    found = [(len(a), sd, Start(seed=sd, players=players), a) for sd, a, _ in records if a]
    found += [(len(rest[1]), -1, *rest) for kind, *rest in parts if kind == "found"]
    sd = searched[-1] if searched else None
    positions = sum(n for _, _, n in records) + (sd.visited if sd else 0)
    r = CheckResult(
        game.name, name, not found, len(records), positions, timed_out=timed_out,
        games_asked=how.get("games", 100), depth=how.get("depth", 0), seed=seed,
        bound=how.get("max_states", MAX_STATES), searched=sd,
    )  # fmt: skip
    if found:
        _, _, start, actions = min(found, key=lambda f: (f[0], f[1]))
        r.counterexample = Trace(game=game.name, rule=name, start=start, actions=tuple(actions),
                                 found_length=len(actions), note=FALSE_NOTE)  # fmt: skip
    return r


FALSE_NOTE = "the claim is false after the last action"


def _partial(game, claim, how: dict, parts: list):
    """What a child killed by the clock had finished (its parts), as its answer."""
    thresholds = [rest[0] for kind, *rest in parts if kind == "threshold"]
    if thresholds:
        return _rate_answer(name_of(claim), thresholds[0], parts, True)
    r = _assemble(game, name_of(claim), how, parts, True)
    if r.counterexample is not None:
        r.shrunk = False
        r.counterexample = Trace(**{**r.counterexample.__dict__,
                                    "note": FALSE_NOTE + " (not shrunk: the clock ran out)"})  # fmt: skip
    return r


class NotDeterministic(ClaimFailed):
    """The claim answered differently on the same game (in a worker, on a re-run)."""


def counterexample(game, claim, found: Trace, clock: Clock = NO_CLOCK) -> Trace:
    """``found`` shrunk; a claim that does not refute the same game again is NotDeterministic."""
    stepper = ClaimStepper(game, claim, found.start)
    try:
        shrunk = shrink(stepper, found.actions, clock=clock)
    except ValueError:
        shrunk = None
    trace = Trace(
        game=game.name, rule=name_of(claim), start=found.start,
        actions=found.actions if shrunk is None else shrunk.actions,
        found_length=len(found.actions), note=FALSE_NOTE,
    )  # fmt: skip
    if shrunk is None or not still_refutes(trace, claim):
        raise NotDeterministic(
            f"claim {name_of(claim)} is not deterministic: it was false after "
            f"{len(found.actions)} actions from {found.start.label()}, and holds when that "
            "game is replayed (a claim must answer from its arguments alone)"
        )
    return trace


def still_refutes(trace: Trace, claim) -> bool:
    """Replay a stored counterexample: is the claim false at its end?"""
    game = rulebook.game(trace.game)
    stepper = ClaimStepper(game, load_claim(claim), trace.start)
    s, bad = stepper.first()
    for a in trace.actions:
        s, bad = stepper.next(s, a)
    return bad


# ---- statistical claims ---------------------------------------------------------------------------


def more_often_than(p: float):
    """Mark an event over a finished game (``event(game, final_state) -> bool``) as the claim
    "it happens in more than ``p`` of games"."""
    threshold(p)

    def mark(event):
        event.more_often_than = p
        return event

    return mark


def threshold(p) -> float:
    """A share: a real number from 0 to 1 (not a string, NaN or a bool)."""
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
        shown = repr(p)[:40]
        raise TrogkitInputError(f"more_often_than takes a share from 0 to 1, not {shown}")
    return float(p)


def check_rate(game, event, *, games: int = 200, seed: int = 0, players=None,
               seconds: float | None = None) -> dict:  # fmt: skip
    """Supported (the 95 % interval is above p), refuted (below) or undecided; with
    ``seconds``, from the games played before the clock ran out (``timed_out``). The event
    runs in a child process (``sandbox``)."""
    from solvers.limits import check_limit

    check_limit("games", games, lo=1, hi=MAX_GAMES, integer=True)
    return check_any(game, event, games=games, seed=seed, players=players, seconds=seconds,
                     kind="rate")  # fmt: skip


def _rate(send, game, event, how: dict, clock: Clock) -> dict:
    from rulebook.common.game import random_game

    try:
        p = threshold(event.more_often_than)
    except TrogkitInputError as e:
        raise TrogkitInputError(f"claim {name_of(event)}: {e}") from None
    send(("threshold", p))
    seed, games = how.get("seed", 0), max(1, how.get("games", 200))
    players = how.get("players")
    opts = {} if players is None else {"players": players}
    parts = [("threshold", p)]
    for sd in range(seed, seed + games):
        if clock.over():
            break
        final = random_game(game, sd, **opts).final
        hit = call_claim(event, (game, final), f"on the final position of seed {sd}")
        parts.append(("rate", bool(hit)))
        send(parts[-1])
    return _rate_answer(name_of(event), p, parts, clock.ran_out)


def _rate_answer(name: str, p: float, parts: list, timed_out: bool) -> dict:
    from solvers.play.stats import wilson

    hits = [rest[0] for kind, *rest in parts if kind == "rate"]
    played, k = len(hits), sum(hits)
    lo, hi = wilson(k, played) if played else (0.0, 1.0)
    verdict = "supported" if lo > p else "refuted" if hi < p else "undecided"
    if math.isnan(lo):
        verdict = "undecided"
    return {"claim": name, "threshold": p, "games": played,
            "rate": k / played if played else None, "ci95": [lo, hi], "verdict": verdict,
            "timed_out": timed_out}  # fmt: skip

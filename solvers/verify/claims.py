"""Claims checked on games, with the smallest counterexample (issue 22).

A claim is a Python predicate over a state (``claim(state) -> bool``) or over a step
(``claim(state, action, next_state) -> bool``). ``check(game, claim, games=N, depth=D)`` tries it
on every position of N seeded random games (in this process, on local workers or on Dask, as the
sweeps do) and, with ``depth``, on every position up to D actions from the starts (breadth
first, bounded by ``max_states``). A false claim comes back with a counterexample: the shortest
violating game found, shrunk (``shrink.py``), a replayable Trace.

A statistical claim ("the first player wins more often than 50 %") is an event over a finished
game marked with ``more_often_than(p)``; ``check_rate`` answers it from a sweep: supported,
refuted or undecided at 95 %, with the Wilson interval (``solvers.play.stats``).
"""

from __future__ import annotations

import importlib.util
import inspect
import random
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import rulebook
from rulebook.common.errors import TrogkitInputError

from .clock import Clock
from .shrink import shrink
from .trace import Start, Trace, step

MAX_STATES = 20_000  # positions an exhaustive check visits at most
MAX_GAMES = 1_000_000
NO_CLOCK = Clock()


def load_claim(spec):
    """A claim from a callable or from 'FILE.py:NAME'."""
    if callable(spec):
        return spec
    path, _, name = str(spec).rpartition(":")
    if not path or not name or not Path(path).is_file():
        raise TrogkitInputError(f"a claim is FILE.py:NAME with an existing file, not {spec!r}")
    mod_spec = importlib.util.spec_from_file_location(f"trogkit_claim_{Path(path).stem}", path)
    module = importlib.util.module_from_spec(mod_spec)
    mod_spec.loader.exec_module(module)
    fn = getattr(module, name, None)
    if not callable(fn):
        raise TrogkitInputError(f"{path} has no function {name!r}")
    return fn


def arity(claim) -> int:
    """1 (a claim on a state) or 3 (on a step); anything else is refused clearly."""
    n = len(inspect.signature(claim).parameters)
    if n not in (1, 3):
        raise TrogkitInputError(
            f"a claim takes (state) or (state, action, next_state), not {n} arguments"
        )
    return n


def name_of(claim) -> str:
    return getattr(claim, "__name__", str(claim))


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
        """The claim's answer; a claim that raises is bad input, named with the position."""
        try:
            return bool(self.claim(*args))
        except Exception as e:  # the user's code: any error is theirs to fix
            raise TrogkitInputError(
                f"claim {name_of(self.claim)} raised {type(e).__name__}: {e} "
                f"(on {self.game.name} position {str(args[-1])[:200]})"
            ) from None


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


def exhaustive(game, claim, starts: list[Start], depth: int, max_states: int = MAX_STATES,
               clock: Clock = NO_CLOCK):  # fmt: skip
    """Breadth first from each start to ``depth`` actions: the shallowest violation (start,
    actions) or None, and the positions visited (at most ``max_states``; none after the clock
    ran out)."""
    visited = 0
    for start in starts:
        stepper = ClaimStepper(game, claim, start)
        s, bad = stepper.first()
        if bad:
            return (start, []), visited + 1
        queue, seen = deque([(s, [])]), {str(s)}
        while queue and visited < max_states and not clock.over():
            s, path = queue.popleft()
            visited += 1
            if len(path) >= depth:
                continue
            for a in game.legal_actions(s):
                new, bad = stepper.next(s, a)
                if bad:
                    return (start, path + [str(a)]), visited
                if str(new) not in seen:
                    seen.add(str(new))
                    queue.append((new, path + [str(a)]))
    return None, visited


@dataclass
class CheckResult:
    game: str
    claim: str
    holds: bool  # no counterexample found (not a proof beyond the positions tried)
    games: int  # games played (fewer than asked when the clock ran out)
    positions: int  # positions the sweep and the exhaustive search checked
    counterexample: Trace | None = None
    timed_out: bool = False  # the clock ended the check before the games and depth asked

    def to_json(self) -> dict:
        keys = ("game", "claim", "holds", "games", "positions", "timed_out")
        d = {k: getattr(self, k) for k in keys}
        d["counterexample"] = self.counterexample.to_json() if self.counterexample else None
        return d


def _sweep(job: ClaimJob, seeds: list[int], workers: int, dask, clock: Clock):
    """(seed, violation, positions) of the games played (those finished before the clock
    ran out, when it did), on local workers or on Dask (one client for every round)."""
    from solvers.play.executors import dask_client, run_local, run_on_client

    def no_tick(n):
        return None

    timed = clock.deadline is not None
    if dask is None:
        first = 4 * workers if timed and workers > 1 else None
        return _rounds(seeds, first, clock, lambda part: run_local(
            job, part, workers, no_tick, check_chunk, clock.deadline))  # fmt: skip
    with dask_client(dask, workers) as client:
        return _rounds(seeds, 16 if timed else None, clock, lambda part: run_on_client(
            client, job, part, no_tick, clock.deadline, check_chunk))  # fmt: skip


def _rounds(seeds: list[int], first: int | None, clock: Clock, play) -> list:
    """``play(seeds)`` in one go (``first`` None), or in rounds of ``first`` seeds, then twice
    as many each round: under a clock, a round it cuts keeps only its finished chunks, so the
    games of the rounds before it are never lost."""
    from solvers.play.executors import TimeUp

    out, size = [], first or len(seeds)
    try:
        while seeds and not clock.over():
            out += play(seeds[:size])
            seeds, size = seeds[size:], 2 * size
    except TimeUp as e:
        clock.ran_out = True
        out += e.records
    return out


def check(game, claim, *, games: int = 100, depth: int = 0, starts=None, seed: int = 0,
          players=None, workers: int = 1, dask=None, max_states: int = MAX_STATES,
          seconds: float | None = None) -> CheckResult:  # fmt: skip
    """Try ``claim`` on ``games`` seeded random games and exhaustively to ``depth`` actions from
    ``starts`` (default: the first game's start); the shortest violation found, shrunk. With
    ``seconds``, what was played before the clock ran out (``timed_out``)."""
    from solvers.limits import check_limit

    game = rulebook.game(game) if isinstance(game, str) else game
    check_limit("games", games, lo=0, hi=MAX_GAMES, integer=True)
    check_limit("depth", depth, lo=0, hi=50, integer=True)
    fn = load_claim(claim)
    arity(fn)
    clock, found, positions, played = Clock(seconds), [], 0, 0
    if games:
        job = ClaimJob(game.name, claim, players)
        records = _sweep(job, list(range(seed, seed + games)), workers, dask, clock)
        for sd, actions, n in records:
            positions += n
            if actions is not None:
                found.append((len(actions), sd, Start(seed=sd, players=players), actions))
        played = len(records)
    if depth and not clock.over():
        starts = starts or [Start(seed=seed, players=players)]
        hit, n = exhaustive(game, fn, starts, depth, max_states, clock)
        positions += n
        if hit is not None:
            found.append((len(hit[1]), -1, *hit))
    result = CheckResult(game.name, name_of(fn), not found, played, positions)
    result.timed_out = clock.ran_out
    if found:
        _, _, start, actions = min(found, key=lambda f: (f[0], f[1]))
        result.counterexample = counterexample(game, fn, start, actions)
    return result


def counterexample(game, claim, start: Start, actions) -> Trace:
    stepper = ClaimStepper(game, claim, start)
    shrunk = shrink(stepper, actions)
    return Trace(
        game=game.name, rule=name_of(claim), start=start, actions=shrunk.actions,
        found_length=len(actions), note="the claim is false after the last action",
    )  # fmt: skip


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

    def mark(event):
        event.more_often_than = p
        return event

    return mark


def check_rate(game, event, *, games: int = 200, seed: int = 0, players=None,
               seconds: float | None = None) -> dict:  # fmt: skip
    """Supported (the 95 % interval is above p), refuted (below) or undecided; with
    ``seconds``, from the games played before the clock ran out (``timed_out``)."""
    from rulebook.common.game import random_game
    from solvers.limits import check_limit
    from solvers.play.stats import wilson

    game = rulebook.game(game) if isinstance(game, str) else game
    check_limit("games", games, lo=1, hi=MAX_GAMES, integer=True)
    event = load_claim(event)
    p = getattr(event, "more_often_than", None)
    if p is None:
        raise TrogkitInputError(f"{name_of(event)} is not marked with more_often_than(p)")
    opts = {} if players is None else {"players": players}
    clock, hits, played = Clock(seconds), 0, 0
    for sd in range(seed, seed + games):
        if clock.over():
            break
        hits += bool(event(game, random_game(game, sd, **opts).final))
        played += 1
    lo, hi = wilson(hits, played) if played else (0.0, 1.0)
    verdict = "supported" if lo > p else "refuted" if hi < p else "undecided"
    return {"claim": name_of(event), "threshold": p, "games": played,
            "rate": hits / played if played else None, "ci95": [lo, hi], "verdict": verdict,
            "timed_out": clock.ran_out}  # fmt: skip

"""Breadth-first search over the players' choices: the shortest witnesses from one start.

From a start (a deal, or a gallery position), every legal action of every reached position is
played, depth by depth, each position kept once (by its notation). A rule that fires on an action
at depth ``d`` is witnessed by that ``d``-action game, and since every shorter game from this start
was played first, no shorter one exists from it. At each position a refusal rule is tried with the
tempting actions seen so far (the legal actions of earlier positions, and their crossovers): a
refusal naming it witnesses it where it binds. The budget is a count of positions, so a search is
the same on every machine; ``exhausted`` says to which depth every game was played: no rule it did
not reach fires in fewer actions from this start (refusal rules: over the tempting actions tried).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rulebook.common.errors import TrogkitInputError

from .clock import Clock
from .trace import Start, step

BFS_STATES = 20_000  # positions one breadth-first search may expand
TEMPTS = 40  # tempting actions tried at each position while a refusal rule is open


@dataclass
class Breadth:
    """What one breadth-first search found: rule -> (actions, refused action or None)."""

    start: Start | None
    found: dict[str, tuple[tuple[str, ...], str | None]] = field(default_factory=dict)
    exhausted: int = -1  # every game of up to this many actions was played (-1: none)
    expanded: int = 0  # positions expanded


def breadth_first(
    game, start: Start, wanted, refusals, *, max_states: int = BFS_STATES, clock=None
) -> Breadth:
    """Shortest games from ``start`` for the ``wanted`` rules (``refusals``: those witnessed by
    a refused action), within ``max_states`` expanded positions."""
    s, ids = start.state(game)
    out = explore(game, s, ids, wanted, refusals, max_states=max_states, clock=clock)
    out.start = start
    return out


def explore(game, s, ids, wanted, refusals, *, max_states: int, clock=None, depth_limit=None,
            tempting=()):  # fmt: skip
    """``breadth_first`` from the position ``s`` (``ids``: the rules that fired reaching it), at
    most ``depth_limit`` actions deep; ``tempting``: actions to try as refusals from the first."""
    clock = clock or Clock()
    wanted, refusals = set(wanted), set(refusals)
    out = Breadth(None)
    for rid in wanted.intersection(ids):
        out.found[rid] = ((), None)
    layer, seen, pool = [(s, ())], {str(s)}, dict.fromkeys(tempting)
    rng = random.Random(0)
    depth = 0
    while layer and wanted - set(out.found) and (depth_limit is None or depth < depth_limit):
        nxt = []
        for s, path in layer:
            if out.expanded >= max_states or clock.over():
                return out
            out.expanded += 1
            legal = game.legal_actions(s)
            _tempt(game, s, path, legal, pool, wanted & refusals, out, rng)
            for a in legal:
                new, ids = step(game, s, a)
                longer = (*path, str(a))
                for rid in wanted.intersection(ids) - refusals:
                    out.found.setdefault(rid, (longer, None))
                key = str(new)
                if key not in seen and not game.is_terminal(new):
                    seen.add(key)
                    nxt.append((new, longer))
        out.exhausted = depth + 1  # every game of depth + 1 actions was played
        layer, depth = nxt, depth + 1
    return out


def _tempt(game, s, path, legal, pool, refusals, out, rng) -> None:
    """Try the tempting actions at ``s`` for the open refusal rules."""
    for a in legal:
        pool.setdefault(str(a), None)
    open_ = refusals - set(out.found)
    if not open_:
        return
    texts = list(pool)
    tempts = texts if len(texts) <= TEMPTS else texts[:1] + rng.sample(texts, TEMPTS)
    from .search import crossovers

    for t in tempts + crossovers([str(a) for a in legal], texts, rng):
        try:
            err = game.refusal(s, game.action(t))
        except TrogkitInputError:
            continue
        if err is not None and err.rule_id in open_:
            out.found[err.rule_id] = (path, t)
            open_.discard(err.rule_id)
            if not open_:
                return

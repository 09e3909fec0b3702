"""Shared helpers for the Trogdor solver tests: engine positions from short arguments, and an
engine-level brute force to check minimality."""

from __future__ import annotations

from collections import deque

from rulebook import game
from rulebook.trogdor import puzzle

GAME = game("trogdor")
OWN_ACTIONS = ("move", "burrow", "burn tile", "burn cottage")


def names(text: str) -> list[str]:
    return [x for x in text.split(",") if x]


def state_of(layout, start="C3", burnt="", avoid="", cottages_burnt="", *, ap=99, **kw):
    """An engine puzzle position; ``avoid`` = knights' squares."""
    powers = [p for p in ("diagonal", "wrap") if kw.pop(p, False)]
    return puzzle(
        layout,
        trogdor=start,
        burnt=names(burnt),
        knights=names(avoid),
        cottages_burnt=names(cottages_burnt),
        ap=ap,
        powers=powers,
        **kw,
    )


def with_ap(state, ap: int):
    return state.replace(ap=ap)


def engine_min_ap(state, goal, *, burnable=None, limit: int = 200_000) -> int | None:
    """Breadth-first search over *engine* states using only the protocol's ``legal_actions`` and
    ``apply`` (Trogdor's own actions, never taking damage): the fewest actions until
    ``goal(state)``. ``burnable`` (squares) prunes burning tiles that cannot matter, to keep the
    search small; whether a burn is *legal* is left entirely to the engine."""
    if goal(state):
        return 0
    start_meter = state.meter

    def key(s):
        return (s.trogdor, s.burnt, tuple(s.cottages.items()))

    seen = {key(state)}
    frontier = deque([(state, 0)])
    while frontier:
        s, d = frontier.popleft()
        for a in GAME.legal_actions(s):
            if not str(a).startswith(OWN_ACTIONS):
                continue
            if str(a) == "burn tile" and burnable is not None and s.trogdor not in burnable:
                continue
            t = GAME.apply(s, a)
            if t.meter < start_meter:
                continue
            k = key(t)
            if k in seen:
                continue
            if goal(t):
                return d + 1
            seen.add(k)
            if len(seen) > limit:
                raise RuntimeError("brute force too large")
            frontier.append((t, d + 1))
    return None

"""Win this turn? (T-WIN, ignoring Phase 2.) Answered by searching *engine* states: from the
position, each way to use the hand (play a card for its AP and ability, T-PLAY, or discard one for
5 AP, T-DISCARD-AP), then breadth-first over the game protocol's ``legal_actions`` / ``apply`` until the engine
declares the win. Because the engine itself applies every action, card abilities (diagonal moves,
long-range burns, free actions, items) count exactly as the rules engine implements them.

Left out on purpose: ``burn peasant`` (its result depends on the movement card drawn, so no plan can
rely on it), ``hide`` and ``pass`` (they end Phase 1). A branch is cut when the burns and chomps
still needed exceed the AP left (each costs one AP unless a card's free burn or chomp covers it), so
the search stays small near the end of a game, where the question matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook import game
from solvers.limits import MAX_NODES, Budget, LimitReached, check_limit

from .query import QueryError

GAME = game("trogdor")
MAX_POSITIONS = MAX_NODES["win-now"]  # positions seen are kept (solvers/limits.py)
SKIP = ("pass", "hide", "burn peasant", "draw", "step", "spawn")


@dataclass
class WinResult:
    """``win`` is True with a ``plan`` (engine action strings, the card choice first), False when
    no plan exists, None when the search limit was hit (``reason`` says so)."""

    win: bool | None
    plan: list[str]
    reason: str | None
    explored: int = 0
    final: object = field(default=None, repr=False)

    @property
    def actions(self) -> list[str]:
        """The plan without the card choice, for a board already in the act phase."""
        return [a for a in self.plan if not a.startswith(("play", "discard"))]

    @property
    def squares(self):
        return [] if self.final is None else [self.final.trogdor]

    def to_json(self) -> dict:
        return {"win": self.win, "plan": list(self.plan), "reason": self.reason}

    def __str__(self) -> str:
        if self.win:
            return f"yes: {'; '.join(self.plan)}"
        return f"no: {self.reason}" if self.win is False else f"unknown: {self.reason}"


def _work_left(s) -> int:
    """AP still needed at least: unburnt tiles (less free burns), cottages, peasants to chomp."""
    tiles = sum(1 for b in s.burnt if not b)
    free_burns = sum(1 for t in s.powers if t.startswith("burn-"))
    cottages = sum(1 for _, b in s.cottages.items() if not b)
    free_chomps = sum(1 for t in s.powers if t == "free-chomp")
    return max(0, tiles - free_burns) + cottages + max(0, len(s.peasants) - free_chomps)


def _search_act(state, budget: Budget) -> tuple[list[str] | None, int, object]:
    if GAME.outcome(state) == "win":
        return [], 0, state
    seen = {str(state)}
    layer = [(state, [])]
    explored = 0
    while layer:
        nxt = []
        for s, plan in layer:
            for a in GAME.legal_actions(s):
                a = str(a)
                if a.startswith(SKIP):
                    continue
                t = GAME.apply(s, a)
                explored += 1
                outcome = GAME.outcome(t)
                if outcome == "win":
                    return plan + [a], explored, t
                if outcome is not None or t.phase != "act" or _work_left(t) > t.ap:
                    continue
                key = str(t)
                if key in seen:
                    continue
                seen.add(key)
                budget.tick()
                nxt.append((t, plan + [a]))
        layer = nxt
    return None, explored, None


def win_this_turn(state, *, limit: int = 200_000, seconds: float | None = None) -> WinResult:
    """Can Trogdor meet the win condition this turn? ``state`` is in the ``choose`` phase (a hand
    to play from) or the ``act`` phase (a card already played, its AP in ``state.ap``).
    ``limit`` positions and ``seconds`` bound the search: past them the answer is ``win=None``
    with the reason."""
    limit = check_limit("limit", limit, lo=1, hi=MAX_POSITIONS, integer=True)
    if seconds is not None:
        seconds = check_limit("seconds", seconds, lo=0.01, hi=3600)
    budget = Budget(seconds=seconds, nodes=limit)
    if state.phase == "choose":
        starts = [
            (str(a), GAME.apply(state, a))
            for a in GAME.legal_actions(state)
            if str(a).startswith(("play", "discard"))
        ]
    elif state.phase == "act":
        starts = [(None, state)]
    else:
        return WinResult(False, [], f"the position is in phase {state.phase!r}, not Phase 1")
    explored = 0
    best = None
    try:
        for first, s in starts:
            plan, n, final = _search_act(s, budget)
            explored += n
            if plan is not None:
                full = ([first] if first else []) + plan
                if best is None or len(full) < len(best[0]):
                    best = (full, final)
    except LimitReached as e:
        return WinResult(None, [], e.what, explored)
    if best is not None:
        return WinResult(True, best[0], None, explored, best[1])
    left = _work_left(starts[0][1]) if starts else 0
    return WinResult(
        False,
        [],
        f"no way to burn every tile and cottage and clear the peasants with this hand "
        f"(at least {left} AP of burning and chomping left; T-WIN)",
        explored,
    )


def with_hand(state, hand: list[str]):
    """The position in the ``choose`` phase with ``hand`` (action card ids) in the current
    player's hand and no AP yet (``State.replace``, the engine's helper)."""
    for cid in hand:
        if state.cards.action(cid) is None:
            raise QueryError(f"unknown action card {cid!r} (an id like block-1 or a literal ap5)")
    from rulebook.trogdor import with_action_deck

    s = with_action_deck(state, [])
    hands = list(s.hands)
    hands[s.to_move] = tuple(hand)
    return s.replace(hands=tuple(hands), phase="choose", ap=0)

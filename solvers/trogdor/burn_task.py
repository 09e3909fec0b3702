"""The solvers' own small rule model of "burn these things": which tiles must burn, in what order
they may burn, and which cottages to finish on. Both the graph search and the z3 model read a
``BurnTask``, so they share the rules' reading and disagree only if one of them searches wrongly.

Rules used: T-BURN-TILE (Trogdor burns the tile he stands on), T-BURN-LAKE (the Lake burns only
once its N/S/E/W neighbours are burnt; no wraparound), T-BURN-COTTAGE (a cottage burns when its tile
and its up-to-8 neighbours are burnt; no wraparound; Trogdor stands on it). Anything the model gets
wrong is caught by replaying plans through ``rulebook`` in the tests.

Squares are indices 0..24 (reading order) here; answers turn them back into ``Square``s.
"""

from __future__ import annotations

from rulebook.common.values import Frozen, init_field
from rulebook.trogdor.grid import GRID5

from . import rule_ids as R
from .moves import INF, MoveTable
from .query import Board, QueryError

SQ = tuple(GRID5.squares())
RING = tuple(tuple(GRID5.index(n) for n in GRID5.ring(sq)) for sq in SQ)  # no wraparound
ORTHO = tuple(tuple(GRID5.index(n) for n in GRID5.neighbours(sq)) for sq in SQ)


class BurnTask(Frozen):
    """``tiles``: unburnt tiles to burn (board order). ``lake``: index into ``tiles`` of the Lake
    if it must burn, with ``lake_needs`` the tile indices to burn before it. ``cottages``: cottage
    squares to burn, each with ``cottage_needs[i]`` the tile indices that must be burnt first.
    A ``Frozen`` value, not a frozen dataclass (start-up: bench figure "min-AP CLI CPU ÷ BFS
    script")."""

    FIELDS = ("board", "tiles", "lake", "lake_needs", "cottages", "cottage_needs", "goal")

    def __init__(
        self,
        board: Board,
        tiles: tuple[int, ...],
        lake: int | None,
        lake_needs: tuple[int, ...],
        cottages: tuple[int, ...],
        cottage_needs: tuple[tuple[int, ...], ...],
        goal: str,
    ):
        init_field(self, "board", board)
        init_field(self, "tiles", tiles)
        init_field(self, "lake", lake)
        init_field(self, "lake_needs", lake_needs)
        init_field(self, "cottages", cottages)
        init_field(self, "cottage_needs", cottage_needs)
        init_field(self, "goal", goal)

    @property
    def moves(self) -> MoveTable:
        return self.board.moves

    @property
    def start(self) -> int:
        return self.board.start

    def squares(self) -> list[int]:
        """Every square the plan must visit (tiles to burn, cottages to burn)."""
        out = list(self.tiles)
        out += [c for c in self.cottages if c not in out]
        return out


def _make(board: Board, tiles: set[int], cottages: list[int], goal: str) -> BurnTask:
    lake = board.lake
    lake_needed = lake is not None and lake in tiles
    if lake_needed:  # T-BURN-LAKE: its unburnt N/S/E/W neighbours must burn too
        tiles |= {n for n in ORTHO[lake] if n not in board.burnt}
    order = sorted(tiles)
    idx = {sq: i for i, sq in enumerate(order)}
    lake_i = idx[lake] if lake_needed else None
    lake_needs = tuple(idx[n] for n in ORTHO[lake] if n in idx) if lake_needed else ()
    needs = []
    for c in cottages:  # T-BURN-COTTAGE: no wraparound; callers put the ring in ``tiles``
        needs.append(tuple(idx[s] for s in (c, *RING[c]) if s in idx))
    return BurnTask(board, tuple(order), lake_i, lake_needs, tuple(cottages), tuple(needs), goal)


def cottage_task(board: Board, cottage: int) -> BurnTask:
    """Burn the cottage on ``cottage`` (T-BURN-COTTAGE), burning what it needs first."""
    name = SQ[cottage]
    if board.tiles[cottage] != "C":
        names = ", ".join(str(SQ[c]) for c in board.cottages) or "none"
        raise QueryError(f"{name} is not a cottage tile (cottages: {names})")
    goal = f"burn the cottage on {name}"
    if cottage in board.cottages_burnt:
        return _make(board, set(), [], goal)
    tiles = {s for s in (cottage, *RING[cottage]) if s not in board.burnt}
    return _make(board, tiles, [cottage], goal)


def countryside_task(board: Board, *, cottages: bool) -> BurnTask:
    """Burn all 25 tiles (T-WIN's tile part), and with ``cottages`` also every cottage."""
    tiles = {s for s in range(25) if s not in board.burnt}
    cots = [c for c in board.cottages if c not in board.cottages_burnt] if cottages else []
    goal = "burn all 25 tiles" + (" and every cottage" if cottages else "")
    return _make(board, tiles, cots, goal)


def explain_impossible(task: BurnTask) -> str | None:
    """A plain reason why no plan exists, or None when the task is possible. Used for the
    answer's wording and by the z3 model (which needs a reachable goal to stop deepening)."""
    b = task.board
    dist = task.moves.dist(b.start)
    for sq in task.squares():
        if dist[sq] >= INF:
            why = "a knight stands there" if sq in b.avoid else "every way in is blocked by knights"
            role = "must be burninated" if sq in task.tiles else "is the cottage to burn"
            if task.lake is not None and sq in task.tiles and sq != task.tiles[task.lake]:
                if sq in ORTHO[task.tiles[task.lake]]:
                    role = f"must be burninated before the Lake ({R.LAKE})"
            return (
                f"impossible, because {SQ[sq]} {role} but Trogdor cannot reach it "
                f"({why}; {R.KNIGHT_DAMAGE})"
            )
    here = b.start
    if here in b.avoid:  # he may leave a knight's square but never re-enter it
        away = [s for s in task.squares() if s != here]
        if away:  # moves are symmetric elsewhere: one walk must reach every square left
            row = task.moves.dist(away[0])
            cut = next((s for s in away if row[s] >= INF), None)
            if cut is not None:
                return (
                    f"impossible, because {SQ[away[0]]} and {SQ[cut]} are connected only "
                    f"through {SQ[here]}, a knight's square Trogdor may leave but not re-enter "
                    f"({R.KNIGHT_DAMAGE})"
                )
        if here in task.cottages:
            needs = task.cottage_needs[task.cottages.index(here)]
            elsewhere = [task.tiles[i] for i in needs if task.tiles[i] != here]
        else:
            elsewhere = []
        if elsewhere:
            return (
                f"impossible, because the cottage on {SQ[here]} needs {SQ[elsewhere[0]]} burnt "
                f"first, and Trogdor, standing among knights there, could not come back "
                f"({R.KNIGHT_DAMAGE})"
            )
        if task.lake is not None and task.tiles[task.lake] == here and task.lake_needs:
            return (
                f"impossible, because the Lake on {SQ[here]} burns only after its neighbours "
                f"({R.LAKE}), and Trogdor, standing among knights there, could not come back "
                f"({R.KNIGHT_DAMAGE})"
            )
    return None

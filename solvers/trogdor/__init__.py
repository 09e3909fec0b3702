"""Puzzle solvers over the Trogdor rules engine (``rulebook.trogdor``).

Each answers with the number *and* a plan the engine can replay. Two independent methods answer the
minimal-AP questions: an A* graph search (``search``) and a z3 bounded model (``z3_model``).
"""

from .board_graph import Reach, board_graph, reachable
from .position import Position, QueryError
from .results import CountrysideResult, PlanResult
from .search import min_ap_cottage, min_ap_countryside
from .z3_model import min_ap_cottage_z3, min_ap_countryside_z3

__all__ = [
    "CountrysideResult",
    "PlanResult",
    "Position",
    "QueryError",
    "Reach",
    "board_graph",
    "min_ap_cottage",
    "min_ap_cottage_z3",
    "min_ap_countryside",
    "min_ap_countryside_z3",
    "reachable",
]

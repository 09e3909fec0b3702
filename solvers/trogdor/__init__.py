"""Puzzle solvers over the Trogdor rules engine (``rulebook.trogdor``); see API.md.

Every solver takes an engine position (``State``; ``rulebook.trogdor.puzzle(...)`` builds one from
a layout and a few squares) and answers with the number *and* a plan the engine can replay. Two
independent methods answer the minimal-AP questions: an A* graph search (``search``) and a z3
walk model (``z3_model``). The flaming-peasant, danger-map and win-this-turn answers run the
engine's own rules. networkx (drawing, reachability) and z3 are imported only where used.
"""

from .board_graph import Reach, board_graph, reachable
from .countryside import min_ap_countryside
from .danger import CardDanger, DangerMap, card_danger, danger_map
from .peasant import BestIgnition, FlameResult, best_ignition, ignite
from .query import QueryError
from .results import CountrysideResult, PlanResult
from .search import min_ap_cottage
from .win_now import WinResult, win_this_turn, with_hand


def min_ap_cottage_z3(state, cottage, **kw):
    """z3's answer to ``min_ap_cottage`` (see ``z3_model``; z3 is imported on first use)."""
    from .z3_model import min_ap_cottage_z3 as solve

    return solve(state, cottage, **kw)


def min_ap_countryside_z3(state, **kw):
    """z3's answer to the whole-countryside question alone (see ``z3_model``)."""
    from .z3_model import min_ap_countryside_z3 as solve

    return solve(state, **kw)


__all__ = [
    "BestIgnition",
    "CardDanger",
    "CountrysideResult",
    "DangerMap",
    "FlameResult",
    "PlanResult",
    "QueryError",
    "Reach",
    "WinResult",
    "best_ignition",
    "board_graph",
    "card_danger",
    "danger_map",
    "ignite",
    "min_ap_cottage",
    "min_ap_cottage_z3",
    "min_ap_countryside",
    "min_ap_countryside_z3",
    "reachable",
    "win_this_turn",
    "with_hand",
]

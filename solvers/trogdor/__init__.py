"""Puzzle solvers over the Trogdor rules engine (``rulebook.trogdor``); see API.md.

Each answers with the number *and* a plan the engine can replay. Two independent methods answer the
minimal-AP questions: an A* graph search (``search``) and a z3 bounded model (``z3_model``). The
flaming-peasant, danger-map and win-this-turn answers run the engine's own rules.
"""

from .board_graph import Reach, board_graph, reachable
from .danger import CardDanger, DangerMap, card_danger, danger_map
from .peasant import BestIgnition, FlameResult, best_ignition, ignite
from .position import Position, QueryError
from .results import CountrysideResult, PlanResult
from .search import min_ap_cottage, min_ap_countryside
from .win_now import WinResult, win_this_turn, with_hand
from .z3_model import min_ap_cottage_z3, min_ap_countryside_z3

__all__ = [
    "BestIgnition",
    "CardDanger",
    "CountrysideResult",
    "DangerMap",
    "FlameResult",
    "PlanResult",
    "Position",
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

"""Puzzle solvers over the Trogdor rules engine (``rulebook.trogdor``); see API.md.

Every solver takes an engine position (``State``; ``rulebook.trogdor.puzzle(...)`` builds one from
a layout and a few squares) and answers with the number *and* a plan the engine can replay. Two
independent methods answer the minimal-AP questions: an A* graph search (``search``) and a z3
walk model (``z3_model``). The flaming-peasant, danger-map and win-this-turn answers run the
engine's own rules.

Names are imported on first use (PEP 562), so ``trogkit trogdor min-ap`` loads the search only,
never z3, networkx or OR-Tools (bench figure "min-AP CLI CPU ÷ BFS script").
"""

from rulebook.common.lazy import lazy_names

_WHERE = {
    "BestIgnition": "peasant",
    "CardDanger": "danger",
    "CountrysideResult": "results",
    "DangerMap": "danger",
    "FlameResult": "peasant",
    "PlanResult": "results",
    "QueryError": "query",
    "Reach": "board_graph",
    "WinResult": "win_now",
    "best_ignition": "peasant",
    "board_graph": "board_graph",
    "card_danger": "danger",
    "danger_map": "danger",
    "ignite": "peasant",
    "min_ap_cottage": "search",
    "min_ap_cottage_z3": "z3_model",
    "min_ap_countryside": "countryside",
    "min_ap_countryside_z3": "z3_model",
    "reachable": "board_graph",
    "win_this_turn": "win_now",
    "with_hand": "win_now",
}
__all__ = sorted(_WHERE)


__getattr__, __dir__ = lazy_names(__name__, _WHERE)

"""Trollland solvers: loading (z3 and search), best pair of cards, random questions."""

from .bestpair import PairValue, best_pairs, pair_value
from .problem import LoadInputError, LoadProblem, from_dict, from_state, load_file, to_dict
from .search import LoadResult, replay
from .search import feasible as feasible_search
from .search import solve as solve_search
from .z3load import feasible as feasible_z3
from .z3load import solve as solve_z3

__all__ = [
    "LoadInputError",
    "LoadProblem",
    "LoadResult",
    "PairValue",
    "best_pairs",
    "feasible_search",
    "feasible_z3",
    "from_dict",
    "from_state",
    "load_file",
    "pair_value",
    "replay",
    "solve_search",
    "solve_z3",
    "to_dict",
]

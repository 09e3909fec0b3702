"""Trollland solvers: loading (z3 and search), best pair of cards, random questions."""

from pathlib import Path

from .bestpair import PairValue, best_pairs, pair_value
from .problem import LoadInputError, LoadProblem, from_dict, from_state, load_file, to_dict
from .search import LoadResult, replay
from .search import feasible as feasible_search
from .search import solve as solve_search
from .z3load import feasible as feasible_z3
from .z3load import solve as solve_z3

# the example loading questions, shipped with the package (the README's CLI examples, the lessons;
# read from here wherever the kit is installed, in the browser too)
EXAMPLES = Path(__file__).parent / "examples"

__all__ = [
    "EXAMPLES",
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

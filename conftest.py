"""How the suite shares out over two (or more) pytest-xdist workers: `make test` runs ``pytest -n
<cores>``. A plain ``pytest`` runs serially, in collection order, and none of this applies. It sits
at the root so that it applies to ``pytest -n 2 notebooks`` too, not only to runs through tests/.

Units of work, handed to whichever worker is free (``UnitScheduling`` below):
- a notebook: nbval runs its cells in order in one kernel, so they must stay together;
- the browser tests that drive one server (JupyterLab, or Voila: session fixtures in
  tests/browser/conftest.py): each worker then starts that server and chromium once;
- any other test on its own, so that the two workers finish within seconds of each other.

The longest units start first (tests marked ``heavy``, then the browser units, then the notebooks):
handed out last, one of them would leave a worker running alone at the end.

(``--dist loadgroup`` with ``xdist_group`` marks would say the same, but with pytest 9.2 and
pytest-xdist 3.8 it silently stops grouping: pytest-xdist issue 1386.)
"""

from __future__ import annotations

import pytest

HEAVY = "heavy"


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        f"{HEAVY}: takes tens of seconds; under xdist it starts first (conftest.py)",
    )


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to (see the module docstring)."""
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    if path.startswith("tests/browser/"):
        return "browser: Voila" if "voila" in path else "browser: JupyterLab"
    return nodeid


def _start_rank(item) -> int:
    """0 heavy tests, 1 browser units, 2 notebooks, 3 the rest."""
    unit = unit_of(item.nodeid)
    if item.get_closest_marker(HEAVY):
        return 0
    if unit.startswith("browser: "):
        return 1
    return 2 if unit != item.nodeid else 3


def pytest_collection_modifyitems(config, items):
    if hasattr(config, "workerinput"):  # an xdist worker: the controller hands out in this order
        items.sort(key=_start_rank)  # stable: a notebook's cells keep their order


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, absent without it
def pytest_xdist_make_scheduler(config, log):
    """The scheduler for ``-n`` (``--dist load``, its default); other ``--dist`` values are xdist's."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class UnitScheduling(LoadScopeScheduling):
        """xdist's per-scope scheduling, with ``unit_of`` as the scope, in collection order."""

        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    config.option.loadscopereorder = False  # keep the workers' order: longest units first
    return UnitScheduling(config, log)

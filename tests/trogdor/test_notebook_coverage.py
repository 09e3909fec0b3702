"""The Trogdor course covers every rule, and every notebook really checks something.

A catalog rule counts as taught when its ID appears in a notebook cell
(``scripts.coverage``). nbval (``--nbval-lax``) compares only the cells marked
``# NBVAL_CHECK_OUTPUT``, so a notebook without such a cell -- or with one whose saved output is
empty -- would pass while checking nothing; the tests below catch both.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rulebook.common.catalog import Rule, RuleCatalog
from rulebook.trogdor import CATALOG
from scripts.coverage import ROOT, citations, notebook_files

MARK = "NBVAL_CHECK_OUTPUT"  # the old comment marker
TAG = "nbval-check-output"  # the cell tag (scripts/tag_checks.py migrates markers to it)
NOTEBOOKS = notebook_files(ROOT)
TROGDOR_NOTEBOOKS = [p for p in NOTEBOOKS if p.name.startswith("trogdor_")]
# A Trogdor rule or ruling ID as written in prose or code: T-... or TR-..., upper case.
CITED_ID = re.compile(r"(?<![A-Za-z0-9-])TR?-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*(?![A-Za-z0-9-])")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8")).get("cells", [])


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _output_text(output: dict) -> str:
    """The text nbval would compare for one saved output ('' if it shows nothing)."""
    if output.get("output_type") == "stream":
        text = output.get("text", "")
        return "".join(text) if isinstance(text, list) else text
    data = output.get("data", {})
    text = data.get("text/plain", "")
    return "".join(text) if isinstance(text, list) else text


def _is_checked(cell: dict) -> bool:
    return cell.get("cell_type") == "code" and (
        MARK in _source(cell) or TAG in cell.get("metadata", {}).get("tags", [])
    )


def _checked_cells(path: Path) -> list[dict]:
    return [c for c in _cells(path) if _is_checked(c)]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_every_trogdor_rule_is_taught_in_a_notebook():
    """Coverage: each Trogdor catalog rule (T-SETUP-BOARD ... T-GAME-OVER) appears in a notebook."""
    taught = citations(CATALOG, NOTEBOOKS)
    missing = [rid for rid in CATALOG.ids() if not taught[rid]]
    listing = "\n".join(f"  {rid}: {CATALOG.get(rid).title}" for rid in missing)
    assert missing == [], f"{len(missing)} Trogdor rule(s) appear in no notebook:\n{listing}"


def test_every_trogdor_ruling_is_shown_in_a_notebook():
    """Each ruling (TR-PASS-AP, TR-HIDE-ENDS-TURN, ...) appears in a notebook too."""
    as_rules = RuleCatalog(
        "trogdor-rulings",
        rules={r.id: Rule(r.id, r.title, r.reason) for r in CATALOG.rulings.values()},
    )
    found = citations(as_rules, NOTEBOOKS)
    missing = sorted(rid for rid, where in found.items() if not where)
    assert missing == [], f"rulings in no notebook: {missing}"


def test_trogdor_notebooks_cite_only_catalogued_ids():
    """A rule ID written in a Trogdor notebook exists in the catalog (no typos, no stale IDs)."""
    known = set(CATALOG.ids()) | set(CATALOG.rulings)
    unknown = {}
    for path in TROGDOR_NOTEBOOKS:
        text = "\n".join(_source(c) for c in _cells(path))
        bad = sorted(set(CITED_ID.findall(text)) - known)
        if bad:
            unknown[_name(path)] = bad
    assert unknown == {}, f"IDs not in rulebook/trogdor/rules.toml: {unknown}"


@pytest.mark.skipif(not NOTEBOOKS, reason="no notebooks under notebooks/ yet")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_notebook_has_a_checked_cell_with_saved_output(path):
    """nbval compares only NBVAL_CHECK_OUTPUT cells: each notebook needs one that shows
    something (saved executed, not an error)."""
    checked = _checked_cells(path)
    assert checked, f"{_name(path)} has no '# {MARK}' cell"
    errors = [o for c in checked for o in c.get("outputs", []) if o["output_type"] == "error"]
    assert errors == [], f"{_name(path)} was saved with an error in a checked cell"
    shown = [c for c in checked if any(_output_text(o).strip() for o in c.get("outputs", []))]
    assert shown, (
        f"{_name(path)}: no '# {MARK}' cell has a saved output; run "
        f"'python -m scripts.run_notebooks {_name(path)}' and make the cell print its fact"
    )


@pytest.mark.parametrize("path", TROGDOR_NOTEBOOKS, ids=_name)
def test_every_checked_trogdor_cell_prints_its_fact(path):
    """In the Trogdor course every checked cell prints what it checks (an empty expected output
    would make nbval compare nothing), except an exercise's hidden self-check: it asserts the
    engine's verdicts and prints nothing, so the answer stays hidden until the learner asks."""
    silent = [
        i
        for i, c in enumerate(_cells(path))
        if _is_checked(c)
        and ".self_check()" not in _source(c)
        and not any(_output_text(o).strip() for o in c.get("outputs", []))
    ]
    assert silent == [], f"{_name(path)}: checked cells with no saved output: {silent}"

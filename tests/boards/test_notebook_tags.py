"""Lessons, not scaffolding: nbval checks by cell tag (``nbval-check-output``), never by a comment
in a teaching cell; every notebook has at least one checked cell, collapsed behind its output.
Reads every notebook under notebooks/ (the lead migrates them with scripts/tag_checks.py)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from scripts.tag_checks import checked_cells, comment_markers, convert, unasserted

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_checked_cells_are_tagged_and_collapsed(path):
    nb = nbformat.read(path, as_version=4)
    assert not comment_markers(nb), "comment markers left: run python -m scripts.tag_checks"
    checked = checked_cells(nb)
    assert checked, "no cell tagged nbval-check-output"
    for i in checked:
        assert nb.cells[i].metadata.get("jupyter", {}).get("source_hidden") is True


def test_convert_moves_the_comment_to_a_tag_and_hides_the_source():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nprint(1)"),
        nbformat.v4.new_code_cell("x = 1  # a teaching cell"),
        nbformat.v4.new_code_cell("#NBVAL_IGNORE_OUTPUT\nprint(2)", metadata={"tags": ["a"]}),
    ]
    assert convert(nb) == 2
    assert nb.cells[0].source == "print(1)"
    assert nb.cells[0].metadata["tags"] == ["nbval-check-output"]
    assert nb.cells[0].metadata["jupyter"]["source_hidden"] is True
    assert nb.cells[1].metadata == {}
    assert nb.cells[2].metadata["tags"] == ["a", "nbval-ignore-output"]
    assert "jupyter" not in nb.cells[2].metadata
    assert convert(nb) == 0 and checked_cells(nb) == [0] and not comment_markers(nb)


def test_a_checked_cell_that_only_prints_is_reported():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("print(1)", metadata={"tags": ["nbval-check-output"]}),
        nbformat.v4.new_code_cell(
            "x = 1\nassert x == 1", metadata={"tags": ["nbval-check-output"]}
        ),
        nbformat.v4.new_code_cell("print(2)"),
    ]
    assert unasserted(nb) == [0]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_checked_cell_asserts(path):
    assert not unasserted(nbformat.read(path, as_version=4))

"""Turn nbval's comment markers into cell tags, so learners see lessons, not scaffolding.

python -m scripts.tag_checks [NOTEBOOK ...]      # default: every notebook under notebooks/
python -m scripts.tag_checks --check [...]       # exit 1 if a notebook still has a comment marker
                                                 # or a checked cell that does not assert

A code cell whose source has a ``# NBVAL_CHECK_OUTPUT`` line loses that line and gets the tag
``nbval-check-output`` (nbval >= 0.11 honours it), and its source is collapsed
(``metadata.jupyter.source_hidden``): the reader sees the cell's output, which states the fact
being checked; the code is one click away. The other markers (``# NBVAL_IGNORE_OUTPUT``,
``# NBVAL_SKIP``, ``# NBVAL_RAISES_EXCEPTION``) become their tags too, their source stays
visible. Outputs, execution counts and all other metadata are kept; running it twice changes
nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
MARKERS = {  # comment -> (tag, hide the source)
    "NBVAL_CHECK_OUTPUT": ("nbval-check-output", True),
    "NBVAL_IGNORE_OUTPUT": ("nbval-ignore-output", False),
    "NBVAL_SKIP": ("nbval-skip", False),
    "NBVAL_RAISES_EXCEPTION": ("raises-exception", False),
}
CHECK_TAG = "nbval-check-output"


def marker_of(line: str) -> str | None:
    """The nbval marker a source line is (``# NBVAL_CHECK_OUTPUT``), as nbval reads it."""
    s = line.strip()
    if not s.startswith("#"):
        return None
    word = s.lstrip("#").strip()
    return word if word in MARKERS else None


def comment_markers(nb) -> list[tuple[int, str]]:
    """``(cell index, marker)`` for every comment marker left in ``nb``."""
    return [
        (i, m)
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code"
        for m in map(marker_of, cell.source.splitlines())
        if m
    ]


def checked_cells(nb) -> list[int]:
    """Indices of the cells nbval compares (tagged ``nbval-check-output``)."""
    return [
        i
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code" and CHECK_TAG in c.get("metadata", {}).get("tags", [])
    ]


def unasserted(nb) -> list[int]:
    """Checked cells whose code has no ``assert``: they print a fact but a re-run cannot fail."""
    return [
        i
        for i in checked_cells(nb)
        if not any(line.lstrip().startswith("assert") for line in nb.cells[i].source.splitlines())
    ]


def convert(nb) -> int:
    """Convert the comment markers of ``nb`` in place; the number of cells changed."""
    changed = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        lines = cell.source.splitlines()
        found = [m for m in map(marker_of, lines) if m]
        if not found:
            continue
        cell.source = "\n".join(line for line in lines if not marker_of(line)).strip("\n")
        tags = list(cell.metadata.get("tags", []))
        for m in found:
            tag, hide = MARKERS[m]
            if tag not in tags:
                tags.append(tag)
            if hide:
                cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
        cell.metadata["tags"] = tags
        changed += 1
    return changed


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    paths = [Path(a) for a in args] or sorted(
        p for p in (ROOT / "notebooks").glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    bad = 0
    for p in paths:
        nb = nbformat.read(p, as_version=4)
        if check:
            left, mute = comment_markers(nb), unasserted(nb)
            if left:
                print(f"{p}: comment markers in cells {sorted({i for i, _m in left})}")
            if mute:
                print(f"{p}: checked cells that do not assert: {mute}")
            bad += bool(left or mute)
            continue
        n = convert(nb)
        if n:
            nbformat.write(nb, p)
        print(f"{p}: {n} cell(s) tagged")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

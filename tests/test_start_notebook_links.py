"""The start notebook links every notebook, and every link it has points to a notebook that exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _links() -> set[str]:
    nb = json.loads((NOTEBOOKS / "00_start.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return set(re.findall(r"\]\(([^)\s]+\.ipynb)\)", text))


def test_start_notebook_links_every_notebook():
    present = {p.name for p in NOTEBOOKS.glob("*.ipynb")} - {"00_start.ipynb"}
    missing = sorted(present - _links())
    assert not missing, f"00_start.ipynb does not link: {', '.join(missing)}"


def test_start_notebook_links_resolve():
    broken = sorted(link for link in _links() if not (NOTEBOOKS / link).exists())
    assert not broken, f"00_start.ipynb links to missing notebooks: {', '.join(broken)}"

"""Execute notebooks in place so their saved outputs match the code (nbval compares them).

python -m scripts.run_notebooks [NOTEBOOK ...]     # default: every notebook under notebooks/

Saved so that a notebook reads well without a kernel (GitHub, nbviewer, Lab before running): a
board's output carries a static ``image/svg+xml`` picture beside its widget view; widget state is
not stored (fresh model ids on every run would make huge diffs), so a saved widget view could only
say "model not found" -- the runner keeps the picture and the text and drops that dead view. When
the notebook is run, the live board replaces the picture. Cell tags and metadata are kept as they
are (nbformat reads and writes them unchanged).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def keep_pictures(nb) -> int:
    """Drop the widget view from outputs that also carry a static picture; how many changed."""
    n = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW in data and ("image/svg+xml" in data or "image/png" in data):
                del data[WIDGET_VIEW]
                n += 1
    return n


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        store_widget_state=False,
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    nb.metadata.pop("widgets", None)
    pictures = keep_pictures(nb)
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(ROOT)} ({pictures} board picture(s) saved)")


def main(argv: list[str]) -> None:
    paths = [Path(a).resolve() for a in argv] or sorted(
        p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    for p in paths:
        run(p)


if __name__ == "__main__":
    main(sys.argv[1:])

"""Execute notebooks in place so their saved outputs match the code (nbval compares them).

python -m scripts.run_notebooks [NOTEBOOK ...]     # default: every notebook under notebooks/
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    # Widget state is not stored: it gets fresh model ids on every run (huge diffs) and the
    # boards are meant to be live; the checked cells print plain text.
    NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        store_widget_state=False,
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> None:
    paths = [Path(a).resolve() for a in argv] or sorted(
        p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )
    for p in paths:
        run(p)


if __name__ == "__main__":
    main(sys.argv[1:])

"""Which catalog rules are cited by a test, and which by a notebook cell.

A rule counts as tested when its ID appears in a file under tests/ (test names, docstrings or
comments next to the assertion) and as taught when it appears in a notebook cell. Run
``python -m rulebook.common.coverage`` for the table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .catalog import RuleCatalog

ROOT = Path(__file__).resolve().parents[2]


def _texts(paths: list[Path]) -> dict[str, str]:
    out = {}
    for p in paths:
        if p.suffix == ".ipynb":
            try:
                nb = json.loads(p.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError):
                continue
            out[str(p)] = "\n".join("".join(c.get("source", [])) for c in nb.get("cells", []))
        else:
            out[str(p)] = p.read_text(encoding="utf-8", errors="replace")
    return out


def citations(catalog: RuleCatalog, paths: list[Path]) -> dict[str, set[str]]:
    """rule ID -> set of files citing it (an ID must not be glued to more ID characters)."""
    texts = _texts(paths)
    found: dict[str, set[str]] = {rid: set() for rid in catalog.ids()}
    for rid in catalog.ids():
        pat = re.compile(rf"(?<![A-Z0-9-]){re.escape(rid)}(?![A-Z0-9-])")
        for name, text in texts.items():
            if pat.search(text):
                found[rid].add(name)
    return found


def test_files(root: Path = ROOT) -> list[Path]:
    return sorted((root / "tests").rglob("*.py"))


def notebook_files(root: Path = ROOT) -> list[Path]:
    return sorted(
        p for p in (root / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
    )


def report(catalog: RuleCatalog, root: Path = ROOT) -> list[tuple[str, int, int]]:
    tests = citations(catalog, test_files(root))
    nbs = citations(catalog, notebook_files(root))
    return [(rid, len(tests[rid]), len(nbs[rid])) for rid in catalog.ids()]


def main() -> None:
    from rulebook import catalogs

    for cat in catalogs():
        rows = report(cat)
        print(f"== {cat.game}: {len(rows)} rules")
        print(f"{'rule':28} tests notebooks")
        for rid, t, n in rows:
            flag = (
                ""
                if t and n
                else "   <-- missing "
                + " and ".join(x for x, c in (("test", t), ("notebook", n)) if not c)
            )
            print(f"{rid:28} {t:5} {n:9}{flag}")


if __name__ == "__main__":
    main()

"""Which catalog rules are cited by the rules code, by a test, and by a notebook cell.

A rule counts as coded when its ID appears in its game's rulebook package, as tested when it
appears in a file under tests/ (test names, docstrings or comments next to the assertion) and as
taught when it appears in a notebook cell. Run ``make coverage`` (``python -m scripts.coverage``)
for the table. It scans the repository, so it lives in scripts/, not in the rules package.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rulebook.common.catalog import RuleCatalog

ROOT = Path(__file__).resolve().parents[1]


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


def code_files(package: str, root: Path = ROOT) -> list[Path]:
    """The rules package of one game (``rulebook/<package>``): .py and data files."""
    base = root / "rulebook" / package
    return sorted(p for p in base.rglob("*") if p.suffix == ".py" and "__pycache__" not in p.parts)


def report(catalog: RuleCatalog, root: Path = ROOT) -> list[tuple[str, int, int]]:
    tests = citations(catalog, test_files(root))
    nbs = citations(catalog, notebook_files(root))
    return [(rid, len(tests[rid]), len(nbs[rid])) for rid in catalog.ids()]


def code_report(catalog: RuleCatalog, package: str, root: Path = ROOT) -> dict[str, int]:
    """rule ID -> number of rulebook source files of that game citing it."""
    return {rid: len(f) for rid, f in citations(catalog, code_files(package, root)).items()}


def main() -> None:
    from rulebook import games

    seen = set()
    for g in games().values():
        cat = g.catalog
        if id(cat) in seen:
            continue
        seen.add(id(cat))
        package = g.__module__.split(".")[1]
        code = code_report(cat, package)
        rows = report(cat)
        print(f"== {cat.game}: {len(rows)} rules")
        print(f"{'rule':28} code tests notebooks")
        for rid, t, n in rows:
            have = (("code", code[rid]), ("test", t), ("notebook", n))
            missing = [x for x, c in have if not c]
            flag = "   <-- missing " + " and ".join(missing) if missing else ""
            print(f"{rid:28} {code[rid]:4} {t:5} {n:9}{flag}")


if __name__ == "__main__":
    main()

"""Which catalog rules are cited by the rules code, by a test, and by a notebook cell.

A rule counts as coded when its ID appears in its game's rulebook package, as tested when it
appears in a file under tests/ (test names, docstrings or comments next to the assertion) and as
taught when a lesson section is about it: a notebook section (a markdown heading and the cells up
to the next heading) whose heading names the ID (and at most ``MAX_IDS_PER_SECTION`` IDs), with a
board (a saved ``image/svg+xml`` output) and a checked cell (tagged ``nbval-check-output``) that
asserts. Merely naming an ID in a cell does not teach it. Run ``make coverage``
(``python -m scripts.coverage``) for the table. It scans the repository, so it lives in scripts/,
not in the rules package.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
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
    ids = [*catalog.ids(), *catalog.rulings]
    found: dict[str, set[str]] = {rid: set() for rid in ids}
    for rid in ids:
        pat = re.compile(rf"(?<![A-Z0-9-]){re.escape(rid)}(?![A-Z0-9-])")
        for name, text in texts.items():
            if pat.search(text):
                found[rid].add(name)
    return found


MAX_IDS_PER_SECTION = 2
CHECK_TAG = "nbval-check-output"
HEADING = re.compile(r"^#{1,6}\s")


@dataclass(frozen=True)
class Section:
    """One lesson section of a notebook: its heading line and what its cells hold."""

    notebook: str
    heading: str
    has_board: bool
    has_asserting_check: bool

    def ids(self, known: set[str]) -> set[str]:
        return {w for w in ID_WORD.findall(self.heading) if w in known}

    def teaches(self, known: set[str]) -> set[str]:
        """The IDs this section teaches: named in its heading, shown on a board, asserted."""
        ids = self.ids(known)
        ok = self.has_board and self.has_asserting_check and len(ids) <= MAX_IDS_PER_SECTION
        return ids if ok else set()


ID_WORD = re.compile(r"(?<![A-Za-z0-9-])[A-Z]{1,3}R?(?:-[A-Z0-9]+)+(?![A-Za-z0-9-])")


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _has_svg(cell: dict) -> bool:
    return any("image/svg+xml" in o.get("data", {}) for o in cell.get("outputs", []))


def is_asserting_check(cell: dict) -> bool:
    """A checked cell (nbval compares its output) whose code asserts what it prints."""
    tags = cell.get("metadata", {}).get("tags", [])
    return (
        cell.get("cell_type") == "code"
        and CHECK_TAG in tags
        and re.search(r"^\s*assert\b", _source(cell), re.M) is not None
    )


def sections(path: Path) -> list[Section]:
    """Split a notebook at its markdown headings (one section per heading)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    out: list[Section] = []
    heading, board, check = "", False, False
    for cell in nb.get("cells", []):
        first = _source(cell).lstrip().split("\n", 1)[0]
        if cell.get("cell_type") == "markdown" and HEADING.match(first):
            if heading:
                out.append(Section(path.name, heading, board, check))
            heading, board, check = first, False, False
        board = board or _has_svg(cell)
        check = check or is_asserting_check(cell)
    if heading:
        out.append(Section(path.name, heading, board, check))
    return out


def taught(catalog: RuleCatalog, root: Path = ROOT) -> dict[str, set[str]]:
    """rule or ruling ID -> the notebooks with a section teaching it (see the module doc)."""
    known = set(catalog.ids()) | set(catalog.rulings)
    found: dict[str, set[str]] = {rid: set() for rid in [*catalog.ids(), *catalog.rulings]}
    for path in notebook_files(root):
        for sec in sections(path):
            for rid in sec.teaches(known):
                found[rid].add(path.name)
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
    """(rule or ruling ID, test files citing it, notebooks teaching it) for the whole catalog."""
    tests = citations(catalog, test_files(root))
    nbs = taught(catalog, root)
    return [
        (rid, len(tests.get(rid, ())), len(nbs[rid])) for rid in [*catalog.ids(), *catalog.rulings]
    ]


def code_report(catalog: RuleCatalog, package: str, root: Path = ROOT) -> dict[str, int]:
    """rule or ruling ID -> number of rulebook source files of that game citing it."""
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
        print(
            f"== {cat.game}: {len(rows)} rules and rulings, {sum(1 for r in rows if r[2])} taught"
        )
        print(f"{'rule':28} code tests taught-in")
        for rid, t, n in rows:
            have = (("code", code[rid]), ("test", t), ("lesson section", n))
            missing = [x for x, c in have if not c]
            flag = "   <-- missing " + " and ".join(missing) if missing else ""
            print(f"{rid:28} {code[rid]:4} {t:5} {n:9}{flag}")


if __name__ == "__main__":
    main()

"""The lessons' text stays true to the kit: checked cells assert what they print, their saved
output is never a bare notation header word, and every link in a notebook or a rule catalog
points at a file that exists (issue 21: "trogdor -> trogdor", a dead NOTATION.md link)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rulebook
from scripts.coverage import is_asserting_check
from scripts.tag_checks import CHECK_TAG

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
CATALOGS = sorted((ROOT / "rulebook").glob("*/rules.toml"))
HEADER_WORDS = sorted(rulebook.games())  # the first word of every game's notation
LINK = re.compile(r"\]\(([^)\s]+)\)")
SHARED_TEXTS = {"card-facts.md", "shared/card-facts.md"}  # the user's texts, outside the kit
FILE_WORD = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w-]+\.(?:md|py|toml|json|ipynb))(?![\w])")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _printed(cell: dict) -> str:
    out = []
    for o in cell.get("outputs", []):
        text = o.get("text") or o.get("data", {}).get("text/plain", "")
        out.append("".join(text) if isinstance(text, list) else text)
    return "".join(out)


def bare_header_words(printed: str) -> list[str]:
    """Lines where a game's header word stands alone as a value (``trogdor -> trogdor``), the
    sign of a cell printing ``str(state).split()[0]`` instead of the field it meant."""
    words = "|".join(map(re.escape, HEADER_WORDS))
    alone = re.compile(rf"(?:^|[:>|,(])\s*({words})(?=\s*(?:$|->|\||,|\)))", re.M)
    return [line for line in printed.splitlines() if alone.search(line)]


def local_links(path: Path) -> list[str]:
    """Markdown link targets of a notebook that are files (not web pages or anchors)."""
    found = []
    for cell in _cells(path):
        if cell["cell_type"] != "markdown":
            continue
        for target in LINK.findall(_text(cell)):
            if not re.match(r"^(https?:|mailto:|#)", target):
                found.append(target.split("#", 1)[0])
    return found


def test_bare_header_word_is_caught():
    assert bare_header_words("trogdor -> trogdor")
    assert bare_header_words("after burn tile: trogdor")
    assert not bare_header_words("trogdor tiles=C.M.C/.T... trogdor=C3 meter=4")
    assert not bare_header_words("a trogdor game: 3 cottages")
    assert not bare_header_words("Red and Blue Star cards cannot be in one encounter")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_checked_cells_assert_and_print_no_bare_header_word(path):
    for i, cell in enumerate(_cells(path)):
        if CHECK_TAG not in cell.get("metadata", {}).get("tags", []):
            continue
        assert is_asserting_check(cell), f"{path.name} cell {i}: a checked cell must assert"
        bad = bare_header_words(_printed(cell))
        assert not bad, f"{path.name} cell {i} prints a bare header word: {bad}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_links_resolve(path):
    dead = [t for t in local_links(path) if t and not (path.parent / t).exists()]
    assert not dead, f"{path.name}: links to missing files {dead}"


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.name)
def test_catalog_file_references_resolve(path):
    """A file named in a catalog (a rule's text or source, a ruling) exists, beside the catalog
    or from the repository root; the user's own texts (card-facts.md) are named as sources, not
    shipped."""
    text = path.read_text(encoding="utf-8")
    names = set(FILE_WORD.findall(text)) | set(LINK.findall(text))
    dead = sorted(
        n for n in names - SHARED_TEXTS if not ((path.parent / n).exists() or (ROOT / n).exists())
    )
    assert not dead, f"{path}: names missing files {dead}"


def test_a_dead_catalog_reference_is_caught(tmp_path):
    cat = tmp_path / "rules.toml"
    cat.write_text('text = "see NOTATION.md and rulebook/API.md"\n', encoding="utf-8")
    names = set(FILE_WORD.findall(cat.read_text()))
    assert names == {"NOTATION.md", "rulebook/API.md"}
    assert not (tmp_path / "NOTATION.md").exists() and not (ROOT / "NOTATION.md").exists()


LESSONS = [p for p in NOTEBOOKS if p.name.split("_")[0] in {"trogdor", "trollland", "encounter"}]
# every notebook is taught with the template (issue 21), the app and the notebooks about all
# the games included; 00_start is the course's index page, it asks an exercise but has no recap
TEMPLATED = [
    *LESSONS,
    *(
        ROOT / "notebooks" / f"{n}.ipynb"
        for n in ("instructor", "scale_01_rules_at_scale", "verify_01_rules_under_test")
    ),
]


@pytest.mark.parametrize("path", TEMPLATED, ids=lambda p: p.name)
def test_lessons_follow_the_template(path):
    """The lesson template (issue 21): the goal of the lesson and of the game, a glossary of the
    words it uses, and a recap. The instructor app, the scale and the verification notebooks
    follow it too (their "game" is every game of the kit); 00_start is the index page."""
    cells = _cells(path)
    texts = [_text(c) for c in cells if c["cell_type"] == "markdown"]
    assert "**This lesson:**" in texts[0] and "**The game**" in texts[0], "goals in the first cell"
    assert any(t.startswith("## Words of the game") for t in texts), "no glossary section"
    assert any(t.startswith("## Recap") for t in texts), "no recap section"


@pytest.mark.parametrize(
    "path", [*TEMPLATED, ROOT / "notebooks" / "00_start.ipynb"], ids=lambda p: p.name
)
def test_lessons_ask_an_exercise_checked_both_ways(path):
    """At least one exercise (boards.exercises) per lesson, and a hidden checked cell that answers
    it wrongly then rightly (``self_check``) and asserts the verdicts, printing nothing a learner
    could read (the answer stays hidden until asked)."""
    cells = _cells(path)
    asks = [c for c in cells if c["cell_type"] == "code" and "boards import exercises" in _text(c)]
    checked = [c for c in cells if is_asserting_check(c) and ".self_check()" in _text(c)]
    assert asks, "no exercise in this lesson"
    assert checked, "no checked cell answers the exercise wrongly and rightly"
    for cell in checked:
        assert re.search(r"^\s*assert\b.*\.self_check\(\)", _text(cell), re.M), _text(cell)
        assert _printed(cell) == "", _printed(cell)


def test_the_instructor_app_stays_the_first_code_cell():
    """Voilà shows the app first: the template's text and the exercise go around it, never
    before it."""
    code = [c for c in _cells(ROOT / "notebooks" / "instructor.ipynb") if c["cell_type"] == "code"]
    first = _text(code[0])  # the app, opened on the position a link names (from_url)
    assert "app = from_url()" in first and first.rstrip().endswith("app.widget")
    assert all("boards import exercises" not in _text(c) for c in code[:2])

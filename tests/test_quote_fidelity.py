"""Every quote of a rule text in the kit is in that text, verbatim (issue 35).

How a quote is marked, in every source this test reads (the rule catalogs and their rulings, the
galleries, each game's RULINGS.md and every notebook's markdown): **a quote is in double quotes**
("…" or “…”); the kit's own words never are (they use single quotes or italics). A quote belongs to
the text named last before it — ``000``, ``001``, ``002``, ``003`` or ``card-facts.md``; two names
joined by "/" or "and" mean it is in both — since the previous quote of the same entry (a catalog
field, a gallery field, a markdown paragraph, list item or table row); with no name it continues
the previous quote's source, and the first unnamed one may come from any text of its game (any of
the four texts in a notebook about every game).

Verbatim means: the same words in the same order, up to whitespace, typographic quote marks and
dashes, the case of a fragment's first letter, the punctuation mark where a quote is cut
(a quote may end on "." where the text goes on after a ","), and ellipses ("...", "…", "[...]") that stand for
words left out. The texts are not part of the kit: they are read from ``../shared/seeds/`` beside
the repository (as in CI). Elsewhere the check cannot run and says so (a skip naming the missing
directory); in CI (``CI`` set) a missing directory is a failure.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path

import pytest

import rulebook
from scripts.catalog_quotes import stale, synced

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
GAME_TEXTS = {"trogdor": ("000", "001"), "trollland": ("002",), "encounter": ("003",)}

QUOTE = re.compile(r"\"([^\"]*)\"|“([^”]*)”")
TAG = re.compile(r"(?<![\w.-])(00[0-3]|card-facts)(?:\.md)?(?![\w])")
JOINED = re.compile(r"\s*(?:/|and|&)\s*")  # "000/001", "000 and 001": both
ELLIPSIS = re.compile(r"\[\.\.\.\]|\[…\]|\.\.\.|…")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
FIELDS = ("title", "text", "reason", "quote", "note")


def normal(text: str) -> str:
    """The text as compared: one kind of quote mark and dash, single spaces."""
    text = re.sub(r"[‘’`“”\"]", "'", text)
    text = re.sub(r"\s*(?:[–—]|--?)\s*", "-", text)
    return re.sub(r"\s+", " ", text).strip()


def is_in(quote: str, text: str) -> bool:
    """``quote`` is in ``text`` (both ``normal``), its fragments between ellipses in order."""
    pos = 0
    for part in (normal(p).rstrip(".,;:") for p in ELLIPSIS.split(quote)):
        if not part:
            continue
        tries = [text.find(p, pos) for p in {part, part[0].swapcase() + part[1:]}]
        found = [i for i in tries if i >= 0]
        if not found:
            return False
        pos = min(found) + len(part)
    return True


def named_sources(before: str) -> tuple[str, ...]:
    """The texts named last in ``before`` (two joined by "/" or "and" both count)."""
    tags = list(TAG.finditer(before))
    if not tags:
        return ()
    group = [tags[-1]]
    for prev in reversed(tags[:-1]):
        if not JOINED.fullmatch(before[prev.end() : group[0].start()]):
            break
        group.insert(0, prev)
    return tuple(t.group(1) for t in group)


def quotes(entry: str) -> list[tuple[tuple[str, ...], str]]:
    """(sources, quote) for each quote of one entry; sources () = any text of the game."""
    out, last, sources = [], 0, ()
    entry = CODE.sub(" ", entry)
    for m in QUOTE.finditer(entry):
        sources = named_sources(entry[last : m.start()]) or sources
        out.append((sources, m.group(1) if m.group(1) is not None else m.group(2)))
        last = m.end()
    return out


def unbalanced(entry: str) -> bool:
    return CODE.sub(" ", entry).count('"') % 2 == 1


# ---------------------------------------------------------------------------------- the sources
def toml_entries(path: Path) -> list[tuple[str, str]]:
    """(where, text) of every field of a catalog or gallery that may quote a text."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for table in ("rule", "ruling", "scenario"):
        for item in data.get(table, ()):
            name = item.get("id") or item.get("name")
            out += [(f"{name}.{f}", item[f]) for f in FIELDS if isinstance(item.get(f), str)]
            out += [(f"{name}.{o}", g) for o, g in item.get("options", {}).items()]
    return out


def markdown_blocks(text: str) -> list[str]:
    """Paragraphs, list items and table rows: each one an entry."""
    text = CODE.sub(" ", text)
    return [b for b in re.split(r"\n\s*\n|\n(?=\s*(?:[-*] |\d+\. |\|))", text) if b.strip()]


def notebook_entries(path: Path) -> list[tuple[str, str]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        (f"cell {i}", block)
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown"
        for block in markdown_blocks("".join(c["source"]))
    ]


def sources_of_the_kit() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(game, file, entries) for every catalog, gallery, RULINGS.md and notebook."""
    out = []
    for game in GAME_TEXTS:
        pkg = ROOT / "rulebook" / game
        out.append((game, f"rulebook/{game}/rules.toml", toml_entries(pkg / "rules.toml")))
        gallery = pkg / "data" / "gallery.toml"
        out.append((game, f"rulebook/{game}/data/gallery.toml", toml_entries(gallery)))
        rulings = pkg / "RULINGS.md"
        md = rulings.read_text(encoding="utf-8") if rulings.exists() else ""
        entries = [(f"block {i}", b) for i, b in enumerate(markdown_blocks(md))]
        out.append((game, f"rulebook/{game}/RULINGS.md", entries))
        for nb in sorted((ROOT / "notebooks").glob(f"{game}_*.ipynb")):
            out.append((game, f"notebooks/{nb.name}", notebook_entries(nb)))
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if nb.name.split("_")[0] not in GAME_TEXTS:  # the start page, the app, every-game lessons
            out.append(("", f"notebooks/{nb.name}", notebook_entries(nb)))
    return out


SOURCES = sources_of_the_kit()


def misquotes(game: str, entries, texts: dict[str, str]) -> list[str]:
    """Each quote of ``entries`` not found verbatim in its text(s)."""
    bad = []
    for where, entry in entries:
        if unbalanced(entry):
            bad.append(f"{where}: an odd number of double quotes")
        for sources, q in quotes(entry):
            names = sources or GAME_TEXTS.get(game, ("000", "001", "002", "003"))
            hits = [is_in(q, texts[n]) for n in names]
            if not (all(hits) if sources else any(hits)):
                bad.append(f'{where}: not in {"/".join(names)}: "{q}"')
    return bad


# ---------------------------------------------------------------------------------- the texts
def rule_texts() -> dict[str, str]:
    if not SEEDS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"the rule texts are missing in CI: no directory {SEEDS}")
        # a real reason: the user's texts are not part of the project (issue 35); outside CI
        # the check says it did not run, in CI (above) their absence fails
        pytest.skip(f"no rule texts at {SEEDS}: the quote fidelity check did not run here")
    texts = {}
    for number in ("000", "001", "002", "003"):
        (path,) = SEEDS.glob(f"{number}_*.txt")
        texts[number] = normal(path.read_text(encoding="utf-8"))
    facts = SHARED / "card-facts.md"
    texts["card-facts"] = normal(facts.read_text(encoding="utf-8")) if facts.exists() else ""
    return texts


@pytest.mark.parametrize("game, name, entries", SOURCES, ids=[s[1] for s in SOURCES])
def test_every_quote_is_in_its_text(game, name, entries):
    texts = rule_texts()
    assert misquotes(game, entries, texts) == [], name


def test_the_sources_hold_quotes():
    """The check reads what it should: every catalog and gallery quotes its texts."""
    counted = {name: sum(len(quotes(e)) for _w, e in entries) for _g, name, entries in SOURCES}
    assert all(counted[f"rulebook/{g}/data/gallery.toml"] >= 10 for g in GAME_TEXTS), counted
    assert all(counted[f"rulebook/{g}/RULINGS.md"] >= 5 for g in GAME_TEXTS), counted
    assert sum(counted.values()) >= 300, counted


# ---------------------------------------------------------------------------------- the checker
SAMPLE = {"000": normal("If a Knight goes onto Trogdor’s tile, or if Trogdor goes onto the"
                        " Knight’s tile, Trogdor gets hurt. He takes one point of damage."),
          "001": normal("If a knight visits Trogdor's tile, Trogdor takes damage; move one"
                        " peasant from the Trog-meter to the Void.")}  # fmt: skip


def test_the_checker_finds_quotes_and_their_texts():
    entry = '000 Step 4: "If a Knight goes onto Trogdor\'s tile ... Trogdor gets hurt" and "He takes one point"; 001: "move one peasant"'
    assert quotes(entry) == [
        (("000",), "If a Knight goes onto Trogdor's tile ... Trogdor gets hurt"),
        (("000",), "He takes one point"),
        (("001",), "move one peasant"),
    ]
    assert named_sources("000 and 001: ") == ("000", "001")
    assert named_sources("000 Hide; 001: ") == ("001",)
    assert quotes('see `code "x"` and card-facts.md: “y”') == [(("card-facts",), "y")]


def test_the_checker_refuses_a_misquote_and_a_wrong_source():
    texts = {**SAMPLE, "002": "", "003": "", "card-facts": ""}
    good = [("ok", '000: "if Trogdor goes onto the Knight’s tile, [...] he takes one point"')]
    assert misquotes("trogdor", good, texts) == []
    reworded = [("w", '000: "If a Knight enters Trogdor\'s tile, Trogdor gets hurt"')]
    assert len(misquotes("trogdor", reworded, texts)) == 1
    both = [("b", '000 and 001: "Trogdor takes damage"')]  # only 001 says it
    assert len(misquotes("trogdor", both, texts)) == 1
    assert misquotes("trogdor", [("any", 'the texts: "Trogdor takes damage"')], texts) == []
    out_of_order = [("o", '001: "move one peasant ... Trogdor takes damage"')]
    assert len(misquotes("trogdor", out_of_order, texts)) == 1
    assert misquotes("trogdor", [("odd", 'a stray " mark')], texts) != []


def test_every_game_is_checked():
    assert set(GAME_TEXTS) == {g.split("-")[0] for g in rulebook.games()}


# ---------------------------------------------------------------------- quotes of the catalogs
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_lessons_quote_the_catalog_as_it_is(path):
    """A lesson's rule or ruling section quotes the catalog entry as the catalog has it now
    (notebooks 05-07 quoted old texts of T-RAGE, T-DEFEAT-CARDS and T-KNIGHT-MOVE)."""
    assert stale(path) == [], "run python -m scripts.catalog_quotes " + str(path)


def test_a_stale_catalog_quote_is_caught():
    old = "### T-RAGE — Fiery Rage\n\n> On defeat Trogdor rages.\n>\n> *Sources: 000*\n\nWords."
    new = synced(old)
    assert new != old and rulebook.game("trogdor").catalog.get("T-RAGE").text in new
    assert new.endswith("> *Sources: 000*\n\nWords.") and synced(new) == new


@pytest.mark.parametrize("game", GAME_TEXTS)
def test_every_ruling_is_explained_in_its_games_rulings_md(game):
    """Each game has a RULINGS.md like Trogdor's: every ruling, every option, the default."""
    text = (ROOT / "rulebook" / game / "RULINGS.md").read_text(encoding="utf-8")
    for rid, ruling in rulebook.game(game).catalog.rulings.items():
        assert f"## {rid} — " in text, rid
        for option in ruling.options:
            assert f"`{option}`" in text, (rid, option)
        assert f"`{ruling.default}` (**default**)" in text, rid


def test_missing_texts_say_the_check_did_not_run_and_fail_in_ci(monkeypatch, tmp_path):
    monkeypatch.setitem(globals(), "SEEDS", tmp_path / "no-seeds")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="did not run here"):
        rule_texts()
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="missing in CI"):
        rule_texts()

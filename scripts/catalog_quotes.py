"""The lessons quote the rule catalogs: keep every quote equal to the catalog it quotes.

A lesson's rule section opens with ``### ID — title`` and quotes the catalog entry in a block
quote: a rule's text, then ``*Source(s): …*``; a ruling's options and why (Trollland and Random
Encounter), or, in the Trogdor rulings lesson, the options as a list. ``stale(path)`` lists the
sections whose quote no longer says what the catalog says (issue 35: lessons quoting old catalog
texts); ``python -m scripts.catalog_quotes notebooks/X.ipynb ...`` rewrites them from the catalog
(markdown only: no code cell changes, so the notebooks need no re-run).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import rulebook

HEADING = re.compile(r"^### ((?:T|TL|RE|TR|TLR|RER)-[A-Z0-9-]+) — (.*)$")
PREFIX_GAME = {"T": "trogdor", "TR": "trogdor", "TL": "trollland", "TLR": "trollland"}


def catalog_of(rid: str):
    prefix = rid.split("-")[0]
    return rulebook.game(PREFIX_GAME.get(prefix, "encounter")).catalog


def ruling_options(ruling) -> list[tuple[str, str]]:
    """The default first, then the others in catalog order."""
    return sorted(ruling.options.items(), key=lambda kv: kv[0] != ruling.default)


def quote_block(rid: str, old: list[str]) -> list[str] | None:
    """The block quote lines the catalog gives for ``rid`` (``old``: the lines there now, whose
    source line is kept); None when the section quotes no block."""
    cat = catalog_of(rid)
    if rid in cat.rules:
        if not old:
            return None
        sources = [line for line in old if line.startswith("> *Source")]
        return [f"> {cat.get(rid).text}", *([">", *sources] if sources else [])]
    ruling = cat.rulings[rid]
    if not old or not old[0].startswith(f"> **{rid}**"):
        return None
    lines = [f"> **{rid}** {ruling.title}", ">"]
    for opt, gist in ruling_options(ruling):
        lines.append(f"> - `{opt}`{' (default)' if opt == ruling.default else ''}: {gist}")
    return [*lines, ">", f"> *Why the default: {ruling.reason}*"]


def option_list(rid: str) -> list[str]:
    """The Trogdor rulings lesson's form: a list of options, then why the default."""
    ruling = catalog_of(rid).rulings[rid]
    lines = [
        f"- **`{opt}`**{' (default)' if opt == ruling.default else ''} — {gist}"
        for opt, gist in ruling_options(ruling)
    ]
    return [*lines, "", f"*Why `{ruling.default}` is the default:* {ruling.reason}"]


def synced(text: str) -> str:
    """A markdown cell's text with its section quote rewritten from the catalog."""
    lines = text.split("\n")
    m = HEADING.match(lines[0])
    if not m:
        return text
    rid = m.group(1)
    cat = catalog_of(rid)
    if rid not in cat.rules and rid not in cat.rulings:
        return text
    item = cat.get(rid) if rid in cat.rules else cat.rulings[rid]
    lines[0] = f"### {rid} — {item.title}"
    start = 2 if len(lines) > 2 and lines[1] == "" else 1
    end = start
    while end < len(lines) and lines[end].startswith(">"):
        end += 1
    block = quote_block(rid, lines[start:end])
    if block is not None:
        lines[start:end] = block
    elif rid in cat.rulings and start < len(lines) and lines[start].startswith("- **`"):
        end = lines.index("", start)  # the options, a blank line, then the why line
        end = end + 2 if lines[end + 1].startswith("*Why") else end
        lines[start:end] = option_list(rid)
    return "\n".join(lines)


def _markdown_cells(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return nb, [c for c in nb["cells"] if c["cell_type"] == "markdown"]


def _text(cell) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def stale(path: Path) -> list[str]:
    """Headings of the sections whose quote differs from the catalog."""
    _nb, cells = _markdown_cells(path)
    return [_text(c).split("\n")[0] for c in cells if synced(_text(c)) != _text(c)]


def sync(path: Path) -> int:
    """Rewrite the stale quotes of one notebook; the number of sections changed."""
    nb, cells = _markdown_cells(path)
    changed = 0
    for c in cells:
        new = synced(_text(c))
        if new != _text(c):
            parts = new.split("\n")
            c["source"] = [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
            changed += 1
    if changed:
        text = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")
    return changed


def main(paths: list[str]) -> None:
    for p in paths:
        print(f"{p}: {sync(Path(p))} section(s) rewritten from the catalog")


if __name__ == "__main__":
    main(sys.argv[1:])

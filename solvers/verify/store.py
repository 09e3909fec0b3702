"""Stored verification data, one file per game beside its rules:
``rulebook/<package>/<game>.verify.json`` (beside ``rules.toml``; not in ``data/``, whose files
Trogdor reads as card files) holds the witnesses (rule -> Trace), the rules a
check witnesses instead of a game, the rules no search reached (with the budget spent), and the
ruling differences (ruling -> Trace). ``python -m solvers.verify.regenerate`` writes it there;
``trogkit <game> witness --all --write [FILE]`` writes where the user says (``writable``,
``refuse_smaller``). The tests replay every stored trace.

Loading checks the shape and names the file, the trace and the field: a file that is not a
store at all is a ``StoreError``; one bad trace is listed in ``data["skipped"]`` and left out,
the others load."""

from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path

import rulebook
from rulebook.common.errors import TrogkitInputError

from .trace import Trace

TRACE_PARTS = ("witnesses", "differences")
TEXT_PARTS = ("checked", "missed")  # rule -> a sentence
MAX_STORE_BYTES = 20_000_000


class StoreError(TrogkitInputError):
    """A stored file that is not a verify store (names the file and the field)."""


def path_of(game) -> Path:
    game = rulebook.game(game) if isinstance(game, str) else game
    package = Path(sys.modules[type(game).__module__].__file__).parent
    return package / f"{game.name}.verify.json"


def empty() -> dict:
    return {**{part: {} for part in TRACE_PARTS + TEXT_PARTS}, "stats": {}, "skipped": {}}


def read(p: Path) -> dict:
    """The JSON object of store ``p`` (StoreError naming the file when it is not one)."""
    try:
        if p.stat().st_size > MAX_STORE_BYTES:
            raise StoreError(f"{p}: larger than {MAX_STORE_BYTES:,} bytes: not a verify store")
        raw = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        if isinstance(e, StoreError):
            raise
        raise StoreError(f"{p}: not a readable verify store ({type(e).__name__}: {e})") from None
    if not isinstance(raw, dict):
        raise StoreError(f"{p}: a verify store is a JSON object, not a {type(raw).__name__}")
    for part in (*TRACE_PARTS, *TEXT_PARTS, "stats"):
        if not isinstance(raw.get(part, {}), dict):
            kind = type(raw[part]).__name__
            raise StoreError(f"{p}: field {part!r} is a table (JSON object), not a {kind}")
    return raw


def load(game, path: Path | None = None) -> dict:
    """The stored data, traces as ``Trace``s ({} parts when nothing is stored yet). A bad entry
    is left out and named in ``data["skipped"]`` (entry -> why), with a warning."""
    game = rulebook.game(game) if isinstance(game, str) else game
    p = Path(path) if path is not None else path_of(game)
    if not p.exists():
        return empty()
    raw = read(p)
    data = {**raw, **empty()}
    for part in TRACE_PARTS:
        for key, value in raw.get(part, {}).items():
            where = f"{p}: {part} {key!r}"
            try:
                trace = Trace.from_json(value, where=where)
                _same_game(game, trace, where)
            except TrogkitInputError as e:
                data["skipped"][f"{part} {key}"] = str(e)
                continue
            data[part][key] = trace
    for part in TEXT_PARTS:
        for key, value in raw.get(part, {}).items():
            if isinstance(value, str):
                data[part][key] = value
            else:
                why = f"{p}: {part} {key!r}: a sentence, not {value!r}"
                data["skipped"][f"{part} {key}"] = why[:300]
    data["stats"] = raw.get("stats", {})
    for why in data["skipped"].values():
        warnings.warn(f"skipped: {why}", stacklevel=2)
    return data


def _same_game(game, trace: Trace, where: str) -> None:
    """The trace is of this game, and its rulings are the game's (unknown ones: refused)."""
    if trace.game != game.name:
        raise TrogkitInputError(f"{where}: field 'game' is {trace.game!r}, not {game.name!r}")
    for field, chosen in (("start rulings", trace.start.rulings), ("versus", trace.versus or {})):
        for rid, option in chosen.items():
            ruling = game.rulings.get(rid)
            if ruling is None or option not in ruling.options:
                raise TrogkitInputError(
                    f"{where}: field {field!r}: {rid}={option} is not a ruling option of {game.name}"
                )


def save(game, data: dict, path: Path | None = None) -> Path:
    """Write atomically (a temporary file beside it renamed over the old one: never half a
    file)."""
    p = Path(path) if path is not None else path_of(game)
    out = {k: v for k, v in data.items() if k != "skipped"}
    for part in TRACE_PARTS:
        out[part] = {k: t.to_json() for k, t in sorted(data.get(part, {}).items())}
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(p)
    finally:
        tmp.unlink(missing_ok=True)
    return p


# ---- what --write checks before a search and before it replaces a store ----------------------


def writable(p: Path) -> Path:
    """``p`` can be written (its directory exists and takes a new file; an existing ``p`` is a
    regular file holding a verify store): checked before the search, so that a search never
    ends in an error it could have known at the start."""
    p = Path(p)
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise TrogkitInputError(f"--write {p}: folder {folder} does not exist")
    if p.exists() and not p.is_file():
        raise TrogkitInputError(f"--write {p}: not a regular file")
    probe = folder / f".{p.name}.{os.getpid()}.probe"
    try:
        probe.write_bytes(b"")
    except OSError as e:
        raise TrogkitInputError(f"--write {p}: cannot write in {folder} ({e.strerror})") from None
    finally:
        probe.unlink(missing_ok=True)
    if p.exists() and not os.access(p, os.W_OK):
        raise TrogkitInputError(f"--write {p}: the file is read-only")
    return p


def refuse_smaller(p: Path, game, *, playouts: int | None = None, witnesses: int | None = None):
    """A TrogkitInputError when the store ``p`` holds more (witnesses, or a larger playout
    budget) than what would replace it: ``--force`` replaces it anyway. A store that does not
    load is refused too (``--force`` replaces it)."""
    if not Path(p).exists():
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            old = load(game, p)
    except StoreError as e:
        raise StoreError(f"{e}; --force replaces it") from None
    had = old["stats"].get("playouts")
    if playouts is not None and isinstance(had, int) and playouts < had:
        raise TrogkitInputError(
            f"--write {p}: it holds a search of {had} playouts; this one has {playouts} "
            "(--force replaces it)"
        )
    if witnesses is not None and witnesses < len(old["witnesses"]):
        raise TrogkitInputError(
            f"--write {p}: it holds {len(old['witnesses'])} witnesses; this search found "
            f"{witnesses}: nothing written (--force replaces it)"
        )

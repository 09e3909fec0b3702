"""One notation toolkit for every game: positions are one line of ``key=value`` fields after a
header word naming the game, and each field's value is written and read by a *codec*.

A codec both formats and parses, so a field is described once and the two directions cannot drift
apart. Only canonical spellings parse (ASCII digits, no ``+``/``_``, the separators below), so
``parse(text)`` either raises ``NotationError`` naming the field or round-trips exactly.

Separators, the same in every game:
  ``' '`` between fields, ``=`` inside a field, ``/`` between players (or rows), ``,`` between
  items of a list, ``|`` between the parts of a deck, ``:`` inside a pair; ``-`` is empty / none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from .errors import NotationError
from .values import Frozen, init_field

EMPTY = "-"
PLAYER_SEP = "/"
ITEM_SEP = ","

_INT = re.compile(r"(0|-?[1-9][0-9]*)\Z", re.ASCII)
# A token a notation can carry: ASCII letters, digits and a few joiners, never a separator or '-'
# alone. Card ids, cage names and the like must match it (checked when card files load).
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+\-]*\Z", re.ASCII)
MAX_EXCERPT = 60


def excerpt(text: object, limit: int = MAX_EXCERPT) -> str:
    """A short quotable piece of user input for an error message (never the whole of a huge
    input)."""
    s = text if isinstance(text, str) else repr(text)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def is_token(text: str, *, forbid: str = "") -> bool:
    """True for ids a notation can carry: not empty, not '-', no whitespace or separators.

    ``forbid`` lists extra characters a game's own notation reserves (e.g. Trollland writes a cage
    ``V03.1``, so its vehicle ids may not hold '.')."""
    return (
        isinstance(text, str)
        and bool(_TOKEN.match(text))
        and text != EMPTY
        and not any(ch in text for ch in forbid)
    )


# ---- scalar parsing ------------------------------------------------------------------------------


def parse_int(value: str, where: str, *, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number in canonical ASCII spelling (no '+', '_', leading zeros or other digits)."""
    if not isinstance(value, str) or len(value) > 19 or not _INT.match(value):
        raise NotationError(f"expected a whole number, got {excerpt(value)!r}", where=where)
    n = int(value)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        lo_s = "" if lo is None else lo
        hi_s = "" if hi is None else hi
        raise NotationError(f"{n} is out of range {lo_s}..{hi_s}", where=where)
    return n


def parse_list(value: str) -> list[str]:
    """'-' is the empty list; otherwise comma-separated (no empty items)."""
    if value == EMPTY:
        return []
    items = value.split(ITEM_SEP)
    if "" in items:
        raise NotationError(f"empty item in list {excerpt(value)!r} (write '-' for none)")
    return items


def fmt_list(items: Iterable) -> str:
    items = [str(x) for x in items]
    return ITEM_SEP.join(items) if items else EMPTY


# ---- codecs --------------------------------------------------------------------------------------


class Codec:
    """Formats a value to text and parses it back; ``where`` names the field in errors."""

    def fmt(self, value) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def parse(self, text: str, where: str):  # pragma: no cover - interface
        raise NotImplementedError


# The codecs below are immutable values like frozen dataclasses, built on ``Frozen`` instead.
class Int(Frozen, Codec):
    FIELDS = ("lo", "hi")

    def __init__(self, lo: int | None = 0, hi: int | None = None):
        init_field(self, "lo", lo)
        init_field(self, "hi", hi)

    def fmt(self, value) -> str:
        return str(int(value))

    def parse(self, text: str, where: str) -> int:
        return parse_int(text, where, lo=self.lo, hi=self.hi)


class Flag(Frozen, Codec):
    """A bool written 1/0."""

    def fmt(self, value) -> str:
        return "1" if value else "0"

    def parse(self, text: str, where: str) -> bool:
        if text not in ("0", "1"):
            raise NotationError(f"expected 0 or 1, got {excerpt(text)!r}", where=where)
        return text == "1"


class Choice(Frozen, Codec):
    """One word out of a fixed set."""

    FIELDS = ("choices",)

    def __init__(self, choices: tuple[str, ...]):
        init_field(self, "choices", choices)

    def fmt(self, value) -> str:
        return str(value)

    def parse(self, text: str, where: str) -> str:
        if text not in self.choices:
            raise NotationError(
                f"{excerpt(text)!r} is not one of {', '.join(self.choices)}", where=where
            )
        return text


class Token(Frozen, Codec):
    """An id (card, vehicle, ...): ASCII letters, digits and ``_.+-``; optionally checked against
    a set of known ids by ``known`` (a callable returning the container)."""

    FIELDS = ("what", "known")

    def __init__(self, what: str = "id", known: Callable[[], object] | None = None):
        init_field(self, "what", what)
        init_field(self, "known", known)

    def fmt(self, value) -> str:
        return str(value)

    def parse(self, text: str, where: str) -> str:
        if not is_token(text):
            raise NotationError(f"{excerpt(text)!r} is not a valid {self.what}", where=where)
        if self.known is not None and text not in self.known():
            raise NotationError(f"unknown {self.what} {excerpt(text)!r}", where=where)
        return text


class SquareCodec(Frozen, Codec):
    """A square name like ``C3`` (upper case, canonical), via the grid's one name-to-square
    function."""

    FIELDS = ("grid", "none_ok")

    def __init__(self, grid, none_ok: bool = False):  # grid: rulebook.trogdor.grid.Grid
        init_field(self, "grid", grid)
        init_field(self, "none_ok", none_ok)

    def fmt(self, value) -> str:
        return EMPTY if value is None else value.name

    def parse(self, text: str, where: str):
        if self.none_ok and text == EMPTY:
            return None
        try:
            return self.grid.parse(text, strict=True)
        except NotationError as e:
            raise NotationError(e.message, where=where) from None


class ListOf(Frozen, Codec):
    """Comma-separated items; ``-`` is empty. ``unique`` refuses repeats (checked with a set, so
    it is linear in the input)."""

    FIELDS = ("item", "unique", "max_len")

    def __init__(self, item: Codec, unique: bool = False, max_len: int | None = None):
        init_field(self, "item", item)
        init_field(self, "unique", unique)
        init_field(self, "max_len", max_len)

    def fmt(self, value) -> str:
        return fmt_list(self.item.fmt(v) for v in value)

    def parse(self, text: str, where: str) -> tuple:
        try:
            parts = parse_list(text)
        except NotationError as e:
            raise NotationError(e.message, where=where) from None
        if self.max_len is not None and len(parts) > self.max_len:
            raise NotationError(f"at most {self.max_len} items, got {len(parts)}", where=where)
        out = tuple(self.item.parse(p, f"{where} item {i + 1}") for i, p in enumerate(parts))
        if self.unique:
            check_unique(out, where)
        return out


class PerPlayer(Frozen, Codec):
    """One value per player, ``/``-separated; ``count`` (when given) fixes how many."""

    FIELDS = ("item", "count")

    def __init__(self, item: Codec, count: int | None = None):
        init_field(self, "item", item)
        init_field(self, "count", count)

    def fmt(self, value) -> str:
        return PLAYER_SEP.join(self.item.fmt(v) for v in value)

    def parse(self, text: str, where: str) -> tuple:
        parts = text.split(PLAYER_SEP)
        if self.count is not None and len(parts) != self.count:
            raise NotationError(
                f"needs {self.count} '/'-separated groups (one per player), got {len(parts)}",
                where=where,
            )
        return tuple(self.item.parse(p, f"{where} player {i + 1}") for i, p in enumerate(parts))


class Optional_(Frozen, Codec):
    """``-`` for None, else the inner codec."""

    FIELDS = ("item",)

    def __init__(self, item: Codec):
        init_field(self, "item", item)

    def fmt(self, value) -> str:
        return EMPTY if value is None else self.item.fmt(value)

    def parse(self, text: str, where: str):
        return None if text == EMPTY else self.item.parse(text, where)


def check_unique(items: Sequence, where: str) -> None:
    """Refuse repeated items in linear time, naming the first repeat."""
    seen: set = set()
    for x in items:
        if x in seen:
            raise NotationError(f"{excerpt(str(x))!r} appears twice", where=where)
        seen.add(x)


# ---- whole lines ---------------------------------------------------------------------------------


def join_fields(fields: list[tuple[str, str]], header: str | None = None) -> str:
    """``header k=v k=v ...``; every value must be non-empty with no whitespace."""
    for k, v in fields:
        if v.split() != [v]:  # empty, or has whitespace (of any kind: what split() splits on)
            raise ValueError(f"field {k} must be non-empty with no spaces, got {v!r}")
    body = " ".join(f"{k}={v}" for k, v in fields)
    return f"{header} {body}" if header else body


def split_fields(
    text: str, expected: list[str], *, optional: tuple[str, ...] = (), header: str | None = None
) -> dict[str, str]:
    """Split ``[header] a=1 b=2 ...`` into a dict, requiring exactly the ``expected`` keys in that
    order (keys in ``optional`` may be left out). Fields are separated by single ASCII spaces."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty notation")
    if not text.isascii():
        bad = next(c for c in text if not c.isascii())
        raise NotationError(
            f"non-ASCII character {bad!r} at column {text.index(bad) + 1}", text=excerpt(text)
        )
    parts = text.split(" ")
    if "" in parts or any(p != p.strip() for p in parts):
        raise NotationError("fields are separated by single spaces", text=excerpt(text))
    if header is not None:
        if parts[0] != header:
            raise NotationError(
                f"a {header} position starts with the word {header!r}", text=excerpt(text)
            )
        parts = parts[1:]
    out: dict[str, str] = {}
    known = set(expected)
    for i, part in enumerate(parts):
        if "=" not in part:
            raise NotationError(f"field {i + 1} {excerpt(part)!r} is not key=value")
        k, v = part.split("=", 1)
        if k in out:
            raise NotationError(f"field {k!r} appears twice")
        if k not in known:
            raise NotationError(f"unknown field {excerpt(k)!r}; fields are {' '.join(expected)}")
        if v == "":
            raise NotationError("empty value (write '-' for none)", where=k)
        out[k] = v
    missing = [k for k in expected if k not in out and k not in optional]
    if missing:
        raise NotationError(f"missing field(s): {', '.join(missing)}")
    order = [k for k in expected if k in out]
    if list(out) != order:
        raise NotationError(f"fields must come in the order {' '.join(expected)}")
    return out


def header_of(text: str) -> str:
    """The first word of a position: the game's name."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty notation")
    return text.split(None, 1)[0]

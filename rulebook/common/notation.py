"""Helpers for one-line position notations: space-separated ``key=value`` fields in a fixed order.

Each game decides its fields; this module only splits, checks the order and reports errors with the
field name, so every game's parse errors read the same way.
"""

from __future__ import annotations

from .errors import NotationError


def join_fields(fields: list[tuple[str, str]]) -> str:
    for k, v in fields:
        if v.split() != [v]:  # empty, or has whitespace (fast: no per-character loop)
            raise ValueError(f"field {k} must be non-empty with no spaces, got {v!r}")
    return " ".join(f"{k}={v}" for k, v in fields)


def split_fields(
    text: str, expected: list[str], *, optional: tuple[str, ...] = ()
) -> dict[str, str]:
    """Split 'a=1 b=2 ...' into a dict, requiring exactly the ``expected`` keys in that order
    (keys in ``optional`` may be left out)."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty notation")
    parts = text.split()
    out: dict[str, str] = {}
    for i, part in enumerate(parts):
        if "=" not in part:
            raise NotationError(f"field {i + 1} {part!r} is not key=value", text=text)
        k, v = part.split("=", 1)
        if k in out:
            raise NotationError(f"field {k!r} appears twice", text=text)
        if k not in expected:
            raise NotationError(f"unknown field {k!r}; fields are {' '.join(expected)}", text=text)
        out[k] = v
    missing = [k for k in expected if k not in out and k not in optional]
    if missing:
        raise NotationError(f"missing field(s): {', '.join(missing)}", text=text)
    order = [k for k in expected if k in out]
    if list(out) != order:
        raise NotationError(f"fields must come in the order {' '.join(expected)}", text=text)
    return out


def parse_int(value: str, where: str, *, lo: int | None = None, hi: int | None = None) -> int:
    try:
        n = int(value)
    except ValueError:
        raise NotationError(f"expected a whole number, got {value!r}", where=where) from None
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise NotationError(f"{n} is out of range {lo}..{hi}", where=where)
    return n


def parse_list(value: str) -> list[str]:
    """'-' is the empty list; otherwise comma-separated."""
    return [] if value in ("", "-") else value.split(",")


def fmt_list(items) -> str:
    items = list(items)
    return ",".join(str(x) for x in items) if items else "-"

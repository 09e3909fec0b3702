"""Read the fields of a one-line notation (a position's ``str(state)`` or what a player sees,
``game.observation``), the one format every game documents: the evaluations read public fields
through it without touching a game's Python classes."""

from __future__ import annotations


def fields(state) -> dict[str, str]:
    """``key -> value`` of every ``key=value`` word of the notation (the header word is skipped)."""
    out = {}
    for word in str(state).split(" "):
        key, eq, value = word.partition("=")
        if eq:
            out[key] = value
    return out


def items(value: str, sep: str = ",") -> list[str]:
    """The items of a list field ('-' or '' is empty)."""
    return [] if value in ("", "-") else value.split(sep)


def join(values: list[str], sep: str = ",") -> str:
    return sep.join(values) if values else "-"

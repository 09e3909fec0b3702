"""Read and rewrite a position through its one-line notation (``str(state)`` and
``game.parse``), the one state format every game documents. Agents use it to look at public
fields and to re-sample hidden ones without touching a game's Python classes."""

from __future__ import annotations


def fields(state) -> dict[str, str]:
    """``key -> value`` of every ``key=value`` word of the notation (the header word is skipped)."""
    out = {}
    for word in str(state).split(" "):
        key, eq, value = word.partition("=")
        if eq:
            out[key] = value
    return out


def with_fields(game, state, changes: dict[str, str]):
    """The position ``state`` with some notation fields replaced, read back by ``game.parse``.
    Every key must already be a field of the notation (a rename in the engine fails loudly)."""
    words = str(state).split(" ")
    missing = set(changes)
    for i, word in enumerate(words):
        key, eq, _ = word.partition("=")
        if eq and key in changes:
            words[i] = f"{key}={changes[key]}"
            missing.discard(key)
    if missing:
        raise KeyError(f"{game.name} notation has no field(s) {', '.join(sorted(missing))}")
    return game.parse(" ".join(words))


def items(value: str, sep: str = ",") -> list[str]:
    """The items of a list field ('-' or '' is empty)."""
    return [] if value in ("", "-") else value.split(sep)


def join(values: list[str], sep: str = ",") -> str:
    return sep.join(values) if values else "-"

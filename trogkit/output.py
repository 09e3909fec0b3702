"""Printing answers: the same JSON and text conventions for every command."""

from __future__ import annotations

import json


def as_data(result):
    """A JSON-ready form of a solver result (its own ``to_json``/``to_dict``/``as_dict``)."""
    for name in ("to_json", "to_dict", "as_dict"):
        fn = getattr(result, name, None)
        if callable(fn):
            return fn()
    return result


def as_text(result) -> str:
    if isinstance(result, dict):
        return "\n".join(
            f"{k}: {json.dumps(v, default=str) if isinstance(v, dict | list) else v}"
            for k, v in result.items()
        )
    lines = getattr(result, "lines", None)
    if callable(lines):
        return "\n".join(lines())
    return str(result)


def emit(args, result, text: str | None = None) -> int:
    """Print ``result`` as JSON (``--json``) or as text; exit code 0 (an answer)."""
    if getattr(args, "json", False):
        print(json.dumps(as_data(result), default=str))
    else:
        print(as_text(result) if text is None else text)
    return 0


def one_line(message, limit: int = 400) -> str:
    """An error message as exactly one line of at most ``limit`` characters."""
    s = " ".join(str(message).split())
    return s if len(s) <= limit else s[: limit - 1] + "…"

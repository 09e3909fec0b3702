"""Stored verification data, one file per game beside its rules:
``rulebook/<package>/<game>.verify.json`` (beside ``rules.toml``; not in ``data/``, whose files
Trogdor reads as card files) holds the witnesses (rule -> Trace), the rules a
check witnesses instead of a game, the rules no search reached (with the budget spent), and the
ruling differences (ruling -> Trace). ``python -m solvers.verify.regenerate`` (or
``trogkit <game> witness --all --write``) writes it; the tests replay every stored trace."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import rulebook

from .trace import Trace


def path_of(game) -> Path:
    game = rulebook.game(game) if isinstance(game, str) else game
    package = Path(sys.modules[type(game).__module__].__file__).parent
    return package / f"{game.name}.verify.json"


def load(game) -> dict:
    """The stored data, traces as ``Trace``s ({} parts when nothing is stored yet)."""
    p = path_of(game)
    data = json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}
    for part in ("witnesses", "differences"):
        data[part] = {k: Trace.from_json(v) for k, v in data.get(part, {}).items()}
    for part in ("checked", "missed", "stats"):
        data.setdefault(part, {})
    return data


def save(game, data: dict) -> Path:
    """Write atomically (a temporary file renamed over the old one: never half a file)."""
    p = path_of(game)
    out = dict(data)
    for part in ("witnesses", "differences"):
        out[part] = {k: t.to_json() for k, t in sorted(data.get(part, {}).items())}
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(p)
    return p

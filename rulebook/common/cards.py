"""Card data files: load TOML or JSON, validate against a small schema, keep provenance honest.

Every card carries ``provenance`` = ``"sourced"`` (with a ``source`` saying where from) or
``"stand-in"`` (an invented placeholder, never to be shown as the real card). A user can point a game
at their own transcription; a bad file gets a ``CardDataError`` naming the file, card and field.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CardDataError

PROVENANCES = ("sourced", "stand-in")


@dataclass(frozen=True)
class Field:
    """One field of a card schema. ``check`` returns an error message, or None when the value is
    fine."""

    type: type | tuple[type, ...]
    required: bool = True
    choices: tuple | None = None
    check: Callable[[Any], str | None] | None = None


COMMON_FIELDS: dict[str, Field] = {
    "id": Field(str),
    "name": Field(str),
    "provenance": Field(str, choices=PROVENANCES),
    "source": Field(str, required=False),
}


def read_data_file(path: str | Path) -> dict:
    """Read a TOML or JSON file into a dict, turning syntax errors into CardDataError."""
    path = Path(path)
    if not path.exists():
        raise CardDataError(str(path), "file not found")
    text = path.read_text(encoding="utf-8")
    try:
        if path.suffix == ".json":
            data = json.loads(text)
        elif path.suffix == ".toml":
            data = tomllib.loads(text)
        else:
            raise CardDataError(str(path), "card files must end in .toml or .json")
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        raise CardDataError(str(path), f"not valid {path.suffix[1:].upper()}: {e}") from None
    if not isinstance(data, dict):
        raise CardDataError(str(path), "top level must be a table/object")
    return data


def _type_name(t) -> str:
    if isinstance(t, tuple):
        return " or ".join(x.__name__ for x in t)
    return t.__name__


def validate_card(path: str, card: Any, schema: dict[str, Field], index: int) -> dict:
    """Check one card (a dict) against COMMON_FIELDS + ``schema``; return it unchanged."""
    label = card.get("id") if isinstance(card, dict) and isinstance(card.get("id"), str) else None
    label = label or f"#{index + 1}"
    if not isinstance(card, dict):
        raise CardDataError(path, "each card must be a table/object", card=label)
    full = {**COMMON_FIELDS, **schema}
    for name in card:
        if name not in full:
            raise CardDataError(
                path, f"unknown field; allowed: {', '.join(sorted(full))}", card=label, field=name
            )
    for name, spec in full.items():
        if name not in card:
            if spec.required:
                raise CardDataError(path, "missing required field", card=label, field=name)
            continue
        value = card[name]
        # bool is an int in Python; a schema asking for int must not accept true/false.
        bad_bool = isinstance(value, bool) and spec.type is int
        if bad_bool or not isinstance(value, spec.type):
            raise CardDataError(
                path,
                f"expected {_type_name(spec.type)}, got {type(value).__name__} {value!r}",
                card=label,
                field=name,
            )
        if spec.choices is not None and value not in spec.choices:
            raise CardDataError(
                path,
                f"{value!r} is not one of {', '.join(map(repr, spec.choices))}",
                card=label,
                field=name,
            )
        if spec.check is not None:
            msg = spec.check(value)
            if msg:
                raise CardDataError(path, msg, card=label, field=name)
    if card["provenance"] == "sourced" and not str(card.get("source", "")).strip():
        raise CardDataError(path, "a sourced card must say where from", card=label, field="source")
    return card


def load_cards(
    path: str | Path, section: str, schema: dict[str, Field], *, data: dict | None = None
) -> list[dict]:
    """Load the list ``section`` (e.g. ``[[action]]`` in TOML) and validate every card.

    Card ids must be unique within the section."""
    path = str(path)
    data = read_data_file(path) if data is None else data
    cards = data.get(section)
    if not isinstance(cards, list) or not cards:
        raise CardDataError(path, f"no [[{section}]] cards in the file")
    seen: set[str] = set()
    out = []
    for i, card in enumerate(cards):
        validate_card(path, card, schema, i)
        if card["id"] in seen:
            raise CardDataError(path, "duplicate card id", card=card["id"], field="id")
        seen.add(card["id"])
        out.append(card)
    return out


def provenance_label(card: dict) -> str:
    """A short honest label for display: 'sourced (where)' or 'STAND-IN'."""
    if card.get("provenance") == "sourced":
        return f"sourced ({card.get('source', '?')})"
    return "STAND-IN (not the real card text)"

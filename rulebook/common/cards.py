"""Card data files: load TOML or JSON, validate against a small schema, keep provenance honest.

Every card carries ``provenance`` = ``"sourced"`` (with a ``source`` saying where from) or
``"stand-in"`` (an invented placeholder, never to be shown as the real card). A user can point a game
at their own transcription; a bad file gets a ``CardDataError`` naming the file, card and field.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CardDataError
from .notation import EMPTY, excerpt, is_token

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


# What a card file may hold: far more than any real box needs, far less than what would make
# loading slow or a message unreadable. Anything beyond is bad input (CardDataError), not a crash.
MAX_FILE_BYTES = 1_000_000
# tables/lists inside each other (a real file needs 4: file > section > card > effect)
MAX_DEPTH = 8
MAX_INT = 10**6  # |integer| anywhere in the file
MAX_STRING = 10_000  # characters in one string value


def read_data_file(path: str | Path, *, fmt: str | None = None) -> dict:
    """Read a TOML or JSON file into a dict (``fmt`` = "json"/"toml" overrides the suffix).

    Every way a file can be unreadable -- missing, a directory, too big, not UTF-8, bad syntax,
    nested too deep, numbers too big -- is a CardDataError naming the file (and the field)."""
    path = Path(path)
    where = str(path)
    if not path.exists():
        raise CardDataError(where, "file not found")
    if path.is_dir():
        raise CardDataError(where, "is a directory, not a card file")
    if not path.is_file():
        raise CardDataError(where, "is not a regular file")
    kind = fmt or path.suffix[1:].lower()
    if kind not in ("json", "toml"):
        raise CardDataError(where, "card files must end in .toml or .json")
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise CardDataError(where, f"cannot read: {e.strerror or e}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise CardDataError(where, f"larger than {MAX_FILE_BYTES:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CardDataError(
            where, f"not UTF-8 text (byte {e.start} is {raw[e.start]:#04x})"
        ) from None
    if "\x00" in text:
        raise CardDataError(where, "binary data (a NUL byte), not a text file")
    import tomllib

    try:
        data = json.loads(text) if kind == "json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as e:
        raise CardDataError(where, f"not valid {kind.upper()}: {excerpt(str(e))}") from None
    except RecursionError:
        raise CardDataError(where, f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:  # e.g. an integer of thousands of digits
        raise CardDataError(where, f"not valid {kind.upper()}: {excerpt(str(e))}") from None
    if not isinstance(data, dict):
        raise CardDataError(where, "top level must be a table/object")
    check_values(where, data)
    return data


def check_values(path: str, data) -> None:
    """Walk ``data`` (iteratively: depth is what is being checked) and refuse values no card
    needs: nesting deeper than MAX_DEPTH, integers beyond MAX_INT, floats that are not finite,
    strings longer than MAX_STRING. The error names the field as ``section[3].effects[0].amount``."""
    stack: list[tuple[object, str, int]] = [(data, "", 0)]
    while stack:
        value, name, depth = stack.pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise CardDataError(path, f"nested deeper than {MAX_DEPTH} levels", field=name)
            for k, v in value.items():
                stack.append((v, f"{name}.{k}" if name else str(k), depth + 1))
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                raise CardDataError(path, f"nested deeper than {MAX_DEPTH} levels", field=name)
            for i, v in enumerate(value):
                stack.append((v, f"{name}[{i}]", depth + 1))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                raise CardDataError(
                    path, f"number too large (more than {MAX_INT:,} in size)", field=name
                )
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise CardDataError(path, f"{value} is not a finite number", field=name)
        elif isinstance(value, str) and len(value) > MAX_STRING:
            raise CardDataError(path, f"text longer than {MAX_STRING:,} characters", field=name)


def _type_name(t) -> str:
    if isinstance(t, tuple):
        return " or ".join(x.__name__ for x in t)
    return t.__name__


def validate_card(path: str, card: Any, schema: dict[str, Field], index: int) -> dict:
    """Check one card (a dict) against COMMON_FIELDS + ``schema``; return it unchanged."""
    label = card.get("id") if isinstance(card, dict) and isinstance(card.get("id"), str) else None
    label = excerpt(label, 30) if label else f"#{index + 1}"
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
            try:
                msg = spec.check(value)
            except (TypeError, ValueError, KeyError, AttributeError) as e:
                # a game's check met a value of a type it did not expect (e.g. a list where a
                # name belongs): still the user's file that is wrong, so say where
                msg = f"a value of the wrong type inside ({type(e).__name__}: {excerpt(str(e))})"
            if msg:
                raise CardDataError(path, msg, card=label, field=name)
    if card["provenance"] == "sourced" and not str(card.get("source", "")).strip():
        raise CardDataError(path, "a sourced card must say where from", card=label, field="source")
    return card


def id_problem(cid: str, forbid: Mapping[str, str] | None = None) -> str | None:
    """Why ``cid`` cannot be a card id, naming the first offending character; None if it can.

    ``forbid`` maps extra characters a game reserves to the reason (see ``is_token``)."""
    forbid = forbid or {}
    extra = "".join(forbid)
    if is_token(cid, forbid=extra):
        return None
    shown = excerpt(cid, 20)
    if cid == "":
        return "the id is empty"
    if cid == EMPTY:
        return f"the id {EMPTY!r} alone means 'none' in a position"
    # the token pattern is a per-character class, so test each character on its own
    for i, ch in enumerate(cid):
        if ch in forbid:
            return f"id {shown!r} may not contain {ch!r}: {forbid[ch]}"
        if not is_token(ch if i == 0 else "a" + ch):
            if i == 0:
                return (
                    f"id {shown!r} starts with {ch!r}: an id starts with an ASCII letter or digit"
                )
            return (
                f"id {shown!r} may not contain {ch!r}: an id is ASCII letters, digits and "
                ". _ + - (without spaces or the separators of a position)"
            )
    return f"id {shown!r} cannot be written in a position"  # not reached: is_token said no


def load_cards(
    path: str | Path,
    section: str,
    schema: dict[str, Field],
    *,
    data: dict | None = None,
    id_forbid: Mapping[str, str] | None = None,
) -> list[dict]:
    """Load the list ``section`` (e.g. ``[[action]]`` in TOML) and validate every card.

    Card ids must be unique within the section and be tokens a position can carry (``is_token``);
    ``id_forbid`` maps extra characters this section's ids may not hold to the reason why."""
    path = str(path)
    data = read_data_file(path) if data is None else data
    cards = data.get(section)
    if not isinstance(cards, list) or not cards:
        raise CardDataError(path, f"no [[{section}]] cards in the file")
    seen: set[str] = set()
    out = []
    for i, card in enumerate(cards):
        validate_card(path, card, schema, i)
        problem = id_problem(card["id"], id_forbid)
        if problem:
            raise CardDataError(path, problem, card=f"#{i + 1}", field="id")
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

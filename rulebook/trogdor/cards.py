"""Trogdor card data: action, movement, keeper and item cards and board presets, loaded from files.

The printed card texts are mostly not public, so the bundled data (``data/*.toml``) is a mix of
*sourced* facts (see /work/shared/card-facts.md) and clearly labelled *stand-ins*. A user can load
their own transcription instead (``load_card_set(path)``); a bad file raises ``CardDataError``
naming the file, the card and the field, and nothing is half-loaded.

Partly-known cards (a real name with an invented ability, e.g. the Keepers) are
``provenance = "stand-in"`` with ``sourced_fields`` listing the parts that are real, so a display
can show the real name without ever presenting the invented part as the card's text. The effect
vocabulary is closed and documented in EFFECTS.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rulebook.common.cards import Field, load_cards, read_data_file
from rulebook.common.errors import CardDataError, NotationError
from rulebook.trogdor.grid import GRID5, Square

from .board import TILE_KINDS, Layout
from .powers import AREAS, effects_to_powers
from .powers import FREE as FREE_ACTIONS

DATA_DIR = Path(__file__).parent / "data"
# the file's sections and the CardSet attribute that holds each
ATTRIBUTES = {
    "action": "actions", "movement": "movement", "keeper": "keepers", "item": "items",
    "preset": "presets",
}  # fmt: skip
SECTIONS = tuple(ATTRIBUTES)
STEPS = ("N", "S", "E", "W")
WHENS = ("any", "after-actions")
RECHARGES = (
    "never",
    "cottage-burninated",
    "tile-burninated",
    "peasant-chomped",
    "peasant-burninated",
    "each-turn",
)
PATH_LENGTHS = (3, 5)  # a movement path has 3 to 5 steps
START_SQUARE = "C3"  # Trogdor starts on the centre tile
# Named scenery tiles in the box (older HRWiki listing): 17 in all.
SCENERY_COUNTS = {"F": 4, "G": 5, "O": 2, "S": 2, "W": 2, "B": 2}


# -- effects -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Param:
    kind: type
    choices: tuple | None = None
    default: Any = None  # None = required


# kind -> {parameter: spec}. Closed: an unknown kind or parameter is a load error.
EFFECT_KINDS: dict[str, dict[str, _Param]] = {
    "extra-ap": {"amount": _Param(int)},
    "diagonal-move": {},
    "wrap-move": {},
    "block-knights": {},
    "block-archer": {},
    "long-range-burn": {
        "count": _Param(int),
        "area": _Param(str, AREAS),
        "when": _Param(str, WHENS, default="any"),
    },
    "teleport": {},
    "heal": {"amount": _Param(int)},
    "free-action": {"action": _Param(str, FREE_ACTIONS)},
    "burn-peasant-range": {"area": _Param(str, AREAS)},
}


class Params(Mapping):
    """Read-only, hashable effect parameters: ``effect.params["count"]`` works like a dict."""

    __slots__ = ("_items",)

    def __init__(self, items=()):
        pairs = items.items() if isinstance(items, Mapping) else items
        self._items = tuple(sorted((str(k), v) for k, v in pairs))

    def __getitem__(self, key: str):
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other) -> bool:
        if isinstance(other, Params):
            return self._items == other._items
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"Params({dict(self._items)!r})"


@dataclass(frozen=True)
class Effect:
    """One ability from the closed vocabulary in EFFECTS.md, e.g. ``long-range-burn`` with
    ``count=4, area="orthogonal", when="after-actions"``. Defaults are filled in on load."""

    kind: str
    params: Params = Params()

    def __post_init__(self):
        if not isinstance(self.params, Params):
            object.__setattr__(self, "params", Params(self.params))

    def get(self, name: str, default=None):
        return self.params.get(name, default)

    def __str__(self) -> str:
        if not self.params:
            return self.kind
        return f"{self.kind}({', '.join(f'{k}={v}' for k, v in self.params.items())})"


def parse_effect(raw: Any) -> Effect:
    """Build an Effect from ``{kind = "...", param = ...}``; ValueError says what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError(f'an effect is a table like {{kind = "teleport"}}, got {raw!r}')
    kind = raw.get("kind")
    if kind not in EFFECT_KINDS:
        raise ValueError(f"unknown effect kind {kind!r}; known: {', '.join(EFFECT_KINDS)}")
    spec = EFFECT_KINDS[kind]
    params: dict[str, Any] = {}
    for name, value in raw.items():
        if name == "kind":
            continue
        if name not in spec:
            allowed = ", ".join(spec) or "none"
            raise ValueError(f"{kind}: unknown parameter {name!r} (parameters: {allowed})")
        p = spec[name]
        if isinstance(value, bool) or not isinstance(value, p.kind):
            raise ValueError(f"{kind}: {name} must be {p.kind.__name__}, got {value!r}")
        if p.choices is not None and value not in p.choices:
            raise ValueError(f"{kind}: {name} {value!r} is not one of {', '.join(p.choices)}")
        if p.kind is int and not 1 <= value <= 25:
            raise ValueError(f"{kind}: {name} must be 1..25, got {value}")
        params[name] = value
    for name, p in spec.items():
        if name not in params:
            if p.default is None:
                raise ValueError(f"{kind}: missing parameter {name!r}")
            params[name] = p.default
    return Effect(kind, Params(params))


def _check_effects(value: list) -> str | None:
    for i, raw in enumerate(value):
        try:
            parse_effect(raw)
        except ValueError as e:
            return f"effects[{i}]: {e}"
    return None


# -- cards -------------------------------------------------------------------------------------
class _Provenance:
    """Shared honesty helpers for every card type."""

    provenance: str
    source: str
    sourced_fields: tuple[str, ...]

    @property
    def is_standin(self) -> bool:
        return self.provenance != "sourced"

    def is_sourced(self, field: str) -> bool:
        """True when ``field`` of this card is a public fact (not invented)."""
        return self.provenance == "sourced" or field in self.sourced_fields

    def label(self) -> str:
        """A short honest label for display."""
        if self.provenance == "sourced":
            return f"sourced ({self.source})"
        if self.sourced_fields:
            real = ", ".join(self.sourced_fields)
            return f"PARTLY STAND-IN: only {real} sourced ({self.source}); the rest is invented"
        return "STAND-IN (not the real card text)"


class _Powered:
    """A card with effects (action cards, keepers, items).

    ``powers``: (power tokens, extra AP, heal) of its effects (powers.py), part of the card value
    and worked out when the card is made, not at every card played or keeper turn (derived data,
    not a cache: a frozen card never changes)."""

    powers: tuple[tuple[str, ...], int, int]

    def __post_init__(self):
        tokens, extra, heal = effects_to_powers(self.effects)
        object.__setattr__(self, "powers", (tuple(tokens), extra, heal))


@dataclass(frozen=True)
class ActionCard(_Provenance, _Powered):
    """An action card; ``choices`` are its two actions in hand, ``discard`` and ``play`` (the
    Action values, made with the card)."""

    SECTION = "actions"

    id: str
    name: str
    ap: int
    troghammer: bool
    effects: tuple[Effect, ...]
    provenance: str
    source: str = ""
    sourced_fields: tuple[str, ...] = ()

    def __post_init__(self):
        from .actions import card_choices

        super().__post_init__()
        object.__setattr__(self, "choices", card_choices(self.id))


@dataclass(frozen=True)
class MovementCard(_Provenance):
    SECTION = "movement"

    id: str
    peasants: int
    arrow: str
    repair: bool
    path: tuple[str, ...]
    provenance: str
    source: str = ""
    sourced_fields: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.id


@dataclass(frozen=True)
class Keeper(_Provenance, _Powered):
    SECTION = "keepers"

    id: str
    name: str
    effects: tuple[Effect, ...]
    provenance: str
    source: str = ""
    sourced_fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class Item(_Provenance, _Powered):
    """An item; ``uses`` are its ``use`` actions (with every square when it moves Trogdor)."""

    SECTION = "items"

    id: str
    name: str
    effects: tuple[Effect, ...]
    recharge: str
    provenance: str
    source: str = ""
    sourced_fields: tuple[str, ...] = ()

    def __post_init__(self):
        from .actions import item_uses

        super().__post_init__()
        object.__setattr__(self, "uses", item_uses(self.id, self.takes_square))

    @property
    def takes_square(self) -> bool:
        """Does ``use`` of this item name a square (it teleports Trogdor)?"""
        return "teleport" in self.powers[0]


@dataclass(frozen=True)
class Preset(_Provenance):
    """A board layout, optionally with starting squares for the knights and the archer."""

    id: str
    name: str
    layout: Layout
    provenance: str
    source: str = ""
    knights: tuple[Square, ...] = ()
    archer: Square | None = None
    sourced_fields: tuple[str, ...] = ()


# -- schemas -----------------------------------------------------------------------------------
def _check_id(value: str) -> str | None:
    if not value or any(ch.isspace() for ch in value) or value != value.strip():
        return "a card id is a short slug with no spaces, e.g. 'block-1'"
    if any(ch in value for ch in ",|=;/"):
        return "a card id may not contain , | = ; or / (the position notation uses them)"
    return None


def _check_path(value: list) -> str | None:
    lo, hi = PATH_LENGTHS
    if not lo <= len(value) <= hi:
        return f"a path has {lo} to {hi} steps, got {len(value)}"
    for i, step in enumerate(value):
        if step not in STEPS:
            return f"step {i + 1} is {step!r}; steps are N, S, E or W"
    return None


def _check_layout(value: str) -> str | None:
    try:
        layout = Layout.parse(value)
    except NotationError as e:
        return f"bad layout: {e}"
    if not layout.is_full_box():
        return "a preset must use exactly the box's special tiles: 3 C, 1 L, 2 M, 2 T"
    for letter, most in SCENERY_COUNTS.items():
        n = layout.tiles.count(letter)
        if n > most:
            return f"{n} {TILE_KINDS[letter]} tiles; the box has only {most}"
    return None


def _check_square(value: str) -> str | None:
    try:
        GRID5.parse(value)
    except NotationError as e:
        return str(e)
    return None


def _check_knights(value: list) -> str | None:
    if len(value) != 2 or not all(isinstance(v, str) for v in value):
        return 'two square names, e.g. ["B2", "D4"]'
    for v in value:
        msg = _check_square(v)
        if msg:
            return msg
    return None


_ID = Field(str, check=_check_id)
_EFFECTS = Field(list, required=False, check=_check_effects)
_SOURCED = Field(
    list,
    required=False,
    check=lambda v: (
        None if all(isinstance(f, str) and f for f in v) else 'a list of field names, e.g. ["name"]'
    ),
)

SCHEMAS: dict[str, dict[str, Field]] = {
    "action": {
        "id": _ID,
        "ap": Field(int, check=lambda v: None if 0 <= v <= 9 else "AP must be 0..9"),
        "troghammer": Field(bool, required=False),
        "effects": _EFFECTS,
        "sourced_fields": _SOURCED,
    },
    "movement": {
        "id": _ID,
        "name": Field(str, required=False),
        "peasants": Field(int, check=lambda v: None if 0 <= v <= 4 else "peasants must be 0..4"),
        "arrow": Field(str, choices=STEPS),
        "repair": Field(bool),
        "path": Field(list, check=_check_path),
        "sourced_fields": _SOURCED,
    },
    "keeper": {"id": _ID, "effects": _EFFECTS, "sourced_fields": _SOURCED},
    "item": {
        "id": _ID,
        "effects": _EFFECTS,
        "recharge": Field(str, choices=RECHARGES),
        "sourced_fields": _SOURCED,
    },
    "preset": {
        "id": _ID,
        "layout": Field(str, check=_check_layout),
        "knights": Field(list, required=False, check=_check_knights),
        "archer": Field(str, required=False, check=_check_square),
        "sourced_fields": _SOURCED,
    },
}
# Fields a card of each section has (for checking ``sourced_fields``).
_CARD_FIELDS = {
    section: {"name", *schema} - {"sourced_fields"} for section, schema in SCHEMAS.items()
}
# How a checked file value becomes the card's value, and the values of optional fields left out.
CONVERT = {
    "effects": lambda v: tuple(parse_effect(e) for e in v),
    "path": tuple,
    "layout": Layout.parse,
    "knights": lambda v: tuple(GRID5.parse(s) for s in v),
    "archer": GRID5.parse,
    "sourced_fields": tuple,
}
OMITTED = {"effects": [], "troghammer": False, "source": ""}


def _action_problem(card: ActionCard) -> tuple[str, str] | None:
    """A Troghammer card has no ability; a playable card gives 1..9 AP."""
    if card.troghammer and card.effects:
        return "effects", "a Troghammer card has no ability (it moves the Troghammer)"
    if not card.troghammer and card.ap < 1:
        return "ap", "a playable action card gives 1..9 AP"
    return None


def _preset_problem(p: Preset) -> tuple[str, str] | None:
    """A preset's knights and archer start on different tiles, none on Trogdor's."""
    start = GRID5.parse(START_SQUARE)
    pieces = [*p.knights, *([p.archer] if p.archer else [])]
    if len(set(pieces)) == len(pieces) and start not in pieces:
        return None
    field = "archer" if p.archer in p.knights or p.archer == start else "knights"
    return field, f"knights and archer start on different tiles, none on Trogdor's {START_SQUARE}"


# section -> (its card class, the check across its fields)
CLASSES = {
    "action": (ActionCard, _action_problem),
    "movement": (MovementCard, None),
    "keeper": (Keeper, None),
    "item": (Item, None),
    "preset": (Preset, _preset_problem),
}


def _build(section: str, card: dict, path: str) -> Any:
    """Turn a validated dict into its card; ``sourced_fields`` and the checks across fields raise
    CardDataError."""
    _check_sourced(section, card, path)
    cls, problem_of = CLASSES[section]
    card = {**OMITTED, **card}
    built = cls(**{
        f.name: CONVERT.get(f.name, lambda v: v)(card[f.name]) for f in fields(cls) if f.name in card
    })  # fmt: skip
    problem = problem_of and problem_of(built)
    if problem:
        raise CardDataError(path, problem[1], card=card["id"], field=problem[0])
    return built


def _check_sourced(section: str, card: dict, path: str) -> None:
    """A stand-in card's ``sourced_fields``: real field names, with a source to name."""
    cid = card["id"]
    sourced = card.get("sourced_fields", ())
    for name in sourced:
        if name not in _CARD_FIELDS[section]:
            allowed = ", ".join(sorted(_CARD_FIELDS[section]))
            raise CardDataError(
                path, f"{name!r} is not a field ({allowed})", card=cid, field="sourced_fields"
            )
    if sourced and card["provenance"] == "sourced":
        raise CardDataError(
            path,
            "a wholly sourced card needs no sourced_fields (they mark the real parts of a "
            "stand-in)",
            card=cid,
            field="sourced_fields",
        )
    if sourced and not str(card.get("source", "")).strip():
        raise CardDataError(path, "say where the sourced parts come from", card=cid, field="source")


# -- the set -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardSet:
    """Every card, by id, per section (read-only mappings in file order)."""

    actions: Mapping[str, ActionCard]
    movement: Mapping[str, MovementCard]
    keepers: Mapping[str, Keeper]
    items: Mapping[str, Item]
    presets: Mapping[str, Preset]
    origin: str = "bundled"  # where the cards came from, for display

    def action_deck(self) -> list[str]:
        """The starting Action Deck (every non-Troghammer card) in canonical (file) order."""
        return [c.id for c in self.actions.values() if not c.troghammer]

    def troghammer_ids(self) -> list[str]:
        """The Troghammer cards, set aside at setup."""
        return [c.id for c in self.actions.values() if c.troghammer]

    def movement_deck(self) -> list[str]:
        return list(self.movement)

    def sections(self) -> dict[str, Mapping]:
        return {section: getattr(self, name) for section, name in ATTRIBUTES.items()}

    def card(self, card_id: str):
        """Any card or preset by id (ids are unique across the whole set)."""
        for cards in self.sections().values():
            if card_id in cards:
                return cards[card_id]
        raise KeyError(f"no card {card_id!r} in this card set ({self.origin})")

    def standins(self) -> list:
        """Every card that is wholly or partly a stand-in, section by section in file order."""
        return [c for cards in self.sections().values() for c in cards.values() if c.is_standin]

    def counts(self) -> dict[str, int]:
        sizes = {section: len(cards) for section, cards in self.sections().items()}
        return {
            **sizes,
            "troghammer": len(self.troghammer_ids()),
            "action-deck": len(self.action_deck()),
        }


# data files beside the cards that are not cards (the edge-case gallery, drawings/gallery.py)
NOT_CARDS = frozenset({"gallery.toml"})


def _load(path: Path, fill_from_bundled: bool) -> CardSet:
    found: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
    owner: dict[str, tuple[str, str]] = {}  # card id -> (section, file)
    files = [path]
    if path.is_dir():
        files = sorted(
            p for p in path.iterdir() if p.suffix in (".toml", ".json") and p.name not in NOT_CARDS
        )
        if not files:
            raise CardDataError(str(path), "no .toml or .json card files in this directory")
    for f in files:
        _read_file(f, found, owner)
    missing = [s for s in SECTIONS if not found[s]]
    if missing and fill_from_bundled and path != DATA_DIR:
        for section in missing:  # from the bundled data: no id may clash
            for cid, card in BUNDLED.sections()[section].items():
                if cid in owner:
                    raise CardDataError(
                        owner[cid][1],
                        f"id clashes with the bundled {section} card used to fill in "
                        f"the missing [[{section}]] section",
                        card=cid,
                        field="id",
                    )
                found[section][cid] = card
    elif missing:
        raise CardDataError(str(path), f"no [[{missing[0]}]] cards")
    if not any(not c.troghammer for c in found["action"].values()):
        raise CardDataError(str(path), "the Action Deck needs at least one non-Troghammer card")
    origin = "bundled" if path == DATA_DIR else str(path)
    if missing and path != DATA_DIR:
        origin += f" (+ bundled {', '.join(missing)})"
    sections = {name: MappingProxyType(found[section]) for section, name in ATTRIBUTES.items()}
    return CardSet(**sections, origin=origin)


def _read_file(f: Path, found: dict, owner: dict) -> None:
    """Add the cards of one data file to ``found`` (by section), refusing unknown sections and an
    id used twice (``owner``: card id -> (section, file))."""
    data = read_data_file(f)
    if not data:  # an empty file or {}: refused as the other games refuse it
        raise CardDataError(str(f), f"no section; sections are {', '.join(SECTIONS)}")
    for key in data:
        if key not in SECTIONS:
            raise CardDataError(
                str(f), f"unknown section [[{key}]]; sections are {', '.join(SECTIONS)}"
            )
    for section in SECTIONS:
        if section not in data:
            continue
        if section == "movement" and isinstance(data[section], list):
            for raw in data[section]:
                if isinstance(raw, dict) and "name" not in raw and "id" in raw:
                    raw["name"] = raw["id"]
        for raw in load_cards(f, section, SCHEMAS[section], data=data):
            cid = raw["id"]
            if cid in owner:
                other_section, other_file = owner[cid]
                raise CardDataError(
                    str(f),
                    f"duplicate card id (already a {other_section} card in {other_file})",
                    card=cid,
                    field="id",
                )
            owner[cid] = (section, str(f))
            found[section][cid] = _build(section, raw, str(f))


def bundled_card_set() -> CardSet:
    """The kit's own data (read when this module loads, like CATALOG; it is immutable)."""
    return BUNDLED


def load_card_set(path: str | Path | None = None, *, fill_from_bundled: bool = True) -> CardSet:
    """Load a card set. ``None`` = the bundled data; otherwise a user's TOML/JSON file or a
    directory of them. Sections the user's files leave out come from the bundled data unless
    ``fill_from_bundled=False`` (then every section is required). Raises CardDataError."""
    if path is None:
        return bundled_card_set()
    p = Path(path)
    if not p.exists():
        raise CardDataError(str(p), "file not found")
    return _load(p, fill_from_bundled)


# The kit's own data, read when this module is first imported (a puzzle that looks no card up
# never imports it).
BUNDLED = _load(DATA_DIR, fill_from_bundled=False)

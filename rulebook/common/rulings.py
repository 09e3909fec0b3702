"""Rulings: named decisions where the source texts disagree.

Each ruling has a default option and at least one alternative, each with the gist of the text that
supports it. A game state carries a ``RulingSet`` (the chosen option per ruling), so the same
position can be replayed under either reading and a notebook can show both side by side.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import CardDataError, NotationError
from .values import Frozen, init_field


class Ruling(Frozen):
    """One ruling of the catalog: its options, the default and why."""

    FIELDS = ("id", "title", "default", "options", "reason")

    def __init__(
        self,
        id: str,  # noqa: A002 - the catalog's field name
        title: str,
        default: str,
        options: dict[str, str],  # option name -> gist of the source text that supports it
        reason: str = "",  # why the default is the default
    ):
        init_field(self, "id", id)
        init_field(self, "title", title)
        init_field(self, "default", default)
        init_field(self, "options", MappingProxyType(dict(options)))  # read-only: shared
        init_field(self, "reason", reason)

    def __reduce__(self):  # pickle and copy through __init__ (a read-only view does not pickle)
        return (Ruling, (self.id, self.title, self.default, dict(self.options), self.reason))

    @classmethod
    def from_dict(cls, entry: dict, path: str, i: int) -> Ruling:
        rid = entry.get("id") or f"ruling #{i + 1}"
        for f in ("id", "title", "default", "reason"):
            if not isinstance(entry.get(f), str) or not entry[f].strip():
                raise CardDataError(path, "missing or empty", card=rid, field=f)
        options = entry.get("options")
        if not isinstance(options, dict) or len(options) < 2:
            raise CardDataError(path, "needs at least two options", card=rid, field="options")
        if entry["default"] not in options:
            raise CardDataError(
                path, "default is not one of the options", card=rid, field="default"
            )
        return cls(entry["id"], entry["title"], entry["default"], dict(options), entry["reason"])


@dataclass(frozen=True)
class RulingSet:
    """Chosen options; only non-default choices are stored so equal settings compare equal."""

    rulings: Mapping[str, Ruling] = field(compare=False, repr=False)
    choices: tuple[tuple[str, str], ...] = ()

    def __post_init__(self):
        """Every state holding this set shares ``rulings``: keep a read-only copy of a dict."""
        if isinstance(self.rulings, dict):
            object.__setattr__(self, "rulings", MappingProxyType(dict(self.rulings)))

    def __reduce__(self):  # pickle through the constructor (a read-only view does not pickle)
        rulings = self.rulings
        plain = dict(rulings) if isinstance(rulings, MappingProxyType) else rulings
        return (RulingSet, (plain, self.choices))

    def with_choices(self, choices: Mapping[str, str]) -> RulingSet:
        merged = dict(self.choices)
        for rid, opt in choices.items():
            if rid not in self.rulings:
                raise NotationError(
                    f"unknown ruling {rid!r}; known: {', '.join(sorted(self.rulings))}"
                )
            r = self.rulings[rid]
            if opt not in r.options:
                raise NotationError(
                    f"ruling {rid} has no option {opt!r}; options: {', '.join(sorted(r.options))}"
                )
            if opt == r.default:
                merged.pop(rid, None)
            else:
                merged[rid] = opt
        return RulingSet(self.rulings, tuple(sorted(merged.items())))

    def __getitem__(self, rid: str) -> str:
        """The option chosen for ``rid``, else its default (KeyError naming an unknown ruling)."""
        for k, v in self.choices:
            if k == rid:
                return v
        if rid not in self.rulings:
            raise KeyError(f"unknown ruling {rid!r}")
        return self.rulings[rid].default

    def reading(self, rid: str) -> str:
        """'ID = option', marked '(default)' when it is the catalog's default (a board's title)."""
        option = self[rid]
        return f"{rid} = {option}" + (" (default)" if option == self.rulings[rid].default else "")

    def notation(self) -> str:
        """'-' when every ruling is at its default, else 'ID=option,ID=option'."""
        return ",".join(f"{k}={v}" for k, v in self.choices) or "-"

    def parse(self, text: str) -> RulingSet:
        if text in ("", "-"):
            return RulingSet(self.rulings)
        choices = {}
        for part in text.split(","):
            if "=" not in part:
                raise NotationError("a ruling is written ID=option", text=part)
            k, v = part.split("=", 1)
            choices[k] = v
        return RulingSet(self.rulings).with_choices(choices)


class LazyRulings(Mapping):
    """A game's rulings (id -> Ruling), read from its catalog on first use: a position built by
    ``puzzle`` carries a ``RulingSet`` but rarely asks it anything (speed: PERF.md "Start-up:
    loaded on first use")."""

    __slots__ = ("_load", "_data")

    def __init__(self, load: Callable[[], Mapping[str, Ruling]]):
        self._load = load
        self._data: Mapping[str, Ruling] | None = None

    def _rulings(self) -> Mapping[str, Ruling]:
        if self._data is None:
            self._data = self._load()
        return self._data

    def __getitem__(self, rid: str) -> Ruling:
        return self._rulings()[rid]

    def __contains__(self, rid) -> bool:
        return rid in self._rulings()

    def __iter__(self) -> Iterator[str]:
        return iter(self._rulings())

    def __len__(self) -> int:
        return len(self._rulings())

    def __repr__(self) -> str:
        return repr(self._rulings()) if self._data is not None else "LazyRulings(<not read yet>)"

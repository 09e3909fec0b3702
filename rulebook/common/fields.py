"""A game's notation declared once: its header word and its fields in order, each with a codec, a
default and where its value lives in the state. The shared code here formats a state, splits and
parses a line, and insists on the one canonical spelling, so no game writes its own parser.

An optional field (one with a default) is left out of the text when it holds its default, and
written out it is refused ("holds its default: leave the field out").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter

from .errors import NotationError
from .notation import Codec, excerpt, join_fields, split_fields

REQUIRED = object()  # the default of a field every position writes out


class Field:
    """``key`` in the text, read and written by ``codec``; ``default`` (optional fields); ``get``
    reads the value from a state (default: the attribute named ``key``)."""

    __slots__ = ("key", "codec", "default", "default_text", "get")

    def __init__(self, key: str, codec: Codec, default=REQUIRED, get: Callable | None = None):
        self.key, self.codec, self.default = key, codec, default
        self.default_text = None if default is REQUIRED else codec.fmt(default)
        self.get = attrgetter(key) if get is None else get

    @property
    def optional(self) -> bool:
        return self.default is not REQUIRED

    def text(self, state) -> str | None:
        """The field's text for ``state``, or None when it is left out (at its default)."""
        value = self.get(state)
        if self.optional and (value is self.default or value == self.default):
            return None
        text = self.codec.fmt(value)
        return None if text == self.default_text else text


class Notation:
    """The fields of one game's line, in order (``header`` may be left out of parsed text when
    ``header_optional``)."""

    def __init__(self, header: str, fields: list[Field], *, header_optional: bool = False):
        self.header, self.fields = header, fields
        self.keys = [f.key for f in fields]
        self.optional = tuple(f.key for f in fields if f.optional)
        self.header_optional = header_optional

    def format(self, state) -> str:
        pairs = [(f.key, t) for f in self.fields if (t := f.text(state)) is not None]
        return join_fields(pairs, header=self.header)

    def split(self, text: str) -> dict[str, str]:
        """The raw text of each field present (order, keys and spacing checked)."""
        with_header = not self.header_optional or (
            isinstance(text, str) and text.split(" ", 1)[0] == self.header
        )
        header = self.header if with_header else None
        return split_fields(text, self.keys, optional=self.optional, header=header)

    def decode(self, raw: Mapping[str, str]) -> dict:
        """Every field's value: parsed where present, the default where left out."""
        out = {}
        for f in self.fields:
            out[f.key] = f.codec.parse(raw[f.key], f.key) if f.key in raw else f.default
        return out

    def check_canonical(self, state, text: str) -> None:
        """``text`` is exactly how ``state`` is written (the header word may be left out);
        otherwise name the first field spelled differently, with the fix."""
        canon = self.format(state)
        body = canon[len(self.header) + 1 :]
        if text in (canon, body):
            return
        given = dict(f.split("=", 1) for f in text.split(" ") if "=" in f)
        wanted = dict(f.split("=", 1) for f in body.split(" "))
        for key in self.keys:
            if given.get(key) != wanted.get(key):
                if key not in wanted:
                    msg = "holds its default: leave the field out"
                else:
                    msg = f"write it as {excerpt(wanted[key])!r} (the canonical spelling)"
                raise NotationError(msg, where=key)
        raise NotationError("not the canonical spelling", text=excerpt(text))

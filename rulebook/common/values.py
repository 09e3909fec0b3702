"""Small value classes that cost nothing to define.

``@dataclass(frozen=True)`` writes and compiles six methods for every class when its module is
imported (speed: PERF.md "Start-up: loaded on first use"). ``Frozen`` gives those classes the same
behaviour from one base: equality and hash over ``FIELDS`` (instances of the same class only),
the dataclass repr ``Name(a=1, b=2)``, and assignment refused with dataclasses' own
``FrozenInstanceError``. A subclass lists its ``FIELDS`` and sets them in its ``__init__`` with
``init_field`` (the one way in, as a frozen dataclass's generated ``__init__`` does). ``Value`` is
the mutable sibling, for what would be a plain ``@dataclass`` (equal by fields, unhashable).
"""

from __future__ import annotations

from operator import attrgetter

init_field = object.__setattr__  # ``init_field(self, "name", value)`` inside ``__init__``


def _frozen_error(message: str) -> Exception:
    from dataclasses import FrozenInstanceError  # what a frozen dataclass raises

    return FrozenInstanceError(message)


def _getter(fields: tuple[str, ...]):
    """``obj -> tuple of its fields``, in C (``attrgetter``) where it can be."""
    if len(fields) >= 2:
        return attrgetter(*fields)
    if fields:
        one = attrgetter(fields[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


class Value:
    """Base of a record compared and shown by its ``FIELDS``, like a (non-frozen) dataclass:
    equal to another instance of the same class with equal fields, unhashable, mutable."""

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()
    _fields_of = staticmethod(_getter(()))

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._fields_of = staticmethod(_getter(cls.FIELDS))

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._fields_of(self) == self._fields_of(other)
        return NotImplemented

    __hash__ = None  # as a dataclass with eq and without frozen

    def __repr__(self) -> str:
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS)
        return f"{self.__class__.__qualname__}({fields})"


class Frozen(Value):
    """Base of an immutable value: compared, hashed and shown by its ``FIELDS``."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._fields_of(self))

    def __setattr__(self, name: str, value) -> None:
        raise _frozen_error(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise _frozen_error(f"cannot delete field {name!r}")

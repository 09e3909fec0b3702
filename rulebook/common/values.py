"""Small value classes that cost nothing to define.

``@dataclass(frozen=True)`` writes and compiles six methods for every class when its module is
imported: about 0.8 ms a class, 15 ms of every ``trogkit trogdor min-ap`` start-up for the classes
on that path (bench figure "min-AP CLI CPU ÷ BFS script"). ``Frozen`` gives those classes the same
behaviour from one base: equality and hash over ``FIELDS`` (instances of the same class only),
the dataclass repr ``Name(a=1, b=2)``, and assignment refused with dataclasses' own
``FrozenInstanceError``. A subclass lists its ``FIELDS`` and sets them in its ``__init__`` with
``init_field`` (the one way in, as a frozen dataclass's generated ``__init__`` does). ``Value`` is
the mutable sibling, for what would be a plain ``@dataclass`` (equal by fields, unhashable).
"""

from __future__ import annotations

init_field = object.__setattr__  # ``init_field(self, "name", value)`` inside ``__init__``


def _frozen_error(message: str) -> Exception:
    from dataclasses import FrozenInstanceError  # what a frozen dataclass raises

    return FrozenInstanceError(message)


class Value:
    """Base of a record compared and shown by its ``FIELDS``, like a (non-frozen) dataclass:
    equal to another instance of the same class with equal fields, unhashable, mutable."""

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, f) for f in self.FIELDS)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    __hash__ = None  # as a dataclass with eq and without frozen

    def __repr__(self) -> str:
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS)
        return f"{self.__class__.__qualname__}({fields})"


class Frozen(Value):
    """Base of an immutable value: compared, hashed and shown by its ``FIELDS``."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value) -> None:
        raise _frozen_error(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise _frozen_error(f"cannot delete field {name!r}")

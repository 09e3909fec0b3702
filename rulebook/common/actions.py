"""Actions as small immutable values (python-chess's ``Move`` is the model).

An ``Action`` is a verb (one or more words, e.g. ``move`` or ``burn tile at``) plus typed arguments
(a Square, a direction word, a card id, a number ...). It has one canonical text, ``str(action)``,
and its game's ``Grammar`` parses that text back: ``grammar.parse(str(a)) == a``. Rule code reads
``action.verb`` and ``action.args``; it never slices strings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter

from .errors import NotationError
from .notation import Codec, excerpt


def _arg_text(arg) -> str:
    """A typed argument's text: a square's name, else str()."""
    name = getattr(arg, "name", None)
    return name if type(name) is str else str(arg)


class Action:
    """``verb`` (str) and ``args`` (tuple of typed values). Equal actions have equal text."""

    __slots__ = ("verb", "args", "_text", "_hash")

    def __init__(self, verb: str, args: Sequence = ()):
        args = tuple(args)
        text = " ".join([verb, *map(_arg_text, args)])
        put = object.__setattr__  # an Action is immutable: its own __setattr__ refuses
        put(self, "verb", verb)
        put(self, "args", args)
        put(self, "_text", text)
        put(self, "_hash", hash(text))

    def __setattr__(self, name, value):
        raise AttributeError("an Action is immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __eq__(self, other) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._text == other._text

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Action) -> bool:  # sorted(legal_actions) orders by canonical text
        return self._text < other._text

    def __reduce__(self):
        return (type(self), (self.verb, self.args))

    @property
    def arg(self):
        """The first argument (most verbs take one)."""
        return self.args[0]


# An action's canonical text: the key that sorts legal actions and records games.
BY_TEXT = attrgetter("_text")


class Grammar:
    """The action language of one game: verb -> tuple of argument codecs.

    Verbs may be several words (``burn tile at``); the longest verb that matches the text's first
    words wins. ``optional`` arguments (a trailing codec list under ``verb + '?'``) are not
    supported: give each shape its own verb, so every action has exactly one spelling.
    """

    def __init__(self, game: str, forms: Mapping[str, Sequence[Codec]]):
        self.game = game
        self.forms = {verb: tuple(codecs) for verb, codecs in forms.items()}
        # longest verbs first, so 'burn tile at' is tried before 'burn tile'
        self._verbs = sorted(self.forms, key=lambda v: -len(v.split()))

    def parse(self, text) -> Action:
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise NotationError(
                f"an action is text or an Action, not {type(text).__name__}", where="action"
            )
        if len(text) > 200:
            raise NotationError("action text is too long", text=excerpt(text), where="action")
        words = text.split()
        if not words:
            raise NotationError("empty action", where="action")
        low = [w.lower() for w in words]
        for verb in self._verbs:
            vw = verb.split()
            if low[: len(vw)] != vw:
                continue
            codecs = self.forms[verb]
            rest = words[len(vw) :]
            if len(rest) != len(codecs):
                raise NotationError(
                    f"{verb!r} takes {len(codecs)} argument(s): {self.usage(verb)}",
                    text=excerpt(text),
                    where="action",
                )
            args = tuple(
                c.parse(w, f"{verb} argument {i + 1}")
                for i, (c, w) in enumerate(zip(codecs, rest, strict=True))
            )
            return Action(verb, args)
        raise self.unknown_verb(words[0])

    def unknown_verb(self, verb: str) -> NotationError:
        """The one error for a verb this game does not have, in text or in a hand-made Action
        (bad input, not a rule: every game's ``refusal`` raises it)."""
        return NotationError(
            f"unknown {self.game} action {excerpt(verb)!r}; actions: {', '.join(sorted(self.forms))}",
            where="action",
        )

    def usage(self, verb: str) -> str:
        names = " ".join(f"<{type(c).__name__.lower().rstrip('_')}>" for c in self.forms[verb])
        return f"{verb} {names}".strip()

    def make(self, verb: str, *args) -> Action:
        """Build an action from typed values (no parsing), checking the verb and arity."""
        codecs = self.forms.get(verb)
        if codecs is None or len(codecs) != len(args):
            raise NotationError(f"no {self.game} action {verb!r} with {len(args)} argument(s)")
        return Action(verb, args)

"""The kit's error types.

Two families, kept apart on purpose:

* ``RuleError`` -- a move the rules refuse. It names the rule (its catalog ID) and why. Engines
  raise it *before* mutating anything, so the state a caller holds is never half-changed.
* ``TrogkitInputError`` and subclasses -- bad input (notation, card files, CLI arguments). They say
  what is wrong and where, so a learner can fix a typo without reading a traceback.
"""

from __future__ import annotations

# BaseException keeps the arguments an error was made with (read past ``RuleError.args``)
_GIVEN = BaseException.__dict__["args"]


class RuleError(Exception):
    """An illegal action: ``rule_id`` is the catalog ID, ``reason`` a plain sentence.

    ``RuleError(rule_id, reason)`` takes the sentence itself; ``RuleError(rule_id, template,
    values)`` takes ``template`` with ``{}`` places and the tuple of ``values`` for them, and the
    sentence is written the first time someone reads ``reason`` or ``str(error)`` (speed: PERF.md
    "Lazy refusals"). Either way the error reads and pickles as one made with the finished
    sentence.
    """

    # no __init__: speed: PERF.md "Lazy refusals"

    @property
    def rule_id(self) -> str:
        return _GIVEN.__get__(self)[0]

    @property
    def reason(self) -> str:
        given = _GIVEN.__get__(self)
        if len(given) == 2:
            return given[1]
        rule_id, template, values = given
        reason = template.format(*values)
        _GIVEN.__set__(self, (rule_id, reason))  # written once, on first use
        return reason

    @property
    def args(self) -> tuple[str]:
        return (str(self),)

    def __str__(self) -> str:
        return f"{self.rule_id}: {self.reason}"

    def __repr__(self) -> str:
        return f"RuleError({self.rule_id!r}, {self.reason!r})"

    def __reduce__(self):  # (rule ID, sentence): survives pickling across processes
        return (RuleError, (self.rule_id, self.reason))


class TrogkitInputError(ValueError):
    """Base for every bad-input error (notation, card data, solver queries)."""


class NotationError(TrogkitInputError):
    """Malformed position/layout text: says what is wrong and at which field or character."""

    def __init__(self, message: str, *, text: str | None = None, where: str | None = None):
        self.message = message
        self.text = text
        self.where = where
        full = message if where is None else f"{where}: {message}"
        if text is not None:
            full += f" (in {text!r})"
        super().__init__(full)


class CardDataError(TrogkitInputError):
    """A bad card file: names the file, the card (if any) and the field (if any)."""

    def __init__(
        self, path: str, message: str, *, card: str | None = None, field: str | None = None
    ):
        self.path = str(path)
        self.card = card
        self.field = field
        self.message = message
        parts = [self.path]
        if card is not None:
            parts.append(f"card {card!r}")
        if field is not None:
            parts.append(f"field {field!r}")
        super().__init__(", ".join(parts) + f": {message}")

"""The kit's error types.

Two families, kept apart on purpose:

* ``RuleError`` -- a move the rules refuse. It names the rule (its catalog ID) and why. Engines
  raise it *before* mutating anything, so the state a caller holds is never half-changed.
* ``TrogkitInputError`` and subclasses -- bad input (notation, card files, CLI arguments). They say
  what is wrong and where, so a learner can fix a typo without reading a traceback.
"""

from __future__ import annotations


class RuleError(Exception):
    """An illegal action: ``rule_id`` is the catalog ID, ``reason`` a plain sentence. Rule code
    makes one through its catalog's ``refuse`` (which checks the ID)."""

    def __init__(self, rule_id: str, reason: str):
        super().__init__(f"{rule_id}: {reason}")
        self.rule_id, self.reason = rule_id, reason

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

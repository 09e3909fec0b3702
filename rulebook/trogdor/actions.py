"""Actions as canonical strings: ``Action("move N")`` prints as itself and sorts like text.

``parse_action`` reads what a learner types (any case, extra spaces) and checks the *shape* of the
action (what it is, which arguments); whether it is legal now is the engine's question.
"""

from __future__ import annotations

from rulebook.common.errors import NotationError
from rulebook.common.grid import DIRECTIONS

from .geometry import BY_NAME

SIMPLE = ("draw", "chomp", "burrow", "hide", "pass", "step")
BURN_TARGETS = ("tile", "cottage", "peasant")
USAGE = (
    "actions: draw | play CARD | discard CARD | move N/S/E/W/NE/NW/SE/SW | chomp | burrow | hide | "
    "burn tile|cottage|peasant | burn tile at SQ | burn peasant at SQ | teleport SQ | "
    "use ITEM [SQ] | pass | spawn SQ | step"
)


class Action(str):
    """A canonical action string with its words split out."""

    __slots__ = ()

    @property
    def words(self) -> list[str]:
        return self.split(" ")

    @property
    def kind(self) -> str:
        k = _KIND.get(self)
        if k is None:
            k = _KIND[self] = self.split(" ", 1)[0]
        return k


_CACHE: dict[str, Action] = {}
_KIND: dict[str, str] = {}


def parse_action(text) -> Action:
    """Canonical Action from text; NotationError says what is wrong."""
    if isinstance(text, Action):
        return text
    hit = _CACHE.get(text)
    if hit is not None:
        return hit
    if not isinstance(text, str) or not text.strip():
        raise NotationError(f"empty action; {USAGE}")
    w = text.split()
    verb = w[0].lower()

    def sq(word: str) -> str:
        s = word.upper()
        if s not in BY_NAME:
            raise NotationError(f"{word!r} is not a square A1..E5", text=text)
        return s

    if verb in SIMPLE and len(w) == 1:
        out = verb
    elif verb in ("play", "discard") and len(w) == 2:
        out = f"{verb} {w[1]}"
    elif verb == "move" and len(w) == 2 and w[1].upper() in DIRECTIONS:
        out = f"move {w[1].upper()}"
    elif verb == "burn" and len(w) == 2 and w[1].lower() in BURN_TARGETS:
        out = f"burn {w[1].lower()}"
    elif verb == "burn" and len(w) == 4 and w[1].lower() in ("tile", "peasant") and w[2] == "at":
        out = f"burn {w[1].lower()} at {sq(w[3])}"
    elif verb in ("teleport", "spawn") and len(w) == 2:
        out = f"{verb} {sq(w[1])}"
    elif verb == "use" and len(w) in (2, 3):
        out = f"use {w[1]}" + (f" {sq(w[2])}" if len(w) == 3 else "")
    else:
        raise NotationError(f"not an action; {USAGE}", text=text)
    a = Action(out)
    if len(_CACHE) < 10_000:
        _CACHE[text] = a
    return a

"""Trogdor!! actions as values: ``Action(verb, args)`` of ``rulebook.common.actions`` with typed
arguments (a ``Square``, a direction word, a card id) and one canonical text each.

``parse_action`` reads what a learner types (verbs and squares in any case) and checks only the
*shape* (which verb, which arguments); whether it is legal now is ``rules.refusal``'s question.
Malformed text is a ``NotationError`` naming the argument.
"""

from __future__ import annotations

from rulebook.common.actions import Action, Grammar
from rulebook.common.errors import NotationError
from rulebook.common.notation import Codec, Token, excerpt

from .grid import DIRECTIONS, GRID5, SQUARES, intern

ORTHO_DIRS = ("N", "S", "E", "W")
DIAG_DIRS = ("NE", "NW", "SE", "SW")


class SquareArg(Codec):
    """A square in typed action text (``b2`` is forgiven as ``B2``; ASCII only)."""

    def fmt(self, value) -> str:
        return value.name

    def parse(self, text: str, where: str):
        try:
            return intern(GRID5.parse(text))
        except NotationError as e:
            raise NotationError(e.message, text=excerpt(text, 20), where=where) from None


class DirectionArg(Codec):
    """A direction word N, S, E, W, NE, NW, SE, SW (any case; ASCII only)."""

    def fmt(self, value) -> str:
        return value

    def parse(self, text: str, where: str) -> str:
        d = text.upper() if text.isascii() else text
        if d not in DIRECTIONS:
            raise NotationError(
                f"{excerpt(text, 20)!r} is not a direction ({', '.join(DIRECTIONS)})", where=where
            )
        return d


SQ = SquareArg()
DIR = DirectionArg()
CARD = Token("card id")
ITEM = Token("item id")

FORMS = {
    "draw": (),
    "play": (CARD,),
    "discard": (CARD,),
    "move": (DIR,),
    "chomp": (),
    "burrow": (),
    "hide": (),
    "burn tile": (),
    "burn cottage": (),
    "burn peasant": (),
    "burn tile at": (SQ,),
    "burn peasant at": (SQ,),
    "teleport": (SQ,),
    "use": (ITEM,),  # an item that moves Trogdor takes a square too: ``use ITEM SQ``
    "pass": (),
    "spawn": (SQ,),
    "step": (),
}


class TrogdorGrammar(Grammar):
    """The common Grammar plus the one verb with two shapes: ``use ITEM`` / ``use ITEM SQ``."""

    def parse(self, text) -> Action:
        if isinstance(text, str) and len(text) <= 200:
            words = text.split()
            if len(words) == 3 and words[0].lower() == "use":
                return use(
                    ITEM.parse(words[1], "use argument 1"), SQ.parse(words[2], "use argument 2")
                )
        return super().parse(text)


GRAMMAR = TrogdorGrammar("trogdor", FORMS)


def parse_action(text) -> Action:
    """The Action for ``text`` (or the Action itself); NotationError for malformed text."""
    return GRAMMAR.parse(text)


def use(item: str, square=None) -> Action:
    return Action("use", (item,) if square is None else (item, square))


def card_choices(card_id: str) -> tuple[Action, Action]:
    """(``discard CID``, ``play CID``): the choose phase's two actions for one card."""
    return Action("discard", (card_id,)), Action("play", (card_id,))


def item_uses(item_id: str, takes_square: bool) -> tuple[Action, ...]:
    """The ``use`` actions of an item, sorted by text: ``use ITEM``, or ``use ITEM SQ`` for every
    square when the item moves Trogdor."""
    if not takes_square:
        return (use(item_id),)
    return tuple(sorted((use(item_id, sq) for sq in SQUARES), key=str))


# Actions the engine lists again and again, built once.
DRAW, STEP, PASS, CHOMP, BURROW, HIDE = map(
    Action, ("draw", "step", "pass", "chomp", "burrow", "hide")
)
BURN_TILE, BURN_COTTAGE, BURN_PEASANT = map(Action, ("burn tile", "burn cottage", "burn peasant"))
MOVE = {d: Action("move", (d,)) for d in DIRECTIONS}
BURN_AT = {sq: Action("burn tile at", (sq,)) for sq in SQUARES}
PEASANT_AT = {sq: Action("burn peasant at", (sq,)) for sq in SQUARES}
TELEPORT = {sq: Action("teleport", (sq,)) for sq in SQUARES}
SPAWN = {sq: Action("spawn", (sq,)) for sq in SQUARES}

__all__ = ["Action", "GRAMMAR", "parse_action", "use"]

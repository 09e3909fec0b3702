"""Scenario edits: pure functions ``edit(state, op) -> State`` for instructors' position editors.

An edit is *input*, not a move of the game: what the box cannot hold (a fourth cottage, an eighth
peasant, an unknown card) is refused with a ``NotationError`` that says what is wrong and where
(the square, the field) and cites the setup rule (T-SETUP-BOARD, T-SETUP-PIECES, T-SETUP-METER).
Every result is re-read through the game's ``parse``, so an edit never leaves a position the
notation cannot write or the rules cannot play on from (the game's ``playable``: e.g. a third
knight, T-SETUP-PIECES; a spawn step left with nothing to spawn, T-SPAWN). The given state never
changes.
"""

from __future__ import annotations

from rulebook.common import cardedit
from rulebook.common.cardedit import set_ruling, validated
from rulebook.common.errors import NotationError

from .board import BOX_MAXIMUM, TILE_KINDS
from .grid import INDEX, square
from .state import MAX_TYPED_AP, PEASANTS_IN_BOX, Cottages, State


def _refuse(rule: str, message: str, where: str) -> NotationError:
    return NotationError(f"{message} ({rule})", where=where)


def edit_square(state: State, tool: str, square_name) -> State:
    """Apply palette ``tool`` to a square; a new State (the given one is untouched)."""
    try:
        sq = square(square_name, "square")
    except NotationError as e:
        raise _refuse("T-SETUP-BOARD", e.message, "square") from None
    if not isinstance(tool, str):
        raise _refuse("T-SETUP-PIECES", "an editor tool is text", "tool")
    if tool.startswith("tile "):
        out = _tile(state, sq, tool[5:])
        return state if out is None else validated(out)
    edit_tool = SQUARE_TOOLS.get(tool)
    if edit_tool is None:
        raise _refuse("T-SETUP-PIECES", f"unknown editor tool {tool[:20]!r}", "tool")
    return validated(edit_tool(state, sq))


def _tile(s: State, sq, letter: str) -> State | None:
    """T-SETUP-BOARD: another kind of tile on ``sq`` (None when it is that kind already)."""
    if letter not in TILE_KINDS:
        raise _refuse("T-SETUP-BOARD", f"unknown tile kind {letter[:10]!r}", "tool")
    if letter == s.tiles[INDEX[sq]]:
        return None
    limit = BOX_MAXIMUM.get(letter)
    if limit is not None and s.tiles.count(letter) >= limit:
        raise _refuse(
            "T-SETUP-BOARD", f"the box has only {limit} {TILE_KINDS[letter]} tile(s)", str(sq)
        )
    tiles = list(s.tiles)
    tiles[INDEX[sq]] = letter
    squares = [k for k in s.cottages if k != sq] + ([sq] if letter == "C" else [])
    return s.replace(tiles=tuple(tiles), cottages=Cottages.on(squares, Cottages.burnt(s.cottages)))


def _toggle_burnt(s: State, sq) -> State:
    burnt = list(s.burnt)
    burnt[INDEX[sq]] = not burnt[INDEX[sq]]
    return s.replace(burnt=tuple(burnt))


def _toggle_cottage_burnt(s: State, sq) -> State:
    if sq not in s.cottages:
        raise _refuse("T-SETUP-BOARD", f"{sq} is not a cottage tile", str(sq))
    return s.replace(cottages=Cottages.with_burnt(s.cottages, sq, not s.cottages[sq]))


def _add_peasant(s: State, sq) -> State:
    """A peasant from the Void, else from the Trog-meter (T-SETUP-METER: the box has so many)."""
    void, meter = s.void, s.meter
    if void > 0:
        void -= 1
    elif meter > 0:
        meter -= 1
    else:
        raise _refuse(
            "T-SETUP-METER",
            f"all {PEASANTS_IN_BOX} peasants are already on the board or the Trog-meter",
            str(sq),
        )
    return s.replace(peasants=tuple(sorted([*s.peasants, sq])), void=void, meter=meter)


def _remove_peasant(s: State, sq) -> State:
    if sq not in s.peasants:
        raise _refuse("T-SETUP-PIECES", f"no peasant on {sq}", str(sq))
    peasants = list(s.peasants)
    peasants.remove(sq)
    return s.replace(peasants=tuple(peasants), void=s.void + 1)


def _toggle_knight(s: State, sq) -> State:
    if sq in s.knights:
        return s.replace(knights=tuple(k for k in s.knights if k != sq), pieces_to_move=())
    return s.replace(knights=(*s.knights, sq))


def _clear(s: State, sq) -> State:
    """Every piece off ``sq`` (its peasants back to the Void)."""
    return s.replace(
        void=s.void + s.peasants.count(sq),
        peasants=tuple(p for p in s.peasants if p != sq),
        knights=tuple(k for k in s.knights if k != sq),
        pieces_to_move=(),
        archer=None if s.archer == sq else s.archer,
        troghammer=None if s.troghammer == sq else s.troghammer,
    )


# the palette's square tools (besides ``tile X``): tool -> (state, square) -> new state
SQUARE_TOOLS = {
    "burnt": _toggle_burnt,
    "cottage-burnt": _toggle_cottage_burnt,
    "trogdor": lambda s, sq: s.replace(trogdor=sq),
    "peasant": _add_peasant,
    "peasant-remove": _remove_peasant,
    "knight": _toggle_knight,
    "archer": lambda s, sq: s.replace(archer=None if s.archer == sq else sq),
    "troghammer": lambda s, sq: s.replace(
        troghammer=None if s.troghammer == sq else sq, hammer_waiting=False
    ),
    "clear": _clear,
}


def _int(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"expected a whole number, got {str(value)[:20]!r}", where=what)
    return value


def set_meter(state: State, meter: int) -> State:
    """Set the Trog-meter; the Void takes the rest of the box's 7 peasants (T-SETUP-METER)."""
    meter = _int(meter, "meter")
    void = PEASANTS_IN_BOX - len(state.peasants) - meter
    if not 0 <= meter <= PEASANTS_IN_BOX or void < 0:
        raise _refuse(
            "T-SETUP-METER",
            f"meter {meter} + {len(state.peasants)} peasants on the board exceed the box's "
            f"{PEASANTS_IN_BOX}",
            "meter",
        )
    return validated(state.replace(meter=meter, void=void))


def set_ap(state: State, ap: int) -> State:
    """Set the action points left (T-AP); 0..999."""
    ap = _int(ap, "ap")
    if not 0 <= ap <= MAX_TYPED_AP:
        raise _refuse("T-AP", f"AP must be 0..{MAX_TYPED_AP}, got {ap}", "ap")
    return validated(state.replace(ap=ap))


def set_next_movement(state: State, card_id: str) -> State:
    """Put ``card_id`` on top of the movement draw pile (T-MOVEMENT-CARD), taken from where it is."""
    from .setup import with_movement_deck

    if not isinstance(card_id, str) or state.cards.movement(card_id) is None:
        raise _refuse("T-MOVEMENT-CARD", f"unknown movement card {str(card_id)[:30]!r}", "movement")
    deck = state.movement_deck
    moved = with_movement_deck(state, [card_id, *(c for c in deck.draw if c != card_id)])
    discard = tuple(c for c in deck.discard if c != card_id)
    return validated(moved.replace(movement_deck=moved.movement_deck._replace(discard=discard)))


EDITS = {
    "square": edit_square,
    "meter": set_meter,
    "ap": set_ap,
    "movement": set_next_movement,
    "ruling": set_ruling,  # shared with the card games (RULINGS.md)
}


def edit(state: State, op: tuple):
    """Dispatch one edit: ``("square", tool, sq)``, ``("meter", n)``, ``("ap", n)``,
    ``("movement", card_id)`` or ``("ruling", id, option)``."""
    return cardedit.dispatch(state, op, EDITS)


def movement_choices(state: State) -> list[tuple[str, str]]:
    """(label, id) for every movement card the state's card set knows, with provenance."""
    base = state.cards.base
    cards = sorted(base.movement.values(), key=lambda c: c.id) if base is not None else []
    return [(movement_line(c), c.id) for c in cards]


def movement_line(card) -> str:
    """One line for a movement card: peasants, arrow, repair, path, provenance."""
    rep = " & repair" if card.repair else ""
    prov = "" if card.provenance == "sourced" else ", stand-in"
    return (
        f"{card.id}: {card.peasants} peasant(s), arrow {card.arrow}{rep}, "
        f"path {'-'.join(card.path)}{prov}"
    )

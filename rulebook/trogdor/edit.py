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
from rulebook.common.errors import NotationError
from rulebook.trogdor.grid import Square

from .board import BOX_MAXIMUM, TILE_KINDS
from .geometry import INDEX, square
from .state import MAX_TYPED_AP, PEASANTS_IN_BOX, Cottages, State


def _refuse(rule: str, message: str, where: str) -> NotationError:
    return NotationError(f"{message} ({rule})", where=where)


def _sq(x) -> Square:
    try:
        return square(x, "square")
    except NotationError as e:
        raise _refuse("T-SETUP-BOARD", e.message, "square") from None


def _validated(s: State) -> State:
    """Round-trip through the game's parse: a position the notation and the rules accept."""
    return cardedit.validated(s)


def _tile(s: State, sq: Square, letter: str, where: str) -> State | None:
    if letter not in TILE_KINDS:
        raise _refuse("T-SETUP-BOARD", f"unknown tile kind {letter[:10]!r}", "tool")
    i = INDEX[sq]
    old = s.tiles[i]
    if letter == old:
        return None
    limit = BOX_MAXIMUM.get(letter)
    if limit is not None and s.tiles.count(letter) >= limit:
        raise _refuse(
            "T-SETUP-BOARD", f"the box has only {limit} {TILE_KINDS[letter]} tile(s)", where
        )
    tiles = list(s.tiles)
    tiles[i] = letter
    squares = [k for k in s.cottages if k != sq] + ([sq] if letter == "C" else [])
    cottages = Cottages.on(squares, Cottages.burnt(s.cottages))
    return _with(s, tiles=tuple(tiles), cottages=cottages)


def _with(s: State, **changes) -> State:
    return s.replace(**changes)


def edit_square(state: State, tool: str, square) -> State:
    """Apply palette ``tool`` to ``square``; a new State (the given one is untouched)."""
    sq = _sq(square)
    where = str(sq)
    if not isinstance(tool, str):
        raise _refuse("T-SETUP-PIECES", "an editor tool is text", "tool")
    if tool.startswith("tile "):
        out = _tile(state, sq, tool[5:], where)
        if out is None:
            return state
        return _validated(out)
    edit_tool = SQUARE_TOOLS.get(tool)
    if edit_tool is None:
        raise _refuse("T-SETUP-PIECES", f"unknown editor tool {tool[:20]!r}", "tool")
    return _validated(edit_tool(state, sq, where))


def _toggle_burnt(s: State, sq, where: str) -> State:
    burnt = list(s.burnt)
    burnt[INDEX[sq]] = not burnt[INDEX[sq]]
    return _with(s, burnt=tuple(burnt))


def _toggle_cottage_burnt(s: State, sq, where: str) -> State:
    if sq not in s.cottages:
        raise _refuse("T-SETUP-BOARD", f"{sq} is not a cottage tile", where)
    return _with(s, cottages=Cottages.with_burnt(s.cottages, sq, not s.cottages[sq]))


def _add_peasant(s: State, sq, where: str) -> State:
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
            where,
        )
    return _with(s, peasants=tuple(sorted([*s.peasants, sq])), void=void, meter=meter)


def _remove_peasant(s: State, sq, where: str) -> State:
    peasants = list(s.peasants)
    if sq not in peasants:
        raise _refuse("T-SETUP-PIECES", f"no peasant on {sq}", where)
    peasants.remove(sq)
    return _with(s, peasants=tuple(peasants), void=s.void + 1)


def _toggle_knight(s: State, sq, where: str) -> State:
    if sq in s.knights:
        return _with(s, knights=tuple(k for k in s.knights if k != sq), pieces_to_move=())
    return _with(s, knights=(*s.knights, sq))


def _clear(s: State, sq, where: str) -> State:
    """Every piece off ``sq`` (its peasants back to the Void)."""
    return _with(
        s,
        void=s.void + s.peasants.count(sq),
        peasants=tuple(p for p in s.peasants if p != sq),
        knights=tuple(k for k in s.knights if k != sq),
        pieces_to_move=(),
        archer=None if s.archer == sq else s.archer,
        troghammer=None if s.troghammer == sq else s.troghammer,
    )


# the palette's square tools (besides ``tile X``): tool -> (state, square, where) -> new state
SQUARE_TOOLS = {
    "burnt": _toggle_burnt,
    "cottage-burnt": _toggle_cottage_burnt,
    "trogdor": lambda s, sq, where: _with(s, trogdor=sq),
    "peasant": _add_peasant,
    "peasant-remove": _remove_peasant,
    "knight": _toggle_knight,
    "archer": lambda s, sq, where: _with(s, archer=None if s.archer == sq else sq),
    "troghammer": lambda s, sq, where: _with(
        s, troghammer=None if s.troghammer == sq else sq, hammer_waiting=False
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
    return _validated(_with(state, meter=meter, void=void))


def set_ap(state: State, ap: int) -> State:
    """Set the action points left (T-AP); 0..999."""
    ap = _int(ap, "ap")
    if not 0 <= ap <= MAX_TYPED_AP:
        raise _refuse("T-AP", f"AP must be 0..{MAX_TYPED_AP}, got {ap}", "ap")
    return _validated(_with(state, ap=ap))


def set_next_movement(state: State, card_id: str) -> State:
    """Put ``card_id`` on top of the movement draw pile (T-MOVEMENT-CARD)."""
    from .setup import with_movement_deck

    if not isinstance(card_id, str) or state.cards.movement(card_id) is None:
        raise _refuse("T-MOVEMENT-CARD", f"unknown movement card {str(card_id)[:30]!r}", "movement")
    deck = state.movement_deck
    rest = [c for c in deck.draw if c != card_id]
    discard = tuple(c for c in deck.discard if c != card_id)  # taken from where it is
    moved = with_movement_deck(state, [card_id, *rest])
    return _validated(moved.replace(movement_deck=moved.movement_deck._replace(discard=discard)))


def set_ruling(state: State, ruling_id: str, option: str) -> State:
    """Choose ``option`` for ruling ``ruling_id`` (RULINGS.md); shared with the card games."""
    return cardedit.set_ruling(state, ruling_id, option)


EDITS = {
    "square": edit_square,
    "meter": set_meter,
    "ap": set_ap,
    "movement": set_next_movement,
    "ruling": set_ruling,
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

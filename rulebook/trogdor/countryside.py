"""The countryside's moving parts, shared by both phases and the Fiery Rage: the Movement deck
(T-MOVEMENT-CARD, T-MOVEMENT-RESHUFFLE), wraparound (T-WRAP), tiles, cottages and peasants on the
board, empty tiles (T-EMPTY-TILE) and the events that recharge items (T-ITEM).

The rules change a working copy of the state (``state.WorkingCopy``) whose fields all hold
immutable values: a change *replaces* a field (``s.peasants = ...``), so the state the caller
holds is never touched.
"""

from __future__ import annotations

from rulebook.common.game import fired, ruling

from .grid import INDEX, STEP, Square
from .state import Cottages, Deck

# Safety bound on "draw again" loops (Troghammer re-moves, flaming peasants ending on a burnt
# cottage): each repeat draws a card; a pathological stacked deck could cycle forever.
MAX_REPEATS = 60


# ---- the Movement deck --------------------------------------------------------------------------
def draw_movement(s):
    """T-MOVEMENT-CARD: draw the top movement card (it goes straight to the discard pile); None if
    there is none. T-MOVEMENT-RESHUFFLE: an empty deck takes its discards again, shuffled -- all but
    this turn's Phase 2 card (a Troghammer draw comes while it is in use), whose path is still being
    walked."""
    deck = s.movement_deck
    if not deck.draw:
        spent = _spent(s)
        if not spent:
            return None
        fired("T-MOVEMENT-RESHUFFLE")
        draw, s.rng = s.rng.shuffled(spent)
        deck = Deck(draw, (s.movement_card,) if s.movement_card in deck.discard else ())
    cid = deck.draw[0]
    s.movement_deck = Deck(deck.draw[1:], (*deck.discard, cid))
    fired("T-MOVEMENT-CARD")
    return s.cards.movement(cid)


def movement_cards(s, again: str):
    """Movement cards drawn one after another while the caller takes more ("draw another movement
    card": T-FLAME-COTTAGE, T-TROGHAMMER-REMOVE), each after the first reported as ``again``;
    until the deck is out, or MAX_REPEATS cards."""
    for n in range(MAX_REPEATS):
        if n:
            fired(again)
        card = draw_movement(s)
        if card is None:
            return
        yield card


def _spent(s) -> tuple[str, ...]:
    return tuple(c for c in s.movement_deck.discard if c != s.movement_card)


def can_draw_movement(s) -> bool:
    return bool(s.movement_deck.draw or _spent(s))


def wrap_step(sq: Square, d: str) -> Square:
    """T-WRAP: "All enemies can wraparound the board": one step, off one side and in at the other
    (reported when it crosses an edge)."""
    if STEP[False][sq][d] is None:
        fired("T-WRAP")
    return STEP[True][sq][d]


# ---- tiles, cottages and peasants -------------------------------------------------------------------
def set_burnt(s, sq: Square, value: bool) -> bool:
    """Flip a tile; True if it changed."""
    i = INDEX[sq]
    if s.burnt[i] == value:
        return False
    s.burnt = (*s.burnt[:i], value, *s.burnt[i + 1 :])
    return True


def set_cottage(s, sq: Square, burnt: bool) -> None:
    s.cottages = Cottages.with_burnt(s.cottages, sq, burnt)


def remove_peasant(s, sq: Square) -> None:
    """Take one peasant off ``sq``."""
    i = s.peasants.index(sq)
    s.peasants = s.peasants[:i] + s.peasants[i + 1 :]


def put_peasants(s, squares) -> None:
    s.peasants = tuple(sorted((*s.peasants, *squares)))


def is_empty(s, sq: Square) -> bool:
    """T-EMPTY-TILE (000): "tiles that do not have any pieces, such as knights, troghammers,
    archers, peasants, cottages, and Trogdor"."""
    pieces = (s.trogdor, s.archer, s.troghammer, *s.knights, *s.peasants, *s.cottages)
    return sq not in pieces


# ---- item recharges -------------------------------------------------------------------------------
def recharge(s, condition: str) -> None:
    """T-ITEM: something happened (``condition``: an item's ``recharge``) that recharges the
    discharged items waiting for it -- the current player's, or everyone's under ruling
    TR-ITEM-RECHARGE=any-turn."""
    if all(s.item_charged):
        return
    who = range(s.players) if ruling(s, "TR-ITEM-RECHARGE") == "any-turn" else (s.to_move,)
    charged = list(s.item_charged)
    for p in who:
        item = None if charged[p] or s.items[p] is None else s.cards.item(s.items[p])
        if item is not None and item.recharge == condition:
            fired("T-ITEM")
            charged[p] = True
    s.item_charged = tuple(charged)


def tile_burninated(s, sq: Square) -> None:
    """A tile was burninated. Burning a tile with a cottage on it recharges what a burnt cottage
    recharges (Ring of VOIP: "when a cottage (or a tile with a cottage) is burninated",
    card-facts.md)."""
    recharge(s, "tile-burninated")
    if sq in s.cottages:
        recharge(s, "cottage-burninated")

"""The rules' shared moving parts: effects applied to the engine's working copy of a state.

Only ``rules.perform`` calls these, on a fresh fork whose fields are all immutable values: an
effect *replaces* a field (``s.peasants = ...``), it never changes one in place, so the state the
caller holds is never touched. A game ending mid-action (defeat, Fiery Rage, victory) unwinds with
``GameEnded``; ``rules.perform`` catches it and returns the finished state. Each effect reports the
catalog rule that takes effect with ``fired(ID)``.
"""

from __future__ import annotations

from rulebook.common.game import fired, ruling
from rulebook.trogdor.grid import Square

from .geometry import CENTRE, INDEX, ORTHO, RING, SQUARES, STEP
from .state import Cottages, Deck

# Safety bound on "draw again" loops (Troghammer re-moves, flaming peasants ending on a burnt
# cottage): each repeat draws a card; a pathological stacked deck could cycle forever.
MAX_REPEATS = 60

# Pieces that make a tile not "empty" (seed 000: "no knights, troghammers, archers, peasants,
# cottages or Trogdor"): T-EMPTY-TILE.
EMPTY_TILE = "T-EMPTY-TILE"


class GameEnded(Exception):
    """Raised after ``state.outcome`` is set, to stop the action that ended the game."""


# -- decks ---------------------------------------------------------------------------------------
def draw_movement(s):
    """Draw the top movement card (T-MOVEMENT-CARD); reshuffle the discards when the deck is empty
    (T-MOVEMENT-RESHUFFLE). The card goes straight to the discard pile. None if there is none.
    This turn's Phase 2 card (a Troghammer draw comes while it is in use) stays out of the
    reshuffle, on the discard pile: its path is still being walked."""
    deck = s.movement_deck
    if not deck.draw:
        in_use, spent = s.movement_card, _spent(s)
        if not spent:
            return None
        fired("T-MOVEMENT-RESHUFFLE")
        draw, s.rng = s.rng.shuffled(spent)
        deck = Deck(draw, (in_use,) if in_use in deck.discard else ())
    cid = deck.draw[0]
    s.movement_deck = Deck(deck.draw[1:], (*deck.discard, cid))
    fired("T-MOVEMENT-CARD")
    return s.cards.movement(cid)


def _spent(s) -> tuple[str, ...]:
    """The discards a reshuffle takes: all but this turn's Phase 2 card."""
    return tuple(c for c in s.movement_deck.discard if c != s.movement_card)


def can_draw_movement(s) -> bool:
    return bool(s.movement_deck.draw or _spent(s))


# -- tiles ---------------------------------------------------------------------------------------
def set_burnt(s, sq: Square, value: bool) -> bool:
    """Flip a tile; True if it changed."""
    i = INDEX[sq]
    if s.burnt[i] == value:
        return False
    b = list(s.burnt)
    b[i] = value
    s.burnt = tuple(b)
    return True


def set_cottage(s, sq: Square, burnt: bool) -> None:
    s.cottages = Cottages.with_burnt(s.cottages, sq, burnt)


def remove_peasant(s, sq: Square) -> None:
    """Take one peasant off ``sq``."""
    peasants = list(s.peasants)
    peasants.remove(sq)
    s.peasants = tuple(peasants)


def put_peasants(s, squares) -> None:
    s.peasants = tuple(sorted((*s.peasants, *squares)))


def cottage_eligible(s, sq: Square) -> bool:
    """T-BURN-COTTAGE: the cottage's tile and every tile around it (no wraparound) burnt."""
    burnt = s.burnt
    return burnt[INDEX[sq]] and all(burnt[INDEX[n]] for n in RING[sq])


def lake_eligible(s, sq: Square) -> bool:
    """T-BURN-LAKE: N, S, E and W neighbours burnt (no wraparound; edges need fewer)."""
    burnt = s.burnt
    return all(burnt[INDEX[n]] for n in ORTHO[sq])


def is_empty(s, sq: Square) -> bool:
    """T-EMPTY-TILE (seed 000): no knights, Troghammer, archer, peasants, cottage or Trogdor."""
    return not (
        sq == s.trogdor
        or sq == s.archer
        or sq == s.troghammer
        or sq in s.knights
        or sq in s.peasants
        or sq in s.cottages
    )


def wrap_step(sq: Square, d: str) -> Square:
    """T-WRAP: one step with wraparound (reported when it crosses an edge)."""
    if STEP[False][sq][d] is None:
        fired("T-WRAP")
    return STEP[True][sq][d]


# -- items recharge ------------------------------------------------------------------------------
def event(s, kind: str) -> None:
    """Something happened that may recharge an item (T-ITEM, ruling TR-ITEM-RECHARGE)."""
    if all(s.item_charged):
        return
    if ruling(s, "TR-ITEM-RECHARGE") == "any-turn":
        who = range(s.players)
    else:
        who = (s.to_move,)
    charged = list(s.item_charged)
    for p in who:
        item_id = s.items[p]
        if item_id is None or charged[p]:
            continue
        item = s.cards.item(item_id)
        if item is not None and item.recharge == kind:
            fired("T-ITEM")
            charged[p] = True
    s.item_charged = tuple(charged)


def tile_burninated(s, sq: Square) -> None:
    """A tile was burninated: recharge events. Burning a tile with a cottage on it recharges what
    a burnt cottage recharges (Ring of VOIP: "when a cottage (or a tile with a cottage) is
    burninated", card-facts.md)."""
    event(s, "tile-burninated")
    if sq in s.cottages:
        event(s, "cottage-burninated")


# -- damage, rage, win ---------------------------------------------------------------------------
def protected(s, source: str) -> bool:
    """T-PROTECT: hiding or a card blocks damage from knights ('knight') or the archer."""
    if s.trogdor_hidden:
        return True
    token = "block-archer" if source == "archer" else "block-knights"
    if token in s.powers:
        return True
    # T-KEEPER: a keeper is on for its owner's whole turn, the draw included (its tokens join
    # s.powers only when the AP are set, so look at the card itself here).
    keeper_id = s.keepers[s.to_move]
    if keeper_id is not None:
        keeper = s.cards.keeper(keeper_id)
        if keeper is not None and any(e.kind == token for e in keeper.effects):
            return True
    return False


def damage(s, source: str) -> None:
    """T-DAMAGE: one damage from a knight or the archer (protection checked here)."""
    if protected(s, source):
        fired("T-PROTECT")
        return
    if s.meter == 0:
        rage(s, "damage")  # T-RAGE: damage at zero health is defeat
    fired("T-DAMAGE")
    s.meter -= 1
    s.void += 1
    if (
        s.troghammer_cards_aside
    ):  # T-TROGHAMMER-SHUFFLE: first damage shuffles the Troghammer cards in
        fired("T-TROGHAMMER-SHUFFLE")
        old = s.action_deck
        draw, s.rng = s.rng.shuffled(old.draw + s.troghammer_cards_aside)
        s.action_deck = Deck(draw, old.discard)
        s.troghammer_cards_aside = ()


def win_conditions(s) -> bool:
    """T-WIN conditions, without the 'undefeated' part (T-TABLE-FLIP reuses them)."""
    return not s.peasants and all(s.burnt) and all(s.cottages.values())


def check_win(s) -> None:
    if s.outcome is None and win_conditions(s):
        fired("T-WIN")
        s.outcome = "win"
        s.phase = "over"
        raise GameEnded


def defeat_by_cards(s) -> None:
    """T-DEFEAT-CARDS: nobody holds an Action card and the deck is empty; ruling
    TR-CARDS-DEFEAT-RAGE decides whether the Fiery Rage follows (seed 000: "When Trogdor is
    defeated, draw five Movement cards ...")."""
    fired("T-DEFEAT-CARDS")
    if ruling(s, "TR-CARDS-DEFEAT-RAGE") == "rage":
        rage(s, "cards")
    s.outcome = "defeat"
    s.phase = "over"
    raise GameEnded


def rage(s, cause: str) -> None:
    """T-RAGE: five movement paths with wraparound, laying waste; then T-TABLE-FLIP or defeat."""
    fired("T-RAGE")

    def visit(sq: Square) -> None:
        set_burnt(s, sq, True)
        if sq in s.cottages:
            set_cottage(s, sq, True)
        n = s.peasants.count(sq)
        if n:
            s.peasants = tuple(p for p in s.peasants if p != sq)
            s.void += n
        if sq in s.knights:
            s.knights = tuple(k for k in s.knights if k != sq)
        if s.troghammer == sq:
            s.troghammer = None

    s.trogdor_hidden = False
    s.hammer_waiting = False  # the Troghammer, a knight, is no threat after the game
    pos = s.trogdor
    if pos is not None:
        visit(pos)
        for _ in range(5):
            card = draw_movement(s)
            if card is None:
                break
            for d in card.path:
                pos = wrap_step(pos, d)
                visit(pos)
        s.trogdor = pos
    s.pieces_to_move = ()
    if win_conditions(s):
        fired("T-TABLE-FLIP")
        s.outcome = "table-flip"
    else:
        s.outcome = "defeat"
    s.phase = "over"
    raise GameEnded


# -- knights and the Troghammer ------------------------------------------------------------------
def _place(s, piece, sq: Square) -> None:
    """Put a knight (its index) or the Troghammer ("hammer") on ``sq``."""
    if piece == "hammer":
        s.troghammer = sq
    else:
        knights = list(s.knights)
        knights[piece] = sq
        s.knights = tuple(knights)


def _repair(s, sq: Square) -> None:
    if s.cottages.get(sq):
        fired("T-KNIGHT-REPAIR")
        set_cottage(s, sq, False)


def repairs_start(s) -> bool:
    """Does a knight repair the burnt cottage it starts on? (ruling TR-KNIGHT-REPAIR-START)"""
    return ruling(s, "TR-KNIGHT-REPAIR-START") == "start"


def knight_walk(s, start: Square, path, *, piece, entering_start: bool = False) -> Square:
    """T-KNIGHT-MOVE / T-KNIGHT-REPAIR: follow ``path`` with wraparound from ``start``.

    Repairs a burnt cottage it passes or stops on, and the one it starts on under ruling
    TR-KNIGHT-REPAIR-START=start (an entering start always: it is a visit); entering Trogdor's tile deals damage
    (starting on it does not, unless ``entering_start``: the Troghammer entering the board).
    ``piece`` (a knight's index or "hammer") is put on Trogdor's tile before the damage, so a
    killing blow leaves it there for the Fiery Rage to find (T-RAGE kills knights it touches)."""
    fired("T-KNIGHT-MOVE")
    t = s.trogdor
    burnt_cottage = True in s.cottages.values()
    if burnt_cottage and s.cottages.get(start) and (entering_start or repairs_start(s)):
        _repair(s, start)
    if entering_start and start == t:
        _place(s, piece, start)
        damage(s, "knight")
    bounded = STEP[False]
    sq = start
    for d in path:
        sq = bounded[sq][d] or wrap_step(sq, d)
        if burnt_cottage:
            _repair(s, sq)
        if sq == t:
            _place(s, piece, sq)
            damage(s, "knight")
    return sq


def hammer_blocked(s) -> bool:
    """The Troghammer stands on a knight's or the archer's square (T-TROGHAMMER-REMOVE)."""
    t = s.troghammer
    return t is not None and (t in s.knights or t == s.archer)


def move_troghammer(s) -> None:
    """Draw a movement card and move the Troghammer along its path (T-DRAW-TROGHAMMER,
    T-KNIGHT-MOVE), moving again while he lands on a knight or archer (T-TROGHAMMER-REMOVE)."""
    for n in range(MAX_REPEATS):
        if n:
            fired("T-TROGHAMMER-REMOVE")
        card = draw_movement(s)
        if card is None:
            return
        if s.hammer_waiting:  # ruling TR-TROGHAMMER-START=meter: enter the board at C3
            s.hammer_waiting = False
            s.troghammer = CENTRE
            s.troghammer = knight_walk(s, CENTRE, card.path, piece="hammer", entering_start=True)
        else:
            s.troghammer = knight_walk(s, s.troghammer, card.path, piece="hammer")
        if not hammer_blocked(s):
            return


def place_troghammer(s) -> None:
    """A Troghammer card while he is not in play (ruling TR-TROGHAMMER-START)."""
    if ruling(s, "TR-TROGHAMMER-START") == "meter":
        s.hammer_waiting = True
        return
    s.troghammer = CENTRE
    if ruling(s, "TR-TROGHAMMER-REMOVE") == "any-time" and hammer_blocked(s):
        fired("T-TROGHAMMER-REMOVE")
        move_troghammer(s)


# -- flaming peasants ----------------------------------------------------------------------------
def burninate_peasants(s, starts) -> None:
    """T-BURN-PEASANT / T-FLAME-*: run each flaming peasant (already taken off the board) in turn;
    peasants they visit join the queue (T-FLAME-CHAIN)."""
    queue = list(starts)
    wrap = ruling(s, "TR-FLAME-WRAP") == "wrap"
    tiles = s.tiles
    while queue:
        pos = queue.pop(0)
        event(s, "peasant-burninated")
        if tiles[INDEX[pos]] == "L":  # T-FLAME-LAKE: extinguished at once
            fired("T-FLAME-LAKE")
            put_peasants(s, (pos,))
            continue
        _flame_visit(s, pos, queue)
        saved = False
        for n in range(MAX_REPEATS):
            if n:
                fired("T-FLAME-COTTAGE")
            card = draw_movement(s)
            if card is None:
                break
            for d in card.path:
                nxt = STEP[False][pos][d] or (wrap_step(pos, d) if wrap else None)
                if nxt is None:  # ruling TR-FLAME-WRAP=stop: the run ends at the edge
                    break
                pos = nxt
                if tiles[INDEX[pos]] == "L":
                    fired("T-FLAME-LAKE")
                    saved = True
                    break
                _flame_visit(s, pos, queue)
            if saved or not s.cottages.get(pos):
                break
            # T-FLAME-COTTAGE: ended on a burninated cottage -> a fresh card, from here
        if saved:
            put_peasants(s, (pos,))
        else:
            s.void += 1


def _flame_visit(s, sq: Square, queue: list[Square]) -> None:
    if set_burnt(s, sq, True):
        tile_burninated(s, sq)
    if s.cottages.get(sq) is False and cottage_eligible(s, sq):
        set_cottage(s, sq, True)
        event(s, "cottage-burninated")
    if sq in s.peasants:
        fired("T-FLAME-CHAIN")
        n = s.peasants.count(sq)
        s.peasants = tuple(p for p in s.peasants if p != sq)
        queue.extend([sq] * n)


__all__ = ["SQUARES", "GameEnded", "is_empty"]

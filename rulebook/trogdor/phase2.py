"""Phase 2: the countryside's movements (001 "Phase 2: The Countryside's Movements"; 000 "Phase Two:
Board Actions", "Troghammer").

"Draw a movement card" (T-MOVEMENT-CARD); spawn peasants from the Trog-meter (T-SPAWN, the
``spawn`` phase when the player chooses the cottage); then one ``step`` per piece, in order
(``countryside`` phase): the peasants (T-PEASANT-MOVE, T-PEASANT-REPAIR), each knight (T-KNIGHT-MOVE,
T-KNIGHT-REPAIR), the Troghammer, the archer (T-ARCHER); then the next player's turn
(T-END-TURN). Every enemy wraps around the board (T-WRAP). The Troghammer's moves on his own
cards (T-DRAW-TROGHAMMER, T-TROGHAMMER-REMOVE) are here too: "He can move during BOTH phases".
"""

from __future__ import annotations

from rulebook.common.game import fired, ruling

from .catalog import refuse
from .countryside import (
    draw_movement,
    movement_cards,
    put_peasants,
    set_burnt,
    set_cottage,
    wrap_step,
)
from .flaming import burninate_peasants
from .grid import CENTRE, Square
from .grid import STEP as GEO_STEP
from .health import damage
from .state import MAX_TURN


def start_phase2(s) -> None:
    """T-MOVEMENT-CARD: "To start Phase Two, choose a card from the Movement Deck"; then T-SPAWN.
    With no movement card at all (a puzzle) the countryside stays still."""
    card = draw_movement(s)
    if card is None:
        end_turn(s)
        return
    s.movement_card = card.id
    spawn_or_choose(s)


# ---- T-SPAWN: bring out the common people --------------------------------------------------------
def spawn_slots(s):
    """(cottages that may spawn, how many peasants are still wanted): "Spawn peasants from the
    Trog-meter until the number of peasants on the board is greater than or equal to the number
    of peasants on the card", on unburnt cottages with no peasant."""
    card = s.cards.movement(s.movement_card)
    want = min(card.peasants - len(s.peasants), s.meter)
    if want <= 0:
        return [], 0
    return [sq for sq, burnt in s.cottages.items() if not burnt and sq not in s.peasants], want


def spawn_or_choose(s) -> None:
    """Every eligible cottage spawns when that is all the card wants (nothing to choose);
    otherwise "the player can choose which cottage to spawn the peasant at" (phase ``spawn``)."""
    slots, want = spawn_slots(s)
    if want and slots and len(slots) <= want:
        fired("T-SPAWN")
        s.meter -= len(slots)
        put_peasants(s, slots)
    elif want and slots:
        s.phase = "spawn"
        return
    start_countryside(s)


def check_spawn(s, a):
    """T-SPAWN: the player picks a cottage that may spawn."""
    slots, _ = spawn_slots(s)
    if a.args[0] not in slots:
        names = ", ".join(map(str, slots)) or "none"
        return refuse("T-SPAWN", f"{a.args[0]} cannot spawn (choose from {names})")
    return None


def do_spawn(s, a) -> None:
    fired("T-SPAWN")
    s.meter -= 1
    put_peasants(s, a.args)
    spawn_or_choose(s)


# ---- the pieces move, one step each ---------------------------------------------------------------
KNIGHT_TOKENS = [f"knight{i}" for i in range(64)]
KNIGHT_NO = {t: i for i, t in enumerate(KNIGHT_TOKENS)}


def start_countryside(s) -> None:
    """The pieces to move, in order: peasants, each knight, the Troghammer, the archer."""
    q = ["peasants"] if s.peasants else []
    q += KNIGHT_TOKENS[: len(s.knights)]
    if s.troghammer is not None or s.hammer_waiting:
        q.append("hammer")
    if s.archer is not None:
        q.append("archer")
    s.pieces_to_move = tuple(q)
    s.phase = "countryside"
    if not q:
        end_turn(s)


def do_step(s, a) -> None:
    """Move the next piece of Phase 2."""
    piece, s.pieces_to_move = s.pieces_to_move[0], s.pieces_to_move[1:]
    card = s.cards.movement(s.movement_card)
    i = KNIGHT_NO.get(piece)
    if i is not None:
        end = knight_walk(s, s.knights[i], card.path, piece=i)
        s.knights = (*s.knights[:i], end, *s.knights[i + 1 :])
    elif piece == "peasants":
        peasants_step(s, card)
    elif piece == "hammer":
        hammer_step(s, card)
    else:
        archer_step(s, card)
    if not s.pieces_to_move:
        end_turn(s)


def peasants_step(s, card) -> None:
    """T-PEASANT-MOVE: "Move all peasants on the board one tile in the direction specified on the
    arrow." T-PEASANT-REPAIR: "If the arrow is green, peasants repair the tiles they step onto."
    "If a peasant steps onto the tile of a burninated cottage, the peasant is burninated"
    (T-BURN-PEASANT)."""
    fired("T-PEASANT-MOVE")
    moved = sorted(GEO_STEP[False][p][card.arrow] or wrap_step(p, card.arrow) for p in s.peasants)
    if card.repair and any([set_burnt(s, p, False) for p in moved]):
        fired("T-PEASANT-REPAIR")
    burning = [p for p in moved if s.cottages.get(p)]
    s.peasants = tuple(p for p in moved if p not in burning)
    if burning:
        burninate_peasants(s, burning)


def knight_walk(s, start: Square, path, *, piece, entering_start: bool = False) -> Square:
    """T-KNIGHT-MOVE: a knight follows the card's path (wrapping around); "If a knight visits
    Trogdor's tile, Trogdor takes damage". T-KNIGHT-REPAIR: "If a Knight starts on a tile with a
    burninated Cottage, or passes through one, or even stops on it, they can repair the Cottage"
    (the start: ruling TR-KNIGHT-REPAIR-START). "If a Knight and Trogdor start on the same tile,
    the damage has already happened": starting on Trogdor's tile deals none, unless
    ``entering_start`` (the Troghammer entering the board, which also repairs where he enters).
    ``piece`` (a knight's index or "hammer") is put on Trogdor's tile before the damage, so a
    killing blow leaves it there for the Fiery Rage to find."""
    fired("T-KNIGHT-MOVE")
    burnt_cottage = True in s.cottages.values()
    if burnt_cottage and s.cottages.get(start):
        if entering_start or ruling(s, "TR-KNIGHT-REPAIR-START") == "start":
            _repair(s, start)
    if entering_start and start == s.trogdor:
        _hit(s, piece, start)
    sq = start
    for d in path:
        sq = GEO_STEP[False][sq][d] or wrap_step(sq, d)
        if burnt_cottage:
            _repair(s, sq)
        if sq == s.trogdor:
            _hit(s, piece, sq)
    return sq


def _repair(s, sq: Square) -> None:
    if s.cottages.get(sq):
        fired("T-KNIGHT-REPAIR")
        set_cottage(s, sq, False)


def _hit(s, piece, sq: Square) -> None:
    if piece == "hammer":
        s.troghammer = sq
    else:
        s.knights = (*s.knights[:piece], sq, *s.knights[piece + 1 :])
    damage(s, "knight")


def archer_step(s, card) -> None:
    """T-ARCHER: the archer walks the path (wrapping around), then "fires arrows along its row or
    column, depending on the direction of its last move. If Trogdor is in this row or column, he
    takes damage. Note that arrows do not touch the archer's tile"."""
    fired("T-ARCHER")
    pos = s.archer
    for d in card.path:
        pos = GEO_STEP[False][pos][d] or wrap_step(pos, d)
    s.archer = pos
    t = s.trogdor
    if t is None or t == pos:
        return
    if (t.row == pos.row) if card.path[-1] in ("E", "W") else (t.col == pos.col):
        damage(s, "archer")


# ---- the Troghammer: a knight that moves in both phases -------------------------------------------
def hammer_step(s, card) -> None:
    """The Troghammer moves with the knights (T-KNIGHT-MOVE): on their card's path, or on a card
    of his own (ruling TR-TROGHAMMER-PHASE2=own-draw); landing on a knight or the archer he moves
    again (T-TROGHAMMER-REMOVE)."""
    if ruling(s, "TR-TROGHAMMER-PHASE2") == "own-draw":
        move_troghammer(s)
        return
    _walk_hammer(s, card.path)
    if hammer_blocked(s):
        fired("T-TROGHAMMER-REMOVE")
        move_troghammer(s)


def _walk_hammer(s, path) -> None:
    """He follows ``path``; waiting on the Trog-meter (TR-TROGHAMMER-START=meter) he enters the
    board at C3 first."""
    if s.hammer_waiting:
        s.hammer_waiting = False
        s.troghammer = CENTRE
        s.troghammer = knight_walk(s, CENTRE, path, piece="hammer", entering_start=True)
    else:
        s.troghammer = knight_walk(s, s.troghammer, path, piece="hammer")


def hammer_blocked(s) -> bool:
    """The Troghammer stands on a knight's or the archer's square (T-TROGHAMMER-REMOVE)."""
    t = s.troghammer
    return t is not None and (t in s.knights or t == s.archer)


def move_troghammer(s) -> None:
    """T-DRAW-TROGHAMMER: "draw a movement card, and, ignoring all other information on the card,
    move the Troghammer along the movement path"; T-TROGHAMMER-REMOVE: "If at any time the
    Troghammer lands on a tile occupied by a knight or archer, draw another movement card and move
    it again"."""
    for card in movement_cards(s, "T-TROGHAMMER-REMOVE"):
        _walk_hammer(s, card.path)
        if not hammer_blocked(s):
            return


def place_troghammer(s) -> None:
    """A Troghammer card while he is not in play: "place it on the center tile" (ruling
    TR-TROGHAMMER-START); placed on a knight or the archer he moves at once under ruling
    TR-TROGHAMMER-REMOVE=any-time."""
    if ruling(s, "TR-TROGHAMMER-START") == "meter":
        s.hammer_waiting = True
        return
    s.troghammer = CENTRE
    if ruling(s, "TR-TROGHAMMER-REMOVE") == "any-time" and hammer_blocked(s):
        fired("T-TROGHAMMER-REMOVE")
        move_troghammer(s)


# ---- T-END-TURN ----------------------------------------------------------------------------------
def end_turn(s) -> None:
    """T-END-TURN: "It is now the next player's turn. Turns move clockwise." This turn's hiding,
    abilities, card and AP end; the next player's item recharges if it recharges each turn
    (T-ITEM)."""
    fired("T-END-TURN")
    s.to_move = (s.to_move + 1) % s.players
    s.turn = min(MAX_TURN, s.turn + 1)  # the notation reads 1..MAX_TURN
    s.phase = "draw"
    s.trogdor_hidden, s.powers, s.played_card, s.item_used, s.ap = False, (), None, False, 0
    s.movement_card, s.pieces_to_move = None, ()
    p = s.to_move
    item = None if s.item_charged[p] or s.items[p] is None else s.cards.item(s.items[p])
    if item is not None and item.recharge == "each-turn":
        fired("T-ITEM")
        s.item_charged = (*s.item_charged[:p], True, *s.item_charged[p + 1 :])

"""The rules' shared moving parts, applied in place to a working copy of a state.

Only ``engine.apply_action`` calls these, always on a fresh copy, so a refused action never leaves
a half-changed state behind. A game ending mid-action (defeat, Fiery Rage, victory) unwinds with
``GameEnded``; the engine catches it and returns the finished state.
"""

from __future__ import annotations

from rulebook.common.deck import Deck
from rulebook.common.errors import RuleError
from rulebook.common.grid import Square
from rulebook.common.rng import Rng

from .geometry import CENTRE, ORDER, ORTHO_I, RING_I, SQUARES, STEP_I, STEPQ

# Safety bound on "draw again" loops (Troghammer re-moves, flaming peasants ending on a burnt
# cottage): each repeat draws a card; a pathological stacked deck could cycle forever.
MAX_REPEATS = 60


class GameEnded(Exception):
    """Raised after ``state.outcome`` is set, to stop the action that ended the game."""


# -- rulings --------------------------------------------------------------------------------------
def ruling(s, rid: str) -> str:
    """The option in force for ruling ``rid`` (fast path for the common all-defaults case)."""
    choices = s.rulings.choices
    if choices:
        for k, v in choices:
            if k == rid:
                return v
    return _defaults(s.rulings)[rid]


def _defaults(rs) -> dict[str, str]:
    table = rs.rulings
    hit = _DEFAULTS.get(id(table))
    if hit is None or hit[0] is not table:
        hit = _DEFAULTS[id(table)] = (table, {k: r.default for k, r in table.items()})
    return hit[1]


_DEFAULTS: dict[int, tuple] = {}


# -- decks ---------------------------------------------------------------------------------------
def draw_movement(s):
    """Draw the top movement card (T-MOVEMENT-CARD); reshuffle the discards when the deck is empty
    (T-MOVEMENT-RESHUFFLE). The card goes straight to the discard pile. None if there is none."""
    old = s.movement_deck
    if not old.draw:
        if not old.discard:
            return None
        s.rng = rng = Rng(s.rng.seed, s.rng.counter)  # copy on write (see State.fork)
        s.movement_deck = Deck(rng.shuffle(old.discard), [])
    else:
        s.movement_deck = Deck(list(old.draw), list(old.discard))
    deck = s.movement_deck
    cid = deck.draw.pop(0)
    deck.discard.append(cid)
    card = s.cards.movement(cid)
    if card is None:
        raise RuleError("T-MOVEMENT-CARD", f"unknown movement card {cid!r}")
    return card


def can_draw_movement(s) -> bool:
    return bool(s.movement_deck.draw or s.movement_deck.discard)


# -- tiles ---------------------------------------------------------------------------------------
def set_burnt(s, sq: Square, value: bool) -> bool:
    """Flip a tile; True if it changed."""
    i = sq.row * 5 + sq.col
    if s.burnt[i] == value:
        return False
    b = list(s.burnt)
    b[i] = value
    s.burnt = tuple(b)
    return True


def set_cottage(s, sq: Square, burnt: bool) -> None:
    """Flip a cottage (copy on write: the dict may be shared with the state it came from)."""
    cottages = s.cottages.copy()
    cottages[sq] = burnt
    s.cottages = cottages


def remove_peasant(s, sq: Square) -> None:
    """Take one peasant off ``sq`` (copy on write)."""
    peasants = s.peasants.copy()
    peasants.remove(sq)
    s.peasants = peasants


def cottage_eligible(s, sq: Square) -> bool:
    """T-BURN-COTTAGE: the cottage's tile and every tile around it (no wraparound) burnt."""
    burnt = s.burnt
    i = sq.row * 5 + sq.col
    return burnt[i] and all(burnt[j] for j in RING_I[i])


def lake_eligible(s, sq: Square) -> bool:
    """T-BURN-LAKE: N, S, E and W neighbours burnt (no wraparound; edges need fewer)."""
    burnt = s.burnt
    return all(burnt[j] for j in ORTHO_I[sq.row * 5 + sq.col])


# -- items recharge ------------------------------------------------------------------------------
def event(s, kind: str) -> None:
    """Something happened that may recharge an item (T-ITEM, ruling TR-ITEM-RECHARGE)."""
    if all(s.charged):
        return
    if ruling(s, "TR-ITEM-RECHARGE") == "any-turn":
        who = range(s.players)
    else:
        who = (s.player,)
    charged = list(s.charged)
    for p in who:
        item_id = s.items[p]
        if item_id is None or charged[p]:
            continue
        item = s.cards.item(item_id)
        if item is not None and item.recharge == kind:
            charged[p] = True
    s.charged = tuple(charged)


# -- damage, rage, win ---------------------------------------------------------------------------
def protected(s, source: str) -> bool:
    """T-PROTECT: hiding or a card blocks damage from knights ('knight') or the archer."""
    if s.hidden:
        return True
    token = "block-archer" if source == "archer" else "block-knights"
    if token in s.powers:
        return True
    # T-KEEPER: a keeper is on for its owner's whole turn, the draw included (its tokens join
    # s.powers only when the AP are set, so look at the card itself here).
    keeper_id = s.keepers[s.player]
    if keeper_id is not None:
        keeper = s.cards.keeper(keeper_id)
        if keeper is not None and any(e.kind == token for e in keeper.effects):
            return True
    return False


def damage(s, source: str) -> None:
    """T-DAMAGE: one damage from a knight or the archer (protection checked here)."""
    if protected(s, source):
        return
    if s.meter == 0:
        rage(s)  # T-RAGE: damage at zero health is defeat
    s.meter -= 1
    s.void += 1
    if s.aside:  # T-TROGHAMMER-SHUFFLE: first damage shuffles the Troghammer cards in
        s.rng = rng = Rng(s.rng.seed, s.rng.counter)  # copy on write (see State.fork)
        old = s.action_deck
        s.action_deck = Deck(rng.shuffle(old.draw + list(s.aside)), list(old.discard))
        s.aside = ()


def win_conditions(s) -> bool:
    """T-WIN conditions, without the 'undefeated' part (T-TABLE-FLIP reuses them)."""
    return not s.peasants and all(s.burnt) and all(s.cottages.values())


def check_win(s) -> None:
    if s.outcome is None and win_conditions(s):
        s.outcome = "win"
        s.phase = "over"
        raise GameEnded


def rage(s) -> None:
    """T-RAGE: five movement paths with wraparound, laying waste; then T-TABLE-FLIP or defeat."""

    def visit(sq: Square) -> None:
        set_burnt(s, sq, True)
        if s.tiles[sq.row * 5 + sq.col] == "C" and sq in s.cottages:
            set_cottage(s, sq, True)
        n = s.peasants.count(sq)
        if n:
            s.peasants = [p for p in s.peasants if p != sq]
            s.void += n
        if sq in s.knights:
            s.knights = [k for k in s.knights if k != sq]
        if s.troghammer == sq:
            s.troghammer = None

    s.hidden = False
    s.hammer_waiting = False  # the Troghammer, a knight, is no threat after the game
    pos = s.trogdor
    if pos is not None:
        visit(pos)
        for _ in range(5):
            card = draw_movement(s)
            if card is None:
                break
            for d in card.path:
                pos = STEPQ[True][pos.row * 5 + pos.col][d]
                visit(pos)
        s.trogdor = pos
    s.queue = ()
    s.outcome = "table-flip" if win_conditions(s) else "defeat"
    s.phase = "over"
    raise GameEnded


# -- knights and the Troghammer ------------------------------------------------------------------
def _place(s, piece, sq: Square) -> None:
    """Put a knight (its index) or the Troghammer ("hammer") on ``sq``."""
    if piece == "hammer":
        s.troghammer = sq
    else:
        knights = s.knights.copy()  # copy on write (State.fork shares lists)
        knights[piece] = sq
        s.knights = knights


def knight_walk(s, start: Square, path, *, piece, entering_start: bool = False) -> Square:
    """T-KNIGHT-MOVE / T-KNIGHT-REPAIR: follow ``path`` with wraparound from ``start``.

    Repairs a burnt cottage it starts on, passes or stops on; entering Trogdor's tile deals damage
    (starting on it does not, unless ``entering_start``: the Troghammer entering the board).
    ``piece`` (a knight's index or "hammer") is put on Trogdor's tile before the damage, so a
    killing blow leaves it there for the Fiery Rage to find (T-RAGE kills knights it touches)."""
    cottages = s.cottages
    tiles = s.tiles
    t = s.trogdor
    ti = -1 if t is None else t.row * 5 + t.col
    i = start.row * 5 + start.col
    if tiles[i] == "C" and cottages.get(start):
        set_cottage(s, start, False)
    if entering_start and i == ti:
        _place(s, piece, start)
        damage(s, "knight")
    step = STEP_I[True]
    for d in path:
        i = step[i][d]
        if tiles[i] == "C" and s.cottages.get(SQUARES[i]):
            set_cottage(s, SQUARES[i], False)
        if i == ti:
            _place(s, piece, SQUARES[i])
            damage(s, "knight")
    return SQUARES[i]


def _hammer_blocked(s) -> bool:
    t = s.troghammer
    return t is not None and (t in s.knights or t == s.archer)


def move_troghammer(s, cause: str) -> None:
    """Draw a movement card and move the Troghammer along its path (T-DRAW-TROGHAMMER,
    T-KNIGHT-MOVE), moving again while he lands on a knight or archer (T-TROGHAMMER-REMOVE)."""
    again = cause == "card" or ruling(s, "TR-TROGHAMMER-REMOVE") == "any-time"
    for _ in range(MAX_REPEATS):
        card = draw_movement(s)
        if card is None:
            return
        if s.hammer_waiting:  # ruling TR-TROGHAMMER-START=meter: enter the board at C3
            s.hammer_waiting = False
            s.troghammer = CENTRE
            s.troghammer = knight_walk(s, CENTRE, card.path, piece="hammer", entering_start=True)
        else:
            s.troghammer = knight_walk(s, s.troghammer, card.path, piece="hammer")
        if not (again and _hammer_blocked(s)):
            return


def place_troghammer(s) -> None:
    """A Troghammer card while he is not in play (ruling TR-TROGHAMMER-START)."""
    if ruling(s, "TR-TROGHAMMER-START") == "meter":
        s.hammer_waiting = True
        return
    s.troghammer = CENTRE
    if ruling(s, "TR-TROGHAMMER-REMOVE") == "any-time" and _hammer_blocked(s):
        move_troghammer(s, "card")


# -- flaming peasants ----------------------------------------------------------------------------
def burninate_peasants(s, starts: list[Square]) -> None:
    """T-BURN-PEASANT / T-FLAME-*: run each flaming peasant (already taken off the board) in turn;
    peasants they visit join the queue (T-FLAME-CHAIN)."""
    queue = list(starts)
    wrap = ruling(s, "TR-FLAME-WRAP") == "wrap"
    step = STEPQ[wrap]
    lake = "L"
    while queue:
        pos = queue.pop(0)
        event(s, "peasant-burninated")
        if s.tiles[pos.row * 5 + pos.col] == lake:  # T-FLAME-LAKE: extinguished at once
            _put_peasant(s, pos)
            continue
        _flame_visit(s, pos, queue)
        saved = False
        for _ in range(MAX_REPEATS):
            card = draw_movement(s)
            if card is None:
                break
            for d in card.path:
                nxt = step[pos.row * 5 + pos.col][d]
                if nxt is None:  # ruling TR-FLAME-WRAP=stop: the run ends at the edge
                    break
                pos = nxt
                if s.tiles[pos.row * 5 + pos.col] == lake:
                    saved = True
                    break
                _flame_visit(s, pos, queue)
            if saved or not s.cottages.get(pos):
                break
            # T-FLAME-COTTAGE: ended on a burninated cottage -> a fresh card, from here
        if saved:
            _put_peasant(s, pos)
        else:
            s.void += 1


def _put_peasant(s, sq: Square) -> None:
    s.peasants = sorted([*s.peasants, sq], key=ORDER)


def _flame_visit(s, sq: Square, queue: list[Square]) -> None:
    if set_burnt(s, sq, True):
        event(s, "tile-burninated")
    if sq in s.cottages and not s.cottages[sq] and cottage_eligible(s, sq):
        set_cottage(s, sq, True)
        event(s, "cottage-burninated")
    if sq in s.peasants:
        n = s.peasants.count(sq)
        s.peasants = [p for p in s.peasants if p != sq]
        queue.extend([sq] * n)


__all__ = ["SQUARES"]

"""Phase 1: Trogdor's actions (001 "Phase 1: Trogdor's Actions"; 000 "Phase One: Trogdor's
Actions", "Keepers", "Items", "Action cards").

Step 1, draw an action card (T-DRAW, T-DRAW-TROGHAMMER; out of cards: T-DEFEAT-CARDS); step 2,
play one (T-PLAY) or discard one for 5 AP (T-DISCARD-AP); step 3, spend the action points
(T-AP): move, chomp, burrow, hide, burninate (``burninate.py``), the cards' abilities
(T-CARD-EFFECTS, T-KEEPER), the item (T-ITEM), or pass (T-PASS). Each action has one check
(``check_<verb>``: None, or the RuleError of the rule that refuses it) and one effect
(``do_<verb>``), tied to their phase in ``rules.KINDS``.
"""

from __future__ import annotations

from rulebook.common.game import fired, ruling

from .actions import DIAG_DIRS
from .catalog import refuse
from .countryside import recharge, remove_peasant
from .grid import INDEX, SQUARES
from .grid import STEP as GEO_STEP
from .health import damage, defeat_by_cards
from .phase2 import move_troghammer, place_troghammer, start_phase2
from .powers import add_powers, remove_power
from .state import MAX_AP, Deck

OFF_BOARD = "Trogdor is not on the board"


# ---- step 1: draw an action card -------------------------------------------------------------------
def do_draw(s, a) -> None:
    """T-DRAW: "pulling an Action card from the Action Deck"; T-DRAW-TROGHAMMER: "If a Troghammer
    card is drawn: If the Troghammer is not yet in play, place it on the center tile. If the
    Troghammer is in play, draw a movement card [and] move the Troghammer ... After a Troghammer
    card has been drawn, discard it and draw a new action card." An empty deck is not reshuffled.
    T-DEFEAT-CARDS: nobody holds a card, the game is lost; the player alone without one has a
    turn of 0 AP."""
    while s.action_deck.draw:
        cid, rest = s.action_deck.draw[0], s.action_deck.draw[1:]
        card = s.cards.action(cid)
        if card is not None and card.troghammer:
            fired("T-DRAW-TROGHAMMER")
            s.action_deck = Deck(rest, (*s.action_deck.discard, cid))
            if s.troghammer is None and not s.hammer_waiting:
                place_troghammer(s)
            else:
                move_troghammer(s)
            continue
        fired("T-DRAW")
        s.action_deck = Deck(rest, s.action_deck.discard)
        s.hands = _with_hand(s, (*s.hands[s.to_move], cid))
        break
    if not any(s.hands):
        defeat_by_cards(s)
    if not s.hands[s.to_move]:
        fired("T-DEFEAT-CARDS")
        start_act(s, 0)
    else:
        s.phase = "choose"


def _with_hand(s, hand: tuple) -> tuple:
    return (*s.hands[: s.to_move], hand, *s.hands[s.to_move + 1 :])


# ---- step 2: play an action card, or discard one for 5 AP ----------------------------------------
def card_in_hand_check(rule: str):
    """The check of ``play`` (T-PLAY) and of ``discard`` (T-DISCARD-AP): the card is in your hand."""

    def check(s, a):
        cid, hand = a.args[0], s.hands[s.to_move]
        if cid not in hand:
            return refuse(rule, f"{cid!r} is not in your hand ({', '.join(hand) or 'empty'})")
        if s.cards.action(cid) is None:
            return refuse(rule, f"unknown action card {cid!r}")
        return None

    return check


check_play = card_in_hand_check("T-PLAY")
check_discard = card_in_hand_check("T-DISCARD-AP")


def _take_card(s, cid: str):
    """The card leaves your hand for the discard pile."""
    hand = list(s.hands[s.to_move])
    hand.remove(cid)
    s.hands = _with_hand(s, tuple(hand))
    s.action_deck = Deck(s.action_deck.draw, (*s.action_deck.discard, cid))
    return s.cards.action(cid)


def do_play(s, a) -> None:
    """T-PLAY: "Each action card should specify a number of action points (AP) and a special
    action or ability that Trogdor is allowed for that turn" (T-CARD-EFFECTS)."""
    fired("T-PLAY")
    card = _take_card(s, a.args[0])
    s.played_card = card.id
    tokens, extra, heal = card.powers
    if tokens or extra or heal:
        fired("T-CARD-EFFECTS")
    start_act(s, card.ap + extra, tokens, heal)


def do_discard(s, a) -> None:
    """T-DISCARD-AP: "discard one to gain 5 AP with no special ability"."""
    fired("T-DISCARD-AP")
    _take_card(s, a.args[0])
    start_act(s, 5)


def start_act(s, ap: int, tokens=(), heal: int = 0) -> None:
    """The act phase begins: the AP (with those banked under TR-PASS-AP=keep), the card's and the
    keeper's abilities (T-KEEPER: "always active ... but it only works on my turn")."""
    banked = s.banked_ap[s.to_move]
    s.ap = min(MAX_AP, ap + banked)  # counters stop at what the notation reads
    if banked:
        p = s.to_move
        s.banked_ap = (*s.banked_ap[:p], 0, *s.banked_ap[p + 1 :])
    tokens = list(tokens)
    keeper = s.keepers[s.to_move] and s.cards.keeper(s.keepers[s.to_move])
    if keeper:
        ktokens, kextra, kheal = keeper.powers
        if ktokens or kextra or kheal:
            fired("T-KEEPER")
        tokens += ktokens
        s.ap = min(MAX_AP, s.ap + kextra)
        heal += kheal
    if tokens:
        s.powers = add_powers(s.powers, tokens)
    if heal:
        _heal(s, heal)
    s.phase = "act"


def _heal(s, amount: int) -> None:
    """Peasants back from the Void to the Trog-meter (a card's heal)."""
    n = min(amount, s.void)
    s.void -= n
    s.meter += n


# ---- step 3: use your action points ----------------------------------------------------------------
def no_ap(s, what: str, free: str | None = None):
    """T-AP: "You can spend an Action Point to Move, Chomp, Burrow, or Hide" (and to burninate),
    unless a card makes the action free (``free-<what>``, T-CARD-EFFECTS)."""
    if s.ap >= 1 or (free is not None and free in s.powers):
        return None
    return refuse("T-AP", f"no action points left to {what}")


def pay(s, free: str | None = None) -> None:
    """Pay for an action whose check passed: the free action first, else 1 AP."""
    if free is not None and free in s.powers:
        fired("T-CARD-EFFECTS")
        s.powers = remove_power(s.powers, free)
        return
    fired("T-AP")
    s.ap -= 1


def enter(s, sq) -> None:
    """Trogdor arrives on ``sq`` by his own action (move, burrow, teleport, an item).
    T-MOVE-KNIGHT-DAMAGE: "If Trogdor moves onto a Knight's tile, he will take one point of damage"
    (the Troghammer is a knight): nothing refuses the square; hiding or a card may block the
    damage (T-PROTECT)."""
    s.trogdor_hidden = False
    s.trogdor = sq
    if sq in s.knights or sq == s.troghammer:
        fired("T-MOVE-KNIGHT-DAMAGE")
        damage(s, "knight")


def check_move(s, a):
    """T-MOVE: "Trogdor can only move North, South, East, or West and cannot go around the edges
    of the board", unless a card grants diagonal or wraparound moves; 1 AP."""
    here, d = s.trogdor, a.args[0]
    if here is None:
        return refuse("T-MOVE", OFF_BOARD)
    if d in DIAG_DIRS and "diagonal" not in s.powers:
        return refuse("T-MOVE", f"Trogdor moves N, S, E or W; {d} needs a diagonal-move card")
    if GEO_STEP["wrap" in s.powers][here][d] is None:
        return refuse("T-MOVE", f"{d} from {here} leaves the board (no wraparound)")
    return no_ap(s, "move", "free-move")


def do_move(s, a) -> None:
    fired("T-MOVE")
    wrap = "wrap" in s.powers
    if wrap or a.args[0] in DIAG_DIRS:
        fired("T-CARD-EFFECTS")
    pay(s, "free-move")
    enter(s, GEO_STEP[wrap][s.trogdor][a.args[0]])


def check_chomp(s, a):
    """T-CHOMP: "When Trogdor is on the same tile as a Peasant, he can chomp on the Peasant to gain
    health. The Peasant is then added to the Trog-Meter."""
    if s.trogdor is None:
        return refuse("T-CHOMP", OFF_BOARD)
    if s.trogdor not in s.peasants:
        return refuse("T-CHOMP", f"no peasant on {s.trogdor} to chomp")
    return no_ap(s, "chomp", "free-chomp")


def do_chomp(s, a) -> None:
    fired("T-CHOMP")
    pay(s, "free-chomp")
    remove_peasant(s, s.trogdor)
    s.meter += 1
    recharge(s, "peasant-chomped")


def check_burrow(s, a):
    """T-BURROW: "Burrow from one tunnel tile to the other"."""
    here = s.trogdor
    if here is None:
        return refuse("T-BURROW", OFF_BOARD)
    if s.tiles[INDEX[here]] != "T":
        return refuse("T-BURROW", f"{here} is not a tunnel tile")
    if s.tiles.count("T") < 2:
        return refuse("T-BURROW", "there is no other tunnel to burrow to")
    return no_ap(s, "burrow", "free-burrow")


def do_burrow(s, a) -> None:
    fired("T-BURROW")
    pay(s, "free-burrow")
    tunnels = [SQUARES[i] for i, t in enumerate(s.tiles) if t == "T"]
    enter(s, next(t for t in tunnels if t != s.trogdor))


def check_hide(s, a):
    """T-HIDE: "Hide on a mountain tile, rendering Trogdor invulnerable to the knights and archer
    during the next phase"; whether it ends the turn is ruling TR-HIDE-ENDS-TURN."""
    here = s.trogdor
    if here is None:
        return refuse("T-HIDE", OFF_BOARD)
    if s.tiles[INDEX[here]] != "M":
        return refuse("T-HIDE", f"Trogdor can hide only on a mountain; {here} is not one")
    if s.trogdor_hidden:
        return refuse("T-HIDE", "Trogdor is already hiding")
    return no_ap(s, "hide", "free-hide")


def do_hide(s, a) -> None:
    fired("T-HIDE")
    pay(s, "free-hide")
    s.trogdor_hidden = True
    if ruling(s, "TR-HIDE-ENDS-TURN") == "ends":
        end_phase1(s)


def check_teleport(s, a):
    """T-CARD-EFFECTS: a card's teleport: anywhere, for 0 AP (one use)."""
    if s.trogdor is None:
        return refuse("T-CARD-EFFECTS", OFF_BOARD)
    if "teleport" not in s.powers:
        return refuse("T-CARD-EFFECTS", "no teleport ability in force this turn")
    return None


def do_teleport(s, a) -> None:
    fired("T-CARD-EFFECTS")
    s.powers = remove_power(s.powers, "teleport")
    enter(s, a.args[0])


def check_use(s, a):
    """T-ITEM: "you can only use your item once during each of your turns", and only while it is
    charged; T-ITEM-DISK: "The Disk of Healing does not recharge and may only be used once per
    game". An item that moves Trogdor names the square."""
    item_id = a.args[0]
    if s.items[s.to_move] != item_id:
        return refuse("T-ITEM", f"{item_id!r} is not your item")
    if s.item_used:
        return refuse("T-ITEM", "an item can be used only once per turn")
    item = s.cards.item(item_id)
    if not s.item_charged[s.to_move]:
        rule = "T-ITEM-DISK" if item is not None and item.recharge == "never" else "T-ITEM"
        recharge_when = "never" if item is None else item.recharge
        return refuse(rule, f"{item_id} is discharged (recharge: {recharge_when})")
    if item is None:
        return refuse("T-ITEM", f"unknown item {item_id!r}")
    if item.takes_square and len(a.args) != 2:
        return refuse("T-ITEM", f"{item_id} moves Trogdor: say where, e.g. 'use {item_id} C3'")
    if not item.takes_square and len(a.args) == 2:
        return refuse("T-ITEM", f"{item_id} takes no square")
    if item.takes_square and s.trogdor is None:
        return refuse("T-ITEM", OFF_BOARD)
    return None


def do_use(s, a) -> None:
    """The item's abilities join this turn's; "When you use the item, turn it to the side"."""
    fired("T-ITEM")
    item = s.cards.item(a.args[0])
    if item.recharge == "never":
        fired("T-ITEM-DISK")
    tokens, extra, heal = item.powers
    p = s.to_move
    s.item_charged = (*s.item_charged[:p], False, *s.item_charged[p + 1 :])
    s.item_used = True
    s.ap = min(MAX_AP, s.ap + extra)
    if heal:
        _heal(s, heal)
    tokens = [t for t in tokens if t != "teleport"]
    if tokens:
        s.powers = add_powers(s.powers, tokens)
    if len(a.args) == 2:
        enter(s, a.args[1])


def do_pass(s, a) -> None:
    """T-PASS: "Pass and forfeit any remaining action points" (ruling TR-PASS-AP)."""
    fired("T-PASS")
    end_phase1(s)


def end_phase1(s) -> None:
    """Phase 1 ends: unspent AP are lost, or banked under TR-PASS-AP=keep; Phase 2 begins."""
    if ruling(s, "TR-PASS-AP") == "keep":
        p = s.to_move
        s.banked_ap = (*s.banked_ap[:p], min(MAX_AP, s.banked_ap[p] + s.ap), *s.banked_ap[p + 1 :])
    s.ap = 0
    start_phase2(s)

"""Legality and effects: the Trogdor!! turn as an explicit phase machine (T-PHASE).

``draw`` -> ``choose`` (play or discard) -> ``act`` (spend AP) -> [``spawn`` when a cottage must be
chosen] -> ``countryside`` (one ``step`` per piece: peasants, each knight, Troghammer, archer) ->
the next player's ``draw``; ``over`` once the game has ended.

Each action kind has ONE check (``check_<kind>(state, action) -> RuleError | None``, the contract
of every game) and one effect (``do_<kind>(working_copy, action)``); ``KINDS`` ties them to their
phase (``draw``, ``pass`` and ``step`` have no condition beyond it). ``refusal`` returns the
check's error itself (``Game.apply`` raises that very object), ``legal_actions`` keeps the
candidates whose check says None, and ``perform`` runs the effect on a working copy of the state
(``state.WorkingCopy``) and freezes it, so the input never changes. ``Game.apply`` (refusal, then
perform) is the base class's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulebook.common.actions import BY_TEXT
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling

from . import effects as fx
from .actions import (
    BURN_AT,
    BURN_COTTAGE,
    BURN_PEASANT,
    BURN_TILE,
    BURROW,
    CHOMP,
    DIAG_DIRS,
    DRAW,
    GRAMMAR,
    HIDE,
    MOVE,
    PASS,
    PEASANT_AT,
    SPAWN,
    STEP,
    TELEPORT,
    Action,
    use,
)
from .catalog import CATALOG, refuse
from .geometry import AREA_SET, INDEX, SQUARES
from .geometry import STEP as GEO_STEP
from .powers import add_powers, card_powers, remove_power
from .state import MAX_AP, MAX_TURN, Deck, WorkingCopy

OFF_BOARD = "Trogdor is not on the board"


# ================================================================================ the protocol
def is_terminal(s) -> bool:
    return s.outcome is not None


def refusal(s, a: Action) -> RuleError | None:
    """None when ``a`` is legal in ``s``, else the RuleError ``apply`` raises."""
    kind = KINDS.get(a.verb)
    if kind is None:
        raise GRAMMAR.unknown_verb(a.verb)
    if s.outcome is not None:
        return refuse("T-GAME-OVER", f"the game is over ({s.outcome}); no action is legal")
    if kind.phase != s.phase:
        return refuse("T-PHASE", _phase_reason(s.phase, a))
    if kind.check is None:  # no condition beyond the phase: forced steps (draw, step)
        return None
    err = kind.check(s, a)
    if err is not None and err.rule_id not in CATALOG.rules:  # a typo in a rule ID fails loudly
        raise KeyError(f"engine cites {err.rule_id!r}, which is not in the trogdor catalog")
    return err


def perform(state, a: Action):
    """The state after the legal action ``a`` (``Game.apply`` asks ``refusal`` first): the effect
    runs on a working copy, which is then frozen."""
    return advance(WorkingCopy(state), a).freeze()


def advance(s, a: Action):
    """The legal action ``a`` played on the working copy ``s`` in place (a frozen State is copied
    first; ``Game.advance``: playouts own their states). ``Game.freeze`` ends the playout."""
    s = WorkingCopy.of(s)
    _effect(s, a)
    return s


def _effect(s, a: Action) -> None:
    """The effect of the legal action ``a`` on the working copy ``s``, then the end of the game
    (T-WIN) when nothing is left to burn."""
    try:
        EFFECTS[a.verb](s, a)
        if not s.peasants and all(s.burnt):
            fx.check_win(s)  # T-WIN
    except fx.GameEnded:
        pass


def legal_actions(s) -> list[Action]:
    """Every legal action now, sorted by text: the rule as written -- each candidate of the phase
    kept when its kind's one check lets it through."""
    if s.outcome is not None:
        return []
    return sorted((a for a in candidates(s) if allowed(s, a)), key=BY_TEXT)


def allowed(s, a: Action) -> bool:
    """Whether the check of ``a``'s kind lets it through (its phase is the current one)."""
    check = KINDS[a.verb].check
    return check is None or check(s, a) is None


def candidates(s) -> list[Action]:
    """Every action the current phase's kinds can name: each verb with every argument the position
    offers (a direction, a square, a card in a hand, a player's item with or without a square).
    Whether one is legal is its check's answer alone."""
    out: dict[Action, None] = {}
    for verb, kind in KINDS.items():
        if kind.phase == s.phase:
            out.update(dict.fromkeys(ARGUMENTS[verb](s)))
    return list(out)


def _phase_reason(phase: str, a: Action) -> str:
    allowed = sorted(v for v, k in KINDS.items() if k.phase == phase)
    return f"'{a}' is not possible in the {phase} phase (now: {', '.join(allowed) or 'nothing'})"


# ================================================================================ phase 1: draw
def do_draw(s, a) -> None:
    """T-DRAW / T-DRAW-TROGHAMMER."""
    deck = s.action_deck
    while deck.draw:
        cid, rest = deck.draw[0], deck.draw[1:]
        card = s.cards.action(cid)
        if card is not None and card.troghammer:
            fired("T-DRAW-TROGHAMMER")
            s.action_deck = deck = Deck(rest, (*deck.discard, cid))
            if s.troghammer is None and not s.hammer_waiting:
                fx.place_troghammer(s)
            else:
                fx.move_troghammer(s)
            deck = s.action_deck
            continue
        fired("T-DRAW")
        s.action_deck = Deck(rest, deck.discard)
        hands = list(s.hands)
        hands[s.to_move] = (*hands[s.to_move], cid)
        s.hands = tuple(hands)
        break
    if not any(s.hands):  # T-DEFEAT-CARDS
        fx.defeat_by_cards(s)
    if not s.hands[s.to_move]:  # partners still hold cards: this turn has 0 AP (T-DEFEAT-CARDS)
        fired("T-DEFEAT-CARDS")
        _start_act(s, 0)
    else:
        s.phase = "choose"


# ================================================================================ phase 1: choose
def card_in_hand_check(rule: str):
    """The check of ``play`` and of ``discard`` (one condition, cited by its own rule)."""

    def check(s, a) -> RuleError | None:
        cid = a.args[0]
        hand = s.hands[s.to_move]
        if cid not in hand:
            return refuse(rule, f"{cid!r} is not in your hand ({', '.join(hand) or 'empty'})")
        if s.cards.action(cid) is None:
            return refuse(rule, f"unknown action card {cid!r}")
        return None

    check.__doc__ = f"{rule}: the card is in your hand."
    return check


check_play = card_in_hand_check("T-PLAY")
check_discard = card_in_hand_check("T-DISCARD-AP")


def _take_card(s, cid: str):
    hand = list(s.hands[s.to_move])
    hand.remove(cid)
    hands = list(s.hands)
    hands[s.to_move] = tuple(hand)
    s.hands = tuple(hands)
    s.action_deck = Deck(s.action_deck.draw, (*s.action_deck.discard, cid))
    return s.cards.action(cid)


def do_play(s, a) -> None:
    """T-PLAY: the card's AP and ability for this turn."""
    fired("T-PLAY")
    card = _take_card(s, a.args[0])
    s.played_card = card.id
    tokens, extra, heal = card_powers(card)
    if tokens or extra or heal:
        fired("T-CARD-EFFECTS")
    _start_act(s, card.ap + extra, tokens, heal)


def do_discard(s, a) -> None:
    """T-DISCARD-AP: 5 AP, no ability."""
    fired("T-DISCARD-AP")
    _take_card(s, a.args[0])
    _start_act(s, 5)


def _heal(s, amount: int) -> None:
    n = min(amount, s.void)
    s.void -= n
    s.meter += n


def _start_act(s, ap: int, tokens=(), heal: int = 0) -> None:
    """Enter the act phase: AP (+ banked under TR-PASS-AP=keep), card and keeper abilities."""
    banked = s.banked_ap[s.to_move]
    s.ap = min(MAX_AP, ap + banked)  # counters stop at what the notation reads
    if banked:
        b = list(s.banked_ap)
        b[s.to_move] = 0
        s.banked_ap = tuple(b)
    tokens = list(tokens)
    keeper_id = s.keepers[s.to_move]
    if keeper_id is not None:  # T-KEEPER: always on, on its owner's turn
        keeper = s.cards.keeper(keeper_id)
        if keeper is not None:
            kt, kextra, kheal = card_powers(keeper)
            if kt or kextra or kheal:
                fired("T-KEEPER")
            tokens += kt
            s.ap = min(MAX_AP, s.ap + kextra)
            heal += kheal
    if tokens:
        s.powers = add_powers(s.powers, tokens)
    if heal:
        _heal(s, heal)
    s.phase = "act"


# ================================================================================ phase 1: act
def no_ap(s, what: str, free: str | None = None) -> RuleError | None:
    """T-AP: an action costs 1 AP unless a matching free action (``free-<what>``) is in force."""
    if s.ap >= 1 or (free is not None and free in s.powers):
        return None
    return refuse("T-AP", f"no action points left to {what}")


def _pay(s, free: str | None = None) -> None:
    """Pay for an action whose check passed: the free action first, else 1 AP."""
    if free is not None and free in s.powers:
        fired("T-CARD-EFFECTS")
        s.powers = remove_power(s.powers, free)
        return
    fired("T-AP")
    s.ap -= 1


def _enter(s, sq) -> None:
    """Trogdor arrives on ``sq`` by his own action (move, burrow, teleport, an item).

    No check refuses a square because a knight (or the Troghammer, a knight too) stands there:
    T-MOVE-KNIGHT-DAMAGE deals him one damage on arrival, here, through ``effects.damage``, which
    hiding or a blocking card prevents (T-PROTECT, ``effects.protected``). The solvers' move
    tables leave knights' squares out: that is their search policy, not a rule
    (solvers/trogdor/moves.py)."""
    s.trogdor_hidden = False
    s.trogdor = sq
    if sq in s.knights or sq == s.troghammer:
        fired("T-MOVE-KNIGHT-DAMAGE")
        fx.damage(s, "knight")


def check_move(s, a) -> RuleError | None:
    """T-MOVE: N/S/E/W, no wraparound, unless a card grants diagonal or wraparound moves; 1 AP.

    May Trogdor move onto a knight? Yes, for one damage: T-MOVE-KNIGHT-DAMAGE (``_enter``)."""
    here = s.trogdor
    if here is None:
        return refuse("T-MOVE", OFF_BOARD)
    d = a.args[0]
    powers = s.powers
    if d in DIAG_DIRS and "diagonal" not in powers:
        return refuse("T-MOVE", f"Trogdor moves N, S, E or W; {d} needs a diagonal-move card")
    if GEO_STEP["wrap" in powers][here][d] is None:
        return refuse("T-MOVE", f"{d} from {here} leaves the board (no wraparound)")
    return no_ap(s, "move", "free-move")


def do_move(s, a) -> None:
    fired("T-MOVE")
    wrap = "wrap" in s.powers
    if wrap or a.args[0] in DIAG_DIRS:
        fired("T-CARD-EFFECTS")
    _pay(s, "free-move")
    _enter(s, GEO_STEP[wrap][s.trogdor][a.args[0]])


def check_chomp(s, a) -> RuleError | None:
    """T-CHOMP: a peasant on Trogdor's tile goes to the Trog-meter."""
    here = s.trogdor
    if here is None:
        return refuse("T-CHOMP", OFF_BOARD)
    if here not in s.peasants:
        return refuse("T-CHOMP", f"no peasant on {here} to chomp")
    return no_ap(s, "chomp", "free-chomp")


def do_chomp(s, a) -> None:
    fired("T-CHOMP")
    _pay(s, "free-chomp")
    fx.remove_peasant(s, s.trogdor)
    s.meter += 1
    fx.event(s, "peasant-chomped")


def _tunnels(s) -> list:
    return [SQUARES[i] for i, t in enumerate(s.tiles) if t == "T"]


def check_burrow(s, a) -> RuleError | None:
    """T-BURROW: from a tunnel to the other tunnel."""
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
    _pay(s, "free-burrow")
    _enter(s, next(t for t in _tunnels(s) if t != s.trogdor))


def check_hide(s, a) -> RuleError | None:
    """T-HIDE: on a mountain; protected for the turn; ruling TR-HIDE-ENDS-TURN."""
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
    _pay(s, "free-hide")
    s.trogdor_hidden = True
    if ruling(s, "TR-HIDE-ENDS-TURN") == "ends":
        _end_phase1(s)


def check_burn_tile(s, a) -> RuleError | None:
    """T-BURN-TILE / T-BURN-LAKE: Trogdor's own tile, not yet burnt; the Lake needs its N, S, E
    and W neighbours burnt."""
    here = s.trogdor
    if here is None:
        return refuse("T-BURN-TILE", OFF_BOARD)
    i = INDEX[here]
    if s.burnt[i]:
        return refuse("T-BURN-TILE", f"{here} is already burninated")
    if s.tiles[i] == "L" and not fx.lake_eligible(s, here):
        return refuse(
            "T-BURN-LAKE", "the Lake burns only when its N, S, E and W neighbours are burnt"
        )
    return no_ap(s, "burninate")


def do_burn_tile(s, a) -> None:
    here = s.trogdor
    fired("T-BURN-LAKE" if s.tiles[INDEX[here]] == "L" else "T-BURN-TILE")
    _pay(s)
    fx.set_burnt(s, here, True)
    fx.tile_burninated(s, here)


def check_burn_cottage(s, a) -> RuleError | None:
    """T-BURN-COTTAGE: the cottage on Trogdor's tile, once its tile and every tile around it
    are burnt."""
    here = s.trogdor
    if here is None:
        return refuse("T-BURN-COTTAGE", OFF_BOARD)
    burnt = s.cottages.get(here)
    if burnt is None:
        return refuse("T-BURN-COTTAGE", f"no cottage on {here}")
    if burnt:
        return refuse("T-BURN-COTTAGE", f"the cottage on {here} is already burninated")
    if not fx.cottage_eligible(s, here):
        return refuse(
            "T-BURN-COTTAGE",
            f"the cottage on {here} needs its tile and every tile around it burninated",
        )
    return no_ap(s, "burninate")


def do_burn_cottage(s, a) -> None:
    fired("T-BURN-COTTAGE")
    _pay(s)
    fx.set_cottage(s, s.trogdor, True)
    fx.event(s, "cottage-burninated")


def peasant_burn_refusal(s, sq, rule: str) -> RuleError | None:
    """T-BURN-PEASANT on ``sq``: a peasant there, a movement card for its path (unless it stands
    in the Lake), 1 AP."""
    if sq not in s.peasants:
        return refuse(rule, f"no peasant on {sq} to burninate")
    if not fx.can_draw_movement(s) and s.tiles[INDEX[sq]] != "L":
        return refuse(rule, "no movement card to draw for the flaming peasant's path")
    return no_ap(s, "burninate")


def check_burn_peasant(s, a) -> RuleError | None:
    here = s.trogdor
    if here is None:
        return refuse("T-BURN-PEASANT", OFF_BOARD)
    return peasant_burn_refusal(s, here, "T-BURN-PEASANT")


def _burn_peasant(s, sq) -> None:
    fired("T-BURN-PEASANT")
    _pay(s)
    fx.remove_peasant(s, sq)
    fx.burninate_peasants(s, [sq])


def do_burn_peasant(s, a) -> None:
    _burn_peasant(s, s.trogdor)


def long_range_reach(powers: tuple[str, ...], here) -> tuple[dict, dict]:
    """The squares the long-range powers in ``powers`` reach from Trogdor's tile ``here``, each
    with the tokens that reach it: (``burn-<area>[-after]`` map, ``peasant-<area>`` map)."""
    maps: tuple[dict, dict] = ({}, {})
    for t in powers:
        kind, _, area = t.partition("-")
        if kind in ("burn", "peasant"):
            m = maps[kind == "peasant"]
            for sq in AREA_SET[area.removesuffix("-after")][here]:
                m.setdefault(sq, []).append(t)
    return maps


def check_burn_tile_at(s, a) -> RuleError | None:
    """T-LONG-RANGE: a card's long-range burn reaches the tile; tiles only; no AP."""
    here = s.trogdor
    if here is None:
        return refuse("T-LONG-RANGE", OFF_BOARD)
    sq = a.args[0]
    if sq not in long_range_reach(s.powers, here)[0]:
        return refuse("T-LONG-RANGE", f"no long-range burn in force reaches {sq} from {here}")
    if s.burnt[INDEX[sq]]:
        return refuse("T-LONG-RANGE", f"{sq} is already burninated")
    return None


def do_burn_tile_at(s, a) -> None:
    fired("T-LONG-RANGE")
    sq = a.args[0]
    tok = min(long_range_reach(s.powers, s.trogdor)[0][sq], key=lambda t: (t.endswith("-after"), t))
    s.powers = remove_power(s.powers, tok)
    if tok.endswith("-after"):
        s.ap = 0  # "after his actions": using it ends the AP spending
    fx.set_burnt(s, sq, True)
    fx.tile_burninated(s, sq)


def check_burn_peasant_at(s, a) -> RuleError | None:
    """T-CARD-EFFECTS (burn-peasant-range): a peasant within the card's area around Trogdor, as
    T-BURN-PEASANT (not T-LONG-RANGE, which burns tiles only)."""
    here = s.trogdor
    if here is None:
        return refuse("T-CARD-EFFECTS", OFF_BOARD)
    sq = a.args[0]
    if sq not in long_range_reach(s.powers, here)[1]:
        return refuse("T-CARD-EFFECTS", f"no ability in force burninates a peasant on {sq}")
    return peasant_burn_refusal(s, sq, "T-BURN-PEASANT")


def do_burn_peasant_at(s, a) -> None:
    fired("T-CARD-EFFECTS")
    _burn_peasant(s, a.args[0])


def check_teleport(s, a) -> RuleError | None:
    """T-CARD-EFFECTS: teleport anywhere for 0 AP (one use)."""
    if s.trogdor is None:
        return refuse("T-CARD-EFFECTS", OFF_BOARD)
    if "teleport" not in s.powers:
        return refuse("T-CARD-EFFECTS", "no teleport ability in force this turn")
    return None


def do_teleport(s, a) -> None:
    fired("T-CARD-EFFECTS")
    s.powers = remove_power(s.powers, "teleport")
    _enter(s, a.args[0])


def check_use(s, a) -> RuleError | None:
    """T-ITEM / T-ITEM-DISK: your item, once per turn, while it is charged."""
    item_id = a.args[0]
    if s.items[s.to_move] != item_id:
        return refuse("T-ITEM", f"{item_id!r} is not your item")
    if s.item_used:
        return refuse("T-ITEM", "an item can be used only once per turn")
    item = s.cards.item(item_id)
    if not s.item_charged[s.to_move]:
        rule = "T-ITEM-DISK" if item is not None and item.recharge == "never" else "T-ITEM"
        recharge = "never" if item is None else item.recharge
        return refuse(rule, f"{item_id} is discharged (recharge: {recharge})")
    if item is None:
        return refuse("T-ITEM", f"unknown item {item_id!r}")
    teleport = item.takes_square
    if teleport and len(a.args) != 2:
        return refuse("T-ITEM", f"{item_id} moves Trogdor: say where, e.g. 'use {item_id} C3'")
    if not teleport and len(a.args) == 2:
        return refuse("T-ITEM", f"{item_id} takes no square")
    if teleport and s.trogdor is None:
        return refuse("T-ITEM", OFF_BOARD)
    return None


def do_use(s, a) -> None:
    fired("T-ITEM")
    item = s.cards.item(a.args[0])
    if item.recharge == "never":
        fired("T-ITEM-DISK")
    tokens, extra, heal = card_powers(item)
    charged = list(s.item_charged)
    charged[s.to_move] = False
    s.item_charged = tuple(charged)
    s.item_used = True
    s.ap = min(MAX_AP, s.ap + extra)
    if heal:
        _heal(s, heal)
    tokens = [t for t in tokens if t != "teleport"]
    if tokens:
        s.powers = add_powers(s.powers, tokens)
    if len(a.args) == 2:
        _enter(s, a.args[1])


def do_pass(s, a) -> None:
    """T-PASS (ruling TR-PASS-AP)."""
    fired("T-PASS")
    _end_phase1(s)


def _end_phase1(s) -> None:
    if ruling(s, "TR-PASS-AP") == "keep":
        banked = list(s.banked_ap)
        banked[s.to_move] = min(MAX_AP, banked[s.to_move] + s.ap)
        s.banked_ap = tuple(banked)
    s.ap = 0
    _start_phase2(s)


# ================================================================================ phase 2
def _start_phase2(s) -> None:
    """T-MOVEMENT-CARD, then T-SPAWN."""
    card = fx.draw_movement(s)
    if card is None:  # no movement cards at all (a puzzle): the countryside stays still
        _end_turn(s)
        return
    s.movement_card = card.id
    _spawn_auto(s)


def spawn_slots(s):
    """(cottages that may spawn, how many peasants are still wanted) -- T-SPAWN."""
    card = s.cards.movement(s.movement_card)
    want = min(card.peasants - len(s.peasants), s.meter)
    if want <= 0:
        return [], 0
    return [sq for sq, b in s.cottages.items() if not b and sq not in s.peasants], want


def _spawn_auto(s) -> None:
    slots, want = spawn_slots(s)
    if want and slots and len(slots) <= want:
        fired("T-SPAWN")
        s.meter -= len(slots)  # every eligible cottage spawns: nothing to choose
        fx.put_peasants(s, slots)
        slots, want = [], 0
    if want and slots:
        s.phase = "spawn"
        return
    _start_countryside(s)


def check_spawn(s, a) -> RuleError | None:
    """T-SPAWN: the player picks which cottage spawns."""
    slots, _ = spawn_slots(s)
    if a.args[0] not in slots:
        names = ", ".join(map(str, slots)) or "none"
        return refuse("T-SPAWN", f"{a.args[0]} cannot spawn (choose from {names})")
    return None


def do_spawn(s, a) -> None:
    fired("T-SPAWN")
    s.meter -= 1
    fx.put_peasants(s, a.args)
    _spawn_auto(s)


def _start_countryside(s) -> None:
    q = []
    if s.peasants:
        q.append("peasants")
    q += KNIGHT_TOKENS[: len(s.knights)]
    if s.troghammer is not None or s.hammer_waiting:
        q.append("hammer")
    if s.archer is not None:
        q.append("archer")
    s.pieces_to_move = tuple(q)
    s.phase = "countryside"
    if not q:
        _end_turn(s)


KNIGHT_TOKENS = [f"knight{i}" for i in range(64)]
KNIGHT_NO = {t: i for i, t in enumerate(KNIGHT_TOKENS)}


def do_step(s, a) -> None:
    """Move the next piece of Phase 2."""
    piece = s.pieces_to_move[0]
    s.pieces_to_move = s.pieces_to_move[1:]
    card = s.cards.movement(s.movement_card)
    i = KNIGHT_NO.get(piece)
    if i is not None:
        end = fx.knight_walk(s, s.knights[i], card.path, piece=i)
        knights = list(s.knights)
        knights[i] = end
        s.knights = tuple(knights)
    elif piece == "peasants":
        _peasants_step(s, card)
    elif piece == "hammer":
        _hammer_step(s, card)
    else:
        _archer_step(s, card)
    if not s.pieces_to_move:
        _end_turn(s)


def _peasants_step(s, card) -> None:
    """T-PEASANT-MOVE / T-PEASANT-REPAIR (wraparound, T-WRAP)."""
    fired("T-PEASANT-MOVE")
    bounded = GEO_STEP[False]
    arrow = card.arrow
    moved = sorted(bounded[p][arrow] or fx.wrap_step(p, arrow) for p in s.peasants)
    if card.repair and any([fx.set_burnt(s, p, False) for p in moved]):
        fired("T-PEASANT-REPAIR")  # it acted: a tile a peasant stepped onto was burnt
    cottages = s.cottages
    burning = [p for p in moved if cottages.get(p)]
    if burning:
        s.peasants = tuple(p for p in moved if p not in burning)
        fx.burninate_peasants(s, burning)
    else:
        s.peasants = tuple(moved)


def _hammer_step(s, card) -> None:
    """The Troghammer moves with the knights (T-KNIGHT-MOVE): on their card's path, or on a card
    of his own (ruling TR-TROGHAMMER-PHASE2=own-draw)."""
    if ruling(s, "TR-TROGHAMMER-PHASE2") == "own-draw":
        fx.move_troghammer(s)
        return
    if s.hammer_waiting:
        s.hammer_waiting = False
        s.troghammer = fx.knight_walk(s, fx.CENTRE, card.path, piece="hammer", entering_start=True)
    else:
        s.troghammer = fx.knight_walk(s, s.troghammer, card.path, piece="hammer")
    if fx.hammer_blocked(s):  # after any move of his, under either TR-TROGHAMMER-REMOVE option
        fired("T-TROGHAMMER-REMOVE")
        fx.move_troghammer(s)


def _archer_step(s, card) -> None:
    """T-ARCHER: walk the path (wraparound), then shoot along the line of the last step."""
    fired("T-ARCHER")
    bounded = GEO_STEP[False]
    pos = s.archer
    for d in card.path:
        pos = bounded[pos][d] or fx.wrap_step(pos, d)
    s.archer = pos
    t = s.trogdor
    if t is None or t == pos:
        return
    in_line = t.row == pos.row if card.path[-1] in ("E", "W") else t.col == pos.col
    if in_line:
        fx.damage(s, "archer")


def _end_turn(s) -> None:
    """T-END-TURN: next player (clockwise); this turn's hiding and abilities end."""
    fired("T-END-TURN")
    s.to_move = (s.to_move + 1) % s.players
    s.turn = min(MAX_TURN, s.turn + 1)  # the notation reads 1..MAX_TURN
    s.phase = "draw"
    s.trogdor_hidden = False
    s.powers = ()
    s.played_card = None
    s.item_used = False
    s.ap = 0
    s.movement_card = None
    s.pieces_to_move = ()
    item_id = s.items[s.to_move]
    if item_id is not None and not s.item_charged[s.to_move]:
        item = s.cards.item(item_id)
        if item is not None and item.recharge == "each-turn":
            fired("T-ITEM")
            charged = list(s.item_charged)
            charged[s.to_move] = True
            s.item_charged = tuple(charged)


@dataclass(frozen=True)
class Kind:
    """One action kind: the phase it belongs to, its one check (None: no condition beyond the
    phase -- draw, pass, step) and its effect."""

    phase: str
    check: Callable | None
    effect: Callable


KINDS: dict[str, Kind] = {
    "draw": Kind("draw", None, do_draw),
    "play": Kind("choose", check_play, do_play),
    "discard": Kind("choose", check_discard, do_discard),
    "move": Kind("act", check_move, do_move),
    "chomp": Kind("act", check_chomp, do_chomp),
    "burrow": Kind("act", check_burrow, do_burrow),
    "hide": Kind("act", check_hide, do_hide),
    "burn tile": Kind("act", check_burn_tile, do_burn_tile),
    "burn cottage": Kind("act", check_burn_cottage, do_burn_cottage),
    "burn peasant": Kind("act", check_burn_peasant, do_burn_peasant),
    "burn tile at": Kind("act", check_burn_tile_at, do_burn_tile_at),
    "burn peasant at": Kind("act", check_burn_peasant_at, do_burn_peasant_at),
    "teleport": Kind("act", check_teleport, do_teleport),
    "use": Kind("act", check_use, do_use),
    "pass": Kind("act", None, do_pass),
    "spawn": Kind("spawn", check_spawn, do_spawn),
    "step": Kind("countryside", None, do_step),
}

EFFECTS = {verb: kind.effect for verb, kind in KINDS.items()}


def _every(*actions: Action) -> Callable:
    return lambda s: actions


def _hand_cards(which: int) -> Callable:
    """``discard`` (0) or ``play`` (1) of every card in any hand (the check asks whose it is)."""
    return lambda s: [s.cards.choices(cid)[which] for hand in s.hands for cid in hand]


def _item_uses(s) -> list[Action]:
    """``use ITEM`` and ``use ITEM SQ`` for every square, for every player's item."""
    items = [item for item in s.items if item is not None]
    return [use(item, sq) for item in items for sq in (None, *SQUARES)]


# Each verb's candidates in a position: the values its arguments can take (ARGUMENTS[verb](s)).
ARGUMENTS: dict[str, Callable] = {
    "draw": _every(DRAW),
    "play": _hand_cards(1),
    "discard": _hand_cards(0),
    "move": _every(*MOVE.values()),
    "chomp": _every(CHOMP),
    "burrow": _every(BURROW),
    "hide": _every(HIDE),
    "burn tile": _every(BURN_TILE),
    "burn cottage": _every(BURN_COTTAGE),
    "burn peasant": _every(BURN_PEASANT),
    "burn tile at": _every(*BURN_AT.values()),
    "burn peasant at": _every(*PEASANT_AT.values()),
    "teleport": _every(*TELEPORT.values()),
    "use": _item_uses,
    "pass": _every(PASS),
    "spawn": _every(*SPAWN.values()),
    "step": _every(STEP),
}

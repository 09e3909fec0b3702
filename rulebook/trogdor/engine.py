"""Legal actions and applying them: the Trogdor!! turn as an explicit phase machine (T-PHASE).

``draw`` -> ``choose`` (play or discard) -> ``act`` (spend AP) -> [``spawn`` when a cottage must be
chosen] -> ``countryside`` (one ``step`` per piece: peasants, each knight, Troghammer, archer) ->
the next player's ``draw``; ``over`` once the game has ended. ``apply_action`` works on a copy and
raises ``RuleError(rule_id, reason)`` for an illegal action, leaving the given state untouched.
"""

from __future__ import annotations

from rulebook.common.deck import Deck
from rulebook.common.errors import RuleError

from . import mechanics as m
from .actions import Action, parse_action
from .geometry import ORDER, SQUARES, STEP_I, STEPQ, area
from .powers import add_powers, card_powers, remove_power

ORTHO_DIRS = ("N", "S", "E", "W")
DIAG_DIRS = ("NE", "NW", "SE", "SW")


def is_terminal(s) -> bool:
    return s.outcome is not None


# ================================================================================ applying
def apply_action(state, action):
    """Return the state after ``action`` (an Action or its text); raise RuleError if illegal."""
    a = action if type(action) is Action else parse_action(action)
    if state.outcome is not None:
        raise RuleError("T-GAME-OVER", f"the game is over ({state.outcome}); no action is legal")
    handler = _DISPATCH[state.phase].get(a) if state.phase in _DISPATCH else None
    if handler is None:
        handler = _HANDLERS.get((state.phase, a.kind))
        if handler is None:
            raise RuleError("T-PHASE", _phase_reason(state.phase, a))
        table = _DISPATCH.setdefault(state.phase, {})
        if len(table) < 5_000:
            table[a] = handler
    s = state.fork()
    try:
        handler(s, a)
        if not s.peasants and all(s.burnt) and all(s.cottages.values()):
            m.check_win(s)  # T-WIN
    except m.GameEnded:
        pass
    return s


_DISPATCH: dict = {}
_CHOOSE: dict = {}  # hand -> its play/discard actions  # (phase, action) -> handler, filled as actions are seen


def _phase_reason(phase: str, a: Action) -> str:
    allowed = sorted({k for (p, k) in _HANDLERS if p == phase})
    return f"'{a}' is not possible in the {phase} phase (now: {', '.join(allowed) or 'nothing'})"


def _cost(s, rule: str, what: str, free: str | None = None) -> None:
    """T-AP: pay 1 AP, or use a matching free action (``free-<what>`` power) first."""
    if free is not None and free in s.powers:
        s.powers = remove_power(s.powers, free)
        return
    if s.ap < 1:
        raise RuleError("T-AP", f"no action points left to {what}")
    s.ap -= 1


# -- phase 1: draw -------------------------------------------------------------------------------
def _draw(s, a) -> None:
    """T-DRAW / T-DRAW-TROGHAMMER."""
    old = s.action_deck
    s.action_deck = deck = Deck(list(old.draw), list(old.discard))  # copy on write
    while deck.draw:
        cid = deck.draw.pop(0)
        card = s.cards.action(cid)
        if card is not None and card.troghammer:
            deck.discard.append(cid)
            if s.troghammer is None and not s.hammer_waiting:
                m.place_troghammer(s)
            else:
                m.move_troghammer(s, "card")
            continue
        hands = list(s.hands)
        hands[s.player] = hands[s.player] + (cid,)
        s.hands = tuple(hands)
        break
    if not any(s.hands):  # T-DEFEAT-CARDS
        s.outcome = "defeat"
        s.phase = "over"
        raise m.GameEnded
    if not s.hand:  # partners still hold cards: this turn has 0 AP (T-DEFEAT-CARDS)
        _start_act(s, 0)
    else:
        s.phase = "choose"


def _take_card(s, cid: str, rule: str):
    hand = list(s.hand)
    if cid not in hand:
        raise RuleError(rule, f"{cid!r} is not in your hand ({', '.join(hand) or 'empty'})")
    hand.remove(cid)
    hands = list(s.hands)
    hands[s.player] = tuple(hand)
    s.hands = tuple(hands)
    old = s.action_deck
    s.action_deck = Deck(list(old.draw), old.discard + [cid])  # copy on write
    card = s.cards.action(cid)
    if card is None:
        raise RuleError(rule, f"unknown action card {cid!r}")
    return card


def _play(s, a) -> None:
    """T-PLAY: the card's AP and ability for this turn."""
    card = _take_card(s, a.words[1], "T-PLAY")
    s.played = card.id
    tokens, extra, heal = card_powers(card)
    _start_act(s, card.ap + extra, tokens, heal)


def _discard(s, a) -> None:
    """T-DISCARD-AP: 5 AP, no ability."""
    _take_card(s, a.words[1], "T-DISCARD-AP")
    _start_act(s, 5)


def _heal(s, amount: int) -> None:
    n = min(amount, s.void)
    s.void -= n
    s.meter += n


def _start_act(s, ap: int, tokens=(), heal: int = 0) -> None:
    """Enter the act phase: AP (+ banked under TR-PASS-AP=keep), card and keeper abilities."""
    banked = list(s.banked)
    s.ap = ap + banked[s.player]
    banked[s.player] = 0
    s.banked = tuple(banked)
    tokens = list(tokens)
    keeper_id = s.keepers[s.player]
    if keeper_id is not None:  # T-KEEPER: always on, on its owner's turn
        keeper = s.cards.keeper(keeper_id)
        if keeper is not None:
            kt, kextra, kheal = card_powers(keeper)
            tokens += kt
            s.ap += kextra
            heal += kheal
    if tokens:
        s.powers = add_powers(s.powers, tokens)
    if heal:
        _heal(s, heal)
    s.phase = "act"


# -- phase 1: act --------------------------------------------------------------------------------
def _enter(s, sq) -> None:
    """Trogdor arrives on ``sq`` by his own action; a knight there hurts (T-MOVE-KNIGHT-DAMAGE)."""
    s.hidden = False
    s.trogdor = sq
    h = s.troghammer
    if (s.knights and sq in s.knights) or (h is not None and h.row == sq.row and h.col == sq.col):
        m.damage(s, "knight")


def _need_trogdor(s, rule: str):
    if s.trogdor is None:
        raise RuleError(rule, "Trogdor is not on the board")
    return s.trogdor


def _move(s, a) -> None:
    """T-MOVE: N/S/E/W, no wraparound, unless a card grants diagonal or wraparound moves."""
    d = a[5:]
    here = _need_trogdor(s, "T-MOVE")
    if d in DIAG_DIRS and "diagonal" not in s.powers:
        raise RuleError("T-MOVE", f"Trogdor moves N, S, E or W; {d} needs a diagonal-move card")
    nxt = STEPQ["wrap" in s.powers][here.row * 5 + here.col][d]
    if nxt is None:
        raise RuleError("T-MOVE", f"{d} from {here} leaves the board (no wraparound)")
    _cost(s, "T-MOVE", "move", "free-move")
    _enter(s, nxt)


def _chomp(s, a) -> None:
    """T-CHOMP: a peasant on Trogdor's tile goes to the Trog-meter."""
    here = _need_trogdor(s, "T-CHOMP")
    if here not in s.peasants:
        raise RuleError("T-CHOMP", f"no peasant on {here} to chomp")
    _cost(s, "T-CHOMP", "chomp", "free-chomp")
    m.remove_peasant(s, here)
    s.meter += 1
    m.event(s, "peasant-chomped")


def _burrow(s, a) -> None:
    """T-BURROW: tunnel to the other tunnel."""
    here = _need_trogdor(s, "T-BURROW")
    tunnels = [SQUARES[i] for i, t in enumerate(s.tiles) if t == "T"]
    if here not in tunnels:
        raise RuleError("T-BURROW", f"{here} is not a tunnel tile")
    others = [t for t in tunnels if t != here]
    if not others:
        raise RuleError("T-BURROW", "there is no other tunnel to burrow to")
    _cost(s, "T-BURROW", "burrow", "free-burrow")
    _enter(s, others[0])


def _hide(s, a) -> None:
    """T-HIDE: on a mountain; protected for the turn; ruling TR-HIDE-ENDS-TURN."""
    here = _need_trogdor(s, "T-HIDE")
    if s.tiles[(here.row * 5 + here.col)] != "M":
        raise RuleError("T-HIDE", f"Trogdor can hide only on a mountain; {here} is not one")
    if s.hidden:
        raise RuleError("T-HIDE", "Trogdor is already hiding")
    _cost(s, "T-HIDE", "hide", "free-hide")
    s.hidden = True
    if m.ruling(s, "TR-HIDE-ENDS-TURN") == "ends":
        _end_phase1(s)


def _burn(s, a) -> None:
    words = a.split(" ")
    target = words[1]
    if len(words) == 4:
        return _burn_at(s, target, SQUARES[INDEX_BY_NAME[words[3]]])
    here = _need_trogdor(s, "T-BURN-TILE")
    if target == "tile":
        if s.burnt[(here.row * 5 + here.col)]:
            raise RuleError("T-BURN-TILE", f"{here} is already burninated")
        if s.tiles[(here.row * 5 + here.col)] == "L" and not m.lake_eligible(s, here):
            raise RuleError(
                "T-BURN-LAKE", "the Lake burns only when its N, S, E and W neighbours are burnt"
            )
        _cost(s, "T-BURN-TILE", "burninate")
        m.set_burnt(s, here, True)
        m.event(s, "tile-burninated")
    elif target == "cottage":
        if here not in s.cottages:
            raise RuleError("T-BURN-COTTAGE", f"no cottage on {here}")
        if s.cottages[here]:
            raise RuleError("T-BURN-COTTAGE", f"the cottage on {here} is already burninated")
        if not m.cottage_eligible(s, here):
            raise RuleError(
                "T-BURN-COTTAGE",
                f"the cottage on {here} needs its tile and every tile around it burninated",
            )
        _cost(s, "T-BURN-COTTAGE", "burninate")
        m.set_cottage(s, here, True)
        m.event(s, "cottage-burninated")
    else:
        _burn_peasant(s, here, "T-BURN-PEASANT")


def _burn_peasant(s, sq, rule: str) -> None:
    if sq not in s.peasants:
        raise RuleError(rule, f"no peasant on {sq} to burninate")
    if not m.can_draw_movement(s) and s.tiles[(sq.row * 5 + sq.col)] != "L":
        raise RuleError(rule, "no movement card to draw for the flaming peasant's path")
    _cost(s, rule, "burninate")
    m.remove_peasant(s, sq)
    m.burninate_peasants(s, [sq])


def _burn_at(s, target: str, sq) -> None:
    """T-LONG-RANGE (tiles, from a card's burn-<area> power) or a peasant at range."""
    here = _need_trogdor(s, "T-LONG-RANGE")
    if target == "peasant":
        for tok in s.powers:
            if tok.startswith("peasant-") and sq in area(here, tok[8:]):
                return _burn_peasant(s, sq, "T-BURN-PEASANT")
        raise RuleError("T-CARD-EFFECTS", f"no ability in force burninates a peasant on {sq}")
    usable = [
        t
        for t in s.powers
        if t.startswith("burn-") and sq in area(here, t[5:].removesuffix("-after"))
    ]
    if not usable:
        raise RuleError("T-LONG-RANGE", f"no long-range burn in force reaches {sq} from {here}")
    if s.burnt[(sq.row * 5 + sq.col)]:
        raise RuleError("T-LONG-RANGE", f"{sq} is already burninated")
    tok = sorted(usable, key=lambda t: (t.endswith("-after"), t))[0]
    s.powers = remove_power(s.powers, tok)
    if tok.endswith("-after"):
        s.ap = 0  # "after his actions": using it ends the AP spending
    m.set_burnt(s, sq, True)
    m.event(s, "tile-burninated")


def _teleport(s, a) -> None:
    """T-CARD-EFFECTS: teleport anywhere for 0 AP (one use)."""
    _need_trogdor(s, "T-CARD-EFFECTS")
    if "teleport" not in s.powers:
        raise RuleError("T-CARD-EFFECTS", "no teleport ability in force this turn")
    s.powers = remove_power(s.powers, "teleport")
    _enter(s, SQUARES[INDEX_BY_NAME[a.words[1]]])


def _use(s, a) -> None:
    """T-ITEM / T-ITEM-DISK: use your item once per turn while it is charged."""
    item_id = a.words[1]
    if s.items[s.player] != item_id:
        raise RuleError("T-ITEM", f"{item_id!r} is not your item")
    if s.item_used:
        raise RuleError("T-ITEM", "an item can be used only once per turn")
    if not s.charged[s.player]:
        item = s.cards.item(item_id)
        rule = "T-ITEM-DISK" if item is not None and item.recharge == "never" else "T-ITEM"
        raise RuleError(rule, f"{item_id} is discharged (recharge: {_recharge(item)})")
    item = s.cards.item(item_id)
    if item is None:
        raise RuleError("T-ITEM", f"unknown item {item_id!r}")
    tokens, extra, heal = card_powers(item)
    teleport = "teleport" in tokens
    if teleport and len(a.words) != 3:
        raise RuleError("T-ITEM", f"{item_id} moves Trogdor: say where, e.g. 'use {item_id} C3'")
    if not teleport and len(a.words) == 3:
        raise RuleError("T-ITEM", f"{item_id} takes no square")
    charged = list(s.charged)
    charged[s.player] = False
    s.charged = tuple(charged)
    s.item_used = True
    s.ap += extra
    if heal:
        _heal(s, heal)
    tokens = [t for t in tokens if t != "teleport"]
    if tokens:
        s.powers = add_powers(s.powers, tokens)
    if teleport:
        _need_trogdor(s, "T-ITEM")
        _enter(s, SQUARES[INDEX_BY_NAME[a.words[2]]])


def _recharge(item) -> str:
    return "never" if item is None else item.recharge


def _pass(s, a) -> None:
    """T-PASS (ruling TR-PASS-AP)."""
    _end_phase1(s)


def _end_phase1(s) -> None:
    if m.ruling(s, "TR-PASS-AP") == "keep":
        banked = list(s.banked)
        banked[s.player] += s.ap
        s.banked = tuple(banked)
    s.ap = 0
    _start_phase2(s)


# -- phase 2 -------------------------------------------------------------------------------------
def _start_phase2(s) -> None:
    """T-MOVEMENT-CARD, then T-SPAWN."""
    card = m.draw_movement(s)
    if card is None:  # no movement cards at all (a puzzle): the countryside stays still
        _end_turn(s)
        return
    s.mcard = card.id
    _spawn_auto(s)


def _spawn_slots(s):
    """(cottages that may spawn, how many peasants are still wanted) -- T-SPAWN."""
    card = s.cards.movement(s.mcard)
    want = min(card.peasants - len(s.peasants), s.meter)
    if want <= 0:
        return [], 0
    slots = [sq for sq, b in s.cottages.items() if not b and sq not in s.peasants]
    return sorted(slots, key=ORDER), want


def _spawn_auto(s) -> None:
    slots, want = _spawn_slots(s)
    if want and slots and len(slots) <= want:
        s.meter -= len(slots)  # every eligible cottage spawns: nothing to choose
        s.peasants = sorted(s.peasants + slots, key=ORDER)
        slots, want = [], 0
    if want and slots:
        s.phase = "spawn"
        return
    _start_countryside(s)


def _spawn(s, a) -> None:
    """T-SPAWN: the player picks which cottage spawns."""
    sq = SQUARES[INDEX_BY_NAME[a.words[1]]]
    slots, want = _spawn_slots(s)
    if sq not in slots:
        raise RuleError(
            "T-SPAWN", f"{sq} cannot spawn (choose from {', '.join(map(str, slots)) or 'none'})"
        )
    s.meter -= 1
    s.peasants = sorted([*s.peasants, sq], key=ORDER)
    _spawn_auto(s)


def _start_countryside(s) -> None:
    q = []
    if s.peasants:
        q.append("peasants")
    q += [f"knight{i}" for i in range(len(s.knights))]
    if s.troghammer is not None or s.hammer_waiting:
        q.append("hammer")
    if s.archer is not None:
        q.append("archer")
    s.queue = tuple(q)
    s.phase = "countryside"
    if not q:
        _end_turn(s)


def _step(s, a) -> None:
    """Move the next piece of Phase 2."""
    queue = s.queue
    piece = queue[0]
    s.queue = queue[1:]
    card = s.cards.movement(s.mcard)
    i = _KNIGHT_NO.get(piece)
    if i is None and piece.startswith("knight"):
        i = int(piece[6:])
    if i is not None:
        end = m.knight_walk(s, s.knights[i], card.path, piece=i)
        knights = s.knights.copy()  # copy on write (State.fork shares lists)
        knights[i] = end
        s.knights = knights
    elif piece == "peasants":
        _peasants_step(s, card)
    elif piece == "hammer":
        _hammer_step(s, card)
    else:
        _archer_step(s, card)
    if not s.queue:
        _end_turn(s)


def _peasants_step(s, card) -> None:
    """T-PEASANT-MOVE / T-PEASANT-REPAIR (wraparound, T-WRAP)."""
    step = STEPQ[True]
    arrow = card.arrow
    moved = sorted([step[p.row * 5 + p.col][arrow] for p in s.peasants], key=ORDER)
    if card.repair:
        for p in moved:
            m.set_burnt(s, p, False)
    tiles, cottages = s.tiles, s.cottages
    burning = [p for p in moved if tiles[p.row * 5 + p.col] == "C" and cottages.get(p)]
    s.peasants = [p for p in moved if p not in burning] if burning else moved
    if burning:
        m.burninate_peasants(s, burning)


def _hammer_step(s, card) -> None:
    """The Troghammer moves with the knights (T-KNIGHT-MOVE), on this card's path."""
    if s.hammer_waiting:
        s.hammer_waiting = False
        s.troghammer = m.knight_walk(s, m.CENTRE, card.path, piece="hammer", entering_start=True)
    else:
        s.troghammer = m.knight_walk(s, s.troghammer, card.path, piece="hammer")
    if m.ruling(s, "TR-TROGHAMMER-REMOVE") == "any-time" and m._hammer_blocked(s):
        m.move_troghammer(s, "phase2")


def _archer_step(s, card) -> None:
    """T-ARCHER: walk the path (wraparound), then shoot along the line of the last step."""
    step = STEP_I[True]
    a = s.archer
    i = a.row * 5 + a.col
    for d in card.path:
        i = step[i][d]
    s.archer = pos = SQUARES[i]
    last = card.path[-1]
    t = s.trogdor
    if t is None or (t.row == pos.row and t.col == pos.col):
        return
    in_line = t.row == pos.row if last in ("E", "W") else t.col == pos.col
    if in_line:
        m.damage(s, "archer")


def _end_turn(s) -> None:
    """T-END-TURN: next player (clockwise); this turn's hiding and abilities end."""
    s.player = (s.player + 1) % s.players
    s.turn += 1
    s.phase = "draw"
    s.hidden = False
    s.powers = ()
    s.played = None
    s.item_used = False
    s.ap = 0
    s.mcard = None
    s.queue = ()
    item_id = s.items[s.player]
    if item_id is not None and not s.charged[s.player]:
        item = s.cards.item(item_id)
        if item is not None and item.recharge == "each-turn":
            charged = list(s.charged)
            charged[s.player] = True
            s.charged = tuple(charged)


# ================================================================================ legal actions
def legal_actions(s) -> list[Action]:
    """Every legal action now, sorted (deterministic)."""
    if s.outcome is not None:
        return []
    ph = s.phase
    if ph == "draw":
        return [_A["draw"]]
    if ph == "choose":
        hand = s.hands[s.player]
        hit = _CHOOSE.get(hand)
        if hit is None:
            ids = sorted(set(hand))
            hit = sorted([Action(f"play {c}") for c in ids] + [Action(f"discard {c}") for c in ids])
            if len(_CHOOSE) < 20_000:
                _CHOOSE[hand] = hit
        return list(hit)
    if ph == "spawn":
        slots, _ = _spawn_slots(s)
        return [Action(f"spawn {sq}") for sq in slots]
    if ph == "countryside":
        return [_A["step"]]
    if ph == "act":
        return _act_legal(s)
    return []


_A = {
    x: Action(x)
    for x in (
        "pass", "chomp", "burrow", "hide", "burn tile", "burn cottage", "burn peasant", "step",
        "draw", *(f"move {d}" for d in ORTHO_DIRS + DIAG_DIRS),
    )
}  # fmt: skip
_A_PASS = _A["pass"]
# legal move actions from each square (index), without / with wraparound
_MOVES = {
    w: tuple(
        tuple(_A["move " + d] for d in ORTHO_DIRS if STEPQ[w][i][d] is not None) for i in range(25)
    )
    for w in (False, True)
}
_DIAG_MOVES = {
    w: tuple(
        tuple(_A["move " + d] for d in DIAG_DIRS if STEPQ[w][i][d] is not None) for i in range(25)
    )
    for w in (False, True)
}


def _act_legal(s) -> list[Action]:
    """The act phase's legal actions, generated directly (no trial applies: this is the hot path
    of random play). ``_ok`` states the same conditions per action; tests keep both in step with
    the handlers."""
    here = s.trogdor
    if here is None:
        return [_A_PASS]
    out = [_A_PASS]
    powers = s.powers
    ap = s.ap > 0
    i = here.row * 5 + here.col
    tiles = s.tiles
    kind = tiles[i]
    if ap or (powers and "free-move" in powers):
        if powers:
            wrap = "wrap" in powers
            out += _MOVES[wrap][i]
            if "diagonal" in powers:
                out += _DIAG_MOVES[wrap][i]
        else:
            out += _MOVES[False][i]
    peasants = s.peasants
    peasant_here = False
    for p in peasants:
        if p is here or (p.row == here.row and p.col == here.col):
            peasant_here = True
            break
    if peasant_here and (ap or "free-chomp" in powers):
        out.append(_A["chomp"])
    if kind == "T" and (ap or "free-burrow" in powers) and tiles.count("T") > 1:
        out.append(_A["burrow"])
    if kind == "M" and not s.hidden and (ap or "free-hide" in powers):
        out.append(_A["hide"])
    if ap:
        if not s.burnt[i] and (kind != "L" or m.lake_eligible(s, here)):
            out.append(_A["burn tile"])
        if kind == "C" and s.cottages.get(here) is False and m.cottage_eligible(s, here):
            out.append(_A["burn cottage"])
        if peasant_here and (kind == "L" or m.can_draw_movement(s)):
            out.append(_A["burn peasant"])
    if powers and _targets(powers):
        out += _power_candidates(s, here, ap)
    item_id = s.items[s.player]
    if item_id is not None and not s.item_used and s.charged[s.player]:
        out += _item_candidates(s, item_id)
    out.sort()
    return out


def _targets(powers: tuple[str, ...]) -> bool:
    """Whether any power in force needs a target square (memoised per powers tuple)."""
    hit = _TARGETED.get(powers)
    if hit is None:
        hit = any(t.startswith(("burn-", "peasant-")) or t == "teleport" for t in powers)
        if len(_TARGETED) < 5_000:
            _TARGETED[powers] = hit
    return hit


_TARGETED: dict[tuple[str, ...], bool] = {}
_KNIGHT_NO = {f"knight{i}": i for i in range(10)}


def _power_candidates(s, here, ap: bool) -> list[Action]:
    """Legal uses of the powers in force: long-range tile burns, peasants at range, teleport."""
    out: set[Action] = set()
    burnt = s.burnt
    for tok in set(s.powers):
        if tok.startswith("burn-"):
            for sq in area(here, tok[5:].removesuffix("-after")):
                if not burnt[sq.row * 5 + sq.col]:
                    out.add(_BURN_AT[sq])
        elif tok.startswith("peasant-") and ap:
            for sq in area(here, tok[8:]):
                if sq in s.peasants and (
                    s.tiles[(sq.row * 5 + sq.col)] == "L" or m.can_draw_movement(s)
                ):
                    out.add(_PEASANT_AT[sq])
        elif tok == "teleport":
            out.update(_TELEPORT.values())
    return list(out)


_BURN_AT = {sq: Action(f"burn tile at {sq}") for sq in SQUARES}
_PEASANT_AT = {sq: Action(f"burn peasant at {sq}") for sq in SQUARES}
_TELEPORT = {sq: Action(f"teleport {sq}") for sq in SQUARES}


def _item_candidates(s, item_id: str) -> list[Action]:
    item = s.cards.item(item_id)
    if item is None:
        return []
    hit = _ITEM_ACTIONS.get(item_id)
    if hit is None or hit[0] is not item:
        if any(e.kind == "teleport" for e in item.effects):
            acts = [Action(f"use {item_id} {sq}") for sq in SQUARES]
        else:
            acts = [Action(f"use {item_id}")]
        hit = _ITEM_ACTIONS[item_id] = (item, acts)
    return hit[1]


_ITEM_ACTIONS: dict = {}  # item id -> (item, its candidate actions)


def _ok(s, a: Action) -> bool:
    """Legality of a candidate without applying it (mirrors the handlers' checks; the tests make
    ``legal_actions`` and ``apply_action`` agree on random games)."""
    k = a.kind
    here = s.trogdor
    if k == "pass":
        return True
    if here is None:
        return False
    powers = s.powers
    ap = s.ap > 0
    i = here.row * 5 + here.col
    if k == "move":
        d = a[5:]
        nxt = STEPQ["wrap" in powers][i][d]
        return nxt is not None and (ap or "free-move" in powers)
    if k == "chomp":
        return (ap or "free-chomp" in powers) and here in s.peasants
    if k == "burrow":
        return (ap or "free-burrow" in powers) and s.tiles[i] == "T" and s.tiles.count("T") > 1
    if k == "hide":
        return (ap or "free-hide" in powers) and s.tiles[i] == "M" and not s.hidden
    if k == "burn":
        if len(a) > 14:  # burn tile|peasant at XX
            target = SQUARES[INDEX_BY_NAME[a[-2:]]]
            j = target.row * 5 + target.col
            if a[5] == "t":
                return not s.burnt[j] and any(
                    t.startswith("burn-") and target in area(here, t[5:].removesuffix("-after"))
                    for t in powers
                )
            return (
                ap
                and target in s.peasants
                and (m.can_draw_movement(s) or s.tiles[j] == "L")
                and any(t.startswith("peasant-") and target in area(here, t[8:]) for t in powers)
            )
        if not ap:
            return False
        target = a[5:]
        if target == "tile":
            return not s.burnt[i] and (s.tiles[i] != "L" or m.lake_eligible(s, here))
        if target == "cottage":
            return s.cottages.get(here) is False and m.cottage_eligible(s, here)
        return here in s.peasants and (m.can_draw_movement(s) or s.tiles[i] == "L")
    if k == "teleport":
        return "teleport" in powers
    if k == "use":  # candidates are only built for a usable item, with the right arguments
        return True
    return False


INDEX_BY_NAME = {str(sq): i for i, sq in enumerate(SQUARES)}

_HANDLERS = {
    ("draw", "draw"): _draw,
    ("choose", "play"): _play,
    ("choose", "discard"): _discard,
    ("act", "move"): _move,
    ("act", "chomp"): _chomp,
    ("act", "burrow"): _burrow,
    ("act", "hide"): _hide,
    ("act", "burn"): _burn,
    ("act", "teleport"): _teleport,
    ("act", "use"): _use,
    ("act", "pass"): _pass,
    ("spawn", "spawn"): _spawn,
    ("countryside", "step"): _step,
}

"""A faster ``legal_actions`` for Trogdor!!, for playouts only.

The rule is ``rules.legal_actions`` (what the position offers each verb of the phase, kept when
its kind's one check lets it through: about half this generator's actions/s in random play,
PERF.md).
This module gives the same list, sorted by text, faster; checked sweeps compare the two
at every step and ``tests/play/test_fast_legal.py`` on random, parsed, edited and extreme
positions. What it mirrors:

- the phase: ``draw`` and ``countryside`` have one action each and no condition beyond the phase
  (``KINDS``: no check), so they are answered without a candidate function (``FORCED``);
- ``check_play`` / ``check_discard``: the same condition (``card_in_hand_check``), so one probe
  per card decides both;
- ``check_spawn``: the candidates are ``spawn_slots`` itself, what the check asks;
- the first condition of ``check_burn_cottage``, ``check_burn_peasant``, ``check_burn_tile``,
  ``check_burrow``, ``check_chomp`` and ``check_hide`` (what is on Trogdor's tile: ``_OWN_TILE``);
  the check still decides the rest;
- ``check_move``'s geometry and diagonal conditions (``_MOVES``), so what is left of the check (AP)
  is the same for every move: one probe decides all;
- ``no_ap`` (T-AP): with no AP and no free action, every untargeted act check refuses;
- ``check_burn_tile_at`` (a tile the reach holds, not burnt) and ``check_burn_peasant_at`` (a
  square the reach holds, then ``peasant_burn_refusal``), with ``burninate.reach``
  memoised per power set;
- ``check_use``'s arity (each item carries its well-formed ``use`` actions, ``Item.uses``); one
  probe decides all of an item's uses.
"""

from __future__ import annotations

from collections.abc import Callable

from rulebook.common.actions import BY_TEXT
from rulebook.trogdor.actions import (
    BURN_AT,
    BURN_COTTAGE,
    BURN_PEASANT,
    BURN_TILE,
    BURROW,
    CHOMP,
    DIAG_DIRS,
    DRAW,
    HIDE,
    MOVE,
    ORTHO_DIRS,
    PASS,
    PEASANT_AT,
    SPAWN,
    STEP,
    TELEPORT,
    Action,
)
from rulebook.trogdor.board import TILE_KINDS
from rulebook.trogdor.burninate import peasant_burn_refusal, reach
from rulebook.trogdor.geometry import INDEX, SQUARES
from rulebook.trogdor.geometry import STEP as GEO_STEP
from rulebook.trogdor.phase1 import check_move, check_play, check_use
from rulebook.trogdor.phase2 import spawn_slots
from rulebook.trogdor.rules import KINDS


def legal_actions(s) -> list[Action]:
    """``rules.legal_actions(s)``: every legal action now, sorted by text."""
    if s.outcome is not None:
        return []
    forced = FORCED.get(s.phase)
    if forced is not None:  # one action with no condition (KINDS): no candidate function call
        return [forced]
    return CANDIDATES[s.phase](s)


def _choose_candidates(s) -> list[Action]:
    """Discard and play each card in hand, one probe per card (``check_play`` decides both). In
    text order: every 'discard' before every 'play', each by card id. The Action values come from
    the card index (built once per card set)."""
    ok = [
        acts
        for acts in map(s.cards.choices, sorted(set(s.hands[s.to_move])))
        if check_play(s, acts[1]) is None
    ]
    return [discard for discard, _ in ok] + [play for _, play in ok]


def _spawn_candidates(s) -> list[Action]:
    return [SPAWN[sq] for sq in spawn_slots(s)[0]]


def _act_candidates(s) -> list[Action]:
    """The act phase: the untargeted actions, pass, the targeted ones, the item's uses. The groups
    are visited in text order, so the list comes out sorted without a sort unless a long-range
    power interleaves (speed: PERF.md "Trogdor: the fast generator")."""
    powers = s.powers
    out = _untargeted(s, powers) if s.ap >= 1 or powers else []  # no AP, no power: T-AP refuses
    out.append(PASS)  # no condition beyond the phase (KINDS)
    if powers:
        interleaved = _targeted(s, powers, out)
        if "teleport" in powers and s.trogdor is not None:  # check_teleport
            out += _TELEPORTS  # "teleport ..." sorts after every untargeted action and pass
        if interleaved:
            out.sort(key=BY_TEXT)
    item_id = s.items[s.to_move]
    if item_id is not None and not s.item_used and s.item_charged[s.to_move]:
        uses = s.cards.uses(item_id)  # well-formed for this item, made with the card
        # check_use looks at the square only to see that one is given: one probe decides all
        if uses and check_use(s, uses[0]) is None:
            out += uses  # "use ..." sorts after every other act-phase action
    return out


def _untargeted(s, powers) -> list[Action]:
    """The six own-tile actions worth asking about (``_OWN_TILE``), each decided by its check,
    then the moves that stay on the board, decided together by one ``check_move``."""
    here = s.trogdor
    if here is None:
        return [a for a, check in _SIMPLE_PAIRS if check(s, a) is None]
    i = INDEX[here]
    pairs = _OWN_TILE[s.tiles[i]][here in s.peasants][s.burnt[i]]
    out = [a for a, check in pairs if check(s, a) is None]
    moves = (_MOVES["wrap" in powers]["diagonal" in powers] if powers else _PLAIN_MOVES)[here]
    if moves and check_move(s, moves[0]) is None:
        out += moves
    return out


def _targeted(s, powers, out: list[Action]) -> bool:
    """Add the long-range burns the powers reach (``check_burn_tile_at``: not burnt; and
    ``check_burn_peasant_at``: ``peasant_burn_refusal``) to ``out``; True if any was proposed."""
    here = s.trogdor
    if here is None:
        return False
    tiles, peasants = _reach(powers, here)
    burnt = s.burnt
    out += [BURN_AT[sq] for sq in tiles if not burnt[INDEX[sq]]]
    out += [
        PEASANT_AT[sq] for sq in peasants if peasant_burn_refusal(s, sq, "T-BURN-PEASANT") is None
    ]
    return bool(tiles or peasants)


def _reach(powers: tuple[str, ...], here) -> tuple[dict, dict]:
    """``burninate.reach`` of tiles and of peasants, memoised: one table per power set filled square by square,
    bounded (speed: PERF.md "Trogdor: the fast generator")."""
    table = _REACH.get(powers)
    if table is None:
        table = {}
        if len(_REACH) < 4_096:
            _REACH[powers] = table
    hit = table.get(here)
    if hit is None:
        hit = table[here] = (reach(powers, "burn", here), reach(powers, "peasant", here))
    return hit


_REACH: dict[tuple, dict] = {}

# The phases with exactly one action, whose only condition is the phase (forced steps: about half
# of a random game's actions).
FORCED: dict[str, Action] = {"draw": DRAW, "countryside": STEP}
CANDIDATES: dict[str, Callable] = {
    "choose": _choose_candidates,
    "act": _act_candidates,
    "spawn": _spawn_candidates,
    "over": lambda s: [],
}

# The untargeted act-phase candidates with their checks.
# (in text order: burn cottage < burn peasant < burn tile < burrow < chomp < hide < move < pass)
_SIMPLE_PAIRS = tuple(
    (a, KINDS[a.verb].check) for a in (BURN_COTTAGE, BURN_PEASANT, BURN_TILE, BURROW, CHOMP, HIDE)
)
# The untargeted candidates worth asking about, by what is on Trogdor's tile (its letter: C has the
# cottage, T is a tunnel, M a mountain; a peasant there; the tile burnt): each action's check
# starts with one of these conditions, so the others would only be refused.
# _OWN_TILE[letter][peasant][burnt]; speed: PERF.md "Trogdor: the fast generator"
_OWN_TILE = {
    tile: tuple(
        tuple(
            tuple(
                (a, check)
                for a, check in _SIMPLE_PAIRS
                if {
                    BURN_COTTAGE: tile == "C",
                    BURN_PEASANT: peasant,
                    BURN_TILE: not burnt,
                    BURROW: tile == "T",
                    CHOMP: peasant,
                    HIDE: tile == "M",
                }[a]
            )
            for burnt in (False, True)
        )
        for peasant in (False, True)
    )
    for tile in TILE_KINDS
}
# _MOVES[wrap][diagonal][square]: the move actions whose step stays on the board (check_move).
_MOVES = tuple(
    tuple(
        {
            sq: tuple(
                sorted(
                    (
                        MOVE[d]
                        for d in (ORTHO_DIRS + DIAG_DIRS if diag else ORTHO_DIRS)
                        if GEO_STEP[wrap][sq][d] is not None
                    ),
                    key=BY_TEXT,
                )
            )
            for sq in SQUARES
        }
        for diag in (False, True)
    )
    for wrap in (False, True)
)
_PLAIN_MOVES = _MOVES[False][False]
_TELEPORTS = tuple(sorted(TELEPORT.values(), key=BY_TEXT))

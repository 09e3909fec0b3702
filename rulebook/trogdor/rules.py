"""The turn (T-PHASE): which actions each phase allows, and the protocol over them.

``draw`` -> ``choose`` (play or discard) -> ``act`` (spend AP) -> [``spawn`` when a cottage must be
chosen] -> ``countryside`` (one ``step`` per piece) -> the next player's ``draw``; ``over`` once the
game has ended. ``KINDS`` ties each verb to its phase, its one check and its effect (``phase1.py``,
``burninate.py``, ``phase2.py``); ``ARGUMENTS`` names what each verb can take in a position.

``refusal`` returns the check's error itself (``Game.apply`` raises that very object);
``legal_actions`` keeps the candidates whose check says None; ``perform`` runs the effect on a
working copy of the state and freezes it, so the input never changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulebook.common.actions import BY_TEXT
from rulebook.common.errors import RuleError

from . import burninate, phase1, phase2
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
    ORTHO_DIRS,
    PASS,
    PEASANT_AT,
    SPAWN,
    STEP,
    TELEPORT,
    Action,
)
from .burninate import reach
from .catalog import CATALOG, refuse
from .grid import INDEX
from .health import GameEnded, check_win
from .state import WorkingCopy


@dataclass(frozen=True)
class Kind:
    """One action kind: the phase it belongs to, its one check (None: no condition beyond the
    phase -- draw, pass, step) and its effect."""

    phase: str
    check: Callable | None
    effect: Callable


KINDS: dict[str, Kind] = {
    "draw": Kind("draw", None, phase1.do_draw),
    "play": Kind("choose", phase1.check_play, phase1.do_play),
    "discard": Kind("choose", phase1.check_discard, phase1.do_discard),
    "move": Kind("act", phase1.check_move, phase1.do_move),
    "chomp": Kind("act", phase1.check_chomp, phase1.do_chomp),
    "burrow": Kind("act", phase1.check_burrow, phase1.do_burrow),
    "hide": Kind("act", phase1.check_hide, phase1.do_hide),
    "burn tile": Kind("act", burninate.check_burn_tile, burninate.do_burn_tile),
    "burn cottage": Kind("act", burninate.check_burn_cottage, burninate.do_burn_cottage),
    "burn peasant": Kind("act", burninate.check_burn_peasant, burninate.do_burn_peasant),
    "burn tile at": Kind("act", burninate.check_burn_tile_at, burninate.do_burn_tile_at),
    "burn peasant at": Kind("act", burninate.check_burn_peasant_at, burninate.do_burn_peasant_at),
    "teleport": Kind("act", phase1.check_teleport, phase1.do_teleport),
    "use": Kind("act", phase1.check_use, phase1.do_use),
    "pass": Kind("act", None, phase1.do_pass),
    "spawn": Kind("spawn", phase2.check_spawn, phase2.do_spawn),
    "step": Kind("countryside", None, phase2.do_step),
}
# The verbs of each phase (``over`` has none).
PHASES = dict.fromkeys(kind.phase for kind in KINDS.values())
PHASE_VERBS = {phase: [v for v, k in KINDS.items() if k.phase == phase] for phase in PHASES}


def _tile(s) -> str | None:
    """The kind of Trogdor's tile (None off the board)."""
    return None if s.trogdor is None else s.tiles[INDEX[s.trogdor]]


def _long_range(s, kind: str) -> set:
    """The squares a long-range power of ``kind`` in force reaches from Trogdor's tile."""
    return set() if s.trogdor is None or not s.powers else reach(s.powers, kind, s.trogdor)


# What each verb can name in a position: the actions its check is asked about.
ARGUMENTS: dict[str, Callable] = {
    "draw": lambda s: [DRAW],
    # one of the cards in your hand
    "play": lambda s: [s.cards.choices(cid)[1] for cid in dict.fromkeys(s.hands[s.to_move])],
    "discard": lambda s: [s.cards.choices(cid)[0] for cid in dict.fromkeys(s.hands[s.to_move])],
    # north, south, east or west (diagonally too with a card that grants it)
    "move": lambda s: [MOVE[d] for d in ORTHO_DIRS + (DIAG_DIRS if "diagonal" in s.powers else ())],
    # what Trogdor's tile holds: a peasant, a tunnel, a mountain, a cottage; the tile itself
    "chomp": lambda s: [CHOMP] if s.trogdor in s.peasants else [],
    "burn peasant": lambda s: [BURN_PEASANT] if s.trogdor in s.peasants else [],
    "burrow": lambda s: [BURROW] if _tile(s) == "T" else [],
    "hide": lambda s: [HIDE] if _tile(s) == "M" else [],
    "burn cottage": lambda s: [BURN_COTTAGE] if s.trogdor in s.cottages else [],
    "burn tile": lambda s: [BURN_TILE] if s.trogdor is not None else [],
    # the squares a card's long-range burn reaches
    "burn tile at": lambda s: [BURN_AT[sq] for sq in _long_range(s, "burn")],
    "burn peasant at": lambda s: [PEASANT_AT[sq] for sq in _long_range(s, "peasant")],
    # any square, with a teleport in force
    "teleport": lambda s: list(TELEPORT.values()) if "teleport" in s.powers else [],
    # your item, standing upright (charged) and not used this turn; every square when it moves Trogdor
    "use": lambda s: (
        list(s.cards.uses(s.items[s.to_move]))
        if s.item_charged[s.to_move] and not s.item_used
        else []
    ),
    "pass": lambda s: [PASS],
    # a cottage
    "spawn": lambda s: [SPAWN[sq] for sq in s.cottages],
    "step": lambda s: [STEP],
}


def candidates(s) -> list[Action]:
    """Every action the current phase's verbs can name here (``ARGUMENTS``); whether one is legal
    is its check's answer alone."""
    return [a for verb in PHASE_VERBS.get(s.phase, ()) for a in ARGUMENTS[verb](s)]


def legal_actions(s) -> list[Action]:
    """Every legal action now, sorted by text: what each verb of the phase can name, kept when its
    kind's one check lets it through."""
    if s.outcome is not None:
        return []
    legal = []
    for verb in PHASE_VERBS.get(s.phase, ()):
        check = KINDS[verb].check
        legal += [a for a in ARGUMENTS[verb](s) if check is None or check(s, a) is None]
    return sorted(legal, key=BY_TEXT)


def refusal(s, a: Action) -> RuleError | None:
    """None when ``a`` is legal in ``s``, else the RuleError ``apply`` raises: T-GAME-OVER after the
    end, T-PHASE outside its phase, else its kind's check."""
    kind = KINDS.get(a.verb)
    if kind is None:
        raise GRAMMAR.unknown_verb(a.verb)
    if s.outcome is not None:
        return refuse("T-GAME-OVER", f"the game is over ({s.outcome}); no action is legal")
    if kind.phase != s.phase:
        now = ", ".join(sorted(PHASE_VERBS.get(s.phase, ()))) or "nothing"
        return refuse("T-PHASE", f"'{a}' is not possible in the {s.phase} phase (now: {now})")
    err = None if kind.check is None else kind.check(s, a)
    if err is not None and err.rule_id not in CATALOG.rules:  # a typo in a rule ID fails loudly
        raise KeyError(f"engine cites {err.rule_id!r}, which is not in the trogdor catalog")
    return err


def perform(state, a: Action):
    """The state after the legal action ``a`` (``Game.apply`` asks ``refusal`` first): the effect
    runs on a working copy, which is then frozen."""
    return advance(WorkingCopy(state), a).freeze()


def advance(s, a: Action):
    """The legal action ``a`` played on the working copy ``s`` in place (a frozen State is copied
    first; ``Game.advance``: playouts own their states), then T-WIN: the game is won the moment
    nothing is left to burn."""
    s = WorkingCopy.of(s)
    try:
        KINDS[a.verb].effect(s, a)
        if not s.peasants and all(s.burnt):
            check_win(s)
    except GameEnded:
        pass
    return s


def is_terminal(s) -> bool:
    return s.outcome is not None

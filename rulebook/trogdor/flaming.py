"""Burninating peasants: the flaming peasant's run (000 "Burninating Peasants"; 001 "Burninate a
peasant"). T-BURN-PEASANT, T-FLAME-COTTAGE, T-FLAME-LAKE, T-FLAME-CHAIN; ruling TR-FLAME-WRAP."""

from __future__ import annotations

from rulebook.common.game import fired, ruling

from .countryside import (
    movement_cards,
    put_peasants,
    recharge,
    set_burnt,
    set_cottage,
    tile_burninated,
    wrap_step,
)
from .grid import INDEX, RING, STEP, Square


def cottage_eligible(s, sq: Square) -> bool:
    """T-BURN-COTTAGE: "a cottage's tile must be burninated, as well as the eight tiles surrounding
    it. Like the lake, this condition does not wrap around"."""
    return s.burnt[INDEX[sq]] and all(s.burnt[INDEX[n]] for n in RING[sq])


def burninate_peasants(s, starts) -> None:
    """Each flaming peasant (already off the board) runs in turn: "draw a movement card, and,
    ignoring all other information on the card, move the peasant along the movement path,
    burninating each tile the peasant visits (including its starting tile)"; unless the Lake saves
    him, "it is removed from the board and placed in the Void". Peasants he visits catch fire and
    run after him (T-FLAME-CHAIN). The path wraps around under ruling TR-FLAME-WRAP=wrap."""
    queue = list(starts)
    wrap = ruling(s, "TR-FLAME-WRAP") == "wrap"
    while queue:
        pos = queue.pop(0)
        recharge(s, "peasant-burninated")
        if s.tiles[INDEX[pos]] == "L":
            # T-FLAME-LAKE: "if a peasant is burninated while already on the lake tile, it is
            # extinguished immediately and the burnination has no effect"
            fired("T-FLAME-LAKE")
            put_peasants(s, (pos,))
            continue
        _visit(s, pos, queue)
        saved = False
        for card in movement_cards(s, "T-FLAME-COTTAGE"):
            for d in card.path:
                nxt = STEP[False][pos][d] or (wrap_step(pos, d) if wrap else None)
                if nxt is None:  # ruling TR-FLAME-WRAP=stop: the run ends at the edge
                    break
                pos = nxt
                if s.tiles[INDEX[pos]] == "L":  # T-FLAME-LAKE: "the peasant is extinguished"
                    fired("T-FLAME-LAKE")
                    saved = True
                    break
                _visit(s, pos, queue)
            # T-FLAME-COTTAGE: "If the peasant's path ends on a burninated cottage, the peasant
            # is re-ignited with a fresh movement card" (from where he stands)
            if saved or not s.cottages.get(pos):
                break
        if saved:
            put_peasants(s, (pos,))
        else:
            s.void += 1


def _visit(s, sq: Square, queue: list[Square]) -> None:
    """The tile burns; "If the peasant visits an eligible cottage, the cottage is ignited"
    (T-FLAME-COTTAGE); the peasants there catch fire (T-FLAME-CHAIN)."""
    if set_burnt(s, sq, True):
        tile_burninated(s, sq)
    if s.cottages.get(sq) is False and cottage_eligible(s, sq):
        set_cottage(s, sq, True)
        recharge(s, "cottage-burninated")
    if sq in s.peasants:
        fired("T-FLAME-CHAIN")
        queue.extend([sq] * s.peasants.count(sq))
        s.peasants = tuple(p for p in s.peasants if p != sq)

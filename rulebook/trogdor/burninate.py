"""Burninating (001 "Burninate a tile, a peasant, or an eligible cottage"; 000 "Burning Down a
House", "Long-Range Burnination", "Unusual Tiles": the Lake and cottage tiles).

"By spending an Action Point, Trogdor can burninate a Tile, Cottage, or Peasant" on his tile
(T-BURN-TILE, T-BURN-LAKE, T-BURN-COTTAGE, T-BURN-PEASANT: the peasant's run is ``flaming.py``);
cards burn at long range (T-LONG-RANGE: tiles only; a peasant where a card says so).
"""

from __future__ import annotations

from rulebook.common.game import fired

from .catalog import refuse
from .countryside import (
    can_draw_movement,
    recharge,
    remove_peasant,
    set_burnt,
    set_cottage,
    tile_burninated,
)
from .flaming import burninate_peasants, cottage_eligible
from .grid import AREA_SET, INDEX, ORTHO
from .phase1 import OFF_BOARD, no_ap, pay
from .powers import remove_power


def check_burn_tile(s, a):
    """T-BURN-TILE: "Flip the tile Trogdor occupies to the burninated side", once. T-BURN-LAKE:
    "The lake tile must be surrounded by burninated tiles on all four sides before it may be
    burninated. (This condition does not wrap around.)" """
    here = s.trogdor
    if here is None:
        return refuse("T-BURN-TILE", OFF_BOARD)
    if s.burnt[INDEX[here]]:
        return refuse("T-BURN-TILE", f"{here} is already burninated")
    if s.tiles[INDEX[here]] == "L" and not all(s.burnt[INDEX[n]] for n in ORTHO[here]):
        return refuse(
            "T-BURN-LAKE", "the Lake burns only when its N, S, E and W neighbours are burnt"
        )
    return no_ap(s, "burninate")


def do_burn_tile(s, a) -> None:
    here = s.trogdor
    fired("T-BURN-LAKE" if s.tiles[INDEX[here]] == "L" else "T-BURN-TILE")
    pay(s)
    set_burnt(s, here, True)
    tile_burninated(s, here)


def check_burn_cottage(s, a):
    """T-BURN-COTTAGE: the cottage on Trogdor's tile, once "its tile and all the tiles around it,
    even the ones diagonally adjacent" are burnt (``flaming.cottage_eligible``)."""
    here = s.trogdor
    if here is None:
        return refuse("T-BURN-COTTAGE", OFF_BOARD)
    burnt = s.cottages.get(here)
    if burnt is None:
        return refuse("T-BURN-COTTAGE", f"no cottage on {here}")
    if burnt:
        return refuse("T-BURN-COTTAGE", f"the cottage on {here} is already burninated")
    if not cottage_eligible(s, here):
        return refuse(
            "T-BURN-COTTAGE",
            f"the cottage on {here} needs its tile and every tile around it burninated",
        )
    return no_ap(s, "burninate")


def do_burn_cottage(s, a) -> None:
    fired("T-BURN-COTTAGE")
    pay(s)
    set_cottage(s, s.trogdor, True)
    recharge(s, "cottage-burninated")


def peasant_burn_refusal(s, sq, rule: str):
    """T-BURN-PEASANT on ``sq``: a peasant there, a movement card for his path (unless he stands
    in the Lake, which puts him out at once), 1 AP."""
    if sq not in s.peasants:
        return refuse(rule, f"no peasant on {sq} to burninate")
    if not can_draw_movement(s) and s.tiles[INDEX[sq]] != "L":
        return refuse(rule, "no movement card to draw for the flaming peasant's path")
    return no_ap(s, "burninate")


def check_burn_peasant(s, a):
    """T-BURN-PEASANT: a peasant on Trogdor's tile."""
    if s.trogdor is None:
        return refuse("T-BURN-PEASANT", OFF_BOARD)
    return peasant_burn_refusal(s, s.trogdor, "T-BURN-PEASANT")


def burn_peasant(s, sq) -> None:
    fired("T-BURN-PEASANT")
    pay(s)
    remove_peasant(s, sq)
    burninate_peasants(s, [sq])


def do_burn_peasant(s, a) -> None:
    burn_peasant(s, s.trogdor)


# ---- T-LONG-RANGE: "action cards that let you burninate a tile that's not the one where Trogdor is"
def reaching(powers: tuple[str, ...], kind: str, here, sq) -> list[str]:
    """The long-range powers of ``kind`` (``burn``: ``burn-<area>[-after]`` tiles; ``peasant``:
    ``peasant-<area>``) in ``powers`` whose area around Trogdor's tile ``here`` holds ``sq``."""
    return [t for t in powers if t.startswith(kind + "-") and sq in AREA_SET[area_of(t)][here]]


def reach(powers: tuple[str, ...], kind: str, here) -> set:
    """Every square the long-range powers of ``kind`` in ``powers`` reach from ``here``."""
    return {sq for t in powers if t.startswith(kind + "-") for sq in AREA_SET[area_of(t)][here]}


def area_of(token: str) -> str:
    """``burn-adjacent-after`` -> ``adjacent``."""
    return token.split("-")[1]


def check_burn_tile_at(s, a):
    """T-LONG-RANGE: a card's long-range burn reaches the tile; "these cards only work on tiles",
    and "totally bypass all the usual rules for burninating" (the Lake too); no AP."""
    here, sq = s.trogdor, a.args[0]
    if here is None:
        return refuse("T-LONG-RANGE", OFF_BOARD)
    if not reaching(s.powers, "burn", here, sq):
        return refuse("T-LONG-RANGE", f"no long-range burn in force reaches {sq} from {here}")
    if s.burnt[INDEX[sq]]:
        return refuse("T-LONG-RANGE", f"{sq} is already burninated")
    return None


def do_burn_tile_at(s, a) -> None:
    """The burn used is one that reaches the tile, one usable any time before an ``-after`` one
    ("after his actions": using it ends the AP spending)."""
    fired("T-LONG-RANGE")
    sq = a.args[0]
    burns = reaching(s.powers, "burn", s.trogdor, sq)
    tok = min(burns, key=lambda t: (t.endswith("-after"), t))
    s.powers = remove_power(s.powers, tok)
    if tok.endswith("-after"):
        s.ap = 0
    set_burnt(s, sq, True)
    tile_burninated(s, sq)


def check_burn_peasant_at(s, a):
    """T-CARD-EFFECTS (burn-peasant-range): "unless the cards specifically say they do", a peasant
    within the card's area around Trogdor, burnt as T-BURN-PEASANT."""
    here, sq = s.trogdor, a.args[0]
    if here is None:
        return refuse("T-CARD-EFFECTS", OFF_BOARD)
    if not reaching(s.powers, "peasant", here, sq):
        return refuse("T-CARD-EFFECTS", f"no ability in force burninates a peasant on {sq}")
    return peasant_burn_refusal(s, sq, "T-BURN-PEASANT")


def do_burn_peasant_at(s, a) -> None:
    fired("T-CARD-EFFECTS")
    burn_peasant(s, a.args[0])

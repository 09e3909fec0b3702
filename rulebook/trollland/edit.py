"""Scenario edits for Trollland: move a people card to a zone, choose a ruling (pure; shared code
in ``rulebook.common.cardedit``).

Zones: ``draw``, ``discard``, ``dock``, per player ``hand:P1``, ``chosen:P1``, ``won:P1``,
``prison:P1``, ``gat:P1``, and every cage at the dock ``cage:V03.1`` (the drawing's own target
names). A cage takes a card only under the loading rules (TL-LOAD-CAPACITY, TL-LOAD-CAGE-PEOPLE,
TL-LOAD-VEHICLE-DISTINCT); a Troll goes only to a hand, the revealed cards, the piles or a prison.
"""

from __future__ import annotations

import dataclasses

from rulebook.common import cardedit as C
from rulebook.common.errors import RuleError

from .banishment import cage_refusal
from .catalog import refuse
from .state import Berth, State
from .turn import settle

PILES = ("draw", "discard", "dock")
PLAYER_ZONES = (("hand", "hands"), ("chosen", "chosen"), ("won", "won"), ("prison", "prison"),
                ("gat", "trollgat"))  # fmt: skip
TROLL_ZONES = ("draw", "discard", "hand", "chosen", "prison")


def read(s: State) -> C.ZoneMap:
    out = {k: getattr(s, k) for k in PILES}
    for zone, attr in PLAYER_ZONES:
        out |= C.per_player(zone, getattr(s, attr))
    for b in s.row:
        out |= {f"cage:{b.vehicle}.{i + 1}": cage for i, cage in enumerate(b.cages)}
    return out


def write(s: State, z: C.ZoneMap) -> State:
    row = tuple(
        Berth(b.vehicle, [z[f"cage:{b.vehicle}.{i + 1}"] for i in range(len(b.cages))])
        for b in s.row
    )
    per = {attr: C.from_players(z, zone, s.players) for zone, attr in PLAYER_ZONES}
    swapped = s.swapped & set(z["dock"])  # a swapped card that leaves the dock is no longer one
    return dataclasses.replace(s, **{k: z[k] for k in PILES}, **per, row=row, swapped=swapped)


def rule(s: State, card: str, zone: str) -> RuleError | None:
    c = s.cards.people[card]
    kind = zone.split(":")[0]
    if c.is_troll and kind not in TROLL_ZONES:
        return refuse("TL-BANISH-ORDER", f"{card} is a Troll: only the pest peoples are banished")
    if kind != "cage":
        return None
    vid, _, n = zone[5:].partition(".")
    caps, peoples = s.loading(vid)
    return cage_refusal(c.people, caps, peoples, int(n) - 1)


def settled(s: State) -> State:
    """A step nobody can act in (e.g. loading once its last card has gone) carried on as the
    rules do: the steps that need no decision are run (the end of the turn, the reveal)."""
    return settle(s) if s.phase != "over" and s.to_move is None else s


ZONES = C.Zones(read, write, rule, settled)


def move_card(state: State, card: str, zone: str) -> State:
    """``card`` moved into ``zone`` (refused with the rule or field when invalid)."""
    return C.move_card(state, card, zone, ZONES)


EDITS = {"move": move_card, "ruling": C.set_ruling}


def edit(state: State, op: tuple) -> State:
    """``("move", card, zone)`` or ``("ruling", id, option)``."""
    return C.dispatch(state, op, EDITS)


def zones_for(state: State) -> C.Zones:
    return ZONES

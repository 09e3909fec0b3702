"""Scenario edits for Random Encounter (both modes): move a card to a zone, choose a ruling (pure;
shared code in ``rulebook.common.cardedit``).

Multiplayer zones: ``deck``, ``discard``, ``market``, per player ``hand:P1``, ``won:P1`` and the
encounters ``encounter:P1.E2`` (the drawing's target names). Solo zones: ``hand``, ``mine`` (your
encounter), ``keys``, ``boss``, ``final``, ``defeated``, ``discard``, ``removed`` and the path
spaces ``space:1`` .. ``space:12``. An encounter never mixes Red and Blue Star cards
(RE-COMPOSE-RED-BLUE); the market holds five cards at most (its notation field).
"""

from __future__ import annotations

import dataclasses

from rulebook.common import cardedit as C
from rulebook.common.errors import RuleError

from .building import composition_problem
from .state import SLOTS, MultiState, SoloState

MULTI_PILES = ("deck", "discard", "market")
SOLO_PILES = {"hand": "hand", "mine": "my_encounter", "keys": "keys", "boss": "boss_deck",
              "final": "final", "defeated": "defeated", "discard": "discard",
              "removed": "removed"}  # fmt: skip


def read_multi(s: MultiState) -> C.ZoneMap:
    out = {k: getattr(s, k) for k in MULTI_PILES}
    out |= C.per_player("hand", s.hands) | C.per_player("won", s.won)
    return out | {f"encounter:P{p + 1}.E{i + 1}": slot for p in range(s.players)
                  for i, slot in enumerate(s.encounters[p])}  # fmt: skip


def write_multi(s: MultiState, z: C.ZoneMap) -> MultiState:
    slots = tuple(tuple(z[f"encounter:P{p + 1}.E{i + 1}"] for i in range(SLOTS))
                  for p in range(s.players))  # fmt: skip
    return dataclasses.replace(
        s, **{k: z[k] for k in MULTI_PILES}, encounters=slots,
        hands=C.from_players(z, "hand", s.players), won=C.from_players(z, "won", s.players),
    )  # fmt: skip


def read_solo(s: SoloState) -> C.ZoneMap:
    out = {zone: getattr(s, attr) for zone, attr in SOLO_PILES.items()}
    return out | {f"space:{i + 1}": cards for i, cards in enumerate(s.spaces)}


def write_solo(s: SoloState, z: C.ZoneMap) -> SoloState:
    spaces = tuple(z[f"space:{i + 1}"] for i in range(len(s.spaces)))
    piles = {attr: z[zone] for zone, attr in SOLO_PILES.items()}
    return dataclasses.replace(s, **piles, spaces=spaces)


def rule(s, card: str, zone: str) -> RuleError | None:
    """An encounter (yours or a player's) never mixes Red and Blue Star cards."""
    if not (zone.startswith("encounter:") or zone == "mine"):
        return None
    cards = read_multi(s)[zone] if zone != "mine" else s.my_encounter
    prob = composition_problem((*cards, card), s.cards)
    return prob if prob and prob.rule_id == "RE-COMPOSE-RED-BLUE" else None


MULTI = C.Zones(read_multi, write_multi, rule)
SOLO = C.Zones(read_solo, write_solo, rule)


def zones_for(state) -> C.Zones:
    return SOLO if isinstance(state, SoloState) else MULTI


def move_card(state, card: str, zone: str):
    """``card`` moved into ``zone`` (refused with the rule or field when invalid)."""
    return C.move_card(state, card, zone, zones_for(state))


EDITS = {"move": move_card, "ruling": C.set_ruling}


def edit(state, op: tuple):
    """``("move", card, zone)`` or ``("ruling", id, option)``."""
    return C.dispatch(state, op, EDITS)

"""Banishment ("Les bannis", seed 002): the peoples are called in order and their cards loaded.

"The other peoples are then called in turn to be banished, in an unchangeable order: Bimbo > Zom >
Zelf > Nin > Gob [...] These cards must be placed into the vehicles one by one, starting with the
card of smallest number and then in increasing order of numbers." (TL-BANISH-ORDER)

The loading rules (TL-LOAD-*) are stated once, on plain data -- capacities and the peoples in
each cage -- so the solvers (``solvers/trollland``) and the invariants ask the very same rule:

- "In one vehicle, there are 1 to 3 cages, each of which can contain from 1 to 4 cards."
- "In one cage, there can only be pest cards of one same people (same colour)."
- "In one vehicle, two different cages must necessarily hold pest cards of different peoples."
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.common.actions import Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired

from .actions import Cage
from .catalog import refuse
from .circular_arrow import after_load, extra_card_refusal, extra_cards, take_extra
from .departure import board


def cage_refusal(
    people: str, caps: Sequence[int], contents: Sequence[Sequence[str]], cage: int
) -> RuleError | None:
    """Why a card of ``people`` may not go into ``cage`` (0-based), the RuleError; None
    when it may. ``contents[i]`` lists the peoples already in cage i."""
    if not 0 <= cage < len(caps):
        return refuse("TL-LOAD-CAPACITY", f"this vehicle has no cage {cage + 1}")
    inside = contents[cage]
    if len(inside) >= caps[cage]:
        return refuse("TL-LOAD-CAPACITY", f"cage {cage + 1} is full ({caps[cage]} of {caps[cage]})")
    if inside.count(people) < len(inside):
        other = next(q for q in inside if q != people)
        return refuse("TL-LOAD-CAGE-PEOPLE", f"cage {cage + 1} already holds {other}, not {people}")
    for j, other in enumerate(contents):
        if j != cage and other and other[0] == people:
            return refuse(
                "TL-LOAD-VEHICLE-DISTINCT",
                f"cage {j + 1} of this vehicle already holds {people}; two cages need two peoples",
            )
    return None


def legal_cages(people: str, caps: Sequence[int], contents: Sequence[Sequence[str]]) -> list[int]:
    """The cages (0-based) a card of ``people`` may go into."""
    return [c for c in range(len(caps)) if cage_refusal(people, caps, contents, c) is None]


def open_cages(s, peoples) -> dict[str, list[Cage]]:
    """For each of ``peoples``, the cages of the vehicles at the dock a card of that people may
    go into, in row order (each vehicle's load read once)."""
    out = {q: [] for q in peoples}
    for b in s.row:
        caps, contents = s.caps(b), s.peoples(b)
        for q, cages in out.items():
            cages += [Cage(b.vehicle, i + 1) for i in legal_cages(q, caps, contents)]
    return out


def fit_refusal(s, cid: str, cage: Cage) -> RuleError | None:
    """Why card ``cid`` may not go into ``cage`` (the loading rules), None when it may."""
    at_dock = s.loading(cage.vehicle)
    if at_dock is None:
        return refuse("TL-DEPART-FULL", f"vehicle {cage.vehicle} is not at the departure dock")
    why = cage_refusal(s.cards.people[cid].people, *at_dock, cage.index)
    return refuse(why.rule_id, f"{cid} into {cage.name}: {why.reason}") if why else None


def loadable_refusal(s, cid: str) -> RuleError | None:
    """Why ``cid`` is not the card to load now: the next revealed card (TL-BANISH-ORDER), or in
    the arrow step a pest card from the hand (TL-SYMBOL-ARROW)."""
    if s.phase == "arrow":
        return extra_card_refusal(s, cid)
    if cid != s.current_card():
        return refuse(
            "TL-BANISH-ORDER",
            f"{s.current_card()} is loaded now (Bimbo > Zom > Zelf > Nin > Gob, smallest first)",
        )
    return None


def loadable_cards(s) -> list[str]:
    """The cards ``loadable_refusal`` lets through."""
    if s.phase == "arrow":
        return extra_cards(s)
    cid = s.current_card()
    return [] if cid is None else [cid]


def take(d, p: int, cid: str) -> None:
    """The card to load leaves the revealed cards (an arrow's extra card, the hand)."""
    if d.phase == "arrow":
        take_extra(d, p, cid)
        return
    fired("TL-BANISH-ORDER")
    d.chosen[p].remove(cid)


def check_place(s, a: Action) -> RuleError | None:
    cid, cage = a.args
    return loadable_refusal(s, cid) or fit_refusal(s, cid, cage)


def place(d, p: int, a: Action) -> None:
    cid, cage = a.args
    extra = d.phase == "arrow"
    take(d, p, cid)
    board(d, p, cid, cage)
    after_load(d, p, cid, extra, swapped=False)

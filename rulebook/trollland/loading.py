"""The loading rules, on plain data so the engine and the solvers share one definition.

A vehicle is described by its cage capacities and, per cage, the peoples of the cards inside. A
placement is legal when the cage has room (TL-LOAD-CAPACITY), holds no other people
(TL-LOAD-CAGE-PEOPLE) and no other cage of the vehicle holds this people (TL-LOAD-VEHICLE-DISTINCT).
"""

from __future__ import annotations

from collections.abc import Sequence


def refusal(
    people: str, caps: Sequence[int], contents: Sequence[Sequence[str]], cage: int
) -> tuple[str, str] | None:
    """Why placing a card of ``people`` into ``cage`` (0-based) is illegal, as (rule ID, reason);
    None when it is legal. ``contents[i]`` lists the peoples already in cage i."""
    if not 0 <= cage < len(caps):
        return ("TL-LOAD-CAPACITY", f"this vehicle has no cage {cage + 1}")
    inside = contents[cage]
    if len(inside) >= caps[cage]:
        return ("TL-LOAD-CAPACITY", f"cage {cage + 1} is full ({caps[cage]} of {caps[cage]})")
    if inside and inside[0] != people:
        return ("TL-LOAD-CAGE-PEOPLE", f"cage {cage + 1} already holds {inside[0]}, not {people}")
    for j, other in enumerate(contents):
        if j != cage and other and other[0] == people:
            return (
                "TL-LOAD-VEHICLE-DISTINCT",
                f"cage {j + 1} of this vehicle already holds {people}; two cages need two peoples",
            )
    return None


def legal_cages(people: str, caps: Sequence[int], contents: Sequence[Sequence[str]]) -> list[int]:
    return [c for c in range(len(caps)) if refusal(people, caps, contents, c) is None]


def is_full(caps: Sequence[int], contents: Sequence[Sequence[str]]) -> bool:
    """A vehicle departs as soon as every cage is at capacity (TL-DEPART-FULL)."""
    return all(len(inside) >= cap for cap, inside in zip(caps, contents, strict=True))

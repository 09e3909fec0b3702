"""What happens when a vehicle is complete? (seed 002)

"As soon as a vehicle is full, it leaves the country, and the merit goes to the zealous player who
managed to place the last pest card in it. That player places face up in front of them all the
cards present in this vehicle: Pest cards: they make one pile per colour, always keeping the card
of highest number on top." (TL-DEPART-FULL, TL-DEPART-PILES; a Troll 5 sends one early, TL-TROLL-5)
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebook.common.game import fired

from .actions import Cage


def is_full(caps: Sequence[int], contents: Sequence[Sequence[str]]) -> bool:
    """TL-DEPART-FULL: every cage of the vehicle holds its capacity."""
    return all([len(inside) >= cap for cap, inside in zip(caps, contents, strict=True)])


def board(d, p: int, cid: str, cage: Cage) -> None:
    """Card ``cid`` enters ``cage`` (the loading rules were asked before); a vehicle it fills
    departs with player ``p``."""
    i = next(i for i, b in enumerate(d.row) if b.vehicle == cage.vehicle)
    d.row[i] = berth = d.row[i].with_card(cage.index, cid)
    if is_full(d.caps(berth), berth.cages):
        fired("TL-DEPART-FULL")
        depart(d, berth, p)


def depart(d, berth, p: int) -> None:
    """The vehicle leaves; player ``p`` takes the vehicle card and its cards, which join their
    peoples' piles (TL-DEPART-PILES acts where a pile gets a second card)."""
    d.row.remove(berth)
    d.vehicles_won[p].append(berth.vehicle)
    cards = [cid for cage in berth.cages for cid in cage]
    people = d.cards.people
    held = {people[c].people for c in d.won[p]}
    arriving = [people[c].people for c in cards]
    if any(x in held or arriving.count(x) > 1 for x in arriving):
        fired("TL-DEPART-PILES")
    d.won[p].extend(cards)

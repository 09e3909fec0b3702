"""Build a small teaching position without a whole game: name the vehicles and what their cages
hold, the cards each player revealed, hands, dock... Everything not named is empty."""

from __future__ import annotations

from rulebook.common.rng import Rng

from .cards import CardSet, default_cards
from .rules import default_rulings
from .state import Berth, State


def puzzle(
    players: int = 3,
    *,
    phase: str = "load",
    row: dict[str, list[list[str]]] | None = None,
    chosen: list[list[str]] | None = None,
    hands: list[list[str]] | None = None,
    dock: list[str] = (),
    draw: list[str] = (),
    vpile: list[str] = (),
    bonus: list[str] = ("Bonus-Zo", "Bonus-Ni"),
    won: list[list[str]] | None = None,
    veh: list[list[str]] | None = None,
    prison: list[list[str]] | None = None,
    gat: list[list[str]] | None = None,
    rulings: dict[str, str] | None = None,
    seed: int = 0,
    cards: CardSet | None = None,
) -> State:
    """A position checked by a notation round trip (unknown or repeated cards are refused)."""
    cards = cards or default_cards()

    def pp(x):
        return [list(v) for v in x] if x is not None else [[] for _ in range(players)]

    berths = []
    for vid, cages in (row or {}).items():
        n = len(cards.vehicles[vid].cages) if vid in cards.vehicles else len(cages)
        full = [list(c) for c in cages] + [[] for _ in range(n - len(cages))]
        berths.append(Berth(vid, full))
    s = State(
        players=players,
        hands=pp(hands),
        draw=list(draw),
        dock=list(dock),
        row=berths,
        vpile=list(vpile),
        bonus=list(bonus),
        phase=phase,
        chosen=pp(chosen),
        won=pp(won),
        veh=pp(veh),
        prison=pp(prison),
        gat=pp(gat),
        rng=Rng(seed),
        rulings=default_rulings(**(rulings or {})),
        cards=cards,
    )
    return State.parse(str(s), cards)

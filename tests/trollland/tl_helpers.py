"""Small Trollland positions for the tests (stand-in card data; see rulebook/trollland/data)."""

from __future__ import annotations

from rulebook.common.rng import Rng
from rulebook.trollland import Berth, State, default_cards, default_rulings

CARDS = default_cards()


def berth(vid: str, *cages: list[str]) -> Berth:
    caps = CARDS.vehicles[vid].cages
    cages = list(cages) + [[] for _ in range(len(caps) - len(cages))]
    return Berth(vid, [list(c) for c in cages])


def pos(
    players: int = 3,
    *,
    phase: str = "load",
    row=(),
    chosen=None,
    hands=None,
    dock=(),
    draw=(),
    vehicle_pile=(),
    bonus=("Bonus-Zo", "Bonus-Ni"),
    won=None,
    vehicles_won=None,
    prison=None,
    trollgat=None,
    to_move=None,
    rulings=None,
) -> State:
    def pp(x):
        return [list(v) for v in x] if x is not None else [[] for _ in range(players)]

    return State(
        players=players,
        hands=pp(hands),
        draw=list(draw),
        dock=list(dock),
        row=list(row),
        vehicle_pile=list(vehicle_pile),
        bonus=list(bonus),
        phase=phase,
        to_move=to_move,
        chosen=pp(chosen),
        won=pp(won),
        vehicles_won=pp(vehicles_won),
        prison=pp(prison),
        trollgat=pp(trollgat),
        rng=Rng(5),
        rulings=rulings or default_rulings(),
    )


def zom_example() -> State:
    """Seed 002 'Example: loading the Zoms': two vehicles left; the Dragon (V12) has a Zom cage
    holding one card; A, B, C reveal Zoms 6, 10, 13."""
    return pos(
        3,
        row=[berth("V12", ["Zo2"], ["Bi2"], []), berth("V06", ["Zo1"], ["Ni5"])],
        chosen=[["Zo6"], ["Zo10"], ["Zo13"]],
        hands=[["Go1", "Go2"], ["Go4", "Go5"], ["Go7", "Go8"]],
        draw=["Ze1", "Ze3", "Ze4", "Ze5", "Ze6", "Ze8", "Ze9"],
        vehicle_pile=["V01", "V02", "V03"],
    )

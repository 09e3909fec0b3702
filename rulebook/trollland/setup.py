"""Setting up: a new game (TL-SETUP-*) and small teaching positions (``puzzle``)."""

from __future__ import annotations

from collections.abc import Mapping

from rulebook.common.codecs import check_seed
from rulebook.common.errors import NotationError
from rulebook.common.game import fired
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet

from .cards import CardSet, default_cards
from .catalog import default_rulings, refuse
from .state import OWN_STEPS, Berth, State, parse


def _rulings(rulings) -> RulingSet:
    if rulings is None:
        return default_rulings()
    if isinstance(rulings, RulingSet):
        return rulings
    if isinstance(rulings, Mapping):
        return default_rulings(**rulings)
    raise TypeError(f"rulings are a mapping ID -> option, not {type(rulings).__name__}")


def new_game(players: int = 3, seed: int = 0, rulings=None, cards: CardSet | None = None) -> State:
    """Set up a game (TL-SETUP-*): 5 vehicles face up, 2 bonus cards, 5 cards each, and the dock
    filled until 5 pest cards show (Trolls revealed meanwhile are shuffled back)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
        raise refuse("TL-SETUP-PLAYERS", f"Trollland is for 2 to 5 players, not {players!r}")
    check_seed(seed)
    cards = cards or default_cards()
    cards.check_players(players)
    rng = Rng(seed)
    vehicles, rng = rng.shuffled(sorted(cards.vehicles))
    bonus, rng = rng.shuffled(sorted(cards.bonus))
    draw, rng = rng.shuffled(sorted(cards.people))
    draw = list(draw)
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(5):
        for p in range(players):
            hands[p].append(draw.pop(0))
    dock: list[str] = []
    trolls: list[str] = []
    while len(dock) < 5:
        cid = draw.pop(0)
        (trolls if cards.people[cid].is_troll else dock).append(cid)
    if trolls:
        draw, rng = rng.shuffled(draw + trolls)
    fired(
        "TL-SETUP-PLAYERS", "TL-SETUP-VEHICLES", "TL-SETUP-BONUS", "TL-SETUP-DEAL", "TL-SETUP-DOCK"
    )
    return State(
        players=players,
        hands=hands,
        draw=draw,
        dock=dock,
        row=[(v, [() for _ in cards.vehicles[v].cages]) for v in vehicles[:5]],
        vehicle_pile=vehicles[5:],
        bonus=bonus[:2],
        rng=rng,
        rulings=_rulings(rulings),
        cards=cards,
    )


PLACES = ("hands", "chosen", "dock", "draw", "vehicle_pile", "won", "vehicles_won", "prison",
          "trollgat")  # fmt: skip


def puzzle(players: int = 3, *, phase: str = "load", row: dict[str, list[list[str]]] | None = None,
           bonus=("Bonus-Zo", "Bonus-Ni"), to_move: int | None = None, rulings=None, seed: int = 0,
           cards: CardSet | None = None, **places) -> State:  # fmt: skip
    """A teaching position without a whole game: name the vehicles and what their cages hold,
    and the cards of any of ``PLACES`` (``chosen``: the cards each player revealed). Everything
    not named is empty. Checked by a notation round trip (unknown or repeated cards are refused
    with a NotationError)."""
    unknown = sorted(set(places) - set(PLACES))
    if unknown:
        raise TypeError(f"puzzle() got unexpected keyword argument(s): {', '.join(unknown)}")
    cards = cards or default_cards()
    if to_move is not None and phase not in OWN_STEPS:
        raise NotationError(
            "to_move is given only for the king-return and arrow steps (the cards tell the others)",
            where="pending",
        )
    berths = []
    for vid, cages in (row or {}).items():
        n = len(cards.vehicles[vid].cages) if vid in cards.vehicles else len(cages)
        berths.append(Berth(vid, [*cages, *([()] * (n - len(cages)))]))
    given = {name: places.get(name) or () for name in PLACES}
    s = State(players=players, row=berths, bonus=bonus, phase=phase, to_move=to_move, rng=Rng(seed),
              rulings=_rulings(rulings), cards=cards, **given)  # fmt: skip
    return parse(str(s), cards)

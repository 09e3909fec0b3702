"""Final scoring (TL-SCORE-*): suitcases of each pile's top card, doubled with the people's
companion animal (0), medals of vehicles, imprisoned Trolls and bonus cards, bonus awards, and
-2 per refugee."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.common.game import fired

from .cards import PEOPLES
from .state import State


@dataclass
class Score:
    player: int
    piles: dict[str, int] = field(default_factory=dict)  # people -> points (after doubling)
    vehicle_medals: int = 0
    troll_medals: int = 0
    bonus_medals: int = 0
    bonus_won: list[str] = field(default_factory=list)
    refugees: int = 0  # the penalty (negative or 0)

    @property
    def total(self) -> int:
        return (
            sum(self.piles.values())
            + self.vehicle_medals
            + self.troll_medals
            + self.bonus_medals
            + self.refugees
        )

    def lines(self) -> list[str]:
        """The breakdown in words, one line per item, in a fixed order."""
        out = [f"refugees: {self.refugees}"]
        out.append(f"imprisoned Troll medals: {self.troll_medals}")
        out.append(f"vehicle medals: {self.vehicle_medals}")
        for people, pts in self.piles.items():
            out.append(f"{people} pile: {pts}")
        out.append(f"bonus medals: {self.bonus_medals} ({', '.join(self.bonus_won) or 'none'})")
        out.append(f"total: {self.total}")
        return out


def every_pile(s: State) -> list[dict[str, list[str]]]:
    """Each player's piles (``s.piles``), worked out once for all the scores (speed: PERF.md
    "Trollland: the winners kept")."""
    return [s.piles(p) for p in range(s.players)]


def pile_points(s: State, player: int, piles: dict | None = None) -> dict[str, int]:
    """TL-SCORE-SUITCASES and TL-SCORE-COMPANION, per people (``piles``: the player's, if known)."""
    people = s.cards.people
    out = {}
    for name, pile in (s.piles(player) if piles is None else piles).items():
        top = people[pile[-1]]
        has_zero = any(people[c].number == 0 for c in pile)
        fired("TL-SCORE-SUITCASES")
        if has_zero:
            fired("TL-SCORE-COMPANION")
        out[name] = top.suitcases * (2 if has_zero else 1)
    return out


def bonus_winner(s: State, people: str, piles: list | None = None) -> int | None:
    """TL-SCORE-BONUS: most cards of that people; a tie goes to the lowest-numbered card
    (``piles``: ``every_pile(s)``, if known)."""
    best = None
    for p, by_people in enumerate(every_pile(s) if piles is None else piles):
        pile = by_people.get(people)
        if not pile:
            continue
        key = (-len(pile), min(s.cards.people[c].number for c in pile))
        if best is None or key < best[0]:
            best = (key, p)
    return None if best is None else best[1]


def bonus_winners(s: State, piles: list | None = None) -> dict[str, int | None]:
    """Each bonus card's winner (``bonus_winner``), worked out once for all the players'
    scores (``piles``: ``every_pile(s)``, if known)."""
    piles = every_pile(s) if piles is None else piles
    return {bid: bonus_winner(s, s.cards.bonus[bid].people, piles) for bid in s.bonus}


def score(s: State, player: int, piles: list | None = None, bonus: dict | None = None) -> Score:
    """The player's score (``piles``: ``every_pile(s)``, and ``bonus``: ``bonus_winners(s)``,
    if known)."""
    piles = every_pile(s) if piles is None else piles
    bonus = bonus_winners(s, piles) if bonus is None else bonus
    sc = Score(player, piles=pile_points(s, player, piles[player]))
    # TL-SCORE-MEDALS: one point per medal on won vehicles, imprisoned Trolls and bonus cards
    sc.vehicle_medals = sum(s.cards.vehicles[v].medals for v in s.vehicles_won[player])
    sc.troll_medals = sum(s.cards.people[t].medals for t in s.prison[player])
    for bid in s.bonus:
        b = s.cards.bonus[bid]
        if bonus[bid] == player:
            fired("TL-SCORE-BONUS")
            sc.bonus_medals += b.medals
            sc.bonus_won.append(bid)
    if sc.vehicle_medals or sc.troll_medals or sc.bonus_medals:
        fired("TL-SCORE-MEDALS")
    sc.refugees = -2 * len(s.trollgat[player])  # TL-SCORE-REFUGEES
    if sc.refugees:
        fired("TL-SCORE-REFUGEES")
    return sc


def scores(s: State) -> list[Score]:
    piles = every_pile(s)
    bonus = bonus_winners(s, piles)
    return [score(s, p, piles, bonus) for p in range(s.players)]


def winners(s: State) -> list[int]:
    """TL-SCORE-WINNER: the player(s) with the highest total (a list in case of a tie)."""
    totals = [sc.total for sc in scores(s)]
    fired("TL-SCORE-WINNER")
    return [p for p, t in enumerate(totals) if t == max(totals)]


__all__ = [
    "PEOPLES",
    "Score",
    "bonus_winner",
    "bonus_winners",
    "every_pile",
    "pile_points",
    "score",
    "scores",
    "winners",
]

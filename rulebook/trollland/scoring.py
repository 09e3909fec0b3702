"""Final scoring (TL-SCORE-*): suitcases of each pile's top card, doubled with the people's
companion animal (0), medals of vehicles, imprisoned Trolls and bonus cards, bonus awards, and
-2 per refugee."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.common.game import fired

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


def pile_points(s: State, player: int) -> dict[str, int]:
    """TL-SCORE-SUITCASES: "for each pile [...] a number of zeal points equal to the number of
    suitcases shown on its highest-numbered card"; TL-SCORE-COMPANION: "the player who holds the
    card numbered 0 has their score in that colour doubled"."""
    people = s.cards.people
    out = {}
    for name, pile in s.piles(player).items():
        has_zero = any(people[c].number == 0 for c in pile)
        fired("TL-SCORE-SUITCASES")
        if has_zero:
            fired("TL-SCORE-COMPANION")
        out[name] = people[pile[-1]].suitcases * (2 if has_zero else 1)
    return out


def bonus_winner(s: State, people: str) -> int | None:
    """TL-SCORE-BONUS: "the player who owns the most cards of that colour receives the bonus. In
    case of a tie, the player holding the card of lowest number wins"."""
    held = [(-len(pile), min(s.cards.people[c].number for c in pile), p)
            for p in range(s.players) if (pile := s.piles(p).get(people))]  # fmt: skip
    return min(held)[2] if held else None


def score(s: State, player: int) -> Score:
    sc = Score(player, piles=pile_points(s, player))
    # TL-SCORE-MEDALS: one point per medal on won vehicles, imprisoned Trolls and bonus cards
    sc.vehicle_medals = sum(s.cards.vehicles[v].medals for v in s.vehicles_won[player])
    sc.troll_medals = sum(s.cards.people[t].medals for t in s.prison[player])
    for bid in s.bonus:
        b = s.cards.bonus[bid]
        if bonus_winner(s, b.people) == player:
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
    return [score(s, p) for p in range(s.players)]


def winners(s: State) -> list[int]:
    """TL-SCORE-WINNER: the player(s) with the highest total (a list in case of a tie)."""
    totals = [sc.total for sc in scores(s)]
    fired("TL-SCORE-WINNER")
    return [p for p, t in enumerate(totals) if t == max(totals)]

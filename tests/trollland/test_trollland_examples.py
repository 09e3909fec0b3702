"""The rulebook's worked examples (seed 002) as tests."""

from __future__ import annotations

from tl_helpers import CARDS, pos, zom_example

from rulebook.trollland import apply_action, score
from solvers.trollland import from_state, solve_search, solve_z3


def sixteen_point_position():
    """Seed 002 'Example: Final Score': refugees 3 cards, 4 Troll medals, 4 vehicle medals, Zoms
    2 suitcases doubled + Zom bonus (3 medals), Zelfs 2, Nins 3, Gobs 2."""
    return pos(
        2,
        phase="over",
        trollgat=[["Bi1", "Bi2", "Go3"], []],
        prison=[["T4a", "T5a"], []],
        vehicles_won=[["V14", "V03"], []],
        won=[["Zo0", "Zo5", "Ze6", "Ni9", "Go7"], ["Ze1"]],
        bonus=["Bonus-Zo", "Bonus-Bi"],
    )


def test_final_score_example_is_16():
    # the chosen stand-in cards carry exactly the example's figures
    assert [CARDS.people[c].suitcases for c in ("Zo5", "Ze6", "Ni9", "Go7")] == [2, 2, 3, 2]
    assert CARDS.people["T4a"].medals + CARDS.people["T5a"].medals == 4
    assert CARDS.vehicles["V14"].medals + CARDS.vehicles["V03"].medals == 4
    sc = score(sixteen_point_position(), 0)
    assert sc.refugees == -6  # TL-SCORE-REFUGEES
    assert sc.troll_medals == 4 and sc.vehicle_medals == 4  # TL-SCORE-MEDALS
    assert sc.piles == {"Zo": 4, "Ze": 2, "Ni": 3, "Go": 2}  # TL-SCORE-SUITCASES/COMPANION
    assert sc.bonus_won == ["Bonus-Zo"] and sc.bonus_medals == 3  # TL-SCORE-BONUS
    assert sc.piles["Zo"] + sc.bonus_medals == 7
    assert sc.total == 16


def test_zom_example_engine_and_solvers_agree():
    s = zom_example()
    pb = from_state(s)
    for result in (solve_search(pb), solve_z3(pb)):
        assert result.refugees == 2
        assert str(result.placements[0]) == "P1: Zo6 -> V12.1"
        assert [p.dest for p in result.placements[1:]] == ["Trollgat", "Trollgat"]
    s = apply_action(s, "place Zo6 V12.1")
    s = apply_action(s, "gat Zo10")
    s = apply_action(s, "gat Zo13")
    assert sum(len(g) for g in s.trollgat) == 2


def test_bimbo_example_two_choices():
    # A: load the question-mark Bimbo into a free Dragon cage, or B: put it on the dock and load
    # a dock card that completes the Caterpillar (which departs, earning its zeal points)
    from tl_helpers import berth

    s = pos(2, row=[berth("V12", [], [], ["Go1"]), berth("V07", ["Bi1", "Bi2"], ["Ze3"])],
            chosen=[["Bi6"], []], dock=["Ze4", "Ni8"])  # fmt: skip
    a = apply_action(s, "place Bi6 V12.1")
    b = apply_action(s, "swap Bi6 Ze4 V07.2")
    assert a.vehicles_won[0] == () and b.vehicles_won[0] == ("V07",)

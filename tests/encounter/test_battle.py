"""Battle resolution, the rulebook's worked examples and the star-effect rulings."""

from __future__ import annotations

import pytest

from rulebook.encounter import BattleRules, default_cards, resolve
from rulebook.encounter.building import composition_problem

CARDS = default_cards()
BASE = BattleRules()
SIN = BattleRules(sin=True)


def test_example_1_levels_13_vs_14_RE_RESOLVE_LEVELS():
    # rulebook Battle Example 1: 3+6+4 = 13 VS 9+5 = 14 (Winner!)  -- RE-RESOLVE-LEVELS
    r = resolve(["Y3a", "Y6a", "Y4a"], ["Y9a", "Y5a"], CARDS)
    assert (r.winner, r.levels, r.decided_by) == ("B", (13, 14), "levels")


def test_example_2_troll_king_autolose_RE_STAR_RED():
    # rulebook Battle Example 2: 11+1 = 12 BUT Troll King = Autolose! VS 10+1 = 11 -- RE-STAR-RED
    r = resolve(["TK", "Y1a"], ["Y10a", "Y1b"], CARDS)
    assert (r.winner, r.levels, r.decided_by) == ("B", (12, 11), "effects")
    # the Troll King's autolose is printed on the card, so it holds under the seed-only reading too
    seed_only = BattleRules(star="seed-only")
    assert resolve(["TK", "Y1a"], ["Y10a", "Y1b"], CARDS, seed_only).winner == "B"


def test_example_3_three_level_3_make_18_RE_VAR_SIN():
    # rulebook Level 2: three level 3 cards become level 18 instead of 9 -- RE-VAR-SIN
    r = resolve(["Y3a", "Y3b", "Y3c"], ["Y9a", "Y8a"], CARDS, SIN)
    assert r.levels == (18, 17) and r.winner == "A"
    assert resolve(["Y3a", "Y3b", "Y3c"], ["Y9a", "Y8a"], CARDS).winner == "B"  # 9 vs 17 without


def test_sin_single_card_ruling_RER_SIN_SINGLE():
    # RER-SIN-SINGLE: a lone card doubles only under any-size
    assert resolve(["Y6a"], ["Y10a"], CARDS, SIN).winner == "B"
    any_size = BattleRules(sin=True, sin_single="any-size")
    assert resolve(["Y6a"], ["Y8a", "Y3a"], CARDS, any_size).levels == (12, 11)
    assert resolve(["Y3a", "Y4a"], ["Y8a"], CARDS, SIN).levels == (7, 8)  # mixed levels: no double


def test_tie_RE_RESOLVE_TIE():
    # RE-RESOLVE-TIE: equal levels, no effects -> tie
    assert resolve(["Y5a", "Y2a"], ["Y7a"], CARDS).winner == "tie"


def test_blue_always_wins_RE_STAR_BLUE():
    # RE-STAR-BLUE: blue beats a higher level ...
    r = resolve(["B1"], ["Y10a", "Y9a"], CARDS)
    assert (r.winner, r.decided_by) == ("A", "effects")
    # ... unless facing red: the blue is cancelled, and red always loses
    r = resolve(["B1", "Y2a"], ["R1", "Y10a"], CARDS)
    assert r.winner == "A" and "cancelled" in r.steps[1]
    # both blue: levels decide
    assert resolve(["B1"], ["B4"], CARDS).decided_by == "levels"


def test_both_red_fall_back_to_levels_RE_STAR_RED():
    # RE-STAR-RED: two always-lose encounters -> no clear winner -> levels
    r = resolve(["R1"], ["R2"], CARDS)
    assert (r.winner, r.decided_by) == ("B", "levels")


def test_green_swaps_RE_STAR_GREEN():
    # RE-STAR-GREEN: A (green + low cards) fights with B's strong encounter
    r = resolve(["G1", "Y1a"], ["Y10a", "Y9a"], CARDS)
    assert r.swapped and r.winner == "A" and r.levels == (19, 2)
    # green on both sides: two swaps cancel (RER-GREEN-BOTH default) ...
    r = resolve(["G1", "Y1a"], ["G2", "Y9a"], CARDS)
    assert not r.swapped and r.winner == "B"
    # ... or one swap under the alternative
    r = resolve(["G1", "Y1a"], ["G2", "Y9a"], CARDS, BattleRules(green_both="one-swap"))
    assert r.swapped and r.winner == "A"


def test_resolution_order_green_blue_red_levels_RE_RESOLVE_ORDER():
    # RE-RESOLVE-ORDER: green swap happens before blue is looked at. A holds the blue card but a
    # green on B's side swaps, so B fights with the blue and wins.
    r = resolve(["B1", "Y1a"], ["G1", "Y10a"], CARDS)
    assert [s.split(":")[0] for s in r.steps[:3]] == ["green (B)", "blue", "red"]
    assert r.swapped and r.winner == "B"


def test_seed_only_ruling_disables_colour_effects_RER_STAR_EFFECTS():
    # RER-STAR-EFFECTS=seed-only: blue and green are plain levels
    rules = BattleRules(star="seed-only")
    assert resolve(["B1"], ["Y10a"], CARDS, rules).winner == "B"
    assert not resolve(["G1", "Y1a"], ["Y10a"], CARDS, rules).swapped
    assert resolve(["R1"], ["Y2a"], CARDS, rules).winner == "A"  # R1 has no printed effect


def test_composition_rules_RE_COMPOSE_RED_BLUE_RE_COMPOSE_GREEN():
    # RE-COMPOSE-RED-BLUE and RE-COMPOSE-GREEN
    assert composition_problem(["R1", "B1"], CARDS).rule_id == "RE-COMPOSE-RED-BLUE"
    assert composition_problem(["TK", "Y1a", "B2"], CARDS).rule_id == "RE-COMPOSE-RED-BLUE"
    assert composition_problem(["G1"], CARDS).rule_id == "RE-COMPOSE-GREEN"
    assert composition_problem(["G1", "G2"], CARDS) is None
    assert composition_problem(["G1", "R1"], CARDS) is None


@pytest.mark.parametrize("a,b", [(["Y3a"], ["Y4a"]), (["B1"], ["R1"]), (["G1", "Y2a"], ["Y9a"])])
def test_swapping_sides_mirrors_the_result(a, b):
    w = {"A": "B", "B": "A", "tie": "tie"}
    assert resolve(b, a, CARDS).winner == w[resolve(a, b, CARDS).winner]


# ---- issue 10: a battle of encounters no table can produce is refused, naming the rule ----------


@pytest.mark.parametrize(
    "a,b,rule",
    [
        (["R1", "B1"], ["Y2a"], "RE-COMPOSE-RED-BLUE"),
        (["Y2a"], ["B2", "Y3a", "R2"], "RE-COMPOSE-RED-BLUE"),
        (["G1"], ["Y2a"], "RE-COMPOSE-GREEN"),
        (["Y2a", "Y2a"], ["Y3a"], "RE-COMP-DECK"),  # one card twice on one side
        (["Y2a"], ["Y2a", "Y3a"], "RE-COMP-DECK"),  # the same card on both sides
    ],
)
def test_battle_refuses_impossible_encounters(a, b, rule):
    from rulebook.common.errors import RuleError
    from rulebook.encounter import require_buildable_battle
    from solvers.encounter.odds import battle_outcome

    for ask in (lambda: require_buildable_battle(a, b, CARDS), lambda: battle_outcome(a, b, CARDS)):
        with pytest.raises(RuleError) as e:
            ask()
        assert e.value.rule_id == rule


def test_battle_bench_reads_fields_and_refuses_bad_input():
    from rulebook.common.errors import NotationError, RuleError
    from rulebook.encounter.skirmish import Skirmish

    bench = Skirmish().apply("A+Y3a").apply("B+Y9a")
    assert (bench.a, bench.b) == (("Y3a",), ("Y9a",)) and bench.result().winner == "B"
    assert bench.apply("A-Y3a").a == ()
    with pytest.raises(RuleError) as e:
        bench.apply("A+Y9a")  # already on side B
    assert e.value.rule_id == "RE-COMP-DECK"
    for bad in ("C+Y3a", "A*Y3a", "A+", "A+Y3a,Y4a", ""):
        with pytest.raises(NotationError):
            bench.apply(bad)


def test_a_battle_records_each_ruling_where_it_decides():
    """RER-STAR-EFFECTS where a star ability takes part, RER-GREEN-BOTH where both sides have
    green, RER-SIN-SINGLE where Strength in Numbers meets a one-card encounter; none elsewhere."""
    from rulebook.common.game import tracing

    def rulings(a, b, rules=BASE):
        with tracing() as ids:
            resolve(a, b, CARDS, rules)
        return {i for i in ids if i.startswith("RER-")}

    assert rulings(["Y3a", "Y6a"], ["Y9a", "Y5a"], SIN) == set()
    assert rulings(["B1"], ["Y10a"]) == {"RER-STAR-EFFECTS"}
    assert rulings(["G1", "Y1a"], ["G2", "Y9a"]) == {"RER-STAR-EFFECTS", "RER-GREEN-BOTH"}
    assert rulings(["Y6a"], ["Y10a", "Y9a"], SIN) == {"RER-SIN-SINGLE"}
    assert rulings(["Y6a"], ["Y10a", "Y9a"]) == set()  # no Strength in Numbers: nothing to read

"""Rules at the far end of a long game (solvers/verify/deep.py): T-MOVEMENT-RESHUFFLE and
RE-ROUND-CAP, which no random playout of the stored budgets reached before."""

import pytest

import rulebook
from solvers.verify import store
from solvers.verify.clock import Clock
from solvers.verify.deep import NOTES, deep_rules, deep_search
from solvers.verify.trace import replay, shows
from solvers.verify.witness import NoWitness, to_trace, witness


def test_a_beam_draws_the_whole_movement_deck_under_the_default_rulings():
    """Random games draw at most about 40 of the 52 cards; the beam keeps the games drawing
    most while Trogdor stays healthy, and the reshuffle fires from a plain deal."""
    game = rulebook.game("trogdor")
    found, beams = deep_search(game, "T-MOVEMENT-RESHUFFLE", seed=0)
    assert found is not None and beams <= 4
    assert found.start.position is None and found.start.rulings == {}
    t = to_trace(game, "T-MOVEMENT-RESHUFFLE", found, cost=beams)
    assert shows(t) and t.note == ""  # a deal: nothing to explain
    drawn = sum(ids.count("T-MOVEMENT-CARD") for ids in replay(t).fired)
    assert drawn > 52  # the whole deck, then a card from the reshuffled one


def test_the_round_cap_is_witnessed_from_a_deal_at_the_cap_and_says_so():
    """witness() goes deep when its playouts miss; the round cap's beam starts at the cap."""
    from rulebook.encounter.state import ROUND_CAP

    t = witness("encounter", "RE-ROUND-CAP", budget=1)
    assert shows(t) and f" round={ROUND_CAP} " in t.start.position
    assert t.note == NOTES["RE-ROUND-CAP"] and "engine bound" in t.note


def test_a_deep_search_ends_on_its_clock():
    clock = Clock(0.0)
    found, beams = deep_search(rulebook.game("trogdor"), "T-MOVEMENT-RESHUFFLE", clock=clock)
    assert found is None and beams == 0 and clock.ran_out
    with pytest.raises(NoWitness, match="the clock ran out"):
        witness("encounter", "RE-ROUND-CAP", budget=100_000, seconds=0.5)


def test_only_rules_with_a_measure_go_deep():
    game = rulebook.game("trogdor")
    assert deep_rules(game, {"T-MOVEMENT-RESHUFFLE", "T-MOVE", "RE-ROUND-CAP"}) == [
        "T-MOVEMENT-RESHUFFLE"
    ]


@pytest.mark.parametrize(("game", "rule"), [("trogdor", "T-MOVEMENT-RESHUFFLE"),
                                            ("encounter", "RE-ROUND-CAP")])  # fmt: skip
def test_the_two_rules_once_missed_are_stored_and_replay(game, rule):
    data = store.load(game)
    assert rule not in data["missed"] and shows(data["witnesses"][rule])
    if data["witnesses"][rule].start.position is not None:  # not a deal: the note says why
        assert data["witnesses"][rule].note


def test_shrinking_stops_on_the_clock():
    from solvers.verify.search import Found
    from solvers.verify.shrink import shrink
    from solvers.verify.witness import WitnessStepper

    game = rulebook.game("trogdor")
    t = store.load("trogdor")["witnesses"]["T-MOVEMENT-RESHUFFLE"]
    stepper = WitnessStepper(game, t.rule, Found(t.start, t.actions, None, 0))
    late = Clock(0.0)
    assert shrink(stepper, t.actions, clock=late).actions == t.actions  # as found, not shrunk
    assert shrink(stepper, t.actions, tries=5).tries == 5  # without a clock it does shrink

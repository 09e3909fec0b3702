"""Ruling differences and claims on small budgets."""

import sys
from pathlib import Path

import pytest

from rulebook.common.errors import TrogkitInputError
from solvers.verify.claims import check, check_rate, still_refutes
from solvers.verify.differ import differ, parts_at_end

sys.path.insert(0, str(Path(__file__).parent))
import claims_planted as planted  # noqa: E402

CLAIMS = Path(__file__).with_name("claims_planted.py")


def test_differ_finds_a_short_parting_game_in_seeded_playouts():
    t = differ("trogdor", "TR-PASS-AP", budget=3, gallery=False)
    assert t.versus == {"TR-PASS-AP": "keep"} and t.start.position is None
    assert parts_at_end(t) and t.length <= t.found_length <= 10


def test_differ_starts_from_the_gallery_scenario_of_the_ruling():
    t = differ("encounter-solo", "RER-SOLO-TIE", budget=1)
    assert t.start.position is not None and parts_at_end(t) and t.length <= 3


def test_differ_refuses_unknown_rulings_and_options():
    with pytest.raises(TrogkitInputError, match="not a ruling"):
        differ("trogdor", "TR-NOPE")
    with pytest.raises(TrogkitInputError, match="no other option"):
        differ("trogdor", "TR-PASS-AP", option="forfeit")


@pytest.mark.parametrize(
    "game, claim",
    [
        ("trogdor", planted.trogdor_health_never_drops),
        ("trollland", planted.trollland_first_hand_kept),
        ("encounter", planted.encounter_hand_of_nine),
        ("encounter-solo", planted.solo_never_leaves_the_ride),
    ],
)
def test_planted_false_claim_gets_a_counterexample_of_a_few_actions(game, claim):
    r = check(game, claim, games=5)
    assert not r.holds
    assert r.counterexample.length <= 4
    assert still_refutes(r.counterexample, claim)


def test_true_claim_has_no_counterexample():
    r = check("trogdor", planted.trogdor_health_never_negative, games=5, depth=2)
    assert r.holds and r.counterexample is None and r.positions > 5


def test_a_claim_random_games_miss_is_refuted_by_the_exhaustive_search():
    """'Health at most four' survives a few random games, but a chomped Peasant joins the
    Trog-Meter (seed 000): five actions from the start show it."""
    assert check("trogdor", planted.trogdor_health_at_most_four, games=3).holds
    r = check("trogdor", planted.trogdor_health_at_most_four, games=0, depth=5)
    assert not r.holds and r.counterexample.actions[-1] == "chomp"
    assert still_refutes(r.counterexample, planted.trogdor_health_at_most_four)


def test_step_claim_exhaustive_gives_the_shallowest_counterexample():
    r = check("trogdor", planted.no_move_ever, games=0, depth=4)
    assert r.counterexample.actions[-1].startswith("move")
    assert r.counterexample.length == 3  # draw, a card, then the first move


def test_claim_from_a_file_on_two_workers_matches_one():
    spec = f"{CLAIMS}:trogdor_health_never_drops"
    one = check("trogdor", spec, games=4)
    two = check("trogdor", spec, games=4, workers=2)
    assert one.counterexample == two.counterexample


def test_statistical_claim_verdicts():
    r = check_rate("trogdor", planted.trogdor_lost, games=40)
    assert r["verdict"] == "supported" and r["ci95"][0] > 0.5
    with pytest.raises(TrogkitInputError, match="more_often_than"):
        check_rate("trogdor", planted.trogdor_health_at_most_four, games=2)


def test_bad_claims():
    with pytest.raises(TrogkitInputError, match="FILE.py:NAME"):
        check("trogdor", "nofile.py:x", games=1)
    with pytest.raises(TrogkitInputError, match="no function"):
        check("trogdor", f"{CLAIMS}:missing", games=1)
    with pytest.raises(TrogkitInputError, match="arguments"):
        check("trogdor", lambda a, b: True, games=1)


def test_once_the_other_option_refused_an_action_its_side_stays_refused():
    from rulebook import game as game_named
    from solvers.verify.differ import PairStepper, Start

    game = game_named("encounter")
    stepper = PairStepper(game, Start(seed=3), {"RER-STAR-EFFECTS": "seed-only"})
    (a, _b), _ = stepper.first()
    action = game.legal_actions(a)[0]
    (a2, b2), parted = stepper.next((a, None), action)
    assert b2 is None and parted and a2 is not None

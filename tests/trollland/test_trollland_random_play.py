"""Random-play contract through the protocol: seeded whole games end within the declared maximum
length, keep every invariant, and replay exactly."""

from __future__ import annotations

import dataclasses

import pytest

from rulebook.common.errors import NotationError
from rulebook.common.game import random_game
from rulebook.trollland import puzzle, scores
from rulebook.trollland.game import GAME


@pytest.mark.heavy  # starts first under xdist (conftest.py)
def test_thousand_games_end_and_replay():
    finals = {}
    lengths = []
    for seed in range(1000):
        p = random_game(GAME, seed, players=2 + seed % 4)
        assert GAME.is_terminal(p.final) and GAME.outcome(p.final)
        assert not GAME.invariants(p.final)
        scores(p.final)  # scoring an ended game never fails
        finals[seed] = str(p.final)
        lengths.append(p.length)
    assert max(lengths) <= GAME.max_length
    assert all(" phase=over " in t for t in finals.values())
    for seed in range(0, 1000, 50):  # same seed -> same game
        assert str(random_game(GAME, seed, players=2 + seed % 4).final) == finals[seed]
    assert len(set(finals.values())) == 1000  # different seeds really differ


def test_invariants_hold_after_every_action():
    for seed in range(30):
        s = GAME.new_game(seed, players=2 + seed % 4)
        actions = random_game(GAME, seed, players=2 + seed % 4).actions
        for a in actions:
            s = GAME.apply(s, a)
            assert GAME.invariants(s) == [], (seed, a)


def test_invariants_report_a_lost_card_and_a_full_vehicle():
    s = GAME.new_game(1, players=2)
    lost = dataclasses.replace(s, dock=s.dock[1:])
    assert any("missing" in x for x in GAME.invariants(lost))
    with pytest.raises(NotationError, match="missing from a dealt game"):
        GAME.parse(str(lost))  # what breaks an invariant does not parse
    full = puzzle(2, phase="choose", row={"V01": [["Bi0"]]}, hands=[["Zo1"], ["Zo2"]])
    # (1-card hands cannot choose two: the position is also stuck, which invariants now say)
    assert GAME.invariants(full)[0] == "V01 is full but has not departed"


def test_rules_report_when_they_take_effect():
    # TL-DEPART-FULL, TL-BANISH-ORDER; a first Zom card starts its pile: TL-DEPART-PILES (the
    # highest on top) has nothing to order, so it does not fire (issue 35: a rule fires only
    # where it acts); a second Zom card does
    s = puzzle(2, row={"V01": []}, chosen=[["Zo3"], []], draw=["Ze1", "Ze2", "Ze3", "Ze4"])
    _, ids = GAME.apply_traced(s, "place Zo3 V01.1")
    assert {"TL-BANISH-ORDER", "TL-DEPART-FULL", "TL-END-DRAW"} <= set(ids)
    assert "TL-DEPART-PILES" not in ids
    s = puzzle(2, row={"V01": []}, chosen=[["Zo3"], []], draw=["Ze1", "Ze2", "Ze3", "Ze4"],
               won=[["Zo7"], []])  # fmt: skip
    t, ids = GAME.apply_traced(s, "place Zo3 V01.1")
    assert "TL-DEPART-PILES" in ids and t.piles(0)["Zo"] == ["Zo3", "Zo7"]
    seen: set[str] = set()
    for seed in range(40):
        s = GAME.new_game(seed, players=2 + seed % 4)
        for a in random_game(GAME, seed, players=2 + seed % 4).actions:
            s, ids = GAME.apply_traced(s, a)
            seen.update(ids)
    assert seen <= set(GAME.catalog.ids()) | set(GAME.rulings)  # rulings are traced too
    playable = {
        r for r in GAME.catalog.ids() if not r.startswith(("TL-COMP", "TL-SCORE", "TL-SETUP"))
    }
    refuse_only = {r.id for r in GAME.catalog if r.kind == "refusal"}  # they only ever refuse
    assert playable - seen == refuse_only, sorted(playable - seen)


def test_each_ask_for_the_winners_reports_the_scoring_rules():
    from rulebook.common.game import tracing
    from rulebook.trollland import scoring

    end = random_game(GAME, 4).final
    with tracing() as first:
        asked = GAME.winners(end)
    with tracing() as second:
        again = GAME.outcome(end)
    assert asked == again == tuple(scoring.winners(end))
    assert first == second and "TL-SCORE-WINNER" in first
    assert GAME.winners(GAME.fork(end)) == asked


def test_a_playout_on_one_working_copy_ends_where_perform_ends():
    """A whole game played by ``advance`` on the copy ``fork`` made leaves the State as it was
    and ends where ``perform`` (a fresh copy per action) ends."""
    s = GAME.new_game(4, players=4)
    before = str(s)
    copy = GAME.fork(s)
    frozen, actions = s, random_game(GAME, 4, players=4).actions
    for a in actions:
        copy = GAME.advance(copy, GAME.action(a))
        frozen = GAME.perform(frozen, GAME.action(a))
    assert str(s) == before and str(GAME.freeze(copy)) == str(frozen)
    assert GAME.is_terminal(frozen)


def test_all_the_scores_are_each_players_own_score():
    """``scores`` gives each player the score ``score`` works out alone, rules fired alike, and
    each bonus goes to its winner."""
    from rulebook.common.game import tracing
    from rulebook.trollland import scoring

    bonuses_won = 0
    for seed in range(40):
        end = random_game(GAME, seed, players=2 + seed % 4).final
        with tracing() as together:
            all_scores = scoring.scores(end)
        with tracing() as alone:
            one_by_one = [scoring.score(end, p) for p in range(end.players)]
        assert all_scores == one_by_one and together == alone
        for bid in end.bonus:
            winner = scoring.bonus_winner(end, end.cards.bonus[bid].people)
            assert all((bid in sc.bonus_won) == (sc.player == winner) for sc in all_scores)
        bonuses_won += sum(len(sc.bonus_won) for sc in all_scores)
    assert bonuses_won > 40  # the bonus awards are really compared

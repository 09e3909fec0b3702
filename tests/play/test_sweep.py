"""Sweeps: the record's fields, the same seeds giving the same record on every executor, ruling
comparison, rule counting through apply_traced, and the per-step rule checks that stop a sweep
with a seed and an action number that replay the failure."""

import argparse
import pickle

import pytest

import rulebook
from rulebook.common.errors import TrogkitInputError
from rulebook.common.game import fired
from solvers.play import play as play_module
from solvers.play import sweep
from solvers.play.agents import RandomAgent
from solvers.play.play import GameCheckFailed, Setup, play_game, replay
from solvers.play.positions import fields
from trogkit.commands import sweep as sweep_command


def test_record_has_exactly_the_documented_fields_and_consistent_counts():
    r = sweep.run("trogdor", games=12, seed=5, workers=1, progress=False)
    assert tuple(r) == sweep.FIELDS
    assert r["game"] == "trogdor" and r["games"] == 12 and r["agent"] == "random"
    assert sum(r["outcomes"].values()) == 12
    lo, hi = r["ci95"]
    assert lo <= r["win_rate"] <= hi
    assert sum(r["length_histogram"]["counts"]) == 12
    edges = r["length_histogram"]["edges"]
    assert edges == sorted(edges) and len(edges) == len(r["length_histogram"]["counts"]) + 1
    ids = sweep.rule_ids(rulebook.game("trogdor").catalog)
    assert sorted(r["rules_fired"]["counts"]) == ids
    never = [i for i in ids if r["rules_fired"]["counts"][i] == 0]
    assert r["rules_fired"]["never"] == never


def test_game_i_is_played_from_seed_s_plus_i():
    whole = sweep.run("trollland", games=6, seed=40, workers=1, progress=False)
    lengths = [play_game(Setup("trollland"), 40 + i)[0].length for i in range(6)]
    assert whole["mean_length"] == pytest.approx(sum(lengths) / 6)


SMALL = dict(game="trollland", games=8, agent="greedy", opponents="random", seed=3)
CHEAP = dict(SMALL, agent="random", games=12)


def test_same_seeds_same_record_in_process_and_on_local_processes():
    one = sweep.run(**SMALL, workers=1, progress=False)
    two = sweep.run(**SMALL, workers=2, progress=False)
    assert one == two


def test_same_seeds_same_record_on_a_dask_local_cluster_in_process():
    one = sweep.run(**CHEAP, workers=1, progress=False)
    dask = sweep.run(**CHEAP, dask="local", workers=2, dask_processes=False, progress=False)
    assert one == dask


def test_same_seeds_same_record_on_a_dask_local_cluster_with_processes():
    one = sweep.run(**CHEAP, workers=1, progress=False)
    dask = sweep.run(**CHEAP, dask="local", workers=2, progress=False)
    assert one == dask


def test_same_seeds_same_record_on_a_running_dask_scheduler():
    from dask.distributed import LocalCluster

    one = sweep.run(**CHEAP, workers=1, progress=False)
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = sweep.run(**CHEAP, dask=cluster.scheduler_address, progress=False)
    assert one == remote


def test_compare_runs_the_same_seeds_under_each_option():
    game = rulebook.game("trogdor")
    ruling = game.rulings["TR-PASS-AP"]
    r = sweep.run("trogdor", games=10, compare="TR-PASS-AP", workers=1, progress=False)
    c = r["compare"]
    assert c["ruling"] == "TR-PASS-AP" and c["default"] == ruling.default
    assert set(c["values"]) == set(ruling.options)
    assert c["values"][ruling.default]["win_rate"] == r["win_rate"]
    other = next(v for v in ruling.options if v != ruling.default)
    alone = sweep.run("trogdor", games=10, rulings={"TR-PASS-AP": other}, workers=1, progress=False)
    assert c["values"][other]["mean_length"] == alone["mean_length"]
    (d,) = c["differences"]
    assert d["difference"] == pytest.approx(alone["win_rate"] - r["win_rate"])
    assert d["ci95"][0] <= d["difference"] <= d["ci95"][1]


def test_rules_fired_counts_what_apply_traced_reports(monkeypatch, path):
    game = rulebook.game("encounter-solo")

    def traced(step):  # each action fires RE-PHASE, on frozen states or in place
        def traced_step(self, state, action):
            fired("RE-PHASE" if "RE-PHASE" in sweep.rule_ids(self.catalog) else "X")
            return step(self, state, action)

        return traced_step

    monkeypatch.setattr(type(game), "perform", traced(type(game).perform))
    monkeypatch.setattr(type(game), "advance", traced(type(game).advance))
    r = sweep.run("encounter-solo", games=5, workers=1, progress=False)
    assert r["rules_fired"]["counts"]["RE-PHASE"] >= 5 * r["mean_length"] - 1e-9
    assert "RE-PHASE" not in r["rules_fired"]["never"]


def test_rules_fired_at_setup_and_at_the_end_are_counted_once_per_game(monkeypatch):
    game = rulebook.game("encounter-solo")
    new_game, winners = type(game).new_game, type(game).winners

    def traced_new_game(self, *args, **kwargs):
        fired("RE-SOLO-START")
        return new_game(self, *args, **kwargs)

    def traced_winners(self, state):
        fired("RE-SOLO-WIN")
        return winners(self, state)

    monkeypatch.setattr(type(game), "new_game", traced_new_game)
    monkeypatch.setattr(type(game), "winners", traced_winners)
    plain = sweep.run("encounter-solo", games=6, workers=1, progress=False)
    monkeypatch.undo()
    counts = plain["rules_fired"]["counts"]
    base = sweep.run("encounter-solo", games=6, workers=1, progress=False)["rules_fired"]["counts"]
    assert counts["RE-SOLO-START"] == base["RE-SOLO-START"] + 6
    assert counts["RE-SOLO-WIN"] >= base["RE-SOLO-WIN"] + 6


def _fail_on_turn(monkeypatch, turn: str):
    game = rulebook.game("trogdor")
    monkeypatch.setattr(
        type(game),
        "position_problems",  # ``invariants`` but the stuck check, which sweeps ask
        lambda self, s: ["peasants not conserved"] if fields(s).get("turn") == turn else [],
    )


def test_a_broken_invariant_stops_the_sweep_with_a_replayable_seed_and_action(monkeypatch):
    _fail_on_turn(monkeypatch, "3")
    with pytest.raises(GameCheckFailed) as e:
        sweep.run("trogdor", games=4, seed=7, workers=1, progress=False)
    err = e.value
    assert err.seed == 7 and err.game == "trogdor" and "peasants not conserved" in str(err)
    setup = Setup("trogdor")
    assert fields(replay(setup, err.seed, err.action))["turn"] == "3"
    assert fields(replay(setup, err.seed, err.action - 1)).get("turn") != "3"


def test_a_violation_in_a_worker_process_reaches_the_caller(monkeypatch):
    _fail_on_turn(monkeypatch, "2")  # workers are forked after the patch
    with pytest.raises(GameCheckFailed, match="seed"):
        sweep.run("trogdor", games=4, workers=2, progress=False)
    e = GameCheckFailed("trogdor", 3, 17, "x")
    back = pickle.loads(pickle.dumps(e))
    assert (back.game, back.seed, back.action, back.problem) == ("trogdor", 3, 17, "x")


def test_a_game_past_its_declared_maximum_length_is_reported(monkeypatch):
    game = rulebook.game("trogdor")
    monkeypatch.setattr(game, "max_length", 10)
    with pytest.raises(GameCheckFailed, match="maximum of 10") as e:
        sweep.run("trogdor", games=2, seed=1, workers=1, progress=False)
    assert e.value.action == 10


def test_a_live_position_without_legal_actions_is_reported(monkeypatch):
    game = rulebook.game("encounter-solo")
    legal = game.legal_actions
    monkeypatch.setattr(
        type(game),
        "legal_actions",
        lambda self, s: [] if fields(s).get("phase") == "build" else legal(s),
    )
    with pytest.raises(GameCheckFailed, match="no legal action"):
        sweep.run("encounter-solo", games=3, workers=1, progress=False)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(games=0), "games"),
        (dict(agent="smart"), "unknown agent"),
        (dict(budget=-1, agent="search"), "budget"),
        (dict(players=9), "players"),
        (dict(rulings={"TR-NOPE": "x"}), "unknown ruling"),
        (dict(rulings={"TR-PASS-AP": "sometimes"}), "no option"),
        (dict(compare="TR-NOPE"), "unknown ruling"),
    ],
)
def test_bad_sweep_input_is_a_clear_error(kwargs, message):
    with pytest.raises(TrogkitInputError, match=message):
        sweep.run("trogdor", **{"games": 2, "workers": 1, "progress": False, **kwargs})


def test_command_line_options_give_the_same_record_as_the_api():
    parser = argparse.ArgumentParser()
    sweep_command.configure_parser(parser, "trogdor")
    args = parser.parse_args(
        "--games 4 --seed 2 --workers 1 --no-progress --ruling TR-PASS-AP=keep".split()
    )
    assert sweep_command.run_from_args(args) == sweep.run(
        "trogdor", games=4, seed=2, workers=1, progress=False, rulings={"TR-PASS-AP": "keep"}
    )
    with pytest.raises(SystemExit):
        parser.parse_args(["--workers", "2", "--dask", "local"])


def _with(state, **changes):
    """A copy of ``state`` with ``changes`` (a broken position, made on purpose)."""
    new = rulebook.game_of(state).fork(state)
    new = rulebook.parse(str(new)) if new is state else new
    for name, value in changes.items():
        object.__setattr__(new, name, value)
    return new


def _doubled_action_card(s):
    hands = list(s.hands)
    hands[0] = (*hands[0], (s.action_deck.draw or s.action_deck.discard)[0])
    return _with(s, hands=tuple(hands))


def _doubled_movement_card(s):
    from rulebook.trogdor.state import Deck

    deck = s.movement_deck
    return _with(s, movement_deck=Deck(deck.draw + deck.draw[:1], deck.discard))


def _moved_cottage(s):
    from rulebook.trogdor.grid import SQUARES
    from rulebook.trogdor.state import Cottages

    not_c = next(sq for i, sq in enumerate(SQUARES) if s.tiles[i] != "C")
    return _with(s, cottages=Cottages.on([not_c, *list(s.cottages)[1:]]))


# (game, how a position is broken, words of the invariant that must name it); Trogdor's
# invariants re-check a group of fields only when one changed (rulebook/PERF.md "Invariants by
# what changed"), so each group is broken once
CORRUPTIONS = [
    ("trogdor", lambda s: _with(s, meter=s.meter + 1), "peasants"),
    ("trogdor", _doubled_action_card, "action cards in two places"),
    ("trogdor", _doubled_movement_card, "movement cards in two places"),
    ("trogdor", _moved_cottage, "cottages are not exactly on the C tiles"),
    ("trogdor", lambda s: _with(s, pieces_to_move=("dragon",)), "unknown piece"),
    ("trollland", lambda s: _with(s, discard=(*s.discard, s.draw[0])), "is in draw and in discard"),
    (
        "encounter",
        lambda s: _with(s, discard=(*s.discard, s.cards.ids("encounter")[0])),
        "RE-COMP-DECK",
    ),
    (
        "encounter-solo",
        lambda s: _with(s, discard=(*s.discard, s.cards.ids("encounter")[0])),
        "RE-COMP-DECK",
    ),
]


class _ChoosesOnly:
    """The random agent without ``choose_among``: it may read the position, so its games are
    played on frozen states (``perform``), not in place."""

    name = "random"

    def choose(self, game, state, rng):
        return RandomAgent().choose(game, state, rng)


@pytest.fixture(params=["in place", "frozen"])
def path(request, monkeypatch):
    """Each checked game played both ways: in place (an agent that reads only the legal list)
    and on frozen states."""
    if request.param == "frozen":
        monkeypatch.setattr(play_module, "make_agent", lambda name, budget=None: _ChoosesOnly())
    return request.param


@pytest.mark.parametrize("name,corrupt,words", CORRUPTIONS)
def test_a_position_corrupted_in_the_middle_of_a_game_is_caught_at_that_action(
    monkeypatch, path, name, corrupt, words
):
    # the invariants kept cheap for sweeps still see a card or a peasant conjured up mid-game,
    # made outside the rules (the game's own effects never made it), on a frozen state or on the
    # working copy a game played in place keeps
    game = rulebook.game(name)
    calls = []
    play_game(Setup(name), 2)  # the invariants have seen clean positions of another game first

    def corrupting(step):  # bound, or a static rules function (Trogdor)
        def corrupting_step(self, s, a):
            calls.append(a)
            new = step(s, a)
            return corrupt(new) if len(calls) == 4 else new

        return corrupting_step

    monkeypatch.setattr(type(game), "perform", corrupting(game.perform))
    monkeypatch.setattr(type(game), "advance", corrupting(game.advance))
    with pytest.raises(GameCheckFailed, match=words) as e:
        play_game(Setup(name), 3)
    assert e.value.action == 4 and e.value.seed == 3


@pytest.mark.parametrize("name", sorted(rulebook.games()))
def test_a_checked_game_in_place_is_the_game_on_frozen_states(monkeypatch, name):
    # the same seeds give the same records (outcome, length, rules fired) and final positions
    # whether the game is played in place on one working copy or on frozen states
    in_place = [play_game(Setup(name), seed) for seed in range(12)]
    monkeypatch.setattr(play_module, "make_agent", lambda name, budget=None: _ChoosesOnly())
    frozen = [play_game(Setup(name), seed) for seed in range(12)]
    assert [r for r, _ in in_place] == [r for r, _ in frozen]
    assert [str(s) for _, s in in_place] == [str(s) for _, s in frozen]
    frozen_type = type(rulebook.game(name).new_game(0))
    assert {type(s) for _, s in in_place} == {frozen_type}  # a value, not the working copy

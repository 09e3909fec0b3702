"""Every stored witness and ruling difference replays (rulebook/<game>/<game>.verify.json),
and the store covers every rule of every game: a witness, a check, or a listed miss."""

import pytest

import rulebook
from rulebook.common.game import tracing
from solvers.verify import store
from solvers.verify.differ import parts_at_end
from solvers.verify.starts import home_rules
from solvers.verify.trace import replay, shows

GAMES = ["trogdor", "trollland", "encounter", "encounter-solo"]


def _witnesses():
    for g in GAMES:
        for rid, t in store.load(g)["witnesses"].items():
            yield pytest.param(t, id=f"{g}:{rid}")


@pytest.mark.parametrize("trace", list(_witnesses()))
def test_stored_witness_fires_its_rule_on_its_last_action(trace):
    r = replay(trace)
    if trace.refused is None:
        assert trace.rule in r.fired[-1]
        assert tuple(r.fired[-1]) == trace.fired
    else:
        assert r.refusal is not None and r.refusal.rule_id == trace.rule
    assert trace.length <= trace.found_length


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_witnessed_checked_or_listed_missing(game):
    data = store.load(game)
    ids = {r.id for r in home_rules(rulebook.game(game))}
    covered = set(data["witnesses"]) | set(data["checked"]) | set(data["missed"])
    assert covered == ids
    for rid in data["checked"]:
        assert rulebook.game(game).catalog.get(rid).kind == "text"
    assert data["stats"]["witnessed"] == len(data["witnesses"])


def _differences():
    for g in GAMES:
        for rid, t in store.load(g)["differences"].items():
            yield pytest.param(t, id=f"{g}:{rid}")


@pytest.mark.parametrize("trace", list(_differences()))
def test_stored_difference_parts_the_options_on_its_last_action(trace):
    assert parts_at_end(trace)
    same = type(trace)(**{**trace.__dict__, "versus": {}})
    assert not parts_at_end(same)  # under one option alone nothing differs


def test_every_ruling_has_a_stored_difference_in_one_of_its_games():
    by_catalog: dict[str, set] = {}
    for g in GAMES:
        game = rulebook.game(g)
        by_catalog.setdefault(game.catalog.game, set(game.rulings))
        by_catalog[game.catalog.game] -= set(store.load(g)["differences"])
    assert by_catalog == {k: set() for k in by_catalog}


def test_a_witness_whose_rule_does_not_fire_is_caught():
    t = next(iter(store.load("trogdor")["witnesses"].values()))
    wrong = type(t)(**{**t.__dict__, "rule": "T-NOTATION", "refused": None})
    assert not shows(wrong)


@pytest.mark.parametrize("trace", list(_differences()))
def test_a_ruling_is_in_the_trace_where_it_parts_the_options(trace):
    """Rules read a ruling with ``ruling(state, ID)``, which records it: replaying a stored
    difference under both options (its actions and the final legal lists) traces the ruling."""
    with tracing() as ids:
        assert parts_at_end(trace)
    assert trace.rule in ids

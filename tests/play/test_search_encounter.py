"""The search agent in Random Encounter: a build turn is planned whole and played as planned,
battles are chosen by rollouts to the round's end, all seeded and within the game's rules."""

import random

import rulebook
from solvers.play import agents, search
from solvers.play.agents import make_agent
from solvers.play.evaluate import encounter_loot_value
from solvers.play.positions import fields


def _battle_position(seed: int):
    """The first battle decision of a seeded game both of whose builds were random."""
    game = rulebook.game("encounter")
    state, rng = game.new_game(seed, players=2), random.Random(seed)
    while fields(state)["phase"] != "battle":
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    return game, state


def test_build_search_returns_one_whole_legal_build_turn():
    game = rulebook.game("encounter")
    state = game.new_game(4, players=2)
    me = game.to_move(state)
    plan = search.build_search(game, state, random.Random(1), candidates=6, rollouts=2)
    assert plan == search.build_search(game, state, random.Random(1), candidates=6, rollouts=2)
    for a in plan:  # the plan is legal in the real position, not only in its determinisation
        assert game.to_move(state) == me and game.refusal(state, a) is None
        state = game.apply(state, a)
    assert str(plan[-1]) == "done"
    assert game.to_move(state) != me  # the build turn is over
    enc = fields(state)["enc"].split("/")[me].split("|")
    assert all(e != "-" for e in enc)  # five encounters built


def test_the_search_agent_plans_a_build_once_and_plays_it_out(monkeypatch):
    calls = []
    real = search.build_search

    def counting(*args, **kw):
        plan = real(*args, **kw)
        calls.append(list(plan))
        return plan

    monkeypatch.setattr(agents, "build_search", counting)
    game = rulebook.game("encounter")
    state, rng = game.new_game(7, players=2), random.Random(0)
    agent = make_agent("search", 4)
    me, played = game.to_move(state), []
    while game.to_move(state) == me:
        a = agent.choose(game, state, rng)
        assert game.refusal(state, a) is None
        played.append(str(a))
        state = game.apply(state, a)
    assert len(calls) == 1 and played == [str(a) for a in calls[0]]


def _battle_values(game, state, seed: int, worlds: int) -> dict[str, float]:
    """Each battle's summed loot value over the worlds ``battle_search`` plays with ``seed``:
    the same determinisations, then the same seeded greedy play to the end of the round."""
    me, rng = game.to_move(state), random.Random(seed)
    values = {str(a): 0.0 for a in game.legal_actions(state)}
    for world in [rng.randrange(2**31) for _ in range(worlds)]:
        r = random.Random(world)
        seen = game.resample(state, me, r)
        rest = r.randrange(2**31)
        for a in game.legal_actions(state):
            end = search._to_round_end(game, game.apply(seen, a), random.Random(rest), 10_000)
            assert end.round != state.round or game.is_terminal(end)
            values[str(a)] += encounter_loot_value(game, end, me)
    return values


def test_battle_search_plays_the_battle_whose_round_ends_best():
    """Each candidate battle is played in the same determinisations, then by the same seeded
    greedy play to the round's end; the chosen one has the best summed loot value."""
    for seed in range(3):
        game, state = _battle_position(seed)
        chosen = search.battle_search(game, state, random.Random(seed), worlds=3)
        assert game.refusal(state, chosen) is None
        values = _battle_values(game, state, seed, worlds=3)
        assert values[str(chosen)] == max(values.values())
        assert len(set(values.values())) > 1  # the choice mattered

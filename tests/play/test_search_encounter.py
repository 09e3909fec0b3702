"""The search agent in Random Encounter: a build turn is planned whole and played as planned,
battles are chosen by rollouts to the round's end, all seeded and within the game's rules."""

import random

import rulebook
from solvers.play import agents, search
from solvers.play.agents import RandomAgent, make_agent
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


def _round_end_value(game, state, action, seed: int) -> float:
    """The loot value for the player to move of ``action`` followed by seeded greedy play to
    the end of the round."""
    me = game.to_move(state)
    end = search._to_round_end(game, game.apply(state, action), random.Random(seed), 10_000)
    assert fields(end)["round"] != fields(state)["round"] or game.is_terminal(end)
    return encounter_loot_value(game, end, me)


def test_battle_search_plays_the_battle_whose_round_ends_best():
    """Each candidate battle is followed by the same seeded greedy play to the round's end; the
    chosen one has the best loot value of them all."""
    for seed in range(3):
        game, state = _battle_position(seed)
        chosen = search.battle_search(game, state, random.Random(seed))
        assert game.refusal(state, chosen) is None
        rollout_seed = random.Random(seed).randrange(2**31)  # battle_search's first draw
        values = {
            str(a): _round_end_value(game, state, a, rollout_seed)
            for a in game.legal_actions(state)
        }
        assert values[str(chosen)] == max(values.values())
        assert len(set(values.values())) > 1  # the choice mattered


def test_search_ends_more_first_rounds_ahead_in_loot_than_greedy():
    """Against a random opponent, over the same 8 seeded first rounds, the search agent's loot
    lead after round 1 is larger in total than the greedy's (the 200-game table: win rate
    0.98 against the greedy's 0.895)."""
    game = rulebook.game("encounter")
    lead = {}
    for name in ("greedy", "search"):
        total = 0
        for seed in range(8):
            me = seed % 2
            seats = [make_agent(name, 8) if p == me else RandomAgent() for p in range(2)]
            rngs = [random.Random(f"{seed}:{p}") for p in range(2)]
            state = game.new_game(seed, players=2)
            while fields(state)["round"] == "1" and not game.is_terminal(state):
                p = game.to_move(state)
                state = game.apply(state, seats[p].choose(game, state, rngs[p]))
            loot = [int(v) for v in fields(state)["loot"].split("/")]
            total += loot[me] - loot[1 - me]
        lead[name] = total
    assert lead["search"] > lead["greedy"], lead

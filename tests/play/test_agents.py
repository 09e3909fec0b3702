"""Agents over the protocol: seeded, legal, determinised without peeking, and measurably ordered
(greedy over random in Trollland) on a small sample where the order is robust."""

import random
import time

import pytest

import rulebook
from rulebook.common.errors import TrogkitInputError
from solvers.play.agents import hint, make_agent
from solvers.play.play import Setup, play_game
from solvers.play.search import uct

GAMES = ["trogdor", "trollland", "encounter", "encounter-solo"]


@pytest.mark.parametrize("agent,budget", [("random", None), ("greedy", None), ("search", 8)])
def test_same_seed_plays_the_same_game(agent, budget):
    setup = Setup("trollland", agent, budget, opponents="random")
    seed = 12  # the agent sits in seat 12 % 3 = 0, the first to choose
    a = play_game(setup, seed, upto=12)[1]
    b = play_game(setup, seed, upto=12)[1]
    assert str(a) == str(b)
    other = play_game(setup, seed + 3, upto=12)[1]  # the same seat, another deal
    assert str(other) != str(a)


@pytest.mark.parametrize("name", GAMES)
def test_the_agents_determinisation_keeps_what_the_player_sees_and_resamples_the_rest(name):
    """Agents plan on ``game.resample`` copies: the same observation for the player to move,
    the same legal actions (what is legal never turns on an unseen card), other hidden cards."""
    game = rulebook.game(name)
    state = game.new_game(3)
    for _ in range(4):  # a little into the game, so discards and hands have moved
        if game.is_terminal(state):
            break
        state = game.apply(state, game.legal_actions(state)[0])
    me = game.to_move(state)
    samples = [game.resample(state, me, random.Random(k)) for k in range(5)]
    for d in samples:
        assert game.observation(d, me) == game.observation(state, me)
        assert game.legal_actions(d) == game.legal_actions(state)
    assert any(str(d) != str(state) for d in samples)


@pytest.mark.parametrize("name", GAMES)
def test_every_agent_plays_only_legal_actions(name):
    game = rulebook.game(name)
    state = game.new_game(5)
    rng = random.Random(0)
    for agent in (make_agent("random"), make_agent("greedy"), make_agent("search", 4)):
        s = state
        for _ in range(6):
            if game.is_terminal(s):
                break
            a = agent.choose(game, s, rng)
            assert game.refusal(s, a) is None
            s = game.apply(s, a)


def test_search_spends_its_budget_and_reports_visits():
    game = rulebook.game("trollland")
    state = game.new_game(2)
    r = uct(game, state, random.Random(1), simulations=30)
    assert r.simulations == 30
    assert sum(r.visits.values()) == 30
    assert r.action in game.legal_actions(state)
    assert 0.0 <= r.win_rate <= 1.0


def test_greedy_beats_random_at_trollland():
    """3 players, the agent's seat rotates, the others play at random: a random agent wins about
    a third of the games (ties count for every winner); greedy wins clearly more -- its whole
    Wilson interval over 30 games lies above 1/3 (0.67 over 200 games in the strength table)."""
    from solvers.play.stats import wilson

    wins = {}
    for agent in ("random", "greedy"):
        setup = Setup("trollland", agent, opponents="random")
        wins[agent] = sum(play_game(setup, seed)[0].won for seed in range(30))
    assert wins["greedy"] > wins["random"], wins
    assert wilson(wins["greedy"], 30)[0] > 1 / 3, wins


def test_hint_answers_within_its_time_and_names_a_legal_action():
    game = rulebook.game("trollland")
    state = game.new_game(4)
    start = time.monotonic()
    h = hint(state, seconds=0.5)
    assert time.monotonic() - start < 0.5 + 1.5  # one simulation may overrun the deadline
    assert h.simulations >= 1
    assert game.refusal(state, h.action) is None
    assert 0.0 <= h.win_rate <= 1.0


def test_hint_estimates_even_a_forced_action():
    game = rulebook.game("trogdor")
    state = game.new_game(1)
    (only,) = game.legal_actions(state)  # the first draw
    h = hint(state, seconds=0.3)
    assert h.action == only and h.simulations >= 1 and 0.0 <= h.win_rate <= 1.0


def test_hint_refuses_a_finished_game_and_bad_seconds():
    game = rulebook.game("encounter-solo")
    final = play_game(Setup("encounter-solo"), 1)[1]
    assert game.is_terminal(final)
    with pytest.raises(TrogkitInputError, match="over"):
        hint(final, seconds=0.1)
    with pytest.raises(TrogkitInputError):
        hint(game.new_game(1), seconds=float("nan"))


def test_unknown_agent_is_a_clear_input_error():
    with pytest.raises(TrogkitInputError, match="unknown agent 'smart'"):
        make_agent("smart")
    with pytest.raises(TrogkitInputError, match="budget"):
        make_agent("search", 0)


def test_the_game_a_sweep_hands_its_agents_finds_their_playbook_and_values():
    # play_game hands agents a wrapper that keeps the last legal list; tables keyed by the game
    # (the greedy's playbook, evaluate's values) must still find the game's own entry, or the
    # greedy silently plays the generic one-ply rule (the Trogdor planner never ran)
    from solvers.play import play as sweep_play
    from solvers.play.agents import GENERIC, playbook
    from solvers.play.evaluate import VALUES

    for name in ("trogdor", "trollland", "encounter"):
        game = rulebook.game(name)
        wrapped = sweep_play.listing(game)
        assert playbook(wrapped) is playbook(game)
        assert VALUES.get(wrapped) is VALUES.get(game) is not None
    assert playbook(sweep_play.listing(rulebook.game("trogdor"))) is not GENERIC


def test_the_game_a_sweep_hands_its_agents_is_the_game_with_its_legal_list_kept():
    """``listing(game)``: a subclass of the game's own class (no ``__getattr__`` wrapper), equal
    to the game, whose ``legal_actions`` hands out copies of the list kept for the position just
    listed."""
    from solvers.play import play as sweep_play

    for name in ("trogdor", "trollland", "encounter", "encounter-solo"):
        game = rulebook.game(name)
        view = sweep_play.listing(game)
        assert isinstance(view, type(game)) and view == game and hash(view) == hash(game)
        assert not any("__getattr__" in vars(k) for k in type(view).__mro__)
        s = game.new_game(3)
        kept = view.listed(s)
        handed = view.legal_actions(s)
        assert handed == kept == game.legal_actions(s) and handed is not kept
        handed.clear()  # an agent's copy: the list kept is untouched
        assert view.listed(s) is kept and view.invariants(s) == []
        other = game.new_game(4)
        assert view.listed(other) == game.legal_actions(other)  # another position: listed anew
        again = view.listed(s)  # and the first worked out again, kept from then on
        assert again is not kept and again == kept and view.listed(s) is again

"""The contract every registered game keeps (in the spirit of OpenSpiel's random_sim_test).

Only protocol names are used here (rulebook/API.md), so a new game is tested by registering it.
Per game, seeded random games are played to the end; at every state:
- legal actions are non-empty exactly while the game is on, sorted, and each round-trips as text;
- the notation round-trips and names the game; the state is frozen and its fields hold only
  immutable values;
- applying a legal action leaves the state unchanged; refusal() says None for it;
- actions legal elsewhere but not here are refused by refusal() with exactly the error apply()
  raises, the state unchanged;
and every game ends within the game's declared maximum length. Then what each player sees:
``returns`` at the end, ``observation`` and ``resample`` (hidden cards) along random games.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import rulebook
from rulebook.common.actions import Action
from rulebook.common.errors import RuleError
from rulebook.common.game import Game, random_game, why_not

GAMES = sorted(rulebook.REGISTRY)
IMMUTABLE_SCALARS = (int, float, str, bool, bytes, type(None), frozenset)


def mutable_parts(value, path="state", seen=None):
    """Paths of mutable containers reachable from ``value`` (lists, dicts, sets, non-frozen
    dataclasses, the state itself included)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return []
    seen.add(id(value))
    if isinstance(value, IMMUTABLE_SCALARS):
        return []
    if isinstance(value, (list, dict, set, bytearray)):
        return [f"{path} is a {type(value).__name__}"]
    if isinstance(value, tuple):
        return [p for i, v in enumerate(value) for p in mutable_parts(v, f"{path}[{i}]", seen)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = []
        if not value.__dataclass_params__.frozen:
            out.append(f"{path} is a mutable {type(value).__name__}")
        for f in dataclasses.fields(value):
            if f.compare:  # read-only references (card sets, catalogs) are not compared
                out += mutable_parts(getattr(value, f.name), f"{path}.{f.name}", seen)
        return out
    return []


def played_states(name: str, seeds: range):
    g = rulebook.game(name)
    for seed in seeds:
        rng = random.Random(seed)
        players = rng.choice(g.players_allowed)
        s = g.new_game(seed, players=players)
        states = [s]
        n = 0
        while not g.is_terminal(s):
            assert n < g.max_length, f"{name} seed {seed} outlasts max_length {g.max_length}"
            legal = g.legal_actions(s)
            s = g.apply(s, rng.choice(legal))
            states.append(s)
            n += 1
        yield seed, states


@pytest.mark.parametrize("name", GAMES)
def test_registry_names_and_catalog(name):
    g = rulebook.game(name)
    assert g.name == name
    assert len(g.catalog) > 10
    assert g.max_length > 0
    for rid, ruling in g.rulings.items():
        assert ruling.default in ruling.options, rid


@pytest.mark.heavy  # starts first under xdist (conftest.py)
@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_the_contract(name):
    g = rulebook.game(name)
    pool: set[str] = set()  # actions seen legal somewhere: candidates for refusals elsewhere
    checked_refusals = 0
    for seed, states in played_states(name, range(6)):
        for i, s in enumerate(states):
            text = str(s)
            assert text.split()[0] == name
            again = rulebook.parse(text)
            assert again == s and str(again) == text, f"seed {seed} step {i}: notation round-trip"
            assert not mutable_parts(s), mutable_parts(s)[:3]
            legal = g.legal_actions(s)
            assert (not legal) == g.is_terminal(s), f"seed {seed} step {i}"
            assert legal == sorted(legal, key=str)
            assert all(isinstance(a, Action) for a in legal)
            if g.is_terminal(s):
                assert g.outcome(s) is not None and g.to_move(s) is None
                continue
            assert g.outcome(s) is None
            for a in legal[:8]:
                assert g.parse_action(str(a)) == a
                assert g.refusal(s, a) is None
                g.apply(s, a)
                assert str(s) == text, "apply changed its input"
            texts = {str(a) for a in legal}
            pool.update(texts)
            if i % 3 == 0:
                for cand in sorted(pool - texts)[:6]:
                    err = g.refusal(s, cand)
                    assert isinstance(err, RuleError), f"{cand!r} legal but not listed at {text}"
                    assert err.rule_id in g.catalog, err.rule_id
                    with pytest.raises(RuleError) as raised:
                        g.apply(s, cand)
                    assert (raised.value.rule_id, raised.value.reason) == (err.rule_id, err.reason)
                    assert why_not(g, s, cand).startswith(f"refused by {err.rule_id}")
                    assert str(s) == text
                    checked_refusals += 1
    assert checked_refusals > 20


@pytest.mark.parametrize("name", GAMES)
def test_invariants_are_the_base_class_s_a_games_own_checks_then_the_stuck_check(name):
    # a game states its own checks once (``position_problems``); ``invariants`` adds the stuck
    # check in the base class, and sweeps ask the two parts apart (the stuck check from the legal
    # list they hold)
    g = rulebook.game(name)
    overriding = [k.__name__ for k in type(g).__mro__ if k is not Game and "invariants" in vars(k)]
    assert overriding == [] and "position_problems" in vars(type(g))
    for _, states in played_states(name, range(2)):
        for s in states[::5]:
            assert g.invariants(s) == g.position_problems(s) + g.stuck(s) == []


@pytest.mark.parametrize("name", GAMES)
def test_results_share_nothing_with_their_input(name):
    g = rulebook.game(name)
    s = g.new_game(5)
    for _ in range(40):
        if g.is_terminal(s):
            break
        before = str(s)
        nxt = g.apply(s, g.legal_actions(s)[-1])
        assert not mutable_parts(nxt)
        assert str(s) == before
        s = nxt


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    g = rulebook.game(name)
    a = random_game(g, 11)
    b = random_game(g, 11)
    assert a.actions == b.actions and str(a.final) == str(b.final)
    assert a.length <= g.max_length


@pytest.mark.parametrize("name", GAMES)
def test_random_game_stops_a_game_that_outlasts_its_maximum(name):
    """random_game raises (naming game, seed and limit) when a game is still on after
    ``max_length`` actions, and accepts a game that ends exactly at the limit."""
    g = rulebook.game(name)
    full = random_game(g, 3)
    assert full.length >= 2 and g.is_terminal(full.final)
    assert random_game(g, 3, max_length=full.length).actions == full.actions
    with pytest.raises(RuntimeError, match=f"{name} seed 3: no end after {full.length - 1} "):
        random_game(g, 3, max_length=full.length - 1)


@pytest.mark.parametrize("name", GAMES)
def test_advance_plays_the_same_game_as_apply(name):
    """``advance`` (playouts: a legal action played on a state the caller owns) reaches the same
    position as ``apply`` after every action, and random_game's playout equals the apply loop."""
    g = rulebook.game(name)
    for seed in range(4):
        play = random_game(g, seed)
        by_apply = by_advance = g.new_game(seed)
        for text in play.actions:
            by_apply = g.apply(by_apply, text)
            by_advance = g.advance(by_advance, g.parse_action(text))
            assert str(by_advance) == str(by_apply), f"seed {seed} after {text!r}"
        assert str(by_apply) == str(play.final)


@pytest.mark.parametrize("name", GAMES)
def test_a_playout_from_a_given_state_leaves_it_unchanged(name):
    """random_game(state=s) plays on a fork, never on the caller's state (advance may change
    the state it is given in place)."""
    g = rulebook.game(name)
    s = g.new_game(7)
    for _ in range(5):
        s = g.apply(s, g.legal_actions(s)[0])
    before = str(s)
    play = random_game(g, 7, state=s)
    assert str(s) == before and play.final is not s
    copy = g.fork(s)
    assert str(copy) == before
    assert str(g.freeze(copy)) == before and not mutable_parts(g.freeze(copy))
    assert not mutable_parts(play.final)


# ---- frozen states -------------------------------------------------------------------------------


def assert_frozen(s, where: str) -> None:
    """Assigning any field of ``s`` raises, and leaves the state as it was."""
    before = str(s)
    for f in dataclasses.fields(s):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(s, f.name, getattr(s, f.name))
    assert str(s) == before, where


@pytest.mark.parametrize("name", GAMES)
def test_every_state_is_frozen(name):
    """New games, results of apply, a playout's final state and re-sampled states are frozen
    values: assigning any of their fields raises."""
    g = rulebook.game(name)
    s = g.new_game(2)
    assert_frozen(s, "new_game")
    for i in range(30):
        if g.is_terminal(s):
            break
        s = g.apply(s, g.legal_actions(s)[i % len(g.legal_actions(s))])
        assert_frozen(s, f"apply {i}")
    if not g.is_terminal(s):
        assert_frozen(g.resample(s, g.to_move(s), random.Random(0)), "resample")
    assert_frozen(random_game(g, 2).final, "random_game")
    assert_frozen(random_game(g, 2, state=s).final, "random_game from a state")


# ---- returns -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_returns_are_zero_while_the_game_is_on_and_win_or_loss_at_the_end(name):
    """One number per player: 0.0 during the game; at the end +1 for each winner, -1 for the
    others (rulebook/API.md)."""
    g = rulebook.game(name)
    ends = set()
    for seed in range(12):
        players = g.players_allowed[seed % len(g.players_allowed)]
        start = g.new_game(seed, players=players)
        assert g.returns(start) == (0.0,) * g.num_players(start)
        final = random_game(g, seed, players=players).final
        r = g.returns(final)
        assert len(r) == g.num_players(final) == players
        assert r == tuple(1.0 if p in g.winners(final) else -1.0 for p in range(players))
        ends.add(r)
    assert all(set(r) <= {1.0, -1.0} for r in ends)
    assert any(-1.0 in r for r in ends)  # somebody loses some random game


# ---- what each player sees -----------------------------------------------------------------------


def sampled_positions(name: str, seeds=range(3), every: int = 4):
    """(state, observer) along seeded random games: every ``every``-th live position, seen by
    the player to move and by each other player."""
    for _, states in played_states(name, seeds):
        g = rulebook.game(name)
        for s in states[::every]:
            if not g.is_terminal(s):
                for p in range(g.num_players(s)):
                    yield s, p


def without_rng(g, s) -> str:
    """The notation without its RNG field (a re-sampled state is always re-seeded)."""
    return " ".join(w for w in str(s).split() if not w.startswith("rng="))


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_the_observation_and_gives_a_valid_position(name):
    """A re-sampled state looks the same to the player, keeps every invariant, parses back, is
    legal where the real one is, and its hidden cards vary with the rng."""
    g = rulebook.game(name)
    varied = total = 0
    for s, p in sampled_positions(name):
        seen = g.observation(s, p)
        samples = [g.resample(s, p, random.Random(k)) for k in range(3)]
        for d in samples:
            assert g.observation(d, p) == seen
            assert g.invariants(d) == []
            again = g.parse(str(d))
            assert again == d and str(again) == str(d)
            if p == g.to_move(s):
                assert g.legal_actions(d) == g.legal_actions(s)
        total += 1
        varied += len({without_rng(g, d) for d in samples}) > 1
    assert total >= 5 and varied > total // 2, (varied, total)


@pytest.mark.parametrize("name", GAMES)
def test_resample_depends_only_on_the_observation(name):
    """Two states a player cannot tell apart (one a re-sample of the other) are re-sampled to
    the same state from the same rng: nothing leaks from where the hidden cards really lie."""
    g = rulebook.game(name)
    for s, p in list(sampled_positions(name, range(2), every=6)):
        other = g.resample(s, p, random.Random(99))
        for k in range(2):
            assert g.resample(s, p, random.Random(k)) == g.resample(other, p, random.Random(k))


@pytest.mark.parametrize("name", GAMES)
def test_observation_hides_the_hidden_cards_and_shows_what_changes(name):
    """Two states that differ only in hidden cards look the same; the observation never names
    a card it hides; and every action changes what the player who took it sees."""
    g = rulebook.game(name)
    hid = 0
    for _, states in played_states(name, range(3)):
        for s, nxt in zip(states, states[1:], strict=False):
            me = g.to_move(s)
            other = g.resample(s, me, random.Random(1))
            assert str(other) != str(s)
            assert g.observation(other, me) == g.observation(s, me)
            assert g.observation(nxt, me) != g.observation(s, me), f"{s} -> {nxt}"
            hid += "?" in g.observation(s, me)
    assert hid  # some card was hidden


@pytest.mark.parametrize("name", GAMES)
def test_observation_differs_for_players_who_hold_different_cards(name):
    """In a game with private cards each player sees their own; in a co-operative game with
    open hands (Trogdor) everyone sees the same."""
    g = rulebook.game(name)
    s = g.new_game(4, players=max(g.players_allowed[:2]))
    views = {g.observation(s, p) for p in range(g.num_players(s))}
    private = name in ("trollland", "encounter")  # dealt hands held face down
    assert len(views) == (g.num_players(s) if private else 1)
    assert all(str(s) != v for v in views)  # the deck order (and the RNG) is always hidden


def test_deal_again_keeps_sizes_puts_special_cards_only_where_allowed_and_ignores_order():
    """The shared dealer: every place keeps its size, the cards are the same multiset, a special
    card lands only on an allowed place, and the deal depends on which cards, not where."""
    from rulebook.common.hidden import deal_again

    places = [("a1", "K1", "b2"), ("c3",), ("K2", "d4"), ("e5", "f6")]
    allowed = [True, False, True, False]
    special = lambda c: c.startswith("K")  # noqa: E731
    deals = set()
    for k in range(30):
        out = deal_again(places, random.Random(k), special=special, special_ok=allowed)
        assert [len(p) for p in out] == [len(p) for p in places]
        assert sorted(sum(out, ())) == sorted(sum(places, ()))
        assert all(allowed[i] for i, p in enumerate(out) for c in p if special(c))
        swapped = [("c3", "K2", "b2"), ("a1",), ("K1", "e5"), ("d4", "f6")]
        assert out == deal_again(swapped, random.Random(k), special=special, special_ok=allowed)
        deals.add(tuple(out))
    assert len(deals) > 10


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_are_the_candidates_the_checks_let_through(name):
    """``candidates`` is what ``legal_actions`` filters: the legal list is exactly the candidates
    with no refusal, and every other candidate is refused citing a catalog rule."""
    g = rulebook.game(name)
    rng = random.Random(5)
    s, refused = g.new_game(seed=5), 0
    for _ in range(120):
        legal = g.legal_actions(s)
        if not legal:
            break
        weighed = g.candidates(s)
        passed = sorted({str(a) for a in weighed if g.refusal(s, a) is None})
        assert passed == [str(a) for a in legal]
        for a in weighed:
            err = g.refusal(s, a)
            if err is not None:
                refused += 1
                assert err.rule_id in g.catalog.rules
        s = g.apply(s, rng.choice(legal))
    assert refused, "no candidate was ever refused: candidates would be the legal list alone"

"""Witness search and shrinking on small budgets (the stored data is replayed in test_stored)."""

import pytest

from rulebook.common.errors import RuleError, TrogkitInputError
from solvers.verify.shrink import shrink
from solvers.verify.trace import shows
from solvers.verify.witness import NoWitness, witness


class Letters:
    """A toy goal: reach 'x'; 'b' is refused once 'a' has been played."""

    def first(self):
        return (), False

    def next(self, state, action):
        if action == "b" and "a" in state:
            raise RuleError("X-B", "b after a")
        return state + (action,), action == "x"


def test_shrink_drops_every_action_the_goal_does_not_need():
    out = shrink(Letters(), ["a", "c", "d", "a", "e", "x", "f"])
    assert out.actions == ("x",)


def test_shrink_keeps_actions_legal_and_cuts_at_the_first_hit():
    class NeedsC(Letters):
        def next(self, state, action):
            if action == "x" and "c" not in state:
                raise RuleError("X-C", "x needs c first")
            return super().next(state, action)

    assert shrink(NeedsC(), ["a", "c", "d", "x", "e", "x"]).actions == ("c", "x")


def test_shrink_refuses_a_game_that_misses_its_goal():
    with pytest.raises(ValueError, match="does not reach"):
        shrink(Letters(), ["a", "c"])


@pytest.mark.parametrize(
    "game, rule",
    [
        ("trogdor", "T-BURN-TILE"),
        ("encounter-solo", "RE-SOLO-RIDE"),
        ("trollland", "TL-SCORE-WINNER"),
    ],
)
def test_witness_found_and_replays(game, rule):
    t = witness(game, rule, budget=4)
    assert shows(t)
    assert rule in t.fired
    assert t.length <= t.found_length


def test_refusal_rule_is_witnessed_by_a_refused_tempting_action():
    t = witness("encounter-solo", "RE-SOLO-TURN", budget=4)
    assert t.refused is not None and shows(t)


def test_setup_rule_is_witnessed_by_the_start_alone():
    t = witness("trollland", "TL-SETUP-DEAL", budget=1)
    assert t.actions == () and "TL-SETUP-DEAL" in t.fired


def test_text_rule_has_no_game_but_a_check():
    with pytest.raises(NoWitness, match="not about play"):
        witness("trogdor", "T-NOTATION", budget=1)


def test_budget_ends_with_no_witness():
    with pytest.raises(NoWitness) as e:
        witness("encounter-solo", "RE-SOLO-WIN", budget=2, states=500)
    assert e.value.budget == 2


def test_the_search_is_deterministic():
    a = witness("trogdor", "T-WRAP", budget=6, seed=3)
    b = witness("trogdor", "T-WRAP", budget=6, seed=3)
    assert a == b


def test_bad_input():
    with pytest.raises(TrogkitInputError, match="not a rule"):
        witness("trogdor", "T-NOPE", budget=1)
    with pytest.raises(Exception, match="budget"):
        witness("trogdor", "T-WRAP", budget=0)


def _fires_within(game, start, rule: str, depth: int) -> bool:
    """Whether any game of at most ``depth`` actions from ``start`` fires ``rule`` (every
    sequence of legal actions, nothing merged: an independent check of the breadth-first one)."""
    from solvers.verify.trace import step

    layer = [start.state(game)[0]]
    for _ in range(depth):
        nxt = []
        for s in layer:
            for a in game.legal_actions(s):
                new, ids = step(game, s, a)
                if rule in ids:
                    return True
                nxt.append(new)
        layer = nxt
    return False


@pytest.mark.parametrize(("game", "rule"), [("trogdor", "T-BURN-TILE"), ("trogdor", "T-MOVE")])
def test_a_breadth_first_witness_is_the_shortest_from_its_deal(game, rule):
    import rulebook

    t = witness(game, rule, budget=1)
    assert shows(t) and t.start.position is None and t.start.rulings == {}
    assert t.bound == t.length  # nothing shorter from its deal
    g = rulebook.game(game)
    assert not _fires_within(g, t.start, rule, t.length - 1)


def test_a_witness_searched_under_the_defaults_first():
    from solvers.verify.search import Found, rank
    from solvers.verify.trace import Start

    short_option = Found(Start(seed=1, rulings={"TR-PASS-AP": "keep"}), ("a",), None, 0)
    long_default = Found(Start(seed=2), ("a", "b", "c"), None, 0)
    gallery = Found(Start(position="trogdor ..."), ("a",), None, 0, note="gallery")
    assert sorted([short_option, gallery, long_default], key=rank) == [
        long_default, gallery, short_option,
    ]  # fmt: skip


def test_a_rule_of_the_other_game_of_a_shared_catalog_is_refused_naming_its_game():
    with pytest.raises(TrogkitInputError, match="RE-ROUND-CAP is a rule of encounter, not"):
        witness("encounter-solo", "RE-ROUND-CAP", budget=1)
    with pytest.raises(TrogkitInputError, match="rule of encounter-solo"):
        witness("encounter", "RE-SOLO-RIDE", budget=1)

"""Solvers: battle odds (grouped exact vs brute force vs sampling), the encounter builder (z3 vs
partition enumeration + bipartite matching, 500+ generated cases) and the Solo Adventure planner."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook.common.errors import RuleError, TrogkitInputError
from rulebook.common.rng import Rng
from rulebook.encounter import BattleRules, new_adventure, resolve
from rulebook.encounter.building import composition_problem
from solvers.encounter.adventure import hopeless, replay, solve_adventure
from solvers.encounter.builder import build_matching, build_z3, set_partitions
from solvers.encounter.odds import win_probability, win_probability_bruteforce

from .helpers import CARDS, solo_position

ENC = CARDS.ids("encounter")
RULES = [
    BattleRules(),
    BattleRules(sin=True),
    BattleRules(green_both="one-swap"),
    BattleRules(star="seed-only"),
    BattleRules(sin=True, sin_single="any-size"),
]


class Draws:
    """Successive draws from the pure ``Rng`` (test data only): the same cases as ever."""

    def __init__(self, seed: int):
        self.rng = Rng(seed)

    def shuffle(self, items) -> list:
        out, self.rng = self.rng.shuffled(items)
        return list(out)

    def randrange(self, n: int) -> int:
        value, self.rng = self.rng.below(n)
        return value


# ------------------------------------------------------------------------------------ odds
@pytest.mark.parametrize("seed", range(40))
def test_grouped_exact_odds_equal_brute_force(seed):
    r = Draws(seed)
    cards = r.shuffle(ENC)
    mine = cards[: 1 + seed % 3]
    if composition_problem(mine, CARDS):
        mine = mine[:1] if CARDS[mine[0]].star != "green" else ["Y5a"]
    pool = [c for c in cards[3 : 3 + 14] if c not in mine]
    k = 1 + seed % 3
    rules = RULES[seed % len(RULES)]
    assert win_probability(mine, k, pool, CARDS, rules) == win_probability_bruteforce(
        mine, k, pool, CARDS, rules
    )


def test_odds_sum_to_one_and_sampling_is_close():
    pool = [c for c in ENC if c not in ("Y9a", "Y8a")]
    exact = win_probability(["Y9a", "Y8a"], 3, pool, CARDS)
    assert exact.method == "exact" and exact.win + exact.tie + exact.lose == 1
    sampled = win_probability(["Y9a", "Y8a"], 3, pool, CARDS, exact_limit=0, samples=4000, seed=1)
    assert sampled.method == "sampled" and abs(float(sampled.win - exact.win)) < 0.03


def test_odds_single_blue_card():
    # B1 (blue) loses only to a blue encounter with a higher level, or to a green swap
    pool = ["Y1a", "Y2a", "R1", "B4"]
    odds = win_probability(["B1"], 1, pool, CARDS)
    assert odds.win == Fraction(3, 4) and odds.lose == Fraction(1, 4)


def test_odds_bad_input():
    with pytest.raises(TrogkitInputError, match="k must be"):
        win_probability(["Y1a"], 0, ["Y2a"], CARDS)
    with pytest.raises(RuleError, match="your encounter and the pool") as e:
        win_probability(["Y1a"], 1, ["Y1a", "Y2a"], CARDS)
    assert e.value.rule_id == "RE-COMP-DECK"


@pytest.mark.parametrize(
    "mine,pool,rule",
    [
        (["R1", "B1"], ["Y2a", "Y3a"], "RE-COMPOSE-RED-BLUE"),
        (["G1"], ["Y2a", "Y3a"], "RE-COMPOSE-GREEN"),
        (["Y1a", "Y1a"], ["Y2a"], "RE-COMP-DECK"),
        (["Y1a"], ["Y2a", "Y2a"], "RE-COMP-DECK"),  # the pool holds each card once
    ],
)
def test_odds_and_battle_refuse_impossible_encounters(mine, pool, rule):
    # issue 10: odds and battle accepted these; they are refused with the rule's ID
    from solvers.encounter.odds import battle_outcome

    for ask in (
        lambda: win_probability(mine, 1, pool, CARDS),
        lambda: win_probability_bruteforce(mine, 1, pool, CARDS),
    ):
        with pytest.raises(RuleError) as e:
            ask()
        assert e.value.rule_id == rule
    if pool[0] != pool[-1]:
        with pytest.raises(RuleError) as e:
            battle_outcome(mine, pool, CARDS)
        assert e.value.rule_id == rule


# ------------------------------------------------------------------------------------ builder
def test_set_partitions_count_stirling():
    assert sum(1 for _ in set_partitions(9, 5)) == 6951  # S(9,5)
    assert sum(1 for _ in set_partitions(4, 2)) == 7


def _case(seed: int):
    r = Draws(seed)
    cards = r.shuffle(ENC)
    full = seed % 10 == 0  # every tenth case is a real 9-card hand into 5
    nh = 9 if full else 5 + r.randrange(4)
    n = 5 if full else 2 + r.randrange(min(4, nh - 1))
    m = n if full else 1 + r.randrange(n)
    hand, opp, k = cards[:nh], [], nh
    while len(opp) < m:
        size = 1 + r.randrange(3)
        e = cards[k : k + size]
        k += size
        if composition_problem(e, CARDS) is None:
            opp.append(e)
    return hand, opp, n


def _valid(plan, hand, opp, n, rules):
    assert (
        sorted(c for e in plan.encounters for c in e) == sorted(hand) and len(plan.encounters) == n
    )
    assert all(e and composition_problem(e, CARDS) is None for e in plan.encounters)
    paired = [t for t in plan.pairs if t is not None]
    assert len(paired) == len(set(paired))
    real = sum(
        1
        for e, t in zip(plan.encounters, plan.pairs, strict=True)
        if t is not None and resolve(e, opp[t], CARDS, rules).winner == "A"
    )
    assert real == plan.wins


@pytest.mark.heavy  # starts first under xdist (conftest.py)
def test_builder_z3_and_matching_agree_on_500_cases():
    agreed = infeasible = 0
    for seed in range(520):
        hand, opp, n = _case(seed)
        rules = RULES[seed % len(RULES)]
        try:
            a = build_matching(hand, opp, CARDS, rules, n)
        except TrogkitInputError:
            with pytest.raises(TrogkitInputError):
                build_z3(hand, opp, CARDS, rules, n)
            infeasible += 1
            continue
        b = build_z3(hand, opp, CARDS, rules, n)
        assert b.optimal and a.wins == b.wins, (seed, hand, opp, a, b)
        _valid(a, hand, opp, n, rules)
        _valid(b, hand, opp, n, rules)
        agreed += 1
    assert agreed >= 500


def test_builder_example_and_scope():
    # nine plain cards vs five known encounters: the builder finds a split that wins all five
    hand = ["Y1a", "Y2a", "Y3a", "Y4a", "Y5a", "Y6a", "Y7a", "Y8a", "B1"]
    opp = [["Y10a"], ["Y9b", "Y1b"], ["R1", "Y2b"], ["G1", "Y3b"], ["Y5b", "Y5c"]]
    assert build_matching(hand, opp, CARDS).wins == build_z3(hand, opp, CARDS).wins == 5
    with pytest.raises(TrogkitInputError, match="illegal"):
        build_matching(hand, [["R2", "B2"]], CARDS)
    with pytest.raises(TrogkitInputError, match="both sides"):
        build_z3(hand, [["Y1a"]], CARDS)


# ------------------------------------------------------------------------------------ adventure
@pytest.mark.parametrize("seed", [1, 2, 5, 7, 9])
def test_adventure_plan_replays_to_a_win(seed):
    st = new_adventure(seed)
    res = solve_adventure(st, max_states=20_000)
    assert res.winnable is True and res.states > 0
    states = replay(st, res.plan)
    assert states[-1].outcome == "win"
    assert not any(hopeless(s) for s in states[:-1])  # the prune never cuts a winning line


def test_adventure_unwinnable_deal_is_proved():
    # deal 3: Key 4 sits with a blue card and the hand has no blue or green: never beatable
    res = solve_adventure(new_adventure(3), max_states=1000)
    assert res.winnable is False and res.plan == []


def test_adventure_budget_gives_unknown():
    assert solve_adventure(new_adventure(10), max_states=50).winnable is None


def _small(seed: int):
    """A small face-up adventure: four Keys spread over 3-5 spaces, a hand of 2-4 cards."""
    r = Draws(seed)
    cards = r.shuffle(ENC)
    nsp = 3 + r.randrange(3)
    spaces, k = [], 0
    for _ in range(nsp):
        size = 1 + r.randrange(2)
        spaces.append(cards[k : k + size])
        k += size
    for i, key in enumerate(["K1", "K2", "K3", "K4"]):
        spaces[r.randrange(nsp) if i else 0].append(key)
    hand = cards[k : k + 2 + r.randrange(3)]
    final = ("W4", cards[k + 5]) if seed % 2 else ("W1",)
    return solo_position(spaces, hand=hand, final=final, face_up=[True] * 12)


@pytest.mark.heavy  # starts first under xdist (conftest.py)
def test_adventure_prune_agrees_with_plain_search():
    decided, outcomes = 0, set()
    for seed in range(80):
        st = _small(seed)
        a = solve_adventure(st, max_states=4_000, prune=True)
        b = solve_adventure(st, max_states=4_000, prune=False, probe_share=0)  # plain DFS
        if b.winnable is None:
            assert a.winnable is not True or replay(st, a.plan)[-1].outcome == "win"
            continue
        assert a.winnable == b.winnable, seed
        outcomes.add(b.winnable)
        decided += 1
    assert decided >= 60 and outcomes == {True, False}


def test_builder_answers_do_not_depend_on_string_hashing():
    # nbval compares printed plans, so they must not change with PYTHONHASHSEED
    import os
    import subprocess
    import sys

    code = (
        "from rulebook.encounter import default_cards\n"
        "from solvers.encounter.builder import build_matching, build_z3\n"
        "c = default_cards(); h = ['Y1a','Y2a','Y3a','Y4a','Y5a','Y6a','Y7a','Y8a','B1']\n"
        "o = [['Y10a'], ['Y9b','Y1b'], ['R1','Y2b'], ['G1','Y3b'], ['Y5b','Y5c']]\n"
        "print(build_matching(h, o, c).as_dict(), build_z3(h, o, c).as_dict())\n"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2", "3")
    }  # fmt: skip
    assert len(outs) == 1


def test_random_build_is_legal_and_playable():
    from rulebook.common.rng import Rng
    from rulebook.encounter import new_game
    from solvers.encounter.builder import random_build

    from .helpers import play

    for seed in range(10):
        st = new_game(2, seed)
        groups, loot = random_build(st, Rng(seed, 77), tries=200)
        assert sorted(c for g in groups for c in g) == sorted(st.hands[0])
        st = play(st, *(f"put {c} {i + 1}" for i, g in enumerate(groups) for c in g))
        st = play(st, f"loot {loot + 1}", "done")
        assert st.to_move == 1

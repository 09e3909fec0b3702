"""Hypothesis invariants over random legal play, and notation round trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from tl_helpers import CARDS

from rulebook.common.errors import NotationError, RuleError
from rulebook.common.rng import Rng
from rulebook.trollland import State, apply_action, is_over, legal_actions, new_game


def play(players: int, seed: int, steps: int) -> list[State]:
    s = new_game(players, seed=seed)
    r = Rng(seed + 7)
    out = [s]
    for _ in range(steps):
        if is_over(s):
            break
        s = apply_action(s, r.choice(legal_actions(s)))
        out.append(s)
    return out


def conserved(s: State) -> None:
    zones = [c for h in s.hands for c in h] + [c for h in s.chosen for c in h]
    zones += s.draw + s.discard + s.dock + [c for b in s.row for cage in b.cages for c in cage]
    for per in (s.won, s.prison, s.gat):
        zones += [c for h in per for c in h]
    assert sorted(zones) == sorted(CARDS.people), "every People card exactly once"
    vehicles = [b.vehicle for b in s.row] + s.vpile + [v for h in s.veh for v in h]
    assert sorted(vehicles) == sorted(CARDS.vehicles)


GAMES = st.tuples(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 120))


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_invariants_over_random_play(game):
    for s in play(*game):
        conserved(s)
        assert State.parse(str(s)) == s  # the notation round-trips exactly
        for b in s.row:  # no vehicle at the dock is full (TL-DEPART-FULL)
            caps = CARDS.vehicles[b.vehicle].cages
            assert any(len(c) < cap for c, cap in zip(b.cages, caps, strict=True))
            peoples = [CARDS.people[c[0]].people for c in b.cages if c]
            assert len(peoples) == len(set(peoples))  # TL-LOAD-VEHICLE-DISTINCT
        if not is_over(s):
            assert legal_actions(s), "a live game always offers an action"


WRONG = ["place Zo3 V01.1", "gat Bi0", "choose T1a T2a", "send V99", "expel Go15", "king draw",
         "steal-top P2 Zo", "return Bi1 Bi2", "swap Bi6 Ze4 V07.2", "camp P1"]  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(GAMES, st.sampled_from(WRONG))
def test_refused_action_leaves_state_untouched(game, action):
    s = play(*game)[-1]
    before = str(s)
    try:
        after = apply_action(s, action)
    except (RuleError, NotationError):
        assert str(s) == before
    else:
        assert action in legal_actions(s) or action.split()[0] in ("place", "gat", "swap")
        assert str(s) == before and str(after) != before


@pytest.mark.parametrize(
    "text",
    ["", "TL", "TL players=9", "TL players=2 turn=1", "XX players=2", "TL foo=1"],
)
def test_bad_notation_is_a_clear_error(text):
    with pytest.raises(NotationError):
        State.parse(text)


def test_notation_rejects_duplicates_and_unknown_cards():
    s = new_game(2, seed=3)
    text = str(s)
    dup = text.replace("dock=", f"dock={s.hands[0][0]},", 1)
    with pytest.raises(NotationError, match="twice"):
        State.parse(dup)
    with pytest.raises(NotationError, match="unknown card"):
        State.parse(text.replace("dock=", "dock=Zz99,", 1))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 500), st.integers(0, 10_000), st.text(min_size=1, max_size=3))
def test_mangled_notation_parses_or_is_a_clear_error(seed, where, junk):
    text = str(play(3, seed, seed % 40)[-1])
    k = where % len(text)
    mangled = text[:k] + junk + text[k + len(junk) :]
    try:
        s = State.parse(mangled)
    except NotationError:
        return
    assert State.parse(str(s)) == s
    for action in legal_actions(s)[:3]:  # a parsed position can be played on
        apply_action(s, action)


def test_parse_refuses_a_step_nobody_can_act_in():
    s = new_game(2, seed=1)
    with pytest.raises(NotationError, match="nobody can act"):
        State.parse(str(s).replace("phase=choose", "phase=load"))


@pytest.mark.parametrize("action", ["place Zo3 V99.1", "place Zo3 V01.9", "place Zo3 V01", "fly"])
def test_malformed_action_is_a_notation_error(action):
    from tl_helpers import berth, pos

    s = pos(2, row=[berth("V01")], chosen=[["Zo3"], []])
    with pytest.raises(NotationError):
        apply_action(s, action)


class TrolllandMachine(RuleBasedStateMachine):
    """Stateful check: any legal action keeps every invariant; undoing by notation is exact."""

    @initialize(players=st.integers(2, 5), seed=st.integers(0, 10_000))
    def start(self, players, seed):
        self.s = new_game(players, seed=seed)

    @rule(pick=st.integers(0, 10_000))
    def act(self, pick):
        if is_over(self.s):
            return
        acts = legal_actions(self.s)
        before = str(self.s)
        self.s = apply_action(self.s, acts[pick % len(acts)])
        assert str(State.parse(before)) == before

    @invariant()
    def conserved_and_round_trips(self):
        if hasattr(self, "s"):
            conserved(self.s)
            assert State.parse(str(self.s)) == self.s


TestTrolllandMachine = TrolllandMachine.TestCase
TestTrolllandMachine.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 500), st.integers(0, 10**6), st.integers(0, 10**6))
def test_any_parseable_position_can_be_played_on(seed, pick_from, pick_to):
    """Move one card between zones of a real position (as a user typing a position might):
    whatever parses offers legal actions that apply without crashing."""
    s = play(2 + seed % 4, seed, seed % 50)[-1].copy()
    zones = [s.draw, s.dock, s.discard, *s.hands, *s.chosen, *s.won, *s.gat, *s.prison]
    full = [z for z in zones if z]
    src = full[pick_from % len(full)]
    card = src.pop(pick_from % len(src))
    zones[pick_to % len(zones)].append(card)
    try:
        t = State.parse(str(s))
    except NotationError:
        return
    for action in legal_actions(t)[:4]:
        apply_action(t, action)  # a legal action is never refused, never crashes

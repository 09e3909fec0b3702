"""Hypothesis invariants over random legal play, and the notation's strictness."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from tl_helpers import berth, pos

from rulebook.common.errors import NotationError, RuleError
from rulebook.common.rng import Rng
from rulebook.trollland import State, new_game
from rulebook.trollland.game import GAME


def play(players: int, seed: int, steps: int) -> list[State]:
    s = new_game(players, seed=seed)
    r = Rng(seed + 7)
    out = [s]
    for _ in range(steps):
        if GAME.is_terminal(s):
            break
        a, r = r.pick(GAME.legal_actions(s))
        s = GAME.apply(s, a)
        out.append(s)
    return out


GAMES = st.tuples(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 120))


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_invariants_over_random_play(game):
    for s in play(*game):
        assert GAME.invariants(s) == []  # cards conserved, cages legal, someone to act
        assert State.parse(str(s)) == s  # the notation round-trips exactly
        if not GAME.is_terminal(s):
            assert GAME.legal_actions(s), "a live game always offers an action"


WRONG = ["place Zo3 V01.1", "gat Bi0", "choose T1a T2a", "send V99", "expel Go15", "king draw",
         "steal-top P2 Zo", "return Bi1 Bi2", "swap Bi6 Ze4 V07.2", "camp P1"]  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(GAMES, st.sampled_from(WRONG))
def test_refusal_agrees_with_apply_and_leaves_state_untouched(game, action):
    s = play(*game)[-1]
    before = str(s)
    err = GAME.refusal(s, action)
    if err is None:
        assert GAME.parse_action(action) in GAME.legal_actions(s)
        assert str(GAME.apply(s, action)) != before
    else:
        with pytest.raises(RuleError) as raised:
            GAME.apply(s, action)
        assert (raised.value.rule_id, raised.value.reason) == (err.rule_id, err.reason)
        assert GAME.parse_action(action) not in GAME.legal_actions(s)
    assert str(s) == before


@pytest.mark.parametrize(
    "text",
    ["", "trollland", "trollland players=9", "trollland players=2 turn=1", "XX players=2",
     "trollland foo=1"],
)  # fmt: skip
def test_bad_notation_is_a_clear_error(text):
    with pytest.raises(NotationError):
        State.parse(text)


@pytest.mark.parametrize(
    "old, new",
    [
        ("row=V", "row=:V"),  # an empty vehicle id
        ("row=V", "row=V01,V02:-/V"),  # two ids where one goes (was a KeyError)
        ("turn=1", "turn=\u0661"),  # a non-ASCII digit
        ("turn=1", "turn=+1"),
        ("turn=1", "turn=01"),
        ("rng=0:", "rng=+0:"),
        ("players=2", "players=2_0"),
        ("rulings=-", "rulings=TLR-GAT-CHOICE=forced-only"),  # the default written out
        ("swapped=-", "swapped=Zz1"),
    ],
)
def test_only_canonical_notation_parses(old, new):
    text = str(new_game(2, seed=0))
    assert old in text
    with pytest.raises(NotationError):
        State.parse(text.replace(old, new, 1))


@pytest.mark.parametrize("row", [":", "V01,V02:-"])
def test_bad_row_is_a_notation_error_not_a_key_error(row):
    text = str(new_game(2, seed=0))
    start = text.index("row=") + 4
    end = text.index(" ", start)
    with pytest.raises(NotationError, match="row"):
        State.parse(text[:start] + row + text[end:])


def test_notation_rejects_duplicates_and_unknown_cards():
    s = new_game(2, seed=3)
    text = str(s)
    dup = text.replace("dock=", f"dock={s.hands[0][0]},", 1)
    with pytest.raises(NotationError, match="twice"):
        State.parse(dup)
    with pytest.raises(NotationError, match="unknown card"):
        State.parse(text.replace("dock=", "dock=Zz99,", 1))


def test_a_big_position_is_checked_in_linear_time():
    import time

    s = new_game(2, seed=3)
    text = str(s)
    many = ",".join(f"Bi{i}" for i in range(5000))  # unknown ids: refused, but quickly
    t0 = time.perf_counter()
    with pytest.raises(NotationError) as e:
        State.parse(text.replace("discard=-", f"discard={many}", 1))
    assert time.perf_counter() - t0 < 1.0
    assert len(str(e.value)) < 300  # a short excerpt, not the whole input


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 500),
    st.integers(0, 10_000),
    st.text(alphabet=st.sampled_from("Bi0Zo1V.:|/,-= \u0663\u00b2_+T"), min_size=1, max_size=3),
)
def test_mangled_notation_parses_or_is_a_clear_error(seed, where, junk):
    text = str(play(3, seed, seed % 40)[-1])
    k = where % len(text)
    mangled = text[:k] + junk + text[k + len(junk) :]
    try:
        s = State.parse(mangled)
    except NotationError:
        return
    assert str(s) == mangled  # what parses is canonical: it round-trips exactly
    for action in GAME.legal_actions(s)[:3]:  # a parsed position can be played on
        GAME.apply(s, action)


def test_parse_refuses_a_step_nobody_can_act_in():
    s = new_game(2, seed=1)
    with pytest.raises(NotationError, match="nobody can act"):
        State.parse(str(s).replace("phase=choose", "phase=load"))


@pytest.mark.parametrize(
    "action", ["place Zo3 V01", "place Zo3 V01.9", "fly", "camp P\u00b2", "camp P0", "place Zo3"]
)
def test_malformed_action_is_a_notation_error(action):
    s = pos(2, row=[berth("V01")], chosen=[["Zo3"], []])
    with pytest.raises(NotationError):
        GAME.refusal(s, action)


def test_unknown_vehicle_is_refused_by_rule():
    s = pos(2, row=[berth("V01")], chosen=[["Zo3"], []])
    assert GAME.refusal(s, "place Zo3 V99.1").rule_id == "TL-DEPART-FULL"


class TrolllandMachine(RuleBasedStateMachine):
    """Stateful check: any legal action keeps every invariant; the input never changes."""

    @initialize(players=st.integers(2, 5), seed=st.integers(0, 10_000))
    def start(self, players, seed):
        self.s = new_game(players, seed=seed)

    @rule(pick=st.integers(0, 10_000))
    def act(self, pick):
        if GAME.is_terminal(self.s):
            return
        acts = GAME.legal_actions(self.s)
        before = str(self.s)
        nxt = GAME.apply(self.s, acts[pick % len(acts)])
        assert str(self.s) == before
        self.s = nxt

    @invariant()
    def conserved_and_round_trips(self):
        if hasattr(self, "s"):
            assert GAME.invariants(self.s) == []
            assert State.parse(str(self.s)) == self.s


TestTrolllandMachine = TrolllandMachine.TestCase
TestTrolllandMachine.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 500), st.integers(0, 10**6), st.integers(0, 10**6))
def test_any_parseable_position_can_be_played_on(seed, pick_from, pick_to):
    """Move one card between zones of a real position (as a user typing a position might):
    whatever parses offers legal actions that apply without crashing."""
    d = play(2 + seed % 4, seed, seed % 50)[-1].thaw()
    zones = [d.draw, d.dock, d.discard, *d.hands, *d.chosen, *d.won, *d.trollgat, *d.prison]
    full = [z for z in zones if z]
    src = full[pick_from % len(full)]
    card = src.pop(pick_from % len(src))
    zones[pick_to % len(zones)].append(card)
    d.swapped &= set(d.dock)
    try:
        t = State.parse(str(d.freeze()))
    except NotationError:
        return
    for action in GAME.legal_actions(t)[:4]:
        GAME.apply(t, action)  # a legal action is never refused, never crashes


def test_invariants_read_a_working_copy_as_its_position():
    """A working copy's lists change in place: its invariants read the position it holds now."""
    s = new_game(3, seed=4)
    d = GAME.fork(s)
    assert GAME.invariants(d) == []
    card = d.draw[1]
    d.draw[0] = card  # the copy's pile changes after the check, as long: a card twice, one gone
    assert f"{card} is in draw and in draw" in GAME.invariants(d)
    assert GAME.invariants(s) == []
    d = GAME.fork(s)
    assert GAME.invariants(d) == []
    d.vehicle_pile[0] = d.vehicle_pile[1]  # as long again: a vehicle twice, one gone
    assert "a vehicle is in two places" in GAME.invariants(d)
    assert GAME.invariants(s) == []


def _troll_from_draw(d) -> str:
    troll = next(c for c in d.draw if d.cards.people[c].is_troll)
    d.draw.remove(troll)
    return troll


# each: what breaks a dealt position (on its working copy), and what the invariants say
FAULTS = {
    "a hand card also on the dock": (
        lambda d: d.dock.append(d.hands[0][0]),
        lambda d: f"{d.hands[0][0]} is in dock and in hands P1",
    ),
    "a card twice in the draw pile": (
        lambda d: d.draw.append(d.draw[0]),
        lambda d: f"{d.draw[0]} is in draw and in draw",
    ),
    "a card both in the draw pile and discarded": (
        lambda d: d.discard.append(d.draw[-1]),
        lambda d: f"{d.draw[-1]} is in draw and in discard",
    ),
    "a Troll on the dock": (
        lambda d: d.dock.append(_troll_from_draw(d)),
        lambda d: f"Troll {d.dock[-1]} is in dock",
    ),
    "a Troll among won cards": (
        lambda d: d.won[1].append(_troll_from_draw(d)),
        lambda d: f"Troll {d.won[1][-1]} is in won P2",
    ),
    "a Troll in a Trollgat": (
        lambda d: d.trollgat[2].append(_troll_from_draw(d)),
        lambda d: f"Troll {d.trollgat[2][-1]} is in trollgat P3",
    ),
    "a Troll in a cage": (
        lambda d: d.row.__setitem__(0, d.row[0].with_card(0, _troll_from_draw(d))),
        lambda d: f"Troll {d.row[0].cages[0][-1]} is in row {d.row[0].vehicle}",
    ),
    "a card lost": (
        lambda d: d.hands[0].pop(),
        lambda d: "1 people card(s) missing from a dealt game",
    ),
    "a card that is not of the card set": (
        lambda d: d.hands[1].append("Zo99"),
        lambda d: "not a card of this card set: Zo99",
    ),
    "a vehicle not of the card set": (
        lambda d: d.vehicle_pile.append("V99"),
        lambda d: "not a vehicle of this card set: V99",
    ),
    "a vehicle id among the cards": (
        lambda d: d.hands[1].append(d.row[0].vehicle),
        lambda d: f"not a card of this card set: {d.row[0].vehicle}",
    ),
    "a vehicle both at the dock and won": (
        lambda d: d.vehicles_won[0].append(d.row[0].vehicle),
        lambda d: "a vehicle is in two places",
    ),
    "a vehicle twice in its pile": (
        lambda d: d.vehicle_pile.append(d.vehicle_pile[0]),
        lambda d: "a vehicle is in two places",
    ),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_invariants_name_what_is_wrong(fault):
    """Each broken placement is named, on the working copy and on its State alike."""
    s = GAME.new_game(3, players=3)
    d = GAME.fork(s)
    assert GAME.invariants(d) == []
    breaks, message = FAULTS[fault]
    breaks(d)
    assert message(d) in GAME.invariants(d)
    state = d.freeze()
    assert message(d) in GAME.invariants(state)
    assert GAME.invariants(s) == []  # the position forked is untouched


def test_a_position_set_up_by_hand_may_lack_cards_and_vehicles():
    """Only a dealt game (every vehicle present) must hold every people card."""
    d = GAME.fork(GAME.new_game(5, players=3))
    d.vehicle_pile.pop()
    d.hands[0].pop()
    assert GAME.invariants(d) == []


@pytest.mark.parametrize(
    "cages, said",
    [
        ([["Bi0", "Zo1"], []], ["V07 cage 1 breaks the loading rules"]),  # two peoples
        ([["Bi0", "Bi1", "Bi2"], []], ["V07 cage 1 breaks the loading rules"]),  # over capacity
        ([["Bi0"], ["Bi1"]], ["V07 has two cages of one people"]),
        ([["Bi0", "Zo1"], ["Bi1", "Bi2"]],
         ["V07 cage 1 breaks the loading rules", "V07 has two cages of one people",
          "V07 is full but has not departed"]),
        ([["Bi0"], ["Zo1"]], []),
    ],
)  # fmt: skip
def test_invariants_name_a_cage_that_breaks_the_loading_rules(cages, said):
    s = pos(2, phase="choose", row=[berth("V07", *cages)], hands=[["Ze1", "Ze2"], ["Ze3", "Ze4"]])
    assert [m for m in GAME.invariants(s) if m.startswith("V07")] == said

"""Issue 23, classes 4-6 and 8 for Random Encounter: every position the engine writes parses
back, stuck positions are caught, states share nothing mutable, unplayable card files are
refused."""

from __future__ import annotations

import dataclasses
import pickle
import re

import pytest

from rulebook.common.codecs import MAX_SEED
from rulebook.common.errors import CardDataError, NotationError, TrogkitInputError
from rulebook.common.game import random_game
from rulebook.encounter import DEFAULT_CARDS, load_card_set

from .helpers import MULTI, SOLO


def assert_closed(game, text: str) -> None:
    """``text`` is refused, or it prints back as written and every successor parses back."""
    try:
        s = game.parse(text)
    except NotationError:
        return
    assert str(s) == text
    for a in game.legal_actions(s):
        after = game.apply(s, a)
        again = game.parse(str(after))
        assert again == after and str(again) == str(after), a


def battle_positions(seed: int, players: int = 3):
    s = MULTI.new_game(seed, players=players)
    for a in random_game(MULTI, seed, players=players).actions:
        if s.phase == "battle":
            yield s
        s = MULTI.apply(s, a)


# ---- class 4 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("wins", [10, 5, 4])
def test_a_battle_at_the_most_wins_the_notation_reads_gives_a_position_it_reads(wins):
    for s in list(battle_positions(0))[:12]:
        n = s.players
        text = re.sub(r" wins=\S+ ", " wins=" + "/".join([str(wins)] * n) + " ", str(s))
        assert_closed(MULTI, text)


def test_wins_beyond_five_battles_a_round_are_refused():
    s = next(battle_positions(1))
    text = re.sub(r" wins=\S+ ", " wins=" + "/".join(["10"] * s.players) + " ", str(s))
    with pytest.raises(NotationError, match="wins"):
        MULTI.parse(text)


@pytest.mark.parametrize("game", [MULTI, SOLO], ids=["multi", "solo"])
@pytest.mark.parametrize("seed", [10**19, -1, None, "3"])
def test_a_seed_out_of_range_is_refused_with_the_range(game, seed):
    with pytest.raises(TrogkitInputError, match=re.escape(f"0..{MAX_SEED}")):
        game.new_game(seed)


# ---- class 5 -------------------------------------------------------------------------------------
def _empty_hand(st):
    p = st.to_move
    hands = tuple(() if q == p else h for q, h in enumerate(st.hands))
    return dataclasses.replace(st, hands=hands, discard=st.discard + st.hands[p])


def test_a_build_turn_with_an_empty_hand_and_no_encounter_is_caught():
    stuck = _empty_hand(MULTI.new_game(0))
    assert not MULTI.is_terminal(stuck) and not MULTI.legal_actions(stuck)
    assert any("no legal action" in p for p in MULTI.invariants(stuck))
    with pytest.raises(TrogkitInputError, match="position: "):
        MULTI.parse(str(stuck))  # what the rules cannot play does not parse


def test_a_solo_ride_with_an_empty_hand_is_caught():
    st = SOLO.new_game(0)
    stuck = dataclasses.replace(st, hand=(), discard=st.discard + st.hand)
    assert not SOLO.is_terminal(stuck) and not SOLO.legal_actions(stuck)
    assert any("no legal action" in p for p in SOLO.invariants(stuck))
    with pytest.raises(TrogkitInputError, match="no legal action"):
        SOLO.parse(str(stuck))


def test_live_games_from_random_play_are_not_flagged():
    for game in (MULTI, SOLO):
        s = game.new_game(3)
        for a in random_game(game, 3).actions[:80]:
            assert game.invariants(s) == []
            s = game.apply(s, a)


# ---- class 6 -------------------------------------------------------------------------------------
def test_the_card_set_of_a_state_cannot_be_changed():
    s = MULTI.new_game(0)
    after = MULTI.apply(s, MULTI.legal_actions(s)[0])
    before = [str(a) for a in MULTI.legal_actions(s)]
    for name, value in (("cards", {}), ("path", "x")):
        with pytest.raises(AttributeError):
            setattr(after.cards, name, value)
    with pytest.raises(TypeError):
        after.cards.cards["Y1a"] = None  # type: ignore[index]
    assert [str(a) for a in MULTI.legal_actions(s)] == before


def test_the_rulings_catalog_of_a_state_is_read_only_and_states_still_pickle():
    s = MULTI.new_game(0)
    with pytest.raises(TypeError):
        s.rulings.rulings["RER-X"] = None  # type: ignore[index]
    rid = next(iter(s.rulings.rulings))
    with pytest.raises(TypeError):
        s.rulings.rulings[rid].options["x"] = "y"  # type: ignore[index]
    again = pickle.loads(pickle.dumps(s))
    assert again == s and str(again) == str(s)


# ---- class 8 -------------------------------------------------------------------------------------
def test_a_deck_of_green_encounters_is_refused_naming_the_file(tmp_path):
    text = DEFAULT_CARDS.read_text()
    for star in ("yellow", "blue", "red"):
        text = text.replace(f'star = "{star}"', 'star = "green"')
    f = tmp_path / "green.toml"
    f.write_text(text)
    with pytest.raises(CardDataError, match="Green") as e:
        load_card_set(f)
    assert str(f) in str(e.value)


def test_a_partial_deck_too_small_for_the_players_is_refused_by_new_game(tmp_path):
    short = tmp_path / "short.toml"
    text = DEFAULT_CARDS.read_text()
    short.write_text(text[: text.index('id = "G1"') - len("[[card]]\n")])
    cs = load_card_set(short, whole_box=False)  # 30 encounter cards
    MULTI.new_game(0, players=3, cards=cs)
    with pytest.raises(CardDataError, match="5 players") as e:
        MULTI.new_game(0, players=5, cards=cs)
    assert str(short) in str(e.value)


def test_wins_before_the_battle_phase_are_refused():
    s = MULTI.new_game(0)
    text = re.sub(r" wins=\S+ ", " wins=" + "/".join(["5"] * s.players) + " ", str(s))
    assert_closed(MULTI, text)
    with pytest.raises(NotationError, match="wins"):
        MULTI.parse(text)


def test_the_largest_rng_counter_a_notation_reads_gives_successors_it_reads():
    top = "9" * 19  # the longest whole number a notation reads
    checked = 0
    for s in battle_positions(2, players=2):
        text = re.sub(r" rng=(\d+):\d+ ", rf" rng=\1:{top} ", str(s))
        assert_closed(MULTI, text)
        checked += 1
    assert checked > 0


def test_a_solo_adventure_from_a_partial_deck_is_refused_naming_the_file(tmp_path):
    short = tmp_path / "short.toml"
    text = DEFAULT_CARDS.read_text()
    short.write_text(text[: text.index('id = "G1"') - len("[[card]]\n")])
    cs = load_card_set(short, whole_box=False)
    with pytest.raises(CardDataError, match="whole box") as e:
        SOLO.new_game(0, cards=cs)
    assert str(short) in str(e.value)

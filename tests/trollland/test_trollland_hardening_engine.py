"""Issue 23, classes 4-6 and 8 for Trollland: every position the engine writes parses back,
stuck positions are caught, states share nothing mutable, unplayable card files are refused."""

from __future__ import annotations

import re

import pytest

import rulebook
from rulebook.common.codecs import MAX_SEED
from rulebook.common.errors import CardDataError, NotationError, TrogkitInputError
from rulebook.trollland import cards as tl_cards
from rulebook.trollland.game import GAME

TL = rulebook.game("trollland")


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


def play_to(s, phase: str, limit: int = 400):
    for _ in range(limit):
        if s.phase == phase:
            return s
        s = TL.apply(s, TL.legal_actions(s)[0])
    raise AssertionError(f"no {phase} step reached")


# ---- class 4: what the engine writes parses back -------------------------------------------------
@pytest.mark.parametrize("seed", [10**19, MAX_SEED + 1, -1, None, 1.5, True, "3"])
def test_a_seed_the_notation_cannot_carry_is_refused_by_name(seed):
    with pytest.raises(TrogkitInputError, match=re.escape(f"0..{MAX_SEED}")) as e:
        TL.new_game(seed)
    assert "seed" in str(e.value)


def test_the_largest_seed_round_trips():
    s = TL.new_game(MAX_SEED)
    assert TL.parse(str(s)) == s and f"rng={MAX_SEED}:" in str(s)


def test_a_game_at_the_last_turn_number_goes_on_and_parses_back():
    s = play_to(TL.new_game(1), "load")
    # the last action of a turn: play until the turn number changes, from turn=MAX
    text = re.sub(r" turn=\d+ ", " turn=999 ", str(s))
    s = TL.parse(text)
    for _ in range(200):
        if TL.is_terminal(s) or s.turn != 999:
            break
        s = TL.apply(s, TL.legal_actions(s)[0])
    assert TL.parse(str(s)) == s and str(TL.parse(str(s))) == str(s)


def test_every_successor_of_a_turn_999_position_parses_back():
    s = TL.new_game(2)
    for _ in range(120):
        if TL.is_terminal(s):
            break
        assert_closed(TL, re.sub(r" turn=\d+ ", " turn=999 ", str(s)))
        s = TL.apply(s, TL.legal_actions(s)[-1])


def test_swapped_is_written_once_and_sorted_or_refused():
    s = TL.new_game(0)
    d1, d2 = s.dock[:2]
    base = str(s)
    for swapped in (f"{d1},{d1}", ",".join(sorted((d1, d2), reverse=True))):
        text = base.replace("swapped=-", f"swapped={swapped}")
        with pytest.raises(NotationError, match="swapped"):
            TL.parse(text)
    ok = base.replace("swapped=-", f"swapped={','.join(sorted((d1, d2)))}")
    assert str(TL.parse(ok)) == ok


# ---- class 5: a live game with no legal action ---------------------------------------------------
def test_a_choose_step_with_empty_hands_is_caught():
    s = TL.new_game(0)
    text = str(s)
    hands = [c for h in s.hands for c in h]
    text = re.sub(r" hands=\S+ ", " hands=-/-/- ", text)
    text = text.replace(" discard=- ", f" discard={','.join(hands)} ")
    try:
        stuck = TL.parse(text)
    except NotationError:
        return
    assert not TL.is_terminal(stuck) and not TL.legal_actions(stuck)
    assert any("no legal action" in p for p in TL.invariants(stuck))


# ---- class 6: nothing mutable is shared -----------------------------------------------------------
def test_loading_views_are_tuples():
    s = play_to(TL.new_game(0), "load")
    before = [str(a) for a in TL.legal_actions(s)]
    for b in s.row:
        caps, contents = s.loading(b.vehicle)
        assert isinstance(contents, tuple) and all(isinstance(c, tuple) for c in contents)
        with pytest.raises((TypeError, AttributeError)):
            contents[0].append("Bi1")  # type: ignore[union-attr]
    assert [str(a) for a in TL.legal_actions(s)] == before


def test_the_rulings_catalog_of_a_state_is_read_only():
    s = TL.new_game(0)
    with pytest.raises(TypeError):
        s.rulings.rulings["TLR-X"] = None  # type: ignore[index]
    rid = next(iter(s.rulings.rulings))
    with pytest.raises(TypeError):
        s.rulings.rulings[rid].options["x"] = "y"  # type: ignore[index]


# ---- class 8: card files that cannot make a game ----------------------------------------------
def _blocks(path) -> tuple[str, list[str]]:
    head, *blocks = path.read_text().split("[[")
    return head, ["[[" + b for b in blocks]


def _people_file(tmp_path, blocks: list[str]):
    f = tmp_path / "people.toml"
    f.write_text("".join(blocks))
    return f


def test_a_people_file_of_ten_pest_cards_is_refused_naming_the_file(tmp_path):
    _, blocks = _blocks(tl_cards.DATA / "people.toml")
    pests = [b for b in blocks if 'people = "troll"' not in b]
    f = _people_file(tmp_path, pests[:10])
    with pytest.raises(CardDataError, match="people card") as e:
        tl_cards.load_card_set(people=f)
    assert str(f) in str(e.value)


def test_a_people_file_of_trolls_only_is_refused(tmp_path):
    _, blocks = _blocks(tl_cards.DATA / "people.toml")
    trolls = [b for b in blocks if 'people = "troll"' in b]
    f = _people_file(tmp_path, trolls * 1)
    with pytest.raises(CardDataError, match="pest") as e:
        tl_cards.load_card_set(people=f)
    assert str(f) in str(e.value)


def test_vehicle_ids_equal_to_people_ids_are_refused(tmp_path):
    text = (tl_cards.DATA / "vehicles.toml").read_text()
    f = tmp_path / "vehicles.toml"
    f.write_text(text.replace('id = "V01"', 'id = "T1b"'))
    with pytest.raises(CardDataError, match="T1b") as e:
        tl_cards.load_card_set(vehicles=f)
    assert str(f) in str(e.value)


def test_a_set_too_small_for_five_players_is_refused_by_new_game(tmp_path):
    _, blocks = _blocks(tl_cards.DATA / "people.toml")
    pests = [b for b in blocks if 'people = "troll"' not in b]
    f = _people_file(tmp_path, pests[:20])  # enough for two players, not for five
    cs = tl_cards.load_card_set(people=f)
    GAME.new_game(0, players=2, cards=cs)
    with pytest.raises(CardDataError, match="5 players") as e:
        GAME.new_game(0, players=5, cards=cs)
    assert str(f) in str(e.value)

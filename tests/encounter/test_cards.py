"""Card data: the box, provenance, user files."""

from __future__ import annotations

import pytest

from rulebook.common.errors import CardDataError
from rulebook.encounter import BattleRules, ability, default_cards, load_card_set
from rulebook.encounter.cards import DEFAULT_CARDS

CARDS = default_cards()


def test_box_counts_RE_COMP_DECK():
    # RE-COMP-DECK: 45 encounter cards, 4 Bosses, 4 Keys
    assert len(CARDS.ids("encounter")) == 45
    assert len(CARDS.ids("boss")) == 4
    assert len(CARDS.ids("key")) == 4
    assert all(CARDS[c].star == "white" for c in CARDS.ids("boss"))


def test_star_colours_and_names_RE_COMP_STARS():
    # RE-COMP-STARS: star colour = ability; names only on creatures with abilities
    stars = {CARDS[c].star for c in CARDS.ids("encounter")}
    assert stars == {"yellow", "green", "blue", "red"}
    review, seed_only = BattleRules(), BattleRules(star="seed-only")
    assert ability("Y3a", CARDS, review) == "none"
    assert ability("B1", CARDS, review) == "autowin" and ability("R1", CARDS, review) == "autolose"
    assert ability("G1", CARDS, review) == "swap"
    # under the seed-only reading only a printed effect counts
    assert ability("B1", CARDS, seed_only) == "none"
    assert ability("TK", CARDS, seed_only) == "autolose"
    assert CARDS["Y3a"].name == "Level 3 creature"


def test_provenance_is_honest():
    sourced = sorted(c for c, card in CARDS.cards.items() if card.provenance == "sourced")
    assert sourced == ["K1", "K2", "K3", "K4", "TK"]
    assert "Battle Example 2" in CARDS["TK"].source
    assert CARDS["B1"].label.startswith("STAND-IN")
    assert "stand-in" in CARDS["W1"].name


def test_user_file_errors_name_file_card_field(tmp_path):
    bad = tmp_path / "mine.toml"
    text = DEFAULT_CARDS.read_text().replace(
        'id = "Y3a"\nname = "Level 3 creature"\nkind = "encounter"\nlevel = 3',
        'id = "Y3a"\nname = "Level 3 creature"\nkind = "encounter"\nlevel = "three"',
    )
    bad.write_text(text)
    with pytest.raises(CardDataError) as e:
        load_card_set(bad)
    assert "Y3a" in str(e.value) and "level" in str(e.value) and "mine.toml" in str(e.value)


def test_user_file_must_be_a_whole_box(tmp_path):
    short = tmp_path / "short.toml"
    text = DEFAULT_CARDS.read_text()
    short.write_text(text[: text.index('id = "G1"') - len("[[card]]\n")])
    with pytest.raises(CardDataError, match="45 encounter"):
        load_card_set(short)
    assert len(load_card_set(short, whole_box=False).ids("encounter")) == 30


def test_user_file_boss_needs_white_star(tmp_path):
    f = tmp_path / "b.toml"
    f.write_text(
        DEFAULT_CARDS.read_text().replace(
            'kind = "boss"\nlevel = 12\nstar = "white"', 'kind = "boss"\nlevel = 12\nstar = "red"'
        )
    )
    with pytest.raises(CardDataError, match="white star"):
        load_card_set(f)


def test_user_file_sourced_needs_source(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text(
        DEFAULT_CARDS.read_text().replace(
            'star = "yellow"\nprovenance = "stand-in"', 'star = "yellow"\nprovenance = "sourced"', 1
        )
    )
    with pytest.raises(CardDataError, match="say where from"):
        load_card_set(f)


@pytest.mark.parametrize("bad_id", ["-", "Y 3", "Y3/a", "Y3,a", "Y3|a", "Y3+a", "Y3:a", "Y\u00b3"])
def test_ids_the_notation_cannot_carry_are_refused_at_load(tmp_path, bad_id):
    f = tmp_path / "ids.toml"
    f.write_text(DEFAULT_CARDS.read_text().replace('id = "Y3a"', f'id = "{bad_id}"'))
    with pytest.raises(CardDataError) as e:
        load_card_set(f)
    assert "id" in str(e.value) and "ids.toml" in str(e.value)


def test_shared_default_cards_are_read_only():
    with pytest.raises(TypeError):
        CARDS.cards["Y3a"] = CARDS.cards["Y4a"]
    assert default_cards()["Y3a"].level == 3

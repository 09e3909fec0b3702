"""Hostile card files, all three loaders: every one is a CardDataError naming the file (and the
field where there is one), never a traceback of another type (issue 10, "Card files")."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest

from rulebook.common.errors import CardDataError
from rulebook.encounter import cards as re_cards
from rulebook.trogdor import cards as tg_cards
from rulebook.trollland import cards as tl_cards

TG_ACTIONS = tg_cards.DATA_DIR / "actions.toml"


def _bundled(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


# game -> (bundled data of the file to mutate, its section, a loader taking a path)
LOADERS = {
    "trogdor": (
        _bundled(TG_ACTIONS),
        "action",
        lambda p: tg_cards.load_card_set(p),
    ),
    "trollland": (
        _bundled(tl_cards.DATA / "people.toml"),
        "card",
        lambda p: tl_cards.load_card_set(people=p),
    ),
    "encounter": (
        _bundled(re_cards.DEFAULT_CARDS),
        "card",
        lambda p: re_cards.load_card_set(p),
    ),
}
GAMES = sorted(LOADERS)


def _write(tmp_path: Path, data, name="cards.json") -> Path:
    f = tmp_path / name
    f.write_text(json.dumps(data), encoding="utf-8")
    return f


def _load_error(game: str, path: Path) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        LOADERS[game][2](path)
    assert str(path) in str(info.value)
    return info.value


def _mutated(game: str, change) -> dict:
    data, section, _ = LOADERS[game]
    data = copy.deepcopy(data)
    change(data[section][0])
    return data


@pytest.mark.parametrize("game", GAMES)
def test_the_unchanged_bundled_data_loads_from_json(game, tmp_path):
    """The baseline the hostile variants below differ from by one field."""
    data, _, load = LOADERS[game]
    load(_write(tmp_path, data))


@pytest.mark.parametrize("game", GAMES)
def test_non_utf8_bytes(game, tmp_path):
    f = tmp_path / "cards.toml"
    f.write_bytes(b'[[card]]\nid = "caf\xe9"\n\xff\xfe\x00')
    assert "not UTF-8" in str(_load_error(game, f))


@pytest.mark.parametrize("game", GAMES)
def test_binary_file(game, tmp_path):
    f = tmp_path / "cards.json"
    f.write_bytes(bytes(range(256)) * 4)
    _load_error(game, f)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("suffix", ["json", "toml"])
def test_nesting_2000_deep(game, suffix, tmp_path):
    f = tmp_path / f"cards.{suffix}"
    deep = "[" * 2000 + "]" * 2000
    f.write_text(f'{{"card": {deep}}}' if suffix == "json" else f"x = {deep}\n")
    assert "nested deeper" in str(_load_error(game, f))


@pytest.mark.parametrize("game", GAMES)
def test_nesting_inside_a_card_names_the_field(game, tmp_path):
    def nest(card):
        v = 1
        for _ in range(50):
            v = [v]
        card["name"] = v

    err = _load_error(game, _write(tmp_path, _mutated(game, nest)))
    assert "nested deeper" in str(err) and err.field.endswith(
        ".name" + "[0]" * (err.field.count("[") - 1)
    )


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("digits", [3000, 5000])
def test_integers_of_thousands_of_digits(game, digits, tmp_path):
    field = {"trogdor": "ap", "trollland": "number", "encounter": "level"}[game]
    data, section, _ = LOADERS[game]
    text = json.dumps(_mutated(game, lambda c: c.__setitem__(field, 7)))
    text = text.replace(f'"{field}": 7', f'"{field}": {"9" * digits}', 1)
    f = tmp_path / "cards.json"
    f.write_text(text)
    err = _load_error(game, f)
    if digits < 4300:  # parseable by Python: the walk names the field
        assert err.field == f"{section}[0].{field}" and "too large" in str(err)


@pytest.mark.parametrize("game", GAMES)
def test_a_directory_path(game, tmp_path):
    """A directory is refused (Trogdor reads a directory of card files, so an empty one)."""
    d = tmp_path / "cards.toml"
    d.mkdir()
    err = _load_error(game, d)
    assert "directory" in str(err)


def test_trogdor_directory_holding_a_directory_named_like_a_card_file(tmp_path):
    (tmp_path / "actions.toml").mkdir()
    with pytest.raises(CardDataError, match="is a directory"):
        tg_cards.load_card_set(tmp_path)


def test_a_huge_file(tmp_path):
    f = tmp_path / "cards.json"
    f.write_text('{"card": [' + ",".join(['"x"'] * 400_000) + "]}")
    with pytest.raises(CardDataError, match="larger than"):
        re_cards.load_card_set(f)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad_id", ["", "-", " ", "a b", "a,b", "a/b", "a:b", "a|b", "a=b", "é"])
def test_ids_the_notation_cannot_carry(game, bad_id, tmp_path):
    err = _load_error(game, _write(tmp_path, _mutated(game, lambda c: c.__setitem__("id", bad_id))))
    assert err.field == "id"


@pytest.mark.parametrize(
    "effects",
    [
        "teleport",
        [1],
        [{"kind": ["teleport"]}],
        [{"kind": {"a": 1}}],
        [{"kind": "extra-ap", "amount": "3"}],
        [{"kind": "extra-ap", "amount": [3]}],
        [{"kind": "extra-ap", "amount": 10**5}],
        [{"kind": "long-range-burn", "count": 2, "area": ["any"]}],
        [{"kind": "free-action", "action": {"x": 1}}],
    ],
)
def test_trogdor_wrong_value_types_inside_effects(effects, tmp_path):
    err = _load_error(
        "trogdor",
        _write(tmp_path, _mutated("trogdor", lambda c: c.__setitem__("effects", effects))),
    )
    assert err.field == "effects"


@pytest.mark.parametrize("cages", [[[2]], [{"capacity": 2}], ["2"], [2.5], [True]])
def test_trollland_wrong_value_types_inside_cages(cages, tmp_path):
    data = copy.deepcopy(_bundled(tl_cards.DATA / "vehicles.toml"))
    data["vehicle"][0]["cages"] = cages
    f = _write(tmp_path, data)
    with pytest.raises(CardDataError) as info:
        tl_cards.load_card_set(vehicles=f)
    assert str(f) in str(info.value) and info.value.field == "cages"


@pytest.mark.parametrize("value", [[1], {"a": 1}, 1.5, None, True])
def test_encounter_wrong_value_types_in_a_card(value, tmp_path):
    for field in ("level", "effect", "star", "kind"):
        f = _write(tmp_path, _mutated("encounter", lambda c, k=field: c.__setitem__(k, value)))
        err = _load_error("encounter", f)
        assert err.field == field

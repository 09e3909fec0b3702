"""Trogdor card data: counts, provenance honesty, user files, and bad files that must be refused."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from rulebook.common.errors import CardDataError
from rulebook.trogdor.board import BOX_MAXIMUM
from rulebook.trogdor.cards import (
    AREAS,
    EFFECT_KINDS,
    RECHARGES,
    SCENERY_COUNTS,
    Effect,
    Params,
    bundled_card_set,
    load_card_set,
    parse_effect,
)

CARD_FACTS = Path("/work/shared/card-facts.md")

# The public facts of card-facts.md, transcribed: (name, ap, copies, effects as strings).
SOURCED_ACTIONS = {
    "Block": (4, 2, ["block-knights", "block-archer"]),
    "Consummate V's": (4, 2, ["diagonal-move"]),
    "Flip 'em Up Dan": (4, 1, ["long-range-burn(area=orthogonal, count=4, when=after-actions)"]),
}
KEEPER_NAMES = [
    "Brovelade",
    "Crangolev",
    "Cranjegg",
    "Galgabudge",
    "Hardybardy",
    "Hegeltha",
    "Stonklar",
    "Worchex",
    "Yubbitz",
    "Haunchmasta Prime",
    "Awesabeard the Onesholder",
    "Skevuldanger",
]


@pytest.fixture(scope="module")
def cards():
    return load_card_set()


# -- counts ------------------------------------------------------------------------------------
def test_counts_match_the_box(cards):
    """T-SETUP-DECKS: 36 action cards (7 Troghammer set aside, 29 in the deck), 52 movement."""
    assert cards.counts() == {
        "action": 36,
        "troghammer": 7,
        "action-deck": 29,
        "movement": 52,
        "keeper": 12,
        "item": 12,
        "preset": len(cards.presets),
    }
    assert cards.troghammer_ids() == [f"troghammer-{i}" for i in range(1, 8)]
    assert cards.movement_deck() == [f"mv-{i:02d}" for i in range(1, 53)]


def test_action_deck_is_canonical_and_ids_are_slugs(cards):
    deck = cards.action_deck()
    assert deck[:5] == [
        "block-1",
        "block-2",
        "consummate-vs-1",
        "consummate-vs-2",
        "flip-em-up-dan",
    ]
    assert len(set(deck)) == 29
    all_ids = [cid for sec in cards.sections().values() for cid in sec]
    assert len(all_ids) == len(set(all_ids)), "ids are unique across the whole set"
    for cid in all_ids:
        assert re.fullmatch(r"[a-z0-9][a-z0-9-]*", cid), cid
    assert load_card_set() is cards, "the bundled set is cached"


def test_troghammer_cards_have_no_ability_and_playable_cards_give_ap(cards):
    for c in cards.actions.values():
        if c.troghammer:
            assert c.ap == 0 and c.effects == ()
        else:
            assert 1 <= c.ap <= 9


def test_movement_distribution_is_plausible(cards):
    mv = list(cards.movement.values())
    assert Counter(c.peasants for c in mv) == {0: 6, 1: 10, 2: 14, 3: 12, 4: 10}
    assert Counter(c.arrow for c in mv) == {"N": 13, "S": 13, "E": 13, "W": 13}
    green = Counter(c.arrow for c in mv if c.repair)
    assert green == {"N": 3, "S": 3, "E": 3, "W": 3}
    assert Counter(len(c.path) for c in mv) == {3: 18, 4: 20, 5: 14}
    assert all(set(c.path) <= {"N", "S", "E", "W"} for c in mv)
    assert all(c.provenance == "stand-in" for c in mv), "no per-card list is public"


def test_every_preset_uses_exactly_the_box_special_tiles(cards):
    """T-SETUP-BOARD: a game board has the box's 3 cottages, 1 lake, 2 mountains, 2 tunnels."""
    assert {"normal", "easy-corners", "scenic"} <= set(cards.presets)
    for p in cards.presets.values():
        assert p.layout.is_full_box(), p.id
        assert {k: p.layout.tiles.count(k) for k in BOX_MAXIMUM} == BOX_MAXIMUM
        assert p.provenance == "stand-in", "the printed presets are not public"
        assert len(p.knights) == 2 and p.archer is not None
        assert len({*p.knights, p.archer}) == 3


def test_easy_corners_preset_follows_the_faq_tip(cards):
    corners = {"A1", "E1", "A5", "E5"}
    assert {str(sq) for sq in cards.presets["easy-corners"].layout.cottages} <= corners


def test_scenic_preset_names_all_17_scenery_tiles(cards):
    tiles = cards.presets["scenic"].layout.tiles
    assert {k: tiles.count(k) for k in SCENERY_COUNTS} == SCENERY_COUNTS
    assert sum(SCENERY_COUNTS.values()) == 17 and "." not in tiles


# -- provenance honesty ------------------------------------------------------------------------
def test_every_card_is_sourced_with_a_source_or_a_stand_in(cards):
    for sec in cards.sections().values():
        for c in sec.values():
            assert c.provenance in ("sourced", "stand-in"), c.id
            if c.provenance == "sourced":
                assert c.source.strip(), c.id
                assert c.sourced_fields == ()
                assert c.label().startswith("sourced (")
            else:
                assert "STAND-IN" in c.label(), c.id
                if c.sourced_fields:
                    assert c.source.strip(), c.id
    standins = {c.id for c in cards.standins()}
    assert "ring-of-voip" not in standins and "brovelade" in standins and "mv-01" in standins


def test_sourced_action_facts_match_card_facts(cards):
    for name, (ap, copies, effects) in SOURCED_ACTIONS.items():
        found = [c for c in cards.actions.values() if c.name == name]
        assert len(found) == copies, name
        for c in found:
            assert c.provenance == "sourced" and c.ap == ap, c.id
            assert [str(e) for e in c.effects] == effects, c.id


def test_partly_known_cards_mark_only_their_real_parts(cards):
    fran = cards.actions["flip-em-up-fran"]
    assert fran.is_standin and fran.is_sourced("name") and fran.is_sourced("effects")
    assert not fran.is_sourced("ap")
    assert [str(e) for e in fran.effects] == [
        "long-range-burn(area=diagonal, count=4, when=after-actions)"
    ]
    shot = cards.actions["shot-put"]
    assert shot.ap == 5 and shot.is_sourced("ap") and not shot.is_sourced("effects")
    daisies = cards.actions["smell-the-daisies"]
    assert daisies.sourced_fields == ("name",)
    for cid in ("block-1", "flip-em-up-dan", "troghammer-3"):
        assert cards.actions[cid].is_sourced("effects")


def test_keepers_have_real_names_and_stand_in_abilities(cards):
    assert [k.name for k in cards.keepers.values()] == KEEPER_NAMES
    for k in cards.keepers.values():
        assert k.provenance == "stand-in" and k.sourced_fields == ("name",)
        assert not k.is_sourced("effects") and "PARTLY STAND-IN" in k.label()


def test_items_sourced_facts(cards):
    """Ring of VOIP as documented; T-ITEM-DISK: the Disk of Healing never recharges."""
    ring = cards.items["ring-of-voip"]
    assert ring.provenance == "sourced"
    assert [e.kind for e in ring.effects] == ["teleport"] and ring.recharge == "cottage-burninated"
    disk = cards.items["disk-of-healing"]
    assert disk.recharge == "never" and disk.is_sourced("recharge")
    assert [e.kind for e in disk.effects] == ["heal"] and not disk.is_sourced("effects")
    names = [i.name for i in cards.items.values()]
    assert {"Ye Flask of Dennis", "Two Gross Beans"} <= set(names)
    for i in cards.items.values():
        assert i.recharge in RECHARGES
        if i.provenance == "stand-in" and not i.sourced_fields:
            assert i.name.startswith("Stand-in"), "invented items say so in their name"


def test_invented_action_cards_say_so_in_their_name(cards):
    for c in cards.actions.values():
        if c.provenance == "stand-in" and not c.is_sourced("name"):
            assert c.name.startswith("Stand-in"), c.id


@pytest.mark.skipif(not CARD_FACTS.exists(), reason="card-facts.md lives outside the repo")
def test_bundled_sourced_numbers_agree_with_card_facts_table(cards):
    """Every row of card-facts.md's action table with a known AP/copies agrees with the data."""
    rows = re.findall(r"^\| (.+?) \| (\S+) \| (\S+) \|", CARD_FACTS.read_text(), re.M)
    checked = 0
    for name, ap, copies in rows:
        found = [c for c in cards.actions.values() if c.name == name]
        if not found:
            continue
        if ap.isdigit():
            assert all(c.ap == int(ap) and c.is_sourced("ap") for c in found), name
            checked += 1
        if copies.isdigit():
            assert len(found) == int(copies), name
    assert checked >= 4  # Block, Consummate V's, Dan, Shot Put


# -- effects -----------------------------------------------------------------------------------
def test_effects_are_hashable_with_defaults_filled():
    e = parse_effect({"kind": "long-range-burn", "count": 2, "area": "adjacent"})
    assert e.params["when"] == "any" and e.get("count") == 2
    assert e == Effect("long-range-burn", {"count": 2, "area": "adjacent", "when": "any"})
    assert len({e, parse_effect({"kind": "long-range-burn", "count": 2, "area": "adjacent"})}) == 1
    assert dict(e.params) == {"area": "adjacent", "count": 2, "when": "any"}
    assert Params({"a": 1}) == {"a": 1}
    with pytest.raises(TypeError):
        e.params["count"] = 3  # read-only


def test_every_bundled_effect_kind_is_in_the_vocabulary(cards):
    """T-CARD-EFFECTS: abilities come from a closed vocabulary, each documented in EFFECTS.md."""
    used = {
        e.kind
        for sec in (cards.actions, cards.keepers, cards.items)
        for c in sec.values()
        for e in c.effects
    }
    assert used == set(EFFECT_KINDS), "the bundled data exercises the whole vocabulary"
    text = (Path(__file__).parents[2] / "rulebook/trogdor/EFFECTS.md").read_text()
    for kind in EFFECT_KINDS:
        assert f"`{kind}`" in text, f"{kind} is not documented in EFFECTS.md"
    for value in (*AREAS, *RECHARGES):
        assert f"`{value}`" in text


@pytest.mark.parametrize(
    "raw, words",
    [
        ({"kind": "fly"}, "unknown effect kind 'fly'"),
        ({"kind": "heal"}, "missing parameter 'amount'"),
        ({"kind": "heal", "amount": "2"}, "amount must be int"),
        ({"kind": "heal", "amount": True}, "amount must be int"),
        ({"kind": "heal", "amount": 0}, "1..25"),
        ({"kind": "teleport", "range": 3}, "unknown parameter 'range'"),
        ({"kind": "free-action", "action": "fly"}, "not one of chomp, burrow, hide, move"),
        ({"kind": "burn-peasant-range", "area": "far"}, "not one of any"),
        ("teleport", "an effect is a table"),
    ],
)
def test_bad_effects_are_explained(raw, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        parse_effect(raw)


# -- user files --------------------------------------------------------------------------------
USER_TOML = """
[[action]]
id = "my-fire"
name = "My Fire"
ap = 6
effects = [{ kind = "long-range-burn", count = 2, area = "any" }]
provenance = "sourced"
source = "my own copy of the game"

[[action]]
id = "my-hammer"
name = "Troghammer"
ap = 0
troghammer = true
provenance = "stand-in"
"""

USER_DICT = {
    "action": [
        {
            "id": "my-fire",
            "name": "My Fire",
            "ap": 6,
            "effects": [{"kind": "long-range-burn", "count": 2, "area": "any"}],
            "provenance": "sourced",
            "source": "my own copy of the game",
        },
        {
            "id": "my-hammer",
            "name": "Troghammer",
            "ap": 0,
            "troghammer": True,
            "provenance": "stand-in",
        },
    ]
}


def _check_user_set(cs, path):
    assert cs.action_deck() == ["my-fire"] and cs.troghammer_ids() == ["my-hammer"]
    assert cs.actions["my-fire"].effects[0].params["when"] == "any"
    assert len(cs.movement) == 52 and len(cs.keepers) == 12, "missing sections come from bundled"
    assert str(path) in cs.origin and "bundled" in cs.origin


def test_load_a_user_toml_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(USER_TOML)
    _check_user_set(load_card_set(path), path)


def test_load_a_user_json_file(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(USER_DICT))
    _check_user_set(load_card_set(str(path)), path)


def test_without_filling_every_section_is_required(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(USER_TOML)
    with pytest.raises(CardDataError, match=r"no \[\[movement\]\] cards"):
        load_card_set(path, fill_from_bundled=False)


def test_a_copy_of_the_bundled_data_loads_identically(tmp_path):
    data_dir = Path(__file__).parents[2] / "rulebook/trogdor/data"
    for f in data_dir.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text())
    mine = load_card_set(tmp_path, fill_from_bundled=False)
    bundled = bundled_card_set()
    assert mine.sections() == bundled.sections()
    assert mine.origin == str(tmp_path)


def test_a_directory_of_files_with_a_duplicate_id_across_files(tmp_path):
    (tmp_path / "a.toml").write_text(USER_TOML)
    (tmp_path / "b.json").write_text(
        json.dumps({"keeper": [{"id": "my-fire", "name": "K", "provenance": "stand-in"}]})
    )
    with pytest.raises(CardDataError) as err:
        load_card_set(tmp_path)
    e = err.value
    assert e.path.endswith("b.json") and e.card == "my-fire" and e.field == "id"
    assert "already a action card" in str(e)


def test_empty_directory_and_missing_file(tmp_path):
    with pytest.raises(CardDataError, match="no .toml or .json"):
        load_card_set(tmp_path)
    with pytest.raises(CardDataError, match="file not found"):
        load_card_set(tmp_path / "nope.toml")


# -- bad files ---------------------------------------------------------------------------------
GOOD_MOVE = {"id": "m1", "peasants": 2, "arrow": "N", "repair": False, "path": ["N", "E", "S"]}
GOOD_PRESET = {
    "id": "p1",
    "name": "P",
    "layout": "C...T/.M.../...L./...MC/T.C..",
    "knights": ["B4", "D2"],
    "archer": "A3",
}


def _with(section, card, **changes):
    out = {**card, "provenance": "stand-in", **changes}
    return {section: [out]}


def _drop(section, card, field):
    out = {**card, "provenance": "stand-in"}
    del out[field]
    return {section: [out]}


BAD = [
    ("missing field", _drop("movement", GOOD_MOVE, "arrow"), "m1", "arrow", "missing"),
    ("wrong type", _with("movement", GOOD_MOVE, peasants="two"), "m1", "peasants", "expected int"),
    ("bool for int", _with("movement", GOOD_MOVE, peasants=True), "m1", "peasants", "expected int"),
    ("peasants 5", _with("movement", GOOD_MOVE, peasants=5), "m1", "peasants", "0..4"),
    ("path 2 steps", _with("movement", GOOD_MOVE, path=["N", "E"]), "m1", "path", "3 to 5"),
    ("path 6 steps", _with("movement", GOOD_MOVE, path=["N"] * 6), "m1", "path", "3 to 5"),
    ("bad step", _with("movement", GOOD_MOVE, path=["N", "X", "S"]), "m1", "path", "step 2"),
    ("bad arrow", _with("movement", GOOD_MOVE, arrow="NE"), "m1", "arrow", "not one of"),
    ("unknown field", _with("movement", GOOD_MOVE, colour="green"), "m1", "colour", "unknown"),
    (
        "unknown effect",
        _with("keeper", {"id": "k1", "name": "K"}, effects=[{"kind": "fly"}]),
        "k1",
        "effects",
        "unknown effect kind",
    ),
    (
        "bad recharge",
        _with("item", {"id": "i1", "name": "I"}, recharge="sometimes"),
        "i1",
        "recharge",
        "not one of",
    ),
    (
        "troghammer with effect",
        _with(
            "action",
            {"id": "t1", "name": "T", "ap": 0, "troghammer": True},
            effects=[{"kind": "teleport"}],
        ),
        "t1",
        "effects",
        "Troghammer",
    ),
    (
        "playable card with 0 AP",
        _with("action", {"id": "a1", "name": "A", "ap": 0}),
        "a1",
        "ap",
        "1..9",
    ),
    (
        "sourced without source",
        {"action": [{"id": "a1", "name": "A", "ap": 4, "provenance": "sourced"}]},
        "a1",
        "source",
        "where from",
    ),
    (
        "bad provenance",
        _with("action", {"id": "a1", "name": "A", "ap": 4}, provenance="real"),
        "a1",
        "provenance",
        "not one of",
    ),
    (
        "sourced_fields names no field",
        _with("keeper", {"id": "k1", "name": "K"}, sourced_fields=["colour"], source="x"),
        "k1",
        "sourced_fields",
        "not a field",
    ),
    (
        "sourced_fields without source",
        _with("keeper", {"id": "k1", "name": "K"}, sourced_fields=["name"]),
        "k1",
        "source",
        "say where",
    ),
    ("id with spaces", _with("movement", GOOD_MOVE, id="mv 1"), "mv 1", "id", "no spaces"),
    ("id with a slash", _with("movement", GOOD_MOVE, id="mv/1"), "mv/1", "id", "notation"),
    (
        "bad layout (too many cottages)",
        _with("preset", GOOD_PRESET, layout="CC..T/.M.../...L./...MC/T.C.."),
        "p1",
        "layout",
        "cottage",
    ),
    (
        "bad layout (not the full box)",
        _with("preset", GOOD_PRESET, layout="C...T/.M.../...../...MC/T.C.."),
        "p1",
        "layout",
        "exactly the box",
    ),
    (
        "bad layout (unknown letter)",
        _with("preset", GOOD_PRESET, layout="C...T/.M.../...L./...MC/T.C.X"),
        "p1",
        "layout",
        "unknown tile letter",
    ),
    (
        "too many flowers",
        _with("preset", GOOD_PRESET, layout="CWWWT/.M.../...L./...MC/T.C.."),
        "p1",
        "layout",
        "flowers",
    ),
    (
        "knight off board",
        _with("preset", GOOD_PRESET, knights=["B4", "F9"]),
        "p1",
        "knights",
        "off",
    ),
    (
        "knights share",
        _with("preset", GOOD_PRESET, knights=["B4", "B4"]),
        "p1",
        "knights",
        "different",
    ),
    ("archer on C3", _with("preset", GOOD_PRESET, archer="C3"), "p1", "archer", "different"),
]


def _duplicate():
    card = {**GOOD_MOVE, "provenance": "stand-in"}
    return {"movement": [card, dict(card)]}


BAD.append(("duplicate id", _duplicate(), "m1", "id", "duplicate"))


@pytest.mark.parametrize("suffix", [".toml", ".json"])
@pytest.mark.parametrize("label, data, card, field, words", BAD, ids=[b[0] for b in BAD])
def test_bad_files_name_file_card_and_field(tmp_path, suffix, label, data, card, field, words):
    # A good card first: a bad file must never half-load.
    good = {"id": "first", "name": "Fine", "ap": 5, "provenance": "stand-in"}
    data = {"action": [good], **data} if "action" not in data else data
    path = tmp_path / f"bad{suffix}"
    if suffix == ".json":
        path.write_text(json.dumps(data))
    else:
        path.write_text(_to_toml(data))
    before = path.read_text()
    with pytest.raises(CardDataError) as err:
        load_card_set(path)
    e = err.value
    assert e.path == str(path), label
    assert (e.card, e.field) == (card, field), str(e)
    assert words in str(e), str(e)
    assert str(path) in str(e) and repr(field) in str(e)
    assert path.read_text() == before, "loading never writes"
    assert len(bundled_card_set().actions) == 36, "the bundled set is untouched"


@pytest.mark.parametrize(
    "name, text, words",
    [
        ("bad.toml", "[[action]]\nid = 'x\n", "not valid TOML"),
        ("bad.json", '{"action": [', "not valid JSON"),
        ("bad.toml", "[[actions]]\nid = 'x'\n", "unknown section [[actions]]"),
        ("bad.toml", "action = 3\n", "no [[action]] cards"),
        ("bad.txt", "hello", "must end in .toml or .json"),
    ],
)
def test_invalid_files_name_the_file(tmp_path, name, text, words):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(CardDataError) as err:
        load_card_set(path)
    assert err.value.path == str(path)
    assert words in str(err.value)


def test_bundled_set_is_read_only(cards):
    with pytest.raises(TypeError):
        cards.actions["block-1"] = None
    with pytest.raises(AttributeError):
        cards.actions["block-1"].ap = 9


# -- a tiny TOML writer for the bad-file cases (tomllib only reads) --------------------------
def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f'"{k}" = {_toml_value(x)}' for k, x in v.items()) + " }"
    raise TypeError(v)


def _to_toml(data: dict) -> str:
    out = []
    for section, cards in data.items():
        for card in cards:
            out.append(f"[[{section}]]")
            out += [f'"{k}" = {_toml_value(v)}' for k, v in card.items()]
    return "\n".join(out) + "\n"


def test_a_game_runs_on_a_user_card_file(tmp_path):
    """The engine takes a user's transcription: its preset, its action cards, bundled the rest."""
    from rulebook.trogdor import apply_action, legal_actions, new_game

    path = tmp_path / "mine.toml"
    preset = (
        '\n[[preset]]\nid = "normal"\nname = "My table"\nlayout = "T...C/.M.../..L.C/.M.../C...T"\n'
        'provenance = "stand-in"\n'
    )
    path.write_text(USER_TOML + preset)
    state = new_game("normal", seed=5, cards=path)
    assert "".join(state.tiles) == "T...C.M.....L.C.M...C...T"
    assert state.hand == ("my-fire",) and state.troghammer_cards_aside == ("my-hammer",)
    steps = 0
    while state.outcome is None and steps < 2_000:
        state = apply_action(state, legal_actions(state)[steps % 3 % len(legal_actions(state))])
        steps += 1
    assert state.outcome is not None

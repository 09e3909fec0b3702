"""Unit tests of rulebook.common: errors, grid, rng, deck, cards, catalog, rulings, notation,
coverage."""

import json
from dataclasses import FrozenInstanceError

import pytest

from rulebook.common.cards import Field, load_cards, provenance_label, read_data_file
from rulebook.common.catalog import load_catalog
from rulebook.common.codecs import RngCodec
from rulebook.common.errors import CardDataError, NotationError, RuleError, TrogkitInputError
from rulebook.common.notation import fmt_list, join_fields, parse_int, parse_list, split_fields
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet
from scripts.coverage import citations


# -- actions ------------------------------------------------------------------------------------
def test_an_action_is_an_immutable_value_named_by_its_text():
    import pickle

    from rulebook.common.actions import Action

    made = Action("place", ("Zo3", "V07.2"))
    again = Action("place", ["Zo3", "V07.2"])
    assert made == again and hash(made) == hash(again) and str(made) == "place Zo3 V07.2"
    assert (made.verb, made.args) == ("place", ("Zo3", "V07.2"))
    assert not made < again and pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(AttributeError):
        made.verb = "gat"


# -- errors -------------------------------------------------------------------------------------
def test_errors_carry_rule_and_location():
    e = RuleError("T-MOVE", "off the board")
    assert (e.rule_id, e.reason, str(e)) == ("T-MOVE", "off the board", "T-MOVE: off the board")
    n = NotationError("bad", text="x y", where="field a")
    assert str(n) == "field a: bad (in 'x y')" and isinstance(n, TrogkitInputError)
    c = CardDataError("f.toml", "oops", card="c1", field="ap")
    assert str(c) == "f.toml, card 'c1', field 'ap': oops"


def test_a_rule_error_reads_prints_and_pickles_its_rule_and_sentence():
    import pickle

    e = RuleError("T-MOVE", "N from A1 leaves the board")
    assert (e.rule_id, e.reason) == ("T-MOVE", "N from A1 leaves the board")
    assert str(e) == "T-MOVE: N from A1 leaves the board" and e.args == (str(e),)
    assert repr(e) == "RuleError('T-MOVE', 'N from A1 leaves the board')"
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is RuleError and (back.rule_id, back.reason) == (e.rule_id, e.reason)
    assert RuleError("T-X", "braces {} stay as written").reason == "braces {} stay as written"


# -- rng ----------------------------------------------------------------------------------------
def test_rng_is_a_reproducible_printable_value():
    a, b = Rng(7), Rng(7)
    xs, a2 = a.shuffled(range(10))
    assert (xs, a2) == b.shuffled(range(10)) and sorted(xs) == list(range(10))
    assert a == Rng(7, 0) and a2 == Rng(7, 1)  # drawing never changes the Rng itself
    pick, a3 = a2.pick([1, 2, 3])
    assert pick in (1, 2, 3) and str(a3) == "7:2" and RngCodec().parse("7:2", "rng") == a3
    with pytest.raises(FrozenInstanceError):
        a.counter = 5
    items = [1, 2, 3]
    Rng(1).shuffled(items)
    assert items == [1, 2, 3]  # input untouched
    for bad in ("seven", "1:2:3", "+1:0", "١:0", "1:-1", "1_0:0"):
        with pytest.raises(NotationError):
            RngCodec().parse(bad, "rng")
    with pytest.raises(IndexError):
        Rng(1).pick([])
    n, _ = Rng(3).below(5)
    assert 0 <= n < 5


def test_rng_shuffles_as_the_standard_library_does():
    """The order must stay the one the standard generator gives for SEED:COUNTER, so saved games
    and golden files replay."""
    import random

    for seed in range(40):
        for n in (0, 1, 2, 3, 7, 36, 52):
            expected = list(range(n))
            random.Random(f"{seed}:{seed * 3}").shuffle(expected)
            assert list(Rng(seed, seed * 3).shuffled(range(n))[0]) == expected


# -- cards --------------------------------------------------------------------------------------
SCHEMA = {"ap": Field(int, check=lambda v: None if v > 0 else "AP must be positive")}


def test_load_cards_checks_schema_and_provenance(tmp_path):
    f = tmp_path / "c.json"
    good = {"id": "c1", "name": "One", "provenance": "stand-in", "ap": 3}
    f.write_text(json.dumps({"action": [good]}), encoding="utf-8")
    assert load_cards(f, "action", SCHEMA)[0]["ap"] == 3
    assert provenance_label(good).startswith("STAND-IN")
    assert provenance_label({**good, "provenance": "sourced", "source": "wiki"}) == (
        "sourced (wiki)"
    )
    cases = [
        ({**good, "ap": True}, "field 'ap'"),
        ({**good, "ap": 0}, "positive"),
        ({**good, "provenance": "real"}, "field 'provenance'"),
        ({**good, "provenance": "sourced"}, "say where from"),
        ({**good, "colour": "red"}, "unknown field"),
        ({k: v for k, v in good.items() if k != "name"}, "missing required"),
    ]
    for card, msg in cases:
        f.write_text(json.dumps({"action": [card]}), encoding="utf-8")
        with pytest.raises(CardDataError, match=msg) as e:
            load_cards(f, "action", SCHEMA)
        assert str(f) in str(e.value)
    f.write_text(json.dumps({"action": [good, good]}), encoding="utf-8")
    with pytest.raises(CardDataError, match="duplicate"):
        load_cards(f, "action", SCHEMA)


def test_read_data_file_errors(tmp_path):
    with pytest.raises(CardDataError, match="not found"):
        read_data_file(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[x]\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        read_data_file(bad)
    other = tmp_path / "cards.yaml"
    other.write_text("a: 1", encoding="utf-8")
    with pytest.raises(CardDataError, match=".toml or .json"):
        read_data_file(other)


# -- catalog and rulings ------------------------------------------------------------------------
CATALOG_TOML = """
game = "demo"
[[rule]]
id = "D-ONE"
title = "One"
text = "The first rule."
area = "a"
[[rule]]
id = "D-TWO"
title = "Two"
text = "The second rule."
[[ruling]]
id = "DR-X"
title = "X"
default = "a"
reason = "because"
[ruling.options]
a = "text A"
b = "text B"
"""


def test_catalog_loads_and_refuses_unknown_ids(tmp_path):
    f = tmp_path / "rules.toml"
    f.write_text(CATALOG_TOML, encoding="utf-8")
    cat = load_catalog(f)
    assert cat.ids() == ["D-ONE", "D-TWO"] and "D-ONE" in cat and len(cat) == 2
    assert cat.refuse("D-ONE", "no").rule_id == "D-ONE"
    with pytest.raises(KeyError):
        cat.refuse("D-THREE", "typo")
    assert list(cat.by_area()) == ["a", ""]
    f.write_text(CATALOG_TOML.replace('id = "D-TWO"', 'id = "D-ONE"'), encoding="utf-8")
    with pytest.raises(CardDataError, match="duplicate"):
        load_catalog(f)
    f.write_text(CATALOG_TOML.replace('id = "D-TWO"', 'id = "bad id"'), encoding="utf-8")
    with pytest.raises(CardDataError, match="bad rule id"):
        load_catalog(f)
    f.write_text(CATALOG_TOML.replace('default = "a"', 'default = "c"'), encoding="utf-8")
    with pytest.raises(CardDataError, match="default"):
        load_catalog(f)


def test_ruling_set_choices_and_notation(tmp_path):
    f = tmp_path / "rules.toml"
    f.write_text(CATALOG_TOML, encoding="utf-8")
    rulings = load_catalog(f).rulings
    rs = RulingSet(rulings)
    assert rs["DR-X"] == "a" and rs.notation() == "-"
    alt = rs.with_choices({"DR-X": "b"})
    assert alt["DR-X"] == "b" and alt.notation() == "DR-X=b" and rs.parse("DR-X=b") == alt
    assert alt.with_choices({"DR-X": "a"}) == rs  # back to the default compares equal
    for bad in ("DR-Y=a", "DR-X=c", "DR-X"):
        with pytest.raises(NotationError):
            rs.parse(bad)


# -- notation helpers ---------------------------------------------------------------------------
def test_notation_fields():
    text = join_fields([("a", "1"), ("b", "x,y")])
    assert text == "a=1 b=x,y"
    assert split_fields(text, ["a", "b", "c"], optional=("c",)) == {"a": "1", "b": "x,y"}
    for bad_value in ("", "has space", " lead", "tab\t"):
        with pytest.raises(ValueError):
            join_fields([("a", bad_value)])
    for bad, msg in (
        ("b=1 a=2", "order"),
        ("a=1", "missing"),
        ("a=1 a=2 b=3", "twice"),
        ("a=1 z=2", "unknown field"),
        ("a", "key=value"),
        ("  ", "empty"),
    ):
        with pytest.raises(NotationError, match=msg):
            split_fields(bad, ["a", "b"])
    assert parse_int("4", "f", lo=0, hi=7) == 4
    with pytest.raises(NotationError, match="out of range"):
        parse_int("9", "f", lo=0, hi=7)
    with pytest.raises(NotationError, match="whole number"):
        parse_int("x", "f")
    assert parse_list("-") == [] and parse_list("a,b") == ["a", "b"]
    assert fmt_list([]) == "-" and fmt_list(["a", "b"]) == "a,b"


# -- coverage -----------------------------------------------------------------------------------
def test_coverage_counts_exact_ids(tmp_path):
    f = tmp_path / "rules.toml"
    f.write_text(CATALOG_TOML, encoding="utf-8")
    cat = load_catalog(f)
    t = tmp_path / "test_x.py"
    t.write_text("# D-ONE is tested; D-TWO-EXTRA is another id\n", encoding="utf-8")
    found = citations(cat, [t])
    assert found["D-ONE"] == {str(t)} and found["D-TWO"] == set()


def test_is_token_forbid_refuses_extra_characters():
    from rulebook.common.notation import is_token

    assert is_token("V03.1") and is_token("a+b")
    assert not is_token("V03.1", forbid=".") and not is_token("a+b", forbid="+.")
    assert is_token("V03_1", forbid="+.")  # only the listed characters are refused
    for bad in ("", "-", "a b", "a,b", "a/b", "_a"):  # the shared rule still holds
        assert not is_token(bad) and not is_token(bad, forbid="+")


def test_load_cards_id_forbid_names_the_character_and_reason(tmp_path):
    f = tmp_path / "c.json"
    good = {"name": "One", "provenance": "stand-in", "ap": 3}

    def load(cid, **kw):
        f.write_text(json.dumps({"action": [{**good, "id": cid}]}), encoding="utf-8")
        return load_cards(f, "action", SCHEMA, **kw)

    assert load("c.1")[0]["id"] == "c.1"  # '.' is fine without id_forbid
    with pytest.raises(CardDataError) as e:
        load("c.1", id_forbid={".": "dots mark cages"})
    assert (e.value.path, e.value.card, e.value.field) == (str(f), "#1", "id")
    assert e.value.message == "id 'c.1' may not contain '.': dots mark cages"
    assert load("c_1", id_forbid={".": "dots mark cages"})[0]["id"] == "c_1"
    cases = [("", "empty"), ("-", "alone"), ("c|1", "'|'"), ("c 1", "' '"), ("_c", "starts with")]
    for cid, msg in cases:
        with pytest.raises(CardDataError, match=msg) as e:
            load(cid, id_forbid={".": "dots mark cages"})
        assert e.value.field == "id"


def test_lazy_names_import_on_first_use_and_refuse_unknown_names(monkeypatch):
    """rulebook.common.lazy: a package's names come from their submodule on first use and are
    then kept in the package; an unknown name is an AttributeError naming the package."""
    import sys
    import types

    from rulebook.common.lazy import lazy_names

    package, part = types.ModuleType("sample"), types.ModuleType("sample.part")
    package.__path__, part.thing = [], object()
    monkeypatch.setitem(sys.modules, "sample", package)
    monkeypatch.setitem(sys.modules, "sample.part", part)
    package.__getattr__, package.__dir__ = lazy_names("sample", {"thing": "part"})
    assert "thing" not in package.__dict__
    assert package.thing is part.thing and package.__dict__["thing"] is part.thing
    assert dir(package) == ["thing"]
    with pytest.raises(AttributeError, match="'sample' has no attribute 'nope'"):
        package.nope  # noqa: B018

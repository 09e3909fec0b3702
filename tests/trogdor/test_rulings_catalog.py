"""Rulings (both options playable and documented), the catalog, and rule-test coverage."""

import re
from pathlib import Path
from xml.etree import ElementTree

import drawings
from rulebook.trogdor import CATALOG, State, apply_action, legal_actions, new_game, puzzle
from scripts.coverage import report

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "rulebook" / "trogdor"
LAYOUT = "C.M.C/.T.../...L./...T./C.M.."


def test_pass_keep_banks_ap_for_next_turn():
    """Ruling TR-PASS-AP=keep: unspent AP are added to the player's next turn (T-PASS)."""
    s = puzzle(LAYOUT, ap=3, rulings={"TR-PASS-AP": "keep"}, movement=["0N-NNN"], knights=["E5"])
    t = apply_action(s, "pass")
    assert t.banked_ap == (3,) and t.ap == 0
    while t.phase == "countryside":
        t = apply_action(t, "step")
    t = t.replace(hands=(("ap2",),))
    u = apply_action(apply_action(t, "draw"), "play ap2")
    assert u.ap == 5 and u.banked_ap == (0,)
    assert State.parse(str(t)) == t and "banked=3" in str(t)


def test_hide_continues_under_alternative_and_moving_unhides():
    """Ruling TR-HIDE-ENDS-TURN=continues: Trogdor may act after hiding; moving stands him up."""
    s = puzzle(LAYOUT, trogdor="C1", ap=3, rulings="TR-HIDE-ENDS-TURN=continues")
    t = apply_action(s, "hide")
    assert t.trogdor_hidden and t.phase == "act" and t.ap == 2
    assert not apply_action(t, "move S").trogdor_hidden
    assert apply_action(t, "burn tile").trogdor_hidden


def test_every_ruling_has_two_options_and_is_in_rulings_md():
    """Each catalog ruling is documented in RULINGS.md with all its options."""
    text = (PKG / "RULINGS.md").read_text(encoding="utf-8")
    assert len(CATALOG.rulings) >= 6
    for rid, ruling in CATALOG.rulings.items():
        assert rid in text, rid
        for option in ruling.options:
            assert f"`{option}`" in text, (rid, option)
        assert ruling.reason


def test_rulings_travel_in_the_notation():
    """T-NOTATION: non-default rulings are part of the position text."""
    g = new_game(seed=1, rulings={"TR-FLAME-WRAP": "stop", "TR-PASS-AP": "keep"})
    text = str(g)
    assert "rulings=TR-FLAME-WRAP=stop,TR-PASS-AP=keep" in text
    assert State.parse(text).rulings["TR-FLAME-WRAP"] == "stop"


def test_engine_cites_only_catalogued_rule_ids():
    """Every 'T-...' rule ID in the engine's source is in the catalog (no typos)."""
    cited = set()
    for f in PKG.glob("*.py"):
        cited |= set(re.findall(r"\"(T-[A-Z0-9-]+)\"", f.read_text(encoding="utf-8")))
    assert cited and cited <= set(CATALOG.ids()), sorted(cited - set(CATALOG.ids()))


def test_every_rule_has_a_test():
    """Coverage: a catalog rule without any test citing it fails here."""
    missing = [rid for rid, tests, _ in report(CATALOG, ROOT) if tests == 0]
    assert missing == [], f"rules with no test: {missing}"
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py"))
    assert [r for r in CATALOG.rulings if r not in text] == []


def test_svg_is_well_formed_and_deterministic():
    """The state's picture (drawings.svg) is valid XML, shows the panel, and never varies."""
    s = puzzle(LAYOUT, trogdor="C1", hidden=True, knights=["B2"], archer="E5", troghammer="D4",
               peasants=["A1", "A1"], burnt=["A1"], cottages_burnt=["E1"])  # fmt: skip
    svg = drawings.svg(s)
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "Trog-meter" in svg and "AP: 99" in svg and "hid" in svg
    assert svg == drawings.svg(s.copy())

    over = drawings.svg(s, highlight=["B2"], path=["C1", "C2", "C3"], labels={"A1": "!"})
    ElementTree.fromstring(over)
    assert over.count("<circle") > svg.count("<circle")


def test_nature_tiles_have_no_action_of_their_own():
    """T-NATURE-TILES: a scenery tile (A2) offers only what every tile offers; a mountain (C1)
    adds hiding and a tunnel (B2) burrowing."""

    def kinds(square):
        return {str(a).split()[0] for a in legal_actions(puzzle(LAYOUT, trogdor=square, ap=2))}

    assert not {"hide", "burrow"} & kinds("A2")
    assert "hide" in kinds("C1") and "burrow" in kinds("B2")
    assert kinds("A2") <= kinds("C1")

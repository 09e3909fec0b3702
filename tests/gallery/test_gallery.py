"""The edge-case galleries (rulebook/<game>/data/gallery.toml): every scenario replays to its
stored result, every seed edge case of issue 21 is there, and every ruling of every game has a
scenario whose options give different results."""

from __future__ import annotations

import pytest

import rulebook
from drawings import gallery as G
from rulebook.common.errors import CardDataError

PACKAGES = {"trogdor": "trogdor", "trollland": "trollland", "encounter": "encounter"}
CASES = [(p, sc) for p in PACKAGES for sc in G.load(p)]

# the seed edge cases issue 21 lists, by scenario name
SEED_EDGE_CASES = {
    "trogdor": ["spawn-is-not-damage", "item-used-recharged-not-again",
                "flaming-peasant-start-tile", "burnt-lake-saves",
                "peasants-repair-next-to-burnt-cottage", "repaired-tiles-guard-the-cottage",
                "knight-enters-twice", "burrow-onto-a-knight", "video-game-intro-is-not-a-rule"],
    "trollland": ["arrow-with-only-trolls", "game-ends-by-cards", "troll-tales-example-1",
                  "dock-set-up-shuffles-trolls-back", "arrow-card-with-an-arrow",
                  "swapped-in-card-symbol"],
    "encounter": ["both-players-at-six-loot", "tie-for-most-battles"],
}  # fmt: skip


# worked examples of the seeds
WORKED_EXAMPLES = {
    "trogdor": [],
    "trollland": ["troll-tales-example-1", "troll-tales-example-2", "loading-the-zoms-example"],
    "encounter": ["strength-in-numbers-example"],
}


@pytest.mark.parametrize("package, scenario", CASES, ids=[sc.name for _p, sc in CASES])
def test_every_scenario_replays_to_its_stored_result(package, scenario):
    for choices, expect in scenario.cases():
        assert G.problems(scenario, choices, expect) == [], (scenario.name, choices)


@pytest.mark.parametrize("package, scenario", CASES, ids=[sc.name for _p, sc in CASES])
def test_scenarios_name_catalogued_rules_and_rulings(package, scenario):
    g = rulebook.game_of(G.position(scenario))
    assert g.name.split("-")[0] == package  # encounter-solo positions live in encounter's file
    assert scenario.rules and set(scenario.rules) <= set(g.catalog.rules), scenario.rules
    assert set(scenario.rulings) <= set(g.rulings)
    for choices, _e in scenario.cases():
        assert set(choices) <= set(scenario.rulings), (scenario.name, choices)
    assert scenario.quote[:3] in ("000", "001", "002", "003")  # names the seed it quotes


@pytest.mark.parametrize("package", PACKAGES)
def test_the_seed_edge_cases_are_in_the_gallery(package):
    names = {sc.name for sc in G.load(package)}
    assert set(SEED_EDGE_CASES[package]) <= names
    assert set(WORKED_EXAMPLES[package]) <= names


def _outcome(scenario, choices):
    r = G.replay(scenario, choices)
    return (r.refusal.rule_id if r.refusal else None, str(r.state))


@pytest.mark.parametrize("package", PACKAGES)
def test_every_ruling_has_a_scenario_where_all_its_options_differ(package):
    scenarios = G.load(package)
    g = rulebook.game(package)
    for rid, ruling in g.rulings.items():
        shown = [sc for sc in scenarios if rid in sc.rulings]
        assert shown, f"{package}: no scenario for ruling {rid}"
        sc = shown[0]
        options = {dict(c).get(rid, ruling.default) for c, _e in [((), None), *sc.under]}
        assert options == set(ruling.options), (rid, options)
        results = {_outcome(sc, {rid: o}) for o in ruling.options}
        assert len(results) == len(ruling.options), f"{rid}: options give the same result"


def test_a_wrong_expectation_is_reported():
    sc = next(s for s in G.load("trogdor") if s.name == "burrow-onto-a-knight")
    wrong = G.Expect(refusal="T-BURROW", fired=("T-HIDE",), fields=(("meter", "4"),))
    got = G.problems(sc, {}, wrong)
    assert any("refusal: expected T-BURROW" in p for p in got)
    assert "T-HIDE did not fire" in got and "meter: expected '4', got '3'" in got


def test_the_ruling_option_is_carried_by_the_position():
    sc = next(s for s in G.load("trogdor") if s.name == "troghammer-phase2-card")
    s = G.position(sc, {"TR-TROGHAMMER-PHASE2": "own-draw"})
    assert s.rulings["TR-TROGHAMMER-PHASE2"] == "own-draw"
    assert G.position(sc).rulings["TR-TROGHAMMER-PHASE2"] == "knights-card"


@pytest.mark.parametrize(
    "text, message",
    [("[[scenario]]\nname = 'x'\n", "title"),
     ("[[scenario]]\nname='x'\ntitle='t'\nquote='q'\nposition='trogdor'\nactions=[]\n", "action"),
     ("[[scenario]]\nname='x'\ntitle='t'\nquote='q'\nposition='trogdor'\nactions=['a']\n"
      "[scenario.expect]\nfire=['T-X']\n", "unknown expect keys"),
     ("[[scenario\n", "not valid TOML")],
)  # fmt: skip
def test_bad_gallery_files_are_refused_with_a_clear_error(text, message):
    with pytest.raises(CardDataError, match=message):
        G.parse(text, "my.toml")


def test_repeated_names_are_refused():
    one = "[[scenario]]\nname='x'\ntitle='t'\nquote='q'\nposition='trogdor'\nactions=['a']\n"
    with pytest.raises(CardDataError, match="repeated"):
        G.parse(one + one)

"""``fired(ID)`` means the rule acted: it refused the action, or it changed the position (issue 35;
rulebook/API.md). Checked on every step of random contract walks and of every stored witness:
each fired rule's step changed the position, a refusal rule never fires (it acts only by
refusing), and the rules whose action is visible in the position show it (``ACTED``). Every
stored witness shows its rule acting: a play rule on its last step, a refusal rule by the refusal
of its tempting action where the constraint binds."""

from __future__ import annotations

import random

import pytest

import rulebook
from solvers.verify import store
from solvers.verify.trace import replay, step

GAMES = ["trogdor", "trollland", "encounter", "encounter-solo"]


def _unburnt(b, a) -> bool:
    return any(x and not y for x, y in zip(b.burnt, a.burnt, strict=True))


def _cottage(b, a, was: bool) -> bool:
    return any(a.cottages.get(sq) is not was for sq, burnt in b.cottages.items() if burnt is was)


def _vehicles(s) -> int:
    return sum(len(v) for v in s.vehicles_won)


def _pile_grew_past_one(b, a) -> bool:
    for p in range(a.players):
        old, new = b.piles(p), a.piles(p)
        if any(len(pile) >= 2 and len(pile) > len(old.get(x, ())) for x, pile in new.items()):
            return True
    return False


def _blue_decides(after) -> bool:
    """The battle's narration (``last``, both games): a blue card always won, and effects
    decided (not blue against blue, not blue cancelled by red)."""
    return "effects decide" in after.last and "always wins" in after.last


def _loot_targeted(b, action) -> bool:
    """The battle's target encounter (player, encounter) had its player's Loot die."""
    target = action.args[1]
    return b.loot_at[target.player] == target.encounter


# rule -> what its acting shows (before, action, after), checked wherever it fires
ACTED = {
    "T-PEASANT-REPAIR": lambda b, x, a: _unburnt(b, a),
    "T-KNIGHT-REPAIR": lambda b, x, a: _cottage(b, a, True),
    "T-BURN-COTTAGE": lambda b, x, a: _cottage(b, a, False),
    "T-MOVEMENT-RESHUFFLE": lambda b, x, a: (
        not b.movement_deck.draw or len(a.movement_deck.draw) > len(b.movement_deck.draw)
    ),
    "T-DRAW-TROGHAMMER": lambda b, x, a: (
        (b.troghammer, b.hammer_waiting) != (a.troghammer, a.hammer_waiting)
    ),
    "T-WIN": lambda b, x, a: a.outcome is not None,
    "T-TABLE-FLIP": lambda b, x, a: a.outcome is not None,
    "TL-DEPART-FULL": lambda b, x, a: x.verb in ("place", "swap") and _vehicles(a) > _vehicles(b),
    "TL-DEPART-PILES": lambda b, x, a: _pile_grew_past_one(b, a),
    "TL-TROLL-KING": lambda b, x, a: (
        a.prison != b.prison or a.phase == "king-return" or x.verb == "return"
    ),
    "TL-LOAD-TROLLGAT": lambda b, x, a: a.trollgat != b.trollgat,
    "RE-STAR-BLUE": lambda b, x, a: _blue_decides(a),
    "RE-LOOT-PROTECTED": lambda b, x, a: _loot_targeted(b, x),
}


def acted_problems(game, before, action, after, ids) -> list[str]:
    """What is wrong with the rules a step reports: empty when each of them acted."""
    g = rulebook.game(game)
    out = []
    for rid in ids:
        if rid in g.rulings:
            continue  # a ruling reports that its option decided the step
        rule = g.catalog.get(rid)
        if rule.kind == "refusal":
            out.append(f"{rid} fired: a refusal rule acts only by refusing")
        if after == before:
            out.append(f"{rid} fired on {action}, which changed nothing")
        check = ACTED.get(rid)
        if check is not None and not check(before, g.action(action), after):
            out.append(f"{rid} fired on {action} but did not act")
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_fired_rule_acted_on_the_contract_walks(game):
    """The walks of ``tests/test_protocol.played_states`` (the same seeded choices)."""
    g = rulebook.game(game)
    problems = []
    for seed in range(4):
        rng = random.Random(seed)
        s = g.new_game(seed, players=rng.choice(g.players_allowed))
        while not g.is_terminal(s):
            a = rng.choice(g.legal_actions(s))
            new, ids = step(g, s, a)
            problems += acted_problems(game, s, str(a), new, ids)
            s = new
    assert problems == [], problems[:5]


def _witnesses():
    for g in GAMES:
        for rid, t in store.load(g)["witnesses"].items():
            yield pytest.param(g, t, id=f"{g}:{rid}")


@pytest.mark.parametrize(("game", "trace"), list(_witnesses()))
def test_every_stored_witness_shows_its_rule_acting(game, trace):
    g = rulebook.game(game)
    r = replay(trace)
    for i, a in enumerate(trace.actions):
        before, after = r.states[i], r.states[i + 1]
        assert acted_problems(game, before, a, after, r.fired[i + 1]) == []
    rule = g.catalog.get(trace.rule)
    if trace.refused is not None:
        assert rule.kind == "refusal" and r.refusal.rule_id == trace.rule
    else:
        assert rule.kind == "play" and trace.rule in r.fired[-1]


def test_the_loading_rules_are_witnessed_where_they_bind():
    """Issue 35: one witness used to serve four rules (a card placed into an empty cart)."""
    wit = store.load("trollland")["witnesses"]
    binds = {
        "TL-LOAD-CAPACITY": "is full",
        "TL-LOAD-CAGE-PEOPLE": "already holds",
        "TL-LOAD-VEHICLE-DISTINCT": "two cages need two peoples",
    }
    for rid, words in binds.items():
        refusal = replay(wit[rid]).refusal
        assert refusal.rule_id == rid and words in refusal.reason, (rid, refusal)
    assert "send" not in wit["TL-DEPART-FULL"].actions[-1]


def test_witnesses_use_the_default_rulings_unless_their_note_names_the_option():
    for game in GAMES:
        for rid, t in store.load(game)["witnesses"].items():
            for ruling, option in t.start.rulings.items():
                assert f"{ruling}={option}" in t.note, (game, rid, t.note)


def test_named_witnesses_are_under_the_default_rulings():
    """Issue 35: TL-LOAD-TROLLGAT under 'voluntary', T-DRAW-TROGHAMMER under 'meter'."""
    assert store.load("trollland")["witnesses"]["TL-LOAD-TROLLGAT"].start.rulings == {}
    assert store.load("trogdor")["witnesses"]["T-DRAW-TROGHAMMER"].start.rulings == {}


def test_a_rule_that_fires_without_acting_is_caught():
    # a green arrow over unburnt tiles: the repair changed no tile
    from rulebook.trogdor import apply_action, puzzle

    s = puzzle("C.M.C/.T.../...L./...T./C.M..", ap=0, movement=["0Er-EEE"], peasants=["A2"])
    t = apply_action(s, "pass")
    while t.phase == "countryside":
        t = apply_action(t, "step")
    assert not _unburnt(s, t)
    assert acted_problems("trogdor", s, "pass", t, ("T-PEASANT-REPAIR",)) == [
        "T-PEASANT-REPAIR fired on pass but did not act"
    ]
    assert acted_problems("trollland", 1, "x", 1, ("TL-LOAD-CAPACITY",))[0].endswith(
        "acts only by refusing"
    )

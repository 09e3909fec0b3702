"""legal_actions, refusal and apply agree: every listed action applies and refusal() says None
for it; every other candidate is refused by refusal() with exactly the RuleError apply raises,
naming a catalog rule, and the state is untouched (T-PHASE, T-AP, ...)."""

import dataclasses
import random

import pytest

import rulebook
from rulebook.common.errors import RuleError
from rulebook.trogdor import CATALOG, is_terminal, new_game, puzzle, rules
from rulebook.trogdor.grid import SQUARES

G = rulebook.game("trogdor")

LAYOUT = "C.M.C/.T.../...L./...T./C.M.."
EXTRA = [
    "pass", "chomp", "burrow", "hide", "burn tile", "burn cottage", "burn peasant", "draw", "step",
    *(f"move {d}" for d in ("N", "S", "E", "W", "NE", "NW", "SE", "SW")),
]  # fmt: skip


def candidates(s):
    out = list(EXTRA)
    out += [f"burn tile at {sq}" for sq in SQUARES[::3]]
    out += [f"burn peasant at {sq}" for sq in s.peasants]
    out += [f"teleport {sq}" for sq in SQUARES[::4]]
    out += [f"spawn {sq}" for sq in s.cottages]
    for p in range(s.players):
        out += [f"play {c}" for c in s.hands[p]] + [f"discard {c}" for c in s.hands[p]]
    if s.items[s.to_move]:
        out += [f"use {s.items[s.to_move]}", f"use {s.items[s.to_move]} B2"]
    return out


def check(s):
    legal = G.legal_actions(s)
    texts = [str(a) for a in legal]
    assert texts == sorted(texts) and len(set(texts)) == len(texts)
    before = str(s)
    for text in set(candidates(s)) | set(texts):
        a = G.parse_action(text)
        err = G.refusal(s, a)
        own = rules.KINDS[
            a.verb
        ].check  # the one contract: check(state, action) -> RuleError | None
        if own is not None and s.phase == rules.KINDS[a.verb].phase:
            answer = own(s, a)
            assert answer is None or type(answer) is RuleError, (text, answer)
            assert (answer is None) == (err is None)
            assert answer is None or (answer.rule_id, answer.reason) == (err.rule_id, err.reason)
        try:
            G.apply(s, a)
            ok = True
        except RuleError as e:
            ok = False
            assert e.rule_id in CATALOG, e.rule_id
            assert err is not None and (err.rule_id, err.reason) == (e.rule_id, e.reason)
        assert str(s) == before
        assert ok == (err is None) == (text in texts), (text, ok, before)


def test_legal_actions_match_apply_on_random_games():
    """T-PHASE / T-AP: the legal list is exactly what apply_action accepts (random games)."""
    rng = random.Random(11)
    for seed in range(5):
        g = new_game(seed=seed, players=1 + seed % 2)
        for _ in range(40):
            if is_terminal(g):
                break
            check(g)
            g = G.apply(g, rng.choice(G.legal_actions(g)))


def test_legal_actions_match_apply_with_powers():
    """T-LONG-RANGE / T-CARD-EFFECTS: the same agreement with every kind of power in force."""
    for powers in (
        ["burn-any", "diagonal", "wrap"],
        ["burn-orthogonal-after", "teleport", "peasant-adjacent"],
        ["free-move", "free-chomp", "free-burrow", "free-hide", "block-knights"],
    ):
        for ap in (0, 2):
            for here in ("B2", "C1", "A1", "D3", "E5", None):
                s = puzzle(
                    LAYOUT,
                    trogdor=here,
                    ap=ap,
                    powers=powers,
                    peasants=["A1", "B2", "C2", "D3"],
                    burnt=["C3", "D2", "D4", "E3", "B1"],
                    knights=["E4"],
                    movement=["0E-NNN", "0S-WWW"],
                    meter=3,
                )
                check(s)


def test_the_plain_path_asks_each_verb_about_what_the_position_offers():
    """T-PHASE: rules.legal_actions asks every verb of the phase (ARGUMENTS covers KINDS) about
    what the position offers it -- what is on Trogdor's tile, the squares a power in force
    reaches, your cards and your item -- and the checks decide, refusing some of them."""
    from rulebook.trogdor import rules

    assert set(rules.ARGUMENTS) == set(rules.KINDS)
    act = {v for v, k in rules.KINDS.items() if k.phase == "act"}
    on = {  # Trogdor's tile -> the own-tile verbs it offers (a peasant on each)
        "A1": {"burn cottage"},  # a cottage tile
        "B2": {"burrow"},  # a tunnel
        "C1": {"hide"},  # a mountain
        "D1": set(),  # scenery
    }
    for sq, own in on.items():
        s = puzzle(LAYOUT, trogdor=sq, peasants=[sq], ap=0,
                   powers=["burn-adjacent", "peasant-any", "teleport"])  # fmt: skip
        offered = {a.verb for a in rules.candidates(s)}
        assert not any(s.items)  # no item to use
        assert offered == act - {"use", "burn cottage", "burrow", "hide"} | own, sq
        assert len([a for a in rules.candidates(s) if a.verb == "teleport"]) == 25
        refused = [a for a in rules.candidates(s) if a not in rules.legal_actions(s)]
        assert refused and all(G.refusal(s, a).rule_id in CATALOG.rules for a in refused)
    plain = puzzle(LAYOUT, trogdor="B2", ap=1)  # no peasant, no power: no long-range, no teleport
    offered = {a.verb for a in rules.candidates(plain)}
    assert offered == {"move", "burn tile", "burrow", "pass"}


def test_trogdor_may_move_onto_a_knight_for_one_damage():
    """T-MOVE-KNIGHT-DAMAGE: a knight's tile is a legal step; arriving there costs one damage."""
    s = puzzle(LAYOUT, trogdor="D3", knights=["D4"], ap=2, movement=["0E-NNN"])
    assert "move S" in [str(a) for a in G.legal_actions(s)]
    after, fired = G.apply_traced(s, "move S")
    assert "T-MOVE-KNIGHT-DAMAGE" in fired and after.trogdor != s.trogdor


def test_refusal_and_apply_raise_exactly_the_error_the_check_returns(monkeypatch):
    """The one contract: ``refusal`` returns the check's RuleError itself (no copy, no second
    sentence) and ``apply`` raises that very object."""
    s = puzzle(LAYOUT, trogdor="B2", ap=1)
    answer = RuleError("T-MOVE", "N is refused here")
    move = rules.KINDS["move"]
    monkeypatch.setitem(rules.KINDS, "move", dataclasses.replace(move, check=lambda s, a: answer))
    assert G.refusal(s, "move N") is answer
    with pytest.raises(RuleError) as e:
        G.apply(s, "move N")
    assert e.value is answer and str(e.value) == "T-MOVE: N is refused here"

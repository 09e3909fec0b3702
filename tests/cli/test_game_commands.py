"""``trogkit <game> new|actions|play|show`` for every registered game, checked against the game
protocol itself (the CLI must say exactly what the game object says)."""

from __future__ import annotations

import json

import pytest

import drawings
import rulebook
from trogkit.cli import main

GAMES = sorted(rulebook.REGISTRY)


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _refused_action(g, seed: int = 1):
    """A position and an action text that parses but that the rules refuse there (found by
    trying the legal actions of earlier positions of a seeded game)."""
    s = g.new_game(seed)
    seen = []
    for _ in range(40):
        legal = g.legal_actions(s)
        for a in seen:
            if g.refusal(s, a) is not None:
                return s, str(a)
        if not legal:
            break
        seen.extend(legal)
        s = g.apply(s, legal[-1])
    pytest.fail(f"no refused action found for {g.name}")


@pytest.mark.parametrize("game", GAMES)
def test_new_is_the_protocols_new_game(game, capsys):
    g = rulebook.game(game)
    code, out, err = run([game, "new", "--seed", "5", "--json"], capsys)
    data = json.loads(out)
    s = g.new_game(5)
    assert code == 0 and err == ""
    assert data["position"] == str(s) and data["legal"] == [str(a) for a in g.legal_actions(s)]
    assert data["to_move"] == g.to_move(s) and data["terminal"] is False
    code, out, _ = run([game, "new", "--seed", "5"], capsys)
    assert code == 0 and out.strip() == str(s)


@pytest.mark.parametrize("game", GAMES)
def test_actions_and_play_follow_the_protocol(game, capsys):
    g = rulebook.game(game)
    s = g.new_game(2)
    code, out, _ = run([game, "actions", "--position", str(s)], capsys)
    legal = [str(a) for a in g.legal_actions(s)]
    assert code == 0 and out.splitlines() == legal
    played = legal[:1]
    s2 = g.apply(s, played[0])
    more = [str(a) for a in g.legal_actions(s2)][:1]
    code, out, _ = run([game, "play", "--position", str(s), *played, *more, "--json"], capsys)
    expected = g.apply(s2, more[0]) if more else s2
    data = json.loads(out)
    assert code == 0 and data["position"] == str(expected) and data["played"] == played + more


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_action_is_exit_2_with_the_rule_id(game, capsys):
    g = rulebook.game(game)
    s, action = _refused_action(g)
    err_expected = g.refusal(s, action)
    code, out, err = run([game, "play", "--position", str(s), action], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"refused by {err_expected.rule_id}" in err and err_expected.rule_id in g.catalog.rules


@pytest.mark.parametrize("game", GAMES)
def test_show_writes_the_svg_and_describes_the_position(game, capsys, tmp_path):
    g = rulebook.game(game)
    s = g.new_game(0)
    f = tmp_path / "board.svg"
    code, out, _ = run([game, "show", "--position", str(s), "--svg", str(f), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and f.read_text(encoding="utf-8") == drawings.svg(s)
    assert data["legal_actions"] == len(g.legal_actions(s)) and data["players"] == g.num_players(s)
    code, out, err = run([game, "show", "--position", str(s), "--svg", str(tmp_path)], capsys)
    assert code == 2 and "--svg" in err and err.count("\n") == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_ruling_option_reaches_the_new_game(game, capsys):
    g = rulebook.game(game)
    if not g.rulings:
        pytest.fail(f"{game} has no named rulings to test with")
    rid, ruling = sorted(g.rulings.items())[0]
    other = next(o for o in ruling.options if o != ruling.default)
    code, out, _ = run([game, "new", "--ruling", f"{rid}={other}"], capsys)
    assert code == 0
    assert out.strip() == str(g.new_game(0, rulings={rid: other}))
    assert out.strip() != str(g.new_game(0))


def test_a_sweep_that_finds_a_broken_rule_check_says_so_in_one_line(capsys, monkeypatch):
    from solvers.play.play import GameCheckFailed
    from trogkit.commands import sweep

    def broken(args):
        raise GameCheckFailed("trollland", 7, 12, "cards not conserved")

    monkeypatch.setattr(sweep, "run_from_args", broken)
    code, out, err = run(["trollland", "sweep", "--games", "1", "--no-progress"], capsys)
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "seed 7, action 12: cards not conserved" in err


def test_sweep_options_get_the_shared_checks(capsys):
    """--games, --budget, --seed of the sweep: the same bounds as everywhere (no nan, no -1)."""
    for option, value in (("--games", "-1"), ("--budget", "nan"), ("--seed", "-1")):
        code, _, err = run(["trogdor", "sweep", option, value], capsys)
        assert code == 2 and option in err and err.count("\n") == 1

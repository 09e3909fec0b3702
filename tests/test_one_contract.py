"""One contract inside every game, not only the same names outside (issue 20): the same error for
an unknown verb, a ``catalog.py`` holding the catalog and ``refuse``, ``svg.render(state)``, the
module-level ``legal_actions`` giving Actions, and no private name imported across modules."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import drawings
import rulebook
from rulebook.common.actions import Action
from rulebook.common.errors import NotationError, RuleError
from rulebook.common.game import random_game

GAMES = sorted(rulebook.REGISTRY)
PACKAGE = {"trogdor": "trogdor", "trollland": "trollland", "encounter": "encounter",
           "encounter-solo": "encounter"}  # fmt: skip
ROOT = Path(__file__).resolve().parents[1]


def _finished(g):
    s = random_game(g, 0).final
    assert g.is_terminal(s)
    return s


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_verb_is_the_grammars_notation_error_in_every_game(game):
    """Bad input, not a rule: as text, as a hand-made Action, on a live and on a finished game
    (a finished game used to answer with its game-over rule in two games)."""
    g = rulebook.game(game)
    for s in (g.new_game(0), _finished(g)):
        for action in ("frobnicate", Action("frobnicate", ()), Action("frobnicate", ("A1",))):
            with pytest.raises(NotationError) as e:
                g.refusal(s, action)
            assert f"unknown {game} action 'frobnicate'" in str(e.value)
            with pytest.raises(NotationError):
                g.apply(s, action)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_catalog_module_with_the_catalog_and_refuse(game):
    g = rulebook.game(game)
    catalog = importlib.import_module(f"rulebook.{PACKAGE[game]}.catalog")
    assert catalog.CATALOG is g.catalog
    rule_id = next(iter(g.catalog.rules))
    err = catalog.refuse(rule_id, "because")
    assert isinstance(err, RuleError) and (err.rule_id, err.reason) == (rule_id, "because")
    with pytest.raises(KeyError):
        catalog.refuse("NO-SUCH-RULE", "typo")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_checks_a_position_and_its_working_copy_alike(game):
    # ``position_problems`` (the game's own checks; ``invariants`` adds the stuck check)
    g = rulebook.game(game)
    s = g.new_game(2)
    assert g.position_problems(s) == [] and g.position_problems(g.fork(s)) == []


@pytest.mark.parametrize("game", GAMES)
def test_each_game_draws_through_its_drawing_module(game):
    """``drawings.svg`` finds a game's drawing by the protocol (``Game.package``)."""
    g = rulebook.game(game)
    module = importlib.import_module(f"drawings.{PACKAGE[game]}")
    s = g.new_game(1)
    assert module.render(s) == drawings.svg(s)
    assert drawings.svg(s).startswith("<svg")


# package or module -> the game whose module-level ``legal_actions`` it holds
LEGAL_ACTIONS = {
    "rulebook.trogdor": "trogdor",
    "rulebook.trollland": "trollland",
    "rulebook.encounter.rules": "encounter",
    "rulebook.encounter.solo": "encounter-solo",
}


@pytest.mark.parametrize("module", sorted(LEGAL_ACTIONS))
def test_module_level_legal_actions_give_actions_as_the_game_does(module):
    g = rulebook.game(LEGAL_ACTIONS[module])
    legal_actions = importlib.import_module(module).legal_actions
    s = g.new_game(2)
    for _ in range(3):
        got = legal_actions(s)
        assert got and all(isinstance(a, Action) for a in got)
        assert got == g.legal_actions(s)
        s = g.apply(s, got[0])


def private_imports(path: Path, root: Path = ROOT) -> list[str]:
    """``from x import _y`` lines of a source file (dunder names such as ``__version__`` aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        f"{path.relative_to(root)}:{node.lineno} from {'.' * node.level}{node.module or ''} "
        f"import {alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]


SOURCE_DIRS = (
    "rulebook",
    "drawings",
    "solvers",
    "boards",
    "trogkit",
    "tests",
    "scripts",
    "benchmarks",
)


def test_no_private_name_is_imported_across_modules():
    files = [
        p for d in SOURCE_DIRS if (ROOT / d).exists() for p in sorted((ROOT / d).rglob("*.py"))
    ]
    assert len(files) > 100
    found = [line for p in files for line in private_imports(p)]
    assert not found, found


def test_the_private_import_detector_finds_one(tmp_path):
    f = tmp_path / "x.py"
    f.write_text("from .svg import CW, _card\ndef f():\n    from a.b import _c as d\n")
    found = private_imports(f, tmp_path)
    assert [line.split(" ", 1)[1] for line in found] == [
        "from .svg import _card",
        "from a.b import _c",
    ]


GAME_DIRS = ("trogdor", "trollland", "encounter")


@pytest.mark.parametrize("game_dir", GAME_DIRS)
def test_no_game_splits_or_joins_notation_lines_by_hand(game_dir):
    """One notation builder: each game declares its fields (rulebook.common.fields) and the
    shared code formats and parses the line; no game module handles the line itself."""
    state = ROOT / "rulebook" / game_dir / "state.py"
    tree = ast.parse(state.read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert "Notation" in imported and "Field" in imported
    assert not (names | imported) & {"split_fields", "join_fields"}


def _toy_notation():
    from rulebook.common.fields import Field, Notation
    from rulebook.common.notation import Int, ListOf, Token

    class Toy:
        def __init__(self, n, items=(), extra=0):
            self.n, self.items, self.extra = n, items, extra

    fields = [
        Field("n", Int(0, 9)),
        Field("items", ListOf(Token()), ()),
        Field("extra", Int(0, 99), 0, get=lambda t: t.extra),
    ]
    return Toy, Notation("toy", fields, header_optional=True)


def test_the_shared_notation_leaves_defaults_out_and_reads_only_canonical_text():
    toy, form = _toy_notation()
    assert form.format(toy(3)) == "toy n=3"
    assert form.format(toy(3, ("a", "b"), 7)) == "toy n=3 items=a,b extra=7"
    assert form.decode(form.split("n=3 extra=7")) == {"n": 3, "items": (), "extra": 7}
    for text, where in [("toy n=3 extra=0", "extra"), ("toy n=3 items=-", "items")]:
        values = form.decode(form.split(text))
        with pytest.raises(NotationError) as e:
            form.check_canonical(toy(**values), text)
        assert e.value.where == where and "default" in str(e.value)
    with pytest.raises(NotationError, match="order"):
        form.split("toy extra=7 n=3")
    with pytest.raises(NotationError, match="missing"):
        form.split("toy extra=7")


@pytest.mark.parametrize("name", sorted(rulebook.REGISTRY))
def test_each_rules_package_legal_actions_is_the_games_rule(name):
    """``rulebook.<package>.legal_actions`` means the same in every game: the rule's list, the
    one ``Game.legal_actions`` gives, on a position and on a playout's working copy."""
    import importlib

    game = rulebook.game(name)
    package = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    s = game.new_game(3)
    assert package.legal_actions(s) == game.legal_actions(s) != []
    copy = game.fork(s)
    assert package.legal_actions(copy) == game.legal_actions(s)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_holds_its_rng_in_one_field_of_one_type(game):
    """One RNG field shape (issue 34): a state's ``rng`` is an Rng (no ``seed`` pair or
    ``rng_draws`` beside it), written ``rng=SEED:COUNTER`` and read back as the same Rng; play
    keeps its seed and never moves its counter back."""
    from dataclasses import fields

    from rulebook.common.rng import Rng

    g = rulebook.game(game)
    s = g.new_game(11)
    names = {f.name for f in fields(s)}
    assert "rng" in names and not names & {"seed", "rng_draws"}
    assert type(s.rng) is Rng and s.rng.seed == 11
    assert f"rng={s.rng.seed}:{s.rng.counter}" in str(s).split()
    assert g.parse(str(s)).rng == s.rng
    end = random_game(g, 11).final
    assert type(end.rng) is Rng and end.rng.seed == 11 and end.rng.counter >= s.rng.counter

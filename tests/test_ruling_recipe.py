"""Adding a ruling (rulebook/README.md, "Adding a ruling"): one test that lists, per ruling of
every game, each touch point of the recipe it still lacks, in the recipe's words: its options in
``rules.toml``, the rule code that reads it, a test that cites it, a lesson section with a board
and an asserting check, and a stored difference between its options."""

from __future__ import annotations

import pytest

import rulebook
from scripts.coverage import code_report, report, taught
from solvers.verify import store

GAMES = sorted({g.catalog.game: name for name, g in rulebook.games().items()}.values())


def missing_steps(name: str) -> dict[str, list[str]]:
    """Ruling ID -> the recipe's steps it lacks (empty lists left out)."""
    g = rulebook.game(name)
    package = type(g).__module__.split(".")[1]
    code = code_report(g.catalog, package)
    tested = {rid: t for rid, t, _ in report(g.catalog)}
    lessons = taught(g.catalog)
    stored = set()
    for game_name, other in rulebook.games().items():
        if other.catalog.game == g.catalog.game:
            stored |= set(store.load(game_name)["differences"])
    out = {}
    for rid, ruling in g.catalog.rulings.items():
        steps = []
        if ruling.default not in ruling.options or len(ruling.options) < 2 or not ruling.reason:
            steps.append("1. rules.toml: a default among two or more options, and the reason")
        if not code.get(rid):
            steps.append(f"2. rules code: read it as ruling(state, {rid!r})")
        if not tested.get(rid):
            steps.append("3. a test that cites it and plays both options")
        if not lessons.get(rid):
            steps.append("4. a lesson section headed by its ID, with a board and a checked cell")
        if rid not in stored:
            steps.append(f"5. a stored difference: python -m solvers.verify.regenerate {name}")
        if steps:
            out[rid] = steps
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_ruling_has_every_step_of_the_recipe(name):
    assert missing_steps(name) == {}, "\n".join(
        f"{rid}: " + "; ".join(steps) for rid, steps in missing_steps(name).items()
    )


def test_a_new_ruling_is_told_each_missing_step(monkeypatch):
    """A ruling added to the catalog alone is told the steps 2-5 by number."""
    g = rulebook.game("trollland")
    some = next(iter(g.catalog.rulings.values()))
    new = "TLR-" + "ADDED"  # not written whole here, or this test would cite it
    monkeypatch.setitem(g.catalog.rulings, new, some)
    steps = missing_steps("trollland")[new]
    assert [s.split(".")[0] for s in steps] == ["2", "3", "4", "5"]

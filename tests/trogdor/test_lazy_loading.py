"""What loads on first use (issue 13, CLI start-up) gives the same answers as loading it up front:
the package names, the rule catalog, a puzzle's rulings and its bundled cards."""

from __future__ import annotations

import pytest

import rulebook
import rulebook.trogdor
from rulebook.common.errors import NotationError
from rulebook.common.rulings import RulingSet
from rulebook.trogdor import CATALOG, puzzle
from rulebook.trogdor.cardindex import BUNDLED_INDEX, CardIndex
from rulebook.trogdor.cards import bundled_card_set

LAYOUT = "C...C/.T.../..L../...T./C.M.."


def test_package_names_resolve_to_their_modules_objects():
    package = rulebook.trogdor
    import importlib

    for name in package.__all__:
        value = getattr(package, name)
        if name not in package._WHERE:  # CATALOG, or a function of the package itself
            continue
        where = package._WHERE[name]
        assert value is getattr(importlib.import_module(f"{package.__name__}.{where}"), name)
    assert sorted(dir(package)) == sorted(package.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        package.nonsense  # noqa: B018


def test_one_catalog_for_the_package_and_the_game():
    assert rulebook.trogdor.CATALOG is CATALOG is rulebook.game("trogdor").catalog
    assert len(CATALOG) > 10 and "TR-CARDS-DEFEAT-RAGE" in CATALOG.rulings


def test_a_puzzles_rulings_are_the_catalogs():
    s = puzzle(LAYOUT)
    assert s.rulings == RulingSet(CATALOG.rulings) and s.rulings.notation() == "-"
    assert dict(s.rulings.rulings) == CATALOG.rulings
    assert sorted(s.rulings.rulings) == sorted(CATALOG.rulings)
    for rid, ruling in CATALOG.rulings.items():
        assert rid in s.rulings.rulings and s.rulings[rid] == ruling.default
    rid, ruling = next(iter(CATALOG.rulings.items()))
    other = next(o for o in ruling.options if o != ruling.default)
    chosen = puzzle(LAYOUT, rulings=f"{rid}={other}")
    assert chosen.rulings[rid] == other and chosen.rulings.notation() == f"{rid}={other}"
    assert puzzle(LAYOUT, rulings={rid: other}).rulings == chosen.rulings
    assert rulebook.parse(str(chosen)) == chosen and rulebook.parse(str(s)) == s
    with pytest.raises(NotationError, match="unknown ruling 'TR-NOPE'"):
        puzzle(LAYOUT, rulings="TR-NOPE=x")


def test_a_puzzles_cards_are_the_bundled_set():
    s = puzzle(LAYOUT)
    cs = bundled_card_set()
    assert s.cards is BUNDLED_INDEX and s.cards.base is cs
    assert rulebook.game("trogdor").new_game(3).cards.base is cs
    mid = next(iter(cs.movement))
    assert s.cards.movement(mid) is cs.movement[mid]
    assert s.cards.action("ap5").ap == 5 and s.cards.movement("2Er-EES").path == ("E", "E", "S")
    assert s.cards.movement("no-such-card") is None
    assert CardIndex(bundled=False).base is None and CardIndex(bundled=False).movement(mid) is None
    extra = s.cards.with_cards([cs.movement[mid]])
    assert extra.base is cs and extra.movement(mid) is cs.movement[mid]

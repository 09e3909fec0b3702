"""Perft: the stored numbers of action sequences of each length from fixed positions of every
game (``tests/perft.json``, written by ``python -m scripts.perft``). An engine change that
alters any legal list changes a number here; if it is intended, regenerate and review the diff."""

from __future__ import annotations

import json

import pytest

import rulebook
from scripts.perft import PATH, perft

STORED = json.loads(PATH.read_text(encoding="utf-8"))


def test_every_game_has_at_least_ten_positions_gallery_ones_included():
    assert set(STORED) == set(rulebook.REGISTRY)
    for name, entries in STORED.items():
        assert len(entries) >= 10, name
    gallery_texts = {
        s.position for package in ("trogdor", "trollland", "encounter")
        for s in __import__("drawings.gallery", fromlist=["load"]).load(package)
    }  # fmt: skip
    for name in ("trogdor", "trollland", "encounter"):
        assert any(e["position"] in gallery_texts for e in STORED[name]), name


@pytest.mark.parametrize("name", sorted(STORED))
def test_perft_counts(name):
    game = rulebook.game(name)
    for entry in STORED[name]:
        s = game.parse(entry["position"])
        assert perft(game, s, len(entry["counts"])) == entry["counts"], entry["position"]


def test_perft_counts_sequences_not_positions():
    """Two plies: the first action's count, then the sum of the counts after each of them."""
    game = rulebook.game("trollland")
    s = game.new_game(0, players=2)
    first = len(game.legal_actions(s))
    after = [game.perform(s, a) for a in game.legal_actions(s)]
    assert perft(game, s, 2) == [first, sum(len(game.legal_actions(t)) for t in after)]

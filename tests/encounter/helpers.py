"""Position builders and protocol shortcuts for the Random Encounter tests (the same builders the
notebooks use)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rulebook
from rulebook.common.errors import RuleError
from rulebook.encounter import default_cards
from rulebook.encounter.setup import battle_position, build_position, solo_position

CARDS = default_cards()
MULTI = rulebook.game("encounter")
SOLO = rulebook.game("encounter-solo")


def game_of(st):
    return rulebook.game_of(st)


def play(st, *actions):
    """Apply the actions in order (texts), through the protocol."""
    g = game_of(st)
    for a in actions:
        st = g.apply(st, a)
    return st


def legal(st) -> list[str]:
    return [str(a) for a in game_of(st).legal_actions(st)]


def refused(st, action) -> RuleError:
    """The refusal of ``action``: apply raises exactly what refusal() says; the state is kept."""
    g = game_of(st)
    before = str(st)
    err = g.refusal(st, action)
    assert err is not None, f"{action!r} is legal"
    with pytest.raises(RuleError) as e:
        g.apply(st, action)
    assert (e.value.rule_id, e.value.reason) == (err.rule_id, err.reason)
    assert str(st) == before  # a refusal leaves the state untouched
    assert action not in legal(st)
    return e.value


__all__ = [
    "CARDS", "MULTI", "SOLO", "battle_position", "build_position", "legal", "play", "refused",
    "lists", "replace", "solo_position",
]  # fmt: skip


def lists(x):
    """Nested tuples as lists (states hold tuples; the tests compare with list literals)."""
    return [lists(v) for v in x] if isinstance(x, (tuple, list)) else x

"""A faster ``legal_actions`` for Trollland's choose, king-return, load and arrow steps.

The plain path (``rules.legal_actions``: every candidate filtered by its kind's check) is the rule
as written; this module gives the same list, faster, and ``tests/trollland/test_fast_legal.py``
compares the two on thousands of random positions. It mirrors:

- ``check_choose``: the candidates are pairs of two different cards of the hand, so only
  ``king_pair_allowed`` is asked; ``check_return``: every such pair is legal;

and for each card to load:

- ``check_place``: ``loadable_refusal`` (asked as it is), then ``fit_refusal`` without its refusal:
  ``cage_refusal`` on the vehicle's ``loading`` is None (each vehicle looked up once per card);
- ``check_swap``: ``loadable_refusal``, ``dock_refusal`` (asked as it is), then ``fit_refusal`` for the dock
  card, as above;
- ``check_gat``: ``loadable_refusal``; under TLR-GAT-CHOICE = forced-only, legal exactly when no place
  and no swap of the same card is (the very loads ``check_gat`` tries), so each load is judged
  once (PERF.md, "Trollland: load step by cage").

The Troll step goes through the plain path.
"""

from __future__ import annotations

from itertools import combinations

from rulebook.common.actions import Action

from . import rules
from .actions import cage_of, make


def legal_actions(s) -> list[Action]:
    """``rules.legal_actions(s)``, generated step by step."""
    p = s.to_move
    if s.phase in ("choose", "king-return") and p is not None:
        out = _pairs(s, p)
    elif s.phase in ("load", "arrow"):
        people = s.cards.people
        out, cages = [], {}  # people -> its open cages, asked once per position
        for cid in [s.current_card()] if s.phase == "load" else s.hands[p]:
            if not people[cid].is_troll and rules.loadable_refusal(s, cid) is None:
                out += _loads(s, cid, cages)
    else:
        return rules.legal_actions(s)
    out.sort(key=rules.TEXT)
    return out


def _pairs(s, p: int) -> list[Action]:
    """The legal choose (or return) actions: pairs of the hand, the King not with a Troll."""
    if s.phase == "king-return":
        return [make("return", *pair) for pair in combinations(s.hands[p], 2)]
    ok = rules.king_pair_allowed
    return [make("choose", *pair) for pair in combinations(s.hands[p], 2) if ok(s, *pair)]


def _loads(s, cid: str, cages: dict) -> list[Action]:
    """The legal place, swap and gat actions of ``cid``, a card ``loadable_refusal`` lets through
    (``cages``: the open cages of each people asked so far in this position)."""

    def open_to(card: str) -> list:
        people = s.cards.people[card].people
        if people not in cages:
            cages[people] = _open_cages(s, people)
        return cages[people]

    out = [make("place", cid, c) for c in open_to(cid)]
    if s.cards.people[cid].symbol == "question":
        docks = [d for d in s.dock if rules.dock_refusal(s, cid, d) is None]
        out += [make("swap", cid, d, c) for d in docks for c in open_to(d)]
    if not out or s.rulings["TLR-GAT-CHOICE"] != "forced-only":
        out.append(make("gat", cid))
    return out


def _open_cages(s, people: str) -> list:
    """The cages of the row, in row order, for which ``rules.fit_refusal(s, cid, cage)`` is None for a
    card ``cid`` of ``people`` (``fit_refusal`` reads the card's people alone), without building the
    refusals."""
    refusal = rules.cage_refusal
    out = []
    for b in s.row:
        caps, contents = s.loading(b.vehicle)
        out += [
            cage_of(b.vehicle, i + 1)
            for i in range(len(caps))
            if refusal(people, caps, contents, i) is None
        ]
    return out

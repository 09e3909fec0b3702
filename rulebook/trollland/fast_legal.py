"""A faster ``legal_actions`` for Trollland's choose, king-return, load and arrow steps.

The plain path (``rules.legal_actions``: every candidate filtered by its kind's check) is the rule
as written; this module gives the same list in the same order, faster, on a frozen ``State`` and
on a working copy (``WorkingCopy``). ``tests/test_fast_legal.py`` and
``tests/trollland/test_trollland_fast_legal.py`` compare the two on thousands of positions. It
mirrors:

- ``check_choose``: the candidates are pairs of two different cards of the hand, so only
  ``king_pair_allowed`` can refuse one, and it refuses only a pair of two Trolls: a hand holding
  fewer than two Trolls has every pair allowed; ``check_return``: every such pair is legal;

and for each card to load:

- ``loadable_refusal``: in the load step the current card, in the arrow step each pest card of
  the hand of the player to move;
- ``check_place``: then ``fit_refusal``, whose only condition a cage of the row can fail is
  ``cage_refusal`` (asked as it is, once per berth value and people: ``open_cages``);
- ``check_swap``: ``dock_refusal`` (asked as it is), then ``fit_refusal`` for the dock card, as
  above;
- ``check_gat``: under TLR-GAT-CHOICE = forced-only, legal exactly when no place and no swap of
  the same card is (the very loads ``check_gat`` tries), so each load is judged once.

and in the Troll Tales, for the power of the Troll resolving now (``power_refusal`` passes its
own verbs, the only candidates made):

- ``check_king``: both choices; ``check_expel``: each dock card; ``check_send``: each vehicle of
  the row; ``check_camp``: each opponent (``_opponent``), when the player's Trollgat holds a card;
- ``check_steal``: each opponent's piles of at least two cards.

``has_legal_action`` answers ``rules.has_legal_action`` from that list: the game's ``advance``
asks it whether a Troll's power has a target (``rules.playing``).

Speed: PERF.md "Trollland: legal actions".
"""

from __future__ import annotations

from itertools import combinations

from rulebook.common.actions import BY_TEXT, Action

from . import rules
from .actions import CHOOSE, PLACES, PLAYERS, RETURN, make, swaps
from .cards import PEOPLES

ALL_PEOPLES = (*PEOPLES, "troll")  # every people a card may have (cards.py)


def legal_actions(s) -> list[Action]:
    """``rules.legal_actions(s)``, generated step by step."""
    phase = s.phase
    p = s.to_move
    if p is None:
        return []
    if phase == "load":
        cid = s.next_to_load()[0]  # the current card
        out = [] if cid is None else _loads(s, cid)
    elif phase == "arrow":
        out = _arrow_loads(s, p)
    elif phase == "choose" or phase == "king-return":
        return _pairs(s, p)  # in text order already
    elif phase == "troll":
        out = _powers(s, p)
    else:
        return rules.legal_actions(s)
    out.sort(key=BY_TEXT)  # speed: PERF.md "Actions made once; sorted by text in C"
    return out


def has_legal_action(s) -> bool:
    """``rules.has_legal_action(s)``: the list above is not empty (the game's ``advance`` asks
    it whether a Troll's power has a target; speed: PERF.md "Trollland: a power's target")."""
    return bool(legal_actions(s))


def _pairs(s, p: int) -> list[Action]:
    """The legal choose (or return) actions: pairs of the hand, the King not with a Troll, in
    text order (the pairs of the sorted hand: "A B" < "A C" < "B C", card ids being tokens,
    every character above the space)."""
    hand = sorted(s.hands[p])
    if s.phase == "king-return":
        return list(map(RETURN.__getitem__, combinations(hand, 2)))
    pairs = combinations(hand, 2)
    if len(s.cards.trolls.intersection(hand)) >= 2:
        allowed = rules.king_pair_allowed
        pairs = [(a, b) for a, b in pairs if allowed(s, a, b)]
    return list(map(CHOOSE.__getitem__, pairs))


def _powers(s, p: int) -> list[Action]:
    """The legal actions of the Troll resolving now (its power's targets)."""
    n = rules.resolving_number(s)
    if n == 1:
        return [make("king", "imprison"), make("king", "draw")]
    opponents = [q for q in PLAYERS[: s.players] if q.index != p]
    if n == 2:
        out = [make("expel", d) for d in s.dock]
        return out + [make("camp", q) for q in opponents] if s.trollgat[p] else out
    if n in (3, 4):
        verb = rules.POWERS[n][0]
        return [
            make(verb, q, people)
            for q in opponents
            for people, pile in s.piles(q.index).items()
            if len(pile) >= 2
        ]
    return [make("send", b.vehicle) for b in s.row]


def _arrow_loads(s, p: int) -> list[Action]:
    """The place, swap and gat actions of the arrow step: of each pest card of the player's
    hand."""
    pests = s.cards.pest_order
    out: list[Action] = []
    for cid in s.hands[p]:
        if cid in pests:
            out += _loads(s, cid)
    return out


def _loads(s, cid: str) -> list[Action]:
    """The legal place, swap and gat actions of ``cid``, a card ``loadable_refusal`` lets
    through."""
    people_of = s.cards.people_of
    out = list(map(PLACES[cid].__getitem__, open_cages(s, people_of[cid])))
    # speed: PERF.md "Trollland: card tables" (a card without a question mark skips the call)
    if cid in s.cards.questions and rules.question_active(s, cid):
        cages = {}  # by people: the dock's cards share five peoples
        for d in s.dock:
            if rules.dock_refusal(s, cid, d) is None:
                people = people_of[d]
                where = cages.get(people)
                if where is None:
                    where = cages[people] = open_cages(s, people)
                out += swaps(cid, d, where)
    if not out or s.rulings["TLR-GAT-CHOICE"] != "forced-only":
        out.append(make("gat", cid))
    return out


def open_cages(s, people: str) -> list:
    """The cages of the row, as (vehicle, number), in row order, for which
    ``fit_refusal(s, cid, cage)`` is None for a card ``cid`` of ``people`` (it reads the card's
    people alone). Worked out once per berth value for every people (``_open_by_people``) and
    kept with the berth: a load changes one."""
    out: list = []
    for b in s.row:
        found = b.open_map
        if found is None:
            found = _open_by_people(b, s.cards)
        out += found[people]
    return out


def _open_by_people(b, cards) -> dict:
    """``cage_refusal`` for one berth, every people at once: people -> its open cages, kept as
    the berth's ``open_map`` (a State never shares a berth with a State of another card set). A
    people a cage holds may go only into that cage, while it has room (TL-LOAD-CAGE-PEOPLE,
    TL-LOAD-VEHICLE-DISTINCT, TL-LOAD-CAPACITY); any other people, into every empty cage (a cage
    holds at least one)."""
    vid, caps = b.vehicle, cards.cages_of[b.vehicle]
    people_of = cards.people_of
    held, empty = {}, []
    i = 0  # the cage's index; a plain loop (speed: PERF.md "Trollland: plain loops")
    for inside in b.cages:
        if not inside:
            empty.append((vid, i + 1))
        else:
            people = people_of[inside[0]]
            # a people two cages hold (a typed position the invariants refuse) goes nowhere
            room = len(inside) < caps[i] and people not in held
            held[people] = ((vid, i + 1),) if room else ()
        i += 1
    found = dict.fromkeys(ALL_PEOPLES, tuple(empty))
    if held:
        found.update(held)
    b.__dict__["open_map"] = found  # kept (a frozen dataclass: not by b.open_map = ...)
    return found

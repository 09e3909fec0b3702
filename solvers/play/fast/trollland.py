"""A faster ``legal_actions`` for Trollland's choose, king-return, load and arrow steps, for
playouts only.

The rule is ``rulebook.trollland.turn.legal_actions`` (what the checks allow); this module
gives the same list in the same order, faster, on a frozen ``State`` and on a working copy.
Checked sweeps compare the two at every step and ``tests/play/test_fast_legal.py`` on random,
parsed, edited and extreme positions. It mirrors:

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
  the same card is (the very loads ``check_gat`` tries, ``trollgat.fits``), so each load is
  judged once.

and in the Troll Tales, for the power of the Troll resolving now (``power_refusal`` passes its
own verbs, the only candidates made):

- the King: both choices; ``check_expel``: each dock card; ``check_send``: each vehicle of the
  row; ``check_camp``: each opponent (``opponent_refusal``), when the player's Trollgat holds a
  card;
- ``check_steal``: each opponent's piles of at least two cards.

Speed: rulebook/PERF.md "The playout generators".
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, starmap

from rulebook.common.actions import BY_TEXT, Action
from rulebook.trollland import question_mark, secret_choice, troll_tales, turn
from rulebook.trollland.actions import PLAYERS, Cage, make
from rulebook.trollland.cards import PEOPLES


@cache
def cage_of(vehicle: str, number: int) -> Cage:
    """Cage ``number`` of ``vehicle``, made once."""
    return Cage(vehicle, number)


class Made(dict):
    """Values by key, each made by ``build(key)`` when first asked: a generator reads a whole
    list of them with one C-level ``map(table.__getitem__, keys)`` (speed: PERF.md "Trollland:
    action tables"). Emptied when it holds ``LIMIT`` values, so it stays bounded."""

    LIMIT = 1 << 16

    def __init__(self, build):
        super().__init__()
        self.build = build

    def __missing__(self, key):
        if len(self) >= self.LIMIT:
            self.clear()
        value = self[key] = self.build(key)
        return value


class Pairs(dict):
    """``verb A B`` by the pair (A, B) in text order (the fast generator's choose and return),
    made when first asked (speed: PERF.md "Trollland: action tables"); at most C(cards, 2)."""

    def __init__(self, verb: str):
        super().__init__()
        self.verb = verb

    def __missing__(self, pair: tuple[str, str]) -> Action:
        a, b = pair
        args = pair if a <= b else (b, a)
        action = self[pair] = Action(self.verb, args)
        return action


class Loads(dict):
    """``place cid V.N`` (or ``swap cid dock_card V.N``, ``head`` naming both cards) by (V, N),
    made when first asked (speed: PERF.md "Trollland: action tables"); at most the cages of the
    card set."""

    def __init__(self, verb: str, cards: tuple[str, ...]):
        super().__init__()
        self.verb, self.cards, self.head = verb, cards, " ".join((verb, *cards, ""))

    def __missing__(self, where: tuple[str, int]) -> Action:
        cage = cage_of(*where)
        action = Action(self.verb, (*self.cards, cage))
        self[where] = action
        return action


def swaps(cid: str, d: str, cages) -> list[Action]:
    """``swap cid d V.N`` for each (V, N) of ``cages``, made anew: not kept, their key space
    (card x dock card x cage) never warms (speed: PERF.md "Trollland: swaps made anew")."""
    return [Action("swap", (cid, d, c)) for c in starmap(cage_of, cages)]


CHOOSE, RETURN = Pairs("choose"), Pairs("return")
PLACES = Made(lambda cid: Loads("place", (cid,)))  # card -> its place actions by (V, N)


ALL_PEOPLES = (*PEOPLES, "troll")  # every people a card may have (cards.py)


def legal_actions(s) -> list[Action]:
    """``rules.legal_actions(s)``, generated step by step."""
    phase = s.phase
    p = s.to_move
    if p is None:
        return []
    if phase == "load":
        cid = s.current_card()
        out = [] if cid is None else _loads(s, cid)
    elif phase == "arrow":
        out = _arrow_loads(s, p)
    elif phase == "choose" or phase == "king-return":
        return _pairs(s, p)  # in text order already
    elif phase == "troll":
        out = _powers(s, p)
    else:
        return turn.legal_actions(s)
    out.sort(key=BY_TEXT)  # speed: PERF.md "Actions made once; sorted by text in C"
    return out


def _pairs(s, p: int) -> list[Action]:
    """The legal choose (or return) actions: pairs of the hand, the King not with a Troll, in
    text order (the pairs of the sorted hand: "A B" < "A C" < "B C", card ids being tokens,
    every character above the space)."""
    hand = sorted(s.hands[p])
    if s.phase == "king-return":
        return list(map(RETURN.__getitem__, combinations(hand, 2)))
    pairs = combinations(hand, 2)
    if len(s.cards.trolls.intersection(hand)) >= 2:
        allowed = secret_choice.king_pair_allowed
        pairs = [(a, b) for a, b in pairs if allowed(s, a, b)]
    return list(map(CHOOSE.__getitem__, pairs))


def _powers(s, p: int) -> list[Action]:
    """The legal actions of the Troll resolving now (its power's targets)."""
    n = troll_tales.resolving_number(s)
    if n == 1:
        return [make("king", "imprison"), make("king", "draw")]
    opponents = [q for q in PLAYERS[: s.players] if q.index != p]
    if n == 2:
        out = [make("expel", d) for d in s.dock]
        return out + [make("camp", q) for q in opponents] if s.trollgat[p] else out
    if n in (3, 4):
        verb = troll_tales.POWERS[n][0]
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
    people = s.cards.people
    out: list[Action] = []
    for cid in s.hands[p]:
        if not people[cid].is_troll:
            out += _loads(s, cid)
    return out


def _loads(s, cid: str) -> list[Action]:
    """The legal place, swap and gat actions of ``cid``, a card ``loadable_refusal`` lets
    through."""
    card = s.cards.people
    out = list(map(PLACES[cid].__getitem__, open_cages(s, card[cid].people)))
    if card[cid].symbol == "question" and question_mark.question_active(s, cid):
        cages = {}  # by people: the dock's cards share five peoples
        for d in s.dock:
            if question_mark.dock_refusal(s, cid, d) is None:
                people = card[d].people
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
    people alone). Worked out once per berth value and card set for every people
    (``_open_by_people``) and kept here: a load changes one berth."""
    cards = s.cards
    kept = _OPEN.get(id(cards))
    if kept is None or kept[0] is not cards:
        if len(_OPEN) > 64:
            _OPEN.clear()
        kept = _OPEN[id(cards)] = (cards, {})
    table = kept[1]
    if len(table) > 1 << 16:  # a bound on memory: the berths of one game come back at once
        table.clear()
    out: list = []
    for b in s.row:
        found = table.get(b)
        if found is None:
            found = table[b] = _open_by_people(b, cards)
        out += found[people]
    return out


_OPEN: dict[int, tuple] = {}  # id of a card set -> (the set, berth -> people -> open cages)


def _open_by_people(b, cards) -> dict:
    """``cage_refusal`` for one berth, every people at once: people -> its open cages. A
    people a cage holds may go only into that cage, while it has room (TL-LOAD-CAGE-PEOPLE,
    TL-LOAD-VEHICLE-DISTINCT, TL-LOAD-CAPACITY); any other people, into every empty cage (a cage
    holds at least one)."""
    vid, caps = b.vehicle, cards.vehicles[b.vehicle].cages
    card = cards.people
    held, empty = {}, []
    for i, inside in enumerate(b.cages):
        if not inside:
            empty.append((vid, i + 1))
        else:
            people = card[inside[0]].people
            # a people two cages hold (a typed position the invariants refuse) goes nowhere
            room = len(inside) < caps[i] and people not in held
            held[people] = ((vid, i + 1),) if room else ()
    found = dict.fromkeys(ALL_PEOPLES, tuple(empty))
    if held:
        found.update(held)
    return found

"""The Trollland rules: legality and effects, each stated once.

- **Legality**: ``refusal(s, action)`` is the one check per action kind (``CHECKS``); it returns
  the ``RuleError`` or None. ``legal_actions`` keeps the candidates it passes, and the game's
  ``apply`` raises what it returns, so the list and the refusals cannot disagree.
- **Effects**: ``perform(s, action)`` changes a working copy of the position and freezes it; steps
  that need no decision (cancelled Trolls, powers without a target, end of turn) run on, so the
  result waits for ``to_move`` (or the game is over). Rule code calls ``fired(ID)`` where a rule
  takes effect.
- **Loading** (``cage_refusal``, ``legal_cages``, ``is_full``) works on plain data -- capacities and
  the peoples in each cage -- so the solvers share the very same definition.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from rulebook.common.actions import BY_TEXT, Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling

from .actions import GRAMMAR, PLAYERS, Cage, Player, make
from .catalog import refuse
from .state import WorkingCopy

POWERS = {1: ("king",), 2: ("expel", "camp"), 3: ("steal-top",), 4: ("steal-rest",), 5: ("send",)}
POWER_RULE = {1: "TL-TROLL-KING", 2: "TL-TROLL-EXPRESS", 3: "TL-TROLL-3", 4: "TL-TROLL-4"}
PHASE_VERBS = {
    "choose": ("choose",),
    "troll": ("king", "expel", "camp", "steal-top", "steal-rest", "send"),
    "king-return": ("return",),
    "load": ("place", "gat", "swap"),
    "arrow": ("place", "gat", "swap"),
    "over": (),
}


# -- loading on plain data ------------------------------------------------------------------------
def cage_refusal(
    people: str, caps: Sequence[int], contents: Sequence[Sequence[str]], cage: int
) -> tuple[str, str] | None:
    """Why placing a card of ``people`` into ``cage`` (0-based) is illegal, as (rule ID, reason);
    None when legal. ``contents[i]`` lists the peoples already in cage i. A cage has room
    (TL-LOAD-CAPACITY), holds no other people (TL-LOAD-CAGE-PEOPLE), and no other cage of the
    vehicle holds this people (TL-LOAD-VEHICLE-DISTINCT)."""
    if not 0 <= cage < len(caps):
        return ("TL-LOAD-CAPACITY", f"this vehicle has no cage {cage + 1}")
    inside = contents[cage]
    if len(inside) >= caps[cage]:
        return ("TL-LOAD-CAPACITY", f"cage {cage + 1} is full ({caps[cage]} of {caps[cage]})")
    if inside and inside[0] != people:
        return ("TL-LOAD-CAGE-PEOPLE", f"cage {cage + 1} already holds {inside[0]}, not {people}")
    for j, other in enumerate(contents):
        if j != cage and other and other[0] == people:
            return (
                "TL-LOAD-VEHICLE-DISTINCT",
                f"cage {j + 1} of this vehicle already holds {people}; two cages need two peoples",
            )
    return None


def legal_cages(people: str, caps: Sequence[int], contents: Sequence[Sequence[str]]) -> list[int]:
    return [c for c in range(len(caps)) if cage_refusal(people, caps, contents, c) is None]


def is_full(caps: Sequence[int], contents: Sequence[Sequence[str]]) -> bool:
    """A vehicle departs as soon as every cage is at capacity (TL-DEPART-FULL)."""
    if len(caps) != len(contents):
        raise ValueError(f"{len(caps)} capacities for {len(contents)} cages")
    return all(len(inside) >= cap for cap, inside in zip(caps, contents, strict=True))


# -- legality: one check per action kind -----------------------------------------------------------
def refusal(s, a: Action) -> RuleError | None:
    """None when ``a`` is legal in ``s``, else the RuleError that ``apply`` raises."""
    if a.verb not in CHECKS:
        raise GRAMMAR.unknown_verb(a.verb)
    if s.phase == "over":
        return refuse("TL-TURN-ORDER", "the game is over")
    if a.verb not in PHASE_VERBS[s.phase]:
        return refuse("TL-TURN-ORDER", f"'{a.verb}' is not an action of the {s.phase} step")
    return CHECKS[a.verb](s, a)


def king_pair_allowed(s, a: str, b: str) -> bool:
    """TL-CHOOSE-KING: the King of the Trolls (1) is not chosen together with another Troll."""
    ca, cb = s.cards.people[a], s.cards.people[b]
    return not (ca.is_troll and cb.is_troll and 1 in (ca.number, cb.number))


def check_choose(s, a: Action) -> RuleError | None:
    p = s.to_move
    x, y = a.args
    for cid in (x, y):
        if cid not in s.hands[p]:
            return refuse("TL-CHOOSE-TWO", f"{cid} is not in player {p + 1}'s hand")
    if x == y:
        return refuse("TL-CHOOSE-TWO", "choose two different cards")
    if not king_pair_allowed(s, x, y):
        return refuse(
            "TL-CHOOSE-KING", "the King of the Trolls cannot be chosen with another Troll"
        )
    return None


def check_return(s, a: Action) -> RuleError | None:
    x, y = a.args
    hand = s.hands[s.to_move]
    if x == y or x not in hand or y not in hand:
        return refuse("TL-TROLL-KING", "return two different cards from your own hand")
    return None


def resolving_number(s) -> int:
    """The number of the Troll resolving now (TL-TROLL-ORDER)."""
    return s.cards.people[s.current_troll()].number


def power_refusal(s, a: Action) -> RuleError | None:
    """The refusal of a verb that is not the power of the Troll resolving now."""
    n = resolving_number(s)
    if a.verb not in POWERS[n]:
        tid = s.current_troll()
        return refuse(
            "TL-TROLL-ORDER", f"Troll {n} ({tid}) resolves now; '{a.verb}' is not its power"
        )
    return None


def _opponent(s, q: Player, rule_id: str) -> RuleError | None:
    if q.index >= s.players:
        return refuse(rule_id, f"there is no player {q.name} in a {s.players}-player game")
    if q.index == s.to_move:
        return refuse(rule_id, "choose an opponent, not yourself")
    return None


def check_king(s, a: Action) -> RuleError | None:
    return power_refusal(s, a)


def check_expel(s, a: Action) -> RuleError | None:
    err = power_refusal(s, a)
    if err is None and a.arg not in s.dock:
        return refuse("TL-TROLL-EXPRESS", f"{a.arg} is not on the departure dock")
    return err


def check_camp(s, a: Action) -> RuleError | None:
    err = power_refusal(s, a)
    if err is not None:
        return err
    if not s.trollgat[s.to_move]:
        return refuse("TL-TROLL-EXPRESS", "your refugee camp is empty")
    return _opponent(s, a.arg, "TL-TROLL-EXPRESS")


def check_steal(s, a: Action) -> RuleError | None:
    """Both steals (``steal-top``: Troll 3, ``steal-rest``: Troll 4)."""
    err = power_refusal(s, a)
    if err is not None:
        return err
    q, people = a.args
    rule_id = POWER_RULE[resolving_number(s)]
    err = _opponent(s, q, rule_id)
    if err:
        return err
    if len(s.piles(q.index).get(people, ())) < 2:
        return refuse(rule_id, f"player {q.index + 1} has no {people} pile of at least 2 cards")
    return None


def check_send(s, a: Action) -> RuleError | None:
    err = power_refusal(s, a)
    if err is None and s.berth(a.arg) is None:
        return refuse("TL-TROLL-5", f"vehicle {a.arg} is not at the departure dock")
    return err


def loadable_refusal(s, cid: str) -> RuleError | None:
    """Why ``cid`` is not the card to load now: the next revealed card (TL-BANISH-ORDER), or in
    the arrow step a pest card from the hand of the player to move (TL-SYMBOL-ARROW)."""
    if s.phase == "arrow":
        p = s.to_move
        if cid not in s.hands[p]:
            return refuse("TL-SYMBOL-ARROW", f"{cid} is not in player {p + 1}'s hand")
        if s.cards.people[cid].is_troll:
            return refuse("TL-SYMBOL-ARROW", "the extra card must be a pest card, not a Troll")
        return None
    if cid != s.current_card():
        return refuse(
            "TL-BANISH-ORDER",
            f"{s.current_card()} is loaded now (Bimbo > Zom > Zelf > Nin > Gob, smallest first)",
        )
    return None


def fit_refusal(s, cid: str, cage: Cage) -> RuleError | None:
    """Why card ``cid`` may not go into ``cage`` of a vehicle at the dock (the loading rules)."""
    at_dock = s.loading(cage.vehicle)
    if at_dock is None:
        return refuse("TL-DEPART-FULL", f"vehicle {cage.vehicle} is not at the departure dock")
    caps, contents = at_dock
    why = cage_refusal(s.cards.people[cid].people, caps, contents, cage.index)
    return refuse(why[0], f"{cid} into {cage.name}: {why[1]}") if why else None


def check_place(s, a: Action) -> RuleError | None:
    cid, cage = a.args
    return loadable_refusal(s, cid) or fit_refusal(s, cid, cage)


def question_active(s, cid: str) -> bool:
    """A question mark works on a revealed card, and on an arrow's extra card only under
    TLR-ARROW-CHAIN = chain."""
    if s.cards.people[cid].symbol != "question":
        return False
    return s.phase != "arrow" or ruling(s, "TLR-ARROW-CHAIN") == "chain"


def dock_refusal(s, cid: str, d: str) -> RuleError | None:
    """Why question-mark card ``cid`` may not take dock card ``d`` (None when it may)."""
    if not question_active(s, cid):
        return refuse("TL-SYMBOL-QUESTION", f"{cid} has no active question-mark symbol")
    if d not in s.dock:
        return refuse("TL-SYMBOL-QUESTION", f"{d} is not on the departure dock")
    if d in s.swapped and ruling(s, "TLR-QUESTION-DOCK") == "not-this-turn":
        return refuse(
            "TL-SYMBOL-QUESTION",
            f"{d} was put on the dock by a question mark this turn (TLR-QUESTION-DOCK)",
        )
    return None


def check_swap(s, a: Action) -> RuleError | None:
    cid, d, cage = a.args
    return loadable_refusal(s, cid) or dock_refusal(s, cid, d) or fit_refusal(s, d, cage)


def check_gat(s, a: Action) -> RuleError | None:
    """TL-LOAD-TROLLGAT (under TLR-GAT-CHOICE = forced-only): only a card that no place or swap
    can load -- asked with the very checks of ``place`` and ``swap``."""
    cid = a.arg
    err = loadable_refusal(s, cid)
    if err or ruling(s, "TLR-GAT-CHOICE") != "forced-only":
        return err
    loads = [(cid, c) for c in row_cages(s)]
    loads += [(d, c) for d in s.dock if dock_refusal(s, cid, d) is None for c in row_cages(s)]
    for card, cage in loads:
        if fit_refusal(s, card, cage) is None:
            how = f"into {cage.name}" if card == cid else f"by taking {card} into {cage.name}"
            return refuse(
                "TL-LOAD-TROLLGAT", f"{cid} can be loaded ({how}), so it may not go to the Trollgat"
            )
    return None


CHECKS = {
    "choose": check_choose,
    "return": check_return,
    "king": check_king,
    "expel": check_expel,
    "camp": check_camp,
    "steal-top": check_steal,
    "steal-rest": check_steal,
    "send": check_send,
    "place": check_place,
    "swap": check_swap,
    "gat": check_gat,
}


# -- candidates: a superset of the legal actions, filtered by the checks ---------------------------
class Try(NamedTuple):
    """A candidate action as the checks read it (verb, args, arg); an ``Action`` is made only
    for the candidates that pass (speed: PERF.md "Trollland: legal actions")."""

    verb: str
    args: tuple

    @property
    def arg(self):
        return self.args[0]


def row_cages(s) -> list[Cage]:
    """Every cage of the vehicles at the dock, in row order."""
    return [Cage(b.vehicle, i + 1) for b in s.row for i in range(len(b.cages))]


def _load_candidates(s, cid: str) -> list[Try]:
    cages = row_cages(s)
    out = [Try("place", (cid, c)) for c in cages]
    if s.cards.people[cid].symbol == "question":
        out += [Try("swap", (cid, d, c)) for d in s.dock for c in cages]
    return out


def _troll_candidates(s) -> list[Try]:
    n = s.cards.people[s.current_troll()].number
    others = PLAYERS[: s.players]
    if n == 1:
        return [Try("king", ("imprison",)), Try("king", ("draw",))]
    if n == 2:
        return [Try("expel", (d,)) for d in s.dock] + [Try("camp", (q,)) for q in others]
    if n in (3, 4):
        verb = POWERS[n][0]
        return [Try(verb, (q, people)) for q in others for people in s.piles(q.index)]
    return [Try("send", (b.vehicle,)) for b in s.row]


def candidates(s) -> list[Try]:
    p = s.to_move
    if p is None:
        return []
    if s.phase in ("choose", "king-return"):
        verb = "choose" if s.phase == "choose" else "return"
        return [Try(verb, pair) for pair in combinations(s.hands[p], 2)]
    if s.phase == "troll":
        return _troll_candidates(s)
    cards = [s.current_card()] if s.phase == "load" else s.hands[p]
    out = []
    for cid in cards:
        if not s.cards.people[cid].is_troll:
            out += _load_candidates(s, cid) + [Try("gat", (cid,))]
    return out


def legal_actions(s) -> list[Action]:
    """Every legal action for ``s.to_move``, sorted by canonical text. The candidates belong to
    the current step, so each is asked only its own verb's check (what ``refusal`` asks after
    the step's verbs)."""
    legal = [make(c.verb, *c.args) for c in candidates(s) if CHECKS[c.verb](s, c) is None]
    legal.sort(key=BY_TEXT)
    return legal


def has_legal_action(s) -> bool:
    """``legal_actions(s) != []``, asked until the first candidate its check lets through."""
    return any(CHECKS[c.verb](s, c) is None for c in candidates(s))


# -- effects ---------------------------------------------------------------------------------------
def perform(s, a: Action):
    """The state after the legal action ``a`` (checked by the caller); ``s`` is not changed."""
    return play(WorkingCopy(s), a).freeze()


def play(d, a: Action) -> WorkingCopy:
    """Play the legal action ``a`` on the working copy ``d`` in place, then the steps that need
    no decision; return ``d``. A State is copied first: this is the game's ``advance`` (a
    playout's one working copy) and ``perform``'s effect."""
    d = WorkingCopy.of(d)
    EFFECTS[a.verb](d, d.to_move, a)
    _advance(d)
    return d


def _choose(d, p: int, a: Action) -> None:
    fired("TL-CHOOSE-TWO")
    for cid in a.args:
        d.hands[p].remove(cid)
    x, y = a.args
    key = d.cards.layout_key
    d.chosen[p] = [y, x] if key[y] < key[x] else [x, y]


def _return(d, p: int, a: Action) -> None:
    fired("TL-TROLL-KING")
    for cid in a.args:
        d.hands[p].remove(cid)
    d.draw = d.shuffled(d.draw + list(a.args))
    d.phase = "troll"


def _resolve(d, p: int) -> str:
    """Take the resolving Troll off the table (it goes to the discard pile) and name it."""
    tid = d.current_troll()
    fired("TL-TROLL-ORDER")
    d.chosen[p].remove(tid)
    d.discard.append(tid)
    return tid


def _king(d, p: int, a: Action) -> None:
    _resolve(d, p)
    if a.arg == "imprison":
        others = [c for hand in d.chosen for c in hand if d.cards.people[c].is_troll]
        if ruling(d, "TLR-KING-CANCELLED") == "uncancelled":
            nums = [d.cards.people[c].number for c in others]
            others = [c for c in others if nums.count(d.cards.people[c].number) == 1]
        if others:  # imprisoning no Troll changes nothing: the King did not act
            fired("TL-TROLL-KING")
        for cid in others:
            d.chosen[d.owner(cid)].remove(cid)
            d.prison[p].append(cid)
    else:
        fired("TL-TROLL-KING")
        for _ in range(min(3, len(d.draw))):
            d.hands[p].append(d.draw.pop(0))
        d.phase, d.to_move = "king-return", p


def _expel(d, p: int, a: Action) -> None:
    _resolve(d, p)
    fired("TL-TROLL-EXPRESS")
    d.dock.remove(a.arg)
    d.swapped.discard(a.arg)
    d.won[p].append(a.arg)


def _camp(d, p: int, a: Action) -> None:
    _resolve(d, p)
    fired("TL-TROLL-EXPRESS")
    d.trollgat[a.arg.index] += d.trollgat[p]
    d.trollgat[p] = []


def _steal(d, p: int, a: Action) -> None:
    tid = _resolve(d, p)
    fired(POWER_RULE[d.cards.people[tid].number])
    q, people = a.args
    pile = d.piles(q.index)[people]
    for cid in pile[-1:] if a.verb == "steal-top" else pile[:-1]:
        d.won[q.index].remove(cid)
        d.won[p].append(cid)


def _send(d, p: int, a: Action) -> None:
    _resolve(d, p)
    fired("TL-TROLL-5")
    _depart(d, d.berth(a.arg), p)


def _depart(d, berth, p: int) -> None:
    """The vehicle leaves (full: TL-DEPART-FULL; sent: TL-TROLL-5); player ``p`` takes it and
    its cards, which join their peoples' piles (TL-DEPART-PILES acts where a pile gets a
    second card: the highest number goes on top)."""
    d.row.remove(berth)
    d.vehicles_won[p].append(berth.vehicle)
    cards = [cid for cage in berth.cages for cid in cage]
    people = d.cards.people
    held = {people[c].people for c in d.won[p]}
    arriving = [people[c].people for c in cards]
    if any(x in held or arriving.count(x) > 1 for x in arriving):
        fired("TL-DEPART-PILES")
    d.won[p].extend(cards)


def _take(d, p: int, cid: str) -> None:
    """The card leaves the revealed cards (or, for an arrow's extra card, the hand)."""
    if d.phase == "arrow":
        fired("TL-SYMBOL-ARROW")
        d.hands[p].remove(cid)
        if d.draw:
            d.hands[p].append(d.draw.pop(0))
        d.phase = "load"
        return
    fired("TL-BANISH-ORDER")
    d.chosen[p].remove(cid)


def _gat(d, p: int, a: Action) -> None:
    fired("TL-LOAD-TROLLGAT")
    _take(d, p, a.arg)
    d.trollgat[p].append(a.arg)


def _place(d, p: int, a: Action) -> None:
    cid, cage = a.args
    extra = d.phase == "arrow"
    _take(d, p, cid)
    _put(d, p, cid, cage)
    _after_load(d, p, cid, extra, swapped=False)


def _swap(d, p: int, a: Action) -> None:
    cid, dock_card, cage = a.args
    fired("TL-SYMBOL-QUESTION")
    extra = d.phase == "arrow"
    _take(d, p, cid)
    d.dock.remove(dock_card)
    d.swapped.discard(dock_card)
    d.dock.append(cid)
    d.swapped.add(cid)
    _put(d, p, dock_card, cage)
    _after_load(d, p, dock_card, extra, swapped=True)


def _put(d, p: int, cid: str, cage: Cage) -> None:
    """Load the card (the loading rules refuse, never fire: ``cage_refusal``)."""
    row, vid = d.row, cage.vehicle
    i = 0
    while row[i].vehicle != vid:
        i += 1
    row[i] = berth = row[i].with_card(cage.number - 1, cid)
    if is_full(d.cards.cages_of[vid], berth.cages):  # the cards count as the peoples do
        fired("TL-DEPART-FULL")
        _depart(d, berth, p)


def _after_load(d, p: int, loaded: str, extra: bool, swapped: bool) -> None:
    """TL-SYMBOL-ARROW: a loaded arrow card makes its player load an extra pest card from hand
    (not when the hand holds only Trolls: the hand is shown and nothing happens)."""
    if loaded not in d.cards.arrows:
        return
    if swapped and ruling(d, "TLR-SWAP-SYMBOL") == "ignored":
        return
    if extra and ruling(d, "TLR-ARROW-CHAIN") != "chain":
        return
    if any(not d.cards.people[c].is_troll for c in d.hands[p]):
        d.phase, d.to_move = "arrow", p


EFFECTS = {
    "choose": _choose,
    "return": _return,
    "king": _king,
    "expel": _expel,
    "camp": _camp,
    "steal-top": _steal,
    "steal-rest": _steal,
    "send": _send,
    "place": _place,
    "swap": _swap,
    "gat": _gat,
}


# -- automatic steps -------------------------------------------------------------------------------
def settle(s):
    """``s`` with the steps that need no decision done (e.g. a reveal set up by a solver)."""
    d = s.thaw()
    _advance(d)
    return d.freeze()


def _advance(d) -> None:
    """Run the steps that need no decision, up to the next decision; note who makes it
    (``to_move``, as ``acting_player`` reads it)."""
    while True:
        phase = d.phase
        if phase == "load":
            found = d.next_to_load()
            if found[0] is not None:
                d.to_move = found[1]
                return
            _end_of_turn(d)
        elif phase == "choose":
            if not all(d.chosen):  # someone has not chosen yet
                d.to_move = d.acting_player()
                return
            d.phase = "troll"  # everyone has chosen: reveal
        elif phase == "troll":
            if _troll_waits(d):
                return
        else:  # king-return and arrow (their player set by the effect), over
            d.to_move = d.acting_player()
            return


def _troll_waits(d) -> bool:
    """One automatic step of the Troll Tales; True when the Troll resolving now waits for its
    owner's decision (``to_move``)."""
    tid = d.current_troll()
    if tid is None:
        d.phase = "load"
        return False
    number = d.cards.troll_number
    n = number[tid]
    same = [c for cards in d.chosen for c in cards if c in number and number[c] == n]
    if len(same) > 1:
        fired("TL-TROLL-CANCEL")
        for c in same:
            d.chosen[d.owner(c)].remove(c)
            d.discard.append(c)
        return False
    d.to_move = d.owner(tid)
    if has_legal_action(d):  # a power with a target waits for its owner's choice
        return True
    _resolve(d, d.owner(tid))  # a power with no possible target does nothing
    return False


def _end_of_turn(d) -> None:
    """TL-END-DRAW, TL-END-REFILL, TL-GAME-END-CARDS, TL-GAME-END-VEHICLES."""
    d.swapped.clear()
    if len(d.draw) < 2 * d.players:
        fired("TL-GAME-END-CARDS")
        d.phase = "over"
        return
    fired("TL-END-DRAW")
    for p in range(d.players):
        d.hands[p] += d.draw[:2]
        del d.draw[:2]
    short = len(d.row) <= 2 or (ruling(d, "TLR-END-VEHICLES") == "any-short" and len(d.row) < 5)
    if short and len(d.row) + len(d.vehicle_pile) < 5:
        fired("TL-GAME-END-VEHICLES")
        d.phase = "over"
        return
    if len(d.row) <= 2:
        fired("TL-END-REFILL")
        while len(d.row) < 5:
            d.add_berth(d.vehicle_pile.pop(0))
    d.turn += 1
    d.phase = "choose"

"""Trollland turn engine: setup, legal actions and applying an action.

``apply_action(state, "place Zo3 V07.2")`` works on a copy: an illegal action raises
``RuleError(rule_id, reason)`` and the caller's state is untouched. Steps that need no decision
(cancelled Trolls, powers without a target, end of turn) run automatically, so after every action
the state waits for ``state.to_act`` (or is over).

Actions (canonical strings, see ``legal_actions``)::

    choose A B              secret choice of two cards (TL-CHOOSE-TWO, TL-CHOOSE-KING)
    king imprison|draw      King of the Trolls (TL-TROLL-KING); after draw: return A B
    expel X | camp P2       Express Troll (TL-TROLL-EXPRESS)
    steal-top P2 Zo         Troll 3 (TL-TROLL-3)      steal-rest P2 Zo   Troll 4 (TL-TROLL-4)
    send V07                Troll 5 (TL-TROLL-5)
    place X V07.2 | gat X   load a card into a cage, or into the Trollgat (TL-LOAD-*)
    swap X D V07.2          question mark: X to the dock, dock card D loaded (TL-SYMBOL-QUESTION)
"""

from __future__ import annotations

from itertools import combinations

from rulebook.common.errors import NotationError, RuleError
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet

from . import loading
from .cards import PEOPLES, CardSet, default_cards
from .rules import default_rulings, refuse
from .state import Berth, State

VERBS = {
    "choose": 2, "king": 1, "return": 2, "expel": 1, "camp": 1, "steal-top": 2,
    "steal-rest": 2, "send": 1, "place": 2, "gat": 1, "swap": 3,
}  # fmt: skip
PHASE_VERBS = {
    "choose": {"choose"},
    "troll": {"king", "expel", "camp", "steal-top", "steal-rest", "send"},
    "king-return": {"return"},
    "load": {"place", "gat", "swap"},
    "arrow": {"place", "gat", "swap"},
    "over": set(),
}


# -- setup ---------------------------------------------------------------------------------------
def new_game(
    players: int = 3, seed: int = 0, rulings: RulingSet | None = None, cards: CardSet | None = None
) -> State:
    """Set up a game (TL-SETUP-*): 5 vehicles face up, 2 bonus cards, 5 cards each, and the dock
    filled until 5 pest cards show (Trolls revealed meanwhile are shuffled back)."""
    if not isinstance(players, int) or not 2 <= players <= 5:
        raise refuse("TL-SETUP-PLAYERS", f"Trollland is for 2 to 5 players, not {players!r}")
    cards = cards or default_cards()
    rng = Rng(seed)
    vehicles = rng.shuffle(sorted(cards.vehicles))
    bonus = rng.shuffle(sorted(cards.bonus))[:2]
    draw = rng.shuffle(sorted(cards.people))
    hands = [[] for _ in range(players)]
    for _ in range(5):
        for p in range(players):
            hands[p].append(draw.pop(0))
    dock: list[str] = []
    trolls: list[str] = []
    while len(dock) < 5:
        cid = draw.pop(0)
        (trolls if cards.people[cid].is_troll else dock).append(cid)
    if trolls:
        draw = rng.shuffle(draw + trolls)
    row = [Berth(v, [[] for _ in cards.vehicles[v].cages]) for v in vehicles[:5]]
    return State(
        players=players,
        hands=hands,
        draw=draw,
        dock=dock,
        row=row,
        vpile=vehicles[5:],
        bonus=bonus,
        rng=rng,
        rulings=rulings or default_rulings(),
        cards=cards,
    )


# -- actions -------------------------------------------------------------------------------------
def parse_action(text: str) -> list[str]:
    """Split an action string into tokens, checking the verb and the number of arguments."""
    if not isinstance(text, str) or not text.split():
        raise NotationError("empty action")
    tokens = text.split()
    verb = tokens[0]
    if verb not in VERBS:
        raise NotationError(f"unknown action {verb!r}; actions: {' '.join(VERBS)}", text=text)
    if len(tokens) - 1 != VERBS[verb]:
        raise NotationError(f"{verb} takes {VERBS[verb]} argument(s)", text=text)
    return tokens


def _player_arg(s: State, tok: str) -> int:
    if not (tok.startswith("P") and tok[1:].isdigit() and 1 <= int(tok[1:]) <= s.players):
        raise NotationError(f"a player is P1..P{s.players}", text=tok)
    return int(tok[1:]) - 1


def _cage_arg(s: State, tok: str) -> tuple[Berth, int]:
    vid, _, cage = tok.partition(".")
    if not cage.isdigit():
        raise NotationError("a cage is VEHICLE.N, e.g. V07.2", text=tok)
    if vid not in s.cards.vehicles:
        raise NotationError(f"unknown vehicle {vid!r}", text=tok)
    berth = s.berth(vid)
    if berth is None:
        raise refuse("TL-DEPART-FULL", f"vehicle {vid} is not at the departure dock")
    if not 1 <= int(cage) <= len(berth.cages):
        raise NotationError(f"{vid} has cages 1..{len(berth.cages)}", text=tok)
    return berth, int(cage) - 1


def _key(s: State, cid: str):
    return (s.cards.people[cid].order, cid)


def legal_actions(s: State) -> list[str]:
    """Every legal action for ``s.to_act``, in a fixed order."""
    p = s.to_act
    if p is None:
        return []
    if s.phase == "choose":
        hand = sorted(s.hands[p], key=lambda c: _key(s, c))
        return [f"choose {a} {b}" for a, b in combinations(hand, 2) if _king_ok(s, a, b)]
    if s.phase == "king-return":
        hand = sorted(s.hands[p], key=lambda c: _key(s, c))
        return [f"return {a} {b}" for a, b in combinations(hand, 2)]
    if s.phase == "troll":
        return _troll_options(s, s.current_troll())
    if s.phase == "load":
        return _load_options(s, s.current_card(), p, extra=False)
    if s.phase == "arrow":
        out = []
        for cid in sorted(s.hands[p], key=lambda c: _key(s, c)):
            if not s.cards.people[cid].is_troll:
                out += _load_options(s, cid, p, extra=True)
        return out
    return []


def _king_ok(s: State, a: str, b: str) -> bool:
    ca, cb = s.cards.people[a], s.cards.people[b]
    if ca.is_troll and cb.is_troll and 1 in (ca.number, cb.number):
        return False
    return True


def _places(s: State, cid: str) -> list[str]:
    people = s.cards.people[cid].people
    return [
        f"{b.vehicle}.{c + 1}"
        for b in s.row
        for c in loading.legal_cages(people, s.caps(b), s.peoples(b))
    ]


def _question_active(s: State, cid: str, extra: bool) -> bool:
    if s.cards.people[cid].symbol != "question":
        return False
    return not extra or s.rulings["TLR-ARROW-CHAIN"] == "chain"


def _swaps(s: State, cid: str) -> list[str]:
    out = []
    for d in sorted(s.dock, key=lambda c: _key(s, c)):
        out += [f"swap {cid} {d} {cage}" for cage in _places(s, d)]
    return out


def _load_options(s: State, cid: str, p: int, extra: bool) -> list[str]:
    out = [f"place {cid} {cage}" for cage in _places(s, cid)]
    if _question_active(s, cid, extra):
        out += _swaps(s, cid)
    if not out or s.rulings["TLR-GAT-CHOICE"] == "voluntary":
        out.append(f"gat {cid}")
    return out


def _troll_options(s: State, tid: str) -> list[str]:
    p = s.owner(tid)
    n = s.cards.people[tid].number
    if n == 1:
        return ["king imprison", "king draw"]
    if n == 2:
        out = [f"expel {d}" for d in sorted(s.dock, key=lambda c: _key(s, c))]
        if s.gat[p]:
            out += [f"camp P{q + 1}" for q in range(s.players) if q != p]
        return out
    if n in (3, 4):
        verb = "steal-top" if n == 3 else "steal-rest"
        return [
            f"{verb} P{q + 1} {people}"
            for q in range(s.players)
            if q != p
            for people, pile in s.piles(q).items()
            if len(pile) >= 2
        ]
    return [f"send {b.vehicle}" for b in s.row]


def apply_action(state: State, action: str) -> State:
    """The state after ``action`` by ``state.to_act``; raises RuleError (state untouched) if the
    rules refuse it, NotationError if it is not an action at all."""
    tokens = parse_action(action)
    verb = tokens[0]
    if verb not in PHASE_VERBS[state.phase]:
        if state.phase == "over":
            raise refuse("TL-TURN-ORDER", "the game is over")
        raise refuse("TL-TURN-ORDER", f"'{verb}' is not an action of the {state.phase} step")
    s = state.copy()
    p = s.to_act
    if verb == "choose":
        _choose(s, p, tokens[1], tokens[2])
    elif verb == "return":
        _return(s, p, tokens[1], tokens[2])
    elif s.phase == "troll":
        _troll(s, p, tokens)
    else:
        _load(s, p, tokens)
    _advance(s)
    return s


def _choose(s: State, p: int, a: str, b: str) -> None:
    for cid in (a, b):
        if cid not in s.hands[p]:
            raise refuse("TL-CHOOSE-TWO", f"{cid} is not in player {p + 1}'s hand")
    if a == b:
        raise refuse("TL-CHOOSE-TWO", "choose two different cards")
    if not _king_ok(s, a, b):
        raise refuse("TL-CHOOSE-KING", "the King of the Trolls cannot be chosen with another Troll")
    for cid in (a, b):
        s.hands[p].remove(cid)
    s.chosen[p] = sorted([a, b], key=lambda c: _key(s, c))


def _return(s: State, p: int, a: str, b: str) -> None:
    if a == b or a not in s.hands[p] or b not in s.hands[p]:
        raise refuse("TL-TROLL-KING", "return two different cards from your own hand")
    for cid in (a, b):
        s.hands[p].remove(cid)
    s.draw = s.rng.shuffle(s.draw + [a, b])
    s.phase, s.pending = "troll", None


def _troll(s: State, p: int, tokens: list[str]) -> None:
    tid = s.current_troll()
    n = s.cards.people[tid].number
    verb = tokens[0]
    want = {1: {"king"}, 2: {"expel", "camp"}, 3: {"steal-top"}, 4: {"steal-rest"}, 5: {"send"}}
    rule = {1: "TL-TROLL-KING", 2: "TL-TROLL-EXPRESS", 3: "TL-TROLL-3", 4: "TL-TROLL-4"}
    rule_id = rule.get(n, "TL-TROLL-5")
    if verb not in want[n]:
        raise refuse("TL-TROLL-ORDER", f"Troll {n} ({tid}) resolves now; '{verb}' is not its power")
    s.chosen[p].remove(tid)
    if verb == "king":
        if tokens[1] not in ("imprison", "draw"):
            raise NotationError("king takes 'imprison' or 'draw'", text=tokens[1])
        s.discard.append(tid)
        if tokens[1] == "imprison":
            _imprison(s, p)
        else:
            for _ in range(min(3, len(s.draw))):
                s.hands[p].append(s.draw.pop(0))
            s.phase, s.pending = "king-return", p
        return
    if verb == "expel":
        d = tokens[1]
        if d not in s.dock:
            raise refuse(rule_id, f"{d} is not on the departure dock")
        s.dock.remove(d)
        s.won[p].append(d)
    elif verb == "camp":
        q = _player_arg(s, tokens[1])
        if q == p:
            raise refuse(rule_id, "hand your refugee camp to an opponent, not to yourself")
        if not s.gat[p]:
            raise refuse(rule_id, "your refugee camp is empty")
        s.gat[q] += s.gat[p]
        s.gat[p] = []
    elif verb in ("steal-top", "steal-rest"):
        q = _player_arg(s, tokens[1])
        people = tokens[2]
        if q == p:
            raise refuse(rule_id, "steal from an opponent")
        pile = s.piles(q).get(people, [])
        if len(pile) < 2:
            raise refuse(rule_id, f"player {q + 1} has no {people} pile of at least 2 cards")
        taken = pile[-1:] if verb == "steal-top" else pile[:-1]
        for cid in taken:
            s.won[q].remove(cid)
            s.won[p].append(cid)
    else:  # send
        berth = s.berth(tokens[1])
        if tokens[1] not in s.cards.vehicles:
            raise NotationError(f"unknown vehicle {tokens[1]!r}")
        if berth is None:
            raise refuse(rule_id, f"vehicle {tokens[1]} is not at the departure dock")
        _depart(s, berth, p)
    s.discard.append(tid)


def _imprison(s: State, p: int) -> None:
    """TL-TROLL-KING: the other Trolls played this turn go to the King's player's prison."""
    others = [c for hand in s.chosen for c in hand if s.cards.people[c].is_troll]
    if s.rulings["TLR-KING-CANCELLED"] == "uncancelled":
        nums = [s.cards.people[c].number for c in others]
        others = [c for c in others if nums.count(s.cards.people[c].number) == 1]
    for cid in others:
        s.chosen[s.owner(cid)].remove(cid)
        s.prison[p].append(cid)


def _depart(s: State, berth: Berth, p: int) -> None:
    """TL-DEPART-FULL: the vehicle leaves; player ``p`` takes it and its cards."""
    s.row.remove(berth)
    s.veh[p].append(berth.vehicle)
    for cage in berth.cages:
        s.won[p].extend(cage)


def _load(s: State, p: int, tokens: list[str]) -> None:
    verb, cid = tokens[0], tokens[1]
    extra = s.phase == "arrow"
    if extra:
        if cid not in s.hands[p] or s.cards.people.get(cid) is None:
            raise refuse("TL-SYMBOL-ARROW", f"{cid} is not in player {p + 1}'s hand")
        if s.cards.people[cid].is_troll:
            raise refuse("TL-SYMBOL-ARROW", "the extra card must be a pest card, not a Troll")
    elif cid != s.current_card():
        raise refuse(
            "TL-BANISH-ORDER",
            f"{s.current_card()} is loaded now (Bimbo > Zom > Zelf > Nin > Gob, smallest first)",
        )
    options = _load_options(s, cid, p, extra)
    loaded = cid
    if verb == "gat":
        if f"gat {cid}" not in options:
            raise refuse(
                "TL-LOAD-TROLLGAT", f"{cid} can be loaded, so it may not go to the Trollgat"
            )
        _take(s, p, cid, extra)
        s.gat[p].append(cid)
    elif verb == "place":
        berth, cage = _cage_arg(s, tokens[2])
        _check_place(s, cid, berth, cage)
        _take(s, p, cid, extra)
        _put(s, p, cid, berth, cage)
    else:  # swap
        d = tokens[2]
        if not _question_active(s, cid, extra):
            raise refuse("TL-SYMBOL-QUESTION", f"{cid} has no active question-mark symbol")
        if d not in s.dock:
            raise refuse("TL-SYMBOL-QUESTION", f"{d} is not on the departure dock")
        berth, cage = _cage_arg(s, tokens[3])
        _check_place(s, d, berth, cage)
        _take(s, p, cid, extra)
        s.dock.remove(d)
        s.dock.append(cid)
        _put(s, p, d, berth, cage)
        loaded = d
    if extra:
        if s.draw:
            s.hands[p].append(s.draw.pop(0))
        s.phase, s.pending = "load", None
    if verb != "gat" and _arrow_triggers(s, loaded, extra, swapped=loaded != cid):
        if any(not s.cards.people[c].is_troll for c in s.hands[p]):
            s.phase, s.pending = "arrow", p
        # with only Trolls in hand the hand is shown and the effect is not applied


def _arrow_triggers(s: State, cid: str, extra: bool, swapped: bool) -> bool:
    if s.cards.people[cid].symbol != "arrow":
        return False
    if swapped and s.rulings["TLR-SWAP-SYMBOL"] == "ignored":
        return False
    return not extra or s.rulings["TLR-ARROW-CHAIN"] == "chain"


def _take(s: State, p: int, cid: str, extra: bool) -> None:
    (s.hands if extra else s.chosen)[p].remove(cid)


def _check_place(s: State, cid: str, berth: Berth, cage: int) -> None:
    why = loading.refusal(s.cards.people[cid].people, s.caps(berth), s.peoples(berth), cage)
    if why:
        raise refuse(why[0], f"{cid} into {berth.vehicle}.{cage + 1}: {why[1]}")


def _put(s: State, p: int, cid: str, berth: Berth, cage: int) -> None:
    berth.cages[cage].append(cid)
    if loading.is_full(s.caps(berth), s.peoples(berth)):
        _depart(s, berth, p)


# -- automatic steps -----------------------------------------------------------------------------
def _advance(s: State) -> None:
    while True:
        if s.phase == "choose":
            if any(not c for c in s.chosen):
                return
            s.phase = "troll"  # everyone has chosen: reveal
        elif s.phase == "troll":
            tid = s.current_troll()
            if tid is None:
                s.phase = "load"
                continue
            n = s.cards.people[tid].number
            same = [c for h in s.chosen for c in h if s.cards.people[c].number == n]
            same = [c for c in same if s.cards.people[c].is_troll]
            if len(same) > 1:  # TL-TROLL-CANCEL
                for c in same:
                    s.chosen[s.owner(c)].remove(c)
                    s.discard.append(c)
                continue
            if _troll_options(s, tid):
                return
            s.chosen[s.owner(tid)].remove(tid)  # a power with no possible target does nothing
            s.discard.append(tid)
        elif s.phase == "load":
            if s.current_card() is not None:
                return
            _end_of_turn(s)
        else:
            return


def _end_of_turn(s: State) -> None:
    """TL-END-DRAW, TL-END-REFILL, TL-GAME-END-CARDS, TL-GAME-END-VEHICLES."""
    if len(s.draw) < 2 * s.players:
        s.phase = "over"
        return
    for p in range(s.players):
        s.hands[p] += s.draw[:2]
        del s.draw[:2]
    short = len(s.row) <= 2 or (s.rulings["TLR-END-VEHICLES"] == "any-short" and len(s.row) < 5)
    if short and len(s.row) + len(s.vpile) < 5:
        s.phase = "over"
        return
    if len(s.row) <= 2:
        while len(s.row) < 5:
            vid = s.vpile.pop(0)
            s.row.append(Berth(vid, [[] for _ in s.cards.vehicles[vid].cages]))
    s.turn += 1
    s.phase = "choose"


def is_over(s: State) -> bool:
    return s.phase == "over"


def verdict(s: State, action: str) -> str:
    """'legal', or 'refused by RULE-ID: reason' -- for teaching cells (the state is untouched)."""
    try:
        apply_action(s, action)
    except RuleError as e:
        return f"refused by {e.rule_id}: {e.reason}"
    return "legal"


def random_playout(s: State, seed: int, max_actions: int = 5000) -> tuple[State, list[str]]:
    """Play uniformly random legal actions (seeded) until the game ends; the state and the
    actions played. The same seed gives the same game."""
    rng = Rng(seed)
    played: list[str] = []
    while not is_over(s) and len(played) < max_actions:
        action = rng.choice(legal_actions(s))
        s = apply_action(s, action)
        played.append(action)
    return s, played


__all__ = [
    "PEOPLES",
    "apply_action",
    "is_over",
    "legal_actions",
    "new_game",
    "parse_action",
    "random_playout",
    "verdict",
]

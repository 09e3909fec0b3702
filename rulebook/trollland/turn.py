"""Turn Structure (seed 002): Secret Choice, Troll Tales, Banishment, End of Turn -- the steps in
order, which actions each allows, and the steps that need no decision.

- **Legality**: ``refusal(s, action)`` asks the one check of the action's kind (``CHECKS``, each
  in the module of its section of the text) and returns the ``RuleError`` that ``apply`` raises,
  or None. ``legal_actions`` lists what the same rules allow, step by step; ``candidates`` is
  what the checks weigh (legal or not), and the tests hold the two to each other.
- **Effects**: ``perform(s, action)`` changes a working copy of the position and freezes it; the
  steps that need no decision run on, so the result waits for ``to_move`` (or the game is over).
  Rule code calls ``fired(ID)`` where a rule takes effect.
"""

from __future__ import annotations

from itertools import combinations

from rulebook.common.actions import BY_TEXT, Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling

from . import question_mark, secret_choice, troll_tales, trollgat
from .actions import GRAMMAR, Cage, make
from .banishment import check_place, loadable_cards, place
from .catalog import refuse
from .state import WorkingCopy

# the actions of each step (``phase``)
STEPS = {
    "choose": ("choose",),
    "troll": ("king", "expel", "camp", "steal-top", "steal-rest", "send"),
    "king-return": ("return",),
    "load": ("place", "gat", "swap"),
    "arrow": ("place", "gat", "swap"),
    "over": (),
}
CHECKS = {
    "choose": secret_choice.check_choose,
    "return": troll_tales.check_return,
    **dict.fromkeys(troll_tales.TARGETS, troll_tales.check_power),
    "place": check_place,
    "swap": question_mark.check_swap,
    "gat": trollgat.check_gat,
}
EFFECTS = {
    "choose": secret_choice.choose,
    "return": troll_tales.return_cards,
    "king": troll_tales.king,
    "expel": troll_tales.expel,
    "camp": troll_tales.camp,
    "steal-top": troll_tales.steal,
    "steal-rest": troll_tales.steal,
    "send": troll_tales.send,
    "place": place,
    "swap": question_mark.swap,
    "gat": trollgat.gat,
}


def refusal(s, a: Action) -> RuleError | None:
    """None when ``a`` is legal in ``s``, else the RuleError that ``apply`` raises."""
    if a.verb not in CHECKS:
        raise GRAMMAR.unknown_verb(a.verb)
    if s.phase == "over":
        return refuse("TL-TURN-ORDER", "the game is over")
    if a.verb not in STEPS[s.phase]:
        return refuse("TL-TURN-ORDER", f"'{a.verb}' is not an action of the {s.phase} step")
    return CHECKS[a.verb](s, a)


def legal_actions(s) -> list[Action]:
    """Every legal action for ``s.to_move``, sorted by canonical text."""
    if s.to_move is None:
        return []
    if s.phase == "choose":
        out = secret_choice.choices(s)
    elif s.phase == "king-return":
        out = troll_tales.returns(s)
    elif s.phase == "troll":
        out = troll_tales.powers(s)
    else:
        out = [a for cid in loadable_cards(s) for a in trollgat.loads(s, cid)]
    out.sort(key=BY_TEXT)
    return out


def candidates(s) -> list[Action]:
    """Every action the checks weigh now, legal or refused (a drill finds its refusals here):
    each pair of the hand; each target of the Troll's power; each card to load into each cage
    of the row, or (question mark) each dock card into each cage, or to the Trollgat."""
    p = s.to_move
    if p is None:
        return []
    if s.phase in ("choose", "king-return"):
        verb = "choose" if s.phase == "choose" else "return"
        return [make(verb, *pair) for pair in combinations(s.hands[p], 2)]
    if s.phase == "troll":
        return troll_tales.power_candidates(s)
    cages = [Cage(b.vehicle, i + 1) for b in s.row for i in range(len(b.cages))]
    cards = [s.current_card()] if s.phase == "load" else s.hands[p]
    out = []
    for cid in cards:
        if not s.cards.people[cid].is_troll:
            out += [make("place", cid, c) for c in cages]
            if s.cards.people[cid].symbol == "question":
                out += [make("swap", cid, d, c) for d in s.dock for c in cages]
            out.append(make("gat", cid))
    return out


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
    advance(d)
    return d


def settle(s):
    """``s`` with the steps that need no decision done (e.g. a reveal set up by a solver)."""
    d = s.thaw()
    advance(d)
    return d.freeze()


def advance(d) -> None:
    """Run the steps that need no decision, up to the next decision; note who makes it
    (``to_move``, as ``acting_player`` reads it)."""
    while True:
        if d.phase == "choose":
            if not all(d.chosen):  # someone has not chosen yet
                d.to_move = d.acting_player()
                return
            d.phase = "troll"  # everyone has chosen: reveal
        elif d.phase == "troll":
            if troll_tales.troll_waits(d):
                return
        elif d.phase == "load":
            cid = d.current_card()
            if cid is not None:
                d.to_move = d.owner(cid)
                return
            end_of_turn(d)
        else:  # king-return and arrow (their player set by the effect), over
            d.to_move = d.acting_player()
            return


def end_of_turn(d) -> None:
    """End of Turn: "Each player draws two new cards" (TL-END-DRAW). "If 2 or fewer vehicles
    remain face up, the first cards of the 'vehicles' draw pile are revealed until there are
    again 5" (TL-END-REFILL). The game ends when the cards cannot be dealt
    (TL-GAME-END-CARDS) or the row cannot be rebuilt (TL-GAME-END-VEHICLES, TLR-END-VEHICLES)."""
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

"""Troll Tales ("Histoires Trolles", seed 002) and the Player Aid's Troll powers.

"The players reveal the Trolls they may have selected this turn. The special powers [...] are
applied immediately, in increasing order of number, then the cards are discarded." (TL-TROLL-ORDER)
"If several Trolls of the same number have been played, they are simply discarded without their
effect being applied." (TL-TROLL-CANCEL)
"""

from __future__ import annotations

from itertools import combinations

from rulebook.common.actions import Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling

from .actions import PLAYERS, Player, make
from .catalog import refuse
from .departure import depart

# each Troll number's verbs and the rule that states its power
POWERS = {1: ("king",), 2: ("expel", "camp"), 3: ("steal-top",), 4: ("steal-rest",), 5: ("send",)}
POWER_RULE = {1: "TL-TROLL-KING", 2: "TL-TROLL-EXPRESS", 3: "TL-TROLL-3", 4: "TL-TROLL-4"}


def resolving_number(s) -> int:
    """The number of the Troll resolving now (TL-TROLL-ORDER)."""
    return s.cards.people[s.current_troll()].number


def check_power(s, a: Action) -> RuleError | None:
    """TL-TROLL-ORDER: only the power of the Troll resolving now may be used; then on a target
    its rule allows (``TARGETS``)."""
    n = resolving_number(s)
    if a.verb not in POWERS[n]:
        tid = s.current_troll()
        return refuse(
            "TL-TROLL-ORDER", f"Troll {n} ({tid}) resolves now; '{a.verb}' is not its power"
        )
    return TARGETS[a.verb](s, a)


def opponent_refusal(s, q: Player, rule_id: str) -> RuleError | None:
    if q.index >= s.players:
        return refuse(rule_id, f"there is no player {q.name} in a {s.players}-player game")
    if q.index == s.to_move:
        return refuse(rule_id, "choose an opponent, not yourself")
    return None


def resolve(d, p: int) -> str:
    """The Troll resolving now leaves the table for the discard pile (TL-TROLL-ORDER)."""
    tid = d.current_troll()
    fired("TL-TROLL-ORDER")
    d.chosen[p].remove(tid)
    d.discard.append(tid)
    return tid


def troll_waits(d) -> bool:
    """One step of the Troll Tales that needs no decision; True when the Troll resolving now
    waits for its owner (``to_move``) to choose a target."""
    tid = d.current_troll()
    if tid is None:
        d.phase = "load"
        return False
    people = d.cards.people
    n = people[tid].number
    same = [c for cards in d.chosen for c in cards if people[c].is_troll and people[c].number == n]
    if len(same) > 1:  # TL-TROLL-CANCEL
        fired("TL-TROLL-CANCEL")
        for c in same:
            d.chosen[d.owner(c)].remove(c)
            d.discard.append(c)
        return False
    d.to_move = d.owner(tid)
    if any(check_power(d, a) is None for a in power_candidates(d)):  # a target
        return True
    resolve(d, d.to_move)  # a power with no possible target does nothing
    return False


def powers(s) -> list[Action]:
    """The legal uses of the power of the Troll resolving now: the targets its check allows."""
    return [a for a in power_candidates(s) if check_power(s, a) is None]


def power_candidates(s) -> list[Action]:
    """Every target the power of the Troll resolving now is weighed on: both choices of the
    King, each dock card or player (Express), each player's piles (3, 4), each vehicle (5)."""
    n = resolving_number(s)
    players = PLAYERS[: s.players]
    if n == 1:
        return [make("king", "imprison"), make("king", "draw")]
    if n == 2:
        return [make("expel", d) for d in s.dock] + [make("camp", q) for q in players]
    if n in (3, 4):
        return [make(POWERS[n][0], q, people) for q in players for people in s.piles(q.index)]
    return [make("send", b.vehicle) for b in s.row]


# -- King of the Trolls (1) ------------------------------------------------------------------------
def king(d, p: int, a: Action) -> None:
    """TL-TROLL-KING: "cancels and imprisons all the Trolls played this turn [...] OR draws 3
    cards, adds them to hand, then discards 2 cards from hand, which they shuffle into the draw
    pile" (``return``)."""
    resolve(d, p)
    if a.arg == "imprison":
        people = d.cards.people
        others = [c for hand in d.chosen for c in hand if people[c].is_troll]
        if ruling(d, "TLR-KING-CANCELLED") == "uncancelled":
            numbers = [people[c].number for c in others]
            others = [c for c in others if numbers.count(people[c].number) == 1]
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


def check_return(s, a: Action) -> RuleError | None:
    x, y = a.args
    hand = s.hands[s.to_move]
    if x == y or x not in hand or y not in hand:
        return refuse("TL-TROLL-KING", "return two different cards from your own hand")
    return None


def returns(s) -> list[Action]:
    """The legal ``return`` actions: every pair of the hand."""
    return [Action("return", pair) for pair in combinations(sorted(s.hands[s.to_move]), 2)]


def return_cards(d, p: int, a: Action) -> None:
    fired("TL-TROLL-KING")
    for cid in a.args:
        d.hands[p].remove(cid)
    d.draw = d.shuffled(d.draw + list(a.args))
    d.phase = "troll"


# -- Express Troll (2) -----------------------------------------------------------------------------
def check_expel(s, a: Action) -> RuleError | None:
    if a.arg not in s.dock:
        return refuse("TL-TROLL-EXPRESS", f"{a.arg} is not on the departure dock")
    return None


def expel(d, p: int, a: Action) -> None:
    """TL-TROLL-EXPRESS: "expels one pest card present on the dock (this card joins the pile of
    the corresponding colour in front of the player)"."""
    resolve(d, p)
    fired("TL-TROLL-EXPRESS")
    d.dock.remove(a.arg)
    d.swapped.discard(a.arg)
    d.won[p].append(a.arg)


def check_camp(s, a: Action) -> RuleError | None:
    if not s.trollgat[s.to_move]:
        return refuse("TL-TROLL-EXPRESS", "your refugee camp is empty")
    return opponent_refusal(s, a.arg, "TL-TROLL-EXPRESS")


def camp(d, p: int, a: Action) -> None:
    """TL-TROLL-EXPRESS: "OR transfers the entirety of their refugee camp to an opponent"."""
    resolve(d, p)
    fired("TL-TROLL-EXPRESS")
    d.trollgat[a.arg.index] += d.trollgat[p]
    d.trollgat[p] = []


# -- Troll 3 and Troll 4 ---------------------------------------------------------------------------
def check_steal(s, a: Action) -> RuleError | None:
    """Both steals: ``steal-top`` (Troll 3) and ``steal-rest`` (Troll 4), from an opponent's
    pile of at least 2 cards."""
    q, people = a.args
    rule_id = POWER_RULE[resolving_number(s)]
    err = opponent_refusal(s, q, rule_id)
    if err:
        return err
    if len(s.piles(q.index).get(people, ())) < 2:
        return refuse(rule_id, f"player {q.index + 1} has no {people} pile of at least 2 cards")
    return None


def steal(d, p: int, a: Action) -> None:
    """TL-TROLL-3 "steals from an opponent the first card of a pile"; TL-TROLL-4 "all the cards
    of a pile [...] except the first"."""
    tid = resolve(d, p)
    fired(POWER_RULE[d.cards.people[tid].number])
    q, people = a.args
    pile = d.piles(q.index)[people]
    for cid in pile[-1:] if a.verb == "steal-top" else pile[:-1]:
        d.won[q.index].remove(cid)
        d.won[p].append(cid)


# -- Troll 5 ---------------------------------------------------------------------------------------
def check_send(s, a: Action) -> RuleError | None:
    if s.berth(a.arg) is None:
        return refuse("TL-TROLL-5", f"vehicle {a.arg} is not at the departure dock")
    return None


def send(d, p: int, a: Action) -> None:
    """TL-TROLL-5: "immediately makes depart the vehicle of their choice, even if it is
    incomplete"."""
    resolve(d, p)
    fired("TL-TROLL-5")
    depart(d, d.berth(a.arg), p)


# the rule each power's target must keep (the King's two choices need none)
TARGETS = {
    "king": lambda s, a: None,
    "expel": check_expel,
    "camp": check_camp,
    "steal-top": check_steal,
    "steal-rest": check_steal,
    "send": check_send,
}

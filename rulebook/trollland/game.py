"""Trollland as a ``Game`` of the common protocol (rulebook/API.md)."""

from __future__ import annotations

from dataclasses import replace
from operator import attrgetter

from rulebook.common.errors import TrogkitInputError
from rulebook.common.game import Game, check_header, fired, tracing
from rulebook.common.hidden import deal_again, fresh_seed, hide
from rulebook.common.rng import Rng

from . import fast_legal, rules
from .actions import GRAMMAR, PAIR_VERBS, make, parse_action
from .catalog import CATALOG
from .scoring import winners as _winners
from .setup import new_game
from .state import HEADER, PlayoutCopy, State, parse


class Trollland(Game):
    name = HEADER
    grammar = GRAMMAR
    title = "Trollland"
    catalog = CATALOG
    # A turn has at most 7 actions per player (choose; King + 2 returned cards; a Troll power;
    # 2 loads; 2 arrow extras) and every turn takes at least 2 cards per player from a 90-card
    # draw pile (the King's draw returns 2 of 3), so a game lasts at most 7P * (90/2P + 1) + 7P
    # = 315 + 14P < 400 actions; 1,000 leaves room for user card sets and rulings.
    max_length = 1_000
    players_allowed = (2, 3, 4, 5)
    outcomes_doc = "the tuple of winning players (0-based; several on a tie)"

    def new_game(self, seed=0, *, players=None, rulings=None, **options):
        unknown = sorted(set(options) - {"cards"})
        if unknown:
            raise TrogkitInputError(f"unknown Trollland option(s): {', '.join(unknown)}")
        return new_game(3 if players is None else players, seed, rulings, options.get("cards"))

    plain_legal_actions = staticmethod(rules.legal_actions)

    # = rules.legal_actions(state), faster (speed: PERF.md "Trollland: legal actions")
    legal_actions = staticmethod(fast_legal.legal_actions)

    def refusal(self, state, action):
        return rules.refusal(state, self.action(action))

    perform = staticmethod(rules.perform)  # a module function: one call less per action

    # playouts keep one working copy for the whole game (speed: PERF.md "Trollland: playouts")
    def fork(self, state):
        return PlayoutCopy(state if type(state) is State else state.freeze())

    # a State is copied first; whether a Troll's power has a target asked of the faster
    # generator (speed: PERF.md "Trollland: a power's target")
    advance = staticmethod(rules.playing(fast_legal.has_legal_action))

    def freeze(self, state):
        return state if state.__class__ is State else state.freeze()

    # -- hidden information --
    def observation(self, state, player):
        """Face down (seed 002): the People and Vehicle draw piles, the other players' hands,
        and, until the reveal, the two cards each other player chose (TL-CHOOSE-TWO: "places
        them face down"; the kit shows them from the Troll Tales on, see NOTES.md)."""
        others = [q for q in range(state.players) if q != player]
        hands, chosen = list(state.hands), list(state.chosen)
        for q in others:
            hands[q] = hide(hands[q])
            if state.phase == "choose":
                chosen[q] = hide(chosen[q])
        masked = replace(
            state,
            draw=hide(state.draw),
            vehicle_pile=hide(state.vehicle_pile),
            hands=tuple(hands),
            chosen=tuple(chosen),
            rng=Rng(0),
        )
        return str(masked)

    def resample(self, state, player, rng):
        """The draw pile and the other players' hidden cards pooled and dealt back (sizes kept;
        a chosen pair in the People order, as the rules lay it out); the Vehicle pile shuffled;
        the RNG re-seeded."""
        others = [q for q in range(state.players) if q != player]
        secret = state.phase == "choose"
        places = [state.hands[q] for q in others]
        places += [state.chosen[q] for q in others] if secret else []
        dealt = deal_again([*places, state.draw], rng)
        hands, chosen = list(state.hands), list(state.chosen)
        people = state.cards.people
        for i, q in enumerate(others):
            hands[q] = dealt[i]
            if secret:
                pair = dealt[len(others) + i]
                chosen[q] = tuple(sorted(pair, key=lambda c: (people[c].order, c)))
        (vehicle_pile,) = deal_again([state.vehicle_pile], rng)
        return replace(
            state,
            hands=tuple(hands),
            chosen=tuple(chosen),
            draw=dealt[-1],
            vehicle_pile=vehicle_pile,
            rng=Rng(fresh_seed(rng)),
        )

    def is_terminal(self, state):
        return state.phase == "over"

    def outcome(self, state):
        return final_winners(state) if self.is_terminal(state) else None

    def winners(self, state):
        return final_winners(state) if self.is_terminal(state) else ()

    def to_move(self, state):
        return state.to_move

    def num_players(self, state):
        return state.players

    def parse_action(self, text):
        return parse_action(text)

    def action(self, action):
        """An Action in canonical form, from text or an Action (a pair of cards in text order,
        so ``choose B A`` is the listed ``choose A B``)."""
        a = parse_action(action)
        return make(a.verb, *a.args) if a.verb in PAIR_VERBS else a

    def parse(self, text, **options):
        check_header(self, text)
        return parse(text, options.get("cards"))

    def svg(self, state, **overlay):
        from .svg import render

        return render(state)

    def load_cards(self, path):
        """Any of the people, vehicle and bonus sections; the others are the shipped ones."""
        from .cards import load_card_file

        return load_card_file(path)

    def position_problems(self, state: State) -> list[str]:
        return invariants(state)


def final_winners(state) -> tuple[int, ...]:
    """TL-SCORE-WINNER's players, worked out once for a State (a value: its scores never change;
    ``outcome`` and ``winners`` both ask, and scoring is ~50 µs) and each time for a working copy.
    Each ask reports the scoring rules that fired when they were worked out, so a trace reads as
    if they were worked out again (speed: PERF.md "Trollland: the winners kept")."""
    if state.__class__ is not State:
        return tuple(_winners(state))
    kept = state.__dict__.get("_final_winners")
    if kept is None:
        with tracing() as ids:
            found = tuple(_winners(state))
        kept = state.__dict__["_final_winners"] = (found, tuple(ids))
    else:
        fired(*kept[1])
    return kept[0]


VEHICLE = attrgetter("vehicle")
TROLL_PLACES = ("draw", "discard", "hands", "chosen", "prison")  # where a Troll card may be
PER_PLAYER_CARDS = ("hands", "chosen", "won", "prison", "trollgat")


def invariants(s: State) -> list[str]:
    """What is wrong with ``s``: a card or vehicle in two places, a Troll where only pests go, a
    cage that breaks the loading rules, a full vehicle still at the dock, a live step nobody can
    act in. A dealt game (every vehicle present) holds every people card exactly once. Sweeps ask
    it after every action (speed: PERF.md "Trollland: invariants")."""
    pests_only, others, steady, vehicles, berths = _off_pile(s)
    distinct = set(pests_only)
    trolls_ok = s.cards.trolls.isdisjoint(distinct)  # asked before the others join
    distinct.update(others)
    kept = _steady_set(steady)
    if (
        trolls_ok
        and len(distinct) == len(pests_only) + len(others)
        and len(kept) == len(steady)
        and kept.isdisjoint(distinct)
        and vehicles <= len(s.cards.vehicles)
    ):  # every card and vehicle placed once, no more vehicles than the set has
        seen = len(kept) + len(distinct) - vehicles
        out = [] if seen == len(s.cards.people) else _unknown(s) or _missing(s, seen)
    else:
        out = _placement_problems(s)
    if berths:
        out += berths
    if s.swapped and not s.swapped.issubset(s.dock):
        out.append("a swapped card is not on the dock")
    if s.phase != "over" and s.to_move is None:
        out.append(f"nobody can act in step {s.phase}")
    return out


def _off_pile(s: State) -> tuple[list[str], list[str], list[str], int, list[str]]:
    """(the cards where only pests go; the other cards but the draw pile; every vehicle, then the
    draw pile; the number of vehicles; the berths' loading problems), row by row (speed:
    PERF.md "Trollland: invariants", rows joined by ``extend``, what is kept with a berth)."""
    pests_only = [*s.dock]
    join = pests_only.extend
    berths = []
    for b in s.row:
        checked = b.checked or check_berth(s, b)
        join(checked[1])
        if checked[0]:
            berths += checked[0]
    for row in s.won:
        join(row)
    for row in s.trollgat:
        join(row)
    steady = _vehicles(s)
    vehicles = len(steady)
    steady += s.draw
    others = [*s.discard]
    join = others.extend
    for row in s.hands:
        join(row)
    for row in s.chosen:
        join(row)
    for row in s.prison:
        join(row)
    return pests_only, others, steady, vehicles, berths


def _vehicles(s: State) -> list[str]:
    """Every vehicle the position places: the pile, the departure dock, those won."""
    vehicles = [*s.vehicle_pile, *map(VEHICLE, s.row)]
    for won in s.vehicles_won:
        vehicles += won
    return vehicles


def _missing(s: State, seen: int, dealt: set | None = None) -> list[str]:
    """The people cards a dealt game lacks, when ``seen`` distinct ones are placed."""
    people = s.cards.people
    if seen == len(people) or s.cards.vehicles.keys() != (
        set(_vehicles(s)) if dealt is None else dealt
    ):
        return []  # all placed, or not every vehicle dealt: a position set up by hand
    return [f"{len(people) - seen} people card(s) missing from a dealt game"]


def _unknown(s: State, placed: set | None = None, vehicles: list | None = None) -> list[str]:
    """The cards and vehicles placed that are not of the game's card set."""
    cards = sorted((placed or _placed(_places(s))) - s.cards.people.keys())
    vehicles = sorted(set(vehicles or _vehicles(s)) - s.cards.vehicles.keys())
    return [f"not a {kind} of this card set: {', '.join(ids)}"
            for kind, ids in (("card", cards), ("vehicle", vehicles)) if ids]  # fmt: skip


def _placement_problems(s: State) -> list[str]:
    """Each card or vehicle in two places, each Troll where only pests go, the ids not of the
    card set, or else the people cards a dealt game lacks: the places listed by name (asked only
    when something is wrong)."""
    places = _places(s)
    out = _cards_placed(s, places) + _trolls_placed(s, places)
    vehicles = _vehicles(s)
    dealt = set(vehicles)
    if len(dealt) != len(vehicles):
        out.append("a vehicle is in two places")
    placed = _placed(places)
    return out + (_unknown(s, placed, vehicles) or _missing(s, len(placed), dealt))


def _placed(places: dict) -> set[str]:
    """Every card the places hold, once."""
    return {cid for cids in places.values() for cid in cids}


_last_steady: tuple = ([], frozenset())


def _steady_set(steady: list) -> frozenset:
    """``frozenset(steady)`` (every vehicle, then the draw pile: they change only at a
    departure, a turn's refill or a draw), kept for the last list asked and compared by value;
    ``steady`` is the caller's own new list, kept as it is (speed: PERF.md "Trollland:
    invariants")."""
    global _last_steady
    last = _last_steady
    if last[0] != steady:
        last = _last_steady = (steady, frozenset(steady))
    return last[1]


def _places(s: State) -> dict[str, tuple]:
    """Every place a people card can be, by name, with its cards."""
    return {
        "draw": s.draw, "discard": s.discard, "dock": s.dock,
        **{f"{k} P{p + 1}": v for k in PER_PLAYER_CARDS
           for p, v in enumerate(getattr(s, k))},
        **{f"row {b.vehicle}": [c for cage in b.cages for c in cage] for b in s.row},
    }  # fmt: skip


def _trolls_placed(s: State, places: dict) -> list[str]:
    """Each Troll card where only pests go (asked only when one is)."""
    out = []
    for where, cids in places.items():
        if where.split()[0] not in TROLL_PLACES:
            out += [f"Troll {cid} is in {where}" for cid in cids if cid in s.cards.trolls]
    return out


def _cards_placed(s: State, places: dict) -> list[str]:
    """Each card listed in two places (asked only when some card is)."""
    out, seen = [], {}
    for where, cids in places.items():
        for cid in cids:
            if cid in seen:
                out.append(f"{cid} is in {seen[cid]} and in {where}")
            seen[cid] = where
    return out


def check_berth(s: State, b) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(what breaks the loading rules in berth ``b``, the cards of its cages), kept as the berth's
    ``checked`` (speed: PERF.md "Trollland: berths are values")."""
    found = (_berth_problems(s, b), sum(b.cages, ()))
    b.__dict__["checked"] = found  # kept (a frozen dataclass: not by b.checked = ...)
    return found


def _berth_problems(s: State, b) -> tuple[str, ...]:
    caps, people_of = s.cards.vehicles[b.vehicle].cages, s.cards.people_of
    out, held, twice = [], set(), False  # held: the peoples of the cages that hold cards
    i = 0  # plain loops (speed: PERF.md "Trollland: plain loops")
    for cage in b.cages:
        if cage:
            people = people_of[cage[0]]
            mixed = False
            for cid in cage:
                if people_of[cid] != people:
                    mixed = True
            if mixed or len(cage) > caps[i]:
                out.append(f"{b.vehicle} cage {i + 1} breaks the loading rules")
            twice = twice or people in held
            held.add(people)
        i += 1
    if twice:
        out.append(f"{b.vehicle} has two cages of one people")
    if rules.is_full(caps, b.cages):  # a cage's length is what TL-DEPART-FULL reads
        out.append(f"{b.vehicle} is full but has not departed")
    return tuple(out)


GAME = Trollland()

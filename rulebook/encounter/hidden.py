"""Random Encounter's hidden information: ``observation`` and ``resample`` of both games.

What a multiplayer player cannot see (seed 003: "An encounter is a set of facedown cards"; a
battle reveals both encounters and takes them off the table): the deck, the other players' hands
and every card still in their encounters (each encounter's size shows). The Keys quick game's
four cards "removed at random" are face down too (first in the discard); in the Creature Market
every card was picked face up, so only how an opponent split theirs into encounters is hidden.

``resample`` pools the hidden cards (sorted: a deal depends only on *which* cards are hidden,
never on where they lie) and deals them back into the same places, Keys only where one can be,
until the deal keeps every opponent's encounters buildable as the rules guarantee (``needed``):
first up to ``TRIES`` uniform deals (the first legal one is uniform among legal deals; in 4,730
deals from random positions of every variant, 1.2-3.2 tries on average, 44 at most); then
``RESTARTS`` bounded repairs from fresh deals, each a min-conflicts walk of swaps that never
breaks more checks; failing those (only where a hand-made position's own cards break a check),
the repaired deal with the fewest broken checks. Two positions a player cannot tell apart give
the same re-sampled position for the same ``rng``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rulebook.common.hidden import deal_again, fresh_seed, hide
from rulebook.common.rng import Rng

from .building import completion_problem, composition_problem
from .state import MultiState, SoloState

TRIES = 64  # uniform deals tried before the repair
RESTARTS = 4  # repairs, each from a fresh uniform deal
REPAIR_STEPS = 10  # swap proposals per pooled card in one repair
KEYS_REMOVED = 4  # the Keys quick game removes four cards at random (seed 003)


def needed(st, q: int) -> tuple[bool, bool, bool]:
    """The checks a deal of opponent ``q``'s cards must pass, read from what everyone sees: no
    Red with Blue, always; no lone Green, except while ``q`` builds (``done`` refuses it); a
    build that can be completed, in the build phase."""
    build = st.phase == "build"
    return (True, not (build and st.to_move == q), build)


def faults(slots, hand, cards, need: tuple[bool, bool, bool]) -> int:
    """How many of the ``need``ed checks one player's encounters and hand break."""
    broken = {prob.rule_id for s in slots if (prob := composition_problem(s, cards))}
    got = ("RE-COMPOSE-RED-BLUE" not in broken, "RE-COMPOSE-GREEN" not in broken,
           completion_problem(slots, hand, cards) is None)  # fmt: skip
    return sum(n and not g for g, n in zip(got, need, strict=True))


class Deal:
    """The cards ``player`` cannot see in ``st``: one spot per card, its place ('deck', -1, 0),
    ('removed', -1, 0), ('hand', q, 0) or ('slot', q, i); ``pool`` the cards as they lie."""

    def __init__(self, st: MultiState, player: int | None):
        self.st, self.cards = st, st.cards
        self.market = "market" in st.variants
        places = [(("deck", -1, 0), st.deck)]
        if "keys" in st.variants:
            places.append((("removed", -1, 0), st.discard[:KEYS_REMOVED]))
        for q in range(st.players):
            if q != player:
                if not self.market:
                    places.append((("hand", q, 0), st.hands[q]))
                places += [(("slot", q, i), s) for i, s in enumerate(st.encounters[q]) if s]
        self.spots = [place for place, ids in places for _ in ids]
        self.pool = [c for _, ids in places for c in ids]
        self.owner = [q for _, q, _ in self.spots]  # -1: nobody's (the deck, the removed)
        self.need = {q: needed(st, q) for q in sorted({q for (_, q, _), _ in places if q >= 0})}
        self.held: dict[int, dict[tuple[str, int], list[int]]] = {q: {} for q in self.need}
        for k, (kind, q, i) in enumerate(self.spots):
            if q >= 0:
                self.held[q].setdefault((kind, i), []).append(k)

    def key(self, c: str) -> bool:
        return self.cards[c].kind == "key"

    def groups(self) -> list[list[int]]:
        """Spots dealt among themselves: all, or in the Market each opponent's and the deck's."""
        if not self.market:
            return [list(range(len(self.spots)))]
        by_owner: dict[int, list[int]] = {}
        for k, q in enumerate(self.owner):
            by_owner.setdefault(q, []).append(k)
        return [by_owner[q] for q in sorted(by_owner)]

    def deal(self, rng: random.Random) -> list[str]:
        """One uniform deal of every group, Keys only into a hand or an encounter."""
        flat = [""] * len(self.spots)
        for g in self.groups():
            ok = [self.owner[k] >= 0 for k in g]
            dealt = deal_again([[self.pool[k]] for k in g], rng, special=self.key, special_ok=ok)
            for k, (c,) in zip(g, dealt, strict=True):
                flat[k] = c
        return flat

    def rebuild(self, flat: list[str]) -> MultiState:
        """``st`` with the cards ``flat`` in the spots."""
        st, hidden = self.st, set(self.spots)
        deck, removed = [], []
        hands = [[] if ("hand", q, 0) in hidden else list(h) for q, h in enumerate(st.hands)]
        slots = [[[] if ("slot", q, i) in hidden else list(s) for i, s in enumerate(p)]
                 for q, p in enumerate(st.encounters)]  # fmt: skip
        for (kind, q, i), c in zip(self.spots, flat, strict=True):
            {"deck": deck, "removed": removed, "hand": hands[q], "slot": slots[q][i]}[kind].append(
                c
            )
        return replace(st, deck=tuple(deck), discard=(*removed, *st.discard[len(removed) :]),
                       hands=tuple(map(tuple, hands)),
                       encounters=tuple(tuple(map(tuple, p)) for p in slots))  # fmt: skip

    def faults(self, flat: list[str], only=None) -> dict[int, int]:
        """Per opponent (or those in ``only``): how many needed checks the deal breaks."""
        return {q: faults(*self.cards_of(flat, q), self.cards, self.need[q])
                for q in (self.need if only is None else only)}  # fmt: skip

    def cards_of(self, flat: list[str], q: int) -> tuple[list[list[str]], list[str]]:
        """Opponent ``q``'s encounters and hand in the deal ``flat``."""
        slots, hand = [list(s) for s in self.st.encounters[q]], list(self.st.hands[q])
        for (kind, i), ks in self.held[q].items():
            if kind == "slot":
                slots[i] = [flat[k] for k in ks]
            else:
                hand = [flat[k] for k in ks]
        return slots, hand

    def sample(self, rng: random.Random) -> list[str]:
        """Rejection, then bounded repairs from fresh deals, then the fewest broken checks."""
        for _ in range(TRIES):
            flat = self.deal(rng)
            if not any(self.faults(flat).values()):
                return flat
        best, fewest = None, None
        for _ in range(RESTARTS):
            flat, broken = self.repair(self.deal(rng), rng)
            if broken == 0:
                return flat
            if fewest is None or broken < fewest:
                best, fewest = flat, broken
        return best

    def repair(self, flat: list[str], rng: random.Random) -> tuple[list[str], int]:
        """Swap proposals from ``flat``, each kept when it breaks no more checks than before."""
        broken = self.faults(flat)
        groups = [g for g in self.groups() if len(g) > 1]
        for _ in range(REPAIR_STEPS * len(flat) if groups else 0):
            g = groups[rng.randrange(len(groups))]
            a, b = g[rng.randrange(len(g))], g[rng.randrange(len(g))]
            if self.spots[a] == self.spots[b] or flat[a] == flat[b]:
                continue
            if (self.key(flat[a]) and self.owner[b] < 0) or (
                self.key(flat[b]) and self.owner[a] < 0
            ):
                continue
            flat[a], flat[b] = flat[b], flat[a]
            touched = {self.owner[a], self.owner[b]} - {-1}
            now = self.faults(flat, only=touched)
            if sum(now.values()) <= sum(broken[q] for q in touched):
                broken.update(now)
            else:
                flat[a], flat[b] = flat[b], flat[a]
        return flat, sum(broken.values())


def resample_multi(st: MultiState, player: int | None, rng: random.Random) -> MultiState:
    """A ``MultiState`` equal to ``st`` in everything ``player`` sees, the hidden cards dealt
    again (module docstring) and the RNG re-seeded, so later rounds' shuffles differ too."""
    deal = Deal(st, player)
    return replace(deal.rebuild(deal.sample(rng)), rng=Rng(fresh_seed(rng)))


def observe_multi(st: MultiState, player: int | None) -> str:
    """The notation with every card ``player`` cannot see written ``?``."""
    market = "market" in st.variants
    discard = st.discard
    if "keys" in st.variants:
        discard = hide(discard[:KEYS_REMOVED]) + discard[KEYS_REMOVED:]
    hands, slots = list(st.hands), list(st.encounters)
    for q in range(st.players):
        if q != player:
            hands[q] = st.hands[q] if market else hide(st.hands[q])
            slots[q] = tuple(hide(s) for s in st.encounters[q])
    return str(replace(st, deck=hide(st.deck), discard=discard, hands=tuple(hands),
                       encounters=tuple(slots), rng=Rng(0)))  # fmt: skip


# ---- Solo Adventure --------------------------------------------------------------------------
#
# Face down (seed 003): the Boss deck ("a separate facedown pile"), the Final Encounter ("a card
# from the Boss deck facedown on top"), the path's undiscovered encounters, and the four cards
# taken "at random from the Main deck" and removed (first in ``removed``, which grows only when
# the Boss room is entered and the adventure ends at once).

REMOVED_AT_SETUP = 4  # RE-SOLO-KEYS-IN: "take four cards at random from the Main deck"


def observe_solo(st: SoloState, player: int | None) -> str:
    """The notation with every face-down card written ``?``."""
    spaces = tuple(s if up else hide(s) for s, up in zip(st.spaces, st.face_up, strict=True))
    removed = hide(st.removed[:REMOVED_AT_SETUP]) + st.removed[REMOVED_AT_SETUP:]
    return str(replace(st, boss_deck=hide(st.boss_deck), final=hide(st.final), spaces=spaces,
                       removed=removed, rng=Rng(0)))  # fmt: skip


def resample_solo(st: SoloState, player: int | None, rng: random.Random) -> SoloState:
    """The face-down cards dealt again as the set-up deals them: Boss cards to the Boss deck
    and the Final Encounter's top; the rest to the undiscovered encounters, the Final
    Encounter's six and the removed four, Keys only into encounters (they were shuffled in
    after the six and the four were set aside). A hand-made position whose Boss cards do not
    fill the Boss places, or whose Keys outnumber the encounters' cards, is dealt as one pool.
    The RNG is re-seeded."""
    down = [s for s, up in zip(st.spaces, st.face_up, strict=True) if s and not up]
    boss = [st.boss_deck, st.final[:1]]
    main = [*down, st.final[1:], st.removed[:REMOVED_AT_SETUP]]
    pool = [c for p in boss + main for c in p]
    bosses = sum(st.cards[c].kind == "boss" for c in pool)
    keys = sum(st.cards[c].kind == "key" for c in pool)
    if bosses != sum(map(len, boss)) or keys > sum(map(len, down)):
        dealt = deal_again(boss + main, rng)
    else:
        key_ok = [True] * len(down) + [False, False]
        dealt = deal_again(boss, rng) + deal_again(
            main, rng, special=lambda c: st.cards[c].kind == "key", special_ok=key_ok
        )
    boss_deck, top, *rest = dealt
    spaces, again = list(st.spaces), iter(rest)
    for i, (s, up) in enumerate(zip(st.spaces, st.face_up, strict=True)):
        if s and not up:
            spaces[i] = next(again)
    six, removed = next(again), next(again)
    return replace(st, boss_deck=boss_deck, final=top + six, spaces=tuple(spaces),
                   removed=removed + st.removed[REMOVED_AT_SETUP:], rng=Rng(fresh_seed(rng)))  # fmt: skip

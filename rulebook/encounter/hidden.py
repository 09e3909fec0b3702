"""Random Encounter's hidden information: ``observation`` and ``resample`` of both games
(rulebook/API.md). The multiplayer game's face-down encounters must be dealt back as encounters a
player could have built.

What a player cannot see (seed 003, "An encounter is a set of facedown cards"; "both players
reveal the battling encounters at the same time"): the deck, the other players' hands, and every
card still in another player's encounters -- a battle reveals both encounters and takes them off
the table (to the winner's pile or the discard, both public), so whatever is still in an
encounter has never been shown. What a player sees: their own hand and encounters, how many cards
each encounter holds, where every Loot die lies, the discard and the cards won. Two variants hide
or show more:

- **Keys quick game**: the four cards "removed at random" before the Keys are added are face down
  (the engine's deal puts them first in the discard, which only grows after them in the game's one
  round); they and the set-aside deck never hold a Key.
- **Creature Market**: every card was picked from the face-up row, so each player's cards are
  public (perfect recall); only how an opponent split theirs into encounters is hidden.

**Method.** The hidden cards are pooled and dealt back into the same places with the same sizes,
uniformly among the deals in which no Key goes where none can be (Keys are placed first on the
allowed places, then the rest). A deal must also keep every opponent's encounters buildable: the
checks the rules guarantee (``_needed``: a put refuses Red with Blue and, in the build phase,
keeps the build completable -- ``rules.completion_problem`` --; ``done`` refuses a lone Green, so
only the player building now may hold one) must pass in the deal. Which checks apply is read
from what the player sees (the phase, whose build turn it is), never from the real cards.
Everything below is built from the observation alone: the pool is sorted before it is shuffled,
so a deal depends only on *which* cards are hidden (public: the card set minus what the player
sees), never on where they really lie, and the real deal is never a starting point. Two
positions a player cannot tell apart give the same re-sampled position for the same ``rng``.

1. **Rejection**: up to ``TRIES`` uniform deals; the first that passes every check is the answer
   (uniform among legal deals). Not once in 4,730 deals from 2-, 3- and 5-player positions of
   every variant did this fail: 1.2-3.2 tries on average, 44 at most (about 0.3 ms a call).
2. **Repair** (bounded, deterministic for the ``rng``): ``RESTARTS`` times, a fresh uniform deal
   is repaired by ``REPAIR_STEPS`` swap proposals per pooled card, each kept when it breaks no
   more checks than before -- a min-conflicts walk that, once legal, stays legal and keeps
   walking among legal deals (a chain whose stationary law is the same uniform one; biased only
   by its finite length, and towards a random deal, never the real one). About 30-40 ms a
   repair; on a position where 1 uniform deal in 80 passes, it found a legal deal every time
   (tests/encounter/test_hidden.py).
3. **No legal deal found** within these bounds: for a position the rules can reach one exists
   (the real deal), so this is certain only where the position's own cards break a building
   check (hand-made). Then the repaired deal with the fewest broken checks is returned (the
   first found among equals): still the observation's alone; the notation parses and
   ``invariants`` -- which do not judge hidden encounters -- hold as for the input.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rulebook.common.hidden import deal_again, fresh_seed, hide
from rulebook.common.rng import Rng

from .battle import composition_problem
from .rules import completion_problem
from .state import MultiState, SoloState

TRIES = 64  # uniform deals tried before the repair
RESTARTS = 4  # repairs, each from a fresh uniform deal
REPAIR_STEPS = 10  # swap proposals per pooled card in one repair
KEYS_REMOVED = 4  # the Keys quick game removes four cards at random (seed 003)


def _checks(slots, hand, cards) -> tuple[bool, bool, bool]:
    """(no Red with Blue, no lone Green, the hand completes the build) for one player."""
    broken = {prob[0] for s in slots if (prob := composition_problem(s, cards))}
    red_blue, green = "RE-COMPOSE-RED-BLUE" not in broken, "RE-COMPOSE-GREEN" not in broken
    complete = completion_problem(slots, hand, cards) is None
    return red_blue, green, complete


def _needed(st, q: int) -> tuple[bool, bool, bool]:
    """The checks every deal of opponent ``q``'s cards must pass, read from what every player
    sees: no Red with Blue always; no lone Green except while ``q`` builds (the rules refuse it
    at ``done``); a completable build during the build phase (battles then empty encounters)."""
    build = st.phase == "build"
    return (True, not (build and st.to_move == q), build)


def _faults(slots, hand, cards, need: tuple[bool, bool, bool]) -> int:
    """How many of the needed checks one player's cards break."""
    got = _checks(slots, hand, cards)
    return sum(n and not g for g, n in zip(got, need, strict=True))


class _Places:
    """The places hidden cards are dealt to, in order, each a (kind, player, index) with its size:
    kind 'deck', 'removed', 'hand' or 'slot'; ``flat`` is the real deal, place after place."""

    def __init__(self):
        self.places: list[tuple[str, int, int]] = []
        self.sizes: list[int] = []
        self.flat: list[str] = []

    def add(self, place: tuple[str, int, int], cards) -> None:
        self.places.append(place)
        self.sizes.append(len(cards))
        self.flat += cards

    def split(self, flat: list[str]) -> list[list[str]]:
        out, k = [], 0
        for n in self.sizes:
            out.append(flat[k : k + n])
            k += n
        return out


def _places(st, player) -> _Places:
    """Where the hidden cards of ``st`` lie, seen from ``player`` (None: sees nothing)."""
    pl = _Places()
    market = "market" in st.variants
    pl.add(("deck", -1, 0), list(st.deck))
    if "keys" in st.variants:
        pl.add(("removed", -1, 0), list(st.discard[:KEYS_REMOVED]))
    for q in range(st.players):
        if q == player:
            continue
        if not market:
            pl.add(("hand", q, 0), list(st.hands[q]))
        for i, s in enumerate(st.encounters[q]):
            if s:
                pl.add(("slot", q, i), list(s))
    return pl


class _Dealer:
    """Deals ``places`` again and checks the opponents' encounters of a deal."""

    def __init__(self, st, places: _Places):
        self.st, self.cards = st, st.cards
        self.pl = places
        self.market = "market" in st.variants
        # per place: may it hold a Key, and whose encounter or hand it is (-1: nobody's)
        self.key_ok = [kind in ("hand", "slot") for kind, _, _ in places.places]
        self.owner = [q if kind in ("hand", "slot") else -1 for kind, q, _ in places.places]
        self.opponents = sorted({q for q in self.owner if q >= 0})
        self.need = {q: _needed(st, q) for q in self.opponents}
        self.pos_place = [i for i, n in enumerate(places.sizes) for _ in range(n)]
        starts = [sum(places.sizes[:i]) for i in range(len(places.sizes))]
        self.held = {q: [] for q in self.opponents}  # per opponent: (place, start, size)
        for place, start, size in zip(places.places, starts, places.sizes, strict=True):
            if place[0] in ("hand", "slot"):
                self.held[place[1]].append((place, start, size))

    def groups(self) -> list[list[int]]:
        """Sets of positions dealt among themselves: the whole pool, or in the Market each
        opponent's encounters (their cards are known, only the split is not) and the deck."""
        positions = range(len(self.pl.flat))
        if not self.market:
            return [list(positions)]
        out: dict[int, list[int]] = {}
        for k in positions:
            out.setdefault(self.owner[self.pos_place[k]], []).append(k)
        return [out[q] for q in sorted(out)]

    def deal(self, rng: random.Random) -> list[str]:
        """One uniform deal of every group, Keys only onto places that may hold one. Only the
        group's cards are read (``deal_again`` sorts them), never where they lie."""
        pooled, flat = self.pl.flat, [""] * len(self.pl.flat)
        for g in self.groups():
            dealt = deal_again(
                [[pooled[k]] for k in g],
                rng,
                special=self._key,
                special_ok=[self.key_ok[self.pos_place[k]] for k in g],
            )
            for k, (c,) in zip(g, dealt, strict=True):
                flat[k] = c
        return flat

    def faults(self, flat: list[str], only=None) -> dict[int, int]:
        """Per opponent (or those in ``only``): how many needed checks the deal breaks."""
        return {
            q: _faults(*self._cards_of(flat, q), self.cards, self.need[q])
            for q in (self.opponents if only is None else only)
        }

    def _cards_of(self, flat: list[str], q: int) -> tuple[list[list[str]], list[str]]:
        """Opponent ``q``'s encounters and hand in the deal ``flat``."""
        slots, hand = [list(s) for s in self.st.encounters[q]], list(self.st.hands[q])
        for (kind, _, i), start, size in self.held[q]:
            cards = flat[start : start + size]
            if kind == "slot":
                slots[i] = cards
            else:
                hand = cards
        return slots, hand

    def legal(self, flat: list[str]) -> bool:
        return not any(self.faults(flat).values())

    def sample(self, rng: random.Random) -> list[str]:
        """Rejection, then bounded repairs from fresh deals, then the fewest broken checks
        (module docstring): every step reads only the pooled cards and the ``rng``."""
        for _ in range(TRIES):
            flat = self.deal(rng)
            if self.legal(flat):
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
        faults = self.faults(flat)
        groups = [g for g in self.groups() if len(g) > 1]
        for _ in range(REPAIR_STEPS * len(flat) if groups else 0):
            g = groups[rng.randrange(len(groups))]
            a, b = g[rng.randrange(len(g))], g[rng.randrange(len(g))]
            if not self._may_swap(flat, a, b):
                continue
            flat[a], flat[b] = flat[b], flat[a]
            touched = {self.owner[self.pos_place[a]], self.owner[self.pos_place[b]]} - {-1}
            now = self.faults(flat, only=touched)
            if sum(now.values()) <= sum(faults[q] for q in touched):
                faults.update(now)
            else:
                flat[a], flat[b] = flat[b], flat[a]
        return flat, sum(faults.values())

    def _may_swap(self, flat: list[str], a: int, b: int) -> bool:
        """Two positions on different places holding different cards, no Key sent where none
        may lie."""
        pa, pb = self.pos_place[a], self.pos_place[b]
        if pa == pb or flat[a] == flat[b]:
            return False
        return not (
            (self._key(flat[a]) and not self.key_ok[pb])
            or (self._key(flat[b]) and not self.key_ok[pa])
        )

    def _key(self, c: str) -> bool:
        return self.cards[c].kind == "key"


def resample_multi(st: MultiState, player: int | None, rng: random.Random) -> MultiState:
    """A ``MultiState`` equal to ``st`` in everything ``player`` sees, with the hidden cards dealt
    again (module docstring) and the RNG re-seeded, so later rounds' shuffles differ too."""
    places = _places(st, player)
    dealt = _rebuild(st, places, _Dealer(st, places).sample(rng))
    return replace(dealt, rng=Rng(fresh_seed(rng)))


def _rebuild(st: MultiState, places: _Places, flat: list[str]) -> MultiState:
    """``st`` with ``flat`` dealt into ``places``, place after place."""
    deck, discard = list(st.deck), list(st.discard)
    hands = [list(h) for h in st.hands]
    slots = [[list(s) for s in p] for p in st.encounters]
    for (kind, q, i), g in zip(places.places, places.split(flat), strict=True):
        if kind == "deck":
            deck = g
        elif kind == "removed":
            discard[: len(g)] = g
        elif kind == "hand":
            hands[q] = g
        else:
            slots[q][i] = g
    return replace(
        st,
        deck=tuple(deck),
        discard=tuple(discard),
        hands=tuple(map(tuple, hands)),
        encounters=tuple(tuple(map(tuple, p)) for p in slots),
    )


def observe_multi(st: MultiState, player: int | None) -> str:
    """The notation with every card ``player`` cannot see written ``?`` (module docstring): the
    deck, the Keys game's removed cards, the other players' hands (public in the Creature
    Market) and the cards in their encounters (each encounter's size shows)."""
    market = "market" in st.variants
    discard = st.discard
    if "keys" in st.variants:
        discard = hide(discard[:KEYS_REMOVED]) + discard[KEYS_REMOVED:]
    hands, slots = list(st.hands), list(st.encounters)
    for q in range(st.players):
        if q != player:
            hands[q] = st.hands[q] if market else hide(st.hands[q])
            slots[q] = tuple(hide(s) for s in st.encounters[q])
    masked = replace(
        st,
        deck=hide(st.deck),
        discard=discard,
        hands=tuple(hands),
        encounters=tuple(slots),
        rng=Rng(0),
    )
    return str(masked)


# ---- Solo Adventure --------------------------------------------------------------------------
#
# Face down in the Solo Adventure (seed 003): the Boss deck ("a separate facedown pile"), the
# Final Encounter ("a card from the Boss deck facedown on top of these six cards"), the path's
# undiscovered encounters ("When you stop on a facedown enemy encounter, flip it face-up"), and
# the four cards taken "at random from the Main deck" and removed from the game (RE-SOLO-KEYS-IN):
# nothing in the text shows them. The setup puts them first in ``removed``, which grows only when
# the Boss room is entered (the path's leftover encounters and the Keys, RE-SOLO-BOSS-ROOM) and
# the adventure ends at once; the kit then shows those leftovers (the text says nothing on
# showing them, and no decision follows).

REMOVED_AT_SETUP = 4  # RE-SOLO-KEYS-IN: "take four cards at random from the Main deck"


def _face_down_removed(st: SoloState) -> tuple[str, ...]:
    return st.removed[:REMOVED_AT_SETUP]


def observe_solo(st: SoloState, player: int | None) -> str:
    """The notation with every face-down card written ``?`` (above): the Boss deck, the Final
    Encounter, the path's undiscovered enemy encounters and the four cards removed at setup."""
    spaces = tuple(s if up else hide(s) for s, up in zip(st.spaces, st.face_up, strict=True))
    removed = hide(_face_down_removed(st)) + st.removed[REMOVED_AT_SETUP:]
    masked = replace(
        st,
        boss_deck=hide(st.boss_deck),
        final=hide(st.final),
        spaces=spaces,
        removed=removed,
        rng=Rng(0),
    )
    return str(masked)


def _solo_places(st: SoloState) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]], int]:
    """The face-down places by what the setup deals there: the Boss places (the Boss deck and
    the Final Encounter's top) and the Main-deck places (the undiscovered encounters first, then
    the Final Encounter's six and the removed four); and how many of them are encounters."""
    down = [s for s, up in zip(st.spaces, st.face_up, strict=True) if s and not up]
    boss = [st.boss_deck, st.final[:1]]
    main = [*down, st.final[1:], _face_down_removed(st)]
    return boss, main, len(down)


def _deal_solo(st: SoloState, rng: random.Random) -> list[tuple[str, ...]]:
    """The face-down places of ``_solo_places`` dealt again, in that order (Boss places, then
    Main places). Boss cards go to the Boss places and Keys only into encounters, as the setup
    deals them; a hand-made position whose Boss cards do not fill exactly the Boss places, or
    whose Keys outnumber the encounters' cards, has its hidden cards dealt as one pool."""
    boss, main, encounters = _solo_places(st)

    def is_boss(c: str) -> bool:
        return st.cards[c].kind == "boss"

    def is_key(c: str) -> bool:
        return st.cards[c].kind == "key"

    pool = [c for p in boss + main for c in p]
    key_room = sum(len(p) for p in main[:encounters])
    if sum(map(is_boss, pool)) != sum(map(len, boss)) or sum(map(is_key, pool)) > key_room:
        return deal_again(boss + main, rng)
    key_ok = [True] * encounters + [False] * (len(main) - encounters)
    return deal_again(boss, rng) + deal_again(main, rng, special=is_key, special_ok=key_ok)


def resample_solo(st: SoloState, player: int | None, rng: random.Random) -> SoloState:
    """The face-down cards dealt again (``_deal_solo``: the Keys were shuffled into the deck the
    encounters are built from after the Final Encounter and the removed four were set aside);
    the RNG re-seeded."""
    boss_deck, top, *main = _deal_solo(st, rng)
    spaces, dealt = list(st.spaces), iter(main)
    for i, (s, up) in enumerate(zip(st.spaces, st.face_up, strict=True)):
        if s and not up:
            spaces[i] = next(dealt)
    six, removed = next(dealt), next(dealt)
    return replace(
        st,
        boss_deck=boss_deck,
        final=top + six,
        spaces=tuple(spaces),
        removed=removed + st.removed[REMOVED_AT_SETUP:],
        rng=Rng(fresh_seed(rng)),
    )

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
checks the rules guarantee (``_need``: a put refuses Red with Blue and keeps the build completable
-- ``rules.completion_problem`` --, ``done`` refuses a lone Green, so only the player building now
may hold one) must pass in the deal; they are read from what the player sees (whose build turn it
is), never from the real cards, unless a hand-made position breaks one of them. Rejection sampling gives a uniform
legal deal, and since the pool is sorted before it is shuffled, the deal depends only on which
cards are hidden, never on where they really lie (two positions that differ only there give the
same determinisation for the same ``rng``). After ``TRIES`` rejected deals -- not once in 4,730
deals from 2-, 3- and 5-player positions of every variant, which took 1.2-3.2 tries on average
and 44 at most -- it falls back to a random walk of ``WALK_STEPS`` swaps per pooled card from
the real deal, each kept only if every check still holds: a chain whose stationary law is the
same uniform one, so it stays legal and drifts away from the real cards (biased towards them
only by its finite length).
"""

from __future__ import annotations

import random
from dataclasses import replace

from rulebook.common.hidden import deal_again, fresh_seed, hide

from .rules import completion_problem
from .state import MultiState, SoloState

TRIES = 64  # rejected deals before the swap walk
WALK_STEPS = 20  # swap proposals per pooled card in the fallback walk
KEYS_REMOVED = 4  # the Keys quick game removes four cards at random (seed 003)


def _checks(slots, hand, cards) -> tuple[bool, bool, bool]:
    """(no Red with Blue, no lone Green, the hand completes the build) for one player."""
    stars = [{cards[c].star for c in s} for s in slots]
    red_blue = not any("red" in s and "blue" in s for s in stars)
    green = not any(len(s) == 1 and cards[s[0]].star == "green" for s in slots)
    complete = completion_problem(slots, hand, cards) is None
    return red_blue, green, complete


def _need(st, q: int) -> tuple[bool, bool, bool]:
    """The checks every deal of opponent ``q``'s cards must pass: all three, but a lone Green
    only matters once ``q`` has finished building (the rules refuse it at ``done``); relaxed
    where the real cards break one (a hand-made position)."""
    building = st.phase == "build" and st.to_move == q
    rules = (True, not building, True)
    real = _checks(st.encounters[q], st.hands[q], st.cards)
    return tuple(r and x for r, x in zip(rules, real, strict=True))


def _passes(slots, hand, cards, need: tuple[bool, bool, bool]) -> bool:
    got = _checks(slots, hand, cards)
    return all(g or not n for g, n in zip(got, need, strict=True))


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
        self.need = {q: _need(st, q) for q in self.opponents}
        self.pos_place = [i for i, n in enumerate(places.sizes) for _ in range(n)]

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
        """One uniform deal of every group, Keys only onto places that may hold one."""
        flat = list(self.pl.flat)
        for g in self.groups():
            dealt = deal_again(
                [[flat[k]] for k in g],
                rng,
                special=self._key,
                special_ok=[self.key_ok[self.pos_place[k]] for k in g],
            )
            for k, (c,) in zip(g, dealt, strict=True):
                flat[k] = c
        return flat

    def legal(self, flat: list[str], only=None) -> bool:
        """Every opponent (or those in ``only``) passes the checks its real cards pass."""
        groups = self.pl.split(flat)
        slots = {q: [list(s) for s in self.st.encounters[q]] for q in self.opponents}
        hands = {q: list(self.st.hands[q]) for q in self.opponents}
        for (kind, q, i), g in zip(self.pl.places, groups, strict=True):
            if kind == "slot":
                slots[q][i] = g
            elif kind == "hand":
                hands[q] = g
        return all(
            _passes(slots[q], hands[q], self.cards, self.need[q])
            for q in (self.opponents if only is None else only)
        )

    def walk(self, rng: random.Random) -> list[str]:
        """The fallback: swaps from the real deal, each kept only if the deal stays legal."""
        flat = list(self.pl.flat)
        groups = [g for g in self.groups() if len(g) > 1]
        if not groups:
            return flat
        for _ in range(WALK_STEPS * len(flat)):
            g = groups[rng.randrange(len(groups))]
            a, b = g[rng.randrange(len(g))], g[rng.randrange(len(g))]
            pa, pb = self.pos_place[a], self.pos_place[b]
            if pa == pb or flat[a] == flat[b]:
                continue
            if (self._key(flat[a]) and not self.key_ok[pb]) or (
                self._key(flat[b]) and not self.key_ok[pa]
            ):
                continue
            flat[a], flat[b] = flat[b], flat[a]
            touched = {self.owner[pa], self.owner[pb]} - {-1}
            if not self.legal(flat, only=touched):
                flat[a], flat[b] = flat[b], flat[a]
        return flat

    def _key(self, c: str) -> bool:
        return self.cards[c].kind == "key"


def resample_multi(st: MultiState, player: int | None, rng: random.Random) -> MultiState:
    """A ``MultiState`` equal to ``st`` in everything ``player`` sees, with the hidden cards dealt
    again (module docstring) and the RNG re-seeded, so later rounds' shuffles differ too."""
    pl = _places(st, player)
    dealer = _Dealer(st, pl)
    for _ in range(TRIES):
        flat = dealer.deal(rng)
        if dealer.legal(flat):
            break
    else:
        flat = dealer.walk(rng)
    deck, discard = list(st.deck), list(st.discard)
    hands = [list(h) for h in st.hands]
    slots = [[list(s) for s in p] for p in st.encounters]
    for (kind, q, i), g in zip(pl.places, pl.split(flat), strict=True):
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
        seed=(fresh_seed(rng), 0),
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
        seed=(0, 0),
    )
    return str(masked)


# ---- Solo Adventure --------------------------------------------------------------------------


def observe_solo(st: SoloState, player: int | None) -> str:
    """The notation with every face-down card written ``?`` (seed 003): the Boss deck, the Final
    Encounter (a Boss face down on six cards) and the path's undiscovered enemy encounters."""
    spaces = tuple(s if up else hide(s) for s, up in zip(st.spaces, st.face_up, strict=True))
    masked = replace(
        st, boss_deck=hide(st.boss_deck), final=hide(st.final), spaces=spaces, seed=(0, 0)
    )
    return str(masked)


def resample_solo(st: SoloState, player: int | None, rng: random.Random) -> SoloState:
    """The face-down cards dealt again: Boss cards among the Boss deck and the Final Encounter's
    Boss places, the other cards among the undiscovered encounters and the Final Encounter's
    six, Keys only into encounters (the Keys are shuffled into the deck the encounters are built
    from, after the Final Encounter is set aside); the RNG re-seeded."""
    boss = [st.cards[c].kind == "boss" for c in st.final]
    down = [i for i, (s, up) in enumerate(zip(st.spaces, st.face_up, strict=True)) if s and not up]
    boss_deck, final_bosses = deal_again(
        [st.boss_deck, [c for c, b in zip(st.final, boss, strict=True) if b]], rng
    )
    rest = [c for c, b in zip(st.final, boss, strict=True) if not b]
    dealt = deal_again(
        [*(st.spaces[i] for i in down), rest],
        rng,
        special=lambda c: st.cards[c].kind == "key",
        special_ok=[True] * len(down) + [False],
    )
    spaces = list(st.spaces)
    for i, cards in zip(down, dealt, strict=False):
        spaces[i] = cards
    bosses, others = iter(final_bosses), iter(dealt[-1])
    final = tuple(next(bosses) if b else next(others) for b in boss)
    return replace(
        st, boss_deck=boss_deck, final=final, spaces=tuple(spaces), seed=(fresh_seed(rng), 0)
    )

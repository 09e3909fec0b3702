"""A faster ``legal_actions`` for Random Encounter's two-player game, for playouts only: on frozen
states and on the working copy a playout advances in place (``MultiTable``).

The rule is ``rules.legal_actions`` (every candidate filtered by its kind's check); this module
gives the same list, faster. Checked sweeps compare the two at every step and
``tests/play/test_fast_legal.py`` on random, parsed, edited and extreme positions. The
list is built in text order (``done`` < ``loot`` < ``put`` < ``unput``; one-digit numbers), so it
is never sorted as a whole. It mirrors:

- ``check_put``: a hand card is legal in an encounter exactly when ``put_problem`` (what
  ``check_put`` asks) is None. That reads only the card's star, the
  encounter's class (its size and stars) and the builder's counts, so it is asked once per
  (counts, class, star) and kept (PERF.md, "Encounter: build phase by star");
- ``check_unput``: every card in the builder's encounters, while take-backs are left;
- ``check_loot``: its four conditions, in its order (no Keys quick game, a non-empty encounter,
  not where the die is, a take-back left to move it);
- ``check_done``: asked only with an empty hand (its first condition refuses any other);
- ``check_battle``: every own encounter left against every other player's encounter left;
- ``check_pick``: every face-up card of the market.
"""

from __future__ import annotations

from functools import cache, reduce
from itertools import chain, compress
from operator import or_
from typing import NamedTuple

from rulebook.common.actions import Action
from rulebook.encounter import actions as act
from rulebook.encounter.building import BuildCounts, check_done, put_problem, slot_kind
from rulebook.encounter.state import SLOTS

# A card's Level Star as the put check reads it: Red, Blue, Green or any other. ``STARS[j]`` is
# the star of index j; an encounter's stars are a set of bits (Red 1, Blue 2, Green 4).
STARS = ("yellow", "red", "blue", "green")  # "yellow" stands for every star the check ignores
STAR_INDEX = {"red": 1, "blue": 2, "green": 3}
BIT_STARS = {bits: frozenset(s for j, s in enumerate(STARS) if j and bits >> (j - 1) & 1)
             for bits in range(8)}  # fmt: skip
RED_BLUE = 3
# the hand's counts (cards, Red, Blue, Green) are packed in FIELD bits each: a hand of up to
# 65,535 cards (a 4-bit field once made a hand of 16 cards read as empty: no legal action)
FIELD = 16
FIELD_MASK = (1 << FIELD) - 1
# the open flags of encounter i sit in bits 4i..4i+3 (one per star index): ``SPREAD`` of a star
# picks that star's flag of every encounter
SPREAD = sum(1 << 4 * i for i in range(SLOTS))

LOOTS = tuple(act.loot(i) for i in range(SLOTS))
BATTLES = tuple(
    tuple(tuple(act.battle(m, q, t) for t in range(SLOTS)) for q in range(5)) for m in range(SLOTS)
)


def class_size_stars(cls: int) -> tuple[int, frozenset]:
    """An encounter class: the size (0, 1, or 2 for two or more) and the stars the put check
    reads (a Green counts only in an encounter of one card)."""
    return cls % 3, BIT_STARS[cls // 3]


CLASSES = range(3 * 8)
# an encounter's kind (completion.SlotKind) per class, packed as empty + 8 lone + 64 no_blue +
# 512 no_red, so the kinds of five encounters add up in one sum
PACKED_KIND = [sum(n << 3 * f for f, n in enumerate(slot_kind(*class_size_stars(c))))
               for c in CLASSES]  # fmt: skip


class CardTables(NamedTuple):
    """Per card of one card set: what the generator reads of it, made once per set."""

    star: dict[str, int]  # star index
    hand_count: dict[str, int]  # the card's part of the packed hand counts: 1 + 2 ** (16 * star)
    put_rows: dict[str, dict[int, tuple[Action, ...]]]  # spread open flags -> the card's puts
    unput: dict[str, Action]
    pick: dict[str, Action]
    bit: dict[str, int]  # the card's star as an encounter's star bit (Red 1, Blue 2, Green 4)


@cache
def card_tables(cards) -> CardTables:
    """The tables of a card set (a read-only value shared by every state, hashed by identity)."""
    ids = list(cards.cards)
    star = {c: STAR_INDEX.get(cards[c].star, 0) for c in ids}
    return CardTables(
        star,
        {c: 1 + (1 << FIELD * j if j else 0) for c, j in star.items()},
        {c: put_rows(c) for c in ids},
        {c: act.unput(c) for c in ids},
        {c: act.pick(c) for c in ids},
        {c: 1 << j - 1 if j else 0 for c, j in star.items()},
    )


def put_rows(card: str) -> dict[int, tuple[Action, ...]]:
    """For each set of open encounters (flags at bits 0, 4, .. 16), the puts of ``card`` into
    them, in order."""
    rows = {}
    for mask in range(1 << SLOTS):
        spread = sum(1 << 4 * i for i in range(SLOTS) if mask >> i & 1)
        rows[spread] = tuple(act.put(card, i) for i in range(SLOTS) if mask >> i & 1)
    return rows


def legal_actions(st) -> list[Action]:
    """``rules.legal_actions(st)`` for a frozen ``MultiState`` or a playout's ``MultiTable``."""
    phase = st.phase
    if phase == "build":
        return build_actions(st)
    if phase == "battle":
        return battle_actions(st)
    if phase == "market":
        pick = card_tables(st.cards).pick
        return [pick[c] for c in sorted(st.market)]
    return []


def build_actions(st) -> list[Action]:
    p = st.to_move
    hand, own = st.hands[p], st.encounters[p]
    tables = _tables_of(st.cards)
    out: list[Action] = []
    if not hand and check_done(st, act.DONE) is None:
        out.append(act.DONE)
    if "keys" not in st.variants:
        at = st.loot_at[p]
        if at < 0:
            out += compress(LOOTS, own)
        elif st.takebacks > 0:
            out += [a for a in compress(LOOTS, own) if a is not LOOTS[at]]
    if hand:
        star, bit = tables.star, tables.bit.__getitem__
        c0, c1, c2, c3, c4 = classes = [
            (3 * bit(e[0]) + 1 if len(e) == 1 else 3 * (reduce(or_, map(bit, e)) & RED_BLUE) + 2)
            if e else 0
            for e in own
        ]  # fmt: skip
        flags = _OPEN[
            sum(map(tables.hand_count.__getitem__, hand))
            | sum(map(PACKED_KIND.__getitem__, classes)) << 4 * FIELD
        ]
        spread = flags[c0] | flags[c1] << 4 | flags[c2] << 8 | flags[c3] << 12 | flags[c4] << 16
        rows = tables.put_rows
        for c in sorted(hand):
            out += rows[c][spread >> star[c] & SPREAD]
    if st.takebacks > 0:
        out += map(tables.unput.__getitem__, sorted(chain.from_iterable(own)))
    return out


_last_tables: tuple = (None, None)


def _tables_of(cards) -> CardTables:
    """``card_tables(cards)``, the last set's kept at hand (one set plays a whole game)."""
    global _last_tables
    last = _last_tables
    if last[0] is not cards:
        last = _last_tables = (cards, card_tables(cards))  # one assignment: threads see a pair
    return last[1]


class OpenFlags(dict):
    """Encounter class -> which stars' hand cards may go into it (bit j: star ``STARS[j]``), for
    one builder's counts ``k``: ``put_problem`` (the put check's own question) is None. Filled
    as classes are asked."""

    def __init__(self, k: BuildCounts):
        super().__init__()
        self.k = k

    def __missing__(self, cls: int) -> int:
        size, before = class_size_stars(cls)
        ask, k = put_problem, self.k  # a new (counts, class) is asked only here
        flags = sum(1 << j for j, s in enumerate(STARS) if ask(k, size, before, s) is None)
        self[cls] = flags
        return flags


class OpenByCounts(dict):
    """The builder's counts, packed in one number (the hand's cards, Red, Blue and Green cards
    in ``FIELD`` bits each, then the encounters' kinds summed: ``PACKED_KIND``) -> their
    ``OpenFlags``.
    Red, Blue and the kinds' no_blue and no_red are read by the completion check only as zero or
    not after one card moves, so the ``BuildCounts`` count them up to 2 and keys that agree so
    share one ``OpenFlags`` (PERF.md, "Encounter: build phase by star")."""

    def __init__(self):
        super().__init__()
        self.by_counts: dict[BuildCounts, OpenFlags] = {}

    def __missing__(self, key: int) -> OpenFlags:
        if len(self) > 1 << 14:  # a bound on memory; the common keys come back at once
            self.clear()
            self.by_counts.clear()
        n, red, blue, green = (key >> FIELD * f & FIELD_MASK for f in range(4))
        empty, lone, no_blue, no_red = (key >> 4 * FIELD + 3 * f & 7 for f in range(4))
        k = BuildCounts(n, min(red, 2), min(blue, 2), green, empty, lone, min(no_blue, 2),
                        min(no_red, 2))  # fmt: skip
        flags = self.by_counts.get(k)
        if flags is None:
            flags = self.by_counts[k] = OpenFlags(k)
        self[key] = flags
        return flags


_OPEN = OpenByCounts()


def battle_actions(st) -> list[Action]:
    p, own = st.to_move, st.encounters[st.to_move]
    targets = [
        (q, t)
        for q, theirs in enumerate(st.encounters)
        if q != p
        for t in range(SLOTS)
        if theirs[t]
    ]
    return [BATTLES[m][q][t] for m in range(SLOTS) if own[m] for q, t in targets]

"""Can a builder still finish five legal encounters? (RE-BUILD-FIVE with RE-COMPOSE-GREEN and
RE-COMPOSE-RED-BLUE, asked by the ``put`` check so every legal build stays reachable.)

The question reads only a few counts of the builder's hand and encounters (``BuildCounts``), so
it is stated once on the counts (``completion_verdict``); ``completion_problem`` counts a position
from scratch, and ``put_problem`` moves one card from the counts of the position before. Why the
counts: rulebook/PERF.md, "Encounter: completion by counts".
"""

from __future__ import annotations

from typing import NamedTuple

from .battle import red_blue_problem


class SlotKind(NamedTuple):
    """What an encounter contributes to the counts (each field 0 or 1)."""

    empty: int
    lone: int  # a lone Green Star card: needs one more card (RE-COMPOSE-GREEN)
    no_blue: int  # a non-empty, non-lone-Green encounter a Red Star card may join
    no_red: int  # ... a Blue Star card may join


class BuildCounts(NamedTuple):
    """The builder's hand by star, and the encounters by kind (sums of ``SlotKind``)."""

    hand: int
    red: int
    blue: int
    green: int
    empty: int
    lone: int
    no_blue: int
    no_red: int


EMPTY, LONE = SlotKind(1, 0, 0, 0), SlotKind(0, 1, 0, 0)
FILLED = {(b, r): SlotKind(0, 0, b, r) for b in (0, 1) for r in (0, 1)}


def slot_kind(n: int, stars) -> SlotKind:
    """The kind of an encounter of ``n`` cards whose stars are ``stars`` (any collection)."""
    if not n:
        return EMPTY
    if n == 1 and "green" in stars:
        return LONE
    return FILLED["blue" not in stars, "red" not in stars]


def build_counts(slots, hand, cards) -> BuildCounts:
    """The counts of a builder's ``slots`` (card id lists) and ``hand``."""
    star = cards.stars
    sets = [{star[c] for c in s} for s in slots]
    return counts_of([star[c] for c in hand], list(map(len, slots)), sets)


def counts_of(hand_stars: list, sizes, star_sets) -> BuildCounts:
    """The counts from the hand's stars and each encounter's size and set of stars."""
    kinds = [slot_kind(n, stars) for n, stars in zip(sizes, star_sets, strict=True)]
    return BuildCounts(
        len(hand_stars), hand_stars.count("red"), hand_stars.count("blue"),
        hand_stars.count("green"), *map(sum, zip(*kinds, strict=True)),
    )  # fmt: skip


def completion_verdict(k: BuildCounts) -> tuple[str, str] | None:
    """(rule ID, why) when a hand with counts ``k`` can no longer be split into five legal
    encounters, else None -- exactly.

    An empty encounter needs one non-Green card or two cards; a lone Green needs any one more
    card (RE-COMPOSE-GREEN); every other card fits some non-empty encounter, except that Red
    (Blue) cards need an encounter without Blue (Red): an existing one, or an empty or lone-Green
    one, which they then fill (no encounter is needed by both colours: with neither kind of
    existing home, all five are empty or lone Greens)."""
    x = k.hand - k.green  # non-Green cards
    if k.hand < k.empty:
        return "RE-BUILD-FIVE", f"{k.empty} empty encounter(s) and only {k.hand} card(s) left"
    if x >= k.empty:
        covered = x - k.empty + k.green >= k.lone
    else:
        covered = k.green >= k.lone + 2 * (k.empty - x)
    if not covered:
        return "RE-COMPOSE-GREEN", "a Green Star card would be left alone"
    if k.red and not (k.no_blue or k.empty or k.lone):
        return "RE-COMPOSE-RED-BLUE", "no encounter left that can take a Red Star card"
    if k.blue and not (k.no_red or k.empty or k.lone):
        return "RE-COMPOSE-RED-BLUE", "no encounter left that can take a Blue Star card"
    return None


def completion_problem(slots, hand, cards) -> tuple[str, str] | None:
    """``completion_verdict`` of a builder's ``slots`` and ``hand`` counted from scratch."""
    return completion_verdict(build_counts(slots, hand, cards))


class BuildView(NamedTuple):
    """One builder's position as the put check reads it: the counts, and each encounter's card
    count and star set (a put is judged by its card's star alone)."""

    counts: BuildCounts
    sizes: tuple[int, ...]
    stars: tuple[frozenset, ...]


def build_view(slots, hand, cards) -> BuildView:
    star = cards.stars
    per = [_encounter(s, cards) for s in slots]
    sizes, sets, kinds = zip(*per, strict=True)
    hs = [star[c] for c in hand]
    counts = BuildCounts(
        len(hs), hs.count("red"), hs.count("blue"), hs.count("green"),
        *map(sum, zip(*kinds, strict=True)),
    )  # fmt: skip
    return BuildView(counts, sizes, sets)


def _encounter(ids: tuple, cards) -> tuple[int, frozenset, SlotKind]:
    """(size, set of stars, kind) of one encounter."""
    stars = frozenset([cards.stars[c] for c in ids])
    return len(ids), stars, slot_kind(len(ids), stars)


def put_problem(k: BuildCounts, size: int, before: frozenset, star: str):
    """Why a hand card of ``star`` may not go into an encounter of ``size`` cards with the stars
    ``before``, the builder's counts being ``k``, as (what, rule ID, why): what is ``"compose"``
    when the encounter itself would break RE-COMPOSE-RED-BLUE (``red_blue_problem``), or
    ``"complete"`` when no way to finish five legal encounters would be left
    (``completion_verdict`` of the counts moved by one card); else None."""
    stars = before | {star}
    prob = red_blue_problem(stars)
    if prob:
        return ("compose", *prob)
    old, new = slot_kind(size, before), slot_kind(size + 1, stars)
    hand, red, blue, green, empty, lone, no_blue, no_red = k
    after = BuildCounts(
        hand - 1,
        red - (star == "red"),
        blue - (star == "blue"),
        green - (star == "green"),
        empty - old.empty + new.empty,
        lone - old.lone + new.lone,
        no_blue - old.no_blue + new.no_blue,
        no_red - old.no_red + new.no_red,
    )
    why = completion_verdict(after)
    return None if why is None else ("complete", *why)

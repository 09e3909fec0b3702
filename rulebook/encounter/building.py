"""Building Encounters and Placing and Protecting Loot (seed 003), the build phase card by card.

"Each player creates five encounters with the nine cards dealt ... An encounter can have any
number of cards in it, but each player must have five separate encounters" (RE-BUILD-FIVE);
"Red and Blue Star cards cannot be in an encounter together, and Green Star cards cannot be
alone" (RE-COMPOSE-RED-BLUE, RE-COMPOSE-GREEN, stated with the Solo rules as a reminder);
"they place their Loot die directly behind the chosen encounter" (RE-LOOT-PLACE). The engine
plays a build card by card (``put``, ``unput``, ``loot``, ``done``), refusing a card after which
the hand could no longer finish five legal encounters, so every legal build is reached by puts
alone and the take-backs it allows are bounded (RE-BUILD-TAKEBACK, NOTES.md).
"""

from __future__ import annotations

from typing import NamedTuple

from rulebook.common.errors import RuleError
from rulebook.common.game import fired

from .battle import next_battler
from .catalog import refuse
from .state import TAKEBACKS

# ---- RE-COMPOSE-RED-BLUE, RE-COMPOSE-GREEN: what an encounter may hold ----------------------------


def red_blue_problem(stars) -> RuleError | None:
    """RE-COMPOSE-RED-BLUE: "Red and Blue Star cards cannot be in an encounter together"."""
    if "red" in stars and "blue" in stars:
        return refuse("RE-COMPOSE-RED-BLUE", "Red and Blue Star cards cannot be in one encounter")
    return None


def composition_problem(ids, cards) -> RuleError | None:
    """(rule ID, why) if the encounter breaks RE-COMPOSE-RED-BLUE or RE-COMPOSE-GREEN ("Green
    Star cards cannot be alone")."""
    stars = {cards[c].star for c in ids}
    prob = red_blue_problem(stars)
    if prob is None and len(ids) == 1 and "green" in stars:
        return refuse("RE-COMPOSE-GREEN", f"a Green Star card ({ids[0]}) cannot be alone")
    return prob


def require_buildable_battle(a, b, cards, pool=(), *, empty_ok: bool = False) -> None:
    """Refuse a battle no table can produce (``require_buildable_encounters`` on sides A and B)."""
    require_buildable_encounters(
        (("encounter A", a), ("encounter B", b)), cards, pool, empty_ok=empty_ok
    )


def require_buildable_encounters(named, cards, pool=(), *, empty_ok: bool = False) -> None:
    """Refuse encounters no table can produce: an unknown card, an encounter that breaks
    RE-COMPOSE-RED-BLUE or RE-COMPOSE-GREEN (or is empty), or one card twice -- in one encounter,
    across them, or between them and ``pool`` (the cards an unknown encounter is drawn from).
    ``named`` is a sequence of (name, card ids). Raises RuleError naming the rule (a card is in one
    place at a time: RE-COMP-DECK). ``empty_ok``: a Solo Adventure space may hold only Keys, so
    its enemy encounter is empty."""
    seen: dict[str, str] = {}
    for where, ids in (*named, ("the pool", pool)):
        for c in ids:
            if c not in cards:
                raise refuse("RE-COMP-DECK", f"{where}: unknown card {c!r}")
            if c in seen:
                twice = "twice" if seen[c] == where else f"in {seen[c]} and {where}"
                raise refuse("RE-COMP-DECK", f"{c} is {twice}: the box holds each card once")
            seen[c] = where
    for where, ids in named:
        if not ids and not empty_ok:
            raise refuse("RE-BUILD-FIVE", f"{where} is empty")
        prob = composition_problem(ids, cards)
        if prob:
            raise refuse(prob.rule_id, f"{where}: {prob.reason}")


# ---- RE-BUILD-FIVE: can the hand still finish five legal encounters? -------------------------------
#
# The question reads a few counts of the builder's hand and encounters, so it is stated once on
# the counts (``completion_verdict``), and a put moves the counts by one card (``put_problem``).


class SlotKind(NamedTuple):
    """What an encounter adds to the counts (each field 0 or 1)."""

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
FILLED = {(b, r): SlotKind(0, 0, b, r) for b in (0, 1) for r in (0, 1)}  # (no Blue, no Red)


def slot_kind(n: int, stars) -> SlotKind:
    """The kind of an encounter of ``n`` cards whose stars are ``stars``."""
    if not n:
        return EMPTY
    if n == 1 and "green" in stars:
        return LONE
    return FILLED["blue" not in stars, "red" not in stars]


def completion_verdict(k: BuildCounts) -> RuleError | None:
    """(rule ID, why) when a hand with counts ``k`` can no longer be split into five legal
    encounters, else None -- exactly.

    An empty encounter needs one non-Green card or two cards; a lone Green needs any one more
    card (RE-COMPOSE-GREEN); every other card fits some non-empty encounter, except that Red
    (Blue) cards need an encounter without Blue (Red): an existing one, or an empty or lone-Green
    one, which they then fill (no encounter is needed by both colours: with neither kind of
    existing home, all five are empty or lone Greens)."""
    x = k.hand - k.green  # non-Green cards
    if k.hand < k.empty:
        return refuse(
            "RE-BUILD-FIVE", f"{k.empty} empty encounter(s) and only {k.hand} card(s) left"
        )
    if x >= k.empty:
        covered = x - k.empty + k.green >= k.lone
    else:
        covered = k.green >= k.lone + 2 * (k.empty - x)
    if not covered:
        return refuse("RE-COMPOSE-GREEN", "a Green Star card would be left alone")
    if k.red and not (k.no_blue or k.empty or k.lone):
        return refuse("RE-COMPOSE-RED-BLUE", "no encounter left that can take a Red Star card")
    if k.blue and not (k.no_red or k.empty or k.lone):
        return refuse("RE-COMPOSE-RED-BLUE", "no encounter left that can take a Blue Star card")
    return None


class BuildView(NamedTuple):
    """One builder as the put check reads them: the counts, and each encounter's size and stars."""

    counts: BuildCounts
    sizes: tuple[int, ...]
    stars: tuple[frozenset, ...]


def build_view(slots, hand, cards) -> BuildView:
    sizes = tuple(map(len, slots))
    stars = tuple(frozenset(cards[c].star for c in s) for s in slots)
    kinds = [slot_kind(n, s) for n, s in zip(sizes, stars, strict=True)]
    hs = [cards[c].star for c in hand]
    counts = BuildCounts(len(hs), hs.count("red"), hs.count("blue"), hs.count("green"),
                         *map(sum, zip(*kinds, strict=True)))  # fmt: skip
    return BuildView(counts, sizes, stars)


def completion_problem(slots, hand, cards) -> RuleError | None:
    """``completion_verdict`` of a builder's ``slots`` and ``hand``."""
    return completion_verdict(build_view(slots, hand, cards).counts)


def put_problem(k: BuildCounts, size: int, before: frozenset, star: str) -> RuleError | None:
    """Why a hand card of ``star`` may not go into an encounter of ``size`` cards with the stars
    ``before``, the builder's counts being ``k``: the encounter itself would break
    RE-COMPOSE-RED-BLUE, or five legal encounters could no longer be finished
    (``completion_verdict`` of the counts moved by one card); else None."""
    stars = before | {star}
    prob = red_blue_problem(stars)
    if prob:
        return prob
    old, new = slot_kind(size, before), slot_kind(size + 1, stars)
    hand, red, blue, green, *kinds = k
    moved = [n - o + w for n, o, w in zip(kinds, old, new, strict=True)]
    after = BuildCounts(hand - 1, red - (star == "red"), blue - (star == "blue"),
                        green - (star == "green"), *moved)  # fmt: skip
    return completion_verdict(after)


# ---- the build actions: checks -----------------------------------------------------------------


def builder_view(st) -> BuildView:
    return build_view(st.encounters[st.to_move], st.hands[st.to_move], st.cards)


def check_put(st, a):
    """``put CARD N``: a card of your hand into encounter N (RE-BUILD-FIVE, RE-COMPOSE-*)."""
    p, c, i = st.to_move, a.args[0], a.args[1].value
    if c not in st.hands[p]:
        return refuse("RE-PHASE", f"{c} is not in player {p + 1}'s hand")
    view, star = builder_view(st), st.cards[c].star
    why = put_problem(view.counts, view.sizes[i], view.stars[i], star)
    if why is None or red_blue_problem(view.stars[i] | {star}):  # the encounter itself
        return why
    return refuse(why.rule_id, f"after {c} into encounter {i + 1}: {why.reason}")


def legal_puts(st) -> list:
    """The puts ``check_put`` lets through. The check reads a card's star alone, so it is asked
    once per star in the hand and encounter, for all the cards of that star."""
    view = builder_view(st)
    by_star: dict[str, list] = {}
    for c in st.hands[st.to_move]:
        card = st.cards[c]
        by_star.setdefault(card.star, []).append(card)
    return [card.actions.puts[i] for star, cards in by_star.items()
            for i, (size, stars) in enumerate(zip(view.sizes, view.stars, strict=True))
            if put_problem(view.counts, size, stars, star) is None for card in cards]  # fmt: skip


def check_unput(st, a):
    """``unput CARD``: a take-back (RE-BUILD-TAKEBACK)."""
    p = st.to_move
    if not any(a.arg in s for s in st.encounters[p]):
        return refuse("RE-PHASE", f"{a.arg} is not in one of player {p + 1}'s encounters")
    if st.takebacks <= 0:
        return refuse("RE-BUILD-TAKEBACK", f"no take-backs left this build turn ({TAKEBACKS} used)")
    return None


def check_loot(st, a):
    """``loot N``: "they place their Loot die directly behind the chosen encounter" (RE-LOOT-PLACE)."""
    p, i = st.to_move, a.arg.value
    if "keys" in st.variants:
        return refuse("RE-VAR-KEYS", "the Keys quick game uses no Loot dice")
    if not st.encounters[p][i]:
        return refuse("RE-LOOT-PLACE", f"encounter {i + 1} is empty")
    if st.loot_at[p] == i:
        return refuse("RE-LOOT-PLACE", f"your Loot die is already behind encounter {i + 1}")
    if st.loot_at[p] >= 0 and st.takebacks <= 0:
        return refuse("RE-BUILD-TAKEBACK", "moving the Loot die is a take-back; none left")
    return None


def check_done(st, a):
    """``done``: five legal encounters, every card in one, the Loot die placed (RE-BUILD-FIVE)."""
    p = st.to_move
    if st.hands[p]:
        return refuse(
            "RE-BUILD-FIVE", f"all nine cards go into encounters ({len(st.hands[p])} left)"
        )
    for i, s in enumerate(st.encounters[p]):
        if not s:
            return refuse("RE-BUILD-FIVE", f"encounter {i + 1} is empty: build five encounters")
        prob = composition_problem(s, st.cards)
        if prob:
            return refuse(prob.rule_id, f"encounter {i + 1}: {prob.reason}")
    if "keys" not in st.variants and st.loot_at[p] < 0:
        return refuse("RE-LOOT-PLACE", "place your Loot die behind one encounter first")
    return None


# ---- the build actions: effects -----------------------------------------------------------------


def put(t, a) -> None:
    c, i = a.args[0], a.args[1].value
    t.hands[t.to_move].remove(c)
    t.encounters[t.to_move][i].append(c)


def unput(t, a) -> None:
    fired("RE-BUILD-TAKEBACK")
    p = t.to_move
    i = next(i for i, s in enumerate(t.encounters[p]) if a.arg in s)
    t.encounters[p][i].remove(a.arg)
    t.hands[p].append(a.arg)
    t.takebacks -= 1
    if not t.encounters[p][i] and t.loot_at[p] == i:
        t.loot_at[p] = -1


def place_loot(t, a) -> None:
    fired("RE-LOOT-PLACE")
    p = t.to_move
    if t.loot_at[p] >= 0:
        fired("RE-BUILD-TAKEBACK")
        t.takebacks -= 1
    t.loot_at[p] = a.arg.value


def done(t, a) -> None:
    """The next player builds; after the last, the battles begin with the starting player."""
    fired("RE-BUILD-FIVE")
    nxt = (t.to_move + 1) % t.players
    t.takebacks = TAKEBACKS
    if nxt == t.start:
        t.phase, t.to_move = "battle", t.start
        next_battler(t, t.start, include=True)
    else:
        t.to_move = nxt

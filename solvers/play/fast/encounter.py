"""A faster ``legal_actions`` for Random Encounter's multiplayer game, for playouts only: on frozen
states and on the working copy a playout advances in place (``MultiTable``).

The rule is ``rules.legal_actions`` (every candidate filtered by its kind's check, then sorted);
this module gives the same list, faster, by building it in text order (``done`` < ``loot`` <
``put`` < ``unput``; one-digit numbers) from the actions each card carries, never sorting it as a
whole. Checked sweeps compare the two at every step and ``tests/play/test_fast_legal.py`` on
random, parsed, edited and extreme positions. It asks the rule's own checks:

- ``check_put``: a hand card may go into an encounter exactly when ``put_problem`` (what
  ``check_put`` asks) is None; that reads the card's star, the encounter's size and stars and
  the builder's counts, so it is asked once per (counts, size and stars, star) and the verdicts
  are kept with the card set (``fits_of``);
- ``check_unput``: every card in the builder's encounters, while take-backs are left;
- ``check_loot``: its four conditions, in its order (no Keys quick game, a non-empty encounter,
  not where the die is, a take-back left to move it);
- ``check_done``: asked only with an empty hand (its first condition refuses any other);
- ``check_battle``: every own encounter left against every other player's encounter left;
- ``check_pick``: every face-up card of the market.
"""

from __future__ import annotations

from itertools import chain

from rulebook.common.actions import Action
from rulebook.encounter import actions as act
from rulebook.encounter.building import BuildCounts, build_view, check_done, put_problem
from rulebook.encounter.cards import CardSet
from rulebook.encounter.state import SLOTS

KEPT = 16_384  # builders' counts kept with a card set: the ones a game meets come back at once


def legal_actions(st) -> list[Action]:
    """``rules.legal_actions(st)`` for a frozen ``MultiState`` or a playout's ``MultiTable``."""
    if st.phase == "build":
        return build_actions(st)
    if st.phase == "battle":
        return battle_actions(st)
    if st.phase == "market":
        return [st.cards[c].actions.pick for c in sorted(st.market)]
    return []


def build_actions(st) -> list[Action]:
    p, cards = st.to_move, st.cards
    hand, own = st.hands[p], st.encounters[p]
    out: list[Action] = []
    if not hand and check_done(st, act.DONE) is None:
        out.append(act.DONE)
    if "keys" not in st.variants:
        at = st.loot_at[p]
        if at < 0 or st.takebacks > 0:
            out += [act.loot(i) for i, e in enumerate(own) if e and i != at]
    if hand:
        counts, sizes, stars = build_view(own, hand, cards)
        fits = fits_of(cards, counts)
        open_to = {star: [i for i in range(SLOTS) if fits[sizes[i], stars[i], star]]
                   for star in {cards[c].star for c in hand}}  # fmt: skip
        for c in sorted(hand):
            card = cards[c]
            out += [card.actions.puts[i] for i in open_to[card.star]]
    if st.takebacks > 0:
        out += [cards[c].actions.unput for c in sorted(chain.from_iterable(own))]
    return out


def fits_of(cards: CardSet, counts: BuildCounts) -> Fits:
    """The ``Fits`` of a builder's counts, kept with the card set the game is played with (a
    playout's games all use one set; the set holds at most ``KEPT`` of them)."""
    kept = cards.kept.setdefault(__name__, {})
    fits = kept.get(counts)
    if fits is None:
        if len(kept) >= KEPT:
            kept.clear()
        fits = kept[counts] = Fits(counts)
    return fits


class Fits(dict):
    """For a builder's counts: (an encounter's size and stars, a hand card's star) -> may the card
    go into it (``put_problem``, what ``check_put`` asks, is None)? Filled as asked."""

    def __init__(self, counts: BuildCounts):
        super().__init__()
        self.counts = counts

    def __missing__(self, key: tuple[int, frozenset, str]) -> bool:
        self[key] = put_problem(self.counts, *key) is None
        return self[key]


def battle_actions(st) -> list[Action]:
    p, own = st.to_move, st.encounters[st.to_move]
    targets = [(q, t) for q, theirs in enumerate(st.encounters) if q != p
               for t in range(SLOTS) if theirs[t]]  # fmt: skip
    return [act.battle(m, q, t) for m in range(SLOTS) if own[m] for q, t in targets]

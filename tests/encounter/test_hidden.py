"""Random Encounter's ``resample`` reads the observation only (rulebook/encounter/hidden.py): two
positions a player cannot tell apart -- the hidden cards lying anywhere, even where the building
rules would not let them -- give the same re-sampled position for the same rng, on the plain
rejection path, on the bounded repair that follows it, and where no legal deal exists. The Solo
Adventure's four cards removed at setup are face down and dealt again."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from rulebook.encounter import hidden
from rulebook.encounter.setup import battle_position

from .helpers import MULTI, SOLO

Y = [f"Y{n}{x}" for n in range(1, 11) for x in "abc"]
RED_BLUE = ["R1", "R2", "R3", "R4", "TK", "B1", "B2", "B3", "B4", "B5"]
GREENS = ["G1", "G2", "G3", "G4", "G5"]


def random_positions(seeds, variants, players, every=7):
    """(state, player to move) along seeded random games, every ``every`` actions."""
    for seed, var, n in itertools.product(seeds, variants, players):
        st, rng = MULTI.new_game(seed, players=n, variants=var), random.Random(seed)
        for i in itertools.count():
            if MULTI.is_terminal(st):
                break
            if i % every == 3:
                yield st
            legal = MULTI.legal_actions(st)
            st = MULTI.apply(st, legal[rng.randrange(len(legal))])


def scrambled(st, player, rng):
    """``st`` with the cards ``player`` cannot see shuffled among their places (per owner in
    the Creature Market) with no regard to the building rules: the same observation, the hidden
    cards anywhere."""
    deal = hidden.Deal(st, player)
    flat = list(deal.pool)
    for group in deal.groups():
        cards = [flat[k] for k in group]
        rng.shuffle(cards)
        for k, c in zip(group, cards, strict=True):
            flat[k] = c
    return deal.rebuild(flat)


def broken_checks(st, player) -> int:
    deal = hidden.Deal(st, player)
    return sum(deal.faults(deal.pool).values())


def assert_same_view(d, st, player):
    assert MULTI.observation(d, player) == MULTI.observation(st, player)
    assert MULTI.invariants(d) == MULTI.invariants(st)
    again = MULTI.parse(str(d))
    assert again == d and str(again) == str(d)
    if player == MULTI.to_move(st):
        assert MULTI.legal_actions(d) == MULTI.legal_actions(st)


@pytest.mark.parametrize("tries", [hidden.TRIES, 0], ids=["rejection", "repair"])
def test_resample_depends_on_the_observation_only_along_random_games(tries, monkeypatch):
    """Positions of 2-, 3- and 5-player games of every variant: a scrambled copy (same
    observation, hidden cards anywhere) is re-sampled to the same position, which keeps the
    view and every building check. ``repair``: no uniform deal tried, the bounded repair from a
    fresh deal answers (the old fallback walked from the real deal and failed here)."""
    monkeypatch.setattr(hidden, "TRIES", tries)
    variants = [(), ("keys",), ("market",), ("sin",)]
    count = 0
    positions = list(random_positions(range(1), variants, (2, 3, 5), every=20))
    for st in positions if tries else positions[::5]:  # a repair costs about 40 ms
        rng = random.Random(count)
        for player in {MULTI.to_move(st), (MULTI.to_move(st) + 1) % st.players, None}:
            other = scrambled(st, player, rng)
            assert MULTI.observation(other, player) == MULTI.observation(st, player)
            for k in range(2 if tries else 1):
                d = MULTI.resample(st, player, random.Random(k))
                assert d == MULTI.resample(other, player, random.Random(k))
                assert_same_view(d, st, player)
                assert broken_checks(d, player) == 0
            count += 1
    assert count >= (150 if tries else 30), count


def hard_position():
    """Five players, no deck; player 1 (to move) holds nine Yellows, every opponent has one
    five-card encounter and four single cards: about 1 uniform deal in 80 keeps every Red
    apart from every Blue and every Green out of the singles."""

    def split(cards):
        return [cards[:5], *[[c] for c in cards[5:]]]

    # the real deal is legal: the five-card encounters hold Reds, Blues, Greens, Yellows
    opponents = [
        RED_BLUE[:5] + Y[9:13],
        RED_BLUE[5:] + Y[13:17],
        GREENS + Y[17:21],
        Y[21:25] + ["Y10c"] + Y[25:29],
    ]
    return battle_position([split(Y[:9])] + [split(o) for o in opponents])


def test_the_repair_finds_a_legal_deal_where_every_uniform_deal_failed(monkeypatch):
    st = hard_position()
    assert MULTI.invariants(st) == [] and broken_checks(st, 0) == 0
    repaired = []
    real_repair = hidden.Deal.repair

    def spy(self, flat, rng):
        out = real_repair(self, flat, rng)
        repaired.append(out[1])
        return out

    monkeypatch.setattr(hidden.Deal, "repair", spy)
    deals = set()
    for k in range(12):
        d = MULTI.resample(st, 0, random.Random(k))
        assert_same_view(d, st, 0)
        assert broken_checks(d, 0) == 0
        assert d == MULTI.resample(scrambled(st, 0, random.Random(k)), 0, random.Random(k))
        deals.add(d)
    assert repaired and repaired[-1] == 0  # some seeds needed the repair, which ended legal
    assert len(deals) == 12 and st not in deals


def impossible_position():
    """Three players; player 1 sees 36 of the 45 cards. Player 2 has five single cards, player 3
    four in one encounter and four singles; the nine hidden cards are the five Greens and four
    Yellows, so some Green lies alone in every deal: no deal passes every check."""
    seen = RED_BLUE + [c for c in Y if c not in Y[20:24]]
    mine = [seen[:32], *[[c] for c in seen[32:]]]
    second = [[g] for g in GREENS]
    third = [Y[20:24], [], [], [], []]
    return battle_position([mine, second, third])


def test_where_no_legal_deal_exists_the_fewest_broken_checks_and_still_the_observation_only():
    st = impossible_position()
    deal = hidden.Deal(st, 0)
    fewest = min(  # every placement of the Greens among the nine hidden places
        sum(deal.faults(flat).values()) for flat in _colour_deals(deal.pool)
    )
    assert fewest > 0
    for k in range(4):
        d = MULTI.resample(st, 0, random.Random(k))
        assert_same_view(d, st, 0)
        assert broken_checks(d, 0) == fewest
        assert d == MULTI.resample(scrambled(st, 0, random.Random(k + 9)), 0, random.Random(k))


def _colour_deals(flat):
    """Every deal of ``flat``'s cards up to swapping cards of the same colour (Greens first)."""
    greens = sorted(c for c in flat if c.startswith("G"))
    others = sorted(c for c in flat if not c.startswith("G"))
    for where in itertools.combinations(range(len(flat)), len(greens)):
        g, o = iter(greens), iter(others)
        yield [next(g) if k in where else next(o) for k in range(len(flat))]


# ---- Solo Adventure: the four cards removed at setup -----------------------------------------


def solo_positions(seeds=range(6)):
    for seed in seeds:
        st, rng = SOLO.new_game(seed), random.Random(seed)
        while not SOLO.is_terminal(st):
            yield st
            legal = SOLO.legal_actions(st)
            st = SOLO.apply(st, legal[rng.randrange(len(legal))])
        yield st


def test_solo_observation_hides_the_four_removed_cards():
    """Seed 003: "take four cards at random from the Main deck and remove them from the game"
    -- never shown: the observation writes them ``?`` and does not change when they trade
    places with a face-down card of the Final Encounter."""
    st = SOLO.new_game(3)
    assert len(st.removed) == hidden.REMOVED_AT_SETUP
    seen = SOLO.observation(st, 0)
    assert "removed=?,?,?,?" in seen.split()
    assert f"removed={','.join(st.removed)}" in str(st).split()  # the real ones, in the notation
    swapped = replace(
        st,
        removed=(st.final[1], *st.removed[1:]),
        final=(st.final[0], st.removed[0], *st.final[2:]),
    )
    assert SOLO.invariants(swapped) == [] and swapped != st
    assert SOLO.observation(swapped, 0) == seen
    for k in range(3):
        assert SOLO.resample(st, 0, random.Random(k)) == SOLO.resample(swapped, 0, random.Random(k))


def test_solo_resample_deals_the_removed_cards_with_the_main_deck_cards_along_games():
    """Along random adventures: the removed four are dealt again with the undiscovered
    encounters and the Final Encounter's six (never a Key, never a Boss), the view and the
    legal actions stay, and a copy with those cards swapped is re-sampled the same."""
    changed = total = 0
    for st in solo_positions():
        d = SOLO.resample(st, 0, random.Random(total))
        assert SOLO.observation(d, 0) == SOLO.observation(st, 0)
        assert SOLO.invariants(d) == [] and SOLO.parse(str(d)) == d
        assert SOLO.legal_actions(d) == SOLO.legal_actions(st)
        removed = d.removed[: hidden.REMOVED_AT_SETUP]
        assert all(d.cards[c].kind not in ("key", "boss") for c in removed)
        assert d.removed[hidden.REMOVED_AT_SETUP :] == st.removed[hidden.REMOVED_AT_SETUP :]
        other = SOLO.resample(st, 0, random.Random(10_000 + total))
        assert SOLO.resample(other, 0, random.Random(total)) == d
        changed += removed != st.removed[: hidden.REMOVED_AT_SETUP]
        total += 1
    assert total > 50 and changed > total // 2, (changed, total)

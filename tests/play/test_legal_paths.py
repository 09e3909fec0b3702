"""Every path to a position's legal list gives the same list, in the same order.

Each game's ``legal_actions`` is the rule (every candidate its kind's check lets through). The
same list must come from asking ``refusal`` of every candidate the rules weigh
(``Game.candidates``), and from the frozen position and the working copy a playout advances in
place. Positions: random ones, the gallery's parsed positions, positions made by the
instructors' edits and by random edits, and extremes (hands of 0 and 16-30 cards, empty and full piles and decks, a peasant
on every square). A 4-bit hand count once made a hand of 16 cards list nothing."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

import rulebook
from drawings import gallery
from rulebook.common.actions import BY_TEXT
from rulebook.common.errors import TrogkitInputError

GAMES = ["encounter", "encounter-solo", "trogdor", "trollland"]


def agree(game, s) -> list:
    """The rule's list for ``s``, asserted equal to every other path's."""
    rule = game.legal_actions(s)
    frozen = game.freeze(s)
    assert game.legal_actions(frozen) == rule, str(frozen)
    weighed = [a for a in game.candidates(frozen) if game.refusal(frozen, a) is None]
    assert sorted(weighed, key=BY_TEXT) == rule, str(frozen)
    return rule


def random_positions(game, count: int, seed: int = 20, **options):
    """``count`` live positions from seeded random games over every player count, each as a
    frozen position and as the working copy a playout holds there."""
    rng = random.Random(seed)
    allowed = game.players_allowed
    n = 0
    for game_seed in itertools.count():
        players = allowed[game_seed % len(allowed)]
        s = game.new_game(game_seed, players=players, **options)
        copy = game.fork(s)
        while not game.is_terminal(s):
            yield s
            yield copy
            n += 1
            if n >= count:
                return
            a = rng.choice(game.legal_actions(s))
            s, copy = game.apply(s, a), game.advance(copy, a)


@pytest.mark.parametrize("name", GAMES)
def test_random_positions_and_playout_copies(name):
    game = rulebook.game(name)
    phases = set()
    for s in random_positions(game, 1_500):
        assert agree(game, s)  # a live position always has an action
        phases.add(getattr(s, "phase", None))
    assert len(phases) >= 2


RULING_SETS = {
    "trollland": ("TLR-GAT-CHOICE", "TLR-QUESTION-DOCK", "TLR-ARROW-CHAIN"),
}


def test_trollland_under_every_option_of_the_rulings_its_loads_read():
    game = rulebook.game("trollland")
    ids = RULING_SETS["trollland"]
    for combo in itertools.product(*(game.rulings[r].options for r in ids)):
        rulings = dict(zip(ids, combo, strict=True))
        for s in random_positions(game, 150, rulings=rulings):
            agree(game, s)


def test_encounter_variants_and_no_takebacks_left():
    game = rulebook.game("encounter")
    for variants in ((), ("sin",), ("market", "sin"), ("keys",)):
        for s in random_positions(game, 300, variants=variants):
            agree(game, s)
            s = game.freeze(s)
            if s.phase == "build":
                agree(game, dataclasses.replace(s, takebacks=0))


@pytest.mark.parametrize("package", ["trogdor", "trollland", "encounter"])
def test_gallery_positions(package):
    seen = 0
    for scenario in gallery.load(package):
        for choices, _ in scenario.cases():
            s = gallery.position(scenario, choices)
            game = rulebook.game(s.GAME if hasattr(s, "GAME") else package)
            agree(game, s)
            seen += 1
    assert seen >= 5


def random_edits(game, s, rng: random.Random, edits: int):
    """``s`` after up to ``edits`` random card moves an instructor's editor accepts."""
    from importlib import import_module

    edit = import_module(f"{type(game).__module__.rsplit('.', 1)[0]}.edit")
    held = edit.zones_for(s).read(s)
    zones, cards = sorted(held), sorted(c for inside in held.values() for c in inside)
    for _ in range(edits):
        try:
            s = edit.move_card(s, rng.choice(cards), rng.choice(zones))
        except TrogkitInputError:
            continue
    return s


@pytest.mark.parametrize("name", ["trollland", "encounter", "encounter-solo"])
def test_positions_after_random_edits(name):
    game = rulebook.game(name)
    rng = random.Random(5)
    for i, s in enumerate(random_positions(game, 200, seed=9)):
        if i % 2:  # the frozen positions
            continue
        agree(game, random_edits(game, s, rng, 4))


def _hand_of(s, p: int, size: int):
    """Encounter ``s`` with player ``p`` holding ``size`` cards: taken from the deck, the
    discard, then the other hands (fewer when the box holds fewer)."""
    pool = [c for c in s.hands[p]] + list(s.deck) + list(s.discard)
    pool += [c for q, h in enumerate(s.hands) if q != p for c in h]
    take = pool[:size]
    hands = tuple(
        tuple(take) if q == p else tuple(c for c in h if c not in take)
        for q, h in enumerate(s.hands)
    )
    return dataclasses.replace(
        s,
        hands=hands,
        deck=tuple(c for c in s.deck if c not in take),
        discard=tuple(c for c in s.discard if c not in take),
    )


SIZES = (0, 1, 9, 15, 16, 17, 20, 25, 30)


def test_encounter_hands_of_0_and_16_to_30_cards():
    game = rulebook.game("encounter")
    for players in (2, 5):
        for seed in range(3):
            s = game.new_game(seed, players=players)
            rng = random.Random(seed)
            while not game.is_terminal(s):
                if s.phase == "build":
                    for size in SIZES:
                        big = _hand_of(s, s.to_move, size)
                        legal = agree(game, big)
                        if len(big.hands[s.to_move]) >= 16:
                            # not stuck (a later builder robbed below five cards is another
                            # problem, RE-BUILD-FIVE, which the invariants report)
                            assert len(legal) >= 16 and game.stuck(big) == []
                s = game.apply(s, rng.choice(game.legal_actions(s)))


def test_encounter_instructor_edit_takes_a_sixteenth_to_thirtieth_card():
    """The editor checks the edited position (stuck included): a hand of 16 to 30 cards in the
    build phase is a position with legal actions, not a stuck one."""
    from rulebook.encounter.edit import move_card

    game = rulebook.game("encounter")
    s = game.new_game(0)
    hand = f"hand:P{s.to_move + 1}"
    for card in s.deck:
        s = move_card(s, card, hand)
    assert len(s.hands[s.to_move]) > 30
    assert len(agree(game, s)) > 5 * 30


def test_solo_hands_of_0_and_16_to_30_cards_and_an_empty_boss_deck():
    game = rulebook.game("encounter-solo")
    rng = random.Random(3)
    for seed in range(6):
        s = game.new_game(seed)
        while not game.is_terminal(s):
            pool = list(s.hand) + list(s.discard) + list(s.removed) + list(s.boss_deck)
            for size in SIZES:
                take = tuple(pool[:size])
                agree(game, dataclasses.replace(s, hand=take))
            agree(game, dataclasses.replace(s, boss_deck=()))
            s = game.apply(s, rng.choice(game.legal_actions(s)))


def test_trollland_empty_and_full_piles_and_hands():
    game = rulebook.game("trollland")
    for s in random_positions(game, 300, seed=4):
        s = game.freeze(s)
        agree(game, dataclasses.replace(s, draw=(), vehicle_pile=()))
        everyone = tuple(c for h in s.hands for c in h) + s.draw
        hands = tuple(everyone if q == s.to_move else () for q in range(s.players))
        agree(game, dataclasses.replace(s, hands=hands, draw=()))
        agree(game, dataclasses.replace(s, hands=tuple(() for _ in s.hands)))


def test_trogdor_every_peasant_on_the_board_every_tile_burnt_and_every_power():
    from rulebook.trogdor import puzzle
    from rulebook.trogdor.grid import SQUARES

    game = rulebook.game("trogdor")
    layout = "C.M.C/.T.../...L./...T./C.M.."
    every = [str(sq) for sq in SQUARES]
    for powers in (
        [],
        ["burn-any", "diagonal", "wrap"],
        ["burn-orthogonal-after", "teleport", "peasant-adjacent"],
        ["free-move", "free-chomp", "free-burrow", "free-hide", "block-knights"],
    ):
        for ap in (0, 1, 3):
            for here in ("B2", "A1", "E5", "C3", None):
                # the box's seven peasants all on the board; every tile burnt, or none
                for peasants, burnt in ((every[:7], []), (every[-7:], every), ([], every[::2])):
                    s = puzzle(layout, trogdor=here, ap=ap, powers=powers, peasants=peasants,
                               burnt=burnt, knights=["E4"], meter=0)  # fmt: skip
                    agree(game, s)


def test_trogdor_empty_decks():
    from rulebook.trogdor.state import Deck

    game = rulebook.game("trogdor")
    for s in random_positions(game, 300, seed=8):
        s = game.freeze(s)
        empty = Deck((), ())
        agree(game, s.replace(action_deck=empty, movement_deck=empty))

"""Every position an editor accepts or ``parse`` reads can be played on (issue 36): random edits
of real positions in every game, each followed by a random playout with every invariant checked
after every action; what the rules cannot play is refused as bad input, naming the rule."""

from __future__ import annotations

import dataclasses
import importlib
import random

import pytest

import rulebook
from rulebook.common.errors import TrogkitInputError
from rulebook.trogdor.board import TILE_KINDS
from rulebook.trogdor.grid import INDEX

GAMES = ("trogdor", "trollland", "encounter", "encounter-solo")
SQUARE_TOOLS = ["trogdor", "peasant", "peasant-remove", "knight", "archer", "troghammer", "burnt",
                "cottage-burnt", "clear", *(f"tile {k}" for k in TILE_KINDS)]  # fmt: skip


def editor_of(game):
    return importlib.import_module(f"rulebook.{game.name.split('-')[0]}.edit")


def random_edit(game, s, rng: random.Random) -> tuple:
    """One edit an instructor could make: a palette tool on a square, the meter, the AP or the
    next movement card in Trogdor; a card moved to any zone in the card games."""
    if game.name == "trogdor":
        k = rng.randrange(10)
        if k < 7:
            return ("square", rng.choice(SQUARE_TOOLS), str(rng.choice(list(INDEX))))
        if k == 7:
            return ("meter", rng.randrange(8))
        if k == 8:
            return ("ap", rng.randrange(12))
        deck = s.movement_deck
        return ("movement", rng.choice(deck.draw + deck.discard or ("mv-01",)))
    zones = editor_of(game).zones_for(s).read(s)
    cards = [c for held in zones.values() for c in held]
    return ("move", rng.choice(cards), rng.choice(list(zones)))


def start(game, rng: random.Random):
    """A dealt game of a random size, some random actions in (every phase comes up)."""
    s = game.new_game(rng.randrange(10_000), players=rng.choice(game.players_allowed))
    for _ in range(rng.randrange(80)):
        if game.is_terminal(s):
            break
        s = game.apply(s, rng.choice(game.legal_actions(s)))
    return s


@pytest.mark.parametrize("name", GAMES)
def test_random_edits_then_random_playouts_keep_every_invariant(name):
    game = rulebook.game(name)
    edit = editor_of(game).edit
    rng = random.Random(f"edits-{name}")
    accepted = refused = 0
    for _trial in range(40):
        s = start(game, rng)
        for _ in range(rng.randrange(1, 5)):
            op = random_edit(game, s, rng)
            try:
                s = edit(s, op)
                accepted += 1
            except TrogkitInputError:
                refused += 1
        assert game.parse(str(s), cards=s.cards) == s  # what an editor gives parses back
        for step in range(120):
            assert game.invariants(s) == [], (name, op, step, str(s))
            if game.is_terminal(s):
                break
            s = game.apply(s, rng.choice(game.legal_actions(s)))
    assert accepted > 20 and refused > 0, (accepted, refused)  # both kinds were tried


def _refused(game, text: str) -> str:
    with pytest.raises(TrogkitInputError) as e:
        game.parse(text)
    return str(e.value)


def test_trogdor_parse_refuses_a_card_in_two_places_and_more_knights_than_the_box():
    g = rulebook.game("trogdor")
    s = g.new_game(1)
    card = s.action_deck.draw[0]
    assert "action cards in two places" in _refused(g, str(s).replace("hands=", f"hands={card},"))
    many = str(s).replace("knights=", "knights=A1,A2,A3,A4,A5,B1,B2,B3,")
    assert "T-SETUP-PIECES: 10 knights; the box has 2" in _refused(g, many)
    from rulebook.trogdor.state import State

    for text in (many, str(s).replace("hands=", f"hands={card},")):  # the State's own reader
        with pytest.raises(TrogkitInputError, match="T-SETUP-PIECES|in two places"):
            State.parse(text)


def test_trogdor_editor_refuses_a_third_knight_citing_the_setup_rule():
    from rulebook.trogdor.edit import edit

    s = rulebook.game("trogdor").new_game(1)
    free = [sq for sq in ("A1", "B1", "E5") if sq not in map(str, s.knights)]
    with pytest.raises(TrogkitInputError, match="T-SETUP-PIECES: 3 knights; the box has 2"):
        edit(s, ("square", "knight", free[0]))


def _spawn_step(seed: int = 3):
    g = rulebook.game("trogdor")
    s, rng = g.new_game(seed), random.Random(1)
    while s.phase != "spawn":
        s = g.apply(s, rng.choice(g.legal_actions(s)))
    return s


def test_trogdor_meter_or_peasants_changed_in_the_spawn_step_are_refused_not_stuck():
    from rulebook.trogdor.edit import edit

    s = _spawn_step()
    with pytest.raises(TrogkitInputError, match="T-SPAWN: the spawn step with no peasant"):
        edit(s, ("meter", 0))
    slots = [str(sq) for sq, burnt in s.cottages.items() if not burnt and sq not in s.peasants]
    t = s
    with pytest.raises(TrogkitInputError, match="T-SPAWN"):
        for sq in slots:  # a peasant on every free cottage: nothing left to spawn on
            t = edit(t, ("square", "peasant", sq))
    assert edit(s, ("meter", 6)).meter == 6  # an edit that keeps a choice is accepted


def test_trogdor_next_movement_card_is_taken_from_where_it_is():
    from rulebook.trogdor.edit import edit

    g = rulebook.game("trogdor")
    s = _spawn_step()
    card = next(c for c in s.movement_deck.discard if c != s.movement_card)
    t = edit(s, ("movement", card))
    assert t.movement_deck.draw[0] == card and card not in t.movement_deck.discard
    assert g.invariants(t) == []
    with pytest.raises(TrogkitInputError, match="Phase 2 movement card"):
        edit(s, ("movement", s.movement_card))  # the card in use stays on the discard pile


def _solo():
    g = rulebook.game("encounter-solo")
    s, rng = g.new_game(2), random.Random(2)
    while s.phase != "build":
        s = g.apply(s, rng.choice(g.legal_actions(s)))
    return g, s


def test_solo_defeated_creatures_wait_only_in_the_loot_step():
    from rulebook.encounter.edit import edit

    g, s = _solo()
    card = s.hand[0]
    with pytest.raises(TrogkitInputError, match="RE-SOLO-LOOT: defeated creatures wait only"):
        edit(s, ("move", card, "defeated"))
    typed = dataclasses.replace(s, defeated=(card,), hand=s.hand[1:])  # as if typed in
    assert "RE-SOLO-LOOT" in _refused(g, str(typed))


def test_solo_keys_hold_only_key_cards():
    from rulebook.encounter.edit import edit

    g, s = _solo()
    yellow = next(c for c in s.hand if s.cards[c].star == "yellow")
    with pytest.raises(TrogkitInputError, match=f"RE-SOLO-KEYS-IN: .*not {yellow}"):
        edit(s, ("move", yellow, "keys"))


def test_encounter_hands_the_build_can_go_on_from():
    g = rulebook.game("encounter")
    s, rng = g.new_game(4, players=3), random.Random(4)
    first = s.to_move
    while s.to_move == first:  # the first builder builds and is done
        s = g.apply(s, rng.choice(g.legal_actions(s)))
    built, now = f"hand:P{first + 1}", s.to_move
    later = next(p for p in range(3) if p not in (first, now))
    with pytest.raises(TrogkitInputError, match=f"RE-BUILD-FIVE: P{first + 1} has built but"):
        g.edit(s, ("move", s.deck[0], built))
    with pytest.raises(TrogkitInputError, match=f"P{later + 1} builds after P{now + 1} but"):
        g.edit(s, ("move", s.hands[later][0], f"encounter:P{later + 1}.E1"))
    t = s
    with pytest.raises(TrogkitInputError, match=f"P{later + 1} holds 4 cards, fewer than the 5"):
        for card in s.hands[later]:  # a later builder's hand emptied into the deck
            t = g.edit(t, ("move", card, "deck"))
    assert len(t.hands[later]) == 5
    big = g.edit(s, ("move", s.deck[0], f"hand:P{now + 1}"))  # the builder's hand: any size
    assert len(big.hands[now]) == len(s.hands[now]) + 1 and g.invariants(big) == []


def test_trollland_a_single_chosen_card_in_the_choose_step_is_refused():
    from rulebook.trollland.edit import edit

    g = rulebook.game("trollland")
    s = g.new_game(1, players=3)
    assert s.phase == "choose"
    with pytest.raises(TrogkitInputError, match="TL-CHOOSE-TWO: P2 has chosen 1 card"):
        edit(s, ("move", s.hands[1][0], "chosen:P2"))
    text = (
        str(s)
        .replace("chosen=-/-/-", f"chosen=-/{s.hands[1][0]}/-")
        .replace(f"{s.hands[1][0]},", "", 1)
    )
    assert "TL-CHOOSE-TWO" in _refused(g, text)


def test_trollland_into_the_trollgat_scenario_can_be_edited():
    """Issue 33: every edit of the chosen card was refused ("nobody can act in step 'load'").
    The card leaves and the rules carry on as they would: loading is over, the turn ends."""
    from drawings import gallery as G
    from rulebook.trollland.edit import edit

    sc = next(s for s in G.load("trollland") if s.name == "trollgat-when-a-cage-fits")
    s = G.position(sc)
    t = edit(s, ("move", "Zo3", "hand:P2"))
    assert t.hands[1] == ("Zo3",) and rulebook.game("trollland").invariants(t) == []
    assert t.phase == "over"  # the turn ends and no two cards each can be dealt: TL-GAME-END-CARDS

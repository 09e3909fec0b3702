"""Whole-game invariants under random play (hypothesis over seeds, players and rulings):
7 peasants in all, 25 tiles, a live game always has a legal action, and T-GAME-OVER holds."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.trogdor import CATALOG, State, apply_action, legal_actions, new_game

RULING_CHOICES = st.fixed_dictionaries(
    {rid: st.sampled_from(sorted(r.options)) for rid, r in CATALOG.rulings.items()}
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), rulings=RULING_CHOICES)
def test_random_games_keep_invariants(seed, players, rulings):
    """T-DAMAGE / T-SPAWN / T-CHOMP keep 7 peasants; every game ends (T-GAME-OVER)."""
    g = new_game(seed=seed, players=players, rulings=rulings)
    rng = random.Random(seed)
    for n in range(3000):
        assert len(g.peasants) + g.meter + g.void == 7, str(g)
        assert len(g.tiles) == 25 and len(g.cottages) == 3 and 0 <= g.meter <= 7
        assert list(g.peasants) == sorted(g.peasants)
        acts = legal_actions(g)
        if g.outcome is not None:
            assert g.phase == "over" and acts == []
            break
        assert acts, str(g)
        if n % 25 == 0:
            assert State.parse(str(g), g.cards) == g
        g = apply_action(g, rng.choice(acts))
    assert g.outcome in ("win", "table-flip", "defeat")


def test_game_invariants_hold_in_play_and_catch_broken_states():
    """The protocol's invariants(): [] at every state of seeded random games; a state that lost
    a peasant, doubled a card or misplaced a cottage is reported."""
    import random

    import rulebook
    from rulebook.trogdor.grid import BY_NAME
    from rulebook.trogdor.state import Cottages, Deck

    g = rulebook.game("trogdor")
    for seed in range(4):
        s, rng = g.new_game(seed, players=1 + seed % 3), random.Random(seed)
        while True:
            assert g.invariants(s) == [], (seed, str(s))
            if g.is_terminal(s):
                break
            s = g.apply(s, rng.choice(g.legal_actions(s)))
    s = g.new_game(1)
    assert any("peasants" in m for m in g.invariants(s.replace(void=s.void + 1)))
    top = s.action_deck.draw[0]
    doubled = s.replace(action_deck=Deck((top, *s.action_deck.draw), ()))
    assert any("two places" in m for m in g.invariants(doubled))
    moved = s.replace(cottages=Cottages.on([BY_NAME["C3"], *s.cottages]))
    assert any("cottages" in m for m in g.invariants(moved))


def test_invariants_see_every_broken_field_right_after_a_clean_position():
    """Each break is reported right after a clean position that shares every other field (the
    answer depends on the position alone), and the clean position stays clean after."""
    import rulebook
    from rulebook.trogdor.grid import BY_NAME
    from rulebook.trogdor.state import Cottages, Deck

    g = rulebook.game("trogdor")
    s = g.new_game(5, players=2)
    act, mov = s.action_deck, s.movement_deck
    breaks = {
        "peasants": s.replace(meter=s.meter - 1),
        "out of 0..7": s.replace(meter=9, void=s.void - 9 + s.meter),
        "hands for 2 players": s.replace(hands=s.hands[:1]),
        "per-player fields": s.replace(keepers=s.keepers[:1]),
        "movement card is not on the discard pile": s.replace(movement_card=mov.draw[0]),
        "unknown piece": s.replace(pieces_to_move=("dragon",)),
        "phase 'over'": s.replace(outcome="win"),
        "action cards in two places": s.replace(action_deck=Deck(act.draw + act.draw[:1], ())),
        "movement cards in two places": s.replace(movement_deck=Deck(mov.draw + mov.draw[-1:])),
        "cottages are not exactly": s.replace(cottages=Cottages.on([BY_NAME["C3"]])),
    }
    for words, broken in breaks.items():
        assert g.invariants(s) == []
        assert any(words in m for m in g.invariants(broken)), (words, g.invariants(broken))
        assert any(words in m for m in g.invariants(broken)), words  # asked twice: still broken
    assert g.invariants(s) == []

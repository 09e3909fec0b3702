"""Seeded random play of whole games, for the contract tests and the benchmarks.

The multiplayer policy is random among legal actions but builds purposefully (put cards, place the
Loot die, then ``done``; ``unput`` only when stuck), so a game ends in a few hundred actions.
"""

from __future__ import annotations

from rulebook.common.rng import Rng

from . import multi, solo


def multi_policy(st: multi.MultiState, rng: Rng) -> str:
    acts = multi.legal_actions(st)
    if "done" in acts:
        return "done"
    p = st.turn
    if st.phase == "build" and not st.hands[p] and "keys" not in st.variants:
        loot = [a for a in acts if a.startswith("loot")]
        if loot and st.loot_at[p] < 0:
            return rng.choice(loot)
    main = [a for a in acts if a.startswith(("put", "pick", "battle"))]
    return rng.choice(main or [a for a in acts if a.startswith("unput")])


def play_multi(seed: int, players: int = 3, variants=(), rulings=None, max_actions: int = 20000):
    """(final state, actions played). Raises RuntimeError if the game does not end."""
    st = multi.new_game(players, seed, variants=variants, rulings=rulings)
    rng = Rng(seed, 1_000_000)
    history = []
    while st.phase != "over":
        if len(history) >= max_actions:
            raise RuntimeError(f"game {seed} did not end in {max_actions} actions")
        a = multi_policy(st, rng)
        st = multi.apply_action(st, a)
        history.append(a)
    return st, history


def play_solo(seed: int, rulings=None, max_actions: int = 5000):
    """Uniformly random legal Solo Adventure play: (final state, actions)."""
    st = solo.new_adventure(seed, rulings=rulings)
    rng = Rng(seed, 1_000_000)
    history = []
    while st.outcome == "-":
        if len(history) >= max_actions:
            raise RuntimeError(f"adventure {seed} did not end in {max_actions} actions")
        a = rng.choice(solo.legal_actions(st))
        st = solo.apply_action(st, a)
        history.append(a)
    return st, history

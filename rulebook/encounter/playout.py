"""Seeded random play of whole games, for the contract tests and the benchmarks.

The multiplayer policy is random among legal actions but builds purposefully (put cards, place the
Loot die, then ``done``; ``unput`` only when stuck), so a game ends in a few hundred actions.
"""

from __future__ import annotations

from rulebook.common.rng import Rng

from . import multi, solo


def random_build(st: multi.MultiState, rng: Rng, tries: int = 12) -> str | None:
    """A uniformly drawn whole build (``build ... loot=N``) that is legal, or None."""
    from .battle import composition_problem

    p = st.turn
    hand = st.hands[p] + [c for s in st.slots[p] for c in s]
    n_extra = len(hand) - multi.SLOTS
    for _ in range(tries):
        order = rng.shuffle(hand)
        code = rng.randrange(multi.SLOTS ** (n_extra + 1))
        groups = [[c] for c in order[: multi.SLOTS]]
        for c in order[multi.SLOTS :]:
            groups[code % multi.SLOTS].append(c)
            code //= multi.SLOTS
        if all(composition_problem(g, st.cards) is None for g in groups):
            loot = "-" if "keys" in st.variants else str(code % multi.SLOTS + 1)
            return f"build {'/'.join('+'.join(g) for g in groups)} loot={loot}"
    return None


def multi_policy(st: multi.MultiState, rng: Rng, whole_builds: bool = True) -> str:
    if whole_builds and st.phase == "build" and not any(st.slots[st.turn]):
        a = random_build(st, rng)
        if a is not None:
            return a
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


def play_multi(
    seed: int, players: int = 3, variants=(), rulings=None, max_actions: int = 20000,
    whole_builds: bool = True,
):  # fmt: skip
    """(final state, actions played). Raises RuntimeError if the game does not end. With
    ``whole_builds`` a build is one random ``build ...`` action (falling back to put/unput steps
    when no legal random split turns up); without, every card is put one at a time."""
    st = multi.new_game(players, seed, variants=variants, rulings=rulings)
    rng = Rng(seed, 1_000_000)
    history = []
    while st.phase != "over":
        if len(history) >= max_actions:
            raise RuntimeError(f"game {seed} did not end in {max_actions} actions")
        a = multi_policy(st, rng, whole_builds)
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

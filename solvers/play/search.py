"""Monte Carlo tree search (UCT) over the game protocol, with chance determinised.

Before each simulation the hidden part of the root position is re-sampled from what the player
to move can know (``game.resample``, rulebook/API.md): the draw piles are shuffled, the opponents'
hands (and in Random Encounter their face-down encounters) are dealt again from the unseen cards
and the state's RNG is re-seeded. One tree is shared by all
determinisations (single-observer information-set MCTS): a node's children are keyed by action
text, and selection considers only the children legal in the current determinisation, with
UCB's exploration term counted over the simulations in which a child was available.

Forced actions (exactly one legal action, e.g. Trogdor's draw and Phase-2 steps) are played
through without a node. A simulation expands one node, then plays uniformly random actions for
at most ``depth`` choices and scores the position with ``evaluate`` (1 or 0 at the end of the
game). Every simulation is bounded: by ``depth`` and by the game's declared maximum length.

Random Encounter's search agent does not grow a tree over single card placements (a build turn
is ~25 choices whose worth shows only at the battles, so 8-16 simulations of UCT were no
better than the greedy): ``build_search`` compares whole random builds by rollouts to the end
of the round, and ``battle_search`` tries every battle with a greedy continuation in a few
determinisations. Both play only on determinised copies (the opponents' face-down encounters
dealt again) and stop at the round's end or the game's maximum length.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from rulebook.common.errors import TrogkitInputError

from .evaluate import encounter_loot_value, evaluate


class _Node:
    __slots__ = ("children", "visits", "value", "available")

    def __init__(self):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.value = 0.0  # sum of rewards of the player who chose the action into this node
        self.available = 0  # simulations in which this node's action was legal


@dataclass(frozen=True)
class SearchResult:
    action: object  # the chosen Action
    win_rate: float  # its mean simulated value for the player to move (1 = certain win)
    simulations: int
    visits: dict  # action text -> visits at the root


def _forced(game, state, steps: list[int], limit: int):
    """Play through positions with one legal action; returns (state, legal actions)."""
    legal = game.legal_actions(state)
    while len(legal) == 1 and steps[0] < limit:
        state = game.apply(state, legal[0])
        steps[0] += 1
        legal = game.legal_actions(state) if not game.is_terminal(state) else []
    return state, legal


def _rewards(game, state, players: int) -> list[float]:
    return [evaluate(game, state, p) for p in range(players)]


def uct(
    game,
    state,
    rng: random.Random,
    *,
    simulations: int = 64,
    seconds: float | None = None,
    depth: int = 12,
    exploration: float = 0.7,
    estimate_forced: bool = False,
) -> SearchResult:
    """The action UCT recommends for the player to move in ``state`` after ``simulations``
    determinised simulations (or fewer if ``seconds`` of wall clock run out first). With a
    single legal action it answers at once, unless ``estimate_forced`` asks for its value."""
    root_legal = game.legal_actions(state)
    if not root_legal:
        raise TrogkitInputError(f"{game.name}: the game is over, there is no action to choose")
    if len(root_legal) == 1 and not estimate_forced:
        return SearchResult(root_legal[0], float("nan"), 0, {str(root_legal[0]): 0})
    me = game.to_move(state)
    players = game.num_players(state)
    deadline = None if seconds is None else time.monotonic() + seconds
    root = _Node()
    done = 0
    began = time.monotonic()
    # stop before a simulation that would overrun the deadline (its cost: the mean so far)
    while done < simulations and (
        deadline is None or time.monotonic() + (time.monotonic() - began) / max(1, done) < deadline
    ):
        done += 1
        s = game.resample(state, me, rng)
        path, s = _descend(game, root, s, rng, exploration, depth)
        reward = _rewards(game, s, players)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.value += reward[mover]
    return _most_visited(root, root_legal, rng, done)


def _descend(game, root: _Node, s, rng: random.Random, exploration: float, depth: int):
    """One simulation from the determinised root ``s``: down the tree by UCB, one new child
    added, then a random rollout of ``depth`` choices. (path of (child, its mover), end state)."""
    limit = game.max_length
    steps = [0]
    legal = game.legal_actions(s)
    node, path = root, []  # path: (child node, player who chose it)
    expanded = False
    while legal and not expanded and steps[0] < limit:
        mover = game.to_move(s)
        untried = [a for a in legal if str(a) not in node.children]
        for a in legal:
            child = node.children.get(str(a))
            if child is not None:
                child.available += 1
        if untried:
            a = untried[rng.randrange(len(untried))]
            child = node.children[str(a)] = _Node()
            child.available = 1
            expanded = True
        else:
            a = _ucb_choice(node, legal, exploration)
            child = node.children[str(a)]
        s = game.apply(s, a)
        steps[0] += 1
        path.append((child, mover))
        node = child
        s, legal = _forced(game, s, steps, limit)
    choices = 0
    while legal and choices < depth and steps[0] < limit:
        s = game.apply(s, legal[rng.randrange(len(legal))])
        steps[0] += 1
        choices += 1
        if game.is_terminal(s):
            break
        s, legal = _forced(game, s, steps, limit)
    return path, s


def _ucb_choice(node: _Node, legal, exploration: float):
    """The legal child with the best UCB score, its exploration counted over the simulations
    in which it was available (first of equals)."""
    best, a = -1.0, None
    for cand in legal:
        c = node.children[str(cand)]
        score = c.value / c.visits + exploration * math.sqrt(
            math.log(max(1, c.available)) / c.visits
        )
        if score > best:
            best, a = score, cand
    return a


def _most_visited(root: _Node, root_legal, rng: random.Random, done: int) -> SearchResult:
    """The root's most visited legal action (ties: value, then text)."""
    texts = {str(a): a for a in root_legal}
    visited = {t: c for t, c in root.children.items() if t in texts and c.visits}
    if not visited:  # no simulation finished (a zero time budget): fall back to a random action
        a = root_legal[rng.randrange(len(root_legal))]
        return SearchResult(a, float("nan"), done, {})
    best = max(visited, key=lambda t: (visited[t].visits, visited[t].value, t))
    node = visited[best]
    return SearchResult(
        texts[best], node.value / node.visits, done, {t: c.visits for t, c in visited.items()}
    )


def _battle_greedy(game, state, rng: random.Random):
    """The one-ply greedy choice, without re-sampling (used inside rollouts, where the position
    is already a determinisation)."""
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    me = game.to_move(state)
    scored = [(evaluate(game, game.apply(state, a), me), i) for i, a in enumerate(legal)]
    top = max(v for v, _ in scored)
    best = [i for v, i in scored if v >= top - 1e-12]
    return legal[best[rng.randrange(len(best))]]


def _to_round_end(game, state, rng: random.Random, limit: int):
    """Play on from ``state`` until the round changes or the game ends: builds uniformly at
    random, battles by the one-ply greedy."""
    start = state.round  # round= and phase= read off the value: search:16 7.2 -> 3.1 CPU s/game
    for _ in range(limit):
        if game.is_terminal(state):
            break
        if state.round != start:
            break
        if state.phase == "battle":
            a = _battle_greedy(game, state, rng)
        else:
            legal = game.legal_actions(state)
            a = legal[rng.randrange(len(legal))]
        state = game.apply(state, a)
    return state


def _random_build(game, state, me: int, rng: random.Random, limit: int):
    """One uniformly random build turn of ``me`` from ``state``: (actions, state after it)."""
    plan = []
    while len(plan) < limit and not game.is_terminal(state) and game.to_move(state) == me:
        if state.phase != "build":
            break
        legal = game.legal_actions(state)
        a = legal[rng.randrange(len(legal))]
        plan.append(a)
        state = game.apply(state, a)
    return plan, state


def build_search(game, state, rng: random.Random, *, candidates: int = 16, rollouts: int = 4):
    """Random Encounter's build turn as one decision: ``candidates`` random complete builds of
    the player to move (on a determinised copy), each scored by ``rollouts`` plays to the end of
    the round (the rest of the builds at random, the battles by the one-ply greedy) with the same
    determinisations for every candidate; returns the best build's action list."""
    me = game.to_move(state)
    limit = game.max_length
    worlds = [rng.randrange(2**31) for _ in range(rollouts)]
    best, best_value = None, -1.0
    for _ in range(candidates):
        plan, after = _random_build(game, game.resample(state, me, rng), me, rng, limit)
        value = 0.0
        for w in worlds:
            r = random.Random(w)
            end = _to_round_end(game, game.resample(after, me, r), r, limit)
            value += encounter_loot_value(game, end, me)
        if value > best_value:
            best, best_value = plan, value
    return best


def battle_search(game, state, rng: random.Random, *, worlds: int = 4):
    """Random Encounter's battle choice: every legal battle is played in ``worlds``
    determinisations (the opponents' face-down encounters dealt again, the same worlds for every
    battle), each followed by the one-ply greedy for every player to the end of the round, and
    scored by its mean ``encounter_loot_value``. The real hidden cards are never read."""
    me = game.to_move(state)
    limit = game.max_length
    legal = game.legal_actions(state)
    totals = [0.0] * len(legal)
    for seed in [rng.randrange(2**31) for _ in range(worlds)]:
        r = random.Random(seed)
        seen = game.resample(state, me, r)
        rest = r.randrange(2**31)  # the same continuation for every battle of this world
        for i, a in enumerate(legal):
            end = _to_round_end(game, game.apply(seen, a), random.Random(rest), limit)
            totals[i] += encounter_loot_value(game, end, me)
    top = max(totals)
    best = [i for i, v in enumerate(totals) if v >= top - 1e-9]
    return legal[best[rng.randrange(len(best))]]

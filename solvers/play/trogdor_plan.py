"""A Trogdor turn planner: the game knowledge of the Trogdor ``greedy`` agent and of the search
agent's rollouts.

Why games are lost (200 one-ply greedy games, normal preset): never for lack of AP -- a player
has about 29 turns of 3-6 AP and the countryside needs about 60 -- but to damage: the archer
shoots a whole row or column every Phase 2 and the knights walk long paths, so a Trogdor that
ends his turns in the open loses his four health points within ten turns (T-DAMAGE, T-RAGE).
So the planner spends a whole turn at once and judges where the turn *ends*:

- ``risk_table``: for every square, the expected number of hits in the coming Phase 2 from the
  knights, the Troghammer and the archer, averaged over the movement cards Trogdor cannot see
  (the cards left in the Movement deck; T-KNIGHT-MOVE, T-ARCHER, T-WRAP);
- ``value``: what a position at the end of Phase 1 is worth -- burnt tiles and cottages,
  health on the Trog-meter (concave: the last point is worth most), few peasants on the board,
  closeness to the next unburnt tile, minus the expected loss of health (a hit at an empty meter
  is defeat); hiding (T-HIDE) or a Block card (T-PROTECT) removes the risk;
- ``plan_turn``: a beam search over the turn's Phase 1 actions through the protocol (moves,
  burns, chomps, burrows, items, card abilities, hiding), states merged when equal, ending
  wherever ``value`` is best;
- ``Planner``: at ``choose`` it plans the turn after each card it could play or discard and keeps
  the best; in Phase 1 it follows that plan (re-planning when chance -- a flaming peasant --
  changed the position); at ``spawn`` it puts the peasant on the cottage nearest to Trogdor (to
  chomp it: +1 health). Hidden cards are re-sampled before planning (``game.resample``).

Everything is deterministic given the ``rng`` the caller passes, and bounded: at most ``width``
states per depth and ``depth`` actions per turn.
"""

from __future__ import annotations

import math
import random

from rulebook.trogdor.grid import INDEX, SQUARES
from rulebook.trogdor.grid import STEP as GEO_STEP

WIN = 1000.0
# value of the health points on the Trog-meter: concave, the last point is worth most
HEALTH = (0.0, 12.0, 20.0, 26.0, 30.0, 33.0, 35.0, 37.0)
DEATH = 40.0  # the extra loss of a hit at an empty Trog-meter (defeat, T-DAMAGE)
TILE, COTTAGE, PEASANT, NEAR = 2.0, 4.0, 1.0, 0.5
URGENT = 6  # turns left (cards in the deck and hands) below which life counts for less
ON_BOARD = 0.6  # a peasant on the board, as a share of one on the Trog-meter
WIDTH, DEPTH = 24, 12  # beam: states kept per depth, actions per turn

_WRAP = GEO_STEP[True]


def _walk(start, path):
    """The squares a knight enters on ``path`` (T-KNIGHT-MOVE with T-WRAP), in order."""
    out, sq = [], start
    for d in path:
        sq = _WRAP[sq][d]
        out.append(sq)
    return out


class Risk:
    """What the coming Phase 2 may do, over the movement cards Trogdor cannot see (the Movement
    deck's draw pile, or its discards when the pile is empty and will be reshuffled), each
    equally likely: how many peasants a card spawns (T-SPAWN: from the Trog-meter, before anyone
    moves), the hits on each square from the knights and the Troghammer (T-KNIGHT-MOVE, T-WRAP)
    and from the archer (T-ARCHER), and the chance each cottage is not walked over by a knight
    (T-KNIGHT-REPAIR repairs a burnt one)."""

    __slots__ = ("n", "by_square", "keep", "_memo")

    def __init__(self, s):
        cards = s.movement_deck.draw or s.movement_deck.discard
        self.n = len(cards)
        # per square: {(peasants asked, knight hits, archer hits): number of cards}
        self.by_square: list[dict] = [{} for _ in range(25)]
        passed_count = dict.fromkeys(s.cottages, 0)
        movers = list(s.knights) + ([s.troghammer] if s.troghammer is not None else [])
        for cid in cards:
            card = s.cards.movement(cid)
            path = card.path
            kh, ah, passed = [0] * 25, [0] * 25, set(movers)
            walks = [_walk(k, path) for k in movers]
            if s.hammer_waiting:  # enters at C3 (ruling TR-TROGHAMMER-START=meter)
                walks.append([SQUARES[12], *_walk(SQUARES[12], path)])
            for w in walks:
                passed.update(w)
                for sq in w:
                    kh[INDEX[sq]] += 1
            if s.archer is not None:
                end = (_walk(s.archer, path) or [s.archer])[-1]
                row = path[-1] in ("E", "W")
                for sq in SQUARES:
                    if sq != end and (sq.row == end.row if row else sq.col == end.col):
                        ah[INDEX[sq]] += 1
            for i in range(25):
                k = (card.peasants, kh[i], ah[i])
                self.by_square[i][k] = self.by_square[i].get(k, 0) + 1
            for sq in passed_count:
                passed_count[sq] += sq in passed
        n = max(1, self.n)
        self.keep = {sq: 1.0 - c / n for sq, c in passed_count.items()}
        self._memo: dict = {}

    def life(self, i, meter: int, peasants: int, free: int, knights: bool, archer: bool):
        """Expected worth of Trogdor's life after the coming Phase 2 when he ends his turn on
        square ``i`` (exposed to the knights / the archer or not)."""
        key = (i, meter, peasants, free, knights, archer)
        got = self._memo.get(key)
        if got is not None:
            return got
        total = 0.0
        for (asked, kh, ah), count in self.by_square[i].items():
            spawn = max(0, min(asked - peasants, meter, free))
            left = meter - spawn
            hits = (kh if knights else 0) + (ah if archer else 0)
            v = _health(max(0, left - hits) + ON_BOARD * (peasants + spawn))
            if hits > left:
                v -= DEATH
            total += count * v
        got = self._memo[key] = total / self.n
        return got


def risk_table(s) -> Risk:
    return Risk(s)


def _protected(s, token: str) -> bool:
    if token in s.powers:
        return True
    keeper = s.keepers[s.to_move]
    card = s.cards.keeper(keeper) if keeper is not None else None
    return card is not None and any(e.kind == token for e in card.effects)


def _health(meter: float) -> float:
    m = max(0.0, min(meter, len(HEALTH) - 1.0))
    lo = int(m)
    hi = min(lo + 1, len(HEALTH) - 1)
    return HEALTH[lo] + (HEALTH[hi] - HEALTH[lo]) * (m - lo)


def _urgency(s) -> float:
    """How much staying alive still matters: fully while many turns remain, less as the action
    cards run out (T-DEFEAT-CARDS), when only finishing the countryside counts."""
    turns = len(s.action_deck.draw) + sum(len(h) for h in s.hands)
    return min(1.0, (turns + 1) / URGENT)


def value(s, risk: Risk) -> float:
    """What a Trogdor position at the end of a Phase 1 is worth (higher is better): the
    expectation over the coming Phase 2's movement card of its burnt tiles and cottages (a
    cottage a knight walks over is repaired), its life -- the Trog-meter, plus peasants on the
    board at ``ON_BOARD`` of their worth since they can be chomped back; the Void is lost -- and
    a defeat when a hit finds the meter empty (after spawning)."""
    if s.outcome is not None:
        return WIN if s.outcome in ("win", "table-flip") else -WIN + TILE * sum(s.burnt)
    burnt = s.burnt
    peasants = len(s.peasants)
    v = TILE * sum(burnt) - PEASANT * peasants
    v += COTTAGE * sum(risk.keep.get(sq, 1.0) for sq, b in s.cottages.items() if b)
    t = s.trogdor
    if t is None or not risk.n:
        return v + _urgency(s) * _health(s.meter + ON_BOARD * peasants)
    free = sum(1 for sq, b in s.cottages.items() if not b and sq not in s.peasants)
    hidden = s.trogdor_hidden
    knights = not hidden and not _protected(s, "block-knights")
    archer = not hidden and not _protected(s, "block-archer")
    v += _urgency(s) * risk.life(INDEX[t], s.meter, peasants, free, knights, archer)
    todo = [sq for sq in SQUARES if not burnt[INDEX[sq]]] or [
        sq for sq, b in s.cottages.items() if not b
    ]
    if todo:
        v -= NEAR * min(abs(sq.col - t.col) + abs(sq.row - t.row) for sq in todo)
    return v


def _key(s):
    return (
        s.phase, s.trogdor, s.burnt, tuple(s.cottages.items()), s.peasants, s.ap, s.trogdor_hidden,
        s.powers, s.meter, s.void, s.hands, s.item_charged, s.item_used, s.knights, s.troghammer,
        s.outcome, s.banked_ap,
    )  # fmt: skip


def endings(game, s, risk, width: int = WIDTH, depth: int = DEPTH, keep: int = 1):
    """The ``keep`` best ways found to finish the Phase 1 of ``s`` (``act`` phase), best first,
    as (value, actions, final state): a beam search over the protocol's actions, states merged
    when equal; a turn ends with ``pass`` (left implicit) or ``hide``, or the game ends. Endings
    on the same square with the same burns count once (the best of them)."""
    found: dict = {}

    def offer(v, path, t):
        k = (t.trogdor, t.burnt, t.trogdor_hidden, t.phase)
        if k not in found or v > found[k][0]:
            found[k] = (v, path, t)

    offer(value(s, risk), [], s)
    frontier = [(0.0, s, [])]
    seen = {_key(s)}
    for _ in range(depth):
        children = []
        for _, st, path in frontier:
            for a in game.legal_actions(st):
                if a.verb == "pass":
                    continue
                t = game.apply(st, a)
                v = value(t, risk)
                offer(v, path + [a], t)
                if t.phase != "act" or t.outcome is not None:
                    continue  # the turn (or the game) is over on this branch
                k = _key(t)
                if k not in seen:
                    seen.add(k)
                    children.append((v, t, path + [a]))
        if not children:
            break
        children.sort(key=lambda c: -c[0])
        frontier = children[:width]
    return sorted(found.values(), key=lambda e: -e[0])[:keep]


def plan_turn(game, s, risk, width: int = WIDTH, depth: int = DEPTH):
    """(value, actions) of the best way found to finish the Phase 1 of ``s`` (see ``endings``)."""
    v, path, _ = endings(game, s, risk, width, depth)[0]
    return v, path


def public_key(game, state) -> str:
    """What the player to move sees (``game.observation``: no deck order, no RNG): equal keys
    mean the same position to the player, so a plan made on a determinised copy still applies."""
    return game.observation(state, game.to_move(state))


class Planner:
    """Plays Trogdor a turn at a time (see the module docstring). One per game: it remembers the
    plan of the current turn."""

    def __init__(self, width: int = WIDTH, depth: int = DEPTH):
        self.width, self.depth = width, depth
        self._next: dict[str, object] = {}  # public key -> the planned action

    def choose(self, game, state, rng: random.Random):
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "spawn":
            return min(legal, key=lambda a: _distance(a.args[0], state.trogdor))
        planned = self._next.get(public_key(game, state))
        if planned is not None and planned in legal:
            return planned
        seen = game.resample(state, game.to_move(state), rng)
        risk = risk_table(seen)
        if state.phase == "choose":
            best = None
            for a in legal:
                t = game.apply(seen, a)
                v, plan = (
                    plan_turn(game, t, risk, self.width, self.depth)
                    if t.phase == ("act")
                    else (value(t, risk), [])
                )
                if best is None or v > best[0]:
                    best = (v, a, t, plan)
            _, first, after, plan = best
        else:
            _, plan = plan_turn(game, seen, risk, self.width, self.depth)
            if not plan:
                return next(a for a in legal if a.verb == "pass")
            first, after, plan = plan[0], game.apply(seen, plan[0]), plan[1:]
        self._remember(game, after, plan)
        return first

    def _remember(self, game, s, plan) -> None:
        """Index the rest of the plan by the public positions it passes through; the turn ends
        with ``pass`` when the plan does not end it."""
        self._next = {}
        for a in plan:
            self._next[public_key(game, s)] = a
            s = game.apply(s, a)
        if s.phase == "act" and s.outcome is None:
            self._next[public_key(game, s)] = next(
                a for a in game.legal_actions(s) if a.verb == "pass"
            )


def _distance(a, b) -> int:
    if a is None or b is None:
        return 0
    return abs(a.col - b.col) + abs(a.row - b.row)


AP_WORTH = 1.0  # one-ply only: an unspent AP, so that a card's AP count when choosing it


def one_ply(game, state, rng: random.Random):
    """The one-ply greedy choice: each legal action is tried on one determinised copy and the
    one whose result ``value`` scores best is played (``pass`` is worth the position as it
    stands; unspent AP count a little, so cards are chosen by their AP)."""
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    if state.phase == "spawn":
        return min(legal, key=lambda a: _distance(a.args[0], state.trogdor))
    seen = game.resample(state, game.to_move(state), rng)
    risk = risk_table(seen)
    best, top = [], None
    for a in legal:
        t = seen if a.verb == "pass" else game.apply(seen, a)
        v = value(t, risk) + (AP_WORTH * t.ap if t.phase == "act" and a.verb != "pass" else 0.0)
        if top is None or v > top + 1e-9:
            best, top = [a], v
        elif v >= top - 1e-9:
            best.append(a)
    return best[rng.randrange(len(best))]


ROLLOUT_WIDTH = 6  # beam of the next turn planned inside a simulation
CANDIDATES = 3  # endings kept per card choice at the root
EXPLORATION = 8.0  # UCB1 constant, in ``value`` units (a burnt tile is worth 2)


def _next_turn(game, s, rng: random.Random, width: int) -> float:
    """A simulation's rollout: the coming Phase 2 is played out on the determinised copy ``s``
    (its own movement cards; spawns near Trogdor), then the next turn's Phase 1 is planned
    greedily (each card choice, beam ``width``) and its best end is scored with ``value``."""
    for _ in range(200):  # a Phase 2 and a draw are a few dozen forced steps at most
        if s.outcome is not None:
            return value(s, None)
        if s.phase == "choose":
            break
        legal = game.legal_actions(s)
        if s.phase == "act":  # the turn of the root ends here
            a = next(a for a in legal if a.verb == "pass")
        elif s.phase == "spawn":
            a = min(legal, key=lambda a: _distance(a.args[0], s.trogdor))
        else:
            a = legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
        s = game.apply(s, a)
    risk = risk_table(s)
    best = None
    for a in game.legal_actions(s):
        t = game.apply(s, a)
        v = plan_turn(game, t, risk, width)[0] if t.phase == "act" else value(t, risk)
        best = v if best is None else max(best, v)
    return best


class TurnSearch:
    """The Trogdor search agent: Monte Carlo tree search one turn deep, over whole turns.

    At each card choice (``choose``) the candidates are whole turns: for each card choice the
    ``CANDIDATES`` best ways to end the turn that ``endings`` finds (one determinisation), of
    which the ``simulations // 2`` best by ``value`` are kept. Each
    of the ``simulations`` re-samples the hidden cards (``game.resample``), picks a
    candidate by UCB1, replays its actions, then plays the rollout ``_next_turn`` -- the real
    rules of the coming Phase 2 with the sampled cards, then a greedy plan of the next turn --
    and backs up its value. The candidate with the best mean is played. Between card choices it
    follows the chosen plan; when chance changed the position (a flaming peasant), or outside a
    card choice, it re-plans like the greedy ``Planner``."""

    def __init__(self, simulations: int = 16, width: int = WIDTH, rollout_width=ROLLOUT_WIDTH):
        self.simulations, self.width, self.rollout_width = simulations, width, rollout_width
        self.planner = Planner(width)

    def choose(self, game, state, rng: random.Random):
        if state.phase != "choose" or len(game.legal_actions(state)) == 1:
            return self.planner.choose(game, state, rng)
        planned = self.planner._next.get(public_key(game, state))
        if planned is not None:
            return planned
        seen = game.resample(state, game.to_move(state), rng)
        risk = risk_table(seen)
        found = []  # (planner value, first action, rest of the turn)
        for a in game.legal_actions(state):
            t = game.apply(seen, a)
            if t.phase != "act":
                found.append((value(t, risk), a, []))
                continue
            for v, path, _ in endings(game, t, risk, self.width, keep=CANDIDATES):
                found.append((v, a, path))
        found.sort(key=lambda c: -c[0])  # stable: ties keep the legal order
        # the planner's best turns, few enough that each gets two simulations
        cands = [(a, path) for _, a, path in found[: max(1, self.simulations // 2)]]
        n = [0] * len(cands)
        total = [0.0] * len(cands)
        for sim in range(self.simulations):
            if sim < len(cands):
                c = sim
            else:
                c = max(
                    range(len(cands)),
                    key=lambda j: total[j] / n[j] + EXPLORATION * math.sqrt(math.log(sim) / n[j]),
                )
            s = game.resample(state, game.to_move(state), rng)
            first, path = cands[c]
            s = game.apply(s, first)
            for a in path:
                if s.outcome is not None or a not in game.legal_actions(s):
                    break  # chance (a flaming peasant) made the rest of the plan illegal
                s = game.apply(s, a)
            total[c] += _next_turn(game, s, rng, self.rollout_width)
            n[c] += 1
        tried = [j for j in range(len(cands)) if n[j]]
        best = max(tried, key=lambda j: (total[j] / n[j], -j))
        first, path = cands[best]
        self.planner._remember(game, game.apply(seen, first), path)
        return first

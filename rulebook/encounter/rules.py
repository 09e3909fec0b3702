"""Multiplayer legality and effects: one check per action kind (``CHECKS``), used by both
``legal_actions`` and ``refusal`` (so ``apply``), and one effect per kind (``perform``).

Effects run on a ``Table``, the game's working copy (``rulebook.common.working``), frozen back
into a new ``MultiState``: states stay values.
"""

from __future__ import annotations

from rulebook.common.actions import BY_TEXT, Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling
from rulebook.common.working import AS_LIST, AS_ROWS, WorkingCopy, lists, tuples

from . import actions as act
from .battle import composition_problem, resolve
from .catalog import refuse
from .completion import BuildView, build_view, put_problem
from .completion import completion_problem as completion_problem  # re-exported (hints, tests)
from .state import HAND, MAX_LOOT, ROUND_CAP, SLOTS, TAKEBACKS, MultiState

PHASE_OF = {"pick": "market", "put": "build", "unput": "build", "loot": "build", "done": "build",
            "battle": "battle"}  # fmt: skip


class Table(WorkingCopy):
    """The multiplayer working copy (``rulebook.common.working``): ``perform`` makes one per
    action, a playout keeps one. It reads like the state (``live``, ``all_cards``, its
    notation), so ``legal_actions`` and ``invariants`` read it too."""

    STATE = MultiState
    GAME = MultiState.GAME
    THAW = {**dict.fromkeys(("deck", "discard", "market", "loot_at", "loot", "wins"), AS_LIST),
            "hands": AS_ROWS, "won": AS_ROWS,
            "encounters": (lambda per: [lists(p) for p in per],
                           lambda per: tuple(tuples(p) for p in per))}  # fmt: skip
    live = MultiState.live
    all_cards = MultiState.all_cards
    outcome = MultiState.outcome
    battle_rules = MultiState.battle_rules

    def shuffled(self, items) -> list[str]:
        """``items`` shuffled by the game's RNG, which moves on."""
        out, self.rng = self.rng.shuffled(items)
        return list(out)


# ---- legality: one check per action kind ---------------------------------------------------------


def builder_view(st: MultiState) -> BuildView:
    """The counts the put check reads, of the builder of ``st``."""
    return build_view(st.encounters[st.to_move], st.hands[st.to_move], st.cards)


def check_pick(st: MultiState, a: Action) -> RuleError | None:
    if a.arg not in st.market:
        return refuse("RE-VAR-MARKET", f"{a.arg} is not among the face-up cards")
    return None


def check_put(st: MultiState, a: Action, view: BuildView | None = None) -> RuleError | None:
    """``view``: the builder's counts (``builder_view``), when the caller has them already."""
    p, c, i = st.to_move, a.args[0], a.args[1].value
    if c not in st.hands[p]:
        return refuse("RE-PHASE", f"{c} is not in player {p + 1}'s hand")
    why = put_verdict(view or builder_view(st), st.cards.stars[c], i)
    if why is None:
        return None
    what, rule_id, reason = why
    if what == "compose":
        return refuse(rule_id, reason)
    return refuse(rule_id, f"after {c} into encounter {i + 1}: {reason}")


def put_verdict(view: BuildView, star: str, i: int):
    """``put_problem`` of a hand card of ``star`` into the builder's encounter ``i``."""
    return put_problem(view.counts, view.sizes[i], view.stars[i], star)


def check_unput(st: MultiState, a: Action) -> RuleError | None:
    p = st.to_move
    if not any(a.arg in s for s in st.encounters[p]):
        return refuse("RE-PHASE", f"{a.arg} is not in one of player {p + 1}'s encounters")
    if st.takebacks <= 0:
        return refuse("RE-BUILD-TAKEBACK", f"no take-backs left this build turn ({TAKEBACKS} used)")
    return None


def check_loot(st: MultiState, a: Action) -> RuleError | None:
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


def check_done(st: MultiState, a: Action) -> RuleError | None:
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
            return refuse(prob[0], f"encounter {i + 1}: {prob[1]}")
    if "keys" not in st.variants and st.loot_at[p] < 0:
        return refuse("RE-LOOT-PLACE", "place your Loot die behind one encounter first")
    return None


def check_battle(st: MultiState, a: Action) -> RuleError | None:
    p, m, t = st.to_move, a.args[0].value, a.args[1]
    if t.player == p or t.player >= st.players:
        return refuse("RE-BATTLE-TARGET", "battle an encounter of another player at the table")
    if not st.encounters[p][m]:
        return refuse("RE-BATTLE-TARGET", f"you have no encounter {m + 1} left")
    if not st.encounters[t.player][t.encounter]:
        return refuse(
            "RE-BATTLE-TARGET", f"player {t.player + 1} has no encounter {t.encounter + 1} left"
        )
    return None


CHECKS = {"pick": check_pick, "put": check_put, "unput": check_unput, "loot": check_loot,
          "done": check_done, "battle": check_battle}  # fmt: skip


def refusal(st: MultiState, a: Action) -> RuleError | None:
    """None when ``a`` is legal in ``st``, else the RuleError ``apply`` raises."""
    if a.verb not in CHECKS:
        raise act.MULTI.unknown_verb(a.verb)
    if st.phase == "over":
        return refuse("RE-PHASE", "the game is over")
    want = PHASE_OF[a.verb]
    if st.phase != want:
        return refuse(
            "RE-PHASE", f"'{a.verb}' belongs to the {want} phase; the game is in {st.phase}"
        )
    return CHECKS[a.verb](st, a)


def candidates(st: MultiState) -> list[Action]:
    """Every action of the current phase worth checking (``legal_actions`` filters them)."""
    p = st.to_move
    if st.phase == "market":
        return [act.pick(c) for c in st.market]
    if st.phase == "build":
        out = [act.put(c, i) for c in st.hands[p] for i in range(SLOTS)]
        out += [act.unput(c) for s in st.encounters[p] for c in s]
        out += [act.loot(i) for i in range(SLOTS)] + [act.DONE]
        return out
    if st.phase == "battle":
        return [
            act.battle(m, q, t)
            for m in st.live(p)
            for q in range(st.players)
            if q != p
            for t in st.live(q)
        ]
    return []


def legal_actions(st: MultiState) -> list[Action]:
    """Every candidate that its kind's check lets through, sorted by text (every put asks the
    builder's one set of counts)."""
    view = builder_view(st) if st.phase == "build" else None
    legal = [
        a
        for a in candidates(st)
        if (check_put(st, a, view) if a.verb == "put" else CHECKS[a.verb](st, a)) is None
    ]
    return sorted(legal, key=BY_TEXT)


# ---- effects -------------------------------------------------------------------------------------


def perform(st: MultiState, a: Action) -> MultiState:
    """The new state after the legal action ``a``."""
    return advance(Table(st), a).freeze()


def advance(st: MultiState | Table, a: Action) -> Table:
    """The legal action ``a`` played in place on a playout's ``Table`` (a frozen state is copied
    into one first; ``Game.advance``)."""
    t = Table.of(st)
    t.last = ""
    EFFECTS[a.verb](t, a)
    return t


def _pick(t: Table, a: Action) -> None:
    fired("RE-VAR-MARKET")
    t.market.remove(a.arg)
    t.hands[t.to_move].append(a.arg)
    if t.deck:
        t.market.append(t.deck.pop(0))
    n = t.players
    for k in range(1, n + 1):
        q = (t.to_move + k) % n
        if len(t.hands[q]) < HAND:
            t.to_move = q
            return
    t.discard += t.market  # leftovers discarded
    t.market = []
    t.phase, t.to_move = "build", t.start


def _put(t: Table, a: Action) -> None:
    c, i = a.args[0], a.args[1].value
    t.hands[t.to_move].remove(c)
    t.encounters[t.to_move][i].append(c)


def _unput(t: Table, a: Action) -> None:
    fired("RE-BUILD-TAKEBACK")
    p = t.to_move
    i = next(i for i, s in enumerate(t.encounters[p]) if a.arg in s)
    t.encounters[p][i].remove(a.arg)
    t.hands[p].append(a.arg)
    t.takebacks -= 1
    if not t.encounters[p][i] and t.loot_at[p] == i:
        t.loot_at[p] = -1


def _loot(t: Table, a: Action) -> None:
    fired("RE-LOOT-PLACE")
    p = t.to_move
    if t.loot_at[p] >= 0:
        fired("RE-BUILD-TAKEBACK")
        t.takebacks -= 1
    t.loot_at[p] = a.arg.value


def _done(t: Table, a: Action) -> None:
    fired("RE-BUILD-FIVE")
    nxt = (t.to_move + 1) % t.players
    t.takebacks = TAKEBACKS
    if nxt == t.start:
        t.phase, t.to_move = "battle", t.start
        _next_battler(t, from_player=t.start, include=True)
    else:
        t.to_move = nxt


def _gain(t: Table, p: int) -> None:
    if t.loot[p] == MAX_LOOT:
        fired("RE-LOOT-RANGE")
    t.loot[p] = min(MAX_LOOT, t.loot[p] + 1)


def _lose(t: Table, p: int) -> None:
    if t.loot[p] == 1:
        fired("RE-LOOT-RANGE")
    t.loot[p] = max(1, t.loot[p] - 1)


def _battle(t: Table, a: Action) -> None:
    fired("RE-BATTLE-ORDER")
    p, m, q, e = t.to_move, a.args[0].value, a.args[1].player, a.args[1].encounter
    mine, theirs = t.encounters[p][m], t.encounters[q][e]
    res = resolve(mine, theirs, t.cards, t.battle_rules)
    loot_game = "keys" not in t.variants
    def_loot = loot_game and t.loot_at[q] == e
    att_loot = loot_game and t.loot_at[p] == m and ruling(t, "RER-LOOT-ATTACKER") == "any-side"
    pool = mine + theirs
    t.encounters[p][m], t.encounters[q][e] = [], []
    if res.winner == "tie":
        fired("RE-RESOLVE-TIE")
        t.discard += pool
    else:
        fired("RE-BATTLE-COLLECT")
        w = p if res.winner == "A" else q
        t.won[w] += pool
        t.wins[w] += 1
    if res.winner == "A" and def_loot:
        fired("RE-LOOT-WIN")
        _gain(t, p)
        _lose(t, q)
    if res.winner == "B" and def_loot:
        fired("RE-LOOT-BACKFIRE")
        could_pay = t.loot[p] > 1
        _lose(t, p)
        if could_pay or ruling(t, "RER-BACKFIRE-AT-ONE") == "defender-gains":
            _gain(t, q)
    if res.winner == "B" and att_loot:  # the attacker's own loot encounter was beaten
        fired("RE-LOOT-WIN")
        _gain(t, q)
        _lose(t, p)
    if def_loot:  # 003: "once an encounter with a Loot die has been targeted"
        fired("RE-LOOT-PROTECTED")
    if def_loot:
        t.loot_at[q] = -1
    if att_loot:
        t.loot_at[p] = -1
    names = {"A": f"P{p + 1}", "B": f"P{q + 1}", "tie": "tie"}
    t.last = f"P{p + 1} {'+'.join(mine)} vs P{q + 1} {'+'.join(theirs)}: {res} => " + (
        names[res.winner] + " wins" if res.winner != "tie" else "tie, all discarded"
    )
    _next_battler(t, from_player=p, include=False)


def can_battle(t, p: int) -> bool:
    """``p`` has an encounter left and someone else has one to battle."""
    return any(t.encounters[p]) and any(any(t.encounters[q]) for q in range(t.players) if q != p)


def _next_battler(t: Table, from_player: int, include: bool) -> None:
    """Pass the turn clockwise to the next player who can battle (RE-BATTLE-ORDER), or end the
    round (RE-ROUND-LEFTOVER)."""
    n = t.players
    for k in range(0 if include else 1, n + 1):
        q = (from_player + k) % n
        if can_battle(t, q):
            t.to_move = q
            return
    _end_round(t)


def _winners(t: Table, among: list[int], score: list[int]) -> tuple[int, ...]:
    """Those of ``among`` whose won cards have the highest combined level (a tie is shared)."""
    levels = [sum(t.cards.level(c) for c in t.won[p]) for p in range(t.players)]
    best = max(score[p] for p in among)
    top = [p for p in among if score[p] == best]
    lv = max(levels[p] for p in top)
    return tuple(p for p in top if levels[p] == lv)


def _end_round(t: Table) -> None:
    n = t.players
    if any(s for p in t.encounters for s in p):
        fired("RE-ROUND-LEFTOVER")
    for p in range(n):
        for i in range(SLOTS):
            t.discard += t.encounters[p][i]
            t.encounters[p][i] = []
        t.loot_at[p] = -1
    if "keys" in t.variants:
        fired("RE-VAR-KEYS-WIN")
        keys = [sum(1 for c in t.won[p] if t.cards[c].kind == "key") for p in range(n)]
        return _game_over(t, _winners(t, list(range(n)), keys))
    best = max(t.wins)
    if best > 0:
        fired("RE-ROUND-BONUS")
        top = [p for p in range(n) if t.wins[p] == best]
        for p in top:
            _gain(t, p)
            if len(top) == 1:
                _gain(t, p)
    six = [p for p in range(n) if t.loot[p] >= MAX_LOOT]
    if six:
        fired("RE-WIN-SIX")
        return _game_over(t, _winners(t, six, t.loot))
    if t.round >= ROUND_CAP:
        fired("RE-ROUND-CAP")
        return _game_over(t, _winners(t, list(range(n)), t.loot))
    fired("RE-ROUND-NEXT")
    t.round += 1
    t.start = (t.start + 1) % n
    t.won = [[] for _ in range(n)]
    t.wins = [0] * n
    deal(t)


def _game_over(t: Table, winners: tuple[int, ...]) -> None:
    t.winners, t.phase = winners, "over"


def deal(t: Table) -> None:
    """Shuffle and deal nine each (RE-SETUP-DEAL), or open the market (RE-VAR-MARKET), or build
    the Keys deck (RE-VAR-KEYS)."""
    n = t.players
    deck = t.shuffled(t.cards.ids("encounter"))
    t.hands = [[] for _ in range(n)]
    t.discard, t.market = [], []
    t.takebacks = TAKEBACKS
    if "keys" in t.variants:
        fired("RE-VAR-KEYS")
        used, aside = deck[: HAND * n], deck[HAND * n :]
        removed, used = used[:4], used[4:]
        used = t.shuffled(used + t.cards.ids("key"))
        t.hands = [used[HAND * p : HAND * (p + 1)] for p in range(n)]
        t.deck, t.discard = aside, removed
        t.phase = "build"
    elif "market" in t.variants:
        fired("RE-VAR-MARKET")
        t.market, t.deck = deck[:5], deck[5:]
        t.phase = "market"
    else:
        fired("RE-SETUP-DEAL")
        t.hands = [deck[HAND * p : HAND * (p + 1)] for p in range(n)]
        t.deck = deck[HAND * n :]
        t.phase = "build"
    t.to_move = t.start


EFFECTS = {"pick": _pick, "put": _put, "unput": _unput, "loot": _loot, "done": _done,
           "battle": _battle}  # fmt: skip


def max_length() -> int:
    """A bound on the actions of one game, from the engine's own limits (NOTES.md): per build turn
    at most 9 + u puts, u take-backs of cards, T - u moves of the die, 1 + u placements of it and
    one ``done`` (u <= T take-backs), so at most 11 + 3T; nine picks per player in the market; at
    most 5n/2 battles; at most ROUND_CAP rounds; five players is the worst case."""
    n = 5
    per_round = n * (11 + 3 * TAKEBACKS) + n * HAND + (n * SLOTS) // 2
    return ROUND_CAP * per_round

"""Multiplayer Random Encounter: deal (or Creature Market), build five encounters, battle clockwise,
loot, round end. ``new_game`` -> ``legal_actions`` -> ``apply_action`` (on a copy; refusals raise
RuleError naming the catalog rule).

Actions (text, 1-based numbers):
  pick Y3a            Creature Market: take a face-up card          (RE-VAR-MARKET)
  put Y3a 2           build: put a hand card into encounter 2       (RE-BUILD-FIVE)
  unput Y3a           build: take it back
  loot 2              build: Loot die behind encounter 2            (RE-LOOT-PLACE)
  done                build: finished (five legal encounters, loot placed)
  build A+B/C/D/E/F+G+H+I loot=2   shortcut for a whole build (not listed by legal_actions)
  battle 2 P3:4       your encounter 2 against player 3's encounter 4   (RE-BATTLE-ORDER)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.common.errors import NotationError
from rulebook.common.notation import fmt_list, join_fields, parse_int, parse_list, split_fields
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet

from .battle import BattleResult, BattleRules, composition_problem, resolve
from .cards import CardSet, default_cards
from .common import (
    VARIANTS,
    check_cards,
    fmt_groups,
    parse_groups,
    refuse,
    rulings_from,
)

HAND = 9
SLOTS = 5
MAX_LOOT = 6
PHASES = ("market", "build", "battle", "over")


@dataclass
class MultiState:
    GAME = "encounter"  # registry name (rulebook.game_of)

    players: int
    round: int
    phase: str
    start: int  # starting player of this round (0-based)
    turn: int  # player to act (0-based)
    deck: list[str]
    discard: list[str]
    market: list[str]
    hands: list[list[str]]
    slots: list[list[list[str]]]  # per player, 5 encounters; [] = empty/gone
    loot_at: list[int]  # slot index of the Loot die, -1 = not placed / out of play
    loot: list[int]
    won: list[list[str]]
    wins: list[int]
    variants: tuple[str, ...] = ()
    rulings: RulingSet = None  # type: ignore[assignment]
    rng: Rng = field(default_factory=lambda: Rng(0))
    outcome: str = "-"  # "-" while playing, else winners "P1" / "P1+P3"
    cards: CardSet = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    last: str = field(default="", compare=False)  # narration of the last battle (not notation)

    def __post_init__(self):
        self.rulings = rulings_from(self.rulings)
        if self.cards is None:
            self.cards = default_cards()

    def copy(self) -> MultiState:
        new = object.__new__(type(self))  # cheaper than copy.copy; lists replaced below
        new.__dict__.update(self.__dict__)
        for f in ("deck", "discard", "market", "loot_at", "loot", "wins"):
            setattr(new, f, list(getattr(self, f)))
        new.hands = [list(h) for h in self.hands]
        new.won = [list(w) for w in self.won]
        new.slots = [[list(s) for s in p] for p in self.slots]
        new.rng = self.rng.copy()
        return new

    @property
    def battle_rules(self) -> BattleRules:
        return BattleRules.from_rulings(self.rulings, self.variants)

    def live(self, p: int) -> list[int]:
        return [i for i, s in enumerate(self.slots[p]) if s]

    def all_cards(self) -> list[str]:
        out = self.deck + self.discard + self.market
        for p in range(self.players):
            out += self.hands[p] + self.won[p] + [c for s in self.slots[p] for c in s]
        return out

    # -- notation ----------------------------------------------------------------------------
    FIELDS = [
        "mode", "players", "round", "phase", "start", "turn", "variants", "rulings", "rng",
        "loot", "lootat", "wins", "outcome", "deck", "discard", "market", "hands", "enc", "won",
    ]  # fmt: skip

    def __str__(self) -> str:
        return join_fields(
            [
                ("mode", "multi"),
                ("players", str(self.players)),
                ("round", str(self.round)),
                ("phase", self.phase),
                ("start", str(self.start + 1)),
                ("turn", str(self.turn + 1)),
                ("variants", fmt_list(self.variants)),
                ("rulings", self.rulings.notation()),
                ("rng", str(self.rng)),
                ("loot", ",".join(map(str, self.loot))),
                ("lootat", ",".join(str(i + 1) if i >= 0 else "-" for i in self.loot_at)),
                ("wins", ",".join(map(str, self.wins))),
                ("outcome", self.outcome),
                ("deck", fmt_list(self.deck)),
                ("discard", fmt_list(self.discard)),
                ("market", fmt_list(self.market)),
                ("hands", fmt_groups(self.hands, ";")),
                ("enc", ";".join(fmt_groups(p, "/", "+") for p in self.slots)),
                ("won", fmt_groups(self.won, ";")),
            ]
        )

    __repr__ = __str__

    @classmethod
    def parse(cls, text: str, cards: CardSet | None = None) -> MultiState:
        cards = cards or default_cards()
        f = split_fields(text, cls.FIELDS)
        if f["mode"] != "multi":
            raise NotationError("mode must be 'multi' for a multiplayer position", where="mode")
        n = parse_int(f["players"], "players", lo=2, hi=5)

        def per_player(key: str) -> list[str]:
            parts = f[key].split(";") if key in ("hands", "enc", "won") else f[key].split(",")
            if len(parts) != n:
                raise NotationError(f"needs {n} entries, got {len(parts)}", where=key)
            return parts

        phase = f["phase"]
        if phase not in PHASES:
            raise NotationError(f"phase must be one of {', '.join(PHASES)}", where="phase")
        variants = tuple(parse_list(f["variants"]))
        for v in variants:
            if v not in VARIANTS:
                raise NotationError(
                    f"unknown variant {v!r}; known: {', '.join(VARIANTS)}", where="variants"
                )
        if list(variants) != sorted(set(variants)):
            raise NotationError("variants must be sorted and distinct", where="variants")
        slots = []
        for i, p in enumerate(per_player("enc")):
            groups = parse_groups(p, "/", "+")
            if len(groups) != SLOTS:
                raise NotationError(f"player {i + 1} needs {SLOTS} encounters", where="enc")
            slots.append(groups)
        lootat = []
        for v in per_player("lootat"):
            lootat.append(-1 if v == "-" else parse_int(v, "lootat", lo=1, hi=SLOTS) - 1)
        try:
            rulings = rulings_from(f["rulings"])
        except NotationError as e:
            raise NotationError(e.message, where="rulings") from None
        st = cls(
            players=n,
            round=parse_int(f["round"], "round", lo=1),
            phase=phase,
            start=parse_int(f["start"], "start", lo=1, hi=n) - 1,
            turn=parse_int(f["turn"], "turn", lo=1, hi=n) - 1,
            deck=parse_list(f["deck"]),
            discard=parse_list(f["discard"]),
            market=parse_list(f["market"]),
            hands=[parse_list(h) for h in per_player("hands")],
            slots=slots,
            loot_at=lootat,
            loot=[parse_int(v, "loot", lo=1, hi=MAX_LOOT) for v in per_player("loot")],
            won=[parse_list(w) for w in per_player("won")],
            wins=[parse_int(v, "wins", lo=0) for v in per_player("wins")],
            variants=variants,
            rulings=rulings,
            rng=Rng.parse(f["rng"]),
            outcome=f["outcome"],
            cards=cards,
        )
        allc = st.all_cards()
        check_cards(allc, cards, "cards")
        return st

    def _repr_svg_(self) -> str:
        from .svg import multi_svg

        return multi_svg(self)


# ---------------------------------------------------------------------------- setup
def new_game(
    players: int = 2,
    seed: int = 0,
    *,
    variants=(),
    rulings=None,
    cards: CardSet | None = None,
) -> MultiState:
    """A fresh game, dealt (RE-SETUP-DEAL, RE-SETUP-LOOT) or at the Creature Market."""
    if not 2 <= players <= 5:
        raise NotationError(f"multiplayer is 2 to 5 players, not {players}", where="players")
    variants = tuple(sorted(set(variants)))
    for v in variants:
        if v not in VARIANTS:
            raise NotationError(
                f"unknown variant {v!r}; known: {', '.join(VARIANTS)}", where="variants"
            )
    if "market" in variants and "keys" in variants:
        raise NotationError(
            "the Creature Market and the Keys quick game do not combine", where="variants"
        )
    if "market" in variants and "sin" not in variants:
        variants = tuple(sorted(variants + ("sin",)))  # RE-VAR-MARKET: played with Level 2
    cards = cards or default_cards()
    st = MultiState(
        players=players, round=1, phase="build", start=0, turn=0, deck=[], discard=[], market=[],
        hands=[[] for _ in range(players)],
        slots=[[[] for _ in range(SLOTS)] for _ in range(players)],
        loot_at=[-1] * players, loot=[1] * players, won=[[] for _ in range(players)],
        wins=[0] * players, variants=variants, rulings=rulings_from(rulings), rng=Rng(seed),
        cards=cards,
    )  # fmt: skip
    _deal(st, cards.ids("encounter"))
    return st


def _deal(st: MultiState, pool: list[str]) -> None:
    """Shuffle ``pool`` and deal nine each (RE-SETUP-DEAL), or open the market (RE-VAR-MARKET),
    or build the Keys deck (RE-VAR-KEYS)."""
    n = st.players
    deck = st.rng.shuffle(pool)
    st.hands = [[] for _ in range(n)]
    st.discard, st.market = [], []
    if "keys" in st.variants:
        used, aside = deck[: HAND * n], deck[HAND * n :]
        removed, used = used[:4], used[4:]
        used = st.rng.shuffle(used + st.cards.ids("key"))
        st.hands = [used[HAND * p : HAND * (p + 1)] for p in range(n)]
        st.deck, st.discard = aside, removed
        st.phase = "build"
    elif "market" in st.variants:
        st.market, st.deck = deck[:5], deck[5:]
        st.phase = "market"
    else:
        st.hands = [deck[HAND * p : HAND * (p + 1)] for p in range(n)]
        st.deck = deck[HAND * n :]
        st.phase = "build"
    st.turn = st.start


# ---------------------------------------------------------------------------- actions
def legal_actions(st: MultiState) -> list[str]:
    """Every legal action now (the whole-build shortcut ``build ...`` is not listed)."""
    p = st.turn
    if st.phase == "market":
        return sorted(f"pick {c}" for c in st.market)
    if st.phase == "build":
        out = []
        cards = st.cards
        slots = st.slots[p]
        empty = sum(1 for s in slots if not s)
        spare = len(st.hands[p]) - 1  # cards left after this put
        colours = [{cards[c].star for c in s} for s in slots]
        for c in st.hands[p]:
            star = cards[c].star
            clash = {"red": "blue", "blue": "red"}.get(star)
            for i in range(SLOTS):
                if clash in colours[i] or spare < empty - (0 if slots[i] else 1):
                    continue  # same tests as _put_problem, hoisted for speed
                out.append(f"put {c} {i + 1}")
        for i in range(SLOTS):
            for c in st.slots[p][i]:
                out.append(f"unput {c}")
            if "keys" not in st.variants and st.slots[p][i] and st.loot_at[p] != i:
                out.append(f"loot {i + 1}")
        if _done_problem(st, p) is None:
            out.append("done")
        return sorted(out)
    if st.phase == "battle":
        return [
            f"battle {m + 1} P{q + 1}:{t + 1}"
            for m in st.live(p)
            for q in range(st.players)
            if q != p
            for t in st.live(q)
        ]
    return []


def _put_problem(st: MultiState, p: int, c: str, i: int):
    slot = st.slots[p][i]
    prob = composition_problem(slot + [c], st.cards)
    if prob and prob[0] == "RE-COMPOSE-RED-BLUE":
        return prob
    empty_after = sum(1 for j, s in enumerate(st.slots[p]) if not s and j != i)
    if len(st.hands[p]) - 1 < empty_after:
        return ("RE-BUILD-FIVE", f"{empty_after} encounters would be left empty with too few cards")
    return None


def _done_problem(st: MultiState, p: int):
    if st.hands[p]:
        return ("RE-BUILD-FIVE", f"all nine cards go into encounters ({len(st.hands[p])} left)")
    for i, s in enumerate(st.slots[p]):
        if not s:
            return ("RE-BUILD-FIVE", f"encounter {i + 1} is empty: build five encounters")
        prob = composition_problem(s, st.cards)
        if prob:
            return (prob[0], f"encounter {i + 1}: {prob[1]}")
    if "keys" not in st.variants and st.loot_at[p] < 0:
        return ("RE-LOOT-PLACE", "place your Loot die behind one encounter first")
    return None


def parse_action(text: str) -> tuple:
    """Split an action into (verb, args...) with clear errors for malformed text."""
    if not isinstance(text, str) or not text.split():
        raise NotationError("empty action")
    w = text.split()
    verb = w[0]
    shapes = {"pick": 2, "put": 3, "unput": 2, "loot": 2, "done": 1, "battle": 3, "build": 3}
    if verb not in shapes:
        raise NotationError(f"unknown action {verb!r}; actions: {', '.join(shapes)}", text=text)
    if len(w) != shapes[verb]:
        raise NotationError(f"{verb!r} takes {shapes[verb] - 1} argument(s)", text=text)
    if verb == "put":
        return (verb, w[1], parse_int(w[2], "encounter", lo=1, hi=SLOTS) - 1)
    if verb == "loot":
        return (verb, parse_int(w[1], "encounter", lo=1, hi=SLOTS) - 1)
    if verb == "battle":
        mine = parse_int(w[1], "your encounter", lo=1, hi=SLOTS) - 1
        t = w[2]
        if not (t[:1] in "Pp" and ":" in t):
            raise NotationError("target is P<player>:<encounter>, e.g. P2:3", text=text)
        q, e = t[1:].split(":", 1)
        return (
            verb,
            mine,
            parse_int(q, "player", lo=1, hi=5) - 1,
            parse_int(e, "encounter", lo=1, hi=SLOTS) - 1,
        )
    if verb == "build":
        groups = parse_groups(w[1], "/", "+")
        if not w[2].startswith("loot="):
            raise NotationError("build ENC/ENC/ENC/ENC/ENC loot=N", text=text)
        lv = w[2][5:]
        return (verb, groups, -1 if lv == "-" else parse_int(lv, "loot", lo=1, hi=SLOTS) - 1)
    return (verb, *w[1:])


def apply_action(st: MultiState, action: str) -> MultiState:
    """The state after ``action``; raises RuleError (state untouched) when illegal."""
    a = parse_action(action)
    verb = a[0]
    new = st.copy()
    new.last = ""
    p = new.turn
    want = {"pick": "market", "battle": "battle"}.get(verb, "build")
    if st.phase != want:
        raise refuse("RE-PHASE", f"'{verb}' belongs to the {want} phase; the game is in {st.phase}")
    if verb == "pick":
        _pick(new, a[1])
    elif verb == "put":
        c, i = a[1], a[2]
        if c not in new.hands[p]:
            raise refuse("RE-PHASE", f"{c} is not in player {p + 1}'s hand")
        prob = _put_problem(new, p, c, i)
        if prob:
            raise refuse(*prob)
        new.hands[p].remove(c)
        new.slots[p][i].append(c)
    elif verb == "unput":
        c = a[1]
        where = [i for i, s in enumerate(new.slots[p]) if c in s]
        if not where:
            raise refuse("RE-PHASE", f"{c} is not in one of player {p + 1}'s encounters")
        new.slots[p][where[0]].remove(c)
        new.hands[p].append(c)
        if not new.slots[p][where[0]] and new.loot_at[p] == where[0]:
            new.loot_at[p] = -1
    elif verb == "loot":
        if "keys" in st.variants:
            raise refuse("RE-VAR-KEYS", "the Keys quick game uses no Loot dice")
        if not new.slots[p][a[1]]:
            raise refuse("RE-LOOT-PLACE", f"encounter {a[1] + 1} is empty")
        new.loot_at[p] = a[1]
    elif verb == "done":
        _finish_build(new, p)
    elif verb == "build":
        _whole_build(new, p, a[1], a[2])
    elif verb == "battle":
        _battle(new, *a[1:])
    return new


def _pick(st: MultiState, c: str) -> None:
    if c not in st.market:
        raise refuse("RE-VAR-MARKET", f"{c} is not among the face-up cards")
    st.market.remove(c)
    st.hands[st.turn].append(c)
    if st.deck:
        st.market.append(st.deck.pop(0))
    n = st.players
    for k in range(1, n + 1):
        q = (st.turn + k) % n
        if len(st.hands[q]) < HAND:
            st.turn = q
            return
    st.discard += st.market  # RE-VAR-MARKET: leftovers discarded
    st.market = []
    st.phase, st.turn = "build", st.start


def _whole_build(st: MultiState, p: int, groups: list[list[str]], loot: int) -> None:
    mine = sorted(st.hands[p] + [c for s in st.slots[p] for c in s])
    given = sorted(c for g in groups for c in g)
    if given != mine:
        raise refuse("RE-BUILD-FIVE", f"a build uses exactly your nine cards: {', '.join(mine)}")
    if len(groups) != SLOTS:
        raise refuse("RE-BUILD-FIVE", f"build exactly five encounters, not {len(groups)}")
    st.hands[p] = []
    st.slots[p] = [list(g) for g in groups]
    if "keys" not in st.variants:
        if loot < 0:
            raise refuse("RE-LOOT-PLACE", "say where your Loot die goes: loot=N")
        st.loot_at[p] = loot
    _finish_build(st, p)


def _finish_build(st: MultiState, p: int) -> None:
    prob = _done_problem(st, p)
    if prob:
        raise refuse(*prob)
    n = st.players
    nxt = (p + 1) % n
    if nxt == st.start:
        st.phase, st.turn = "battle", st.start
        _advance(st, from_player=st.start, include=True)
    else:
        st.turn = nxt


def _gain(st: MultiState, p: int) -> None:
    st.loot[p] = min(MAX_LOOT, st.loot[p] + 1)  # RE-LOOT-RANGE


def _lose(st: MultiState, p: int) -> None:
    st.loot[p] = max(1, st.loot[p] - 1)  # RE-LOOT-RANGE


def _battle(st: MultiState, m: int, q: int, t: int) -> BattleResult:
    p = st.turn
    if q == p or q >= st.players:
        raise refuse("RE-BATTLE-TARGET", "battle an encounter of another player at the table")
    if not st.slots[p][m]:
        raise refuse("RE-BATTLE-TARGET", f"you have no encounter {m + 1} left")
    if not st.slots[q][t]:
        raise refuse("RE-BATTLE-TARGET", f"player {q + 1} has no encounter {t + 1} left")
    a, b = st.slots[p][m], st.slots[q][t]
    res = resolve(a, b, st.cards, st.battle_rules)
    loot_game = "keys" not in st.variants
    def_loot = loot_game and st.loot_at[q] == t
    att_loot = loot_game and st.loot_at[p] == m and st.rulings["RER-LOOT-ATTACKER"] == "any-side"
    pool = a + b
    st.slots[p][m], st.slots[q][t] = [], []
    if res.winner == "A":
        st.won[p] += pool  # RE-BATTLE-COLLECT
        st.wins[p] += 1
        if def_loot:  # RE-LOOT-WIN
            _gain(st, p)
            _lose(st, q)
    elif res.winner == "B":
        st.won[q] += pool
        st.wins[q] += 1
        if def_loot:  # RE-LOOT-BACKFIRE
            could_pay = st.loot[p] > 1
            _lose(st, p)
            if could_pay or st.rulings["RER-BACKFIRE-AT-ONE"] == "defender-gains":
                _gain(st, q)
        if att_loot:  # RE-LOOT-WIN (the attacker's own loot encounter was beaten)
            _gain(st, q)
            _lose(st, p)
    else:
        st.discard += pool  # RE-RESOLVE-TIE
    if def_loot:
        st.loot_at[q] = -1  # RE-LOOT-PROTECTED
    if att_loot:
        st.loot_at[p] = -1
    names = {"A": f"P{p + 1}", "B": f"P{q + 1}", "tie": "tie"}
    st.last = f"P{p + 1} {'+'.join(a)} vs P{q + 1} {'+'.join(b)}: {res} => " + (
        names[res.winner] + " wins" if res.winner != "tie" else "tie, all discarded"
    )
    _advance(st, from_player=p, include=False)
    return res


def can_battle(st: MultiState, p: int) -> bool:
    return bool(st.live(p)) and any(st.live(q) for q in range(st.players) if q != p)


def _advance(st: MultiState, from_player: int, include: bool) -> None:
    """Pass the turn clockwise to the next player who can battle (RE-BATTLE-ORDER), or end the
    round (RE-ROUND-LEFTOVER)."""
    n = st.players
    for k in range(0 if include else 1, n + 1):
        q = (from_player + k) % n
        if can_battle(st, q):
            st.turn = q
            return
    _end_round(st)


def _end_round(st: MultiState) -> None:
    n = st.players
    for p in range(n):  # RE-ROUND-LEFTOVER
        for i in range(SLOTS):
            st.discard += st.slots[p][i]
            st.slots[p][i] = []
        st.loot_at[p] = -1
    levels = [sum(st.cards.level(c) for c in st.won[p]) for p in range(n)]
    if "keys" in st.variants:  # RE-VAR-KEYS-WIN
        keys = [sum(1 for c in st.won[p] if st.cards[c].kind == "key") for p in range(n)]
        best = max(keys)
        tied = [p for p in range(n) if keys[p] == best]
        top = max(levels[p] for p in tied)
        st.outcome = "+".join(f"P{p + 1}" for p in tied if levels[p] == top)
        st.phase = "over"
        return
    best = max(st.wins)
    if best > 0:  # RE-ROUND-BONUS
        top = [p for p in range(n) if st.wins[p] == best]
        for p in top:
            _gain(st, p)
            if len(top) == 1:
                _gain(st, p)
    six = [p for p in range(n) if st.loot[p] >= MAX_LOOT]
    if six:  # RE-WIN-SIX
        top = max(levels[p] for p in six)
        st.outcome = "+".join(f"P{p + 1}" for p in six if levels[p] == top)
        st.phase = "over"
        return
    # RE-ROUND-NEXT: reshuffle everything, rotate the start
    st.round += 1
    st.start = (st.start + 1) % n
    st.won = [[] for _ in range(n)]
    st.wins = [0] * n
    _deal(st, st.cards.ids("encounter"))


def is_terminal(st: MultiState) -> bool:
    return st.phase == "over"

"""Solo Adventure legality and effects, with the same names as the multiplayer ``rules.py``:
``CHECKS`` (one check per action kind), ``refusal``, ``legal_actions``, ``perform``.

A turn: RIDE (optional) - DISCOVER - BUILD - BATTLE - LOOT/RECRUIT (RE-SOLO-TURN).
"""

from __future__ import annotations

from operator import attrgetter

from rulebook.common.actions import Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling
from rulebook.common.working import AS_LIST, AS_ROWS, WorkingCopy

from .actions import SOLO
from .battle import composition_problem, resolve
from .catalog import refuse
from .layout import SPACES
from .state import HAND, SoloState

PHASE_OF = {"ride": ("ride",), "stay": ("ride",), "boss": ("ride",), "battle": ("build",),
            "recruit": ("loot",), "recruit -": ("loot",), "enter": ("bossbuild",),
            "build": ("build", "bossbuild")}  # fmt: skip


class Table(WorkingCopy):
    """The Solo Adventure's working copy (``rulebook.common.working``), as the multiplayer
    ``rules.Table``."""

    STATE = SoloState
    GAME = SoloState.GAME
    THAW = {**dict.fromkeys(("hand", "my_encounter", "keys", "boss_deck", "final", "discard",
                             "removed", "defeated", "face_up"), AS_LIST),
            "spaces": AS_ROWS}  # fmt: skip
    to_move = SoloState.to_move
    all_cards = SoloState.all_cards
    battle_rules = SoloState.battle_rules


# ---- legality ------------------------------------------------------------------------------------


def battle_problem(mine, cards) -> tuple[str, str] | None:
    if not mine:
        return ("RE-SOLO-BUILD-MUST", "your encounter is empty: build one before battling")
    return composition_problem(mine, cards)


def check_ride(st: SoloState, a: Action) -> RuleError | None:
    if a.arg not in st.hand:
        return refuse("RE-SOLO-RIDE", f"{a.arg} is not in your hand")
    return None


def check_stay(st: SoloState, a: Action) -> RuleError | None:
    if not st.spaces[st.marker]:
        return refuse("RE-SOLO-TURN", "this space is cleared: ride on")
    if not st.my_encounter and not st.hand:
        return refuse("RE-SOLO-BUILD-MUST", "no encounter and no cards to build one")
    return None


def check_build(st: SoloState, a: Action) -> RuleError | None:
    if a.arg not in st.hand:
        return refuse("RE-SOLO-BUILD", f"{a.arg} is not in your hand")
    prob = composition_problem((*st.my_encounter, a.arg), st.cards)
    if prob and prob[0] == "RE-COMPOSE-RED-BLUE":
        return refuse(*prob)
    return None


def check_battle(st: SoloState, a: Action) -> RuleError | None:
    prob = battle_problem(st.my_encounter, st.cards)
    return refuse(*prob) if prob else None


def check_recruit(st: SoloState, a: Action) -> RuleError | None:
    if a.arg not in st.defeated:
        return refuse("RE-SOLO-LOOT", f"{a.arg} is not one of the defeated creatures")
    return None


def check_boss(st: SoloState, a: Action) -> RuleError | None:
    if len(st.keys) != 4:
        return refuse(
            "RE-SOLO-BOSS-ROOM", f"the Boss room needs all four Keys; you have {len(st.keys)}"
        )
    return None


def _no_check(st: SoloState, a: Action) -> None:
    return None


CHECKS = {"ride": check_ride, "stay": check_stay, "build": check_build, "battle": check_battle,
          "recruit": check_recruit, "recruit -": _no_check, "boss": check_boss,
          "enter": check_battle}  # fmt: skip


def refusal(st: SoloState, a: Action) -> RuleError | None:
    """None when ``a`` is legal in ``st``, else the RuleError ``apply`` raises."""
    if a.verb not in CHECKS:
        raise SOLO.unknown_verb(a.verb)
    if st.outcome != "-":
        return refuse(
            "RE-SOLO-LOSS" if st.outcome == "loss" else "RE-SOLO-WIN", "the adventure is over"
        )
    if st.phase not in PHASE_OF[a.verb]:
        if a.verb == "build":
            return refuse(
                "RE-SOLO-TURN", f"you build after riding/discovering, not in the {st.phase} phase"
            )
        return refuse("RE-SOLO-TURN", f"'{a.verb}' is not part of the {st.phase} step")
    return CHECKS[a.verb](st, a)


def candidates(st: SoloState) -> list[Action]:
    if st.phase == "ride":
        return [solo_action("ride", c) for c in st.hand] + [
            solo_action("stay"),
            solo_action("boss"),
        ]
    if st.phase in ("build", "bossbuild"):
        return [solo_action("build", c) for c in st.hand] + [
            solo_action("battle"),
            solo_action("enter"),
        ]
    if st.phase == "loot":
        return [solo_action("recruit", c) for c in st.defeated] + [solo_action("recruit -")]
    return []


def solo_action(verb: str, *args) -> Action:
    """An Action of the Solo Adventure."""
    return Action(verb, args)


def legal_actions(st: SoloState) -> list[Action]:
    """Every candidate its check lets through, sorted by text."""
    legal = [a for a in candidates(st) if refusal(st, a) is None]
    legal.sort(key=attrgetter("_text"))
    return legal


def max_length() -> int:
    """A bound on one adventure's actions (NOTES.md): at most 12 wins (each clears a space), so at
    most 9 + 12 cards ever reach the hand; each ride or build spends one (<= 21 each); each loss
    discards an encounter built from them (<= 21 losses), so <= 33 battles, <= 34 stays, 12
    recruits, one ``boss`` and one ``enter``."""
    cards = HAND + SPACES
    battles = SPACES + cards
    return 2 * cards + battles + (battles + 1) + SPACES + 2


# ---- effects -------------------------------------------------------------------------------------


def perform(st: SoloState, a: Action) -> SoloState:
    """The new state after the legal action ``a``; an adventure with no action left is lost
    (RE-SOLO-LOSS)."""
    return advance(Table(st), a).freeze()


def advance(st: SoloState | Table, a: Action) -> Table:
    """The legal action ``a`` played in place on a playout's ``Table`` (a frozen state is copied
    into one first; ``Game.advance``)."""
    t = Table.of(st)
    t.last = ""
    EFFECTS[a.verb](t, *a.args)
    if t.outcome == "-" and not legal_actions(t):
        _no_action_left(t)
    return t


def _no_action_left(t: Table) -> None:
    fired("RE-SOLO-LOSS")
    t.outcome, t.phase = "loss", "over"
    t.last += " -- no action left: the adventure is lost"


def replace_illegal(t, group: list[str]) -> list[str]:
    """RE-SOLO-DISCOVER-ILLEGAL on one encounter (Keys kept aside, untouched); ``t`` has mutable
    ``discard`` and ``boss_deck`` lists."""
    cards = t.cards
    keys = [c for c in group if cards[c].kind == "key"]
    body = [c for c in group if cards[c].kind != "key"]
    if keys:
        fired("RE-SOLO-DISCOVER-KEY")
    stars = [cards[c].star for c in body]
    bad: list[str] = []
    if "red" in stars and "blue" in stars:
        reds = [c for c in body if cards[c].star == "red"]
        blues = [c for c in body if cards[c].star == "blue"]
        if ruling(t, "RER-DISCOVER-REPLACE") == "all-offending":
            bad = reds + blues
        else:
            bad = reds if len(reds) < len(blues) else blues
    elif len(body) == 1 and stars[0] == "green":
        bad = body
    if bad:
        fired("RE-SOLO-DISCOVER-ILLEGAL")
    out = [c for c in body if c not in bad]
    for c in bad:
        t.discard.append(c)
        if t.boss_deck:
            out.append(t.boss_deck.pop(0))
    return out + keys


def _discover(t: Table, i: int) -> None:
    if t.spaces[i] and not t.face_up[i]:
        fired("RE-SOLO-DISCOVER")
        t.face_up[i] = True
        t.spaces[i] = replace_illegal(t, t.spaces[i])


def ride_target(st, steps: int) -> int:
    """Where riding ``steps`` spaces from ``st.marker`` ends (ruling RER-RIDE-CLEARED)."""
    if ruling(st, "RER-RIDE-CLEARED") == "count-all":
        return (st.marker + steps) % SPACES
    pos, moved = st.marker, 0
    if not any(st.spaces):
        return pos
    while moved < steps:
        pos = (pos + 1) % SPACES
        if st.spaces[pos]:
            moved += 1
    return pos


def _ride(t: Table, c: str) -> None:
    fired("RE-SOLO-RIDE")
    t.hand.remove(c)
    t.discard.append(c)
    lvl = t.cards.level(c)
    t.marker = ride_target(t, lvl)
    t.last = f"rode {lvl} space(s) to space {t.marker + 1}"
    if t.spaces[t.marker]:
        _discover(t, t.marker)
        t.phase = "build"
    # a cleared space: nothing to battle, the turn ends (phase stays ride)


def _stay(t: Table) -> None:
    _discover(t, t.marker)
    t.phase = "build"


def _build(t: Table, c: str) -> None:
    fired("RE-SOLO-BUILD")
    t.hand.remove(c)
    t.my_encounter.append(c)


def _battle(t: Table) -> None:
    fired("RE-SOLO-BATTLE")
    cards, i = t.cards, t.marker
    enemy = [c for c in t.spaces[i] if cards[c].kind != "key"]
    keys = [c for c in t.spaces[i] if cards[c].kind == "key"]
    res = resolve(t.my_encounter, enemy, cards, t.battle_rules)
    t.last = f"{'+'.join(t.my_encounter)} vs {'+'.join(enemy) or 'nothing'}: {res}"
    green = [c for c in t.my_encounter + enemy if cards[c].star == "green"]
    if green:
        fired("RE-SOLO-GREEN-DISCARD")
    t.discard += green
    t.my_encounter = [c for c in t.my_encounter if c not in green]
    enemy = [c for c in enemy if c not in green]
    tie = ruling(t, "RER-SOLO-TIE")
    if res.winner == "A" or (res.winner == "tie" and tie == "discard-both"):
        fired("RE-SOLO-LOOT")
        t.keys += keys
        t.spaces[i] = []
        if res.winner == "A" and enemy:
            t.defeated = enemy
            t.phase = "loot"
            t.last += " => you win"
        else:
            t.discard += enemy
            if res.winner == "tie":
                fired("RE-RESOLVE-TIE")
                t.discard += t.my_encounter
                t.my_encounter = []
            t.phase = "ride"
            t.last += " => you win" if res.winner == "A" else " => tie: both discarded"
    else:
        fired("RE-SOLO-LOSE")  # the enemy stays face up
        t.discard += t.my_encounter
        t.my_encounter = []
        t.spaces[i] = enemy + keys
        t.phase = "ride"
        t.last += " => you lose"


def _recruit(t: Table, c: str | None = None) -> None:
    if c is not None:
        t.hand.append(c)
    t.discard += [d for d in t.defeated if d != c]
    t.defeated = []
    t.phase = "ride"


def _boss(t: Table) -> None:
    fired("RE-SOLO-BOSS-ROOM")
    t.phase = "bossbuild"


def _enter(t: Table) -> None:
    t.discard += t.hand
    t.hand = []
    for i in range(SPACES):  # remaining enemies and the Keys leave the game
        t.removed += t.spaces[i]
        t.spaces[i] = []
    t.removed += t.keys
    t.keys = []
    final = replace_illegal(t, t.final)  # treated as a Discover
    res = resolve(t.my_encounter, final, t.cards, t.battle_rules)
    t.last = f"{'+'.join(t.my_encounter)} vs Final Encounter {'+'.join(final)}: {res}"
    t.discard += t.my_encounter + final
    t.my_encounter, t.final = [], []
    t.outcome = "win" if res.winner == "A" else "loss"
    fired("RE-SOLO-WIN" if res.winner == "A" else "RE-SOLO-LOSS")
    t.phase = "over"
    t.last += " => ADVENTURE WON" if res.winner == "A" else " => the adventure is lost"


EFFECTS = {"ride": _ride, "stay": _stay, "build": _build, "battle": _battle,
           "recruit": _recruit, "recruit -": _recruit, "boss": _boss, "enter": _enter}  # fmt: skip

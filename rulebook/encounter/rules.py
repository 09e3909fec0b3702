"""The multiplayer game, one round after another: the Creature Market when played (setup.py),
the build (building.py), the battles (battle.py, loot.py), the round's end (winning.py).

Here: which phase each action belongs to (RE-PHASE), the candidates, ``why_not`` (the phase and
the kind's check: None, or the rule ID and why; ``Game.refusal`` makes its RuleError for
``apply``), ``legal_actions`` and the effects, played on the working copy ``MultiTable`` and frozen back
into a new ``MultiState`` (states stay values).
"""

from __future__ import annotations

from rulebook.common.actions import BY_TEXT, Action
from rulebook.common.errors import RuleError

from . import actions as act
from . import battle, building, setup
from .cards import HAND
from .catalog import refuse
from .state import ROUND_CAP, SLOTS, TAKEBACKS, MultiTable

# each action kind: the phase it belongs to (RE-PHASE), its check, its effect
KINDS = {"pick": ("market", setup.check_pick, setup.pick),
         "put": ("build", building.check_put, building.put),
         "unput": ("build", building.check_unput, building.unput),
         "loot": ("build", building.check_loot, building.place_loot),
         "done": ("build", building.check_done, building.done),
         "battle": ("battle", battle.check_battle, battle.play_battle)}  # fmt: skip


def why_not(st, a: Action) -> RuleError | None:
    """None when ``a`` is legal in ``st``, else the rule ID and why: the game is on, ``a``
    belongs to this phase (RE-PHASE), and its kind's check lets it through."""
    if st.phase == "over":
        return refuse("RE-PHASE", "the game is over")
    phase, check, _ = KINDS[a.verb]
    if st.phase != phase:
        return refuse(
            "RE-PHASE", f"'{a.verb}' belongs to the {phase} phase; the game is in {st.phase}"
        )
    return check(st, a)


def candidates(st) -> list[Action]:
    """Every action of the current phase the checks weigh."""
    p = st.to_move
    if st.phase == "build":
        puts = [put for c in st.hands[p] for put in st.cards[c].actions.puts]
        return puts + build_others(st)
    if st.phase == "market":
        return [st.cards[c].actions.pick for c in st.market]
    if st.phase == "battle":
        return [act.battle(m, q, t) for m in st.live(p) for q in range(st.players) if q != p
                for t in st.live(q)]  # fmt: skip
    return []


def build_others(st) -> list[Action]:
    """The build phase's candidates but the puts: take-backs, the Loot die, ``done``."""
    own = st.encounters[st.to_move]
    return [*(st.cards[c].actions.unput for s in own for c in s), *act.LOOTS, act.DONE]


def legal_actions(st) -> list[Action]:
    """Every candidate ``why_not`` lets through, sorted by text. The puts are asked once per
    star of the hand and encounter (``building.legal_puts``: the put check reads a card's star)."""
    if st.phase == "build":
        legal = building.legal_puts(st) + [a for a in build_others(st) if why_not(st, a) is None]
    else:
        legal = [a for a in candidates(st) if why_not(st, a) is None]
    return sorted(legal, key=BY_TEXT)


def advance(st, a: Action) -> MultiTable:
    """The legal action ``a`` played in place on a playout's ``MultiTable`` (a frozen state is
    copied into one first; ``Game.advance``)."""
    t = MultiTable.of(st)
    t.last = ""
    KINDS[a.verb][2](t, a)
    return t


def max_length() -> int:
    """A bound on the actions of one game, from the engine's own limits (NOTES.md): per build turn
    at most 9 + u puts, u take-backs of cards, T - u moves of the die, 1 + u placements of it and
    one ``done`` (u <= T take-backs), so at most 11 + 3T; nine picks per player in the market; at
    most 5n/2 battles; at most ROUND_CAP rounds; five players is the worst case."""
    n = 5
    per_round = n * (11 + 3 * TAKEBACKS) + n * HAND + (n * SLOTS) // 2
    return ROUND_CAP * per_round

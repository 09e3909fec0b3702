"""Live boards for Random Encounter (ipywidgets, on boards.common.LiveBoard).

* ``battle_bench()`` -- pick cards for two encounters and watch the resolution order.
* ``game_board(state)`` -- a multiplayer position: build (put/unput/loot/done) and battle buttons;
  the last battle's resolution is shown under the picture.
* ``adventure_board(state, plan=None)`` -- the Solo Adventure with the path drawn; with a solver
  plan, a "next step of the plan" button steps through it.
"""

from __future__ import annotations

import ipywidgets as W

from boards.common import LiveBoard, _esc
from rulebook.encounter import apply_action, legal_actions
from rulebook.encounter.skirmish import Skirmish

_LABELS = {"put": "build", "unput": "build", "loot": "loot", "done": "build", "pick": "market",
           "battle": "battle", "ride": "ride", "stay": "stay", "build": "build",
           "recruit": "recruit", "boss": "boss", "enter": "boss"}  # fmt: skip


class EncounterBoard(LiveBoard):
    """A LiveBoard that also shows ``state.last`` (what the last action did, e.g. the battle's
    resolution steps) in its own line."""

    def __init__(self, state, **kw):
        self.narration = W.HTML(value="")
        super().__init__(state, **kw)
        self.widget.children = (
            *self.widget.children[:3],
            self.narration,
            *self.widget.children[3:],
        )

    def refresh(self) -> None:
        super().refresh()
        last = getattr(self.state, "last", "") or ""
        self.narration.value = f"<code>{_esc(last)}</code>" if last else ""


def _grouped(state):
    out = []
    for a in legal_actions(state):
        out.append((_LABELS.get(a.split()[0], "other"), a, a))
    return out


def game_board(state, title: str = "Random Encounter") -> EncounterBoard:
    return EncounterBoard(state, apply=apply_action, candidates=_grouped, title=title)


class AdventureBoard(EncounterBoard):
    """The Solo Adventure; with ``plan`` (a solver's action list) the first button row offers the
    plan's next step for as long as the moves played follow it."""

    def __init__(self, state, plan: list[str] | None = None, title: str = "Solo Adventure"):
        self.plan = list(plan or [])
        super().__init__(state, apply=apply_action, candidates=self._candidates, title=title)

    def _candidates(self, st):
        step = len(self.history) - 1
        out = []
        if step < len(self.plan) and self.log == self.plan[:step]:
            out.append((f"plan step {step + 1}/{len(self.plan)}", self.plan[step], self.plan[step]))
        return out + _grouped(st)


def adventure_board(state, plan: list[str] | None = None, title: str = "Solo Adventure"):
    return AdventureBoard(state, plan, title)


def battle_bench(a=(), b=(), *, sin: bool = False, cards=None, choices=None) -> LiveBoard:
    """Buttons 'A+<id>' / 'B+<id>' add a card, 'A-<id>' / 'B-<id>' remove it, 'sin' toggles
    Strength in Numbers. ``choices``: the cards offered (default: a small teaching set)."""
    from rulebook.encounter.battle import BattleRules

    st = Skirmish(tuple(a), tuple(b), BattleRules(sin=sin), cards)
    offer = list(choices or ["Y1a", "Y3a", "Y3b", "Y3c", "Y4a", "Y5a", "Y6a", "Y9a", "Y10a",
                             "G1", "B1", "R1", "TK"])  # fmt: skip

    def candidates(s: Skirmish):
        out = []
        for side, cur in (("A", s.a), ("B", s.b)):
            out += [
                (f"add to {side}", f"{side}+{c}", f"{side}+{c}")
                for c in offer
                if c not in s.a + s.b
            ]
            out += [(f"remove from {side}", f"{side}-{c}", f"{side}-{c}") for c in cur]
        out.append(("variant", "sin", "sin"))
        return out

    return LiveBoard(
        st, apply=lambda s, act: s.apply(act), candidates=candidates, title="Battle bench"
    )

"""Random Encounter boards: click the drawing.

Multiplayer: a card, then one of your encounter slots, to build (any card may be tried: the rules
answer, e.g. RE-COMPOSE-RED-BLUE); the Loot die, then an encounter, to put it there; two
encounters (yours, then the one you attack) to battle. The Solo Adventure: click a card to ride,
build or recruit with it. ``done``, ``stay`` and the like stay labelled buttons.
``battle_bench`` (two encounters you compose card by card) is not a game position and keeps the
button bench of ``boards.common``.
"""

from __future__ import annotations

import ipywidgets as W

import drawings.encounter
import rulebook

from .common import LiveBoard
from .core import Board, Nothing, Play, Select, esc

LEGEND = """
<div style='font-size:12px;line-height:1.5'>
<b>Legend</b><br>
card colour = Level Star (yellow, green, blue, red); solid border = sourced card, dashed =
stand-in<br>
<b>E1..E5</b>: a player's five encounter slots; the die = the Loot die<br>
<b>Click</b>: a card, then your slot, to build; the Loot die, then an encounter; your encounter,
then the one it fights, to battle.<br>
<span style='color:#1a7f37'>green dashed ring</span> = legal now;
<span style='color:#0969da'>blue</span> = selected
</div>
"""


def _args(a) -> list[str]:
    return [x.name if hasattr(x, "name") else str(x) for x in a.args]


def _slot(target: str) -> tuple[int, int] | None:
    """``encounter:P2.E3`` -> (2, 3)."""
    try:
        p, e = target.split(":", 1)[1].split(".")
        return int(p[1:]), int(e[1:])
    except (ValueError, IndexError):
        return None


class EncounterBoard(Board):
    """Any Random Encounter position (multiplayer or solo); ``narration`` shows what the last
    action did (e.g. a battle's resolution steps)."""

    legend_html = LEGEND

    def __init__(self, state, title: str = "Random Encounter", plan=None):
        self.plan = [str(a) for a in (plan or [])]
        # the multiplayer build and battles are two clicks (the game's language has ``put``);
        # the Solo Adventure's one-card actions are the plain board's clicks
        self.two_clicks = "put" in rulebook.game_of(state).grammar.forms
        self.narration = W.HTML(value="")
        super().__init__(state, title=title)
        self.extra.children = [self.narration]
        self.after_refresh()

    def _me(self) -> int | None:
        p = self.game.to_move(self.state)
        return None if p is None else p + 1

    def resolve(self, target: str):
        phase = getattr(self.state, "phase", "")
        sel = self.selection[0] if self.selection else None
        kind, _, name = target.partition(":")
        if not self.two_clicks:
            return super().resolve(target)
        if kind == "card" and name not in self.state.cards:  # e.g. another game's card
            return Nothing(f"{name}: not a Random Encounter card")
        if kind == "card" and phase == "build":
            if sel == target:
                return Select((), f"{name} put back")
            unput = [a for a in self.mentioning(target) if a.verb == "unput"]
            if unput and not sel:
                return Play(unput[0], f"take {name} back")
            ok = any(a.verb == "put" and _args(a)[0] == name for a in self.legal().values())
            return Select((target,), f"{name}: now click one of your encounter slots", ok)
        if target == "loot":
            if sel == "loot":
                return Select((), "Loot die put back")
            ok = any(a.verb == "loot" for a in self.legal().values())
            return Select(("loot",), "the Loot die: now click an encounter", ok)
        if kind == "encounter":
            where = _slot(target)
            if where is None or not (1 <= where[0] <= self.state.players and 1 <= where[1] <= 5):
                return Nothing(f"{target}: no such encounter at this table")
            player, slot = where
            me = self._me()
            if sel and sel.startswith("card:"):
                card = sel.split(":", 1)[1]
                if player != me:
                    return Nothing(f"E{slot} belongs to P{player}: build in your own slots")
                return self._match("put", {card, str(slot)}, f"put {card} {slot}")
            if sel == "loot":
                return self._match("loot", {str(slot)}, f"loot {slot}")
            if sel and sel.startswith("encounter:"):
                p0, s0 = _slot(sel)
                if (p0, s0) == where:
                    return Select((), "put back")
                mine, theirs = (s0, (player, slot)) if p0 == me else (slot, (p0, s0))
                text = f"battle {mine} P{theirs[0]}:{theirs[1]}"
                return self._match("battle", {str(mine), f"P{theirs[0]}:{theirs[1]}"}, text)
            if phase == "battle" or any(a.verb == "battle" for a in self.legal().values()):
                ok = any(a.verb == "battle" for a in self.legal().values())
                return Select((target,), f"P{player} E{slot}: now click the encounter it fights",
                              ok)  # fmt: skip
            return super().resolve(target)
        return super().resolve(target)

    def _match(self, verb: str, args: set[str], fallback: str):
        for a in self.legal().values():
            if a.verb == verb and set(_args(a)) == args:
                return Play(a)
        return Play(fallback)

    def covers(self, action) -> bool:
        return self.two_clicks and action.verb in ("put", "loot", "battle")

    def fixed_buttons(self):
        step = len(self.history) - 1
        if self.plan and step < len(self.plan) and self.log == self.plan[:step]:
            return [(self.plan[step], self.plan[step])]
        return []

    def after_refresh(self) -> None:
        if not hasattr(self, "narration"):
            return
        last = getattr(self.state, "last", "") or ""
        self.narration.value = f"<code>{esc(last)}</code>" if last else ""


def game_board(state, title: str = "Random Encounter") -> EncounterBoard:
    return EncounterBoard(state, title=title)


live_board = game_board  # every game's board module has one (``boards.board``)


# The solo adventure: the same board; with ``plan`` (a solver's action list) a button offers the
# plan's next step for as long as the moves played follow it.
AdventureBoard = EncounterBoard


def adventure_board(state, plan: list[str] | None = None, title: str = "Solo Adventure"):
    return EncounterBoard(state, title=title, plan=plan)


def battle_bench(a=(), b=(), *, sin: bool = False, cards=None, choices=None) -> LiveBoard:
    """Buttons 'A+<id>' / 'B+<id>' add a card, 'A-<id>' / 'B-<id>' remove it, 'sin' toggles
    Strength in Numbers. ``choices``: the cards offered (default: a small teaching set)."""
    from rulebook.encounter.battle import BattleRules
    from rulebook.encounter.skirmish import Skirmish

    st = Skirmish(tuple(a), tuple(b), BattleRules(sin=sin), cards)
    offer = list(choices or ["Y1a", "Y3a", "Y3b", "Y3c", "Y4a", "Y5a", "Y6a", "Y9a", "Y10a",
                             "G1", "B1", "R1", "TK"])  # fmt: skip

    def candidates(s):
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

    return LiveBoard(st, apply=lambda s, act: s.apply(act), candidates=candidates,
                     svg=drawings.encounter.skirmish, title="Battle bench")  # fmt: skip

"""The Trogdor!! board: click the drawing.

A neighbouring square moves Trogdor there (the other tunnel burrows); Trogdor's own square opens a
small menu (chomp, hide, burn tile, burn cottage); a peasant ignites; a card in hand is played or
discarded; draw, pass and the Phase-2 steps stay labelled buttons. What a click means is decided
here; whether it is legal is always the rules' answer (``legal_actions`` / ``refusal``). A solver
plan is numbered on the drawing by action, matching the step counter.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

import ipywidgets as W

from rulebook.common.errors import RuleError, TrogkitInputError
from rulebook.trogdor.edit import movement_line
from rulebook.trogdor.grid import BY_NAME

from .core import Board, Menu, Nothing, Play, esc, input_error_text

OWN_SQUARE = ("chomp", "hide", "burn tile", "burn cottage")


def _swatch(shape: str) -> str:
    return f"<svg width='16' height='16' style='vertical-align:middle'>{shape}</svg>"


LEGEND = (
    "<div style='font-size:12px;line-height:1.45'><b>Legend</b><br>"
    + _swatch("<circle cx='8' cy='8' r='7' fill='#2b9348' stroke='#081c15'/>")
    + " Trogdor (click his square: chomp, hide, burn)<br>"
    + _swatch("<circle cx='8' cy='8' r='4' fill='#ffb703' stroke='#333'/>")
    + " peasant (click it: burninate it)<br>"
    + _swatch("<rect x='2' y='1' width='12' height='14' fill='#6c757d' stroke='#222'/>")
    + " knight (K) &nbsp;"
    + _swatch("<rect x='2' y='2' width='12' height='12' fill='#5a189a' stroke='#222'/>")
    + " Troghammer (H)<br>"
    + _swatch("<polygon points='2,14 8,3 14,14' fill='#2d6a4f' stroke='#222'/>")
    + " archer &nbsp; darker tile = burninated<br>"
    "<b>Click</b> a square next to Trogdor to move there, the other tunnel to burrow, a card in"
    " hand to play or discard it; draw, pass and step are buttons.<br>"
    "<span style='color:#1a7f37'>green dashed ring</span> = legal now;"
    " <span style='color:#6f42c1'>purple numbers</span> = plan steps (= the step counter)</div>"
)


class TrogdorBoard(Board):
    """``TrogdorBoard(state, title=...)``; ``board.widget`` is what a notebook displays.

    Besides the Board API: ``show_plan(actions)``, ``next_step()``, ``prev_step()``,
    ``clear_plan()``, ``plan_step``; ``status.value`` shows hand, cards in force and the queue.
    """

    legend_html = LEGEND

    def __init__(self, state, *, title: str = "Trogdor!!"):
        self.plan: list[str] = []
        self._plan_states: list = []
        self._plan_base = 0
        self._moves: tuple = (None, {})
        self.plan_info = W.HTML(value="")
        self.next_button = W.Button(description="Next", tooltip="play the plan's next action")
        self.prev_button = W.Button(description="Prev", tooltip="take back the last plan step")
        self.clear_plan_button = W.Button(description="Clear plan")
        self.next_button.on_click(lambda _: self.next_step())
        self.prev_button.on_click(lambda _: self.prev_step())
        self.clear_plan_button.on_click(lambda _: self.clear_plan())
        self.plan_box = W.VBox(
            [self.plan_info, W.HBox([self.prev_button, self.next_button, self.clear_plan_button])]
        )
        self.plan_box.layout.display = "none"
        super().__init__(state, title=title)
        self.extra.children = [self.plan_box]

    # ---- what a click means ----------------------------------------------------------------
    def destinations(self) -> dict[str, object]:
        """Square Trogdor reaches -> the legal move/burrow action that takes him there (found by
        applying the action, so card-granted moves and wrap-around count too)."""
        s = self.state
        if self._moves[0] is not s:
            out = {}
            for a in self.legal().values():
                if a.verb in ("move", "burrow"):
                    after = self.game.perform(s, a)
                    if after.trogdor is not None:
                        out.setdefault(str(after.trogdor), a)
            self._moves = (s, out)
        return self._moves[1]

    def resolve(self, target: str):
        s = self.state
        kind, _, name = target.rpartition(":")
        here = str(s.trogdor) if s.trogdor is not None else None
        if kind == "card":
            if s.phase == "choose":
                return Menu(((f"play {name}", f"play {name}"), (f"discard {name}",
                             f"discard {name}")), hint=f"{name}: play it, or discard it")  # fmt: skip
            hits = self.mentioning(target)
            if hits:
                return super().resolve(target)
            return Play(f"play {name}")
        if kind == "peasant":
            hits = [a for a in self.mentioning(target) if a.verb.startswith("burn")]
            if hits:
                return Play(hits[0])
            if name == here:
                return Play("burn peasant")
            return Play(f"burn peasant at {name}")
        if kind:
            return super().resolve(target)
        if name not in BY_NAME:  # a target of another game, or none at all
            return Nothing(f"{name!r}: not a square of this board (A1..E5)")
        # a square
        if s.phase == "spawn":
            return Play(f"spawn {name}")
        if s.phase != "act" or here is None:
            return Nothing(f"{name}: Trogdor moves in Phase 1 (now: {s.phase})", "T-PHASE")
        if name == here:
            extra = [a for a in self.mentioning(target) if str(a) not in OWN_SQUARE]
            items = [(a, a) for a in OWN_SQUARE] + [(str(a), a) for a in extra]
            return Menu(tuple(items), hint=f"Trogdor's square {name}: chomp, hide or burn")
        dest = self.destinations().get(name)
        named = self.mentioning(target)
        if dest is not None and not named:
            return Play(dest)
        if named:
            if dest is not None:
                named = [dest, *named]
            return Play(named[0]) if len(named) == 1 else Menu(tuple((str(a), a) for a in named))
        if s.kind(name) == "T" and s.kind(here) == "T":
            return Play("burrow")
        d = _direction(here, name)
        if d is not None:
            return Play(f"move {d}")
        return Nothing(f"{name} is not next to Trogdor (on {here}): one step N, S, E or W",
                       "T-MOVE")  # fmt: skip

    def fixed_buttons(self):
        phase = self.state.phase
        if self.game.is_terminal(self.state):
            return []
        return {"draw": [("draw", "draw")], "act": [("pass", "pass")],
                "countryside": [("step", "step")]}.get(phase, [])  # fmt: skip

    # ---- plan ------------------------------------------------------------------------------
    def show_plan(self, actions: Iterable) -> bool:
        """Number a plan (action texts, or an object with ``.actions``) on the drawing from the
        current position, one number per action, and step through it with Next / Prev. A plan
        the rules refuse is not installed; the refusal names the step, the rule and the reason."""
        actions = getattr(actions, "actions", actions)
        plan, states = [], [self.state]
        for i, a in enumerate(actions, 1):
            try:
                act = self.game.action(a)
                states.append(self.game.apply(states[-1], act))
            except RuleError as e:
                self.show_refusal(RuleError(e.rule_id, f"plan step {i} ({a}): {e.reason}"))
                return False
            except TrogkitInputError as e:
                self._say(esc(f"plan step {i}: {input_error_text(e)}"))
                return False
            plan.append(str(act))
        self.plan, self._plan_states, self._plan_base = plan, states, len(self.history) - 1
        self._say(esc(f"plan of {len(plan)} actions: {', '.join(plan)}"))
        self.refresh()
        return True

    def clear_plan(self) -> None:
        self.plan, self._plan_states = [], []
        self.refresh()

    @property
    def plan_step(self) -> int | None:
        """How many plan actions have been played (None when off the plan's track)."""
        if not self.plan:
            return None
        k = len(self.history) - 1 - self._plan_base
        if 0 <= k <= len(self.plan) and self.state == self._plan_states[k]:
            return k
        return None

    def next_step(self) -> bool:
        k = self.plan_step
        if k is None or k >= len(self.plan):
            return False
        return self.play(self.plan[k])

    def prev_step(self) -> bool:
        if not self.plan_step:
            return False
        self.undo()
        return True

    def plan_marks(self) -> list[list[str]]:
        """``[[square, step number], ...]``: where each plan action happens (a move: where it
        ends; a burn: the square it burns), numbered 1.. like the step counter."""
        out = []
        for i, (before, after, a) in enumerate(
            zip(self._plan_states, self._plan_states[1:], self.plan, strict=False), 1
        ):
            words = a.split()
            if words[0] in ("move", "burrow", "teleport") and after.trogdor is not None:
                sq = after.trogdor
            elif len(words) >= 3 and words[-2] == "at":
                sq = words[-1]
            else:
                sq = before.trogdor
            if sq is not None:
                out.append([str(sq), str(i)])
        return out

    def marks(self):
        return self.plan_marks() if self.plan else []

    def after_refresh(self) -> None:
        if not self.plan:
            self.plan_box.layout.display = "none"
            return
        self.plan_box.layout.display = ""
        k = self.plan_step
        if k is None:
            where = "off the plan (undo to return to it)"
        elif k == len(self.plan):
            where = "plan done"
        else:
            where = f"next: step {k + 1}, <code>{escape(self.plan[k])}</code>"
        steps = " → ".join(
            f"<b>{i}. {escape(a)}</b>" if k is not None and i == k + 1 else f"{i}. {escape(a)}"
            for i, a in enumerate(self.plan, 1)
        )
        self.plan_info.value = f"plan step {k if k is not None else '?'}/{len(self.plan)}: {where}"
        self.plan_info.value += f"<br><small>{steps}</small>"
        self.next_button.disabled = k is None or k >= len(self.plan)
        self.prev_button.disabled = not k

    def status_html(self) -> str:
        return status_html(self.state)


def _direction(a: str, b: str) -> str | None:
    """The compass direction from square ``a`` to the neighbouring square ``b``."""
    dc, dr = ord(b[0]) - ord(a[0]), int(b[1:]) - int(a[1:])
    if max(abs(dc), abs(dr)) != 1:
        return None
    return ("N" if dr < 0 else "S" if dr > 0 else "") + ("W" if dc < 0 else "E" if dc > 0 else "")


# ---- the status panel (what the picture does not show) --------------------------------------
def _card_line(cards, cid: str, kind: str) -> str:
    card = getattr(cards, kind)(cid)
    if card is None:
        return f"{cid} (unknown)"
    bits = [getattr(card, "name", cid)]
    if kind == "action":
        bits.append(f"{card.ap} AP")
    if card.provenance != "sourced":
        bits.append("stand-in")
    return f"{cid}: " + ", ".join(bits)


def last_movement_card(state):
    """The movement card in force (Phase 2) or else the last one drawn, or None."""
    cid = state.movement_card or (
        state.movement_deck.discard[-1] if state.movement_deck.discard else None
    )
    return None if cid is None else state.cards.movement(cid)


def status_html(state) -> str:
    """Hand, cards in force, last movement card, queue: every value HTML-escaped."""
    s = state
    rows = [
        (
            "phase",
            f"{s.phase}" + (f" (next piece: {s.pieces_to_move[0]})" if s.pieces_to_move else ""),
        ),
        ("AP left", str(s.ap)),
        ("Trog-meter / Void", f"{s.meter} / {s.void}"),
        ("hand", "; ".join(_card_line(s.cards, c, "action") for c in s.hand) or "empty"),
    ]
    if s.played_card:
        rows.append(("played", _card_line(s.cards, s.played_card, "action")))
    if s.keepers[s.to_move]:
        rows.append(("keeper", _card_line(s.cards, s.keepers[s.to_move], "keeper")))
    if s.items[s.to_move]:
        charged = "charged" if s.item_charged[s.to_move] else "discharged"
        rows.append(("item", f"{_card_line(s.cards, s.items[s.to_move], 'item')} ({charged})"))
    if s.powers:
        rows.append(("abilities", ", ".join(s.powers)))
    mc = last_movement_card(s)
    rows.append(("movement card", movement_line(mc) if mc is not None else "none drawn yet"))
    if s.rulings.notation() != "-":
        rows.append(("rulings", s.rulings.notation()))
    if s.outcome:
        rows.append(("outcome", s.outcome))
    items = "".join(
        f"<span style='margin-right:14px'><b>{esc(k)}</b> {esc(v)}</span> " for k, v in rows
    )  # one line after another, wrapping: the panel stays a few lines tall
    return f"<div class='trogkit-status' style='font-size:12px;line-height:1.5'>{items}</div>"


def live_board(state, title: str = "Trogdor!!") -> TrogdorBoard:
    return TrogdorBoard(state, title=title)

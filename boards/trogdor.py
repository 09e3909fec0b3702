"""The Trogdor!! live board: a position drawn as SVG, one button per action of the moment.

Built on ``boards.common.LiveBoard``; every click goes through ``rulebook.trogdor.apply_action``,
the same function the tests call, so the board can never disagree with the rules. Buttons for the
everyday actions are always shown (a refused click teaches the rule: its ID and reason appear on
the board); buttons that are legal right now are coloured. A solver plan can be overlaid on the
picture (numbered path, burnt squares highlighted) and stepped through with Next / Prev.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

import ipywidgets as W

from boards.common import LiveBoard
from rulebook.common.errors import RuleError, TrogkitInputError
from rulebook.trogdor import apply_action, legal_actions, parse_action
from rulebook.trogdor.render import render_svg

# Shown in the act phase whether legal or not, so a learner can try them and read the refusal.
EVERYDAY = [
    ("move", ["move N", "move S", "move E", "move W"]),
    ("Trogdor", ["chomp", "burrow", "hide"]),
    ("burninate", ["burn tile", "burn cottage", "burn peasant"]),
]
CSS = {  # stable hooks for the browser tests and notebook styling
    "widget": "trogkit-board",
    "picture": "trogkit-picture",
    "buttons": "trogkit-actions",
    "message": "trogkit-message",
}


def candidates(state) -> list[tuple[str, str, str]]:
    """Buttons to show now: ``(group, label, action)``; the label is the action's own text."""
    legal = [str(a) for a in legal_actions(state)]
    out: list[tuple[str, str, str]] = []
    phase = state.phase
    if state.outcome is not None:
        return out
    if phase == "draw":
        out.append(("phase 1", "draw", "draw"))
    elif phase == "choose":
        for cid in sorted(set(state.hand)):
            out.append(("play", f"play {cid}", f"play {cid}"))
        for cid in sorted(set(state.hand)):
            out.append(("discard (5 AP)", f"discard {cid}", f"discard {cid}"))
    elif phase == "act":
        shown = set()
        for group, actions in EVERYDAY:
            for a in actions:
                out.append((group, a, a))
                shown.add(a)
        for a in legal:  # card- and item-granted actions: only when they apply
            if a not in shown and a != "pass":
                out.append((_group_of(a), a, a))
        out.append(("end phase 1", "pass", "pass"))
    elif phase == "spawn":
        for sq in sorted(state.cottages):
            out.append(("spawn at", f"spawn {sq}", f"spawn {sq}"))
    elif phase == "countryside":
        nxt = state.queue[0] if state.queue else "-"
        out.append((f"phase 2 (next piece: {nxt})", "step", "step"))
    return out


def _group_of(action: str) -> str:
    kind = action.split(" ", 1)[0]
    return {
        "move": "move",
        "burn": "burninate",
        "teleport": "teleport",
        "use": "item",
    }.get(kind, "other")


def _apply(state, action):
    return apply_action(state, action)


class TrogdorBoard(LiveBoard):
    """``TrogdorBoard(state)``; ``board.widget`` is what a notebook displays.

    Public API: ``play(action_text)``, ``undo()``, ``reset()``, ``set_state(state)``,
    ``button_for(label).click()``, ``show_plan(actions)``, ``next_step()``, ``prev_step()``,
    ``clear_plan()``; ``state``, ``history``, ``message.value``, ``status.value``.
    """

    def __init__(self, state, *, title: str = "Trogdor!!"):
        self.plan: list[str] = []
        self._plan_states: list = []
        self._plan_base = 0
        self.status = W.HTML(value="")
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
        super().__init__(state, apply=_apply, candidates=candidates, svg=self._draw, title=title)
        self.extra.children = [self.status, self.plan_box]
        self.widget.add_class(CSS["widget"])
        self.picture.add_class(CSS["picture"])
        self.buttons.add_class(CSS["buttons"])
        self.message.add_class(CSS["message"])

    # -- playing -------------------------------------------------------------------------------
    def play(self, action, label: str | None = None) -> bool:
        """Apply an action (its text or an ``Action``); badly written text is shown, not raised."""
        try:
            a = parse_action(action)
        except TrogkitInputError as e:
            self.message.value = (
                f"<span style='color:#b42318'>{escape(_input_error(e), quote=False)}</span>"
            )
            return False
        return super().play(str(a), label or str(a))

    def refresh(self) -> None:
        super().refresh()
        legal = {str(a) for a in legal_actions(self.state)}
        for row in self.buttons.children:
            for b in row.children[1:]:
                b.button_style = "success" if b.description in legal else ""
                b.tooltip = "legal now" if b.description in legal else "try it: see the refusal"
        self.status.value = status_html(self.state)
        self._refresh_plan()

    # -- plan overlay --------------------------------------------------------------------------
    def show_plan(self, actions: Iterable) -> bool:
        """Overlay a plan (e.g. a solver's answer: action texts, or an object with ``.actions``)
        from the current position and step through it with Next / Prev. A plan the rules refuse
        is not installed; the refusal names the step, the rule and the reason."""
        actions = getattr(actions, "actions", actions)
        plan, states = [], [self.state]
        for i, a in enumerate(actions, 1):
            try:
                act = str(parse_action(a))
                states.append(apply_action(states[-1], act))
            except RuleError as e:
                self.show_refusal(RuleError(e.rule_id, f"plan step {i} ({a}): {e.reason}"))
                return False
            except TrogkitInputError as e:
                self.message.value = escape(f"plan step {i}: {_input_error(e)}")
                return False
            plan.append(act)
        self.plan, self._plan_states, self._plan_base = plan, states, len(self.history) - 1
        self.message.value = escape(f"plan of {len(plan)} actions: {', '.join(plan)}")
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
        k = self.plan_step
        if not k:
            return False
        self.undo()
        return True

    def plan_overlay(self) -> dict:
        """``render_svg`` overlay for the plan: Trogdor's path (numbered) and burnt squares."""
        if not self._plan_states:
            return {}
        path, burns = [], []
        for before, a in zip(self._plan_states, self.plan, strict=False):
            if before.trogdor is not None and (not path or path[-1] != before.trogdor):
                path.append(before.trogdor)
            if a.startswith("burn"):
                w = a.split()
                burns.append(w[3] if len(w) == 4 else str(before.trogdor))
        last = self._plan_states[-1].trogdor
        if last is not None and (not path or path[-1] != last):
            path.append(last)
        return {"path": [str(p) for p in path], "highlight": sorted(set(burns))}

    def _draw(self, state) -> str:
        return render_svg(state, **self.plan_overlay())

    def _refresh_plan(self) -> None:
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
            where = f"next: <code>{escape(self.plan[k])}</code>"
        steps = " → ".join(
            f"<b>{escape(a)}</b>" if k is not None and i == k else escape(a)
            for i, a in enumerate(self.plan)
        )
        self.plan_info.value = f"plan step {k if k is not None else '?'}/{len(self.plan)}: {where}"
        self.plan_info.value += f"<br><small>{steps}</small>"
        self.next_button.disabled = k is None or k >= len(self.plan)
        self.prev_button.disabled = not k


def _input_error(e: TrogkitInputError) -> str:
    msg = getattr(e, "message", None) or str(e)
    where, text = getattr(e, "where", None), getattr(e, "text", None)
    if text:
        msg = f"{text!r}: {msg}"
    return f"{msg} (at {where})" if where else msg


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


def movement_line(card) -> str:
    """One line for a movement card: peasants, arrow, repair, path, provenance."""
    rep = " & repair" if card.repair else ""
    prov = "" if card.provenance == "sourced" else ", stand-in"
    return (
        f"{card.id}: {card.peasants} peasant(s), arrow {card.arrow}{rep}, "
        f"path {'-'.join(card.path)}{prov}"
    )


def last_movement_card(state):
    """The movement card in force (Phase 2) or else the last one drawn, or None."""
    cid = state.mcard or (state.movement_deck.discard[-1] if state.movement_deck.discard else None)
    return None if cid is None else state.cards.movement(cid)


def status_html(state) -> str:
    """Everything the picture does not show: hand, cards in force, last movement card, queue."""
    s = state
    rows = [
        ("phase", f"{s.phase}" + (f" (next piece: {s.queue[0]})" if s.queue else "")),
        ("AP left", str(s.ap)),
        ("Trog-meter / Void", f"{s.meter} / {s.void}"),
        (
            "hand",
            "; ".join(_card_line(s.cards, c, "action") for c in s.hand) or "empty",
        ),
    ]
    if s.played:
        rows.append(("played", _card_line(s.cards, s.played, "action")))
    if s.keepers[s.player]:
        rows.append(("keeper", _card_line(s.cards, s.keepers[s.player], "keeper")))
    if s.items[s.player]:
        charged = "charged" if s.charged[s.player] else "discharged"
        rows.append(("item", f"{_card_line(s.cards, s.items[s.player], 'item')} ({charged})"))
    if s.powers:
        rows.append(("abilities", ", ".join(s.powers)))
    mc = last_movement_card(s)
    rows.append(("movement card", movement_line(mc) if mc is not None else "none drawn yet"))
    if s.rulings.notation() != "-":
        rows.append(("rulings", s.rulings.notation()))
    if s.outcome:
        rows.append(("outcome", s.outcome))
    body = "".join(
        f"<tr><td style='padding-right:8px'><b>{escape(k)}</b></td><td>{escape(v)}</td></tr>"
        for k, v in rows
    )
    return f"<table style='font-size:12px'>{body}</table>"

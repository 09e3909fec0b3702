"""A button bench for what is not a game position (the Random Encounter battle bench).

Game positions use ``boards.core.Board`` (click the drawing). This older bench keeps a history of
states, draws the current one as SVG (``svg(state)``), offers one button per
candidate action, and on a click calls ``apply``. A refusal (``RuleError``) is shown with its rule
ID and reason -- never as a traceback -- and the state is left as it was. Buttons are reused from a
pool (a redraw changes their labels, it does not create widgets).

No ``print`` and no ``Output`` widget: everything visible is a widget value, so nbval sees no stray
stdout and pytest can drive a board with ``Button.click()`` without a kernel.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as W

from rulebook.common.errors import RuleError


class LiveBoard:
    """Generic clickable board.

    ``candidates(state)`` returns ``[(group, label, action), ...]``: every button to show now,
    legal or not (clicking an illegal one demonstrates the refusal). ``apply(state, action)``
    returns the new state or raises ``RuleError``.
    """

    def __init__(
        self,
        state: Any,
        *,
        apply: Callable[[Any, Any], Any],
        candidates: Callable[[Any], Iterable[tuple[str, str, Any]]],
        svg: Callable[[Any], str],
        title: str = "",
    ):
        self._apply = apply
        self._candidates = candidates
        self._svg = svg
        self.history: list[Any] = [state]
        self.log: list[str] = []
        self.message = W.HTML(value="")
        self.picture = W.HTML(value="")
        self._title = title
        self.title = W.HTML(value=f"<b>{_esc(title)}</b>" if title else "")
        self.buttons = W.Box()
        self.undo_button = W.Button(description="Undo", icon="undo")
        self.reset_button = W.Button(description="Reset", icon="refresh")
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.extra = W.VBox()  # games add their own controls here
        from .core import BoardBox  # its output carries the static picture too (saved notebooks)

        self.widget = BoardBox(
            [
                self.title,
                self.picture,
                self.message,
                self.buttons,
                W.HBox([self.undo_button, self.reset_button]),
                self.extra,
            ],
            board=self,
        )
        self.refresh()

    def static_svg(self) -> str:
        """The picture a saved notebook shows without a kernel."""
        return self.picture.value

    def text_summary(self) -> str:
        return f"{self._title} — {self.state}"[:120]

    # -- state -------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.history[-1]

    def play(self, action: Any, label: str | None = None) -> bool:
        """Apply ``action``; True if it was legal. A refusal is shown, the state kept."""
        try:
            new = self._apply(self.state, action)
        except RuleError as e:
            self.show_refusal(e)
            return False
        self.history.append(new)
        self.log.append(label or str(action))
        self.message.value = (
            f"<span style='color:#1a7f37'>played <code>{_esc(label or action)}</code></span>"
        )
        self.refresh()
        return True

    def show_refusal(self, e: RuleError) -> None:
        self.last_refusal = e
        self.message.value = f"<span style='color:#b42318'>refused by <b>{_esc(e.rule_id)}</b>: {_esc(e.reason)}</span>"

    def set_state(self, state: Any, note: str = "") -> None:
        """Replace the position (scenario editor, imports). Undo returns to the previous one."""
        self.history.append(state)
        self.log.append(note or "set position")
        self.message.value = _esc(note)
        self.refresh()

    def undo(self) -> None:
        if len(self.history) > 1:
            self.history.pop()
            self.log.pop()
            self.message.value = "undone"
            self.refresh()

    def reset(self) -> None:
        del self.history[1:]
        self.log.clear()
        self.message.value = "reset"
        self.refresh()

    # -- drawing -----------------------------------------------------------------------------
    def button_for(self, label: str) -> W.Button:
        """The button with this label (tests use it to click)."""
        for b, (lab, _a) in zip(self._pool, self._shown, strict=False):
            if lab == label:
                return b
        raise KeyError(f"no button {label!r}; have {self.labels()}")

    def labels(self) -> list[str]:
        return [lab for lab, _a in self._shown]

    def _pressed(self, i: int) -> None:
        if i < len(self._shown):
            label, action = self._shown[i]
            self.play(action, label)

    def refresh(self) -> None:
        if not hasattr(self, "_pool"):
            self._pool: list[W.Button] = []
            self._shown: list[tuple[str, Any]] = []
            self.buttons.layout = W.Layout(flex_flow="row wrap")
        self.picture.value = self._svg(self.state)
        shown = [(label, action, group) for group, label, action in self._candidates(self.state)]
        while len(self._pool) < len(shown):  # grows to the most buttons ever shown, then stays
            b, slot = W.Button(layout=W.Layout(width="auto")), len(self._pool)
            b.on_click(lambda _b, i=slot: self._pressed(i))
            self._pool.append(b)
        self._shown = [(label, action) for label, action, _g in shown]
        for i, b in enumerate(self._pool):
            if i < len(shown):
                label, _a, group = shown[i]
                b.description, b.tooltip = label, group
                b.layout.display = ""
            else:
                b.layout.display = "none"
        if len(self.buttons.children) != len(self._pool):
            self.buttons.children = tuple(self._pool)

    def _ipython_display_(self):  # pragma: no cover - needs a front end
        from IPython.display import display

        display(self.widget)


def _esc(s: Any) -> str:
    """HTML-escaped text of anything shown (titles, labels, rule ids and reasons; quotes too)."""
    from html import escape

    return escape(str(s), quote=True)

"""A game stepped through on the board: a witness, a ruling difference or a counterexample
(``solvers.verify`` Traces). Back and forward buttons move one action; the step where the rule
fires (or the tempting action it refuses) is highlighted with the rule's catalog title. A ruling
difference shows both options' boards side by side, stepping together.

Thin: the states come from replaying the trace with the game's own ``apply_traced``; the boards
are the game's usual boards (``boards.board``), shown one position at a time.
"""

from __future__ import annotations

import html
import re

import ipywidgets as W

from .core import PictureBox, check_index, esc, join_svgs
from .factory import board as board_for
from .factory import side_by_side

REPLAY_MODULE = "solvers.verify.trace"  # imported on first use (boards do not need the solvers)


def _replay(trace):
    import importlib

    return importlib.import_module(REPLAY_MODULE).replay(trace)


class ReplayBoard:
    """``ReplayBoard(trace)``: ``forward()``, ``back()``, ``go(k)``, ``step``, the buttons
    ``first_button``/``back_button``/``forward_button``/``last_button``, ``info.value``;
    ``boards`` (one, or two for a ruling difference); ``widget`` is what a notebook shows."""

    def __init__(self, trace, *, title: str = "", row_width: int | None = None):
        self.trace = trace
        self.runs = [_replay(trace)]
        titles = [title or f"{trace.game} {trace.rule}"]
        if trace.versus:  # each board says which reading it plays: "TR-X = own-draw (default)"
            self.runs.append(_replay(_other(trace)))
            titles = [", ".join(r.states[0].rulings.reading(k) for k in trace.versus)
                      for r in self.runs]  # fmt: skip
        self.boards = [
            board_for(r.states[0], title=t) for r, t in zip(self.runs, titles, strict=True)
        ]
        self.step = len(trace.actions)  # opens on the step that matters
        self.info = W.HTML()
        self.first_button, self.back_button, self.forward_button, self.last_button = (
            W.Button(description=d, layout=W.Layout(width="auto"))
            for d in ("start", "back", "forward", "end")
        )
        self.first_button.on_click(lambda _b: self.go(0))
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.last_button.on_click(lambda _b: self.go(len(self.trace.actions)))
        controls = W.HBox([self.first_button, self.back_button, self.forward_button,
                           self.last_button])  # fmt: skip
        if len(self.boards) > 1:
            row = side_by_side(*self.boards, row_width=row_width)
        else:
            row = self.boards[0].widget
        self.info.add_class("trogkit-replay-info")
        controls.add_class("trogkit-replay-controls")
        self.widget = ReplayBox([self.info, controls, row], self.boards[0],
                                layout=W.Layout(flex_flow="column", width="100%"))  # fmt: skip
        self.widget.add_class("trogkit-replay")
        self.widget.replay = self
        self.go(self.step)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def go(self, k: int) -> None:
        """Show the position after ``k`` actions (0 to the trace's length; anything else is a
        TrogkitInputError, never clamped or wrapped)."""
        self.step = check_index("step", k, 0, len(self.trace.actions), "replay.go")
        for b, run in zip(self.boards, self.runs, strict=True):
            state = run.states[min(self.step, len(run.states) - 1)]
            b.history[:] = [state]
            b.log.clear()
            b.refresh()
        self.back_button.disabled = self.first_button.disabled = self.step == 0
        last = self.step == len(self.trace.actions)
        self.forward_button.disabled = self.last_button.disabled = last
        self.info.value = self.info_html()

    def forward(self) -> None:
        self.go(min(self.step + 1, len(self.trace.actions)))

    def back(self) -> None:
        self.go(max(self.step - 1, 0))

    def info_html(self) -> str:
        t, k = self.trace, self.step
        head = f"step {k} of {len(t.actions)}"
        action = f": <code>{esc(t.actions[k - 1])}</code>" if k else ": the start"
        fired = self.runs[0].fired[k] if k < len(self.runs[0].fired) else ()
        ids = [_mark(i) if i == t.rule else esc(i) for i in fired]
        parts = [head + action, "fired: " + (", ".join(ids) or "nothing")]
        if k == len(t.actions):
            parts.append(self._ending())
        return "<br>".join(parts)

    def _ending(self) -> str:
        t = self.trace
        game = self.boards[0].game
        title = esc(game.catalog.rules[t.rule].title) if t.rule in game.catalog.rules else ""
        if t.refused:
            return f"then <code>{esc(t.refused)}</code> is refused by {_mark(t.rule)} {title}"
        if t.versus:
            return f"{_mark(t.rule)}: {esc(t.note)}"
        if t.rule in self.runs[0].fired[-1]:
            return f"{_mark(t.rule)} fires here: {title}"
        return esc(t.note)


class ReplayBox(PictureBox):
    """The replay's widget; its saved picture shows every board of the current step."""

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        boards = self.replay.boards
        if len(boards) > 1:
            data["image/svg+xml"] = join_svgs([b.static_svg() for b in boards],
                                              [b._title for b in boards])  # fmt: skip
        text = re.sub(r"<br>", "; ", self.replay.info_html())
        data["text/plain"] = f"{self.replay.trace.rule}: " + html.unescape(
            re.sub(r"<[^>]+>", "", text)
        )
        return data


def _mark(rule_id: str) -> str:
    return f"<mark><b>{esc(rule_id)}</b></mark>"


def _other(trace):
    """The same game under the other option of the ruling."""
    start = type(trace.start)(**{**trace.start.__dict__,
                                 "rulings": {**trace.start.rulings, **trace.versus}})  # fmt: skip
    return type(trace)(**{**trace.__dict__, "start": start, "versus": None, "refused": None})

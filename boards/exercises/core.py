"""What every exercise shares: the feedback value, the learner's score, the widget shell and the
static rendering a saved notebook shows without a kernel (question, board picture, answer in a
collapsed ``<details>``)."""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

import rulebook
from rulebook.common.errors import RuleError

from ..core import esc


@dataclass(frozen=True)
class Feedback:
    """The engine's verdict on one answer. ``right``/``missed``/``wrong`` are click targets (click
    exercises); ``refusals`` maps a wrong target or the judged action to its ``RuleError``;
    ``fired`` lists the rules that acted; ``after`` is the resulting position, if any."""

    correct: bool
    text: str
    right: tuple[str, ...] = ()
    missed: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()
    refusals: dict[str, RuleError] = field(default_factory=dict)
    fired: tuple[str, ...] = ()
    after: Any = None
    expected: Any = None

    def __str__(self) -> str:
        return self.text


class Score:
    """The learner's tally in this kernel: per exercise, whether its latest answer was right."""

    def __init__(self):
        self.latest: dict[str, bool] = {}
        self.attempts = 0

    def record(self, key: str, correct: bool) -> None:
        self.latest[key] = correct
        self.attempts += 1

    @property
    def right(self) -> int:
        return sum(self.latest.values())

    @property
    def answered(self) -> int:
        return len(self.latest)

    def reset(self) -> None:
        self.latest.clear()
        self.attempts = 0

    def __str__(self) -> str:
        return f"{self.right} of {self.answered} right"


SCORE = Score()


def rule_line(game, rule_id: str) -> str:
    """``ID — title: text`` from the game's catalog (plain text)."""
    rule = game.catalog.rules.get(rule_id)
    return f"{rule_id} — {rule.title}: {rule.text}" if rule else rule_id


def refusal_html(game, err: RuleError) -> str:
    rule = game.catalog.rules.get(err.rule_id)
    title = f" — {esc(rule.title)}" if rule else ""
    text = f"<br><small><i>{esc(rule.text)}</i></small>" if rule else ""
    return f"refused by <b>{esc(err.rule_id)}</b>{title}: {esc(err.reason)}{text}"


def fired_html(game, ids) -> str:
    if not ids:
        return "no catalog rule reported itself"
    items = "".join(f"<li>{esc(rule_line(game, r))}</li>" for r in dict.fromkeys(ids))
    return f"rules that fired:<ul>{items}</ul>"


def svg_img(svg: str, width: int = 420) -> str:
    """An SVG as an <img> (a data URI), so GitHub shows it inside HTML output."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f"<img width='{width}' src='data:image/svg+xml;base64,{data}'>"


class ExerciseBox(W.VBox):
    """The exercise's widget; its saved output also carries the static picture and an HTML
    rendering (question, board, answer collapsed), so it reads without a kernel."""

    def __init__(self, children, exercise: Exercise, **kw):
        super().__init__(children, **kw)
        self._exercise = exercise

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):
            data = data[0]
        data = dict(data or {})
        data.update(self._exercise.static_bundle())
        return data


class Exercise:
    """Base of every kind: ``question``, ``state``, ``answer(x) -> Feedback``, ``solution()``
    (the engine's answer, computed now), ``hint()``, ``widget``. Subclasses supply ``_judge``,
    ``solution_text`` and their answer controls."""

    kind = "exercise"

    def __init__(self, state, question: str, *, hint: str = "", key: str = "", score=None):
        self.game = rulebook.game_of(state)
        self.state = state
        self.question = question
        self._hint = hint
        self.key = key or f"{self.kind}:{question}:{state}"
        self.score = SCORE if score is None else score
        self.last: Feedback | None = None
        self.feedback = W.HTML(value="")
        self.feedback.add_class("trogkit-feedback")
        self.score_line = W.HTML(value="")
        self.score_line.add_class("trogkit-score")
        self.hint_box = W.HTML(value="")
        self.check_button = W.Button(description="Check", button_style="primary")
        self.check_button.add_class("trogkit-check")
        self.check_button.on_click(lambda _b: self.check())
        self.hint_button = W.Button(description="Hint", icon="lightbulb-o")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.title = W.HTML(value=f"<b>{esc(self.kind)}</b>: {esc(question)}")
        self.widget = ExerciseBox(
            [self.title, *self.controls(), W.HBox([self.check_button, self.hint_button]),
             self.hint_box, self.feedback, self.score_line], self,
        )  # fmt: skip
        self.widget.add_class("trogkit-exercise")

    # -- subclasses --
    def controls(self) -> list:
        return []

    def current_answer(self):
        raise NotImplementedError

    def _judge(self, answer) -> Feedback:
        raise NotImplementedError

    def solution(self):
        raise NotImplementedError

    def solution_text(self) -> str:
        return str(self.solution())

    def feedback_html(self, fb: Feedback) -> str:
        colour = "#1a7f37" if fb.correct else "#b42318"
        verdict = "Right!" if fb.correct else "Not quite."
        return f"<span style='color:{colour}'><b>{verdict}</b></span> {esc(fb.text)}"

    # -- shared --
    def answer(self, answer) -> Feedback:
        """Judge ``answer`` (what the learner would enter), record it in the score, show it."""
        fb = self._judge(answer)
        self.last = fb
        self.score.record(self.key, fb.correct)
        self.feedback.value = self.feedback_html(fb)
        self.score_line.value = f"<small>score: {esc(self.score)}</small>"
        return fb

    def check(self) -> Feedback:
        """The Check button: judge what the controls hold now."""
        return self.answer(self.current_answer())

    def right_answer(self):
        """An answer the engine says is right (what a checked cell answers)."""
        return self.solution()

    def wrong_answer(self):
        """An answer the engine says is wrong. Kinds override."""
        raise NotImplementedError

    def self_check(self) -> str:
        """For a hidden checked cell: answer once wrongly and once rightly, assert the verdicts,
        return one line to print. The learner's score and the shown feedback are left as they
        were, so the check neither counts nor gives the answer away."""
        saved = (self.score, self.last, self.feedback.value, self.score_line.value)
        self.score = Score()
        try:
            bad, good = self.answer(self.wrong_answer()), self.answer(self.right_answer())
        finally:
            self.score, self.last, self.feedback.value, self.score_line.value = saved
        assert not bad.correct, f"{self.question}: a wrong answer was accepted ({bad.text})"
        assert good.correct, f"{self.question}: the engine's own answer was refused ({good.text})"
        return f"wrong answer refused: {bad.text} | right answer accepted: {good.text}"

    def hint(self) -> str:
        return self._hint or "Look at the rule's text in the catalog, then try it on a board."

    def show_hint(self) -> str:
        h = self.hint()
        self.hint_box.value = f"<i>hint: {esc(h)}</i>"
        return h

    def picture(self) -> str:
        return self.game.svg(self.state)

    def static_bundle(self) -> dict:
        svg = self.picture()
        html = (
            f"<div class='trogkit-exercise-static'><p><b>{esc(self.kind)}</b>: "
            f"{esc(self.question)}</p>{svg_img(svg)}<details><summary>answer</summary>"
            f"{esc(self.solution_text())}</details></div>"
        )
        return {"text/html": html, "image/svg+xml": svg, "text/plain": self.question}

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

"""What every exercise shares: the feedback value, the learner's score, the widget shell (question
above, the live board beside the answer controls) and the static rendering a saved notebook shows
without a kernel (question, board picture, answer in a collapsed ``<details>``)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as W

import drawings
import rulebook
from rulebook.common.errors import RuleError, TrogkitInputError

from ..core import esc
from ..view import BoardView

SCORE_FILE = "trogkit-score.json"  # beside the notebook: the kernel's working directory
BOARD_HEIGHT = 300  # px: an exercise's board is at most this tall, so question, board and
# answer controls share a 1024x768 screen


@dataclass(frozen=True)
class Feedback:
    """The engine's verdict on one answer. ``right``/``missed``/``wrong`` are click targets (click
    exercises); ``refusals`` maps a wrong target or the judged action to its ``RuleError``;
    ``fired`` lists the rules that acted; ``after`` is the resulting position, if any. ``judged``
    is False when the answer could not be judged (nothing chosen, not an answer of this kind):
    it does not count and ``text`` says what to enter."""

    correct: bool
    text: str
    right: tuple[str, ...] = ()
    missed: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()
    refusals: dict[str, RuleError] = field(default_factory=dict)
    fired: tuple[str, ...] = ()
    after: Any = None
    expected: Any = None
    judged: bool = True

    def __str__(self) -> str:
        return self.text


def unjudged(text: str) -> Feedback:
    """An answer that cannot be judged: nothing counts, ``text`` says what to enter."""
    return Feedback(False, text, judged=False)


class Score:
    """The learner's tally: per exercise, whether its first answer was right (a shown solution
    counts as a missed first try) and whether it has been solved since. With a ``path`` it is
    kept in that small JSON file, so it survives a kernel restart. ``SCORE`` uses
    ``trogkit-score.json`` in the kernel's working directory, found when first used: the
    notebook's folder in JupyterLab and Voila, and the browser's own storage in a JupyterLite
    site (its kernel's files live there); ``TROGKIT_SCORE`` names another file. A file that is
    not a score is never overwritten: the tally then stays in memory."""

    def __init__(self, path=None):
        self._where = path  # a path, a function giving one (SCORE), or None (memory only)
        self.path: Path | None = None
        self.first: dict[str, bool] = {}
        self.solved: set[str] = set()
        self.attempts = 0
        self.problem = ""
        self._loaded = False

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        if self._where is None:
            return
        self.path = Path(self._where() if callable(self._where) else self._where)
        if not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            first = {str(k): bool(v) for k, v in data["first"].items()}
            solved = {str(k) for k in data["solved"]}
            attempts = int(data.get("attempts", 0))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            self.problem = f"{self.path}: not a trogkit score ({e}); the score is not saved"
            self.path = None
            return
        self.first, self.solved, self.attempts = first, solved, attempts

    def _save(self) -> None:
        if self.path is None:
            return
        data = {"first": self.first, "solved": sorted(self.solved), "attempts": self.attempts}
        try:
            self.path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        except OSError as e:  # a read-only folder: the score stays in memory
            self.problem = f"{self.path}: cannot save the score ({e})"

    def record(self, key: str, correct: bool) -> None:
        self._load()
        self.first.setdefault(key, correct)
        if correct:
            self.solved.add(key)
        self.attempts += 1
        self._save()

    def gave_up(self, key: str) -> None:
        """The solution was shown: a first try not yet made is missed."""
        self._load()
        if key not in self.first:
            self.first[key] = False
            self._save()

    @property
    def right(self) -> int:
        """Exercises answered rightly at the first try."""
        self._load()
        return sum(self.first.values())

    @property
    def answered(self) -> int:
        self._load()
        return len(self.first)

    def reset(self) -> None:
        self._load()
        self.first.clear()
        self.solved.clear()
        self.attempts = 0
        self._save()

    def __str__(self) -> str:
        return (f"{self.right} of {self.answered} right at the first try, "
                f"{len(self.solved)} solved")  # fmt: skip


SCORE = Score(lambda: os.environ.get("TROGKIT_SCORE") or Path.cwd() / SCORE_FILE)


def rule_title(game, rule_id: str) -> str:
    """``ID — title`` from the game's catalog."""
    rule = game.catalog.rules.get(rule_id)
    return f"{rule_id} — {rule.title}" if rule else rule_id


def rule_line(game, rule_id: str) -> str:
    """``ID — title: text`` from the game's catalog (plain text)."""
    rule = game.catalog.rules.get(rule_id)
    return f"{rule_id} — {rule.title}: {rule.text}" if rule else rule_id


def refusal_words(game, err: RuleError) -> str:
    """A refusal as a learner reads it: the rule, its condition, what failed here."""
    rule = game.catalog.rules.get(err.rule_id)
    condition = f" ({rule.text})" if rule else ""
    return f"{rule_title(game, err.rule_id)}{condition}; here: {err.reason}"


def refusal_html(game, err: RuleError) -> str:
    rule = game.catalog.rules.get(err.rule_id)
    title = f" — {esc(rule.title)}" if rule else ""
    text = f"<br><small><i>{esc(rule.text)}</i></small>" if rule else ""
    return f"<b>{esc(err.rule_id)}</b>{title}: here {esc(err.reason)}{text}"


def svg_img(svg: str, width: int = 420) -> str:
    """An SVG as an <img> (a data URI), so GitHub shows it inside HTML output."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f"<img width='{width}' src='data:image/svg+xml;base64,{data}'>"


def tight(html: str) -> str:
    """Feedback text at reading line height (a widget's HTML line height is a button's)."""
    return f"<div style='line-height:1.4'>{html}</div>"


def board_width(svg: str) -> str:
    """The widest an exercise's board may be so it is at most ``BOARD_HEIGHT`` tall."""
    w = re.search(r"""\bwidth=['"]([0-9.]+)""", svg)
    h = re.search(r"""\bheight=['"]([0-9.]+)""", svg)
    if not (w and h) or float(h.group(1)) <= 0:
        return "480px"
    w, h = float(w.group(1)), float(h.group(1))
    return f"{min(w, BOARD_HEIGHT * w / h):.0f}px"


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
    (the engine's answer, computed now), ``hint()``, ``show_solution()``, ``widget`` (the
    question, the live board ``view`` and beside it the answer controls). Subclasses supply
    ``_judge``, ``solution_text`` and their answer controls."""

    kind = "exercise"

    def __init__(self, state, question: str, *, hint: str = "", key: str = "", score=None):
        self.game = rulebook.game_of(state)
        self.state = state
        self.question = question
        self._hint = hint
        digest = hashlib.sha1(str(state).encode("utf-8")).hexdigest()[:10]
        self.key = key or f"{self.kind}: {question} @{digest}"
        self.score = SCORE if score is None else score
        self.last: Feedback | None = None
        if not hasattr(self, "view"):
            self.view = BoardView()
        self.view.add_class("trogkit-picture")
        self.feedback = W.HTML(value="")
        self.feedback.add_class("trogkit-feedback")
        self.score_line = W.HTML(value="")
        self.score_line.add_class("trogkit-score")
        self.hint_box = W.HTML(value="")
        self.hint_box.add_class("trogkit-hint")
        self.solution_box = W.HTML(value="")
        self.solution_box.add_class("trogkit-solution")
        auto = W.Layout(width="auto")
        self.check_button = W.Button(description="Check", button_style="primary", layout=auto)
        self.check_button.add_class("trogkit-check")
        self.check_button.on_click(lambda _b: self.check())
        self.hint_button = W.Button(description="Hint", icon="lightbulb-o", layout=auto)
        self.hint_button.add_class("trogkit-hint-button")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.solution_button = W.Button(description="Show solution", layout=auto)
        self.solution_button.add_class("trogkit-show-solution")
        self.solution_button.on_click(lambda _b: self.show_solution())
        self.title = W.HTML(value="")
        self.title.add_class("trogkit-question")
        buttons = W.Box([self.check_button, self.hint_button, self.solution_button],
                        layout=W.Layout(flex_flow="row wrap"))  # fmt: skip
        self.panel = W.VBox(
            [*self.controls(), buttons, self.hint_box, self.feedback, self.solution_box,
             self.score_line],
            layout=W.Layout(flex="1 1 260px", min_width="240px", padding="0 0 0 8px"),
        )  # fmt: skip
        self.panel.add_class("trogkit-answer")
        self.widget = ExerciseBox(
            [self.title, W.Box([self.view, self.panel], layout=W.Layout(flex_flow="row wrap"))],
            self,
        )
        self.widget.add_class("trogkit-exercise")
        self.widget.layout.max_width = "100%"
        self.show_position()

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
        if not fb.judged:
            return f"<span style='color:#9a6700'>{esc(fb.text)}</span>"
        colour = "#1a7f37" if fb.correct else "#b42318"
        verdict = "Right!" if fb.correct else "Not quite."
        return f"<span style='color:{colour}'><b>{verdict}</b></span> {esc(fb.text)}"

    # -- shared --
    def show_position(self) -> None:
        """Draw the question and the exercise's position on its board (kinds add targets)."""
        self.title.value = f"<b>{esc(self.kind)}</b>: {esc(self.question)}"
        svg = self.picture()
        self.view.layout.max_width = board_width(svg)
        # the board asks for its whole size (labels stay readable); where the row has no room
        # left for the answer controls, they go below it
        self.view.layout.flex = f"1 1 {self.view.layout.max_width}"
        self.view.layout.min_width = "0"
        self.view.svg = svg

    def answer(self, answer) -> Feedback:
        """Judge ``answer`` (what the learner would enter), record it in the score, show it. An
        answer that is not one of this kind (or nothing chosen) is told what to enter and not
        counted; it never raises."""
        try:
            fb = self._judge(answer)
        except (TrogkitInputError, TypeError, IndexError) as e:  # never raised from a handler
            fb = unjudged(f"{e}")
        self.last = fb
        if fb.judged:
            self.score.record(self.key, fb.correct)
        self.feedback.value = tight(self.feedback_html(fb))
        self.score_line.value = f"<small>score: {esc(self.score)}</small>"
        return fb

    def check(self) -> Feedback:
        """The Check button: judge what the controls hold now."""
        return self.answer(self.current_answer())

    def show_solution(self) -> str:
        """The engine's answer, shown on request; a first try not yet made counts as missed."""
        text = self.solution_text()
        self.score.gave_up(self.key)
        self.solution_box.value = tight(f"<b>solution</b>: {esc(text)}")
        self.score_line.value = f"<small>score: {esc(self.score)}</small>"
        return text

    def right_answer(self):
        """An answer the engine says is right (what a checked cell answers)."""
        return self.solution()

    def wrong_answer(self):
        """An answer the engine says is wrong. Kinds override."""
        raise NotImplementedError

    def self_check(self) -> bool:
        """For a hidden checked cell: answer once wrongly and once rightly and assert the
        verdicts. It returns True and prints nothing: the learner's score, the shown feedback
        and the drawing are left as they were, so the check neither counts nor gives the answer
        away."""
        saved = (self.score, self.last, self.feedback.value, self.score_line.value,
                 list(self.view.marks))  # fmt: skip
        self.score = Score()
        try:
            bad, good = self.answer(self.wrong_answer()), self.answer(self.right_answer())
        finally:
            self.score, self.last, self.feedback.value, self.score_line.value, marks = saved
            self.view.marks = marks
        assert bad.judged and not bad.correct, f"{self.question}: a wrong answer was accepted"
        assert good.correct, f"{self.question}: the engine's own answer was refused ({good.text})"
        return True

    def hint(self) -> str:
        return self._hint or "Read the rule's text again, then look at the board."

    def show_hint(self) -> str:
        h = self.hint()
        self.hint_box.value = tight(f"<i>hint: {esc(h)}</i>")
        return h

    def picture(self) -> str:
        return drawings.svg(self.state)

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

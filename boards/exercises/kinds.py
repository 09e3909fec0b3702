"""The exercise kinds: click, predict, legal-or-not, number. Every answer is computed by the
engine (``legal_actions``, ``refusal``, ``apply_traced``) or by a solver at run time."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

from rulebook.common.errors import RuleError

from ..core import esc
from ..view import BoardView
from .core import Exercise, Feedback, fired_html, refusal_html, rule_line, svg_img


class ClickExercise(Exercise):
    """Click targets on the drawing, then Check. ``candidates(state)`` maps each clickable target
    to the actions that would do the asked thing there; a target is right when one of them is
    legal. A wrong click is explained by the refusal of its first action."""

    kind = "click"

    def __init__(self, state, question: str, candidates: Callable, **kw):
        self._candidates = candidates
        self.chosen: list[str] = []
        self.view = BoardView()
        super().__init__(state, question, **kw)
        self.view.add_class("trogkit-picture")
        self.view.on_click(self.toggle)
        self.view.svg = self.picture()
        self.view.targets = {t: [f"{t}: click to choose it", "select"] for t in self.options()}

    def controls(self):
        return [self.view]

    def options(self) -> dict[str, list]:
        return {t: [self.game.action(a) for a in acts]
                for t, acts in self._candidates(self.state).items()}  # fmt: skip

    def toggle(self, target: str) -> None:
        """A click on the drawing: choose the target, or un-choose it."""
        if target in self.chosen:
            self.chosen.remove(target)
        elif target in self.options():
            self.chosen.append(target)
        self.view.selected = list(self.chosen)

    def current_answer(self):
        return list(self.chosen)

    def solution(self) -> tuple[str, ...]:
        return tuple(
            t for t, acts in self.options().items()
            if any(self.game.refusal(self.state, a) is None for a in acts)
        )  # fmt: skip

    def solution_text(self) -> str:
        return ", ".join(self.solution()) or "none"

    def right_answer(self) -> list[str]:
        return list(self.solution())

    def wrong_answer(self) -> list[str]:
        right = list(self.solution())
        other = [t for t in self.options() if t not in right]
        if other:
            return [*right, other[0]]
        if right:
            return right[:-1]
        raise ValueError("no wrong answer: no target at all")

    def _judge(self, answer) -> Feedback:
        opts, want = self.options(), set(self.solution())
        got = {answer} if isinstance(answer, str) else set(answer)
        unknown = sorted(got - set(opts))
        if unknown:
            raise ValueError(f"not a target of this exercise: {', '.join(unknown)}")
        refusals = {t: self.game.refusal(self.state, opts[t][0]) for t in sorted(got - want)}
        right, missed, wrong = sorted(got & want), sorted(want - got), sorted(got - want)
        text = f"{len(right)} right, {len(missed)} missed, {len(wrong)} wrong"
        if missed:
            text += "; missed: " + ", ".join(missed)
        for t in wrong:
            text += f"; {t}: refused by {refusals[t].rule_id}: {refusals[t].reason}"
        return Feedback(not missed and not wrong, text, tuple(right), tuple(missed),
                        tuple(wrong), refusals, expected=tuple(sorted(want)))  # fmt: skip

    def answer(self, answer) -> Feedback:
        """Judge the clicked targets; the drawing marks each: right, missed, wrong."""
        fb = super().answer(answer)
        self.view.marks = ([[t, "right"] for t in fb.right] + [[t, "missed"] for t in fb.missed]
                           + [[t, "wrong"] for t in fb.wrong])  # fmt: skip
        return fb

    def self_check(self) -> str:
        marks = list(self.view.marks)
        try:
            return super().self_check()
        finally:
            self.view.marks = marks  # the check must not mark the answer on the drawing

    def feedback_html(self, fb: Feedback) -> str:
        head = super().feedback_html(fb).split("</span>")[0] + "</span>"
        rows = [f"right: {esc(', '.join(fb.right) or 'none')}",
                f"missed: {esc(', '.join(fb.missed) or 'none')}"]  # fmt: skip
        rows += [f"<b>{esc(t)}</b>: {refusal_html(self.game, e)}" for t, e in fb.refusals.items()]
        return head + "<ul>" + "".join(f"<li>{r}</li>" for r in rows) + "</ul>"


def outcome_of(game, state, action) -> tuple[str, tuple[str, ...], object]:
    """(a short description, rules fired, the state after) of playing ``action`` here."""
    err = game.refusal(state, game.action(action))
    if err is not None:
        return f"refused by {err.rule_id}", (), None
    after, ids = game.apply_traced(state, action)
    ids = tuple(dict.fromkeys(ids))
    rules = "fires " + ", ".join(ids) if ids else "no rule reports itself"
    return f"{changes(state, after)}; {rules}", ids, after


def changes(before, after, limit: int = 4) -> str:
    """What the notation says changed: ``key=value`` (or ``key changed`` for long values)."""
    from rulebook.common.gallery import fields_of

    old, new = fields_of(before), fields_of(after)
    keys = [k for k in dict.fromkeys([*new, *old]) if old.get(k, "-") != new.get(k, "-")]
    parts = [f"{k}={new.get(k, '-')}" if len(new.get(k, "-")) <= 16 else f"{k} changed"
             for k in keys[:limit]]  # fmt: skip
    return ", ".join(parts) + (" ..." if len(keys) > limit else "") or "no change"


class PredictExercise(Exercise):
    """What happens after ``action``? The choices are outcomes the engine computes: this
    action's and those of other actions from the same position (distractors)."""

    kind = "predict"

    def __init__(self, state, action, *, others=None, question: str = "", **kw):
        self.action = str(action)
        self._others = others
        question = question or f"What happens after `{self.action}`?"
        self.choices = self._make_choices(state)
        self.buttons = W.RadioButtons(options=self.choices, value=None)
        super().__init__(state, question, **kw)

    def _make_choices(self, state) -> list[str]:
        from rulebook import game_of

        g = game_of(state)
        mine = outcome_of(g, state, self.action)[0]
        pool = self._others if self._others is not None else g.legal_actions(state)
        seen = [mine]
        for a in pool:
            d = outcome_of(g, state, a)[0]
            if d not in seen:
                seen.append(d)
            if len(seen) == 4:
                break
        return sorted(seen)

    def controls(self):
        return [self.buttons]

    def current_answer(self):
        return self.buttons.value

    def solution(self) -> str:
        return outcome_of(self.game, self.state, self.action)[0]

    def wrong_answer(self) -> str:
        return next(c for c in self.choices if c != self.solution())

    def _judge(self, answer) -> Feedback:
        if isinstance(answer, int):
            answer = self.choices[answer]
        if answer not in self.choices:
            raise ValueError(f"not one of the choices: {answer!r}; choices: {self.choices}")
        want, ids, after = outcome_of(self.game, self.state, self.action)
        text = f"`{self.action}` {want}"
        if ids:
            text += ": " + "; ".join(rule_line(self.game, r) for r in ids)
        return Feedback(answer == want, text, fired=ids, after=after, expected=want)

    def feedback_html(self, fb: Feedback) -> str:
        head = super().feedback_html(fb).split("</span>")[0] + "</span>"
        body = f" <code>{esc(self.action)}</code>: " + fired_html(self.game, fb.fired)
        err = self.game.refusal(self.state, self.game.action(self.action))
        if err is not None:
            body = " " + refusal_html(self.game, err)
        if fb.after is not None:
            body += svg_img(self.game.svg(fb.after), 360)
        return head + body


class LegalExercise(Exercise):
    """Is ``action`` legal here? Answer ``True`` (legal) or ``False`` (refused)."""

    kind = "legal or not"

    def __init__(self, state, action, *, question: str = "", **kw):
        self.action = str(action)
        self.buttons = W.ToggleButtons(options=[("legal", True), ("refused", False)], value=None)
        super().__init__(state, question or f"Is `{self.action}` legal here?", **kw)

    def controls(self):
        return [self.buttons]

    def current_answer(self):
        return self.buttons.value

    def refusal(self) -> RuleError | None:
        return self.game.refusal(self.state, self.game.action(self.action))

    def solution(self) -> bool:
        return self.refusal() is None

    def wrong_answer(self) -> bool:
        return not self.solution()

    def solution_text(self) -> str:
        err = self.refusal()
        return "legal" if err is None else f"refused by {err.rule_id}: {err.reason}"

    def _judge(self, answer) -> Feedback:
        if answer not in (True, False):
            raise ValueError(f"answer True (legal) or False (refused), not {answer!r}")
        err = self.refusal()
        if err is not None:
            text = f"{rule_line(self.game, err.rule_id)} ({err.reason})"
            return Feedback(answer is False, "refused by " + text,
                            refusals={self.action: err}, expected=False)  # fmt: skip
        _d, ids, after = outcome_of(self.game, self.state, self.action)
        text = "legal; " + (", ".join(ids) or "no rule") + " fired"
        return Feedback(answer is True, text, fired=ids, after=after, expected=True)


class NumberExercise(Exercise):
    """A number the engine or a solver computes now: ``compute(state) -> (value, explanation)``."""

    kind = "number"

    def __init__(self, state, question: str, compute: Callable, **kw):
        self._compute = compute
        self._cached = None
        self.entry = W.IntText(value=0, description="answer")
        super().__init__(state, question, **kw)

    def controls(self):
        return [self.entry]

    def current_answer(self):
        return self.entry.value

    def computed(self) -> tuple[int, str]:
        if self._cached is None:
            self._cached = self._compute(self.state)
        return self._cached

    def solution(self) -> int:
        return self.computed()[0]

    def wrong_answer(self) -> int:
        return self.solution() + 1

    def solution_text(self) -> str:
        value, why = self.computed()
        return f"{value}: {why}"

    def _judge(self, answer) -> Feedback:
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise ValueError(f"answer a whole number, not {answer!r}")
        value, why = self.computed()
        more = "" if answer == value else (" (too high)" if answer > value else " (too low)")
        return Feedback(answer == value, f"{value}{more}: {why}", expected=value)

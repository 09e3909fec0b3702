"""The exercise kinds: click, predict, legal-or-not, number. Every answer is computed by the
engine (``legal_actions``, ``refusal``, ``apply_traced``) or by a solver at run time; choices and
feedback say what happens on the board and name the rule that decides it."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

import drawings
from drawings.words import change_words, phrases
from rulebook.common.errors import RuleError

from ..core import esc
from ..view import BoardView
from .core import (
    Exercise,
    Feedback,
    refusal_html,
    refusal_words,
    rule_line,
    rule_title,
    svg_img,
    unjudged,
)

REFUSED = "nothing changes: the rules refuse it"
CHOICE_CSS = (
    "<style>.trogkit-choice.jupyter-button, .trogkit-choice.widget-button {white-space: normal;"
    " height: auto; min-height: 28px; text-align: left; line-height: 1.3; padding: 4px 8px;}"
    "</style>"
)


def shown(target: str) -> str:
    """A drawing's target as a learner reads it: ``cage:V10.2`` -> ``V10.2``."""
    return target.split(":", 1)[-1]


def _rules_html(game, ids) -> str:
    if not ids:
        return "no catalog rule reports itself"
    return "; ".join(esc(rule_title(game, r)) for r in dict.fromkeys(ids))


class ClickExercise(Exercise):
    """Click targets on the drawing, then Check (or press "none is possible"). ``candidates
    (state)`` maps each clickable target to the actions that would do the asked thing there,
    the most telling first; a target is right when one of them is legal. A wrong click is
    explained by the refusal of each of its actions: the rule and the condition that failed."""

    kind = "click"

    def __init__(self, state, question: str, candidates: Callable, **kw):
        self._candidates = candidates
        self.chosen: list[str] = []
        self.view = BoardView()
        self.view.on_click(self.toggle)
        self.none_button = W.ToggleButton(description="none is possible", value=False,
                                          layout=W.Layout(width="auto"))  # fmt: skip
        self.none_button.add_class("trogkit-none")
        self.none_button.observe(lambda _c: self._none_toggled(), "value")
        super().__init__(state, question, **kw)

    def controls(self):
        return [W.HTML("<div style='line-height:1.4'><small>click the board to choose; click "
                       "again to un-choose</small></div>"),
                self.none_button]  # fmt: skip

    def show_position(self) -> None:
        super().show_position()
        self.view.targets = {
            t: [f"{shown(t)}: click to choose it", "select"] for t in self.options()
        }

    def options(self) -> dict[str, list]:
        return {t: [self.game.action(a) for a in acts]
                for t, acts in self._candidates(self.state).items()}  # fmt: skip

    def toggle(self, target: str) -> None:
        """A click on the drawing: choose the target, or un-choose it."""
        if target in self.chosen:
            self.chosen.remove(target)
        elif target in self.options():
            self.chosen.append(target)
            self.none_button.value = False
        self.view.selected = list(self.chosen)

    def _none_toggled(self) -> None:
        if self.none_button.value and self.chosen:
            self.chosen.clear()
            self.view.selected = []

    def current_answer(self):
        if self.chosen:
            return list(self.chosen)
        return [] if self.none_button.value else None

    def solution(self) -> tuple[str, ...]:
        return tuple(
            t for t, acts in self.options().items()
            if any(self.game.refusal(self.state, a) is None for a in acts)
        )  # fmt: skip

    def solution_text(self) -> str:
        right = self.solution()
        if right:
            return ", ".join(map(shown, right))
        by_rule: dict[str, list[str]] = {}
        for t in self.options():
            by_rule.setdefault(self.why_not(t)[0].rule_id, []).append(t)
        return "none is possible here: " + "; ".join(
            f"{', '.join(map(shown, ts)) if len(ts) < 4 else f'{shown(ts[0])} and {len(ts) - 1} more'}"
            f" refused by "
            f"{rule_title(self.game, r)} ({self.why_not(ts[0])[0].reason})"
            for r, ts in by_rule.items()
        )

    def why_not(self, target: str) -> list[RuleError]:
        """The refusals of ``target``'s actions, one per rule, the most telling first."""
        out: dict[str, RuleError] = {}
        for a in self.options()[target]:
            err = self.game.refusal(self.state, a)
            if err is not None:
                out.setdefault(err.rule_id, err)
        return list(out.values())

    def hint(self) -> str:
        """The exercise's hint, then the rules that decide this position's squares."""
        ids: dict[str, None] = {}
        for t in self.options():
            for a in self.options()[t]:
                err = self.game.refusal(self.state, a)
                ids.update({err.rule_id: None} if err else {})
        rules = ", ".join(rule_title(self.game, r) for r in ids)
        base = self._hint or "Try each square in your head against the rule's conditions."
        return f"{base} Here these rules decide: {rules}." if rules else base

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
        if answer is None:
            return unjudged("Click your squares on the board first, or press "
                            "'none is possible'.")  # fmt: skip
        if isinstance(answer, str):
            answer = [answer]
        if not isinstance(answer, list | tuple | set | frozenset) or not all(
            isinstance(t, str) for t in answer
        ):
            return unjudged(f"answer with the names of targets on the board, not {answer!r}")
        opts, want = self.options(), set(self.solution())
        got = set(answer)
        unknown = sorted(got - set(opts))
        if unknown:
            return unjudged(f"not a target of this exercise: {', '.join(unknown)}")
        refusals = {t: self.why_not(t)[0] for t in sorted(got - want)}
        right, missed, wrong = sorted(got & want), sorted(want - got), sorted(got - want)
        if not want:
            text = "none is possible here" + ("" if not got else "; " + "; ".join(
                f"{shown(t)}: {refusal_words(self.game, refusals[t])}" for t in wrong))  # fmt: skip
        else:
            text = f"{len(right)} right, {len(missed)} missed, {len(wrong)} wrong"
            for t in wrong:
                text += f"; {shown(t)}: {refusal_words(self.game, refusals[t])}"
        return Feedback(not missed and not wrong, text, tuple(right), tuple(missed),
                        tuple(wrong), refusals, expected=tuple(sorted(want)))  # fmt: skip

    def answer(self, answer) -> Feedback:
        """Judge the clicked targets; the drawing marks each: right, wrong (missed ones are
        left for the learner to find, until the solution is shown)."""
        fb = super().answer(answer)
        if fb.judged:
            self.view.marks = [[t, "right"] for t in fb.right] + [[t, "wrong"] for t in fb.wrong]
        return fb

    def show_solution(self) -> str:
        text = super().show_solution()
        self.view.marks = [[t, "solution"] for t in self.solution()]
        return text

    def feedback_html(self, fb: Feedback) -> str:
        if not fb.judged:
            return super().feedback_html(fb)
        head = super().feedback_html(fb).split("</span>")[0] + "</span>"
        rows = []
        if not fb.expected:
            rows.append("<b>none is possible here</b>: every square is refused by a rule")
        elif fb.missed:
            rows.append(f"{len(fb.missed)} square(s) missed: look again (or show the solution)")
        if fb.right:
            rows.append(f"right: {esc(', '.join(map(shown, fb.right)))}")
        for t in fb.wrong:
            errs = self.why_not(t)
            more = "".join(f"<br><small>also {esc(e.rule_id)}: {esc(e.reason)}</small>"
                           for e in errs[1:])  # fmt: skip
            rows.append(
                f"<b>{esc(shown(t))}</b> is refused by {refusal_html(self.game, errs[0])}{more}"
            )
        return head + "<ul>" + "".join(f"<li>{r}</li>" for r in rows) + "</ul>"


def outcome_of(game, state, action) -> tuple[str, tuple[str, ...], object]:
    """(what happens on the board in plain words, rules fired, the state after) of ``action``."""
    err = game.refusal(state, game.action(action))
    if err is not None:
        return REFUSED, (), None
    after, ids = game.apply_traced(state, action)
    return change_words(state, after), tuple(dict.fromkeys(ids)), after


class ChoiceList(W.VBox):
    """One button per choice, one readable row each (long text wraps inside its own row);
    ``value`` is the chosen text or None."""

    def __init__(self, choices: list[str]):
        self.choices = list(choices)
        self.value: str | None = None
        self.rows = []
        for c in self.choices:
            b = W.Button(description=c, tooltip=c, layout=W.Layout(width="100%", height="auto"))
            b.add_class("trogkit-choice")
            b.on_click(lambda _b, c=c: self.choose(c))
            self.rows.append(b)
        super().__init__([W.HTML(CHOICE_CSS), *self.rows])
        self.add_class("trogkit-choices")

    def choose(self, choice: str | None) -> None:
        self.value = choice
        for c, b in zip(self.choices, self.rows, strict=True):
            b.button_style = "info" if c == choice else ""
            b.icon = "check" if c == choice else ""


class PredictExercise(Exercise):
    """What happens after ``action``? The choices are sentences of what changes on the board,
    computed by the engine: the action's real outcome, "refused", that outcome with its middle
    change left out, and what other actions from the same position do."""

    kind = "predict"

    def __init__(self, state, action, *, others=None, question: str = "", **kw):
        self.action = str(action)
        self._others = others
        question = question or f"What happens on the board after `{self.action}`?"
        self.choices = self._make_choices(state)
        self.buttons = ChoiceList(self.choices)
        super().__init__(state, question, **kw)

    def _make_choices(self, state) -> list[str]:
        from rulebook import game_of

        g = game_of(state)
        mine, _ids, after = outcome_of(g, state, self.action)
        seen = [mine]
        if mine != REFUSED:
            seen.append(REFUSED)
            said = phrases(state, after)
            if len(said) > 1:  # the outcome with its middle change left out
                i = len(said) // 2
                seen.append("; ".join(said[:i] + said[i + 1 :]))
        pool = self._others if self._others is not None else g.legal_actions(state)
        for a in pool:
            if len(seen) >= 4:
                break
            d = outcome_of(g, state, a)[0]
            if d not in seen:
                seen.append(d)
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
        if answer is None:
            return unjudged("Choose one of the sentences first.")
        if isinstance(answer, int) and not isinstance(answer, bool):
            if not 0 <= answer < len(self.choices):
                return unjudged(f"choice {answer}: choose 0 to {len(self.choices) - 1}")
            answer = self.choices[answer]
        if answer not in self.choices:
            return unjudged(f"not one of the choices: {answer!r}")
        want, ids, after = outcome_of(self.game, self.state, self.action)
        err = self.game.refusal(self.state, self.game.action(self.action))
        refusals = {self.action: err} if err is not None else {}
        return Feedback(answer == want, self._why(answer, want, err), refusals=refusals,
                        fired=ids, after=after, expected=want)  # fmt: skip

    def _why(self, answer: str, want: str, err) -> str:
        """The verdict in words: what really happens, and why the chosen sentence is not it."""
        if err is not None:
            return f"`{self.action}` is refused by {refusal_words(self.game, err)}."
        if answer == want:
            return f"`{self.action}`: {want}."
        if answer == REFUSED:
            why = f"no rule refuses `{self.action}` here: it changes the board."
        elif set(answer.split("; ")) < set(want.split("; ")):
            why = "that is only part of what happens: something else changes too."
        else:
            doer = next((str(a) for a in self.game.legal_actions(self.state)
                         if outcome_of(self.game, self.state, a)[0] == answer), None)  # fmt: skip
            why = f"that is what `{doer}` does." if doer else "that is not what happens."
        rule = self.deciding_rule()
        if rule is None:
            return why
        return f"{why} The rule that decides it: {rule_line(self.game, rule)}"

    def deciding_rule(self) -> str | None:
        """The catalog rule that decides what ``action`` does here: its refusal's, else the
        first rule it fires that is not bookkeeping shared by every action (the most specific:
        fired by this action and by no other legal action here)."""
        err = self.game.refusal(self.state, self.game.action(self.action))
        if err is not None:
            return err.rule_id
        ids = [r for r in outcome_of(self.game, self.state, self.action)[1]
               if r in self.game.catalog.rules]  # fmt: skip
        others = set()
        for a in self.game.legal_actions(self.state):
            if str(a) != self.action:
                others.update(outcome_of(self.game, self.state, a)[1])
        return next((r for r in ids if r not in others), ids[0] if ids else None)

    def feedback_html(self, fb: Feedback) -> str:
        html = super().feedback_html(fb)
        if fb.judged and fb.correct and fb.fired:
            html += f"<br><small>rules: {_rules_html(self.game, fb.fired)}</small>"
            if fb.after is not None:
                html += "<br>" + svg_img(drawings.svg(fb.after), 300)
        return html

    def hint(self) -> str:
        if self._hint:
            return self._hint
        rule = self.deciding_rule()
        if rule is None:
            return "Play it in your head on the board: what moves, what burns, what is spent?"
        return f"Read {rule_title(self.game, rule)} again and apply it to this board."


class LegalExercise(Exercise):
    """Is ``action`` legal here? Answer ``True`` (legal) or ``False`` (refused)."""

    kind = "legal or not"

    def __init__(self, state, action, *, question: str = "", **kw):
        self.action = str(action)
        self.buttons = W.ToggleButtons(options=[("legal", True), ("refused", False)], value=None)
        self.buttons.add_class("trogkit-legal-buttons")
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
        if err is None:
            return f"legal: {outcome_of(self.game, self.state, self.action)[0]}"
        return f"refused by {refusal_words(self.game, err)}"

    def _judge(self, answer) -> Feedback:
        if answer is None:
            return unjudged("Choose 'legal' or 'refused' first.")
        if answer is not True and answer is not False:
            return unjudged(f"answer True (legal) or False (refused), not {answer!r}")
        err = self.refusal()
        if err is not None:
            return Feedback(answer is False, f"refused by {refusal_words(self.game, err)}",
                            refusals={self.action: err}, expected=False)  # fmt: skip
        words, ids, after = outcome_of(self.game, self.state, self.action)
        text = f"legal: no rule refuses it here; it does this: {words}"
        return Feedback(answer is True, text, fired=ids, after=after, expected=True)

    def hint(self) -> str:
        if self._hint:
            return self._hint
        err = self.refusal()
        ids = [err.rule_id] if err else outcome_of(self.game, self.state, self.action)[1]
        rule = next((r for r in ids if r in self.game.catalog.rules), None)
        if rule is None:
            return "Look for a rule whose condition this board fails."
        rule_text = self.game.catalog.rules[rule].text
        return f"The rule that decides it here: {rule_title(self.game, rule)}: {rule_text}"


class NumberExercise(Exercise):
    """A number the engine or a solver computes now: ``compute(state) -> (value, explanation)``.
    With ``impossible=True`` a value of None means "impossible" and the learner has an
    "impossible" button for it."""

    kind = "number"

    def __init__(self, state, question: str, compute: Callable, *, impossible=False, **kw):
        self._compute = compute
        self._cached = None
        self.can_be_impossible = impossible  # offer the "impossible" answer (a search's None)
        self.entry = W.Text(value="", placeholder="a whole number", description="answer",
                            layout=W.Layout(width="220px"))  # fmt: skip
        self.entry.add_class("trogkit-number")
        self.impossible = W.ToggleButton(description="impossible", value=False,
                                         layout=W.Layout(width="auto"))  # fmt: skip
        super().__init__(state, question, **kw)

    def controls(self):
        if not self.can_be_impossible:
            self.impossible.layout.display = "none"
        return [W.HBox([self.entry, self.impossible])]

    def current_answer(self):
        if self.impossible.value:
            return "impossible"
        text = self.entry.value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            return text

    def computed(self) -> tuple[int | None, str]:
        if self._cached is None:
            self._cached = self._compute(self.state)
        return self._cached

    def solution(self) -> int | str:
        value = self.computed()[0]
        return "impossible" if value is None else value

    def wrong_answer(self) -> int:
        value = self.computed()[0]
        return 0 if value is None else value + 1

    def solution_text(self) -> str:
        value, why = self.computed()
        return f"{'impossible' if value is None else value}: {why}"

    def _judge(self, answer) -> Feedback:
        if answer is None:
            return unjudged("Type a whole number first (or press 'impossible').")
        value, why = self.computed()
        if answer == "impossible" and not self.can_be_impossible:
            return unjudged("answer a whole number: this one always has an answer")
        if answer == "impossible" or value is None:
            return Feedback(answer == self.solution(), f"{self.solution()}: {why}",
                            expected=self.solution())  # fmt: skip
        if isinstance(answer, bool) or not isinstance(answer, int):
            return unjudged(f"answer a whole number, not {answer!r}")
        if answer < 0:
            return unjudged(f"{answer}: the answer is a count, 0 or more")
        if answer != value:
            more = "too high" if answer > value else "too low"
            return Feedback(False, f"{answer} is {more}. {self.hint()}", expected=value)
        return Feedback(True, f"{value}: {why}", expected=value)

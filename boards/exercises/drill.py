"""Drills: a fresh position for one named rule on demand (a new seed each time), so a learner can
practise that rule until it is clear. Positions come from seeded random play, chosen where the
rule acts (refuses, or fires) or where it does not; the question is one a learner who knows the
rule's text can answer: "is this legal here?" when the action is refused, else "what happens on
the board?" (never "does rule X act", which depends on how the engine reports itself)."""

from __future__ import annotations

import random
import time

import ipywidgets as W

import rulebook
from rulebook.common.errors import TrogkitInputError

from ..core import esc
from .core import Exercise, Feedback, rule_title
from .kinds import LegalExercise, PredictExercise

SECONDS = 3.0  # a drill's search for a position ends within this budget
STEPS = 400  # actions of random play per seed


def rule_acts(game, state, action, rule_id: str) -> bool:
    """True when ``rule_id`` refuses ``action`` here or fires while it is played."""
    err = game.refusal(state, game.action(action))
    if err is not None:
        return err.rule_id == rule_id
    return rule_id in game.apply_traced(state, action)[1]


def _acts(game, state, action, rule_id: str) -> bool | None:
    try:
        return rule_acts(game, state, action, rule_id)
    except TrogkitInputError:  # an action of an earlier position that cannot be read here
        return None


def find_case(game, rule_id: str, seed: int, want: bool, seconds: float = SECONDS):
    """(state, action) from random play of ``new_game(seed)``: a position where the rule acts
    for some action; then that action (``want``) or another one tried there for which it does
    not act. Actions tried: every one the rules weigh here and those legal a step before, for
    a refusal (one check each); a few legal ones, played to see what fires. None if the budget
    runs out first."""
    rng, end = random.Random(seed), time.monotonic() + seconds
    s, previous = game.new_game(seed), []
    for _ in range(STEPS):
        legal = game.legal_actions(s)
        if not legal or time.monotonic() > end:
            return None
        now = [str(a) for a in legal]
        weighed = [str(a) for a in game.candidates(s)] + previous
        refused = [a for a in dict.fromkeys(weighed) if a not in now]  # one refusal each: all
        rng.shuffle(now)
        rng.shuffle(refused)
        pool = refused + now[:12]  # a legal one is played to see what fires: a few suffice
        acting = next((a for a in pool if _acts(game, s, a, rule_id)), None)
        if acting is not None:
            if want:
                return s, acting
            other = next((a for a in now[:12] if _acts(game, s, a, rule_id) is False), None)
            return s, other or acting
        previous = [str(a) for a in legal]
        s = game.apply(s, rng.choice(legal))
    return None


def RuleExercise(state, action, rule_id: str, **kw) -> Exercise:  # noqa: N802 - a kind's name
    """An exercise on ``rule_id`` at ``action``: "is it legal here?" when the rules refuse it,
    else "what happens on the board?"; the hint names the rule practised."""
    game = rulebook.game_of(state)
    kw.setdefault("hint", f"This drill practises {rule_title(game, rule_id)}: "
                          f"{game.catalog.rules[rule_id].text}")  # fmt: skip
    if game.refusal(state, game.action(action)) is not None:
        return LegalExercise(state, action, **kw)
    return PredictExercise(state, action, **kw)


class Drill:
    """``Drill(game, rule_id)``: ``new()`` gives a fresh exercise (next seed; the rule acts in
    about half of them) and draws it in place of the last one; the widget has a "new position"
    button."""

    def __init__(self, game, rule_id: str, *, seed: int = 0, score=None):
        self.game = rulebook.game(game) if isinstance(game, str) else game
        if rule_id not in self.game.catalog.rules:
            raise KeyError(f"{rule_id} is not a rule of {self.game.name}")
        self.rule_id, self.seed, self._score = rule_id, seed, score
        self.current: Exercise | None = None
        self.new_button = W.Button(description="new position", icon="refresh",
                                   layout=W.Layout(width="auto"))  # fmt: skip
        self.new_button.add_class("trogkit-new-position")
        self.new_button.on_click(lambda _b: self.new_from_button())
        self.note = W.HTML(value="")
        self.widget = DrillBox([W.HBox([self.new_button, self.note]), W.VBox()], self)
        self.widget.add_class("trogkit-drill")

    def new(self, tries: int = 20, seconds: float = 2 * SECONDS) -> Exercise:
        """The next position (seeds from ``seed`` upward) where the rule acts or not; the search
        ends after ``tries`` seeds or ``seconds``, whichever comes first (LookupError)."""
        end = time.monotonic() + seconds
        for _ in range(tries):
            left = end - time.monotonic()
            if left <= 0:
                break
            self.seed += 1
            want = random.Random(self.seed).random() < 0.6
            case = find_case(self.game, self.rule_id, self.seed, want, min(SECONDS, left))
            if case is not None:
                ex = RuleExercise(*case, self.rule_id, score=self._score,
                                  key=f"drill {self.rule_id} seed {self.seed}")  # fmt: skip
                self.current = ex
                self.widget.children = [self.widget.children[0], ex.widget]
                self.note.value = (f"<small>drill {esc(self.rule_id)}: position "
                                   f"{self.seed}</small>")  # fmt: skip
                return ex
        msg = f"no position found for {self.rule_id} within {tries} seeds / {seconds:g} s"
        self.note.value = esc(msg)
        raise LookupError(msg)

    def new_from_button(self) -> Exercise | None:
        """The "new position" button: a search that finds nothing is said on the drill (the
        note names the budget), never raised from the handler."""
        try:
            return self.new()
        except LookupError:
            return None

    def answer(self, answer) -> Feedback:
        if self.current is None:
            self.new()
        return self.current.answer(answer)

    def _repr_mimebundle_(self, **kwargs):
        if self.current is None:
            self.new()
        return self.widget._repr_mimebundle_(**kwargs)


class DrillBox(W.VBox):
    """The drill's widget; its saved output carries the current exercise's static rendering."""

    def __init__(self, children, drill: Drill, **kw):
        super().__init__(children, **kw)
        self._drill = drill

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data = dict((data[0] if isinstance(data, tuple) else data) or {})
        if self._drill.current is not None:
            data.update(self._drill.current.static_bundle())
        return data

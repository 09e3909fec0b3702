"""Exercises that check the learner: the answer always comes from the engine or a solver, now.

```python
from boards import exercises as ex
e = ex.burninate_squares(state)     # click: the squares Trogdor may burninate now
e                                   # a notebook shows the board; click squares, press Check
fb = e.answer(["C3", "B2"])         # the same from code (tests, nbval): a Feedback
fb.correct, fb.right, fb.missed, fb.wrong, fb.refusals["B2"].rule_id, fb.text
ex.predict(state, "move N")         # choices of outcomes; feedback: the board after, rules fired
ex.legal(state, "burn tile at A1")  # answer(True) = legal, answer(False) = refused
ex.fewest_ap_to_burn(state, "A1")   # number: the A* solver's fewest AP to burn that cottage
ex.points(tl_state, 0); ex.vehicle_points(tl_state, 0)  # Trollland scoring (all; vehicles)
ex.battle_level(re_state, 0, 3)     # Encounter: the level P1's E3 fights with
ex.click(state, question, candidates)  # any click question: target -> actions that do it
ex.cages_click(tl_state, "Zo6"); ex.attack_click(re_state, mine=1)
d = ex.drill("trogdor", "T-BURN-TILE"); d.new()  # a fresh position per seed: legal or predict
ex.SCORE                            # "3 of 5 right at the first try, 4 solved", kept in
                                    # trogkit-score.json beside the notebook (survives restarts)
e.hint(); e.show_solution()         # on request only; a shown solution is a missed first try
assert e.self_check()               # hidden checked cell: answers wrongly, then rightly, asserts
                                    # both verdicts, prints nothing; the learner's score is untouched
```
Every exercise shows its position on a live board beside its question and answer controls; an
answer that cannot be judged (nothing chosen, wrong type) is told what to enter, never raised.
Every exercise also saves a static rendering (question, board picture, answer in <details>).
"""

from __future__ import annotations

from .core import SCORE, Exercise, Feedback, Score
from .drill import Drill, RuleExercise
from .games import (
    attack_click,
    battle_level,
    burninate_squares,
    cages_click,
    fewest_ap_to_burn,
    points,
    vehicle_points,
)
from .kinds import ClickExercise, LegalExercise, NumberExercise, PredictExercise

predict = PredictExercise
legal = LegalExercise
click = ClickExercise
number = NumberExercise
drill = Drill

__all__ = [
    "SCORE", "ClickExercise", "Drill", "Exercise", "Feedback", "LegalExercise",
    "NumberExercise", "PredictExercise", "RuleExercise", "Score", "attack_click",
    "battle_level", "burninate_squares", "cages_click", "click", "drill", "fewest_ap_to_burn",
    "legal", "number", "points", "predict", "vehicle_points",
]  # fmt: skip

"""Rules verification (issue 22): a witness game for every rule, where a ruling's options differ,
and claims checked with the smallest counterexample.

- ``witness(game, rule_id, budget=, seed=)`` / ``witness_all(game)`` (``witness.py``);
- ``differ(game, ruling_id)`` (``differ.py``);
- ``check(game, claim, games=, depth=)`` and ``check_rate`` (``claims.py``);
- every result is a ``Trace`` (``trace.py``): a start and actions that any tool replays with
  ``apply_traced``; ``store.py`` keeps one file of them per game beside the rules.
"""

from .trace import Start, Trace, replay, step

__all__ = ["Start", "Trace", "replay", "step"]

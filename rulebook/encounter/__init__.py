"""Random Encounter: Plains of the Troll King -- multiplayer, variants and Solo Adventure Mode.

Pure rules: see multi.py (multiplayer + variants), solo.py (Solo Adventure), battle.py (resolution),
cards.py (card data with provenance) and rules.toml (the catalog, ``CATALOG``).
"""

from __future__ import annotations

from .battle import BattleResult, BattleRules, composition_problem, fast_winner, resolve, summarise
from .cards import DEFAULT_CARDS, Card, CardSet, default_cards, load_card_set
from .common import CATALOG, VARIANTS, default_rulings, rulings_from
from .multi import MultiState, new_game
from .solo import SoloState, new_adventure


def parse_state(text: str, cards: CardSet | None = None):
    """Parse either notation (``mode=multi ...`` or ``mode=solo ...``)."""
    from rulebook.common.errors import NotationError

    if not isinstance(text, str) or not text.strip():
        raise NotationError("empty notation")
    mode = text.split()[0]
    if mode == "mode=multi":
        return MultiState.parse(text, cards)
    if mode == "mode=solo":
        return SoloState.parse(text, cards)
    raise NotationError("a position starts with mode=multi or mode=solo", text=text[:40])


def legal_actions(state) -> list[str]:
    from . import multi, solo

    return (solo if isinstance(state, SoloState) else multi).legal_actions(state)


def apply_action(state, action: str):
    from . import multi, solo

    return (solo if isinstance(state, SoloState) else multi).apply_action(state, action)


def attempt(state, action: str):
    """(new state, None) for a legal action; (the same state, "'action' refused by RULE: reason")
    for an illegal one -- the form notebooks print."""
    from rulebook.common.errors import RuleError

    try:
        return apply_action(state, action), None
    except RuleError as e:
        return state, f"{action!r} refused by {e.rule_id}: {e.reason}"


def is_terminal(state) -> bool:
    return state.outcome != "-"


__all__ = [
    "BattleResult", "BattleRules", "CATALOG", "Card", "CardSet", "DEFAULT_CARDS", "MultiState",
    "SoloState", "VARIANTS", "apply_action", "attempt", "composition_problem", "default_cards",
    "default_rulings", "fast_winner", "is_terminal", "legal_actions", "load_card_set",
    "new_adventure", "new_game", "parse_state", "resolve", "rulings_from",
    "summarise",
]  # fmt: skip

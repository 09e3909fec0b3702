"""Things both modes share: the catalog, rulings, refusals and list notation."""

from __future__ import annotations

from pathlib import Path

from rulebook.common.catalog import load_catalog
from rulebook.common.errors import NotationError, RuleError
from rulebook.common.notation import fmt_list, parse_list
from rulebook.common.rulings import RulingSet

CATALOG = load_catalog(Path(__file__).with_name("rules.toml"))
VARIANTS = ("keys", "market", "sin")


def refuse(rule_id: str, reason: str) -> RuleError:
    return CATALOG.refuse(rule_id, reason)


def default_rulings(**choices: str) -> RulingSet:
    return RulingSet.make(CATALOG.rulings, **choices)


def rulings_from(value) -> RulingSet:
    """Accept None, a RulingSet, a dict or the notation text."""
    if value is None:
        return default_rulings()
    if isinstance(value, RulingSet):
        return value
    if isinstance(value, dict):
        return RulingSet(CATALOG.rulings).with_choices(value)
    return RulingSet(CATALOG.rulings).parse(str(value))


def fmt_groups(groups, sep: str, inner: str = ",") -> str:
    return sep.join(inner.join(g) if g else "-" for g in groups)


def parse_groups(text: str, sep: str, inner: str = ",") -> list[list[str]]:
    return [[] if g in ("", "-") else g.split(inner) for g in text.split(sep)]


def check_cards(ids, cards, where: str) -> None:
    """Every id is a known card, and none appears twice (a position holds each card once)."""
    for c in ids:
        if c not in cards:
            raise NotationError(f"unknown card id {c!r}", where=where)
    dup = sorted({c for c in ids if ids.count(c) > 1})
    if dup:
        raise NotationError(f"card(s) appear twice: {', '.join(dup)}", where=where)


__all__ = ["CATALOG", "VARIANTS", "fmt_list", "parse_list"]

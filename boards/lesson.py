"""Small helpers the lessons import (notebooks show facts; they do not define logic).

``field(state, "tiles")`` reads one field of a position's notation (any game), so a lesson prints
what changed instead of the notation's header word; ``rule_quote`` shows a catalog rule as the
lesson template quotes it.
"""

from __future__ import annotations


def fields(state) -> dict[str, str]:
    """The notation fields of ``state`` (``name=value`` words after the header word)."""
    words = str(state).split()[1:]
    return dict(w.split("=", 1) for w in words if "=" in w)


def field(state, name: str) -> str:
    """One notation field of ``state``; a clear error naming the fields present if absent."""
    have = fields(state)
    if name not in have:
        raise KeyError(f"no field {name!r} in this position's notation; it has {sorted(have)}")
    return have[name]


def rule_quote(catalog, rule_id: str) -> str:
    """A catalog rule or ruling as the lesson template quotes it (markdown)."""
    if rule_id in catalog.rulings:
        r = catalog.rulings[rule_id]
        opts = "\n".join(
            f"> - `{k}`{' (default)' if k == r.default else ''}: {v}" for k, v in r.options.items()
        )
        return f"> **{r.id}** {r.title}\n>\n{opts}\n>\n> *Why the default: {r.reason}*"
    r = catalog.get(rule_id)
    return f"> {r.text}\n>\n> *Source: {r.source}*"


def tiles(state) -> str:
    """The ``tiles`` field of a Trogdor position: the countryside, burnt tiles in lower case."""
    return field(state, "tiles")


def encounter_duel(a, b, **options):
    """A 2-player Random Encounter battle position where P1's encounter 1 (cards ``a``) is about
    to battle P2's encounter 1 (``b``) with ``battle 1 P2:1``; both keep a spare encounter so the
    round does not end at once. ``options`` go to ``battle_position`` (rulings, variants, loot)."""
    from rulebook.encounter.setup import battle_position

    return battle_position([[list(a), ["Y1c"]], [list(b), ["Y2c"]]], **options)

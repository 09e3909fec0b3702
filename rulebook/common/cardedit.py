"""Card edits shared by the card games (Trollland, Random Encounter): pure ``edit(state, op)``.

An instructor moves one card from wherever it is to a named zone (a hand, the deck, a cage, an
encounter ...). Each game says what its zones are in its own ``edit.py`` (a ``Zones``: read the
zones of a state, write them back, and the game's own rule for a destination); everything else is
here, once. A move is *input*: what would leave an invalid position is refused with a
``NotationError`` naming the card, the zone and the rule or notation field, and the given state
never changes. Checks, in order: the card and the zone exist; the game's rule for the destination
(e.g. TL-LOAD-CAGE-PEOPLE, RE-COMPOSE-RED-BLUE); the steps that need no decision are run when
the move leaves a step nobody acts in (the game's own ``settle``, e.g. Trollland's loading ends
when its last card leaves); the game's ``parse`` reads the result back and the rules can play on
from it (``Game.playable``: every invariant holds, someone can act).
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from dataclasses import dataclass

from .errors import NotationError, RuleError, TrogkitInputError
from .notation import excerpt

ZoneMap = dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Zones:
    """A game's card zones: ``read(state)`` -> {zone: cards}, ``write(state, zones)`` -> state,
    ``rule(state, card, zone)`` -> the RuleError when the game forbids the card there,
    ``settle(state)`` -> the state with the steps that need no decision run (the rules')."""

    read: Callable[[object], ZoneMap]
    write: Callable[[object, ZoneMap], object]
    rule: Callable[[object, str, str], RuleError | None] = lambda s, c, z: None
    settle: Callable[[object], object] = lambda s: s


def refuse(what: str, reason: str, where: str) -> NotationError:
    return NotationError(f"{what}: {reason}", where=where)


def zone_of(zones: ZoneMap, card: str) -> str | None:
    """The zone holding ``card`` (None when no zone does)."""
    return next((z for z, cards in zones.items() if card in cards), None)


def validated(state):
    """Round-trip through the notation: an edit must give a position the notation reads back."""
    import rulebook

    return rulebook.game_of(state).parse(str(state), cards=state.cards)


def move_card(state, card: str, zone: str, zones: Zones):
    """``card`` moved to the end of ``zone``; a new state. Refused (NotationError naming the card,
    the zone and the rule or field) when the position would be invalid."""
    import rulebook

    if not isinstance(card, str) or not isinstance(zone, str):
        raise NotationError("a move names a card and a zone (text)", where="move")
    have = zones.read(state)
    src = zone_of(have, card)
    what = f"{excerpt(card, 20)} to {excerpt(zone, 20)}"
    if src is None:
        raise refuse(what, f"no card {excerpt(card, 20)!r} in this position", card[:20])
    if zone not in have:
        raise refuse(what, f"no zone {excerpt(zone, 20)!r}; zones: {', '.join(have)}", "zone")
    if src == zone:
        return state
    why = zones.rule(state, card, zone)
    if why:
        raise refuse(what, f"{why.reason} ({why.rule_id})", zone)
    moved = {z: tuple(c for c in cards if c != card) for z, cards in have.items()}
    moved[zone] = (*moved[zone], card)
    new = zones.settle(zones.write(state, moved))
    try:
        new = validated(new)
    except NotationError as e:
        raise refuse(what, e.message, e.where or zone) from None
    game = rulebook.game_of(state)
    broken = [p for p in game.invariants(new) if p not in set(game.invariants(state))]
    if broken:
        raise refuse(what, "; ".join(broken), zone)
    return new


def set_ruling(state, ruling_id: str, option: str):
    """Choose ``option`` for ruling ``ruling_id``; a bad ID or option names the ruling."""
    if not isinstance(ruling_id, str) or not isinstance(option, str):
        raise NotationError("a ruling edit names a ruling and one of its options (text)",
                            where="rulings")  # fmt: skip
    try:
        rulings = state.rulings.with_choices({ruling_id: option})
    except TrogkitInputError as e:
        raise NotationError(getattr(e, "message", str(e)), where="rulings") from None
    return validated(dataclasses.replace(state, rulings=rulings))


def dispatch(state, op, edits: dict[str, Callable]):
    """Apply one edit ``(kind, *args)`` with ``edits[kind]``; a bad edit names what is wrong."""
    if not isinstance(op, tuple) or not op or op[0] not in edits:
        raise NotationError(
            f"an edit is one of {', '.join(edits)} with its arguments", where="edit"
        )
    kind, *args = op
    fn = edits[kind]
    try:
        inspect.signature(fn).bind(state, *args)
    except TypeError:
        raise NotationError(f"wrong arguments for the {kind} edit", where="edit") from None
    return fn(state, *args)


def per_player(name: str, values) -> ZoneMap:
    """``{"hand:P1": ..., "hand:P2": ...}`` from per-player card lists."""
    return {f"{name}:P{p + 1}": tuple(v) for p, v in enumerate(values)}


def from_players(zones: ZoneMap, name: str, players: int) -> tuple[tuple[str, ...], ...]:
    """The per-player card lists back from ``per_player`` zones."""
    return tuple(zones[f"{name}:P{p + 1}"] for p in range(players))

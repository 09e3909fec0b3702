"""Determinisation: a copy of a position in which what the player to move cannot know is
re-sampled, so a search that plays many futures does not peek at the real deck order or at the
opponents' hands.

The protocol has no "information set" call, so this works through the notation every game
documents: it shuffles the draw part of each hidden pile, deals the opponents' hand cards back
out of one pool with the draw pile (sizes kept), and re-seeds the state's RNG field when the
notation carries one (so reshuffles later in the game differ too), then reads the text back with
``game.parse``. Which fields are hidden is game knowledge, listed in ``HIDDEN`` below.

Random Encounter is the exception: its opponents' encounters are built face down and must be
dealt back as encounters a player could have built, so ``hidden_encounter`` deals its position
(``DEALERS``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .hidden_encounter import determinise_encounter
from .positions import fields, items, join, with_fields


@dataclass(frozen=True)
class Hidden:
    """The hidden notation fields of one game.

    ``piles``: fields whose draw part (before ``|`` when the field is ``DRAW|DISCARD``) is face
    down; each is shuffled on its own. ``hands``: the per-player hand field (``hand_sep``
    between players); opponents' hands are pooled with the first pile and dealt back.
    """

    piles: tuple[str, ...]
    hands: str | None = None
    hand_sep: str = "/"
    rng: str = "rng"


# Trogdor (co-operative): the Action and Movement draw piles; hands are shared at the table.
# Trollland: the draw pile and the other players' hands. Random Encounter: dealt by DEALERS (the
# deck, the other players' hands and their face-down encounters). Solo Adventure: the order of the boss deck (face-down cards on the path are not
# re-sampled: the notation does not say which of them the player has seen).
HIDDEN = {
    "trogdor": Hidden(piles=("actions", "moves")),
    "trollland": Hidden(piles=("draw",), hands="hands", hand_sep="/"),
    "encounter-solo": Hidden(piles=("boss",)),
}
# games whose hidden cards need their own deal: game name -> (state, player, rng) -> state
DEALERS = {"encounter": determinise_encounter}


def _draw_part(value: str) -> tuple[list[str], str]:
    """(draw cards, the rest of the field as text to append) of a pile field."""
    draw, bar, rest = value.partition("|")
    return items(draw), (bar + rest)


def determinise(game, state, player: int | None, rng: random.Random):
    """A position equal to ``state`` in everything ``player`` can see, with the hidden parts
    re-sampled from ``rng``. Games in neither ``DEALERS`` nor ``HIDDEN`` are returned unchanged."""
    if game.name in DEALERS:
        return DEALERS[game.name](state, player, rng)
    spec = HIDDEN.get(game.name)
    if spec is None:
        return state
    f = fields(state)
    changes: dict[str, str] = {}
    for i, name in enumerate(spec.piles):
        if name not in f:  # an empty pile may be left out of the notation
            continue
        draw, rest = _draw_part(f[name])
        if i == 0 and spec.hands and spec.hands in f:
            hands = [items(h) for h in f[spec.hands].split(spec.hand_sep)]
            others = [p for p in range(len(hands)) if p != player]
            pool = draw + [c for p in others for c in hands[p]]
            rng.shuffle(pool)
            for p in others:
                hands[p], pool = pool[: len(hands[p])], pool[len(hands[p]) :]
            draw = pool
            changes[spec.hands] = spec.hand_sep.join(join(h) for h in hands)
        else:
            rng.shuffle(draw)
        changes[name] = join(draw) + rest
    if spec.rng in f and ":" in f[spec.rng]:
        changes[spec.rng] = f"{rng.randrange(2**31)}:0"
    return with_fields(game, state, changes) if changes else state

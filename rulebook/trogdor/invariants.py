"""What must hold in every Trogdor!! position (``Game.invariants``; sweeps ask after every action):
7 peasants in all, 25 tiles, cottages on the C tiles, no card in two places, one hand, keeper,
item, charge and bank per player, a movement card on its discard pile, only pieces in the Phase 2
queue, and the end of the game with its outcome.

The answer depends on the position alone: every check is asked every time (no cache).
"""

from __future__ import annotations

from .grid import INDEX
from .phase2 import KNIGHT_NO, spawn_slots
from .state import (
    PEASANTS_IN_BOX,
    QUEUE_TOKENS,
    State,
    action_card_problems,
    knight_problems,
    movement_card_problems,
)

# What may stand in the Phase 2 queue (the knights by their place in ``knights``).
PIECES = frozenset(QUEUE_TOKENS) | frozenset(KNIGHT_NO)


def invariants(s: State) -> list[str]:
    """What is wrong with ``s`` ([] when everything holds): every check, every time."""
    return (
        count_problems(s)
        + board_problems(s)
        + player_problems(s)
        + action_card_problems(s)
        + movement_card_problems(s)
    )


def count_problems(s: State) -> list[str]:
    """The counts and the queue: peasants, meter, burnt sides, hands, the end, the Phase 2 card."""
    bad = []
    total = len(s.peasants) + s.meter + s.void
    if total != PEASANTS_IN_BOX:
        bad.append(f"{total} peasants (board + meter + void), not {PEASANTS_IN_BOX}")
    if not 0 <= s.meter <= PEASANTS_IN_BOX:
        bad.append(f"meter {s.meter} out of 0..{PEASANTS_IN_BOX}")
    if len(s.burnt) != 25:
        bad.append(f"{len(s.burnt)} burnt sides, not 25")
    if len(s.hands) != s.players:
        bad.append(f"{len(s.hands)} hands for {s.players} players")
    if (s.phase == "over") != (s.outcome is not None):
        bad.append("phase 'over' and the outcome disagree")
    if s.movement_card is not None and s.movement_card not in s.movement_deck.discard:
        bad.append("the Phase 2 movement card is not on the discard pile")
    bad += [f"unknown piece {tok!r} in the Phase 2 queue" for tok in s.pieces_to_move
            if tok not in PIECES]  # fmt: skip
    bad += knight_problems(s)
    if s.phase == "spawn" and not can_spawn(s):
        bad.append(f"T-SPAWN: the spawn step with no peasant to spawn (meter {s.meter}, "
                   f"{len(s.peasants)} peasants on the board, no free unburnt cottage or none "
                   "wanted)")  # fmt: skip
    return bad


def can_spawn(s: State) -> bool:
    """The spawn step has a choice to make: a Phase 2 card, peasants wanted, a cottage free."""
    if s.movement_card is None or s.cards.movement(s.movement_card) is None:
        return False
    slots, want = spawn_slots(s)
    return bool(slots and want)


def board_problems(s: State) -> list[str]:
    """25 tiles, and the cottages exactly on the C tiles: each on one, as many as there are."""
    tiles = s.tiles
    bad = [] if len(tiles) == 25 else [f"{len(tiles)} tiles, not 25"]
    at = [INDEX.get(sq, 25) for sq in s.cottages]
    tiles = tiles[:25]
    if tiles.count("C") != len(at) or not all(i < len(tiles) and tiles[i] == "C" for i in at):
        bad.append("cottages are not exactly on the C tiles")
    return bad


def player_problems(s: State) -> list[str]:
    """One keeper, item, charge and bank per player (the hands are counted with the counts)."""
    lengths = {s.players, len(s.keepers), len(s.items), len(s.item_charged), len(s.banked_ap)}
    return [] if len(lengths) == 1 else ["per-player fields disagree on the number of players"]

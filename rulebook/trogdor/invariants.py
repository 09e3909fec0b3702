"""What must hold in every Trogdor!! position (``Game.invariants``; sweeps ask after every action):
7 peasants in all, 25 tiles, cottages on the C tiles, no card in two places, one hand, keeper,
item, charge and bank per player, a movement card on its discard pile, only pieces in the Phase 2
queue, and the end of the game with its outcome.

The answer depends on the position alone. The counts most actions change are checked every time;
the fields few actions change are checked again only when they differ from the last position
where their checks held (speed: PERF.md "Invariants by what changed").
"""

from __future__ import annotations

from operator import attrgetter

from .geometry import INDEX
from .rules import KNIGHT_NO, spawn_slots
from .state import (
    KNIGHTS_IN_BOX,
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
    """What is wrong with ``s`` ([] when everything holds)."""
    meter, card = s.meter, s.movement_card
    counts_hold = (
        len(s.peasants) + meter + s.void == PEASANTS_IN_BOX
        and 0 <= meter <= PEASANTS_IN_BOX
        and len(s.burnt) == 25
        and len(s.hands) == s.players
        and (s.phase == "over") == (s.outcome is not None)
        and (card is None or card in s.movement_deck.discard)
        and PIECES.issuperset(s.pieces_to_move)
        and len(s.knights) <= KNIGHTS_IN_BOX
        and (s.phase != "spawn" or can_spawn(s))
    )
    bad = [] if counts_hold else count_problems(s)
    key = _ALL_GROUPS(s)
    if key != _clean.get("all"):
        found = group_problems(s)
        if found:
            bad += found
        else:
            _clean["all"] = key  # one assignment: another thread sees the old key or the new one
    return bad


def count_problems(s: State) -> list[str]:
    """The checks ``invariants`` makes every time, each with its message."""
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


def group_problems(s: State) -> list[str]:
    """The checks of the fields few actions change, each group asked again only when one of its
    fields differs from the last position where it held."""
    bad = []
    for name, fields_of, problems in _GROUPS:
        key = fields_of(s)
        if key != _clean.get(name):
            found = problems(s)
            if found:
                bad += found
            else:
                _clean[name] = key
    return bad


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
    """One keeper, item, charge and bank per player (the hands are counted every time)."""
    lengths = {s.players, len(s.keepers), len(s.items), len(s.item_charged), len(s.banked_ap)}
    return [] if len(lengths) == 1 else ["per-player fields disagree on the number of players"]


# The groups of fields few actions change: a name, the fields (read in C), the check.
_GROUPS = (
    ("board", ("tiles", "cottages"), board_problems),
    ("players", ("players", "keepers", "items", "item_charged", "banked_ap"), player_problems),
    ("action cards", ("hands", "action_deck", "troghammer_cards_aside", "cards"),
     action_card_problems),
    ("movement cards", ("movement_deck", "cards"), movement_card_problems),
)  # fmt: skip
_ALL_GROUPS = attrgetter(*dict.fromkeys(f for _, fields, _ in _GROUPS for f in fields))
_GROUPS = tuple((name, attrgetter(*fields), check) for name, fields, check in _GROUPS)
# "all" or a group's name -> its fields in the last position where they held
_clean: dict[str, tuple] = {}

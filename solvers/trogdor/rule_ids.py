"""The catalog rule IDs (``rulebook/trogdor/rules.toml``) the solvers' own small rule model relies
on, in one place. ``tests/solvers_trogdor`` checks each one exists in the engine's catalog, so a
renamed rule fails loudly instead of leaving a stale citation."""

MOVE = "T-MOVE"  # one square N/S/E/W, no wraparound, 1 AP (diagonal / wrap only when granted)
AP = "T-AP"  # each action costs one AP
KNIGHT_DAMAGE = "T-MOVE-KNIGHT-DAMAGE"  # moving onto a knight hurts: the solvers avoid knights
CHOMP = "T-CHOMP"
BURROW = "T-BURROW"  # tunnel to the other tunnel, 1 AP
BURN_TILE = "T-BURN-TILE"  # burninate the tile Trogdor stands on, 1 AP
LAKE = "T-BURN-LAKE"  # the Lake burns only after its N/S/E/W neighbours (no wrap)
BURN_COTTAGE = "T-BURN-COTTAGE"  # cottage tile and its 8 neighbours burnt first (no wrap)
BURN_PEASANT = "T-BURN-PEASANT"
FLAME_COTTAGE = "T-FLAME-COTTAGE"
FLAME_LAKE = "T-FLAME-LAKE"
FLAME_CHAIN = "T-FLAME-CHAIN"
LONG_RANGE = "T-LONG-RANGE"
CARD_EFFECTS = "T-CARD-EFFECTS"
WRAP = "T-WRAP"
KNIGHT_MOVE = "T-KNIGHT-MOVE"
ARCHER = "T-ARCHER"
PROTECT = "T-PROTECT"
WIN = "T-WIN"

ALL = (
    MOVE,
    AP,
    KNIGHT_DAMAGE,
    CHOMP,
    BURROW,
    BURN_TILE,
    LAKE,
    BURN_COTTAGE,
    BURN_PEASANT,
    FLAME_COTTAGE,
    FLAME_LAKE,
    FLAME_CHAIN,
    LONG_RANGE,
    CARD_EFFECTS,
    WRAP,
    KNIGHT_MOVE,
    ARCHER,
    PROTECT,
    WIN,
)

"""How good a position looks to one player, in [0, 1]: the game knowledge of the greedy agent and
of the search agent's cut-off rollouts. Each evaluation reads only what the player sees -- the
fields of ``game.observation(state, player)`` (Random Encounter's public ``wins`` and ``loot``
straight off the state, for speed) -- and a finished game is worth its ``game.returns`` mapped
onto [0, 1] (1 to its winners, 0 to the others), whatever the game. The evaluation of each game
is registered once in ``VALUES`` (by the registry's game object); a game without one is valued
by its returns alone.

- **Trogdor** (co-operative, everyone shares one value): the game is won when all 25 tiles and
  all cottages are burnt with no peasant on the board, and lost when the Trog-meter is empty --
  so burnt tiles (35 %), burnt cottages (25 %) and health on the Trog-meter (25 %) weigh most,
  then nearness to an unburnt cottage (to any unburnt tile once every cottage burns), few
  peasants on the board and being hidden (5 % each). The Trogdor agents themselves plan whole turns
  with the richer ``trogdor_plan.value`` (the risk of the coming Phase 2); this one scores the
  cut-off positions of the hint's UCT, which needs a value in [0, 1].
- **Trollland**: a running score -- cards in won vehicles, plus two per won vehicle and one per
  imprisoned Troll, minus two per card in the Trollgat -- as the lead over the best opponent.
- **Random Encounter**: encounters won, plus a little for loot, as the lead over the best opponent.
- **Solo Adventure**: how far along the path the player has ridden, plus keys collected.
"""

from __future__ import annotations

import math

import rulebook
from rulebook.trogdor.grid import Grid

from .positions import fields, items

_GRID = Grid()


def evaluate(game, state, player: int) -> float:
    """The value of ``state`` for ``player`` (0-based) in [0, 1]."""
    if game.is_terminal(state):
        return final_value(game, state, player)
    value = VALUES.get(game)
    return 0.5 if value is None else value(game, state, player)


def final_value(game, state, player: int) -> float:
    """A finished game's ``returns`` for ``player`` mapped from [-1, 1] onto [0, 1]."""
    return (game.returns(state)[player] + 1.0) / 2.0


def _seen(game, state, player: int) -> dict[str, str]:
    """The notation fields of what ``player`` sees (hidden cards written ``?``)."""
    return fields(game.observation(state, player))


def _lead(scores: list[float], player: int, scale: float) -> float:
    """A player's lead over the best opponent, squashed into (0, 1) (one player: its score)."""
    others = [s for q, s in enumerate(scores) if q != player]
    lead = scores[player] - (max(others) if others else 0.0)
    return 1.0 / (1.0 + math.exp(-lead / scale))


def _trogdor(game, state, player: int) -> float:
    f = _seen(game, state, player)
    letters = f["tiles"].replace("/", "")
    cottages = [i for i, ch in enumerate(letters) if ch in "Cc"]
    burnt_cottages = set(items(f.get("cottages_burnt", "-")))
    unburnt = [i for i in cottages if _name(i) not in burnt_cottages]
    burnt_tiles = sum(1 for ch in letters if ch == "#" or ch.islower())
    distance = 8
    where = f.get("trogdor", "-")
    targets = unburnt or [i for i, ch in enumerate(letters) if ch in _UNBURNT]
    if targets and where not in ("-", ""):
        me = _GRID.parse(where, strict=True)
        distance = min(
            abs(me.col - _GRID.at(i).col) + abs(me.row - _GRID.at(i).row) for i in targets
        )
    health = int(f.get("meter", "0"))
    peasants = len(items(f.get("peasants", "-")))
    return (
        0.35 * burnt_tiles / len(letters)
        + 0.25 * (len(cottages) - len(unburnt)) / max(1, len(cottages))
        + 0.25 * min(health, 5) / 5
        + 0.05 * (1 - distance / 8)
        + 0.05 * (1 - min(peasants, 7) / 7)
        + 0.05 * (f.get("hidden", "0") not in ("0", "-", "no"))
    )


_UNBURNT = set("CLMT.FGOSWB")  # unburnt tile letters (burnt ones are lower case or '#')


def _name(index: int) -> str:
    sq = _GRID.at(index)
    return f"{chr(ord('A') + sq.col)}{sq.row + 1}"


def _per_player(value: str, sep: str) -> list[list[str]]:
    return [items(part) for part in value.split(sep)]


def _trollland(game, state, player: int) -> float:
    f = _seen(game, state, player)
    won = _per_player(f["won"], "/")
    vehicles = _per_player(f["veh"], "/")
    prison = _per_player(f["prison"], "/")
    camp = _per_player(f["gat"], "/")
    scores = [
        len(won[p]) + 2 * len(vehicles[p]) + len(prison[p]) - 2 * len(camp[p])
        for p in range(len(won))
    ]
    return _lead(scores, player, scale=6.0)


def _encounter(game, state, player: int) -> float:
    # the public wins= and loot= read off the value: search:16 7.2 -> 3.1 CPU s per game
    return _encounter_lead(state.wins, state.loot, player)


def _encounter_lead(wins, loot, player: int) -> float:
    scores = [w + 0.1 * v for w, v in zip(wins, loot, strict=True)]
    return _lead(scores, player, scale=1.0)


def _solo(game, state, player: int) -> float:
    f = _seen(game, state, player)
    path = len(f["spaces"].split("/"))
    pos = int(f["pos"])
    keys = len(items(f.get("keys", "-")))
    return 0.8 * min(pos, path) / path + 0.2 * min(keys, 4) / 4


# each game's evaluation, registered once by its game object (agents never ask a game's name)
VALUES = {
    rulebook.game("trogdor"): _trogdor,
    rulebook.game("trollland"): _trollland,
    rulebook.game("encounter"): _encounter,
    rulebook.game("encounter-solo"): _solo,
}


def encounter_loot_value(game, state, player: int) -> float:
    """Random Encounter valued by what decides the game -- loot (six wins it; a round's most
    battles won adds two) -- with encounters won as a small tie-break, as the lead over the best
    opponent in [0, 1]. The search agent scores its round-end rollouts with it; the greedy keeps
    ``evaluate`` (battles won), which sees one battle ahead."""
    if game.is_terminal(state):
        return final_value(game, state, player)
    wins, loot = state.wins, state.loot  # the notation's wins= and loot= fields, read directly
    return _lead([v + 0.1 * w for w, v in zip(wins, loot, strict=True)], player, scale=1.5)

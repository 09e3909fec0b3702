"""Where witness searches start: every player count the game allows, each ruling's other
options, and the game's set-up options (Random Encounter's variants), cycled by playout number,
so a rule that needs a variant or a ruling is reached as well."""

from __future__ import annotations

from .trace import Start

# set-up options beyond players and rulings (JSON values: a stored start replays from them)
GAME_OPTIONS: dict[str, list[dict]] = {
    "encounter": [{}, {"variants": ["keys"]}, {"variants": ["market"]}, {"variants": ["sin"]}],
    "encounter-solo": [{}, {"sin": True}],
}


def ruling_choices(game) -> list[dict]:
    """The defaults, then each ruling's every other option alone."""
    out: list[dict] = [{}]
    for rid, ruling in sorted(game.rulings.items()):
        out += [{rid: opt} for opt in sorted(ruling.options) if opt != ruling.default]
    return out


def start_for(game, i: int, seed: int) -> Start:
    """The start of playout ``i`` of a search seeded ``seed``."""
    players = game.players_allowed
    options = GAME_OPTIONS.get(game.name, [{}])
    rulings = ruling_choices(game)
    return Start(
        seed=seed + i,
        players=players[i % len(players)] if len(players) > 1 else None,
        rulings=rulings[(i // 2) % len(rulings)] if i % 2 else {},
        options=options[(i // 3) % len(options)],
    )


def home_rules(game) -> list:
    """The rules of ``game``: a catalog shared by two games (Random Encounter and its Solo
    Adventure) marks the other game's rules with ``game``."""
    cat = game.catalog
    return [r for r in cat if (r.game or cat.game) == game.name]


def _king_and_a_pair() -> str:
    from rulebook.trollland import puzzle

    return str(puzzle(
        3, phase="choose", hands=[["T1a", "Zo1", "Zo2"], ["T4a", "Ni1", "Ni2"],
                                  ["T4b", "Go1", "Go2"]],
        draw=["Ze1", "Ze2", "Ze3", "Ze4", "Ze5", "Ze6"],
    ))  # fmt: skip


# (game, ruling) -> a position (built with the game's ``puzzle``) where the ruling matters within
# a few actions: random play needs the King of the Trolls revealed with two same-number Trolls
# in one turn for TLR-KING-CANCELLED, which 150 seeded playouts did not show
TEACHING = {("trollland", "TLR-KING-CANCELLED"): _king_and_a_pair}


def teaching_starts(game, ruling_id: str) -> list[Start]:
    build = TEACHING.get((game.name, ruling_id))
    return [Start(position=build())] if build else []

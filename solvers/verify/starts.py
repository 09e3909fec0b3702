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


def start_for(game, i: int, seed: int, *, ruling_options: bool = True) -> Start:
    """The start of playout ``i`` of a search seeded ``seed`` (``ruling_options=False``: every
    ruling at its default)."""
    players = game.players_allowed
    options = GAME_OPTIONS.get(game.name, [{}])
    rulings = ruling_choices(game)
    return Start(
        seed=seed + i,
        players=players[i % len(players)] if len(players) > 1 else None,
        rulings=rulings[(i // 2) % len(rulings)] if i % 2 and ruling_options else {},
        options=options[(i // 3) % len(options)],
    )


def _scenarios(game) -> list:
    """The game's edge-case gallery (``rulebook/<game>/data/gallery.toml``): its scenarios that
    start from a position of this game (not from a set-up)."""
    import sys
    from pathlib import Path

    from drawings import gallery

    package = Path(sys.modules[type(game).__module__].__file__).parent.name
    try:
        scenarios = gallery.load(package)
    except FileNotFoundError:  # a game without a gallery
        return []
    return [sc for sc in scenarios if not sc.setup and sc.position.split()[0] == game.name]


def gallery_starts(game) -> list[tuple[str, Start]]:
    """(scenario name, start) for each gallery position with every ruling at its default:
    breadth-first searches start there too, and a witness found there says so."""
    return [(sc.name, Start(position=sc.position)) for sc in _scenarios(game)
            if not game.parse(sc.position).rulings.choices]  # fmt: skip


def home_rules(game) -> list:
    """The rules of ``game``: a catalog shared by two games (Random Encounter and its Solo
    Adventure) marks the other game's rules with ``game``."""
    cat = game.catalog
    return [r for r in cat if (r.game or cat.game) == game.name]


def teaching_starts(game, ruling_id: str) -> list[Start]:
    """The gallery positions that show ``ruling_id``: there the options part within a few
    actions, where random play may never get (TLR-KING-CANCELLED needs the King revealed with
    two same-number Trolls)."""
    return [Start(position=sc.position) for sc in _scenarios(game) if ruling_id in sc.rulings]

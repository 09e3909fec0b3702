"""``trogkit <game> new|actions|play|show``: the same four commands for every registered game,
written once against the game protocol (rulebook/API.md), so a new game gets them for free."""

from __future__ import annotations

import json

from . import options as opt
from .options import UsageError

COMMANDS = ("new", "actions", "play", "show")


CARDS_OF_POSITION = "the bundled cards; give the file the position was made with"
# the shared options of a command about a given position
_ABOUT_A_POSITION = {"position": {"required": True}, "cards": CARDS_OF_POSITION, "json": True}
_NEW_GAME = {"seed": True, "players": True, "rulings": True, "cards": True, "json": True}

# command -> (its one-line help, its description, its shared options); {game} names the game
SPECS = {
    "new": ("print the starting position of a new game",
            "Print the starting position of a new {game} game in the engine's notation (feed "
            "it to actions, play and show with --position).", _NEW_GAME),
    "actions": ("list the legal actions of a position",
                "List every legal action of a position, one per line, sorted.",
                _ABOUT_A_POSITION),
    "play": ("apply actions to a position and print the new one",
             "Apply the actions in order and print the new position. An action the rules "
             "refuse is exit 2 with the rule ID and the reason.", _ABOUT_A_POSITION),
    "show": ("describe a position (who moves, outcome); --svg writes its picture",
             "Describe a position: who is to move, how many legal actions, the outcome. With "
             "--svg FILE the picture is written to FILE ('-' for stdout).", _ABOUT_A_POSITION),
}  # fmt: skip


def register(commands, game: str) -> None:
    runs = {"new": _new, "actions": _actions, "play": _play, "show": _show}
    parsers = {}
    for name, (brief, description, shared) in SPECS.items():
        parsers[name] = opt.command(commands, name, help=brief, run=runs[name],
                                    description=description.format(game=game), **shared)  # fmt: skip
    parsers["play"].add_argument("actions", nargs="+", metavar="ACTION",
                                 help="an action, e.g. 'move N'")  # fmt: skip
    parsers["show"].add_argument("--svg", metavar="FILE",
                                 help="write the position's picture as SVG")  # fmt: skip


# ---- helpers ---------------------------------------------------------------------------------


def _game(args):
    import rulebook

    return rulebook.game(args.game)


def _cards(g, args) -> dict:
    """``{"cards": card set}`` from ``--cards FILE``, or ``{}`` for the game's bundled cards."""
    from rulebook.common.errors import TrogkitInputError

    if args.cards is None:
        return {}
    try:
        return {"cards": g.load_cards(args.cards)}
    except TrogkitInputError as e:
        raise UsageError(f"--cards: {e}") from None


def _state(g, args):
    from rulebook.common.errors import TrogkitInputError

    cards = _cards(g, args)
    try:
        return g.parse(args.position, **cards)
    except TrogkitInputError as e:
        raise UsageError(f"--position: {e}") from None


def _rulings(g, args) -> dict[str, str] | None:
    """``--ruling`` choices checked against the game's named rulings (exit 2 naming them)."""
    chosen = opt.rulings_dict(args)
    for rid, option in (chosen or {}).items():
        if rid not in g.rulings:
            known = ", ".join(sorted(g.rulings)) or "none"
            raise UsageError(f"--ruling: {g.name} has no ruling {rid[:40]!r}; rulings: {known}")
        options = g.rulings[rid].options
        if option not in options:
            raise UsageError(
                f"--ruling: {rid} has no option {option[:40]!r}; options: {', '.join(options)}"
            )
    return chosen


def _summary(g, s) -> dict:
    mover = g.to_move(s)
    return {
        "game": g.name,
        "position": str(s),
        "to_move": mover,
        "players": g.num_players(s),
        "terminal": g.is_terminal(s),
        "outcome": g.outcome(s),
        "winners": list(g.winners(s)),
    }


def _player(i) -> str:
    return "-" if i is None else f"P{i + 1}"


def _print_json(data) -> None:
    print(json.dumps(data, default=str))


# ---- the commands ----------------------------------------------------------------------------


def _new(args) -> int:
    g = _game(args)
    if args.players is not None and args.players not in g.players_allowed:
        allowed = ", ".join(map(str, g.players_allowed))
        raise UsageError(f"--players: {g.name} is played by {allowed} players, not {args.players}")
    s = g.new_game(args.seed, players=args.players, rulings=_rulings(g, args), **_cards(g, args))
    if args.json:
        _print_json(_summary(g, s) | {"legal": [str(a) for a in g.legal_actions(s)]})
    else:
        print(s)
    return 0


def _actions(args) -> int:
    g = _game(args)
    s = _state(g, args)
    legal = [str(a) for a in g.legal_actions(s)]
    if args.json:
        _print_json(_summary(g, s) | {"legal": legal})
    elif legal:
        print("\n".join(legal))
    else:
        print(f"(no legal action: the game is over, outcome {g.outcome(s)})")
    return 0


def _play(args) -> int:
    from rulebook.common.errors import RuleError, TrogkitInputError

    g = _game(args)
    s = _state(g, args)
    for i, text in enumerate(args.actions, 1):
        try:
            s = g.apply(s, text)
        except RuleError as e:
            raise UsageError(
                f"action {i} {text[:40]!r} refused by {e.rule_id}: {e.reason}"
            ) from None
        except TrogkitInputError as e:
            raise UsageError(f"action {i} {text[:40]!r}: {e}") from None
    if args.json:
        _print_json(_summary(g, s) | {"played": list(args.actions)})
    else:
        print(s)
    return 0


def _regular_or_new(path: str) -> None:
    """--svg writes a regular file or a new one: a FIFO, a device or a folder is refused (a
    FIFO with no reader hung the command)."""
    import os

    if os.path.lexists(path) and not os.path.isfile(path):
        raise UsageError(f"--svg {path[:80]!r}: not a regular file")


def _show(args) -> int:
    g = _game(args)
    s = _state(g, args)
    if args.svg is not None:
        import drawings

        picture = drawings.svg(s)
        if args.svg == "-":
            print(picture)
            return 0
        _regular_or_new(args.svg)
        try:
            with open(args.svg, "w", encoding="utf-8") as f:
                f.write(picture)
        except OSError as e:
            raise UsageError(f"--svg: cannot write {args.svg[:80]!r}: {e.strerror or e}") from None
    data = _summary(g, s) | {"legal_actions": len(g.legal_actions(s)), "svg": args.svg}
    if args.json:
        _print_json(data)
    else:
        print(data["position"])
        print(f"to move: {_player(data['to_move'])} of {data['players']}")
        print(f"legal actions: {data['legal_actions']}")
        if data["terminal"]:
            winners = ", ".join(_player(w) for w in data["winners"]) or "nobody"
            print(f"game over: {data['outcome']} (won by {winners})")
        if args.svg:
            print(f"picture written to {args.svg}")
    return 0

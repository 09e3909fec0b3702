"""The ``trogkit`` command: one entry point, a subcommand per game.

Each game registers its own subcommands in ``solvers/<game>/cli.py`` through ``register(sub)``.
Bad input prints one line on stderr and exits 2; an impossible puzzle is an answer, not an error.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from rulebook.common.errors import TrogkitInputError

GAMES = ("trogdor", "trollland", "encounter")


class UsageError(TrogkitInputError):
    """A CLI argument that does not make sense (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one clear line, exit 2 (argparse's own convention too)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="trogkit", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="game", required=True, parser_class=_Parser)
    for game in GAMES:
        try:
            mod = importlib.import_module(f"solvers.{game}.cli")
        except ModuleNotFoundError as e:
            if e.name not in (f"solvers.{game}", f"solvers.{game}.cli"):
                raise
            continue
        mod.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except TrogkitInputError as e:
        print(f"trogkit {args.game}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

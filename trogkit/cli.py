"""trogkit: play, inspect and solve Trogdor!!, Trollland and Random Encounter from the shell.

Every game has new, actions, play and show (through the game protocol) and its own solver
commands. Every command has --json and a --help of its own.

Exit codes: 0 an answer; 2 bad input (one line on stderr naming the option); 3 a limit was
reached (one line on stderr, and the best answer so far on stdout where there is one); 1 only
when a sweep finds a game breaking a rule check (an engine bug, with the seed to replay); 74
the output could not be written (stdout or stderr closed or full; a reader that stops early,
as head does, is not an error).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import sys
from dataclasses import dataclass

import rulebook  # the registry only: the games themselves are imported on first use

from .output import one_line

# One line per game for `trogkit --help` (static, so the help does not import the games).
DESCRIPTIONS = {
    "trogdor": "Trogdor!! The Board Game: positions, burnination and danger solvers",
    "trollland": "Trollland: positions, the loading solver and the best pair to choose",
    "encounter": "Random Encounter (2-5 players): positions, battles, odds, encounter building",
    "encounter-solo": "Random Encounter Solo Adventure: positions",
}
# game -> module with ``register(commands)`` adding the game's solver commands
SOLVER_COMMANDS = {
    "trogdor": "trogkit.commands.trogdor",
    "trollland": "trogkit.commands.trollland",
    "encounter": "trogkit.commands.encounter",
}
SWEEP_MODULE = "trogkit.commands.sweep"  # the command; the engine is solvers.play.sweep


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns`` without importing shutil (with zlib, bz2 and lzma:
    3-5 ms, and argparse makes a formatter for every option; bench figure "min-AP CLI CPU ÷ BFS
    script"): $COLUMNS if positive, else the terminal's width, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter with the same width, found without shutil (see ``terminal_columns``)."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        width = terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)


class Parser(argparse.ArgumentParser):
    """argparse with its errors on one line (argparse's own exit code 2 is kept)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


class _Version(argparse.Action):
    """--version, read from the installed package only when asked (keeps start-up fast)."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("trogkit")
        except PackageNotFoundError:
            v = "(not installed)"
        print(f"trogkit {v}")
        parser.exit(0)


def _sweep_available() -> bool:
    from importlib.util import find_spec

    try:
        return find_spec("solvers.play.sweep") is not None
    except ImportError:
        return False


def _register_sweep(commands, game: str) -> None:
    """``trogkit <game> sweep``, defined by trogkit.commands.sweep (imported only for this game)."""
    from . import options as opt

    sweep = importlib.import_module(SWEEP_MODULE)
    doc = sweep.__doc__ or "Play many seeded games and check the rules on every step."

    def run(args):
        from solvers.play.play import GameCheckFailed

        from .output import emit

        try:
            return emit(args, sweep.run_from_args(args))
        except GameCheckFailed as e:  # a finding, not bad input: the engine broke a check
            print(f"trogkit {game} sweep: game check failed: {one_line(e)}", file=sys.stderr)
            return 1

    p = opt.command(
        commands, "sweep", help="play many seeded games and check the rules on every step",
        description=doc.strip().splitlines()[0], run=run,
    )  # fmt: skip
    sweep.configure_parser(p, game)  # its shared options through trogkit.options too


def _add_game(sub, game: str, command: str | None = None) -> None:
    """The game's commands: the protocol's four, its solvers, and sweep when it exists. When the
    command line names one command, only the module defining it is imported (start-up time)."""
    from . import game_commands

    gp = sub.choices[game]
    commands = gp.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser
    )
    if game in SOLVER_COMMANDS and command not in (None, "sweep", *game_commands.COMMANDS):
        solvers = importlib.import_module(SOLVER_COMMANDS[game])
        if command in getattr(solvers, "COMMANDS", ()):
            # one solver command named: build its parser alone (a dozen parsers and a hundred
            # options less; bench figure "min-AP CLI CPU ÷ BFS script")
            solvers.register(commands, only=command)
            return
    game_commands.register(commands, game)
    if command in game_commands.COMMANDS:
        return
    if game in SOLVER_COMMANDS and command != "sweep":
        importlib.import_module(SOLVER_COMMANDS[game]).register(commands)
    if command in (None, "sweep") and _sweep_available():
        _register_sweep(commands, game)
    if command in (None, "witness", "differ", "check"):  # issue 22's verification commands
        importlib.import_module("trogkit.commands.verify").register(commands, game)


def build_parser(
    only: str | None = None, *, every_game: bool = False, command: str | None = None
) -> Parser:
    """The whole parser (``every_game``) or the top level plus the one game ``only`` (with only
    the protocol's commands when ``command`` is one of them)."""
    parser = Parser(
        prog="trogkit",
        description=__doc__.split("\n\n", 1)[0],
        epilog=__doc__.split("\n\n", 2)[2],
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="game", required=True, metavar="GAME", parser_class=Parser)
    for game in rulebook.REGISTRY:
        desc = DESCRIPTIONS.get(game, game)
        sub.add_parser(game, help=desc, description=desc + ".")
    for game in rulebook.REGISTRY:
        if every_game or game == only:
            _add_game(sub, game, None if every_game else command)
    return parser


def _words(argv: list[str]) -> tuple[str | None, str | None]:
    """The game and the command named on the command line (None where absent or unknown)."""
    words = [a for a in argv[:2] if not a.startswith("-")]
    game = words[0] if words and words[0] in rulebook.REGISTRY else None
    command = words[1] if game and len(words) > 1 and argv[1] == words[1] else None
    return game, command


def _report(args, e: BaseException) -> int | None:
    """Exit code and one stderr line for an expected failure; None for a bug (re-raised)."""
    from rulebook.common.errors import RuleError, TrogkitInputError
    from solvers.limits import LimitReached

    from .output import emit

    prog = f"trogkit {args.game} {getattr(args, 'command', '')}".strip()
    if isinstance(e, LimitReached):
        if e.best is not None:
            emit(args, e.best)
            sys.stdout.flush()
        hint = "; the best answer so far is on stdout" if e.best is not None else ""
        print(f"{prog}: limit reached: {one_line(e.what)}{hint}", file=sys.stderr)
        return 3
    if isinstance(e, RuleError):
        print(f"{prog}: error: refused by {e.rule_id}: {one_line(e.reason)}", file=sys.stderr)
        return 2
    if isinstance(e, TrogkitInputError):
        print(f"{prog}: error: {one_line(e)}", file=sys.stderr)
        return 2
    return None


def _run(argv: list[str]) -> int:
    game, command = _words(argv)
    parser = build_parser(only=game, command=command)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version and argparse's own errors
        return e.code if isinstance(e.code, int) else 0
    try:
        code = int(args.run(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler, not at exit
        return code
    except BrokenPipeError:
        raise
    except Exception as e:
        code = _report(args, e)
        if code is None:
            raise
        return code


def _quiet_closed_stdout() -> None:
    """The reader (e.g. ``head``) went away: send the rest of our output nowhere, so Python's
    final flush does not print an error."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit code (0 answer, 2 bad input, 3 limit reached, 74 the
    output could not be written)."""
    from . import streams

    argv = list(sys.argv[1:] if argv is None else argv)
    lost, plain = streams.guard()
    try:
        code = _run(argv)
    except BrokenPipeError:
        _quiet_closed_stdout()
        return 0
    except streams.OutputLost:  # a full disk, a closed stream: nothing more can be said
        streams.silence()
        return streams.OUTPUT_LOST
    except KeyboardInterrupt:  # Ctrl-C: one line, the shell's usual code for SIGINT
        try:
            print("trogkit: interrupted", file=sys.stderr)
        except (OSError, streams.OutputLost):
            streams.silence()
        return 130
    finally:
        streams.restore(plain)
    return streams.OUTPUT_LOST if lost and code == 0 else code


@dataclass(frozen=True)
class Completed:
    """What one command printed and its exit code (as ``subprocess.run`` reports them)."""

    returncode: int
    stdout: str
    stderr: str


def call(*argv: str) -> Completed:
    """Run ``trogkit ARGV...`` in this process and capture what it prints: the same parser,
    commands, output and exit codes as the terminal, where no process can be started (a
    notebook in the browser, Pyodide) or none is wanted."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return Completed(code, out.getvalue(), err.getvalue())


def _nothing_to_tear_down() -> bool:
    """True when leaving without the interpreter's teardown loses nothing: no other thread still
    running and no worker processes (multiprocessing joins them at exit)."""
    import threading

    return "multiprocessing" not in sys.modules and threading.active_count() == 1


def exit_now(code: int):
    """Exit with ``code`` as ``sys.exit`` would, but when nothing is left to tear down, skip the
    interpreter's teardown (freeing every module's objects: ~10 % of a min-AP run's CPU; bench
    figure "min-AP CLI CPU ÷ BFS script"). Output is flushed and atexit handlers run first."""
    import atexit

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away after our last write: as main() does
        _quiet_closed_stdout()
    except (OSError, ValueError, AttributeError):  # a full disk, a closed stream
        from .streams import OUTPUT_LOST, silence

        silence()
        code = code or OUTPUT_LOST
    if not _nothing_to_tear_down():
        sys.exit(code)
    atexit._run_exitfuncs()  # e.g. coverage's data file, logging's final flush
    os._exit(code)


def run():
    """The ``trogkit`` command: ``main()`` then ``exit_now``."""
    exit_now(main())


if __name__ == "__main__":
    run()

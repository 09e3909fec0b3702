"""The CLI's shared vocabulary: one option name, one unit and one check for the same thing in
every game (``--timeout`` seconds, ``--budget`` search nodes, ``--position`` engine notation,
``--seed``, ``--players``, ``--cards FILE``, ``--json``).

Every command's parser is made by ``command`` (or ``add_shared``), which adds the shared options
a command names from ``VOCABULARY``: no command writes a shared option itself. Argument types raise
``argparse.ArgumentTypeError``, so a bad value is argparse's own one-line error naming the option
(exit 2). Nothing here imports a game: ``trogkit --help`` stays fast.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from rulebook.common.errors import TrogkitInputError

# Documented maxima (README, CLI section). A user-given limit beyond them is bad input, so every
# search a user can start ends in bounded time and memory.
MAX_TIMEOUT = 3600.0  # seconds
MAX_BUDGET = 2_000_000  # search nodes / states kept, where a solver keeps little per node
MAX_COUNT = 10_000  # small counts: cards, encounters, AP, ...
MAX_SEED = 2**63 - 1
MAX_INPUT_BYTES = 1_000_000  # --input / --cards files
MAX_POSITION_CHARS = 100_000  # --position text


class UsageError(TrogkitInputError):
    """A CLI argument that does not make sense (exit code 2)."""


def _number(text: str, kind):
    # ASCII digits only; int() would accept '٣' and '1_000'
    what = "a whole number" if kind is int else "a number"
    if not text.isascii() or "_" in text or len(text) > 40:
        raise argparse.ArgumentTypeError(f"not {what}: {text[:30]!r}")
    try:
        return kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not {what}: {text[:30]!r}") from None


def seconds(text: str) -> float:
    """A time limit in seconds: finite, more than 0, at most MAX_TIMEOUT."""
    v = _number(text, float)
    if not math.isfinite(v) or not 0 < v <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"seconds must be in (0, {MAX_TIMEOUT:g}], not {text!r}")
    return v


def budget(text: str, maximum: int = MAX_BUDGET) -> int:
    """A search budget (nodes or states): 1..``maximum`` (MAX_BUDGET unless a solver keeps
    less: see ``budget_up_to``)."""
    v = _number(text, int)
    if not 1 <= v <= maximum:
        raise argparse.ArgumentTypeError(f"a budget is 1..{maximum:,}, not {text[:30]!r}")
    return v


def budget_up_to(maximum: int):
    """The ``--budget`` type of a solver whose memory allows at most ``maximum`` nodes (its
    measured bytes per node: solvers/limits.py), so the error gives the range the help gives."""

    def check(text: str) -> int:
        return budget(text, maximum)

    check.__name__ = "budget"  # argparse names the type in some messages
    return check


def count(text: str, maximum: int = MAX_COUNT) -> int:
    """A whole number 0..``maximum`` (cards, encounters, action points, ...)."""
    v = _number(text, int)
    if not 0 <= v <= maximum:
        raise argparse.ArgumentTypeError(f"must be 0..{maximum:,}, not {text[:30]!r}")
    return v


def count_up_to(maximum: int):
    """The type of a count the rules bound lower than MAX_COUNT (e.g. 0..999 action points)."""

    def check(text: str) -> int:
        return count(text, maximum)

    check.__name__ = "count"
    return check


def positive(text: str) -> int:
    v = count(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be 1..{MAX_COUNT}, not {text[:30]!r}")
    return v


def seed(text: str) -> int:
    v = _number(text, int)
    if not 0 <= v <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is 0..2**63-1, not {text[:30]!r}")
    return v


def ruling(text: str) -> tuple[str, str]:
    """``ID=OPTION`` (the game checks that both exist)."""
    rid, eq, opt = text.partition("=")
    if not eq or not rid or not opt:
        raise argparse.ArgumentTypeError(f"a ruling is ID=OPTION, not {text[:40]!r}")
    return rid, opt


def position_text(text: str) -> str:
    if len(text) > MAX_POSITION_CHARS:
        raise argparse.ArgumentTypeError(f"longer than {MAX_POSITION_CHARS} characters")
    return text


def input_file(text: str) -> Path:
    """An existing, regular, not too big file (what is inside is checked by its reader)."""
    p = Path(text)
    if not p.exists():
        raise argparse.ArgumentTypeError(f"{text[:80]}: file not found")
    if p.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:80]}: is a directory, not a file")
    if not p.is_file():
        raise argparse.ArgumentTypeError(f"{text[:80]}: not a regular file")
    if p.stat().st_size > MAX_INPUT_BYTES:
        raise argparse.ArgumentTypeError(f"{text[:80]}: larger than {MAX_INPUT_BYTES:,} bytes")
    return p


# ---- the option adders: the same name, help and type wherever the thing appears ----------------


def add_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the answer as JSON")


def add_position(p: argparse.ArgumentParser, *, required: bool = False, what: str = "") -> None:
    p.add_argument(
        "--position",
        type=position_text,
        required=required,
        metavar="TEXT",
        help=f"a position in the engine's one-line notation{what}",
    )


def add_seed(p: argparse.ArgumentParser, default: int = 0) -> None:
    p.add_argument("--seed", type=seed, default=default, help=f"random seed (default {default})")


def add_players(p: argparse.ArgumentParser, default: int | None = None) -> None:
    p.add_argument(
        "--players",
        type=positive,
        default=default,
        help="number of players" + ("" if default is None else f" (default {default})"),
    )


def add_rulings(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--ruling",
        type=ruling,
        action="append",
        default=[],
        metavar="ID=OPTION",
        help="choose a named ruling's option (repeatable)",
    )


def add_timeout(
    p: argparse.ArgumentParser, default: float | None, what: str = "the search", shown: str = ""
) -> None:
    """``--timeout SECONDS``; ``default`` None leaves the solver's own clock (``shown`` names
    it in the help)."""
    shown = shown or f"{default:g}"
    p.add_argument(
        "--timeout",
        type=seconds,
        default=default,
        metavar="SECONDS",
        help=f"time limit for {what} in seconds (default {shown}, at most {MAX_TIMEOUT:g})",
    )


def add_budget(
    p: argparse.ArgumentParser,
    default: int | None,
    what: str = "search nodes",
    maximum: int = MAX_BUDGET,
) -> None:
    """``--budget N``; ``default`` None leaves the solver's own default; ``maximum``: the most
    the solver can hold in memory (help and error say the same range)."""
    shown = "the solver's own" if default is None else f"{default:,}"
    p.add_argument(
        "--budget",
        type=budget if maximum == MAX_BUDGET else budget_up_to(maximum),
        default=default,
        metavar="N",
        help=f"{what} to explore at most (default {shown}, at most {maximum:,})",
    )


def add_cards(p: argparse.ArgumentParser, default_help: str = "the bundled cards") -> None:
    p.add_argument(
        "--cards",
        type=input_file,
        default=None,
        metavar="FILE",
        help=f"card data file, TOML or JSON (default: {default_help})",
    )


def rulings_dict(args) -> dict[str, str] | None:
    """``--ruling`` pairs as a dict (None when none given); a repeated ID is bad input."""
    out: dict[str, str] = {}
    for rid, opt in getattr(args, "ruling", []) or []:
        if rid in out and out[rid] != opt:
            raise UsageError(f"--ruling {rid} given twice ({out[rid]!r} and {opt!r})")
        out[rid] = opt
    return out or None


def add_input(p: argparse.ArgumentParser, what: str = "the question, JSON") -> None:
    p.add_argument("--input", type=input_file, required=True, metavar="FILE", help=what)


# ---- the builder: every command's parser is made here, its shared options named, not written ----

# the vocabulary, in the order the help lists it (a command's own arguments follow)
VOCABULARY = {
    "position": add_position,
    "input": add_input,
    "seed": add_seed,
    "players": add_players,
    "rulings": add_rulings,
    "cards": add_cards,
    "budget": add_budget,
    "timeout": add_timeout,
    "json": add_json,
}


def add_shared(p: argparse.ArgumentParser, **chosen) -> argparse.ArgumentParser:
    """Add the shared options ``chosen`` names (``json=True``; ``timeout=10.0``; ``budget=(None,
    "playouts")``; ``position={"required": True}``): True takes the adder's defaults, a dict
    its keywords, a tuple its arguments, any other value its first argument."""
    unknown = set(chosen) - set(VOCABULARY)
    if unknown:
        raise TypeError(f"not in the CLI's option vocabulary: {', '.join(sorted(unknown))}")
    for name, adder in VOCABULARY.items():
        value = chosen.get(name, False)
        if value is False:
            continue
        if value is True:
            adder(p)
        elif isinstance(value, dict):
            adder(p, **value)
        elif isinstance(value, tuple):
            adder(p, *value)
        else:
            adder(p, value)
    return p


def command(commands, name: str, *, help: str, description: str, run, **chosen):
    """A command's parser: its one-line help, its description, the shared options ``chosen``
    names (``add_shared``) and the function that runs it; the caller adds its own arguments."""
    p = commands.add_parser(name, help=help, description=description)
    add_shared(p, **chosen)
    p.set_defaults(run=run)
    return p

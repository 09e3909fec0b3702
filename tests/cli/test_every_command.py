"""Every ``trogkit`` command with generated argument lists (issue 10, "The CLI"): never a
traceback, exit code 0 (an answer), 2 (bad input: exactly one stderr line) or 3 (a limit: one
stderr line). In-process through ``main(argv)`` for speed, plus a few real processes (pipes, the
console entry points)."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import traceback
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulebook
from trogkit.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "solvers" / "trollland" / "examples" / "zoms.json"


# ---- hostile files, made once per session ----------------------------------------------------


@pytest.fixture(scope="session")
def files(tmp_path_factory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("cli-files")
    out = {"dir": str(d), "missing": str(d / "missing.json"), "example": str(EXAMPLE)}
    contents = {
        "binary.json": bytes(range(256)) * 8,
        "notutf8.toml": b'[[card]]\nid = "\xff\xfe"\n',
        "nested.json": b'{"card": ' + b"[" * 2000 + b"]" * 2000 + b"}",
        "nested.toml": b"x = " + b"[" * 2000 + b"]" * 2000 + b"\n",
        "bigint.json": b'{"vehicles": [{"cages": [{"capacity": ' + b"9" * 4000 + b"}]}]}",
        "hugeint.json": b'{"card": [{"id": "x", "level": ' + b"9" * 6000 + b"}]}",
        "empty.json": b"",
        "list.json": b"[1, 2, 3]",
        "wrongtypes.json": json.dumps(
            {"card": [{"id": ["x"], "name": 3, "kind": {"a": 1}, "level": "9"}]}
        ).encode(),
    }
    for name, data in contents.items():
        (d / name).write_bytes(data)
        out[name] = str(d / name)
    return out


def _positions() -> dict[str, list[str]]:
    """A few real positions of each game (fresh, and a few actions in), for --position."""
    out: dict[str, list[str]] = {}
    for name, g in rulebook.games().items():
        texts = []
        for seed in (0, 3):
            s = g.new_game(seed)
            texts.append(str(s))
            for _ in range(6):
                legal = g.legal_actions(s)
                if not legal:
                    break
                s = g.apply(s, legal[seed % len(legal)])
            texts.append(str(s))
        out[name] = texts
    return out


POSITIONS = _positions()
TROGDOR_PUZZLE = str(
    __import__("rulebook.trogdor", fromlist=["puzzle"]).puzzle(
        "C...C/.T.../..L../...T./C.M..", trogdor="C3", knights=("A2",), peasants=("B2",)
    )
)


def _mangled(texts: list[str]) -> list[str]:
    t = texts[0]
    words = t.split()
    return [
        t[: len(t) // 2],
        " ".join(words[:1] + words[2:]),
        t.replace("1", "١", 1),
        t.replace("=", "==", 1),
        t + " extra=1",
        "",
        "-",
        "x" * 500,
        " ".join(reversed(words)),
        t.replace(",", ",,", 1),
    ]


JUNK = ["", "-", "nan", "inf", "-1", "0", "1", "2", "x", "é", "٣", "1_0", "+1", "9" * 30, "A1"]
SQUARE = ["A1", "B2", "C3", "D4", "E5", "A5", "E1", "Z9", "a1", "A", "C3,C4", "", "B 2"]
SQUARES = ["A1,B2", "D2", "E1,A5", "-", "", "A1,,B2", "Z9", "A1,A1", "C3", "B2,D4"]
LAYOUTS = [
    "C...C/.T.../..L../...T./C.M..",
    "c#..c/####./..L../####./c.M..",
    "ccl../ttmmC/#####/#####/#####",
    "C...C/.T.../..L../...T.",
    "C...C/.T.../..L../...T./C.ML.",
    "C...C/.T.../..L../...T./C.MX.",
    "",
    "normal",
]
SECONDS = ["nan", "inf", "-inf", "-1", "0", "1e309", "abc", "0.3", "0.5", "١", "3601"]
BUDGETS = ["0", "-5", "nan", "99999999999", "1.5", "50", "300", "1_000"]
COUNTS = ["-1", "0", "1", "2", "3", "5", "99", "100000", "x", "1.5"]
SEEDS = ["-1", "0", "2", "7", "18446744073709551616", "x"]
CARD_IDS = ["Y1a,Y2a", "Y3a+Y6a+Y4a", "R1+B1", "G1", "Y3a+Y3a", "ZZ", "", "Y9a+Y5a", "TK+Y1a"]
HANDS = ["ap9,ap1", "block-1,ap5", "nope", "", "ap5,ap5"]
MOVEMENT = ["mv-07", "0N-WNNE", "2Er-EES", "zz", ""]


def _values(game: str, action: argparse.Action, files: dict[str, str]) -> list[str]:
    """Values worth trying for one option: good ones and hostile ones."""
    dest = action.dest
    if action.choices:
        return [*map(str, action.choices), "bogus", ""]
    by_dest = {
        "position": POSITIONS.get(game, [])
        + _mangled(POSITIONS.get(game, ["x y"]))
        + ([TROGDOR_PUZZLE] if game == "trogdor" else [])
        + [POSITIONS["trollland"][0]],
        "timeout": SECONDS,
        "budget": BUDGETS,
        "seed": SEEDS,
        "players": COUNTS,
        "player": COUNTS,
        "k": COUNTS,
        "n": COUNTS,
        "ap": COUNTS,
        "layout": LAYOUTS,
        "start": SQUARE,
        "cottage": SQUARE,
        "at": SQUARE,
        "archer": SQUARE,
        "troghammer": SQUARE,
        "burnt": SQUARES,
        "knights": SQUARES,
        "peasants": SQUARES,
        "cottages_burnt": SQUARES,
        "input": list(files.values()),
        "cards": [v for k, v in files.items() if k != "example"],
        "svg": [files["dir"], "-", os.path.join(files["dir"], "out.svg"), "/nonexistent/x.svg"],
        "ruling": ["X=Y", "nonsense", "=", "T-RULING=x", "TLR-SWAP-SYMBOL=nope"]
        + [f"{rid}={r.default}" for rid, r in list(rulebook.game(game).rulings.items())[:3]],
        "card": MOVEMENT,
        "hand": HANDS,
        "pool": CARD_IDS,
        "seen": CARD_IDS,
        "vs": ["Y10a/Y9b+Y1b/R1+Y2b", "Y3a", "R1+B1", "", "//"],
    }
    return by_dest.get(dest, JUNK)


def _commands():
    parser = build_parser(every_game=True)
    games = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for game, gp in games.choices.items():
        cmds = next(a for a in gp._actions if isinstance(a, argparse._SubParsersAction))
        for name, cp in cmds.choices.items():
            yield game, name, cp


COMMANDS = [(g, c) for g, c, _ in _commands()]
PARSERS = {(g, c): p for g, c, p in _commands()}
# options a slow command always gets (small values), so each example stays well under a second
FAST = {
    "timeout": ["--timeout", "0.3"],
    "budget": ["--budget", "300"],
    "games": ["--games", "2"],
    "workers": ["--workers", "1"],
}
# sweeps: small values only (a good value would play thousands of games); no Dask cluster
SWEEP_VALUES = {
    "games": ["-1", "0", "1", "2", "x", "nan"],
    "budget": ["0", "-1", "nan", "2", "3"],
    "workers": ["0", "1", "-1"],
    "seed": SEEDS,
}
SKIPPED_OPTIONS = {"dask", "no_progress"}  # set below for sweeps instead
# verification searches (witness, differ, check): small values only, as for sweeps (a good value
# searches for minutes); --all and --write belong to the regeneration, tested in tests/verify: a
# generated run must never rewrite the repository's stored witnesses
VERIFY = {"witness", "differ", "check"}
VERIFY_SKIPPED = {"all", "write"}
VERIFY_VALUES = {
    "budget": ["0", "-1", "x", "1", "2"],
    "games": ["0", "1", "2", "x"],
    "depth": ["0", "1", "-1", "x"],
    "workers": ["0", "1"],
}
WRITTEN = {"svg"}  # options naming a file the command writes


def any_text(dest: str):
    """Any short text; for a file the command writes (``--svg``), a name relative to the working
    directory (no path separator), so the test's chdir to a tmp_path keeps the file there."""
    text = st.text(max_size=12)
    return text.map(lambda t: t.replace(os.sep, "_")) if dest in WRITTEN else text


@st.composite
def argv_for(draw, game: str, command: str, files: dict[str, str]):
    p = PARSERS[(game, command)]
    argv = [game, command]
    skipped = {"help", *SKIPPED_OPTIONS, *(VERIFY_SKIPPED if command in VERIFY else ())}
    options = [a for a in p._actions if a.option_strings and a.dest not in skipped]
    chosen = draw(st.lists(st.sampled_from(options), max_size=6, unique_by=lambda a: a.dest))
    # required options are usually given (else every example is the same "missing" error)
    for a in options:
        if a.required and a not in chosen and draw(st.integers(0, 9)) > 0:
            chosen.append(a)
    for a in chosen:
        flag = draw(st.sampled_from(a.option_strings))
        if a.nargs == 0:
            argv.append(flag)
        else:
            values = _values(game, a, files)
            if command == "sweep":
                values = SWEEP_VALUES.get(a.dest, values)
                argv += [flag, draw(st.sampled_from(values))]
            elif command in VERIFY and a.dest in VERIFY_VALUES:
                argv += [flag, draw(st.sampled_from(VERIFY_VALUES[a.dest]))]
            else:  # mostly chosen values, sometimes any short text
                argv += [flag, draw(st.sampled_from(values) | any_text(a.dest))]
    for a in p._actions:
        if not a.option_strings and a.dest != "help":  # positionals
            pool = CARD_IDS if game == "encounter" else JUNK
            if a.dest == "actions":
                pool = ["move N", "burn tile", "done", "stay", "pass", "choose", "x", ""]
            n = 1 if a.nargs is None else draw(st.integers(1 if a.nargs == "+" else 0, 3))
            argv += [draw(st.sampled_from(pool)) for _ in range(n)]
    if command == "sweep":
        argv.append("--no-progress")
    for dest, extra in FAST.items():
        if any(a.dest == dest for a in options) and not any(a.dest == dest for a in chosen):
            if command in ("sweep", *VERIFY) and dest == "budget":
                extra = ["--budget", "2"]  # simulations or playouts of a search
            argv += extra
    return argv


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except BaseException:  # noqa: BLE001 -- any escape is the failure being tested for
            code = None
            tb = traceback.format_exc()
    if code is None:
        pytest.fail(f"traceback for {argv!r}:\n{tb}")
    return code, out.getvalue(), err.getvalue()


def check(argv: list[str], code: int, out: str, err: str) -> None:
    assert "Traceback" not in err, (argv, err)
    assert code in (0, 2, 3), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.endswith("\n"), (argv, err)
        assert out == "", (argv, out[:200])
    elif code == 3:
        assert err.count("\n") == 1, (argv, err)
    else:
        assert err == "", (argv, err)


@pytest.mark.parametrize("game, command", COMMANDS)
def test_every_command_with_generated_arguments(game, command, files, tmp_path, monkeypatch):
    # generated file names (--svg) are relative: written in this test's tmp_path, never the
    # directory pytest runs in
    before = set(os.listdir(ROOT))
    monkeypatch.chdir(tmp_path)

    @settings(
        max_examples=25,
        deadline=None,
        derandomize=True,
        database=None,  # fixed examples: nothing to replay, and no .hypothesis/ in the repo
        suppress_health_check=list(HealthCheck),
    )
    @given(argv_for(game, command, files))
    def one(argv):
        check(argv, *run_in_process(argv))

    one()
    written = set(os.listdir(ROOT)) - before - {".hypothesis"}  # hypothesis's own cache
    assert not written, f"a generated command wrote into the repo: {written}"


def test_every_command_has_a_description_and_no_markup_in_help():
    for (game, command), p in PARSERS.items():
        assert p.description, f"{game} {command} has no description"
        text = p.format_help()
        for mark in ("``", "**", "<b>", "](", ":func:"):
            assert mark not in text, (game, command, mark)


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["--version"], ["trogdor", "--help"], ["encounter-solo", "new", "--help"]],
)
def test_help_and_version_exit_0(argv):
    code, out, err = run_in_process(argv)
    assert code == 0 and out and err == ""


def test_the_same_name_for_the_same_thing():
    """One vocabulary: no per-game synonyms for positions, limits, seeds, knights or card files."""
    banned = {"--avoid", "--time-limit", "--max-states", "--k-ap", "--layout-text", "--notation"}
    for (game, command), p in PARSERS.items():
        for a in p._actions:
            for flag in a.option_strings:
                assert flag not in banned, (game, command, flag)
            if a.dest == "timeout":
                assert "seconds" in (a.help or ""), (game, command)


# ---- real processes ----------------------------------------------------------------------------


def _run(args: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=False, **kw)


def test_python_dash_m_trogkit_and_console_script_agree():
    a = _run([sys.executable, "-m", "trogkit", "trollland", "new", "--seed", "4"])
    b = _run([sys.executable, "-c", "import sys; from trogkit.cli import main; sys.exit(main())",
              "trollland", "new", "--seed", "4"])  # fmt: skip
    assert a.returncode == b.returncode == 0 and a.stdout == b.stdout and a.stdout.strip()


@pytest.mark.parametrize(
    "command",
    [
        "{py} -m trogkit trollland show --position '{pos}' --svg - | head -c 20",
        "{py} -m trogkit trollland actions --position '{pos}' | head -n 1",
        "{py} -m trogkit trollland new --json | true",
        "{py} -m trogkit --help | true",
    ],
)
def test_piped_into_head_no_broken_pipe(command):
    pos = POSITIONS["trollland"][0]
    r = _run(["bash", "-c", "set -o pipefail; " + command.format(py=sys.executable, pos=pos)])
    assert "BrokenPipe" not in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert r.stderr == "" and r.returncode == 0


def test_bad_input_in_a_real_process_is_one_line_exit_2(files):
    r = _run([sys.executable, "-m", "trogkit", "encounter", "battle", "Y1a", "Y2a",
              "--cards", files["nested.json"]])  # fmt: skip
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "nested" in r.stderr

"""A user's claim runs like untrusted code: in a child process of its own (issue 36).

``run_child(work, args, seconds=S)`` forks a child that calls ``work(send, *args)``: the claim is
loaded and called there only. The child writes nothing to our stdout or stderr (its file
descriptors 1 and 2 go to /dev/null, so a claim that prints never mixes with ``--json``), holds at
most ``MEMORY_CAP`` more bytes than it started with (an allocation past it is a MemoryError), and
is killed with its own worker processes (its process group) once ``S`` seconds and a short grace
have passed, whatever the claim does: loop, catch every exception, call ``sys.exit``.

``send(part)`` streams what is finished (games played, positions searched) to the parent as it
goes, so a check the clock kills still reports what it did. The child's last message says how
it ended: its value, the claim's own failure (``ClaimFailed``: file, line, message), bad input
(``TrogkitInputError``) or a bug of the kit (its traceback).
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from dataclasses import dataclass, field

from rulebook.common.errors import TrogkitInputError

GRACE = 0.75  # seconds the child has past its clock to report what it finished, before the kill


class ClaimFailed(TrogkitInputError):
    """The claim's own failure (a syntax error, raising at import or when called, exiting): bad
    input, exit code 2, naming the claim's file, line and message."""


class NoChildProcess(TrogkitInputError):
    """This Python cannot start a child process (e.g. Pyodide in the browser)."""


@dataclass
class Outcome:
    """What a child reported: its ``parts`` (in order), its ``value`` when it finished, and
    ``timed_out`` when the parent's clock killed it first."""

    parts: list = field(default_factory=list)
    value: object = None
    finished: bool = False
    timed_out: bool = False
    isolated: bool = True  # False: it ran in this process (``run_here``)


def where_in(path: str, tb) -> str:
    """'FILE:LINE' of the innermost frame of ``tb`` in the claim's file ``path`` ('' if none)."""
    frames = [f for f in traceback.extract_tb(tb) if os.path.abspath(f.filename) == path]
    return f"{frames[-1].filename}:{frames[-1].lineno}" if frames else ""


def describe(error: BaseException, path: str, doing: str, on: str = "") -> ClaimFailed:
    """The claim's failure as one line: where (its file and line), what, and ``on`` what."""
    if isinstance(error, SyntaxError) and error.filename:
        at = f"{error.filename}:{error.lineno}"
        return ClaimFailed(f"{at}: {doing}: SyntaxError: {error.msg}")
    if isinstance(error, SystemExit):
        what = f"called sys.exit({error.code!r})"
    elif isinstance(error, MemoryError):
        what = f"ran out of memory (a claim may hold {MEMORY_CAP // 1_000_000} MB)"
    else:
        what = f"raised {type(error).__name__}: {error}"
    at = where_in(path, error.__traceback__) or path
    return ClaimFailed(f"{at}: {doing} {what}" + (f" ({on})" if on else ""))


# ---- the child ---------------------------------------------------------------------------------

MEMORY_CAP = 900_000_000  # bytes a child may hold beyond what it had when it started


def _silence() -> None:
    """fd 1 and 2 to /dev/null: nothing the claim prints reaches the parent's streams."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (the child's streams until it exits)
    sys.stderr = sys.stdout


def _limit_memory() -> None:
    """Address space capped at what the child holds now plus MEMORY_CAP (where there is
    RLIMIT_AS): an allocation past it fails with MemoryError instead of swapping the machine."""
    try:
        import resource

        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[0])
        now = pages * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (now + MEMORY_CAP, now + MEMORY_CAP))
    except (ImportError, OSError, ValueError, AttributeError):
        pass  # no /proc or no RLIMIT_AS: the clock still holds


def _child(conn, work, args) -> None:
    try:
        os.setpgid(0, 0)  # a process group of its own: killed together with its workers
    except OSError:
        pass
    _silence()
    _limit_memory()
    try:
        message = ("done", work(lambda part: conn.send(("part", part)), *args))
    except ClaimFailed as e:
        message = ("claim", str(e))
    except TrogkitInputError as e:
        message = ("input", str(e))
    except BaseException:  # noqa: BLE001 (reported to the parent as the kit's bug)
        message = ("bug", traceback.format_exc())
    try:
        conn.send(message)
        conn.close()
    finally:
        os._exit(0)  # no atexit handler or buffered output of the parent runs twice


# ---- the parent --------------------------------------------------------------------------------


def _context():
    """Fork where there is fork (the claim, defined anywhere, is inherited), else spawn;
    NoChildProcess where no process can start (Pyodide: ``executors.processes_available``)."""
    from solvers.play.executors import processes_available

    try:
        if not processes_available():
            raise OSError("no processes in this Python")
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        return multiprocessing.get_context("fork" if "fork" in methods else methods[0])
    except (ImportError, IndexError, ValueError, OSError) as e:
        raise NoChildProcess(
            f"checking a claim runs it in a child process, which this Python cannot start ({e})"
        ) from None


def _kill(process) -> None:
    """The child and every process it started (its group), then wait for it."""
    import signal

    if process.pid is not None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass
    if process.is_alive():
        process.kill()
    process.join()


def run_child(work, args: tuple, *, seconds: float | None) -> Outcome:
    """``work(send, *args)`` in a child process (see the module docstring); past ``seconds``
    (plus GRACE) the child is killed and the outcome says ``timed_out``. Raises ClaimFailed or
    TrogkitInputError for the child's own, RuntimeError for a bug of the kit."""
    ctx = _context()
    receive, send = ctx.Pipe(duplex=False)
    try:
        process = ctx.Process(target=_child, args=(send, work, args))  # may start workers
        process.start()
    except (OSError, NotImplementedError, ImportError) as e:
        raise NoChildProcess(
            f"checking a claim runs it in a child process, which this Python cannot start ({e})"
        ) from None
    send.close()
    deadline = None if seconds is None else time.monotonic() + seconds + GRACE
    out = Outcome()
    try:
        _listen(receive, deadline, out)
    finally:
        _kill(process)
        receive.close()
    if not out.finished and not out.timed_out:
        code = process.exitcode
        raise ClaimFailed(
            f"the check's process ended without an answer (exit code {code}): the claim may "
            "have ended it (os._exit) or been killed for its memory"
        )
    return out


def run_here(work, args: tuple, *, seconds: float | None) -> Outcome:
    """``work(send, *args)`` in this process, where none can start (Pyodide in the browser):
    not isolated, bounded only by the search's own budget and its clock, which is checked
    between units of work (no signal or kill stops a claim that loops)."""
    out = Outcome(isolated=False)
    out.value, out.finished = work(out.parts.append, *args), True
    return out


def _listen(receive, deadline: float | None, out: Outcome) -> None:
    """Collect the child's messages into ``out`` until its last one, its death or ``deadline``."""
    while True:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            out.timed_out = True
            return
        if not receive.poll(left):
            continue
        try:
            kind, value = receive.recv()
        except (EOFError, OSError):
            return  # the child died without a last word
        if kind == "part":
            out.parts.append(value)
            continue
        if kind == "done":
            out.value, out.finished = value, True
            return
        if kind == "claim":
            raise ClaimFailed(value)
        if kind == "input":
            raise TrogkitInputError(value)
        raise RuntimeError(f"the claim check failed inside the kit:\n{value}")

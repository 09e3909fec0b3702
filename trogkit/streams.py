"""Standard streams that cannot be written: a full disk (``> /dev/full``), a closed stdout or
stderr (``>&-``, ``2>&-``), a terminal gone. The command then ends quietly with exit code
OUTPUT_LOST instead of an ``OSError`` or ``AttributeError`` traceback. (A reader that leaves
early, e.g. ``| head``, is not an error: exit 0, as before.)"""

from __future__ import annotations

import os
import sys

OUTPUT_LOST = 74  # EX_IOERR of sysexits.h: the output could not be written


class OutputLost(Exception):
    """Writing to stdout or stderr failed (other than a broken pipe)."""


class _Guarded:
    """A text stream whose write errors raise OutputLost, so the CLI can tell them from an
    OSError of the command itself (a file it reads, say)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as e:  # ENOSPC, EIO, EBADF; ValueError: a closed file
            raise OutputLost(str(e)) from None

    def flush(self):
        try:
            return self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as e:
            raise OutputLost(str(e)) from None

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _reopen_closed(fd: int) -> bool:
    """When file descriptor ``fd`` is closed, put /dev/null there (so no file opened later takes
    its number, and workers inherit something writable). True when it was closed."""
    try:
        os.fstat(fd)
        return False
    except OSError:
        pass
    devnull = os.open(os.devnull, os.O_WRONLY)
    if devnull != fd:
        os.dup2(devnull, fd)
        os.close(devnull)
    return True


def guard() -> tuple[bool, tuple]:
    """Guard sys.stdout and sys.stderr for one command. Returns (whether one of them was closed
    at start, the plain streams to put back with ``restore``)."""
    lost = False
    plain = []
    for fd, name in ((1, "stdout"), (2, "stderr")):
        stream = getattr(sys, name)
        closed = _reopen_closed(fd) if stream is None or _fileno(stream) == fd else False
        if stream is None:  # Python found the descriptor closed at start
            stream = open(fd, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        lost = lost or closed or getattr(sys, name) is None
        plain.append(stream)
        setattr(sys, name, _Guarded(stream))
    return lost, tuple(plain)


def _fileno(stream) -> int | None:
    try:
        return stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.StringIO under a test, say
        return None


def restore(saved: tuple) -> None:
    sys.stdout, sys.stderr = saved


def silence() -> None:
    """Send whatever is still buffered for stdout and stderr to /dev/null, so the interpreter's
    final flush prints no error."""
    for fd in (1, 2):
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, fd)
            os.close(devnull)
        except OSError:
            pass

"""Claims that misbehave as untrusted code may (issue 36): each must end within --timeout, never
print into --json, and fail as the claim's own failure (exit 2, its file and line)."""

import os
import sys

from solvers.verify.claims import more_often_than

CALLS = [0]


def loops(s):
    while True:
        pass


def swallows_everything(s):  # the clock's own exception is caught too
    while True:
        try:
            sum(range(100_000))
        except BaseException:  # noqa: BLE001
            pass


def hangs_after_a_few_games(s):  # a few hundred positions (several games) first
    CALLS[0] += 1
    while CALLS[0] > 300:
        pass
    return True


def exits_0(s):
    sys.exit(0)


def exits_1(s):
    sys.exit(1)


def prints(s):
    print("printed by the claim")
    os.write(1, b"written by the claim\n")
    os.write(2, b"written by the claim to stderr\n")
    return True


def allocates(s):
    return len(bytearray(10**11)) > 0


def raises(s):
    return 1 / 0


@more_often_than(0.5)
def rate_loops(game, final):
    while True:
        pass


@more_often_than(0.5)
def rate_raises(game, final):
    raise KeyError("no such thing")


def rate_text(game, final):
    return True


rate_text.more_often_than = "half"


def rate_nan(game, final):
    return True


rate_nan.more_often_than = float("nan")


def false_once(s):  # false the first time a turn 2 is seen in this process tree, then true
    marker = os.environ.get("TROGKIT_TEST_MARKER", "")
    if s.turn >= 2 and marker and not os.path.exists(marker):
        open(marker, "w").close()
        return False
    return True

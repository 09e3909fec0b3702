"""Where OR-Tools has no build (the lessons in the browser, Pyodide), the countryside answer's
proof step runs on z3's walk model: the same exact answer, marked as proved by z3."""

from __future__ import annotations

from rulebook.trogdor import puzzle
from solvers.trogdor import countryside, min_ap_countryside

LAYOUT = "C...C/.T.../..L../...T./C.M.."
BURNT = [f"{c}{r}" for c in "ABCDE" for r in "12345" if f"{c}{r}" not in ("A1", "B4", "D2", "E5")]


def test_the_proof_falls_back_to_z3_and_says_so(monkeypatch):
    pos = puzzle(LAYOUT, trogdor="C3", burnt=BURNT)
    # a tiny A* budget leaves the answer to local search and the proof step
    with_cpsat = min_ap_countryside(pos, nodes=1, rounds=2)
    assert with_cpsat.exact and with_cpsat.method == "search"
    monkeypatch.setattr(countryside, "cpsat_installed", lambda: False)
    with_z3 = min_ap_countryside(pos, nodes=1, rounds=2)
    assert with_z3.exact and with_z3.ap == with_cpsat.ap
    assert with_z3.method == countryside.Z3_PROOF and "proved exact by z3" in str(with_z3)

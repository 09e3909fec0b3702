"""Regenerate the stored witnesses and ruling differences of every game (or those named):
``python -m solvers.verify.regenerate [GAME ...] [--differences]`` (``--differences``: only the
ruling differences, along the stored witnesses). Deterministic: the budgets are counts."""

from __future__ import annotations

import sys

import rulebook

from . import store
from .stats import lengths_summary
from .witness import witness_all


def regenerate(
    game: str, *, budget: int | None = None, differences: bool = True, seconds: float | None = None,
    path=None, force: bool = True, seed: int = 0,
) -> dict:  # fmt: skip
    """Search every rule's witness (and each ruling's difference) and store them in ``path``
    (default: beside the rules). Without ``force``, a store holding more witnesses is kept.
    ``seconds`` covers both searches: cut by it, nothing is written (LimitReached, its ``best``
    the witness search's Coverage)."""
    from solvers.limits import LimitReached

    from .clock import Clock
    from .differ import differ_all

    clock = Clock(seconds)
    cov = witness_all(game, budget=budget, seed=seed, seconds=seconds)
    if cov.timed_out:  # a search cut by the clock is not stored over the full one
        raise LimitReached(
            f"--timeout ended the search after {cov.budget} playouts; nothing written", cov
        )
    if not force:
        store.refuse_smaller(path or store.path_of(game), game, witnesses=len(cov.witnesses))
    try:
        data = store.load(game, path)
    except store.StoreError:
        if not force:
            raise
        data = store.empty()  # --force: a file that is not a store is replaced
    data.update(
        game=game, witnesses=cov.witnesses, checked=cov.checked, missed=cov.missed,
    )  # fmt: skip
    data["stats"] = {
        "playouts": cov.budget,
        "deep_searches": cov.deep,
        "search_cpu_seconds": round(cov.seconds, 1),
        "playable": len(cov.witnesses) + len(cov.missed),
        "witnessed": len(cov.witnesses),
        **lengths_summary(cov.witnesses),
    }
    if differences:
        hints = sorted(cov.witnesses.values(), key=lambda t: t.length)
        data["differences"] = differ_all(game, hints=hints, clock=clock)
        if clock.over():
            raise LimitReached("--timeout ended the ruling-difference search; nothing written", cov)
    store.save(game, data, path)
    return data


def regenerate_differences(game: str) -> dict:
    """Only the ruling differences, along the stored witnesses."""
    from .differ import differ_all

    data = store.load(game)
    hints = sorted(data["witnesses"].values(), key=lambda t: t.length)
    data["differences"] = differ_all(game, hints=hints)
    store.save(game, data)
    return data


def main(argv: list[str]) -> int:
    only_differences = "--differences" in argv
    names = [a for a in argv if not a.startswith("--")] or list(rulebook.games())
    for name in names:
        if only_differences:
            data = regenerate_differences(name)
            print(name, "differences:", ", ".join(data["differences"]), flush=True)
            continue
        data = regenerate(name)
        print(name, data["stats"], "missed:", ", ".join(data["missed"]) or "none", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

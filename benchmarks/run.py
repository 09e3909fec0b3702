"""Run every benchmark: each ``benchmarks/<name>.py`` with a ``main()``, under a heading.

``make bench`` calls ``python -m benchmarks.run``. Benchmarks print figures; they are never tests.
Pass names to run only some: ``python -m benchmarks.run trogdor encounter``.
"""

from __future__ import annotations

import importlib
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).parent


NOT_BENCHMARKS = ("run", "__init__", "reference_bfs")  # reference_bfs: a reference, not a bench


def benchmark_names() -> list[str]:
    """Modules in benchmarks/ other than this one, references and private ones, sorted by name;
    the speed table (issue 13's figures) first."""
    names = sorted(
        p.stem for p in HERE.glob("*.py") if p.stem not in NOT_BENCHMARKS and p.stem[0] != "_"
    )
    return sorted(names, key=lambda n: n != "speed")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    names = benchmark_names()
    unknown = [n for n in argv if n not in names]
    if unknown:
        print(
            f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(names)}",
            file=sys.stderr,
        )
        return 2
    failed = []
    for name in argv or names:
        print(f"\n=== {name} ===", flush=True)
        start = time.perf_counter()
        try:
            module = importlib.import_module(f"benchmarks.{name}")
            if not callable(getattr(module, "main", None)):
                print("(no main(); skipped)")
                continue
            module.main()
        except Exception:  # one broken benchmark must not hide the others' figures
            traceback.print_exc()
            failed.append(name)
        print(f"--- {name}: {time.perf_counter() - start:.1f} s", flush=True)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Kept for old imports and ``python -m solvers.cli``: the CLI lives in ``trogkit.cli``."""

from __future__ import annotations

import sys

from trogkit.cli import build_parser, main
from trogkit.options import UsageError

__all__ = ["build_parser", "main", "UsageError"]

if __name__ == "__main__":
    sys.exit(main())

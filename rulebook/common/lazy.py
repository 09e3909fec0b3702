"""Package names imported on first use (PEP 562), written once for every package that wants it.

``import rulebook.common.errors`` or ``trogkit trogdor min-ap`` must not pay for the modules a
package re-exports but the caller never touches (speed: PERF.md "Start-up: loaded on first use").
"""

from __future__ import annotations

import sys
from importlib import import_module


def lazy_names(package: str, where: dict[str, str]):
    """``(__getattr__, __dir__)`` for ``package``, whose public names live in its submodules
    (``where``: name -> submodule). A name is imported on first use and then kept in the
    package, so later lookups are plain attribute reads."""
    names = sorted(where)

    def __getattr__(name: str):
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{where[name]}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__():
        return names

    return __getattr__, __dir__

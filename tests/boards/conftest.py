"""Helpers for the board tests: boards are driven by ``board.click(target)`` (what the drawing's
JavaScript sends) and ``Button.click()``, without a kernel."""

from __future__ import annotations

import re
import warnings

import ipywidgets as W

TARGET = re.compile(r"""data-target=["']([^"']+)["']""")


def live_widgets() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


def targets_in(svg: str) -> list[str]:
    return list(dict.fromkeys(TARGET.findall(svg)))

"""Small helpers the Trogdor tests share (protocol names only)."""

from __future__ import annotations

import rulebook

G = rulebook.game("trogdor")


def texts(state) -> list[str]:
    """The legal actions' canonical texts, in the engine's (sorted) order."""
    return [str(a) for a in G.legal_actions(state)]

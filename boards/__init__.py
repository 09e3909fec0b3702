"""Live boards: ``boards.board(state)`` gives the clickable board for a position of any game."""

from __future__ import annotations

from .factory import board, side_by_side

__all__ = ["board", "gallery", "replay_trace", "side_by_side"]


def gallery(game: str):
    """Browse ``game``'s edge-case gallery: pick a scenario, the board loads it, try the action,
    toggle the ruling, compare the options side by side (``boards.gallery_browser``)."""
    from .gallery_browser import GalleryBrowser

    return GalleryBrowser(game)


def replay_trace(trace, *, title: str = ""):
    """A witness, ruling difference or counterexample stepped through (back and forward), the
    firing rule highlighted on its step (``boards/replay.py``)."""
    from .replay import ReplayBoard

    return ReplayBoard(trace, title=title)

"""What the games' SVG pictures share: text lines wrapped to a width (a narrow picture, e.g. a
board's share of a side-by-side row, wraps its status and summary lines instead of scaling)."""

from __future__ import annotations

CHAR_EM = 0.62  # a sans-serif character's width in ems, generous


def wrap(pieces: list[str], room: float, size: int, first_room: float | None = None,
         sep: str = " · ") -> list[str]:  # fmt: skip
    """``pieces`` joined by ``sep`` into lines of at most ``room`` px of text at font ``size``
    (the first line at most ``first_room``); a piece is never split."""
    lines, line = [], ""
    for piece in pieces:
        wider = f"{line}{sep}{piece}" if line else piece
        fits = first_room if first_room is not None and not lines else room
        if line and len(wider) * size * CHAR_EM > fits:
            lines.append(line)
            line = piece
        else:
            line = wider
    return [*lines, line]

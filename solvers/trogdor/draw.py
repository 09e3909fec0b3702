"""Board overlays for notebooks: solver answers drawn on the engine's own SVG picture
(``drawings.svg`` with an overlay: highlighted squares, a numbered path, labels).
No matplotlib here; see ``plots.py`` for the charts."""

from __future__ import annotations

import drawings


def render_svg(state, **overlay) -> str:
    return drawings.svg(state, **overlay)


class SVG:
    """Wraps SVG text so a notebook cell displays it as a picture."""

    def __init__(self, text: str):
        self.text = text

    def _repr_svg_(self) -> str:
        return self.text


def plan_svg(state, result) -> SVG:
    """A min-AP / countryside answer: Trogdor's route numbered, the tiles he burns highlighted."""
    return SVG(render_svg(state, highlight=result.burns, path=result.squares[1:]))


def reach_svg(state, reach) -> SVG:
    """Reachability: every reachable square labelled with its AP cost."""
    labels = {sq: str(c) for sq, c in reach.costs.items()}
    return SVG(render_svg(state, highlight=reach.squares, labels=labels))


def danger_svg(state, danger) -> SVG:
    """A danger map (percent per square) or one card's danger (hit squares highlighted)."""
    if hasattr(danger, "probabilities"):
        labels = {sq: f"{round(float(p) * 100)}%" for sq, p in danger.probabilities.items() if p}
        return SVG(render_svg(state, highlight=danger.squares, labels=labels))
    labels = {}
    for kind, squares in danger.by_piece.items():
        for sq in squares:
            labels[sq] = (labels.get(sq, "") + kind[0].upper())[:3]
    return SVG(render_svg(state, highlight=danger.squares, labels=labels))


def flame_svg(state, flame) -> SVG:
    """A flaming peasant: its route numbered, the tiles it burns highlighted (after the run)."""
    return SVG(render_svg(flame.after, highlight=flame.tiles, path=flame.route[1:]))

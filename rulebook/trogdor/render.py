"""Old name of ``svg.py`` (kept until boards/ and solvers/ import ``rulebook.trogdor.svg``)."""

from .svg import render_svg

__all__ = ["render_svg"]

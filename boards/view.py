"""The drawing you click: an anywidget showing a game's SVG and reporting clicks on it.

The JavaScript (``boards/static/board.js``) ships inside the package and is read with
importlib.resources: no build step, no CDN; it runs in JupyterLab, Notebook 7, VS Code and Voila.
Every clickable element of a game's SVG carries ``data-target`` (``B2``, ``card:R1``,
``cage:V03.1`` ...); a click sends that name to Python, which decides what it means. The drawing
is one trait, so a redraw changes a value and creates no widget.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files

import anywidget
import traitlets as T

CSS = """
.trogkit-view { position: relative; display: block; width: 100%; }
.trogkit-view .trogkit-drawing svg { display: block; width: 100%; height: auto; }
.trogkit-view .tk-target { cursor: pointer; }
.trogkit-view .tk-ring-legal { fill: none; stroke: #1a7f37; stroke-width: 2.5;
  stroke-dasharray: 5 3; }
.trogkit-view .tk-ring-selected { fill: rgba(9, 105, 218, 0.12); stroke: #0969da;
  stroke-width: 3; }
.trogkit-view .tk-mark rect { fill: #6f42c1; }
.trogkit-view .tk-mark text { fill: white; font: bold 10px sans-serif; }
.trogkit-view .trogkit-tip { position: absolute; display: none; z-index: 10;
  pointer-events: none; background: #24292f; color: white; font: 12px sans-serif;
  padding: 3px 6px; border-radius: 4px; max-width: 320px; white-space: normal; }
.trogkit-view .trogkit-menu { position: absolute; display: none; z-index: 11;
  flex-direction: column; gap: 2px; background: white; border: 1px solid #888;
  border-radius: 4px; padding: 3px; box-shadow: 0 2px 6px rgba(0,0,0,0.25); }
.trogkit-view .tk-menu-item { font: 12px sans-serif; text-align: left; padding: 2px 8px;
  border: 1px solid #ccc; border-radius: 3px; background: #f6f8fa; cursor: pointer; }
.trogkit-view .tk-menu-item.tk-legal { background: #dafbe1; border-color: #1a7f37; }
"""


class BoardView(anywidget.AnyWidget):
    """``svg`` is the drawing; ``targets`` maps a data-target to ``[hint, "legal"|"illegal"|
    "select"]`` (what hovering shows, how it is ringed); ``selected`` lists chosen targets;
    ``marks`` is ``[[target, label], ...]`` (numbered plan steps); ``menu`` is the open menu,
    ``[[label, "legal"|"illegal"], ...]``. ``on_click(fn(target))`` and ``on_menu(fn(index))``."""

    _esm = files("boards").joinpath("static", "board.js").read_text(encoding="utf-8")
    _css = CSS
    svg = T.Unicode("").tag(sync=True)
    targets = T.Dict().tag(sync=True)
    selected = T.List().tag(sync=True)
    marks = T.List().tag(sync=True)
    menu = T.List().tag(sync=True)

    def __init__(self, **kw):
        super().__init__(**kw)
        self._click: Callable[[str], None] | None = None
        self._menu: Callable[[int], None] | None = None
        self.on_msg(self._handle)

    def on_click(self, fn: Callable[[str], None]) -> None:
        self._click = fn

    def on_menu(self, fn: Callable[[int], None]) -> None:
        self._menu = fn

    def _handle(self, _widget, content, _buffers) -> None:
        kind = content.get("kind") if isinstance(content, dict) else None
        if kind == "click" and self._click and isinstance(content.get("target"), str):
            self._click(content["target"])
        elif kind == "menu" and self._menu and isinstance(content.get("index"), int):
            self._menu(content["index"])

"""The instructor's scenario editor for Trogdor!! positions.

Pick a tool in the palette and click squares on the drawing to place tiles and pieces; set the
Trog-meter and AP, choose the next movement card, toggle rulings; export or import the position as
its one-line notation. The edits themselves are the pure functions of ``rulebook.trogdor.edit``
(what the box cannot hold is refused with a ``NotationError`` naming the square or field and the
setup rule); this module is only the widget. It is a ``Board`` whose clicks are edits: the
drawing, undo, reset and in-place updates come from ``boards.core``.
"""

from __future__ import annotations

import ipywidgets as W

from rulebook.common.errors import TrogkitInputError
from rulebook.trogdor import CATALOG, puzzle
from rulebook.trogdor.board import TILE_KINDS
from rulebook.trogdor.edit import (  # noqa: F401 - re-exported for notebooks and tests
    edit,
    edit_square,
    movement_choices,
    movement_line,
    set_ap,
    set_meter,
    set_next_movement,
    set_ruling,
)
from rulebook.trogdor.state import PEASANTS_IN_BOX, State

from .core import Board, PictureBox, Play, esc, input_error_text
from .trogdor import TrogdorBoard

DEFAULT_LAYOUT = "C...C/.T.../...L./.M.T./C.M.."

PIECE_TOOLS = [
    ("Trogdor", "trogdor"),
    ("peasant +", "peasant"),
    ("peasant -", "peasant-remove"),
    ("knight (toggle)", "knight"),
    ("archer (toggle)", "archer"),
    ("Troghammer (toggle)", "troghammer"),
    ("burnt side (toggle)", "burnt"),
    ("cottage burnt (toggle)", "cottage-burnt"),
    ("clear pieces", "clear"),
]
TILE_TOOLS = [(f"tile: {name} ({k})", f"tile {k}") for k, name in TILE_KINDS.items()]
TOOLS = PIECE_TOOLS + TILE_TOOLS
LEGEND = """
<div style='font-size:12px;line-height:1.5'>
<b>Editor</b>: pick a tool below, then click squares on the drawing.
A refused edit says what the box cannot hold and cites its setup rule
(T-SETUP-BOARD, T-SETUP-PIECES, T-SETUP-METER); nothing changes.
</div>
"""


class ScenarioEditor(Board):
    """``ScenarioEditor(state=None, board=None)``; display ``editor.widget``.

    Public API: ``tool.value`` (a TOOLS value), ``click_square("B2")`` (or ``click("B2")``, as
    the drawing does), ``meter.value``, ``ap.value``, ``movement.value``,
    ``ruling_widgets[id].value``, ``notation.value`` + ``import_button.click()``,
    ``try_button.click()`` (sends the position to ``board``), ``state``, ``message.value``.
    """

    legend_html = LEGEND

    def __init__(self, state: State | None = None, board: TrogdorBoard | None = None):
        state = state if state is not None else puzzle(DEFAULT_LAYOUT, trogdor="C3", ap=5)
        self.board = board
        self._syncing = False
        self.tool = W.ToggleButtons(
            options=TOOLS,
            value="trogdor",
            style={"button_width": "auto"},
            tooltips=[f"click a square to apply: {label}" for label, _v in TOOLS],
        )
        self.tool.add_class("trogkit-tools")
        small = W.Layout(width="180px")
        self.meter = W.BoundedIntText(
            min=0, max=PEASANTS_IN_BOX, description="Trog-meter", layout=small
        )
        self.ap = W.BoundedIntText(min=0, max=999, description="AP", layout=small)
        self.movement = W.Dropdown(
            options=[("(deck as it is)", "")] + movement_choices(state),
            description="next move card",
            style={"description_width": "initial"},
            layout=W.Layout(width="auto", max_width="100%"),
        )
        self.ruling_widgets = {
            rid: W.Dropdown(
                options=list(r.options),
                value=r.default,
                description=rid,
                style={"description_width": "190px"},
                layout=W.Layout(width="320px"),
            )
            for rid, r in sorted(CATALOG.rulings.items())
        }
        self.notation = W.Textarea(layout=W.Layout(width="100%", height="70px"))
        self.import_button = W.Button(description="Import notation", layout=W.Layout(width="auto"))
        self.try_button = W.Button(
            description="Try it on the live board", layout=W.Layout(width="auto")
        )
        super().__init__(state, title="Scenario editor: pick a tool, click squares")
        self.widget.add_class("trogkit-editor")
        self.hint_button.layout.display = "none"
        for w, kind in ((self.meter, "meter"), (self.ap, "ap")):
            w.observe(lambda ch, k=kind: self._control(k, ch["new"]), names="value")
        self.movement.observe(
            lambda ch: ch["new"] and self._control("movement", ch["new"]), names="value"
        )
        for rid, w in self.ruling_widgets.items():
            w.observe(lambda ch, r=rid: self._control("ruling", r, ch["new"]), names="value")
        self.import_button.on_click(lambda _: self.import_notation())
        self.try_button.on_click(lambda _: self.send_to_board())
        wrap = W.Layout(flex_flow="row wrap")
        self.extra.children = [
            W.HTML("<b>palette</b> (the tool a square click applies)"),
            self.tool,
            W.Box([self.meter, self.ap], layout=wrap),
            self.movement,
            W.HTML("<b>rulings</b> (where the rule texts disagree)"),
            W.VBox(
                [
                    W.Box(
                        [w, W.HTML(f"<small>{esc(CATALOG.rulings[rid].title)}</small>")],
                        layout=wrap,
                    )
                    for rid, w in self.ruling_widgets.items()
                ]
            ),
            W.HTML("<b>position notation</b> (copy it out, or paste one and import)"),
            self.notation,
            W.Box([self.import_button, self.try_button], layout=wrap),
        ]
        self._sync_controls()

    # ---- clicks are edits ------------------------------------------------------------------
    def legal(self) -> dict:
        return {}  # the editor offers no game actions, only edits

    def resolve(self, target: str):
        square = target.rpartition(":")[2]
        return Play(("square", self.tool.value, square), f"{self.tool.label} on {square}")

    def target_map(self, svg: str) -> dict[str, list[str]]:
        out = super().target_map(svg)
        return {t: [hint, "edit"] for t, (hint, _cls) in out.items()}

    def _cls(self, action) -> str:
        return "edit"

    def play(self, action, label: str | None = None) -> bool:
        """Apply one edit (a tuple, see ``rulebook.trogdor.edit.edit``); a refused edit is shown
        with what is wrong and where, and the position is kept."""
        try:
            new = edit(self.state, action)
        except TrogkitInputError as e:
            self.last_error = e
            self._say(f"<span style='color:#b42318'>refused: {esc(input_error_text(e))}</span>")
            self._sync_controls()
            return False
        if new is self.state or new == self.state:
            self._say("no change")
            return False
        self.history.append(new)
        self.log.append(label or str(action))
        self._say(f"<span style='color:#1a7f37'>{esc(label or action)}</span>")
        self.refresh()
        return True

    def click_square(self, name: str) -> bool:
        return self.click(name.upper())

    def _control(self, kind: str, *args) -> None:
        if not self._syncing:
            self.play((kind, *args), f"{kind} {' '.join(map(str, args))}")

    def after_refresh(self) -> None:
        if hasattr(self, "ruling_widgets"):
            self._sync_controls()

    def _sync_controls(self) -> None:
        s = self.state
        self._syncing = True
        try:
            self.meter.value = s.meter
            self.ap.value = s.ap
            top = s.movement_deck.draw[0] if s.movement_deck.draw else ""
            values = {v for _label, v in self.movement.options}
            self.movement.value = top if top in values else ""
            for rid, w in self.ruling_widgets.items():
                w.value = s.rulings[rid]
            self.notation.value = str(s)
        finally:
            self._syncing = False

    # ---- notation in and out ---------------------------------------------------------------
    def export_notation(self) -> str:
        return str(self.state)

    def import_notation(self, text: str | None = None) -> bool:
        """Read a position from ``text`` (default: the text box). Bad text: a clear message, the
        position unchanged."""
        import rulebook

        text = (self.notation.value if text is None else text).strip()
        try:
            s = rulebook.game("trogdor").parse(text, cards=self.state.cards)
        except TrogkitInputError as e:
            self._say(
                f"<span style='color:#b42318'>cannot import: {esc(input_error_text(e))}</span>"
            )
            return False
        self.set_state(s, "imported")
        return True

    def send_to_board(self) -> bool:
        if self.board is None:
            self._say("no live board attached")
            return False
        self.board.set_state(self.state, "position from the scenario editor")
        self._say("sent to the live board")
        return True


class InstructorApp:
    """The Voila app: the scenario editor beside a live board it sends positions to (side by
    side when the window is wide, one under the other at 1024 px and below)."""

    def __init__(self, state: State | None = None):
        self.editor = ScenarioEditor(state)
        self.board = TrogdorBoard(self.editor.state, title="Live board")
        self.editor.board = self.board
        for part in (self.editor.widget, self.board.widget):
            part.layout.flex = "1 1 480px"
            part.layout.min_width = "0"
            part.layout.margin = "0 12px 12px 0"
        self.widget = PictureBox(
            [self.editor.widget, self.board.widget],
            self.board,
            layout=W.Layout(flex_flow="row wrap", width="100%"),
        )

    def _ipython_display_(self):  # pragma: no cover - needs a front end
        from IPython.display import display

        display(self.widget)

"""The instructor's scenario editors: what every game's editor shares (``EditorBoard``) and the
Trogdor!! one (``ScenarioEditor``; the card games' is ``boards.card_editor``).

Trogdor: pick a tool in the palette and click squares on the drawing to place tiles and pieces; set the
Trog-meter and AP, choose the next movement card, toggle rulings; export or import the position as
its one-line notation. The edits themselves are the pure functions of ``rulebook.trogdor.edit``
(what the box cannot hold is refused with a ``NotationError`` naming the square or field and the
setup rule); this module is only the widget. It is a ``Board`` whose clicks are edits: the
drawing, undo, reset and in-place updates come from ``boards.core``.
"""

from __future__ import annotations

import ipywidgets as W

import rulebook
from rulebook.common.errors import NotationError, TrogkitInputError
from rulebook.trogdor import puzzle
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

from .core import TARGET, Board, Play, Select, esc, input_error_text
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


def default_state() -> State:
    """The position the Trogdor editor opens on."""
    return puzzle(DEFAULT_LAYOUT, trogdor="C3", ap=5)


class EditorBoard(Board):
    """What every game's editor shares: a Board whose clicks are edits (the pure ``edit`` of
    ``rulebook.<game>.edit``), one dropdown per ruling, the position's notation to copy out or
    paste in, and "Try it on the live board". Games add their own controls (``game_parts``) and
    say what a click on the drawing means (``resolve``)."""

    def __init__(self, state, board=None, title: str = "Scenario editor"):
        self.board = board
        self._syncing = False
        self.on_foreign = None  # called with a pasted position of another game (the app)
        game = rulebook.game_of(state)
        self.edit_fn = game.edit
        self.ruling_widgets = {
            rid: W.Dropdown(options=list(r.options), value=r.default, description=rid,
                            style={"description_width": "190px"}, layout=W.Layout(width="320px"))
            for rid, r in sorted(game.rulings.items())
        }  # fmt: skip
        self.notation = W.Textarea(layout=W.Layout(width="100%", height="70px"))
        self.import_button = W.Button(description="Import notation", layout=W.Layout(width="auto"))
        self.try_button = W.Button(
            description="Try it on the live board", layout=W.Layout(width="auto")
        )
        super().__init__(state, title=title)
        self.widget.add_class("trogkit-editor")
        self.hint_button.layout.display = "none"
        for rid, w in self.ruling_widgets.items():
            w.observe(lambda ch, r=rid: self._control("ruling", r, ch["new"]), names="value")
        self.import_button.on_click(lambda _: self.import_notation())
        self.try_button.on_click(lambda _: self.send_to_board())
        self.extra.children = [*self.game_parts(), *self._shared_parts(game)]
        self._sync_controls()

    def game_parts(self) -> list:
        """The game's own controls, above the shared ones."""
        return []

    def _shared_parts(self, game) -> list:
        wrap = W.Layout(flex_flow="row wrap")
        rows = [W.Box([w, W.HTML(f"<small>{esc(game.rulings[rid].title)}</small>")], layout=wrap)
                for rid, w in self.ruling_widgets.items()]  # fmt: skip
        return [
            W.HTML("<b>rulings</b> (where the rule texts disagree)"),
            W.VBox(rows),
            W.HTML("<b>position notation</b> (copy it out, or paste one and import)"),
            self.notation,
            W.Box([self.import_button, self.try_button], layout=wrap),
        ]

    # ---- clicks are edits ------------------------------------------------------------------
    def legal(self) -> dict:
        return {}  # an editor offers no game actions, only edits

    def target_map(self, svg: str) -> dict[str, list[str]]:
        """Every data-target -> [what a click does, edit|select|none] (no game legality here)."""
        out = {}
        for t in dict.fromkeys(TARGET.findall(svg)):
            r = self.resolve(t)
            if isinstance(r, Play):
                out[t] = [r.label or str(r.action), "edit"]
            else:
                out[t] = [r.hint, "select" if isinstance(r, Select) else "none"]
        return out

    def _cls(self, action) -> str:
        return "edit"

    @staticmethod
    def target_text(target) -> str:
        """A drawing target is text (``card:Zo3``, ``B2``); anything else is refused as input."""
        if not isinstance(target, str):
            raise NotationError(f"a target on the drawing is text, not {type(target).__name__}")
        return target

    def play(self, action, label: str | None = None) -> bool:
        """Apply one edit (a tuple, see the game's ``rulebook.<game>.edit.edit``); a refused
        edit is shown with what is wrong and where, and the position is kept."""
        self.selection = ()
        try:
            new = self.edit_fn(self.state, action)
        except TrogkitInputError as e:
            self.last_error = e
            self._say(f"<span style='color:#b42318'>refused: {esc(input_error_text(e))}</span>")
            self._sync_controls()
            self.refresh(redraw=False)
            return False
        if new is self.state or new == self.state:
            self._say("no change")
            self.refresh(redraw=False)
            return False
        before = getattr(self.state, "phase", None)
        self.history.append(new)
        self.log.append(label or str(action))
        said = esc(label or action)
        if getattr(new, "phase", None) != before:  # the rules ran the steps that need no decision
            said += f" (the rules carried on: step {esc(before)} → {esc(new.phase)})"
        self._say(f"<span style='color:#1a7f37'>{said}</span>")
        self.refresh()
        return True

    def _control(self, kind: str, *args) -> None:
        if not self._syncing:
            self.play((kind, *args), f"{kind} {' '.join(map(str, args))}")

    def after_refresh(self) -> None:
        if hasattr(self, "ruling_widgets") and hasattr(self, "_syncing"):
            self._sync_controls()

    def sync_game_controls(self) -> None:
        """Games set their own controls from the position here."""

    def _sync_controls(self) -> None:
        self._syncing = True
        try:
            self.sync_game_controls()
            for rid, w in self.ruling_widgets.items():
                w.value = self.state.rulings[rid]
            self.notation.value = str(self.state)
        finally:
            self._syncing = False

    # ---- notation in and out ---------------------------------------------------------------
    def export_notation(self) -> str:
        return str(self.state)

    def import_notation(self, text: str | None = None) -> bool:
        """Read a position from ``text`` (default: the text box). Bad text: a clear message, the
        position unchanged. Another game's position goes to ``on_foreign`` (the app switches)."""
        from rulebook.common.notation import header_of

        text = self.notation.value if text is None else text
        try:
            if not isinstance(text, str):
                raise NotationError(
                    f"paste a position's notation (text), not {type(text).__name__}"
                )
            text = text.strip()
            header = header_of(text)
            if header != self.game.name and self.on_foreign is not None:
                return self.on_foreign(text)
            s = self.game.parse(text, cards=self.state.cards)
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


class ScenarioEditor(EditorBoard):
    """``ScenarioEditor(state=None, board=None)``; display ``editor.widget``.

    Public API: ``tool.value`` (a TOOLS value), ``click_square("B2")`` (or ``click("B2")``, as
    the drawing does), ``meter.value``, ``ap.value``, ``movement.value``,
    ``ruling_widgets[id].value``, ``notation.value`` + ``import_button.click()``,
    ``try_button.click()`` (sends the position to ``board``), ``state``, ``message.value``.
    """

    legend_html = LEGEND

    def __init__(self, state: State | None = None, board: TrogdorBoard | None = None):
        state = state if state is not None else default_state()
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
        super().__init__(state, board, title="Scenario editor: pick a tool, click squares")
        for w, kind in ((self.meter, "meter"), (self.ap, "ap")):
            w.observe(lambda ch, k=kind: self._control(k, ch["new"]), names="value")
        self.movement.observe(
            lambda ch: ch["new"] and self._control("movement", ch["new"]), names="value"
        )

    def game_parts(self) -> list:
        return [
            W.HTML("<b>palette</b> (the tool a square click applies)"),
            self.tool,
            W.Box([self.meter, self.ap], layout=W.Layout(flex_flow="row wrap")),
            self.movement,
        ]

    def resolve(self, target: str):
        square = self.target_text(target).rpartition(":")[2]
        return Play(("square", self.tool.value, square), f"{self.tool.label} on {square}")

    def click_square(self, name: str) -> bool:
        return self.click(name.upper() if isinstance(name, str) else name)

    def sync_game_controls(self) -> None:
        s = self.state
        self.meter.value = s.meter
        self.ap.value = s.ap
        top = s.movement_deck.draw[0] if s.movement_deck.draw else ""
        values = {v for _label, v in self.movement.options}
        self.movement.value = top if top in values else ""

"""The instructor's scenario editor for Trogdor!! positions.

Pick a tool in the palette, click squares to place tiles and pieces; set the Trog-meter and AP,
choose the next movement card, toggle rulings; export or import the position as its one-line
notation. Every edit is a pure function ``edit(state, op, arg) -> State`` that refuses what the box
cannot hold (``RuleError`` citing T-SETUP-BOARD / T-SETUP-PIECES / T-SETUP-METER), so an edit can
never leave a position the notation cannot write. The editor is a ``LiveBoard`` whose "actions" are
edits: undo, reset and refusal display come from the base class.
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from boards.common import LiveBoard
from boards.trogdor import TrogdorBoard, movement_line
from rulebook.common.errors import RuleError, TrogkitInputError
from rulebook.common.grid import Square
from rulebook.trogdor import CATALOG, State, puzzle
from rulebook.trogdor.board import BOX_MAXIMUM, TILE_KINDS
from rulebook.trogdor.geometry import BY_NAME, INDEX, SQUARES
from rulebook.trogdor.start import with_movement_deck
from rulebook.trogdor.state import PEASANTS_IN_BOX

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


# ============================================================================ pure edits
def _sq(x) -> Square:
    if isinstance(x, Square):
        return x
    sq = BY_NAME.get(str(x).strip().upper())
    if sq is None:
        raise RuleError("T-SETUP-BOARD", f"{x!r} is not a square A1..E5")
    return sq


def _validated(s: State) -> State:
    """Round-trip through the notation: an edit must give a position the notation accepts."""
    try:
        return State.parse(str(s), s.cards)
    except TrogkitInputError as e:  # pragma: no cover - edits check first; this is the backstop
        raise RuleError("T-NOTATION", getattr(e, "message", str(e))) from None


def edit_square(state: State, tool: str, square) -> State:
    """Apply palette ``tool`` to ``square``; a new State (the given one is untouched)."""
    sq = _sq(square)
    s = state.copy()
    i = INDEX[sq]
    if tool.startswith("tile "):
        letter = tool[5:]
        if letter not in TILE_KINDS:
            raise RuleError("T-SETUP-BOARD", f"unknown tile kind {letter!r}")
        old = s.tiles[i]
        if letter == old:
            return state
        limit = BOX_MAXIMUM.get(letter)
        if limit is not None and s.tiles.count(letter) >= limit:
            raise RuleError(
                "T-SETUP-BOARD", f"the box has only {limit} {TILE_KINDS[letter]} tile(s)"
            )
        tiles = list(s.tiles)
        tiles[i] = letter
        s.tiles = tuple(tiles)
        if old == "C":
            del s.cottages[sq]
        if letter == "C":
            s.cottages[sq] = False
    elif tool == "burnt":
        burnt = list(s.burnt)
        burnt[i] = not burnt[i]
        s.burnt = tuple(burnt)
    elif tool == "cottage-burnt":
        if sq not in s.cottages:
            raise RuleError("T-SETUP-BOARD", f"{sq} is not a cottage tile")
        s.cottages[sq] = not s.cottages[sq]
    elif tool == "trogdor":
        s.trogdor = sq
    elif tool == "peasant":
        if s.void > 0:
            s.void -= 1
        elif s.meter > 0:
            s.meter -= 1
        else:
            raise RuleError(
                "T-SETUP-METER",
                f"all {PEASANTS_IN_BOX} peasants are already on the board or the Trog-meter",
            )
        s.peasants = sorted([*s.peasants, sq])
    elif tool == "peasant-remove":
        if sq not in s.peasants:
            raise RuleError("T-SETUP-PIECES", f"no peasant on {sq}")
        peasants = list(s.peasants)
        peasants.remove(sq)
        s.peasants = peasants
        s.void += 1
    elif tool == "knight":
        if sq in s.knights:
            s.knights = [k for k in s.knights if k != sq]
            s.queue = ()
        else:
            s.knights = [*s.knights, sq]
    elif tool == "archer":
        s.archer = None if s.archer == sq else sq
    elif tool == "troghammer":
        s.troghammer = None if s.troghammer == sq else sq
        s.hammer_waiting = False
    elif tool == "clear":
        s.void += s.peasants.count(sq)
        s.peasants = [p for p in s.peasants if p != sq]
        s.knights = [k for k in s.knights if k != sq]
        s.queue = ()
        if s.archer == sq:
            s.archer = None
        if s.troghammer == sq:
            s.troghammer = None
    else:
        raise RuleError("T-SETUP-PIECES", f"unknown editor tool {tool!r}")
    return _validated(s)


def set_meter(state: State, meter: int) -> State:
    """Set the Trog-meter; the Void takes the rest of the box's 7 peasants (T-SETUP-METER)."""
    void = PEASANTS_IN_BOX - len(state.peasants) - meter
    if not 0 <= meter <= PEASANTS_IN_BOX or void < 0:
        raise RuleError(
            "T-SETUP-METER",
            f"meter {meter} + {len(state.peasants)} peasants on the board exceed the box's "
            f"{PEASANTS_IN_BOX}",
        )
    s = state.copy()
    s.meter, s.void = meter, void
    return _validated(s)


def set_ap(state: State, ap: int) -> State:
    if not 0 <= ap <= 999:
        raise RuleError("T-AP", f"AP must be 0..999, got {ap}")
    s = state.copy()
    s.ap = ap
    return _validated(s)


def set_next_movement(state: State, card_id: str) -> State:
    """Put ``card_id`` on top of the movement draw pile (T-MOVEMENT-CARD)."""
    if state.cards.movement(card_id) is None:
        raise RuleError("T-MOVEMENT-CARD", f"unknown movement card {card_id!r}")
    rest = [c for c in state.movement_deck.draw if c != card_id]
    return _validated(with_movement_deck(state, [card_id, *rest]))


def set_ruling(state: State, ruling_id: str, option: str) -> State:
    try:
        rulings = state.rulings.with_choices({ruling_id: option})
    except TrogkitInputError as e:
        raise RuleError(ruling_id, getattr(e, "message", str(e))) from None
    s = state.copy()
    s.rulings = rulings
    return _validated(s)


def edit(state: State, op: tuple):
    """Dispatch one edit: ``("square", tool, sq)``, ``("meter", n)``, ``("ap", n)``,
    ``("movement", card_id)`` or ``("ruling", id, option)``."""
    kind, *args = op
    fn = {
        "square": edit_square,
        "meter": set_meter,
        "ap": set_ap,
        "movement": set_next_movement,
        "ruling": set_ruling,
    }[kind]
    return fn(state, *args)


def movement_choices(state: State) -> list[tuple[str, str]]:
    """(label, id) for every movement card the state's card set knows, with provenance."""
    base = state.cards.base
    cards = sorted(base.movement.values(), key=lambda c: c.id) if base is not None else []
    return [(movement_line(c), c.id) for c in cards]


# ============================================================================ the widget
class ScenarioEditor(LiveBoard):
    """``ScenarioEditor(state=None, board=None)``; display ``editor.widget``.

    Public API: ``tool.value`` (a TOOLS value), ``click_square("B2")``, ``meter.value``,
    ``ap.value``, ``movement.value``, ``ruling_widgets[id].value``, ``notation.value`` +
    ``import_button.click()``, ``try_button.click()`` (sends the position to ``board``),
    ``state``, ``message.value``.
    """

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
        small = W.Layout(width="180px")
        self.meter = W.BoundedIntText(
            min=0, max=PEASANTS_IN_BOX, description="Trog-meter", layout=small
        )
        self.ap = W.BoundedIntText(min=0, max=999, description="AP", layout=small)
        self.movement = W.Dropdown(
            options=[("(deck as it is)", "")] + movement_choices(state),
            description="next move card",
            style={"description_width": "initial"},
            layout=W.Layout(width="600px"),
        )
        self.ruling_widgets = {
            rid: W.Dropdown(
                options=list(r.options),
                value=r.default,
                description=rid,
                style={"description_width": "200px"},
                layout=W.Layout(width="340px"),
            )
            for rid, r in sorted(CATALOG.rulings.items())
        }
        self.notation = W.Textarea(layout=W.Layout(width="100%", height="70px"))
        self.import_button = W.Button(description="Import notation")
        self.try_button = W.Button(description="Try it on the live board")
        super().__init__(
            state,
            apply=edit,
            candidates=self._square_buttons,
            title="Scenario editor: pick a tool, click squares",
        )
        self.widget.add_class("trogkit-editor")
        self.widget.layout.max_width = "660px"
        self.picture.add_class("trogkit-picture")
        self.buttons.add_class("trogkit-squares")
        self.message.add_class("trogkit-message")
        for w, kind in ((self.meter, "meter"), (self.ap, "ap")):
            w.observe(lambda ch, k=kind: self._control(k, ch["new"]), names="value")
        self.movement.observe(
            lambda ch: ch["new"] and self._control("movement", ch["new"]), names="value"
        )
        for rid, w in self.ruling_widgets.items():
            w.observe(lambda ch, r=rid: self._control("ruling", r, ch["new"]), names="value")
        self.import_button.on_click(lambda _: self.import_notation())
        self.try_button.on_click(lambda _: self.send_to_board())
        self.extra.children = [
            W.HTML("<b>palette</b> (the tool a square click applies)"),
            self.tool,
            W.HBox([self.meter, self.ap]),
            self.movement,
            W.HTML("<b>rulings</b> (where the rule texts disagree)"),
            W.VBox(
                [
                    W.HBox([w, W.HTML(f"<small>{escape(CATALOG.rulings[rid].title)}</small>")])
                    for rid, w in self.ruling_widgets.items()
                ]
            ),
            W.HTML("<b>position notation</b> (copy it out, or paste one and import)"),
            self.notation,
            W.HBox([self.import_button, self.try_button]),
        ]
        self._sync_controls()

    def _square_buttons(self, state):
        return [(f"row {sq.row + 1}", str(sq), ("square", None, sq)) for sq in SQUARES]

    # LiveBoard calls apply(state, action); square buttons carry the tool chosen at click time
    def play(self, action, label: str | None = None) -> bool:
        if action[0] == "square" and action[1] is None:
            action = ("square", self.tool.value, action[2])
            label = f"{self.tool.label} on {action[2]}"
        return super().play(action, label)

    def click_square(self, name: str) -> bool:
        before = len(self.history)
        self.button_for(name.upper()).click()
        return len(self.history) > before

    def _control(self, kind: str, *args) -> None:
        if self._syncing:
            return
        if not self.play((kind, *args), f"{kind} {' '.join(map(str, args))}"):
            self._sync_controls()  # put the control back to the position's value

    def refresh(self) -> None:
        super().refresh()
        for row in self.buttons.children:
            for b in row.children[1:]:
                b.layout.width = "48px"
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

    # -- notation in and out -------------------------------------------------------------------
    def export_notation(self) -> str:
        return str(self.state)

    def import_notation(self, text: str | None = None) -> bool:
        """Read a position from ``text`` (default: the text box). Bad text: a clear message, the
        position unchanged."""
        text = (self.notation.value if text is None else text).strip()
        try:
            s = State.parse(text, self.state.cards)
        except TrogkitInputError as e:
            msg = getattr(e, "message", None) or str(e)
            where = getattr(e, "where", None)
            self.message.value = (
                "<span style='color:#b42318'>cannot import: "
                + escape(f"{msg}" + (f" (field {where})" if where else ""), quote=False)
                + "</span>"
            )
            return False
        self.set_state(s, "imported")
        return True

    def send_to_board(self) -> bool:
        if self.board is None:
            self.message.value = "no live board attached"
            return False
        self.board.set_state(self.state.copy(), "position from the scenario editor")
        self.message.value = "sent to the live board"
        return True


class InstructorApp:
    """The Voila app: the scenario editor beside a live board it sends positions to."""

    def __init__(self, state: State | None = None):
        self.editor = ScenarioEditor(state)
        self.board = TrogdorBoard(self.editor.state.copy(), title="Live board")
        self.editor.board = self.board
        self.widget = W.HBox([self.editor.widget, self.board.widget])

    def _ipython_display_(self):  # pragma: no cover - needs a front end
        from IPython.display import display

        display(self.widget)

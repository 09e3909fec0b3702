"""The instructor app (``make app``, Voilà) for every game: choose a game, open a scenario of its
edge-case gallery (``rulebook/<game>/data/gallery.toml``) or paste a position, edit it, toggle the
rulings, try it on a live board, compare a ruling's options side by side, export the notation.

One app for all games; only the editor part differs (``boards.editor.ScenarioEditor`` for
Trogdor's squares, ``boards.card_editor.CardEditor`` for the card games). Thin: positions come
from ``rulebook.common.gallery``, edits from ``rulebook.<game>.edit``, results from the rules.
"""

from __future__ import annotations

import ipywidgets as W

import rulebook
from rulebook.common import gallery as G
from rulebook.common.errors import TrogkitInputError
from rulebook.common.notation import header_of

from .core import PictureBox, esc, input_error_text
from .gallery_browser import info_html

GAMES = ("trogdor", "trollland", "encounter", "encounter-solo")
NEW = ""  # the scenario picker's "new position" entry


def close_tree(widget) -> None:
    """Close ``widget`` and every widget it holds (children, layout, style): a replaced editor
    or board leaves nothing behind in the kernel."""
    if widget.comm is None:
        return  # closed already
    for key in widget.keys:
        value = getattr(widget, key, None)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, W.Widget) and item is not widget:
                close_tree(item)
    widget.close()


def scenarios_of(game: str) -> dict[str, G.Scenario]:
    """The gallery scenarios whose position is one of ``game`` (the encounter gallery holds both
    modes)."""
    return {sc.name: sc for sc in G.load(game.split("-")[0]) if header_of(sc.position) == game}


def new_position(game: str):
    """A fresh position: Trogdor's editor default, a dealt game (seed 1) for the others."""
    if game == "trogdor":
        from .editor import default_state

        return default_state()
    return rulebook.game(game).new_game(1)


def editor_for(state, board=None):
    """The game's editor part."""
    if rulebook.game_of(state).name == "trogdor":
        from .editor import ScenarioEditor

        return ScenarioEditor(state, board)
    from .card_editor import CardEditor

    return CardEditor(state, board)


class InstructorApp:
    """``InstructorApp(state=None)``: ``game.value`` / ``choose_game(name)``, ``scenario.value``
    / ``open_scenario(name)``, ``paste(text)`` (any game's notation), ``editor`` (its part),
    ``board`` (the live board), ``compare(ruling)``, ``export()``; ``widget``."""

    def __init__(self, state=None):
        state = state if state is not None else new_position("trogdor")
        name = rulebook.game_of(state).name
        self.game = W.Dropdown(options=GAMES, value=name, description="game")
        self.scenario = W.Dropdown(description="scenario", layout=W.Layout(width="auto",
                                   max_width="100%"))  # fmt: skip
        self.game.add_class("trogkit-app-game")
        self.scenario.add_class("trogkit-app-scenario")
        self.info = W.HTML()
        self.info.add_class("trogkit-app-info")
        self.ruling = W.Dropdown(description="compare", layout=W.Layout(width="auto"))
        self.compare_button = W.Button(description="compare the options side by side",
                                       layout=W.Layout(width="auto"))  # fmt: skip
        self.note = W.HTML()
        self.note.add_class("trogkit-app-note")
        self.parts, self.compare_box = W.Box(layout=W.Layout(flex_flow="row wrap")), W.Box()
        self._busy = False
        self.game.observe(lambda ch: self._busy or self.choose_game(ch["new"]), names="value")
        self.scenario.observe(lambda ch: self._busy or self.open_scenario(ch["new"]),
                              names="value")  # fmt: skip
        self.compare_button.on_click(lambda _: self.compare())
        self._load(state, None)
        wrap = W.Layout(flex_flow="row wrap", width="100%")
        top = W.Box([self.game, self.scenario], layout=wrap)
        tools = W.Box([self.ruling, self.compare_button], layout=wrap)
        self.widget = PictureBox([top, self.info, self.note, self.parts, tools, self.compare_box],
                                 self.board, layout=W.Layout(flex_flow="column", width="100%"))  # fmt: skip
        self.widget.add_class("trogkit-app")

    # ---- what is open ----------------------------------------------------------------------
    @property
    def game_name(self) -> str:
        return rulebook.game_of(self.editor.state).name

    @property
    def open(self) -> G.Scenario | None:
        """The gallery scenario open now (None for a new or pasted position)."""
        return self._scenarios.get(self.scenario.value)

    def _load(self, state, scenario: str | None) -> None:
        """Show ``state`` in a new editor and live board, with the game's pickers."""
        from .factory import board

        name = rulebook.game_of(state).name
        self._scenarios = scenarios_of(name)
        self._busy = True
        try:
            self.game.value = name
            self.scenario.options = [("(new position)", NEW)] + [
                (sc.title, n) for n, sc in self._scenarios.items()
            ]
            self.scenario.value = scenario or NEW
            rulings = sorted(rulebook.game(name).rulings)
            self.ruling.options = rulings
            shown = self.open.rulings if self.open and self.open.rulings else rulings
            self.ruling.value = shown[0] if shown else None
        finally:
            self._busy = False
        for old in (*self.parts.children, *self.compare_box.children):
            close_tree(old)
        self.board = board(state, title="Live board")
        self.editor = editor_for(state, self.board)
        self.editor.on_foreign = self.paste
        basis = "480px" if name == "trogdor" else "620px"  # wide card drawings: one per row
        for part in (self.editor.widget, self.board.widget):  # at 1024 px
            part.layout.flex, part.layout.min_width = f"1 1 {basis}", "0"
            part.layout.margin = "0 12px 12px 0"
        self.parts.children = [self.editor.widget, self.board.widget]
        self.compare_box.children = []
        self.info.value = info_html(self.open) if self.open else ""
        if hasattr(self, "widget"):
            self.widget._board = self.board

    # ---- the instructor's commands ---------------------------------------------------------
    def choose_game(self, name: str) -> None:
        """Switch to game ``name`` on a new position."""
        rulebook.game(name)  # an unknown name raises NotationError naming the games
        self._load(new_position(name), None)
        self.note.value = f"{esc(name)}: a new position"

    def open_scenario(self, name: str) -> None:
        """Open gallery scenario ``name`` of the current game (``""``: a new position)."""
        if name == NEW:
            return self.choose_game(self.game_name)
        if name not in self._scenarios:
            raise KeyError(f"no scenario {name!r}; have {', '.join(self._scenarios)}")
        self._load(G.position(self._scenarios[name]), name)
        self.note.value = f"opened <b>{esc(name)}</b>: try its action(s) on the live board"

    def paste(self, text: str) -> bool:
        """Open a position of any game from its notation (the first word names the game)."""
        try:
            state = rulebook.parse(text.strip())
        except TrogkitInputError as e:
            self.note.value = f"<span style='color:#b42318'>cannot import: {esc(input_error_text(e))}</span>"  # fmt: skip
            self.editor._say(self.note.value)
            return False
        self._load(state, None)
        self.note.value = f"pasted a {esc(self.game_name)} position"
        return True

    def export(self) -> str:
        """The edited position's one-line notation."""
        return self.editor.export_notation()

    def compare(self, ruling: str | None = None):
        """The edited position under each option of ``ruling`` (default: the picker's), after
        the open scenario's actions, side by side."""
        from .factory import board, side_by_side

        rid = ruling or self.ruling.value
        options = self.editor.state.rulings.rulings[rid].options
        here = G.Scenario("edited", "edited", (), (), "-", self.export(),
                          self.open.actions if self.open else (), G.Expect())  # fmt: skip
        boards = []
        for option in options:
            r = G.replay(here, {rid: option})
            stop = f", refused by {r.refusal.rule_id}" if r.refusal else ""
            fired = ", ".join(dict.fromkeys(r.fired)) or "no rule"
            boards.append(board(r.state, title=f"{rid}={option}: {fired}{stop}"))
        sbs = side_by_side(*boards)
        for old in self.compare_box.children:
            close_tree(old)
        self.compare_box.children = [sbs]
        return sbs

    def _ipython_display_(self):  # pragma: no cover - needs a front end
        from IPython.display import display

        display(self.widget)

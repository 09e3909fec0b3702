"""The instructor app (``make app``, Voilà) for every game: choose a game, open a scenario of its
edge-case gallery (``rulebook/<game>/data/gallery.toml``) or paste a position, edit it, toggle the
rulings, try it on a live board, compare a ruling's options side by side, export the notation,
and link to the position (``instructor.ipynb?position=...`` opens it) or present it.

``Presenter`` is the class's view (``presenter.ipynb?game=...&scenario=...`` or ``&witness=...``):
full-screen boards in projector-size text, one board or a ruling's two side by side, the arrow
keys stepping back and forward through the scenario's or the witness's actions.

One app for all games, chosen through the game protocol: the game's edit functions
(``rulebook/<package>/edit.py``) say which editor part it gets -- squares with a palette
(``edit_square``: ``boards.editor.ScenarioEditor``) or cards moved between zones (``zones_for``:
``boards.card_editor.CardEditor``). Thin: positions come from ``drawings.gallery``, edits
from the edit functions, results from the rules.
"""

from __future__ import annotations

import importlib
import os
from urllib.parse import parse_qs, quote, urlencode

import ipywidgets as W

import rulebook
from drawings import gallery as G
from rulebook.common.errors import TrogkitInputError
from rulebook.common.notation import header_of

from .core import NARROW, PAGE_WIDTH, PictureBox, esc, input_error_text, svg_width
from .gallery_browser import info_html

GAMES = tuple(rulebook.REGISTRY)  # every registered game
NEW = ""  # the scenario picker's "new position" entry
APP, PRESENTER = "instructor.ipynb", "presenter.ipynb"  # the notebooks Voilà serves (make app)


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
    """The gallery scenarios whose position is one of ``game`` (a gallery may hold the
    positions of several games sharing one package, e.g. both Random Encounter modes)."""
    return {sc.name: sc for sc in G.load(_package(game)) if header_of(sc.position) == game}


def _package(game: str) -> str:
    """The rulebook package a registered game lives in (``encounter-solo`` -> ``encounter``)."""
    return type(rulebook.game(game)).__module__.split(".")[1]


def edit_functions(game: str):
    """The game's edit module, ``rulebook/<package>/edit.py``."""
    return importlib.import_module(f"rulebook.{_package(game)}.edit")


def edits_squares(game: str) -> bool:
    """True for a game edited square by square with a palette (else card by card)."""
    return hasattr(edit_functions(game), "edit_square")


def new_position(game: str):
    """A fresh position: the square editor's default board, a dealt game (seed 1) for a card
    game."""
    if edits_squares(game):
        from .editor import default_state

        return default_state()
    return rulebook.game(game).new_game(1)


def editor_for(state, board=None):
    """The game's editor part."""
    if edits_squares(rulebook.game_of(state).name):
        from .editor import ScenarioEditor

        return ScenarioEditor(state, board)
    from .card_editor import CardEditor

    return CardEditor(state, board)


def position_link(state) -> str:
    """The app's address (relative to the page) that opens ``state``."""
    return f"{APP}?{urlencode({'position': str(state)}, quote_via=quote)}"


class InstructorApp:
    """``InstructorApp(state=None)``: ``game.value`` / ``choose_game(name)``, ``scenario.value``
    / ``open_scenario(name)``, ``paste(text)`` (any game's notation), ``editor`` (its part),
    ``board`` (the live board), ``compare(ruling)``, ``export()``; ``widget``."""

    def __init__(self, state=None):
        state = state if state is not None else new_position(GAMES[0])  # the main game
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
        self.link_button = W.Button(description="link to this position",
                                    layout=W.Layout(width="auto"))  # fmt: skip
        self.link_button.on_click(lambda _: self.show_links())
        self._load(state, None)
        wrap = W.Layout(flex_flow="row wrap", width="100%")
        top = W.Box([self.game, self.scenario], layout=wrap)
        tools = W.Box([self.ruling, self.compare_button, self.link_button], layout=wrap)
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
        width = svg_width(self.board.view.svg) or 0
        basis = "480px" if width <= NARROW else "620px"  # wide card drawings: one per row
        for part in (self.editor.widget, self.board.widget):  # at 1024 px
            part.layout.flex, part.layout.min_width = f"1 1 {basis}", "0"
            part.layout.margin = "0 12px 12px 0"
        self.parts.children = [self.editor.widget, self.board.widget]
        self.compare_box.children = []
        self.info.value = info_html(self.open) if self.open else ""
        if hasattr(self, "widget"):
            self.widget._board = self.board

    # ---- the instructor's commands ---------------------------------------------------------
    def choose_game(self, name: str) -> bool:
        """Switch to game ``name`` on a new position; an unknown name is told, not raised."""
        if name not in GAMES:
            return self._refuse(f"no game {name!r}; games: {', '.join(GAMES)}", "cannot open")
        self._load(new_position(name), None)
        self.note.value = f"{esc(name)}: a new position"
        return True

    def open_scenario(self, name: str) -> bool:
        """Open gallery scenario ``name`` of the current game (``""``: a new position)."""
        if name == NEW:
            return self.choose_game(self.game_name)
        if name not in self._scenarios:
            have = ", ".join(self._scenarios) or "none"
            where = f"the {self.game_name} gallery"
            return self._refuse(f"no scenario {name!r} in {where}; have {have}", "cannot open")
        self._load(G.position(self._scenarios[name]), name)
        self.note.value = f"opened <b>{esc(name)}</b>: try its action(s) on the live board"
        return True

    def paste(self, text) -> bool:
        """Open a position of any game from its notation (the first word names the game)."""
        if not isinstance(text, str):
            return self._refuse(
                f"paste a position's one-line notation (text), not {type(text).__name__}"
            )
        try:
            state = rulebook.parse(text.strip())
        except TrogkitInputError as e:
            return self._refuse(input_error_text(e))
        self._load(state, None)
        self.note.value = f"pasted a {esc(self.game_name)} position"
        return True

    def _refuse(self, why: str, what: str = "cannot import") -> bool:
        """Say on the app (and the editor) why a command was not done; nothing changes."""
        self.note.value = f"<span style='color:#b42318'>{what}: {esc(why)}</span>"
        self.editor._say(self.note.value)
        return False

    def link(self) -> str:
        """The app's address that opens the edited position (relative to the app's page)."""
        return position_link(self.editor.state)

    def present_link(self) -> str:
        """The presenter's address for the open scenario (its actions stepped with the arrow
        keys), or for the edited position."""
        if self.open is not None:
            query = {"game": self.game_name, "scenario": self.open.name}
        else:
            query = {"position": self.export()}
        return f"{PRESENTER}?{urlencode(query, quote_via=quote)}"

    def show_links(self) -> None:
        """Show the links: open this position in the app, present it to a class."""
        self.note.value = (
            f"<a href='{esc(self.link())}' target='_blank'>open this position in the app</a>"
            f" &nbsp;·&nbsp; <a href='{esc(self.present_link())}' target='_blank'>"
            "present it (full screen, arrow keys step)</a>"
        )

    def export(self) -> str:
        """The edited position's one-line notation."""
        return self.editor.export_notation()

    def compare(self, ruling: str | None = None):
        """The edited position under each option of ``ruling`` (default: the picker's), after
        the open scenario's actions, side by side."""
        from .factory import board, side_by_side

        rid = ruling or self.ruling.value
        known = self.editor.state.rulings.rulings
        if rid not in known:
            names = ", ".join(sorted(known))
            self._refuse(
                f"no ruling {rid!r} in {self.game_name}; rulings: {names}", "cannot compare"
            )
            return None
        options = known[rid].options
        here = G.Scenario("edited", "edited", (), (), "-", self.export(),
                          self.open.actions if self.open else (), G.Expect())  # fmt: skip
        boards = []
        for option in options:
            r = G.replay(here, {rid: option})
            stop = f", refused by {r.refusal.rule_id}" if r.refusal else ""
            fired = ", ".join(dict.fromkeys(r.fired)) or "no rule"
            boards.append(board(r.state, title=f"{r.state.rulings.reading(rid)}: {fired}{stop}"))
        sbs = side_by_side(*boards, row_width=PAGE_WIDTH)
        for old in self.compare_box.children:
            close_tree(old)
        self.compare_box.children = [sbs]
        return sbs

    def _ipython_display_(self):  # pragma: no cover - needs a front end
        from IPython.display import display

        display(self.widget)


def from_url(query: str | None = None):
    """What a link opens: the app on ``position=`` (a notation) or ``game=`` (+ ``scenario=``);
    without them, the app on its usual start. ``query`` defaults to the page's (Voilà passes
    it to the kernel as QUERY_STRING). A bad link opens the app and says what was wrong."""
    q = _query(query)
    app = InstructorApp()
    if "position" in q:
        app.paste(q["position"])
    elif "game" in q:
        if app.choose_game(q["game"]) and "scenario" in q:
            app.open_scenario(q["scenario"])
    return app


def _query(query: str | None) -> dict[str, str]:
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    return {k: v[-1] for k, v in parse_qs(text.lstrip("?")).items()}

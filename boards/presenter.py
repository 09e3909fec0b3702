"""The presenter: a gallery scenario or a stored witness shown to a class.

Full screen, projector-size text, nothing but the boards: one board, or a ruling's two options
side by side stepping together; the arrow keys step back and forward through the actions (Home /
End: start / end), F goes full screen. Opened by a link (``presenter.ipynb?game=trogdor&
scenario=NAME``, ``&witness=RULE``, or ``?position=NOTATION``) that the instructor app makes.

Thin: a scenario becomes a replayable ``Trace`` (its start, its legal actions, the refused last
action if it has one, the other option of its ruling) and is shown by ``boards.replay``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib.resources import files
from urllib.parse import parse_qs, urlencode

import anywidget
import ipywidgets as W

import rulebook
from drawings import gallery as G
from rulebook.common.errors import NotationError, RuleError, TrogkitInputError
from rulebook.common.notation import header_of

from .core import PAGE_WIDTH, esc, input_error_text

# projector-size text; only the boards, the step and the keys on the page (Voilà: the other
# cells' output is hidden while a presenter is shown)
CSS = """
.trogkit-presenter { font-size: 22px; width: 100%; }
.trogkit-presenter .trogkit-replay-info { font-size: 26px; line-height: 1.4; }
.trogkit-presenter .trogkit-replay-info code { font-size: 24px; }
.trogkit-presenter button, .trogkit-presenter .widget-button {
  font-size: 20px; height: auto; min-height: 36px; padding: 4px 14px; }
.trogkit-presenter .trogkit-board b { font-size: 24px; }
.trogkit-presenter .trogkit-message { font-size: 20px; }
.trogkit-presenter .trogkit-legend, .trogkit-presenter .trogkit-status,
.trogkit-presenter .trogkit-board .widget-hbox:has(.widget-dropdown) { display: none !important; }
.trogkit-presenter .trogkit-drawing svg { max-width: none !important; max-height: 68vh; }
.trogkit-keys { display: flex; gap: 16px; align-items: center; font-size: 16px; color: #555; }
body[data-voila] #rendered_cells { padding: 8px 16px !important; }
body[data-voila] #rendered_cells > div { padding: 0 !important; box-shadow: none !important; }
body[data-voila] .jp-Cell:not(:has(.trogkit-presenter)) { display: none; }
"""
MAIN_GAME = next(iter(rulebook.REGISTRY))  # a link without game= means the registry's first
ONLY_THIS = "body[data-voila] .jp-Cell:not(:has(.trogkit-presenter)) { display: none; }"


class Keys(anywidget.AnyWidget):
    """Reports the presenter's keys (``boards/static/keys.js``) to ``on_key(fn(key))``."""

    _esm = files("boards").joinpath("static", "keys.js").read_text(encoding="utf-8")
    _css = CSS

    def __init__(self, **kw):
        super().__init__(**kw)
        self._fn: Callable[[str], None] | None = None
        self.on_msg(self._handle)

    def on_key(self, fn: Callable[[str], None]) -> None:
        self._fn = fn

    def _handle(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and isinstance(content.get("key"), str) and self._fn:
            self._fn(content["key"])


def scenario_trace(scenario: G.Scenario):
    """A gallery scenario as a replayable trace: its start, its actions (the last one as the
    tempting action when the scenario shows a refusal), under its ruling's other option too."""
    from solvers.verify.trace import Start, Trace

    game = header_of(scenario.position)
    if scenario.setup:
        opts = dict(scenario.setup)
        start = Start(seed=opts.pop("seed"), players=opts.pop("players", None))
    else:
        start = Start(position=scenario.position)
    actions, refused = scenario.actions, None
    if scenario.expect.refusal and actions:
        actions, refused = actions[:-1], actions[-1]
    rule = (scenario.rules or scenario.rulings or ("-",))[0]
    trace = Trace(game, rule, start, tuple(actions), refused=refused, note=scenario.title)
    versus = _other_option(scenario, game)
    if versus is None:
        return trace
    return Trace(game, scenario.rulings[0], start, tuple(actions), note=scenario.title,
                 versus=versus)  # fmt: skip


def _other_option(scenario: G.Scenario, game: str) -> dict | None:
    """{ruling: its first option that is not the default} for a ruling's scenario whose actions
    are all legal under both options (else None: one board)."""
    if not scenario.rulings:
        return None
    rid = scenario.rulings[0]
    ruling = rulebook.game(game).rulings[rid]
    other = next((o for o in ruling.options if o != ruling.default), None)
    if other is None:
        return None
    runs = [G.replay(scenario, {rid: o}) for o in (ruling.default, other)]
    return {rid: other} if all(r.refusal is None for r in runs) else None


class Presenter:
    """``Presenter(trace, title=)``: ``key("ArrowRight")`` / ``key("ArrowLeft")``, ``replay``
    (the stepped boards), ``widget``. ``Presenter.of_scenario(game, name)``,
    ``Presenter.of_witness(game, rule)``."""

    def __init__(self, trace, *, title: str = ""):
        from .replay import ReplayBoard

        self.replay = ReplayBoard(trace, title=title, row_width=PAGE_WIDTH)
        self.keys = Keys()
        self.keys.on_key(self.key)
        self.widget = W.VBox([self.keys, self.replay.widget], layout=W.Layout(width="100%"))
        self.widget.add_class("trogkit-presenter")

    def key(self, name: str) -> None:
        """What a key does: step back or forward, jump to the start or the end."""
        moves = {"ArrowLeft": self.replay.back, "ArrowRight": self.replay.forward,
                 "Home": lambda: self.replay.go(0),
                 "End": lambda: self.replay.go(len(self.replay.trace.actions))}  # fmt: skip
        if name in moves:
            moves[name]()  # past either end a key stays put

    @classmethod
    def of_scenario(cls, game: str, name: str) -> Presenter:
        from .instructor import scenarios_of

        found = scenarios_of(game)
        if name not in found:
            raise NotationError(f"no scenario {name!r} in the {game} gallery", where="scenario")
        return cls(scenario_trace(found[name]), title=found[name].title)

    @classmethod
    def of_witness(cls, game: str, rule: str) -> Presenter:
        from solvers.verify import store

        stored = store.load(game)
        trace = stored["witnesses"].get(rule) or stored["differences"].get(rule)
        if trace is None:
            raise NotationError(f"no stored witness of {rule!r} for {game}", where="witness")
        return cls(trace, title=f"{rule}: a stored witness")

    def _ipython_display_(self):  # pragma: no cover - needs a front end
        from IPython.display import display

        display(self.widget)


def from_url(query: str | None = None):
    """The presenter a link asks for: ``game=G&scenario=NAME``, ``game=G&witness=RULE`` or
    ``position=NOTATION`` (one board, no actions). A bad link shows what was wrong, on the page."""
    from solvers.verify.trace import Start, Trace

    text = os.environ.get("QUERY_STRING", "") if query is None else query
    q = {k: v[-1] for k, v in parse_qs(text.lstrip("?")).items()}
    try:
        if "scenario" in q:
            return Presenter.of_scenario(q.get("game", MAIN_GAME), q["scenario"])
        if "witness" in q:
            return Presenter.of_witness(q.get("game", MAIN_GAME), q["witness"])
        if "position" in q:
            state = rulebook.parse(q["position"])
            game = rulebook.game_of(state).name
            return Presenter(Trace(game, "-", Start(position=str(state))), title="position")
        if not q:
            return _page(index_html())
        why = "give game=GAME and scenario=NAME or witness=RULE, or position=NOTATION"
    except (TrogkitInputError, RuleError) as e:
        why = input_error_text(e) if isinstance(e, TrogkitInputError) else str(e)
    return _page(f"<p style='color:#b42318;font-size:20px'>cannot present: {esc(why)}</p>")


def _page(html: str):
    """Plain HTML output as the presenter's page (in Voilà, the only cell shown)."""
    from IPython.display import HTML

    return HTML(f"<style>{ONLY_THIS}</style><div class='trogkit-presenter'>{html}</div>")


def index_html() -> str:
    """What the presenter shows with no link: every gallery scenario of every game, each a
    link that presents it."""
    from .instructor import PRESENTER, scenarios_of

    parts = ["<div style='font-size:18px'><h2>Present a gallery scenario</h2>"]
    for game in rulebook.REGISTRY:
        links = [
            f"<li><a href='{esc(PRESENTER + '?' + urlencode({'game': game, 'scenario': name}))}'>"
            f"{esc(sc.title)}</a></li>"
            for name, sc in scenarios_of(game).items()
        ]
        parts.append(f"<h3>{esc(rulebook.game(game).title or game)}</h3><ul>{''.join(links)}</ul>")
    return "".join(parts) + "</div>"

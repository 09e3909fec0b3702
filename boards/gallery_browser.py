"""Browse a game's edge-case gallery (``rulebook/<game>/data/gallery.toml``): pick a scenario, the
live board loads its position, try its action(s), toggle the ruling it shows and compare the
options side by side. The stored verification games are in it too: a witness for a rule, the
difference of a ruling (``solvers.verify``), each opened as a replay to step through. Thin: every
result is the rulebook's (``rulebook.common.gallery``) or the stored trace replayed."""

from __future__ import annotations

import importlib

import ipywidgets as W

import rulebook
from rulebook.common import gallery as G

from .core import esc


class GalleryBrowser:
    """``GalleryBrowser("trogdor")``: ``names()``, ``select(name)``, ``set_ruling(id, option)``,
    ``try_actions()`` (plays the scenario on the board; returns the problems, [] when the
    result is the stored one), ``compare()`` (one board per option of its ruling), ``board``,
    ``widget``."""

    def __init__(self, game: str):
        self.package = game.split("-")[0]
        self.scenarios = {sc.name: sc for sc in G.load(self.package)}
        if not self.scenarios:
            raise ValueError(f"{game}: the gallery is empty")
        self.choices: dict[str, str] = {}
        self.board = None
        self.picker = W.Dropdown(options=[(sc.title, n) for n, sc in self.scenarios.items()],
                                 description="scenario", layout=W.Layout(width="auto"))  # fmt: skip
        self.info = W.HTML(value="")
        self.rulings_box = W.HBox()
        self.try_button = W.Button(description="try the action(s)", button_style="primary")
        self.compare_button = W.Button(description="compare the options")
        self.result = W.HTML(value="")
        self.result.add_class("trogkit-gallery-result")
        self.board_box = W.Box()
        self.compare_box = W.Box()
        self.stored = stored_traces(self.package)
        self.stored_picker = W.Dropdown(options=[("(a stored witness or ruling difference)", "")]
                                        + [(k, k) for k in self.stored],
                                        description="verified", layout=W.Layout(width="auto"))  # fmt: skip
        self.stored_picker.observe(lambda ch: self.open_stored(ch["new"]), names="value")
        self.replay = None
        self.try_button.on_click(lambda _b: self.try_actions())
        self.compare_button.on_click(lambda _b: self.compare())
        self.picker.observe(lambda ch: self.select(ch["new"]), names="value")
        self.widget = W.VBox([self.picker, self.info, self.rulings_box,
                              W.HBox([self.try_button, self.compare_button]), self.result,
                              self.board_box, self.compare_box, self.stored_picker])  # fmt: skip
        self.widget.add_class("trogkit-gallery")
        self.select(self.picker.value)

    @property
    def scenario(self) -> G.Scenario:
        return self.scenarios[self.picker.value]

    def names(self) -> list[str]:
        return list(self.scenarios)

    def select(self, name: str) -> None:
        """Load scenario ``name`` (its rulings back to the stored ones)."""
        if name not in self.scenarios:
            raise KeyError(f"no scenario {name!r}; have {', '.join(self.scenarios)}")
        if self.picker.value != name:
            self.picker.value = name  # observed: calls select again
            return
        self.choices = {}
        self.rulings_box.children = [self._toggle(rid) for rid in self.scenario.rulings]
        self.info.value = info_html(self.scenario)
        self.compare_box.children = []
        self._load()

    def _toggle(self, rid: str) -> W.Dropdown:
        state = G.position(self.scenario)
        options = list(state.rulings.rulings[rid].options)
        dd = W.Dropdown(options=options, value=state.rulings[rid], description=rid,
                        style={"description_width": "initial"})  # fmt: skip
        dd.observe(lambda ch, rid=rid: self.set_ruling(rid, ch["new"]), names="value")
        return dd

    def set_ruling(self, rid: str, option: str) -> None:
        """Put ``option`` of ruling ``rid`` in force and reload the position."""
        if rid not in self.scenario.rulings:
            raise KeyError(f"{self.scenario.name} does not show ruling {rid}")
        self.choices[rid] = option
        for dd in self.rulings_box.children:
            if dd.description == rid and dd.value != option:
                dd.value = option
        self._load()

    def _load(self) -> None:
        from .factory import board

        state = G.position(self.scenario, self.choices)
        self.board = board(state, title=self.scenario.title)
        self.board_box.children = [self.board.widget]
        self.result.value = ""

    def expected(self) -> G.Expect:
        """The stored result for the rulings now in force."""
        for choices, expect in self.scenario.cases():
            if _same(choices, self.choices, self.scenario):
                return expect
        raise LookupError(f"no stored result for {self.choices}")

    def try_actions(self) -> list[str]:
        """Play the scenario's actions on the board; show and return how the result differs
        from the stored one ([] when it matches)."""
        self._load()
        for a in self.scenario.actions:
            if not self.board.play(a):
                break
        problems = G.problems(self.scenario, self.choices, self.expected())
        r = G.replay(self.scenario, self.choices)
        self.result.value = result_html(self.board.game, r, problems)
        return problems

    def compare(self):
        """One board per option of the scenario's first ruling, each after the actions."""
        from .factory import board, side_by_side

        if not self.scenario.rulings:
            self.result.value = "this scenario shows no ruling"
            return None
        rid = self.scenario.rulings[0]
        boards = []
        for option in G.position(self.scenario).rulings.rulings[rid].options:
            r = G.replay(self.scenario, {**self.choices, rid: option})
            boards.append(board(r.state, title=f"{rid}={option}"))
        sbs = side_by_side(*boards)
        self.compare_box.children = [sbs]
        return sbs

    def open_stored(self, key: str):
        """Replay the stored witness or ruling difference ``key`` (a ``stored`` key, e.g.
        ``"witness T-BURN-COTTAGE (trogdor)"``) below the board, on its firing step."""
        from .replay import ReplayBoard

        if not key:
            return None
        if key not in self.stored:
            raise KeyError(f"no stored trace {key!r}; have {len(self.stored)} in this gallery")
        self.replay = ReplayBoard(self.stored[key])
        self.compare_box.children = [self.replay.widget]
        return self.replay

    def _repr_mimebundle_(self, **kwargs):
        data = self.widget._repr_mimebundle_(**kwargs)
        data = dict((data[0] if isinstance(data, tuple) else data) or {})
        data["image/svg+xml"] = self.board.static_svg()
        data["text/plain"] = f"gallery: {self.scenario.title}"
        return data


def stored_traces(package: str) -> dict:
    """Label -> Trace of the witnesses and ruling differences stored for the games of
    ``rulebook.<package>`` (``solvers.verify.store``; imported on first use)."""
    store = importlib.import_module("solvers.verify.store")
    out = {}
    for name in sorted(n for n in rulebook.games() if n.split("-")[0] == package):
        data = store.load(name)
        for part, word in (("witnesses", "witness"), ("differences", "difference")):
            for key, trace in sorted(data[part].items()):
                out[f"{word} {key} ({name})"] = trace
    return out


def _same(stored: dict, now: dict, scenario) -> bool:
    base = G.position(scenario).rulings
    full = {rid: base[rid] for rid in scenario.rulings}
    return {**full, **stored} == {**full, **now}


def info_html(sc: G.Scenario) -> str:
    rows = [f"<b>{esc(sc.title)}</b>", f"rules: {esc(', '.join(sc.rules))}"]
    if sc.rulings:
        rows.append(f"rulings: {esc(', '.join(sc.rulings))}")
    rows.append(f"<i>{esc(sc.quote)}</i>")
    if sc.note:
        rows.append(esc(sc.note))
    rows.append("try: " + ", ".join(f"<code>{esc(a)}</code>" for a in sc.actions))
    return "<br>".join(rows)


def result_html(game, r: G.Result, problems: list[str]) -> str:
    fired = ", ".join(dict.fromkeys(r.fired)) or "none"
    lines = [f"rules fired: {esc(fired)}"]
    if r.refusal:
        rule = game.catalog.rules.get(r.refusal.rule_id)
        lines.append(f"refused by <b>{esc(r.refusal.rule_id)}</b>"
                     f"{' — ' + esc(rule.title) if rule else ''}: {esc(r.refusal.reason)}")  # fmt: skip
    verdict = ("<span style='color:#1a7f37'>as stored in the gallery</span>" if not problems
               else "<span style='color:#b42318'>differs: " + esc("; ".join(problems)) + "</span>")  # fmt: skip
    return "<br>".join([*lines, verdict])

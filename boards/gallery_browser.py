"""Browse a game's edge-case gallery (``rulebook/<game>/data/gallery.toml``): pick a scenario, the
live board loads its position, try its action(s), toggle the ruling it shows and compare the
options side by side. The stored verification games are in it too: a witness for a rule, the
difference of a ruling (``solvers.verify``), each opened as a replay to step through. Thin: every
result is the rules' (``drawings.gallery`` replays it) or the stored trace replayed.

A bad gallery entry or stored file is skipped and listed at the top (file, scenario, field); a
scenario whose position does not read, or a ruling option that does not exist, is answered on the
widget and the browser keeps the scenario it had."""

from __future__ import annotations

import importlib

import ipywidgets as W

import rulebook
from drawings import gallery as G
from rulebook.common.errors import RuleError, TrogkitInputError

from .core import esc


class GalleryBrowser:
    """``GalleryBrowser("trogdor")``: ``names()``, ``select(name)``, ``set_ruling(id, option)``,
    ``try_actions()`` (plays the scenario on the board; returns the problems, [] when the
    result is the stored one), ``compare()`` (one board per option of its ruling), ``board``,
    ``widget``; ``skipped``: the entries of the files that could not be read, with why.
    Unknown names and options raise ``TrogkitInputError`` (and say so on the widget)."""

    def __init__(self, game: str):
        if not isinstance(game, str):
            raise TrogkitInputError(
                f"a game's name, not {type(game).__name__}: {', '.join(rulebook.games())}"
            )
        self.package = rulebook.game(game).package  # an unknown name: NotationError
        gallery = G.read_file(self.package)
        self.scenarios = {sc.name: sc for sc in gallery.scenarios}
        if not self.scenarios:
            why = "; ".join(str(e) for e in gallery.skipped[:3])
            raise G.GalleryError(f"rulebook/{self.package}/data/gallery.toml",
                                 f"no scenario to browse{': ' + why if why else ''}")  # fmt: skip
        self.choices: dict[str, str] = {}
        self.board = None
        self._loaded = None  # the name of the scenario the board shows
        self.stored, stored_skipped = stored_traces(self.package)
        self.skipped = [*map(str, gallery.skipped), *stored_skipped]
        self.problems = W.HTML(value=skipped_html(self.skipped))
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
        self.stored_picker = W.Dropdown(options=[("(a stored witness or ruling difference)", "")]
                                        + [(k, k) for k in self.stored],
                                        description="verified", layout=W.Layout(width="auto"))  # fmt: skip
        self.stored_picker.observe(lambda ch: self.open_stored(ch["new"]), names="value")
        self.replay = None
        self.try_button.on_click(lambda _b: self.try_actions())
        self.compare_button.on_click(lambda _b: self.compare())
        self.picker.observe(lambda ch: self.select(ch["new"]), names="value")
        self.widget = W.VBox([self.problems, self.picker, self.info, self.rulings_box,
                              W.HBox([self.try_button, self.compare_button]), self.result,
                              self.board_box, self.compare_box, self.stored_picker])  # fmt: skip
        self.widget.add_class("trogkit-gallery")
        for name in self.scenarios:  # the first that opens (one that does not is reported)
            if self.select(name):
                break
        else:
            raise G.GalleryError(f"rulebook/{self.package}/data/gallery.toml",
                                 "no scenario's position can be opened")  # fmt: skip

    @property
    def scenario(self) -> G.Scenario:
        return self.scenarios[self.picker.value]  # the dropdown offers only these names

    def names(self) -> list[str]:
        return list(self.scenarios)

    def refuse(self, message: str):
        """Say ``message`` on the widget and raise it as a ``TrogkitInputError``."""
        self.result.value = f"<span style='color:#b42318'>{esc(message)}</span>"
        raise TrogkitInputError(message)

    def select(self, name: str) -> bool:
        """Load scenario ``name`` (its rulings back to the stored ones); False, with the reason
        on the widget, when its position cannot be read (the board shows the last one)."""
        if not isinstance(name, str) or name not in self.scenarios:
            self.refuse(f"no scenario {name!r}; have {', '.join(self.scenarios)}")
        if self.picker.value != name:
            self.picker.value = name  # observed: calls select again
            return self.board is not None and self._loaded == name
        self.choices = {}
        self.info.value = info_html(self.scenario)
        self.compare_box.children = []
        try:
            self.rulings_box.children = [self._toggle(rid) for rid in self.scenario.rulings]
            self._load()
        except TrogkitInputError as e:
            self.rulings_box.children = []
            self._loaded = None
            self.result.value = (f"<span style='color:#b42318'>this scenario cannot be opened: "
                                 f"{esc(str(e))}</span>")  # fmt: skip
            return False
        return True

    def _toggle(self, rid: str) -> W.Dropdown:
        state = G.position(self.scenario)
        options = list(state.rulings.rulings[rid].options)
        dd = W.Dropdown(options=options, value=state.rulings[rid], description=rid,
                        style={"description_width": "initial"})  # fmt: skip
        dd.observe(lambda ch, rid=rid: self.set_ruling(rid, ch["new"]), names="value")
        return dd

    def set_ruling(self, rid: str, option: str) -> None:
        """Put ``option`` of ruling ``rid`` in force and reload the position (an unknown
        ruling or option is refused and changes nothing)."""
        if not isinstance(rid, str) or rid not in self.scenario.rulings:
            self.refuse(f"{self.scenario.name} does not show ruling {rid!r}; it shows "
                        f"{', '.join(self.scenario.rulings) or 'none'}")  # fmt: skip
        options = self.game.rulings[rid].options
        if not isinstance(option, str) or option not in options:
            self.refuse(f"{rid}: no option {option!r}; its options are {', '.join(options)}")
        self.choices[rid] = option
        for dd in self.rulings_box.children:
            if dd.description == rid and dd.value != option:
                dd.value = option
        self._load()

    @property
    def game(self):
        return rulebook.game(G.header_of(self.scenario.position))

    def _load(self) -> None:
        from .factory import board

        state = G.position(self.scenario, self.choices)
        self.board = board(state, title=self.scenario.title)
        self.board_box.children = [self.board.widget]
        self.result.value = ""
        self._loaded = self.scenario.name

    def expected(self) -> G.Expect | None:
        """The stored result for the rulings now in force (None: none stored for them)."""
        for choices, expect in self.scenario.cases():
            if _same(choices, self.choices, self.scenario):
                return expect
        return None

    def _opened(self) -> bool:
        if self._loaded != self.scenario.name:
            self.result.value = "<span style='color:#b42318'>this scenario cannot be opened</span>"
            return False
        return True

    def try_actions(self) -> list[str]:
        """Play the scenario's actions on the board; show and return how the result differs
        from the stored one ([] when it matches)."""
        if not self._opened():
            return ["this scenario cannot be opened"]
        self._load()
        expect = self.expected()
        try:
            for a in self.scenario.actions:
                if not self.board.play(a):
                    break
            r = G.replay(self.scenario, self.choices)
            problems = G.problems(self.scenario, self.choices, expect or G.Expect())
        except TrogkitInputError as e:  # an action of the file that does not read
            problems = [f"cannot replay: {e}"]
            self.result.value = f"<span style='color:#b42318'>{esc(problems[0])}</span>"
            return problems
        if expect is None:
            problems = [
                f"no stored result for {', '.join(f'{k}={v}' for k, v in self.choices.items())}"
            ]
        self.result.value = result_html(self.board.game, r, problems)
        return problems

    def compare(self):
        """One board per option of the scenario's first ruling, each after the actions."""
        from .factory import board, side_by_side

        if not self.scenario.rulings:
            self.result.value = "this scenario shows no ruling"
            return None
        if not self._opened():
            return None
        rid = self.scenario.rulings[0]
        boards = []
        try:
            for option in self.game.rulings[rid].options:
                r = G.replay(self.scenario, {**self.choices, rid: option})
                boards.append(board(r.state, title=r.state.rulings.reading(rid)))
        except TrogkitInputError as e:
            self.result.value = f"<span style='color:#b42318'>cannot replay: {esc(str(e))}</span>"
            return None
        sbs = side_by_side(*boards)
        self.compare_box.children = [sbs]
        return sbs

    def open_stored(self, key: str):
        """Replay the stored witness or ruling difference ``key`` (a ``stored`` key, e.g.
        ``"witness T-BURN-COTTAGE (trogdor)"``) below the board, on its firing step. A trace
        that does not replay is answered on the widget (None)."""
        from .replay import ReplayBoard

        if not key:
            return None
        if not isinstance(key, str) or key not in self.stored:
            self.refuse(f"no stored trace {key!r}; have {len(self.stored)} in this gallery")
        try:
            replay = ReplayBoard(self.stored[key])
        except (RuleError, ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
            self.result.value = (f"<span style='color:#b42318'>{esc(key)} does not replay: "
                                 f"{esc(str(e))}</span>")  # fmt: skip
            return None
        self.replay = replay
        self.compare_box.children = [self.replay.widget]
        return self.replay

    def _repr_mimebundle_(self, **kwargs):
        data = self.widget._repr_mimebundle_(**kwargs)
        data = dict((data[0] if isinstance(data, tuple) else data) or {})
        data["image/svg+xml"] = self.board.static_svg()
        data["text/plain"] = f"gallery: {self.scenario.title}"
        return data


def stored_traces(package: str) -> tuple[dict, list[str]]:
    """(label -> Trace of the witnesses and ruling differences stored for the games of
    ``rulebook.<package>``, what could not be read): ``solvers.verify.store``, imported on
    first use. A store that does not read is reported, not fatal to the gallery."""
    store = importlib.import_module("solvers.verify.store")
    out, skipped = {}, []
    for name in sorted(n for n, g in rulebook.games().items() if g.package == package):
        try:
            data = store.load(name)
            for part, word in (("witnesses", "witness"), ("differences", "difference")):
                for key, trace in sorted(data[part].items()):
                    out[f"{word} {key} ({name})"] = trace
        except (ValueError, KeyError, TypeError, AttributeError, OSError) as e:
            skipped.append(f"{name}.verify.json: not read ({type(e).__name__}: {e})")
    return out, skipped


def skipped_html(skipped: list[str]) -> str:
    """The entries that could not be read, one line each (empty when there are none)."""
    if not skipped:
        return ""
    rows = "".join(f"<li>{esc(s)}</li>" for s in skipped)
    return (f"<details><summary style='color:#b42318'>{len(skipped)} entr"
            f"{'y' if len(skipped) == 1 else 'ies'} skipped (not readable)</summary>"
            f"<ul>{rows}</ul></details>")  # fmt: skip


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

"""One clickable board for every game, through the game protocol only.

``Board(state)`` draws ``drawings.svg(state)`` in a ``BoardView`` (you click the drawing itself) and
turns a click on an element's ``data-target`` into an action with the game's own rules: a
subclass per game (boards/<game>.py) says what a target means (``resolve``); legality always
comes from ``legal_actions`` / ``refusal``, never from board code. A refusal is shown with its
rule ID and the rule's title and text from the catalog, and nothing changes.

The board builds its widgets once and afterwards only changes their values (the drawing is one
trait; action buttons come from a fixed pool), so clicking never leaks widgets.
"""

from __future__ import annotations

import html
import importlib.util
import math
import re
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as W

import drawings
import rulebook
from rulebook.common.errors import RuleError, TrogkitInputError

from .view import BoardView

TARGET = re.compile(r"""data-target=["']([^"']+)["']""")
BUTTON_SLOTS = 14  # labelled buttons shown at once; more go to the "other actions" list
HINT_MODULE = "solvers.play.agents"
ROW_WIDTH = 580  # px an output has in Lab at 1024 px with its file browser open
PAGE_WIDTH = 1000  # px a Voila page's row has at 1024 px (the instructor app, the presenter)
NARROW = 500  # px: a drawing this narrow keeps its legend beside it


# ---- what a click on a target means ------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """Play ``action`` (legal or not: an illegal one shows its refusal)."""

    action: Any
    label: str = ""


@dataclass(frozen=True)
class Select:
    """Change the selection (first step of a two-click action)."""

    selection: tuple[str, ...]
    hint: str
    leads_somewhere: bool = True


@dataclass(frozen=True)
class Menu:
    """A small menu of actions at the click."""

    items: tuple[tuple[str, Any], ...]
    hint: str = ""


@dataclass(frozen=True)
class Nothing:
    """A click that plays nothing; with ``rule``, a refusal by that rule (a square Trogdor cannot
    reach names T-MOVE), shown like the rules' own refusals."""

    hint: str
    rule: str | None = None


def esc(text: Any) -> str:
    """HTML-escape anything a board shows (card names and ids come from user files)."""
    return escape(str(text), quote=True)


def input_error_text(e: TrogkitInputError) -> str:
    msg = getattr(e, "message", None) or str(e)
    where, text = getattr(e, "where", None), getattr(e, "text", None)
    if text:
        msg = f"{text!r}: {msg}"
    return f"{msg} (at {where})" if where else msg


class _WithPicture:
    """Mixin for a board's outer widget: its output also carries a static ``image/svg+xml``
    picture, so a saved notebook shows the board on GitHub or nbviewer, without a kernel."""

    def __init__(self, children, board: Board, **kw):
        super().__init__(children, **kw)
        self._board = board

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):  # (data, metadata)
            data = data[0]
        data = dict(data or {})
        data["image/svg+xml"] = self._board.static_svg()
        data["text/plain"] = self._board.text_summary()
        return data


class BoardBox(_WithPicture, W.VBox):
    """A board's outer widget (a VBox whose output also carries the static picture)."""


class PictureBox(_WithPicture, W.Box):
    """A Box of several parts whose output carries the picture of one board (apps)."""


@dataclass
class _Cache:
    state: Any = None
    legal: dict = field(default_factory=dict)


class Board:
    """A live board for ``state`` (any registered game). Public API: ``click(target)``,
    ``choose(index)`` (an open menu), ``play(action)``, ``undo()``, ``reset()``, ``set_state``,
    ``button_for(label).click()``, ``labels()``, ``hint()``; ``state``, ``history``, ``log``,
    ``message.value``, ``view.svg``, ``view.targets``; ``widget`` is what a notebook shows."""

    legend_html = ""
    fit_width: int | None = None  # set by SideBySide: the picture's share of the row

    def __init__(self, state, *, title: str = ""):
        self.game = rulebook.game_of(state)
        self.history: list[Any] = [state]
        self.log: list[str] = []
        self.selection: tuple[str, ...] = ()
        self.menu_items: tuple[tuple[str, Any], ...] = ()
        self.last_refusal: RuleError | None = None
        self.hint_action: str | None = None
        self._cache = _Cache()
        self._slots: list[tuple[str, Any]] = []
        # -- widgets, built once --
        self._build_view(title)
        self._build_action_buttons()
        self._build_controls()
        self.extra = W.VBox()  # games add their own controls here (built once)
        row = W.Layout(flex_flow="row wrap", align_items="flex-start")
        self.widget = BoardBox(
            [
                self.title,
                W.Box([self.view, self.legend], layout=row),
                self.message,
                W.Box([self.buttons, self.controls], layout=W.Layout(flex_flow="row wrap")),
                self.more_box,
                self.status,
                self.extra,
            ],
            self,
        )
        self.widget.add_class("trogkit-board")
        self.widget.layout.max_width = "100%"
        self.refresh()

    def _build_view(self, title: str) -> None:
        """The title, the picture (clicks and menus), the legend and the message line."""
        self._title = title
        self.title = W.HTML(value=f"<b>{esc(title)}</b>" if title else "")
        self.view = BoardView()
        self.view.add_class("trogkit-picture")
        self.view.on_click(self.click)
        self.view.on_menu(self.choose)
        lay = self.view.layout  # set in place: a new Layout would orphan the default one
        lay.min_width, lay.max_width = "0", "100%"
        self.legend = W.HTML(value=self.legend_html)
        self.legend.add_class("trogkit-legend")
        self.message = W.HTML(value="")
        self.message.add_class("trogkit-message")

    def _build_action_buttons(self) -> None:
        """The status line, a pool of action buttons and the dropdown of other actions."""
        self.status = W.HTML(value="")
        self.pool = [W.Button(layout=W.Layout(width="auto")) for _ in range(BUTTON_SLOTS)]
        for i, b in enumerate(self.pool):
            b.on_click(lambda _b, i=i: self._slot_clicked(i))
        self.buttons = W.Box(self.pool, layout=W.Layout(flex_flow="row wrap"))
        self.buttons.add_class("trogkit-actions")
        self.more = W.Dropdown(description="other actions", layout=W.Layout(width="auto"))
        self.more_button = W.Button(description="play it", layout=W.Layout(width="auto"))
        self.more_button.on_click(lambda _: self.more.value and self.play(self.more.value))
        self.more_box = W.HBox([self.more, self.more_button])

    def _build_controls(self) -> None:
        """Undo, Reset and Hint (hidden when no playing agent is installed)."""
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto"))
        self.reset_button = W.Button(
            description="Reset", icon="refresh", layout=W.Layout(width="auto")
        )
        self.hint_button = W.Button(
            description="Hint", icon="lightbulb-o", layout=W.Layout(width="auto"),
            tooltip="ask the playing agent for a good action and its estimated win rate",
        )  # fmt: skip
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.hint_button.on_click(lambda _: self.hint())
        if importlib.util.find_spec(HINT_MODULE.rsplit(".", 1)[0]) is None or not _has_hint():
            self.hint_button.layout.display = "none"
        self.controls = W.Box(
            [self.undo_button, self.reset_button, self.hint_button],
            layout=W.Layout(flex_flow="row wrap"),
        )

    # ---- state -----------------------------------------------------------------------------
    @property
    def state(self):
        return self.history[-1]

    def legal(self) -> dict[str, Any]:
        """Legal actions now, by canonical text (computed once per state)."""
        if self._cache.state is not self.state:
            self._cache = _Cache(
                self.state, {str(a): a for a in self.game.legal_actions(self.state)}
            )
        return self._cache.legal

    def play(self, action, label: str | None = None) -> bool:
        """Apply ``action`` (an Action or its text); True if the rules accepted it. A refusal or
        badly written text is shown on the board and nothing changes."""
        try:
            a = self.game.action(action)
            err = self.game.refusal(self.state, a)
        except TrogkitInputError as e:
            self._say(f"<span style='color:#b42318'>{esc(input_error_text(e))}</span>")
            return False
        if err is not None:
            self.show_refusal(err)
            return False
        new = self.game.perform(self.state, a)
        self.history.append(new)
        self.log.append(label or str(a))
        self.selection, self.menu_items, self.hint_action = (), (), None
        self._say(f"<span style='color:#1a7f37'>played <code>{esc(label or a)}</code></span>")
        self.refresh()
        return True

    def show_refusal(self, e: RuleError) -> None:
        """The rule ID, the rule's title and text from the catalog, and the reason."""
        self.last_refusal = e
        self.menu_items = ()
        rule = self.game.catalog.rules.get(e.rule_id)
        title = f" — {esc(rule.title)}" if rule else ""
        text = f"<br><small><i>{esc(rule.text)}</i></small>" if rule else ""
        self._say(
            f"<span style='color:#b42318'>refused by <b>{esc(e.rule_id)}</b>{title}: "
            f"{esc(e.reason)}</span>{text}"
        )
        self.view.menu = []

    def set_state(self, state, note: str = "") -> None:
        """Replace the position (scenario editor, imports); Undo returns to the previous one."""
        self.history.append(state)
        self.log.append(note or "set position")
        self._say(esc(note))
        self.selection, self.menu_items, self.hint_action = (), (), None
        self.refresh()

    def undo(self) -> None:
        if len(self.history) > 1:
            self.history.pop()
            self.log.pop()
            self._say("undone")
            self.selection, self.menu_items, self.hint_action = (), (), None
            self.refresh()

    def reset(self) -> None:
        del self.history[1:]
        self.log.clear()
        self._say("reset")
        self.selection, self.menu_items, self.hint_action = (), (), None
        self.refresh()

    def _say(self, html: str) -> None:
        self.message.value = html

    # ---- clicks ----------------------------------------------------------------------------
    def resolve(self, target: str):
        """What a click on ``target`` means now (given ``self.selection``). Games override."""
        hits = self.mentioning(target)
        if len(hits) == 1:
            return Play(hits[0])
        if hits:
            return Menu(tuple((str(a), a) for a in hits))
        return Nothing(f"{target}: nothing to do here now")

    def mentioning(self, target: str) -> list:
        """Legal actions naming the thing ``target`` stands for (its last part: ``card:R1`` ->
        ``R1``) among their arguments."""
        name = target.split(":", 1)[-1]
        return [a for a in self.legal().values() if any(_name(x) == name for x in a.args)]

    def click(self, target: str) -> bool:
        """A click on the drawing's element ``target``; True if the position changed."""
        before = len(self.history)
        try:  # a target no rule knows is answered on the board, never raised from a handler
            r = self.resolve(target)
        except TrogkitInputError as e:
            r = Nothing(f"{target}: {input_error_text(e)}")
        if isinstance(r, Play):
            if not self.play(r.action, r.label or None) and self.selection:
                self.selection = ()  # a refused two-click action starts over
                self.refresh(redraw=False)
        elif isinstance(r, Select):
            self.selection, self.menu_items = tuple(r.selection), ()
            self._say(esc(r.hint))
            self.refresh(redraw=False)
        elif isinstance(r, Menu):
            self.menu_items = r.items
            self._say(esc(r.hint or f"{target}: choose"))
            self.view.menu = [[label, self._cls(a)] for label, a in r.items]
        else:
            self.selection, self.menu_items, self.hint_action = (), (), None
            if r.rule:
                self.show_refusal(RuleError(r.rule, r.hint))
            else:
                self._say(esc(r.hint))
            self.refresh(redraw=False)
        return len(self.history) > before

    def choose(self, index: int) -> bool:
        """Pick item ``index`` of the open menu (or close it with an index out of range)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TrogkitInputError(f"Board.choose: menu item {index!r} is not a whole number")
        items, self.menu_items = self.menu_items, ()
        with self.view.hold_sync():  # one redraw: the closed menu with the played position
            self.view.menu = []
            if 0 <= index < len(items):
                label, action = items[index]
                return self.play(action, label)
        return False

    def _cls(self, action) -> str:
        return "legal" if str(action) in self.legal() else "illegal"

    # ---- buttons ---------------------------------------------------------------------------
    def fixed_buttons(self) -> list[tuple[str, Any]]:
        """Labelled buttons a game always shows in this state (draw, pass ...). Games override."""
        return []

    def covers(self, action) -> bool:
        """True if clicks on the drawing reach ``action`` (two-click actions). Games override."""
        return False

    def button_for(self, label: str) -> W.Button:
        """The visible button with this label (tests click it)."""
        for b, (lab, _a) in zip(self.pool, self._slots, strict=False):
            if lab == label:
                return b
        raise KeyError(f"no button {label!r}; have {self.labels()}")

    def labels(self) -> list[str]:
        return [lab for lab, _a in self._slots]

    def _slot_clicked(self, i: int) -> None:
        if i < len(self._slots):
            label, action = self._slots[i]
            self.play(action, label)

    # ---- drawing ---------------------------------------------------------------------------
    def draw(self, state) -> str:
        """The SVG of ``state`` (games add overlays), at most ``fit_width`` px wide where the
        game can lay it out so (a side-by-side board's share of the row)."""
        return drawings.svg(state, width=self.fit_width)

    def static_svg(self) -> str:
        return self.view.svg

    def text_summary(self) -> str:
        """What a front end without pictures shows: the board's title and the position."""
        name = self._title or self.game.title or self.game.name
        return f"{name} — {str(self.state)[:90]}"

    def marks(self) -> list[list[str]]:
        """Numbered marks ``[[target, label], ...]`` drawn over the picture (plans)."""
        return []

    def status_html(self) -> str:
        return ""

    def target_map(self, svg: str) -> dict[str, list[str]]:
        """Every data-target in ``svg`` -> [hover text, legal|illegal|select]."""
        out = {}
        for t in dict.fromkeys(TARGET.findall(svg)):
            r = self.resolve(t)
            if isinstance(r, Play):
                label = r.label or str(r.action)
                ok = str(r.action) in self.legal()
                out[t] = [label if ok else f"{label} (not legal now: click to see why)",
                          "legal" if ok else "illegal"]  # fmt: skip
            elif isinstance(r, Select):
                out[t] = [r.hint, "select" if r.leads_somewhere else "illegal"]
            elif isinstance(r, Menu):
                ok = any(str(a) in self.legal() for _l, a in r.items)
                out[t] = [r.hint or "choose: " + ", ".join(lab for lab, _a in r.items),
                          "legal" if ok else "illegal"]  # fmt: skip
            else:
                out[t] = [r.hint, "illegal" if r.rule else "none"]
        return out

    def _reachable(self, targets: dict) -> set[str]:
        seen = set()
        for t in targets:
            r = self.resolve(t)
            if isinstance(r, Play):
                seen.add(str(r.action))
            elif isinstance(r, Menu):
                seen.update(str(a) for _l, a in r.items)
        return seen

    def refresh(self, redraw: bool = True) -> None:
        """Bring every widget's value up to date with the state (no widget is created)."""
        svg = self.draw(self.state) if redraw else self.view.svg
        targets = self.target_map(svg)
        legal = self.legal()
        reachable = self._reachable(targets)
        slots = list(self.fixed_buttons())
        shown = {str(a) for _l, a in slots}
        for text, a in legal.items():
            if text not in shown and text not in reachable and not self.covers(a):
                slots.append((text, a))
                shown.add(text)
        overflow = slots[BUTTON_SLOTS:] if len(slots) > BUTTON_SLOTS else []
        self._slots = slots[: BUTTON_SLOTS if not overflow else BUTTON_SLOTS - 1]
        self._fit(svg)
        with self.view.hold_sync():
            self.view.svg = svg
            self.view.targets = targets
            self.view.selected = list(self.selection)
            self.view.marks = self.marks() + self._hint_marks(targets)
            self.view.menu = [[label, self._cls(a)] for label, a in self.menu_items]
        for i, b in enumerate(self.pool):
            if i < len(self._slots):
                label, a = self._slots[i]
                ok = str(a) in legal
                b.description = label
                b.tooltip = label if ok else f"{label}: not legal now (click to see why)"
                b.button_style = (
                    "warning" if self.hint_action == str(a) else "success" if ok else ""
                )
                b.layout.display = ""
            else:
                b.layout.display = "none"
        rest = [s for s in slots if s not in self._slots]
        self.more.options = [(label, str(a)) for label, a in rest]
        self.more_box.layout.display = "" if rest else "none"
        self.status.value = self.status_html()
        self.after_refresh()

    def _fit(self, svg: str) -> None:
        """A narrow drawing (a 5x5 countryside) keeps its legend beside it, so picture, legend
        and buttons fit a 1024x768 screen together; a wide one (rows of cards) takes the whole
        width, its legend under it, so its card labels are not scaled down."""
        width = svg_width(svg)
        narrow = width is not None and width <= NARROW
        self.view.layout.flex = f"1 1 {width - 60:g}px" if narrow else "1 1 100%"
        self.legend.layout.flex = "1 1 170px" if narrow else "1 1 100%"
        self.legend.layout.min_width = "170px" if narrow else "0"

    def after_refresh(self) -> None:
        """Games update their own extra widgets here."""

    # ---- hint ------------------------------------------------------------------------------
    def hint(self, seconds: float = 2.0) -> bool:
        """Ask the playing agent (solvers.play.agents.hint) for an action; highlight it and show
        the estimated win rate."""
        try:
            from solvers.play.agents import hint as agent_hint
        except ImportError:
            self._say("no playing agent installed (solvers.play.agents)")
            return False
        if self.game.is_terminal(self.state):
            self._say("the game is over")
            return False
        if not self.legal():  # a hand-made position nobody can act in (invariants: stuck)
            self._say("no legal action here, though the game is not over: a stuck position")
            return False
        try:
            h = agent_hint(self.state, seconds=seconds)
        except TrogkitInputError as e:
            self._say(esc(input_error_text(e)))
            return False
        self.hint_action = str(h.action)
        if self.selection and not self._completes_selection(self.hint_action):
            self.selection = ()  # the hint starts afresh: clicks from the selection play another
        rate = h.win_rate
        rate_text = f"estimated win rate {rate:.0%}" if math.isfinite(rate) else "no estimate"
        self._say(
            f"hint: <code>{esc(h.action)}</code> ({rate_text})" + self.where_is(self.hint_action)
        )
        self.refresh(redraw=False)
        return True

    def _completes_selection(self, action_text: str) -> bool:
        """True if one more click, from the current selection, plays ``action_text``."""
        return bool(self._direct_targets(self.view.targets, action_text))

    def _direct_targets(self, targets, action_text: str) -> list[str]:
        """The targets one click on which (from the current selection) plays ``action_text``."""
        out = []
        for t in targets:
            r = self.resolve(t)
            if (isinstance(r, Play) and str(r.action) == action_text) or (
                isinstance(r, Menu) and any(str(x) == action_text for _l, x in r.items)
            ):
                out.append(t)
        return out

    def hint_targets(self, targets) -> list[str]:
        """The drawing's targets a hinted action is played with (one, or two for two-click
        actions: each target whose thing the action names)."""
        if self.hint_action is None:
            return []
        a = self.game.action(self.hint_action)
        direct = self._direct_targets(targets, self.hint_action)
        if direct:
            return direct
        saved = self.selection
        try:  # a two-click action: a selection, then the click that plays it
            for t in targets:
                r = self.resolve(t)
                if not isinstance(r, Select) or not r.selection:
                    continue
                self.selection = tuple(r.selection)
                for u in targets:
                    r2 = self.resolve(u)
                    if isinstance(r2, Play) and str(self.game.action(r2.action)) == str(a):
                        return [t, u]
        finally:
            self.selection = saved
        names = {_name(x) for x in a.args}
        return [t for t in targets if t.split(":", 1)[-1] in names]

    def _hint_marks(self, targets) -> list[list[str]]:
        return [[t, "hint"] for t in self.hint_targets(targets)]

    def where_is(self, action_text: str) -> str:
        ts = self.hint_targets(self.view.targets)
        return f" — click {' then '.join(f'<b>{esc(t)}</b>' for t in ts)}" if ts else ""

    # ---- display ---------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def svg_width(svg: str) -> float | None:
    m = re.search(r"""<svg\b[^>]*?\bwidth=["']([0-9.]+)""", svg)
    return float(m.group(1)) if m else None


def _name(x) -> str:
    return x.name if hasattr(x, "name") else str(x)


def _has_hint() -> bool:
    try:
        return importlib.util.find_spec(HINT_MODULE) is not None
    except (ImportError, ValueError):
        return False


class SideBySide(W.VBox):
    """Boards in one row (e.g. one position under each option of a ruling), each a share of the
    width, and one legend under them all: two options fit side by side at 1024 px. Its output
    carries one static picture of all of them, so the comparison reads on GitHub too."""

    def __init__(self, boards, row_width: int = ROW_WIDTH, **kw):
        """``row_width``: the px the row has (a Voila page: the window's width)."""
        boards = list(boards)
        for b in boards:
            share(getattr(b, "widget", b), len(boards))
            if hasattr(b, "fit_width"):  # card labels keep their size in a narrower picture,
                b.fit_width = row_width // len(boards) - 12  # not much enlarged in a wider row
                b.view.layout.max_width = f"{round(b.fit_width * 1.3)}px"
                b.refresh()
            if hasattr(b, "legend"):
                b.legend.layout.display = "none"
        row = W.Box([getattr(b, "widget", b) for b in boards],
                    layout=W.Layout(flex_flow="row nowrap", width="100%"))  # fmt: skip
        row.add_class("trogkit-side-by-side")
        legends = dict.fromkeys(b.legend.value for b in boards if hasattr(b, "legend"))
        self.legend = W.HTML(value="".join(legends))
        self.legend.add_class("trogkit-legend")
        super().__init__([row, self.legend], **kw)
        self.boards = [b for b in boards if hasattr(b, "widget")]

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):  # (data, metadata)
            data = data[0]
        data = dict(data or {})
        captions = [re.sub(r"<[^>]*>", "", b.title.value) for b in self.boards]
        data["image/svg+xml"] = join_svgs([b.static_svg() for b in self.boards], captions)
        data["text/plain"] = "\n\n".join(b.text_summary() for b in self.boards)
        return data


def share(widget, n: int) -> None:
    """Let ``widget`` take one n-th of a row (it may shrink below its drawing's size)."""
    lay = widget.layout
    lay.flex, lay.min_width, lay.width = "1 1 0", "0", f"calc({100 / n:g}% - 8px)"
    lay.margin = "0 8px 0 0"


def join_svgs(pictures: list[str], captions: list[str] | None = None, gap: int = 16) -> str:
    """One SVG holding the given SVG pictures in a row (each keeps its own coordinates), each
    under its caption (HTML-escaped text, e.g. the board's title)."""
    captions = captions or [""] * len(pictures)
    top = 20 if any(captions) else 0
    parts, x, height = [], 0, 0
    for svg, caption in zip(pictures, captions, strict=True):
        w = re.search(r"""\bwidth=['"]([0-9.]+)""", svg)
        h = re.search(r"""\bheight=['"]([0-9.]+)""", svg)
        w, h = (float(w.group(1)) if w else 400.0), (float(h.group(1)) if h else 400.0)
        if caption:
            parts.append(
                f"<text x='{x + 4:g}' y='14' font-family='sans-serif' font-size='13' "
                f"font-weight='bold'>{html.escape(html.unescape(caption))}</text>"
            )
        parts.append(re.sub(r"^<svg\b", f"<svg x='{x:g}' y='{top}'", svg.strip(), count=1))
        x += w + gap
        height = max(height, h + top)
    width = max(x - gap, 0)
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{height:g}' "
        f"viewBox='0 0 {width:g} {height:g}'>{''.join(parts)}</svg>"
    )


def check_index(what: str, value, lo: int, hi: int, where: str) -> int:
    """``value`` as an index in ``lo..hi`` (inclusive), or a one-line TrogkitInputError."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise TrogkitInputError(f"{where}: {what} {value!r} is not one of {lo}..{hi}")
    return value

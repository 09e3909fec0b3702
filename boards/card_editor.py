"""The scenario editor for the card games (Trollland, Random Encounter multiplayer and solo).

Click a card on the drawing to pick it, then click where it goes: a cage, an encounter, a path
space, a player's area (their hand), or one of the zone boxes drawn under the picture (deck,
discard, dock, won cards ...). Or type the move: ``move Zo3 cage:V01.2``. The moves are the pure
``move_card`` of ``rulebook.<game>.edit`` (shared code in ``rulebook.common.cardedit``): a move that
would leave an invalid position is refused with the card, the zone and the rule or notation field,
and nothing changes. Rulings, notation and "Try it" come from ``boards.editor.EditorBoard``.
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as W

import drawings
import rulebook
from rulebook.common.cardedit import zone_of
from rulebook.common.errors import NotationError, TrogkitInputError
from rulebook.common.notation import excerpt

from .core import TARGET, Nothing, Play, Select, esc, input_error_text
from .editor import EditorBoard

LEGEND = """
<div style='font-size:12px;line-height:1.5'>
<b>Editor</b>: click a card to pick it (<span style='color:#0969da'>blue</span>), then click where
it goes: a cage, an encounter, a path space, a player's area (their hand), a card already there,
or a zone box under the picture. Or type <code>move CARD ZONE</code>.
A refused move names the card, the zone and the rule or notation field; nothing changes.
</div>
"""
SAME_NAME = ("cage:", "encounter:", "space:")  # drawing targets that are zones of the same name
BOX_W, BOX_H, GAP = 132, 22, 6


def parse_move(text: str) -> tuple[str, str]:
    """``"move Zo3 cage:V01.2"`` (or ``"Zo3 cage:V01.2"``, as typed in the box) -> (card, zone)."""
    words = str(text).split()
    if words[:1] == ["move"]:
        words = words[1:]
    if len(words) != 2:
        raise NotationError("write a move as: move CARD ZONE", text=excerpt(str(text)),
                            where="move")  # fmt: skip
    return words[0], words[1]


class CardEditor(EditorBoard):
    """``CardEditor(state, board=None)``: ``click("card:Zo3")`` then ``click("cage:V01.2")``,
    ``move("move Zo3 cage:V01.2")`` (or ``move_text.value`` + ``move_button.click()``),
    ``zones()``, and the shared editor API (rulings, notation, try)."""

    legend_html = LEGEND

    def __init__(self, state, board=None):
        self._zones = rulebook.game_of(state).card_zones(state)
        self.move_text = W.Text(placeholder="move CARD ZONE, e.g. move Zo3 cage:V01.2",
                                layout=W.Layout(width="260px"))  # fmt: skip
        self.move_button = W.Button(description="Move", layout=W.Layout(width="auto"))
        super().__init__(state, board, title="Scenario editor: click a card, then its zone")
        self.move_button.on_click(lambda _: self.move())

    def game_parts(self) -> list:
        return [
            W.HTML("<b>move a card</b> (or click it, then its zone, on the drawing)"),
            W.Box([self.move_text, self.move_button], layout=W.Layout(flex_flow="row wrap")),
        ]

    def zones(self) -> dict[str, tuple[str, ...]]:
        """Zone name -> the cards in it, now."""
        return self._zones.read(self.state)

    def move(self, text: str | None = None) -> bool:
        """Play a typed move (default: the text box)."""
        text = self.move_text.value if text is None else text
        try:
            card, zone = parse_move(text)
        except TrogkitInputError as e:
            self._say(f"<span style='color:#b42318'>refused: {esc(input_error_text(e))}</span>")
            return False
        return self.play(("move", card, zone), f"{card} → {zone}")

    # ---- what a click means ----------------------------------------------------------------
    def zone_at(self, target: str) -> str | None:
        """The zone a drawing target stands for (None: not a zone)."""
        kind, _, name = target.partition(":")
        if kind == "zone":
            return name
        if target.startswith(SAME_NAME):
            return target
        if kind == "player":
            return f"hand:{name}"
        who = getattr(self.state, "to_move", None)
        if target == "gat" and who is not None:
            return f"gat:P{who + 1}"
        return None

    def resolve(self, target: str):
        picked = self.selection[0].split(":", 1)[1] if self.selection else None
        kind, _, name = self.target_text(target).partition(":")
        if kind == "card":
            if picked == name:
                return Select((), f"{name} put back")
            if picked is None:
                where = zone_of(self.zones(), name) or "?"
                return Select((target,), f"{name} (in {where}): now click where it goes")
            zone = zone_of(self.zones(), name)
        else:
            zone = self.zone_at(target)
        if zone is None:
            return Nothing(f"{target}: not a zone")
        if picked is None:
            return Nothing(f"{zone}: pick a card first, then click its zone")
        return Play(("move", picked, zone), f"{picked} → {zone}")

    # ---- drawing: the game's picture and the zone boxes the picture has no place for ----------
    def draw(self, state) -> str:
        svg = drawings.svg(state)
        drawn = {self.zone_at(t) for t in TARGET.findall(svg)}
        extra = [(z, len(cards)) for z, cards in self._zones.read(state).items() if z not in drawn]
        return with_zone_boxes(svg, extra)


def with_zone_boxes(svg: str, zones: list[tuple[str, int]]) -> str:
    """``svg`` with a row of clickable zone boxes (``zone:NAME``, labelled with their card
    count) under it, wrapped to the picture's width."""
    w = re.search(r"""\bwidth=['"]([0-9.]+)""", svg)
    h = re.search(r"""\bheight=['"]([0-9.]+)""", svg)
    width, height = float(w.group(1)) if w else 800.0, float(h.group(1)) if h else 400.0
    per_row = max(1, int((width - GAP) // (BOX_W + GAP)))
    boxes = []
    for i, (zone, n) in enumerate(zones):
        x = GAP + (i % per_row) * (BOX_W + GAP)
        y = height + GAP + (i // per_row) * (BOX_H + GAP)
        boxes.append(
            f'<g data-target="zone:{escape(zone, quote=True)}" cursor="pointer">'
            f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="4" fill="#eef2f7" '
            f'stroke="#57606a"/><text x="{x + BOX_W / 2}" y="{y + 15}" font-size="11" '
            f'text-anchor="middle" font-family="sans-serif">{escape(zone)} ({n})</text></g>'
        )
    rows = -(-len(zones) // per_row)
    total = height + GAP + rows * (BOX_H + GAP)
    inner = re.sub(r"^<svg\b", "<svg x='0' y='0'", svg.strip(), count=1)
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{total:g}' "
        f"viewBox='0 0 {width:g} {total:g}'>{inner}{''.join(boxes)}</svg>"
    )

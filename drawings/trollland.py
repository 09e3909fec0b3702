"""SVG picture of a Trollland position (plain text, no plotting library): the vehicles at the
departure dock with their cages, the dock, and each player's hand, revealed cards, piles and
Trollgat.

Every element a learner can click carries a ``data-target`` attribute that the live boards turn
into actions: ``card:<id>`` (a card in a hand, among the revealed cards, or on the dock),
``cage:V03.1`` (vehicle, dot, 1-based cage), ``gat`` (the Trollgat of the player to act),
``player:P2`` (a player's area, 1-based), ``king:imprison`` / ``king:draw`` (the King's choice).
The drawing depends on the position only, so it is the same on every run.
"""

from __future__ import annotations

from html import escape

from .text import wrap

COLOURS = {"Bi": "#f4a6c6", "Zo": "#9fd38a", "Ze": "#9cc7f0", "Ni": "#555555", "Go": "#e8c15a"}
TROLL = "#b58ad6"
WIDTH = 580  # the picture's width (a Lab output at 1024 px: labels at full size); rows wrap in it
NARROWEST = 250  # the least width asked for (a board's share of a side-by-side row)
CARD_W, CARD_H, CARD_STEP = 40, 18, 44
CAGE_W = 46
CHAR_W = 6.6  # width of one character at font-size 11 (sans-serif), generous


def _card(s, cid: str, x: float, y: float, target: bool = True) -> str:
    c = s.cards.people[cid]
    fill = TROLL if c.is_troll else COLOURS.get(c.people, "#ddd")
    ink = "#fff" if c.people == "Ni" else "#000"
    mark = {"arrow": "↻", "question": "?"}.get(c.symbol, "")
    body = (
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="3" fill="{fill}" '
        f'stroke="#333"/><text x="{x + CARD_W / 2}" y="{y + 13}" font-size="11" '
        f'text-anchor="middle" fill="{ink}">{escape(cid)}{mark}</text>'
    )
    if not target:
        return body
    return f'<g data-target="card:{escape(cid, quote=True)}" cursor="pointer">{body}</g>'


def _cards_row(s, cids, x0: float, y: float, w: float) -> tuple[list[str], float]:
    """Cards left to right from x0, wrapping inside ``w``; the parts and the y below them."""
    parts, x = [], x0
    for cid in cids:
        if x + CARD_W > w - 8:
            x, y = x0, y + CARD_H + 4
        parts.append(_card(s, cid, x, y))
        x += CARD_STEP
    return parts, y + CARD_H + 4


def _vehicle(s, berth, x: float, y: float, w: float, h: float) -> list[str]:
    v = s.cards.vehicles[berth.vehicle]
    vid = escape(berth.vehicle)
    parts = [
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="#f3ece0" stroke="#7a5a2b"/>',
        f'<text x="{x + 5}" y="{y + 14}" font-size="11">{vid} {escape(v.kind)} ★{v.medals}</text>',
    ]
    for i, (cap, cage) in enumerate(zip(v.cages, berth.cages, strict=True)):
        cx = x + 5 + CAGE_W * i
        inner = [
            f'<rect x="{cx}" y="{y + 20}" width="{CAGE_W - 4}" height="{4 + 20 * cap}" '
            f'fill="#fffaf0" stroke="#7a5a2b" stroke-dasharray="3,2"/>'
        ]
        inner += [
            _card(s, cid, cx + 1, y + 22 + 20 * k, target=False) for k, cid in enumerate(cage)
        ]
        inner.append(
            f'<text x="{cx + (CAGE_W - 4) / 2}" y="{y + 36 + 20 * cap}" font-size="9" '
            f'text-anchor="middle">{i + 1}: {len(cage)}/{cap}</text>'
        )
        parts.append(
            f'<g data-target="cage:{vid}.{i + 1}" cursor="pointer">' + "".join(inner) + "</g>"
        )
    return parts


def _vehicles(s, y: float, width: float) -> tuple[list[str], float]:
    """The departure row, wrapped into lines; each box is wide enough for its header."""
    parts, x, line_h = [], 8.0, 0.0
    for b in s.row:
        v = s.cards.vehicles[b.vehicle]
        header = f"{b.vehicle} {v.kind} ★{v.medals}"
        w = max(10 + CAGE_W * len(v.cages), 12 + CHAR_W * len(header))
        h = 44 + 20 * max(v.cages)
        if x > 8 and x + w > width - 8:
            x, y, line_h = 8.0, y + line_h + 8, 0.0
        parts += _vehicle(s, b, x, y, w, h)
        x += w + 8
        line_h = max(line_h, h)
    return parts, y + line_h + 10


def _king_prompt(s, y: float, w: float) -> tuple[list[str], float]:
    tid = s.current_troll() if s.phase == "troll" else None
    if tid is None or s.cards.people[tid].number != 1:
        return [], y
    parts = [f'<text x="8" y="{y + 14}" font-size="12">King of the Trolls ({escape(tid)}):</text>']
    x0 = 170
    if x0 + 260 > w:  # a narrow picture: the two choices on a line of their own
        x0, y = 8, y + 22
    for i, (choice, label) in enumerate((("imprison", "imprison Trolls"), ("draw", "draw 3"))):
        x = x0 + 130 * i
        parts.append(
            f'<g data-target="king:{choice}" cursor="pointer"><rect x="{x}" y="{y}" width="120" '
            f'height="20" rx="4" fill="#efe4fa" stroke="#6b3fa0"/><text x="{x + 60}" y="{y + 14}" '
            f'font-size="11" text-anchor="middle">{label}</text></g>'
        )
    return parts, y + 28


def _player(s, p: int, y: float, who, w: float) -> tuple[list[str], float]:
    """A player's area (``player:Pn``): summary line(s), hand, revealed cards, Trollgat."""
    top = y
    tops = [f"{k}×{len(v)} top {v[-1]}" for k, v in s.piles(p).items()] or ["no piles"]
    pieces = [f"P{p + 1}: vehicles {len(s.vehicles_won[p])}", f"prison {len(s.prison[p])}",
              f"Trollgat {len(s.trollgat[p])}", *tops]  # fmt: skip
    weight = "bold" if p == who else "normal"
    inner = []
    for line in wrap(pieces, w - 36, 12, first_room=w - 150):  # the Trollgat at its right
        inner.append(
            f'<text x="14" y="{y + 15}" font-size="12" font-weight="{weight}">{escape(line)}</text>'
        )
        y += 18
    y += 4
    inner.append(f'<text x="14" y="{y + 13}" font-size="11">hand</text>')
    cards, y_hand = _cards_row(s, s.hands[p], 70, y, w)
    inner += cards
    if s.chosen[p]:
        inner.append(f'<text x="14" y="{y_hand + 13}" font-size="11">chosen</text>')
        cards, y_hand = _cards_row(s, s.chosen[p], 70, y_hand, w)
        inner += cards
    gat = (
        f'<rect x="{w - 118}" y="{top + 4}" width="100" height="18" rx="4" fill="#e7e7e7" '
        f'stroke="#555"/><text x="{w - 68}" y="{top + 17}" font-size="11" '
        f'text-anchor="middle">Trollgat {len(s.trollgat[p])}</text>'
    )
    if p == who:
        gat = f'<g data-target="gat" cursor="pointer">{gat}</g>'
    h = y_hand - top + 4
    fill = "#fffbe6" if p == who else "#fafafa"
    parts = [
        f'<g data-target="player:P{p + 1}">'
        f'<rect x="8" y="{top}" width="{w - 16}" height="{h}" rx="6" fill="{fill}" '
        f'stroke="#bbb"/>' + "".join(inner) + "</g>",
        gat,
    ]
    return parts, top + h + 6


def render(s, width: float | None = None) -> str:
    """The picture, ``width`` px wide at most (default WIDTH; a side-by-side board asks for its
    share of the row): the rows wrap inside it, so card labels keep their size."""
    w = max(NARROWEST, min(width or WIDTH, WIDTH))
    parts, y = [], 20
    who = s.to_move
    status = [f"turn {s.turn}", f"step: {s.phase}"]
    if who is not None:
        status.append(f"to act: P{who + 1}")
        if s.phase == "load":
            status[-1] += f" (loading {s.current_card()})"
    for line in wrap(status, w - 16, 13):
        parts.append(f'<text x="8" y="{y}" font-size="13" font-weight="bold">{escape(line)}</text>')
        y += 17
    vehicles, y = _vehicles(s, y - 5, w)
    parts += vehicles
    parts.append(f'<text x="8" y="{y + 13}" font-size="12">dock:</text>')
    cards, y = _cards_row(s, s.dock, 48, y, w)
    parts += cards
    prompt, y = _king_prompt(s, y + 4, w)
    parts += prompt
    for p in range(s.players):
        area, y = _player(s, p, y + 2, who, w)
        parts += area
    if s.cards.is_stand_in():
        for line in wrap(
            ["card data: STAND-IN values", "(not the real cards)"], w - 16, 10, sep=" "
        ):
            y += 14
            parts.append(f'<text x="8" y="{y}" font-size="10" fill="#b42318">{line}</text>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{y + 10}" '
        f'font-family="sans-serif">' + "".join(parts) + "</svg>"
    )

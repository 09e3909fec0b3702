"""SVG picture of a Trollland position (plain text, no plotting library): the vehicles at the
departure dock with their cages, the dock, and each player's piles, vehicles and Trollgat."""

from __future__ import annotations

from html import escape

from .state import State

COLOURS = {"Bi": "#f4a6c6", "Zo": "#9fd38a", "Ze": "#9cc7f0", "Ni": "#555555", "Go": "#e8c15a"}
TROLL = "#b58ad6"


def _card(s: State, cid: str, x: float, y: float, w: float = 38, h: float = 18) -> str:
    c = s.cards.people[cid]
    fill = TROLL if c.is_troll else COLOURS[c.people]
    ink = "#fff" if c.people == "Ni" else "#000"
    mark = {"arrow": "↻", "question": "?"}.get(c.symbol, "")
    return (
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="{fill}" stroke="#333"/>'
        f'<text x="{x + w / 2}" y="{y + 13}" font-size="11" text-anchor="middle" '
        f'fill="{ink}">{escape(cid)}{mark}</text>'
    )


def render(s: State) -> str:
    parts = []
    y = 20
    who = s.to_act
    status = f"turn {s.turn} · step: {s.phase}"
    if who is not None:
        status += f" · to act: P{who + 1}"
        if s.phase == "load":
            status += f" (loading {s.current_card()})"
    parts.append(f'<text x="8" y="{y}" font-size="13" font-weight="bold">{escape(status)}</text>')
    y += 14
    x = 8
    for b in s.row:
        v = s.cards.vehicles[b.vehicle]
        w = 10 + 46 * len(v.cages)
        parts.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{40 + 20 * max(v.cages)}" rx="6" '
            f'fill="#f3ece0" stroke="#7a5a2b"/>'
            f'<text x="{x + 5}" y="{y + 14}" font-size="11">{escape(b.vehicle)} '
            f"{escape(v.kind)} ★{v.medals}</text>"
        )
        for i, (cap, cage) in enumerate(zip(v.cages, b.cages, strict=True)):
            cx = x + 5 + 46 * i
            parts.append(
                f'<rect x="{cx}" y="{y + 20}" width="42" height="{4 + 20 * cap}" fill="none" '
                f'stroke="#7a5a2b" stroke-dasharray="3,2"/>'
            )
            for k, cid in enumerate(cage):
                parts.append(_card(s, cid, cx + 2, y + 22 + 20 * k))
            parts.append(
                f'<text x="{cx + 21}" y="{y + 36 + 20 * cap}" font-size="9" '
                f'text-anchor="middle">{i + 1}: {len(cage)}/{cap}</text>'
            )
        x += w + 8
    y += 50 + 20 * 4
    parts.append(f'<text x="8" y="{y}" font-size="12">dock:</text>')
    for i, cid in enumerate(s.dock):
        parts.append(_card(s, cid, 48 + 42 * i, y - 13))
    y += 14
    for p in range(s.players):
        y += 22
        tops = ", ".join(f"{k}×{len(v)} top {v[-1]}" for k, v in s.piles(p).items()) or "no piles"
        line = (
            f"P{p + 1}: hand {len(s.hands[p])} · vehicles {len(s.veh[p])} · prison "
            f"{len(s.prison[p])} · Trollgat {len(s.gat[p])} · {tops}"
        )
        weight = "bold" if p == who else "normal"
        parts.append(
            f'<text x="8" y="{y}" font-size="12" font-weight="{weight}">{escape(line)}</text>'
        )
    if s.cards.is_stand_in():
        y += 20
        parts.append(
            f'<text x="8" y="{y}" font-size="10" fill="#b42318">card data: STAND-IN values '
            "(not the real cards)</text>"
        )
    width = max(760, x + 8)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 10}" '
        f'font-family="sans-serif">' + "".join(parts) + "</svg>"
    )

"""The position as SVG text (no matplotlib): tiles with burnt sides, pieces, Trog-meter, AP.

Deterministic output (no ids, no randomness), so notebooks can save it and tests can compare it.
An optional overlay lets solvers and boards draw plans: ``highlight`` squares, a numbered ``path``
and free ``labels`` per square. Click targets (``data-target``): a square ``B2``, ``peasant:B2``,
``card:<id>``.
"""

from __future__ import annotations

from html import escape

from rulebook.trogdor.grid import SQUARES, square

T = 60  # tile size
PAD = 20  # room for coordinates
PANEL = 180

COLOURS = {
    "C": "#e9d8a6",
    "L": "#8ecae6",
    "M": "#b8b8b8",
    "T": "#a98467",
    ".": "#b7e4a0",
    "F": "#74c69d",
    "G": "#95d5b2",
    "O": "#f4a261",
    "S": "#c9ada7",
    "W": "#f7c6e0",
    "B": "#ced4da",
}
NAMES = {"C": "cottage", "L": "lake", "M": "mountain", "T": "tunnel"}


def _darken(hex_colour: str, f: float = 0.45) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(c * f) for c in (r, g, b)))


def _xy(sq) -> tuple[int, int]:
    return PAD + sq.col * T, PAD + sq.row * T


def _flame(x: float, y: float, s: float = 1.0) -> str:
    return (
        f"<path d='M{x} {y} q{-6 * s} {-8 * s} 0 {-16 * s} q{6 * s} {8 * s} 0 {16 * s}z' "
        "fill='#ff7b00' stroke='#d00000' stroke-width='1'/>"
    )


def _sq(x):
    return square(x, "overlay")


def render(state, highlight=None, path=None, labels=None, width=None) -> str:
    """SVG text of ``state``; overlay: ``highlight`` (squares), ``path`` (squares, numbered from
    1) and ``labels`` ({square: short text}). ``width``: the most px the picture should take (a
    side-by-side board's share of a row): when even the grid does not fit, the grid is scaled to
    the width and the panel drawn under it at full size (its card labels 11 px)."""
    s = state
    hand = s.hands[s.to_move] if s.hands else ()
    lines = _panel_lines(s)
    grid = [*_coordinates(), *_squares(s), *_overlay(highlight, path, labels)]
    side = PAD + 5 * T + 10  # the grid's width, and where the panel starts beside it
    if width and width < side:
        k = min(1.0, max(width, PANEL + 20) / side)
        grid = [f"<g transform='scale({k:.3g})'>", *grid, "</g>"]
        px, py = 10, round(side * k)
        w, h = round(max(side * k, PANEL + 20)), py + 70 + 16 * len(lines) + 18 * len(hand)
    else:  # room below the panel's text for the hand (a long hand makes the picture taller)
        px, py = side, PAD
        w, h = side + PANEL, max(PAD + 5 * T + 20, PAD + 200 + 18 * len(hand))
    out = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' "
        f"viewBox='0 0 {w} {h}' font-family='sans-serif' font-size='11'>",
        f"<rect width='{w}' height='{h}' fill='white'/>",
        *grid,
        *_panel(s, hand, lines, px, py),
        "</svg>",
    ]
    return "".join(out)


def _coordinates() -> list[str]:
    out = [
        f"<text x='{PAD + c * T + T // 2}' y='14' text-anchor='middle'>{'ABCDE'[c]}</text>"
        for c in range(5)
    ]
    out += [
        f"<text x='8' y='{PAD + r * T + T // 2 + 4}' text-anchor='middle'>{r + 1}</text>"
        for r in range(5)
    ]
    return out


def _squares(s) -> list[str]:
    """One group per square, so a click anywhere on a square (tile or piece) finds its name in
    ``data-target``; a peasant is its own target (``peasant:B2``) inside the square's group."""
    peasants: dict = {}
    for p in s.peasants:
        peasants[p] = peasants.get(p, 0) + 1
    knights: dict = {}
    for k in s.knights:
        knights[k] = knights.get(k, 0) + 1
    out = []
    for i, sq in enumerate(SQUARES):
        x, y = _xy(sq)
        out.append(f"<g data-target='{sq}'>")
        out += _tile(s, i, x, y)
        out += _cottage(s.cottages.get(sq), x, y)
        out += _peasants(str(sq), peasants.get(sq, 0), x, y)
        out += _knights(knights.get(sq, 0), x, y)
        out += _trogdor_and_foes(s, sq, x, y)
        out.append("</g>")
    return out


def _tile(s, i: int, x: int, y: int) -> list[str]:
    """The tile's colour (darker once burnt), its name for special tiles, a flame when burnt."""
    k = s.tiles[i]
    fill = COLOURS.get(k, "#cccccc")
    if s.burnt[i]:
        fill = _darken(fill)
    out = [f"<rect x='{x}' y='{y}' width='{T}' height='{T}' fill='{fill}' stroke='#555'/>"]
    if k in NAMES:
        colour = "#eee" if s.burnt[i] else "#333"
        out.append(
            f"<text x='{x + 3}' y='{y + T - 4}' fill='{colour}' font-size='9'>{NAMES[k]}</text>"
        )
    if s.burnt[i]:
        out.append(_flame(x + T - 8, y + 18, 0.7))
    return out


def _cottage(burnt: bool | None, x: int, y: int) -> list[str]:
    """A cottage (None: none on the square), dark red with a flame once burnt."""
    if burnt is None:
        return []
    cfill = "#6a040f" if burnt else "#fefae0"
    out = [
        f"<polygon points='{x + 8},{y + 26} {x + 20},{y + 12} {x + 32},{y + 26} "
        f"{x + 32},{y + 40} {x + 8},{y + 40}' fill='{cfill}' stroke='#333'/>"
    ]
    if burnt:
        out.append(_flame(x + 20, y + 38, 0.8))
    return out


def _peasants(name: str, count: int, x: int, y: int) -> list[str]:
    return [
        f"<circle data-target='peasant:{name}' cx='{x + 44 + (j % 2) * 8}' "
        f"cy='{y + 12 + (j // 2) * 10}' r='4' fill='#ffb703' stroke='#333'/>"
        for j in range(count)
    ]


def _knights(count: int, x: int, y: int) -> list[str]:
    return [
        f"<rect x='{x + 36}' y='{y + 28}' width='14' height='16' fill='#6c757d' "
        f"stroke='#222'/><text x='{x + 43}' y='{y + 40}' fill='white' "
        "text-anchor='middle'>K</text>"
    ] * count


def _trogdor_and_foes(s, sq, x: int, y: int) -> list[str]:
    """The Troghammer, the archer and Trogdor (hiding or not) when on ``sq``."""
    out = []
    if s.troghammer == sq:
        out.append(
            f"<rect x='{x + 36}' y='{y + 44}' width='14' height='14' fill='#5a189a' "
            f"stroke='#222'/><text x='{x + 43}' y='{y + 55}' fill='white' "
            "text-anchor='middle'>H</text>"
        )
    if s.archer == sq:
        out.append(
            f"<polygon points='{x + 4},{y + 58} {x + 12},{y + 44} {x + 20},{y + 58}' "
            "fill='#2d6a4f' stroke='#222'/>"
        )
    if s.trogdor == sq and s.trogdor_hidden:
        out.append(
            f"<ellipse cx='{x + 30}' cy='{y + 48}' rx='16' ry='7' fill='#8d99ae' "
            f"stroke='#222'/><text x='{x + 30}' y='{y + 52}' "
            "text-anchor='middle'>hid</text>"
        )
    elif s.trogdor == sq:
        out.append(
            f"<circle cx='{x + 22}' cy='{y + 44}' r='11' fill='#2b9348' stroke='#081c15' "
            f"stroke-width='2'/><text x='{x + 22}' y='{y + 48}' fill='white' "
            "text-anchor='middle' font-weight='bold'>T</text>"
        )
    return out


def _overlay(highlight, path, labels) -> list[str]:
    """Highlights, a numbered path and labels; they do not catch clicks: they pass through to
    the square underneath."""
    out = ["<g pointer-events='none'>"]
    for sq in highlight or ():
        x, y = _xy(_sq(sq))
        out.append(
            f"<rect x='{x + 2}' y='{y + 2}' width='{T - 4}' height='{T - 4}' fill='none' "
            "stroke='#ffd60a' stroke-width='4'/>"
        )
    if path:
        pts = [_xy(_sq(p)) for p in path]
        line = " ".join(f"{x + T // 2},{y + T // 2}" for x, y in pts)
        out.append(f"<polyline points='{line}' fill='none' stroke='#d00000' stroke-width='2'/>")
        for n, (x, y) in enumerate(pts, 1):
            out.append(
                f"<circle cx='{x + T // 2}' cy='{y + T // 2}' r='7' fill='#d00000'/>"
                f"<text x='{x + T // 2}' y='{y + T // 2 + 4}' fill='white' "
                f"text-anchor='middle' font-size='9'>{n}</text>"
            )
    for sq, text in sorted((labels or {}).items(), key=lambda kv: str(kv[0])):
        x, y = _xy(_sq(sq))
        out.append(
            f"<text x='{x + T - 3}' y='{y + T - 4}' text-anchor='end' font-weight='bold'>"
            f"{escape(str(text))}</text>"
        )
    out.append("</g>")
    return out


def _panel_lines(s) -> list[str]:
    lines = [
        f"turn {s.turn}, player {s.to_move + 1}/{s.players}",
        f"phase: {s.phase}",
        f"AP: {s.ap}",
        f"Void: {s.void}",
        "Troghammer: "
        + ("on the meter" if s.hammer_waiting else str(s.troghammer) if s.troghammer else "-"),
    ]
    if s.powers:
        lines.append("powers: " + ", ".join(s.powers))
    if s.outcome:
        lines.append(f"OUTCOME: {s.outcome}")
    return lines


def _panel(s, hand, lines, px, py) -> list[str]:
    """The side panel: Trog-meter, turn facts, and the player's cards, each a click target
    ``card:<id>``."""
    out = [f"<text x='{px}' y='{py + 10}' font-weight='bold'>Trog-meter</text>"]
    for j in range(7):
        fill = "#ffb703" if j < s.meter else "white"
        out.append(
            f"<circle cx='{px + 8 + j * 18}' cy='{py + 24}' r='6' fill='{fill}' stroke='#333'/>"
        )
    for j, text in enumerate(lines):
        out.append(f"<text x='{px}' y='{py + 50 + j * 16}'>{escape(text)}</text>")
    if hand:
        y0 = py + 58 + len(lines) * 16
        out.append(f"<text x='{px}' y='{y0}' font-weight='bold'>hand</text>")
        for j, cid in enumerate(hand):
            cy = y0 + 6 + j * 18
            out.append(
                f"<g data-target='card:{escape(cid, quote=True)}'><rect x='{px}' y='{cy}' "
                f"width='{PANEL - 10}' height='15' fill='#fff3b0' stroke='#333'/>"
                f"<text x='{px + 4}' y='{cy + 11}'>{escape(cid)}</text></g>"
            )
    return out

"""SVG pictures of positions (plain text, no plotting library): cards coloured by Level Star.

Click targets: every clickable element carries ``data-target`` (boards map a click to an action):
``card:<id>`` a card in a hand, the market, an encounter or the recruits; ``encounter:P1.E2`` an
encounter slot (player and encounter 1-based); ``loot`` the Loot die of the player to act; solo:
``space:N`` a path space (1-based). Nested targets: the innermost one is the one clicked."""

from __future__ import annotations

from html import escape

from rulebook.encounter.layout import PER_COLUMN, SPACES, space_xy

from .text import wrap

STAR_FILL = {
    "yellow": "#f6d860",
    "green": "#7bc67b",
    "blue": "#6fa8dc",
    "red": "#e06666",
    "white": "#ffffff",
    "none": "#d9d9d9",
}
CW, CH = 34, 44  # card size
ROW_H = CH + 30  # a player's row
MIN_WIDTH, WON_W = 560, 170  # the picture's least width; room for "won N cards, M levels"
NARROWEST = 250  # the least width a narrow (side-by-side) multiplayer picture is laid out for


def _target(name: str, inner: str) -> str:
    """Wrap ``inner`` in a group a board can click (``data-target`` names what was clicked)."""
    return f'<g data-target="{escape(name)}" cursor="pointer">{inner}</g>'


def card(x: float, y: float, cid: str, cards, face_up: bool = True) -> str:
    """Card ``cid`` at (x, y), clickable when face up (also drawn by the battle bench)."""
    if face_up:
        return _target(f"card:{cid}", _face(x, y, cid, cards))
    return _face(x, y, cid, cards, False)


def _face(x: float, y: float, cid: str, cards, face_up: bool = True) -> str:
    if not face_up:
        return (
            f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="4" fill="#5b4636" '
            f'stroke="#222"/><text x="{x + CW / 2}" y="{y + CH / 2 + 4}" font-size="10" '
            f'text-anchor="middle" fill="#eee">?</text>'
        )
    c = cards[cid]
    lvl = "K" if c.kind == "key" else str(c.level)
    dash = ' stroke-dasharray="3,2"' if c.provenance == "stand-in" else ""
    return (
        f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="4" fill="{STAR_FILL[c.star]}" '
        f'stroke="#222"{dash}/>'
        f'<text x="{x + CW / 2}" y="{y + 20}" font-size="14" font-weight="bold" '
        f'text-anchor="middle">{lvl}</text>'
        f'<text x="{x + CW / 2}" y="{y + 39}" font-size="11" text-anchor="middle">{escape(cid)}</text>'
    )


def _die(x: float, y: float, value: int) -> str:
    """A Loot die showing ``value``."""
    return (
        f'<rect x="{x}" y="{y}" width="18" height="18" rx="3" fill="#fff" stroke="#222"/>'
        f'<text x="{x + 9}" y="{y + 13}" font-size="11" text-anchor="middle">{value}</text>'
    )


def document(w: float, h: float, body: list[str]) -> str:
    """The ``<svg>`` element of size w x h around ``body``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'font-family="sans-serif">' + "".join(body) + "</svg>"
    )


def text(x, y, s, size=12, anchor="start", weight="normal") -> str:
    """The string ``s`` (escaped) as an SVG text element."""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
        f'font-weight="{weight}">{escape(s)}</text>'
    )


def render(st, width: float | None = None) -> str:
    """The picture of a position of either mode (``GAME.svg`` and ``SOLO.svg``). ``width``: the
    most px the multiplayer picture should take (a side-by-side board's share of a row): its
    hands, encounters and market wrap inside it and each player's score moves to a line of its
    own. (Solo keeps RE-SOLO-LAYOUT's four columns, at least MIN_WIDTH.)"""
    if st.GAME == "encounter-solo":
        return _solo(st)
    return _multi(st, None if width is None or width >= MIN_WIDTH else max(width, NARROWEST))


def _player_row(st, p: int, y: float, narrow: float | None = None):
    """Player ``p``'s name, Loot die, wins, hand and encounters from height ``y``: the hand on
    one line, the encounters on the next (so the picture stays narrow enough for its labels to
    read at full size in a 1024-px window); the parts, the x where they end and their height.
    ``narrow``: the picture's width, inside which the hand and the encounters wrap (the score
    on the first line)."""
    y0 = y
    body = [text(10, y + 16, f"P{p + 1}", 13, weight="bold")]
    die = _die(38, y + 4, st.loot[p])
    body.append(_target("loot", die) if p == st.to_move and st.phase == "build" else die)
    body.append(text(10, y + 50, f"wins {st.wins[p]}", 11))
    if narrow:
        body.append(text(70, y + 16, _won(st, p)))
        y += 20
    edge = (narrow or 1e9) - 8
    x, right, top = 70, 70, y
    if st.hands[p]:
        body.append(text(x, y + 16, "hand", 11))
        for c in st.hands[p]:
            if x + CW > edge:
                x, y = 70, y + CH + 4
            body.append(card(x, y + 22, c, st.cards))
            x += CW + 2
            right = max(right, x)
        x, top = 70, y + ROW_H - 6
    y = top
    for i, s in enumerate(st.encounters[p]):
        if not (st.phase in ("build", "battle") or s):
            x += 30
            continue
        here = st.loot_at[p] == i
        w = max(1, len(s)) * (CW + 2) - 2
        if x > 70 and x + w > edge:
            x, y = 70, y + ROW_H - 6
        slot = [
            f'<rect x="{x - 2}" y="{y + 4}" width="{w + 4}" height="{CH + 22}" rx="3" '
            f'fill="{"#fff4d6" if here else "#f7f7f7"}" stroke="#ccc"/>',
            text(x, y + 16, f"E{i + 1}" + (" [loot]" if here else ""), 11,
                 weight="bold" if here else "normal"),
        ]  # fmt: skip
        for k, c in enumerate(s):
            slot.append(card(x + k * (CW + 2), y + 22, c, st.cards))
        body.append(_target(f"encounter:P{p + 1}.E{i + 1}", "".join(slot)))
        x += w + 18
        right = max(right, x)
    return body, max(right, x), y - y0 + ROW_H


def _won(st, p: int) -> str:
    return f"won {len(st.won[p])} cards, {sum(st.cards.level(c) for c in st.won[p])} levels"


def _multi(st, narrow: float | None = None) -> str:
    body = []
    y = 18
    head = f"Round {st.round} - {st.phase}"
    if st.outcome != "-":
        head += f" - winner {st.outcome}"
    else:
        head += f" - P{st.to_move + 1} to act"
    if st.variants:
        head += f" - variants: {', '.join(st.variants)}"
    for line in wrap(head.split(" - "), (narrow or 1e9) - 16, 14, sep=" - "):
        body.append(text(8, y, line, 14, weight="bold"))
        y += 18
    y -= 8
    if st.market:
        body.append(text(8, y + 28, "market"))
        per_line = int(((narrow or 1e9) - 78) // (CW + 4))
        for k, c in enumerate(st.market):
            body.append(card(70 + k % per_line * (CW + 4), y + k // per_line * (CH + 4), c,
                             st.cards))  # fmt: skip
        y += (len(st.market) - 1) // per_line * (CH + 4) + CH + 10
    rows = []  # (top, player, parts): the frame and the score are drawn once the width is known
    right = MIN_WIDTH - WON_W
    for p in range(st.players):
        parts, x, h = _player_row(st, p, y, narrow)
        rows.append((y, h, p, parts))
        right = max(right, x)
        y += h + 6
    width = narrow or right + WON_W
    for top, h, p, parts in rows:
        acting = p == st.to_move and st.phase != "over"
        body.append(
            f'<rect x="4" y="{top}" width="{width - 8}" height="{h}" fill="none" '
            f'stroke="{"#b42318" if acting else "#bbb"}"/>'
        )
        body += parts
        if not narrow:
            body.append(text(width - 12, top + 16, _won(st, p), anchor="end"))
    foot = [
        f"deck {len(st.deck)}  discard {len(st.discard)}",
        "(dashed border = stand-in card data)",
    ]
    for line in wrap(foot, width - 16, 11, sep="  "):
        body.append(text(8, y + 12, line, 11))
        y += 14
    return document(width, y + 6, body)


SPACE_W = 136  # a path space's column: four of them make the Solo picture MIN_WIDTH wide
LABEL_W = 110  # the Solo picture's left column of row names ("your encounter")


def _in_row(x: float, width: float, cids, y: float, cards, face_up: bool = True) -> list[str]:
    """Cards from x across ``width``: a card apart, or overlapping so they fit (the id, in the
    middle of a card, stays uncovered down to a 26-px step)."""
    step = CW + 2
    if len(cids) > 1:
        step = min(step, (width - CW) / (len(cids) - 1))
    return [card(x + k * step, y, c, cards, face_up) for k, c in enumerate(cids)]


def _solo(st) -> str:
    """The path as RE-SOLO-LAYOUT lays it out (four columns of three spaces, walked up each
    column), then your hand, encounter, keys, defeated cards and the final encounter: as narrow
    as the multiplayer picture, so card ids read at full size in a 1024-px Lab window."""
    body = []
    rowh, x0, y0 = CH + 26, 12, 40
    head = f"Solo Adventure - {st.phase} - keys {len(st.keys)}/4"
    if st.outcome != "-":
        head += f" - {st.outcome.upper()}"
    body.append(text(8, 18, head, 14, weight="bold"))

    def corner(i):
        c, r = space_xy(i)
        return x0 + c * SPACE_W, y0 + (PER_COLUMN - 1 - r) * rowh

    def centre(i):
        x, y = corner(i)
        return x + SPACE_W / 2 - 4, y + CH / 2

    pts = " ".join(f"{centre(i)[0]},{centre(i)[1]}" for i in range(SPACES))
    body.append(f'<polyline points="{pts}" fill="none" stroke="#c9a227" stroke-width="3" '
                'stroke-dasharray="6,4"/>')  # fmt: skip
    sx, sy = centre(SPACES - 1)
    ex, ey = centre(0)
    body.append(f'<path d="M{sx},{sy} C{sx + 40},{sy + 120} {ex - 40},{ey + 90} {ex},{ey}" '
                'fill="none" stroke="#c9a227" stroke-width="1.5" stroke-dasharray="2,4"/>')  # fmt: skip
    for i in range(SPACES):
        x, y = corner(i)
        space = [f'<rect x="{x - 2}" y="{y - 2}" width="{SPACE_W - 6}" height="{CH + 4}" '
                 'fill="#fbf8ef" stroke="none"/>']  # fmt: skip
        if i == st.marker:
            space.append(f'<rect x="{x - 4}" y="{y - 4}" width="{SPACE_W - 2}" height="{CH + 8}" '
                         'fill="none" stroke="#b42318" stroke-width="3"/>')  # fmt: skip
        space.append(text(x, y - 6, f"{i + 1}", 10))
        if not st.spaces[i]:
            space.append(text(x + 20, y + 26, "cleared", 11))
        space += _in_row(x + 2, SPACE_W - 12, st.spaces[i], y, st.cards, st.face_up[i])
        body.append(_target(f"space:{i + 1}", "".join(space)))
    width = x0 + 4 * SPACE_W
    y = y0 + PER_COLUMN * rowh + 10
    rows = (("hand", st.hand, True), ("your encounter", st.my_encounter, True),
            ("keys", st.keys, True), ("defeated", st.defeated, True),
            ("final encounter", st.final, False))  # fmt: skip
    per_line = int((width - LABEL_W) // (CW + 3))
    for label, ids, up in rows:
        if not ids:  # an empty row: its name and a dash, no card's height
            body.append(text(8, y + 14, label))
            body.append(text(LABEL_W, y + 14, "-"))
            y += 22
            continue
        body.append(text(8, y + 26, label))
        for start in range(0, len(ids), per_line):  # a long hand wraps
            part = ids[start : start + per_line]
            body += [card(LABEL_W + k * (CW + 3), y, c, st.cards, up) for k, c in enumerate(part)]
            y += CH + 6
    body.append(text(8, y + 14, f"boss deck {len(st.boss_deck)}  discard {len(st.discard)}  "
                                 "(dashed = stand-in card data)", 11))  # fmt: skip
    return document(width, y + 24, body)


def skirmish(bench) -> str:
    """The battle bench (``rulebook.encounter.skirmish.Skirmish``): both sides' cards and the
    resolution's steps in rulebook order, or what keeps a side from being an encounter."""
    title = "Battle bench" + (" (Strength in Numbers)" if bench.rules.sin else "")
    body = [text(8, 18, title, 14, weight="bold")]
    for row, (name, side) in enumerate((("A", bench.a), ("B", bench.b))):
        y = 30 + row * (CH + 16)
        body.append(text(8, y + 26, name, 14, weight="bold"))
        for k, c in enumerate(side):
            body.append(card(30 + k * (CW + 3), y, c, bench.cards))
    y = 30 + 2 * (CH + 16)
    res = bench.result()
    lines = bench.problems() or (
        [f"{i + 1}. {s}" for i, s in enumerate(res.steps)] if res else ["add cards to both sides"]
    )
    for i, line in enumerate(lines):
        body.append(text(8, y + 14 + 16 * i, line, 12))
    return document(520, y + 20 + 16 * len(lines), body)

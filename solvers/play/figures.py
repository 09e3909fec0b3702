"""Charts and tables of sweep records for the notebook "The rules at scale".

A chart is a list of ``Panel``s (bars, optional error bars and a reference line), drawn by
``show``: with matplotlib where it is installed, else as the kit's own SVG (the lessons in the
browser: Pyodide has no offline matplotlib), the same numbers either way."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape


@dataclass
class Panel:
    """One chart: bars ``(left, width, height)`` named by ``labels`` (None: numbered axis),
    ``errors`` ``(below, above)`` per bar, a dashed reference ``line``."""

    title: str
    ylabel: str
    bars: list[tuple[float, float, float]]
    labels: list[str] | None = None
    errors: list[tuple[float, float]] | None = None
    line: float | None = None
    xlabel: str = ""
    ymax: float | None = None
    colour: str = "#c0504d"


def win_rates(records: list[dict], labels: list[str], title: str = "", line=None) -> Panel:
    """Bars of win rate with their 95 % Wilson intervals as error bars."""
    return Panel(
        title=title or f"{records[0]['game']}: {records[0]['games']} games per bar",
        ylabel="win rate (95 % Wilson interval)",
        bars=[(i - 0.4, 0.8, r["win_rate"]) for i, r in enumerate(records)],
        labels=labels,
        errors=[
            (max(0.0, r["win_rate"] - r["ci95"][0]), max(0.0, r["ci95"][1] - r["win_rate"]))
            for r in records
        ],  # fmt: skip
        line=line,
        ymax=1.0,
    )


def lengths(record: dict, title: str = "") -> Panel:
    """The game-length histogram of one sweep."""
    edges, counts = record["length_histogram"]["edges"], record["length_histogram"]["counts"]
    return Panel(
        title=title or f"{record['game']} ({record['agent']}, {record['games']} games)",
        ylabel="games",
        xlabel="actions in the game",
        bars=[(a, b - a, n) for a, b, n in zip(edges, edges[1:], counts, strict=False)],
        colour="#4f81bd",
    )


def show(*panels: Panel):
    """The panels side by side: a matplotlib figure if matplotlib is installed, else an SVG
    picture drawn here (displayed, and returned)."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        return _svg(panels)
    fig, axes = plt.subplots(1, len(panels), figsize=(4.6 * len(panels), 3.4), squeeze=False)
    for ax, p in zip(axes[0], panels, strict=True):
        _draw(ax, p)
    fig.tight_layout()
    plt.show()
    return fig


def _draw(ax, p: Panel) -> None:
    lefts, widths, heights = zip(*p.bars, strict=True) if p.bars else ((), (), ())
    errors = None if p.errors is None else [[e[0] for e in p.errors], [e[1] for e in p.errors]]
    ax.bar(lefts, heights, width=widths, align="edge", yerr=errors, capsize=6,
           color=p.colour, edgecolor="black", alpha=0.85)  # fmt: skip
    if p.labels is not None:
        ax.set_xticks([left + w / 2 for left, w, _ in p.bars], p.labels)
    if p.line is not None:
        ax.axhline(p.line, ls="--", color="grey")
    if p.ymax is not None:
        ax.set_ylim(0, p.ymax)
    ax.set_xlabel(p.xlabel)
    ax.set_ylabel(p.ylabel)
    ax.set_title(p.title)


W, H, PAD = 320, 220, 40  # one SVG panel's size and its margin for the axes' labels


def _svg(panels) -> object:
    from IPython.display import display

    width = len(panels) * (W + PAD)
    body = "".join(
        f'<g transform="translate({i * (W + PAD) + PAD},24)">{_svg_panel(p)}</g>'
        for i, p in enumerate(panels)
    )
    picture = SVGChart(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{H + 80}" '
        f'font-family="sans-serif" font-size="11">{body}</svg>'
    )
    display(picture)
    return picture


def _svg_panel(p: Panel) -> str:
    x0 = min((left for left, _, _ in p.bars), default=0)
    x1 = max((left + w for left, w, _ in p.bars), default=1)
    errors = p.errors or [(0, 0)] * len(p.bars)
    tops = [h + hi for (_, _, h), (_, hi) in zip(p.bars, errors, strict=True)]
    top = p.ymax or max([*tops, p.line or 0, 1e-9]) * 1.1

    def x(v):
        return (v - x0) / ((x1 - x0) or 1) * W

    def y(v):
        return H - v / top * H

    out = [f'<text x="{W / 2}" y="-8" text-anchor="middle">{escape(p.title)}</text>',
           f'<line x1="0" y1="{H}" x2="{W}" y2="{H}" stroke="black"/>',
           f'<line x1="0" y1="0" x2="0" y2="{H}" stroke="black"/>',
           f'<text x="-4" y="{H}" text-anchor="end">0</text>',
           f'<text x="-4" y="8" text-anchor="end">{top:.3g}</text>',
           f'<text x="{W / 2}" y="{H + 34}" text-anchor="middle">{escape(p.xlabel or p.ylabel)}'
           "</text>"]  # fmt: skip
    for i, (left, w, h) in enumerate(p.bars):
        out.append(f'<rect x="{x(left):.1f}" y="{y(h):.1f}" width="{x(left + w) - x(left):.1f}" '
                   f'height="{H - y(h):.1f}" fill="{p.colour}" stroke="black"/>')  # fmt: skip
        mid = x(left + w / 2)
        if p.errors:
            lo, hi = p.errors[i]
            out.append(f'<line x1="{mid:.1f}" y1="{y(h - lo):.1f}" x2="{mid:.1f}" '
                       f'y2="{y(h + hi):.1f}" stroke="black"/>')  # fmt: skip
        if p.labels:
            out.append(f'<text x="{mid:.1f}" y="{H + 14}" text-anchor="middle">'
                       f"{escape(p.labels[i])}</text>")  # fmt: skip
    if not p.labels:
        out.append(f'<text x="0" y="{H + 14}">{x0:g}</text>'
                   f'<text x="{W}" y="{H + 14}" text-anchor="end">{x1:g}</text>')  # fmt: skip
    if p.line is not None:
        out.append(f'<line x1="0" y1="{y(p.line):.1f}" x2="{W}" y2="{y(p.line):.1f}" '
                   'stroke="grey" stroke-dasharray="4"/>')  # fmt: skip
    return "".join(out)


class SVGChart:
    """SVG text that a notebook cell displays as a picture."""

    def __init__(self, text: str):
        self.text = text

    def _repr_svg_(self) -> str:
        return self.text


def strength_rows(rows: list[dict]) -> list[tuple]:
    """(game, agent, games, win rate, interval) for a printed table, agents in strength order."""
    order = {"random": 0, "greedy": 1, "search": 2}
    rows = sorted(rows, key=lambda r: (r["game"], order.get(r["agent"].split(":")[0], 9)))
    return [
        (r["game"], r["agent"], r["games"], round(r["win_rate"], 3),
         (round(r["ci95"][0], 3), round(r["ci95"][1], 3)))
        for r in rows
    ]  # fmt: skip


def print_table(rows: list[dict]) -> None:
    """The strength table; rows that carry a score (``strength.SCORES``) add it after."""
    print(f"{'game':16}{'agent':12}{'games':>6}{'win rate':>10}  95 % interval")
    for game, agent, n, rate, (lo, hi) in strength_rows(rows):
        print(f"{game:16}{agent:12}{n:>6}{rate:>10.3f}  [{lo:.3f}, {hi:.3f}]")
    scored = [r for r in rows if "score" in r]
    order = {"random": 0, "greedy": 1, "search": 2}
    for r in sorted(scored, key=lambda r: (r["game"], order.get(r["agent"].split(":")[0], 9))):
        sc = r["score"]
        lo, hi = sc["ci95"]
        print(
            f"{r['game']} {r['agent']}: {sc['name']} {sc['mean']:.2f} "
            f"(95 % interval [{lo:.2f}, {hi:.2f}])"
        )


def strength_chart(rows: list[dict], games: list[str]):
    """One panel per game: each agent's win rate with its interval, weakest agent first."""
    order = {"random": 0, "greedy": 1, "search": 2}
    panels = []
    for game in (g for g in games if any(r["game"] == g for r in rows)):
        mine = sorted((r for r in rows if r["game"] == game),
                      key=lambda r: order.get(r["agent"].split(":")[0], 9))  # fmt: skip
        panels.append(win_rates(mine, [r["agent"] for r in mine], game))
    return show(*panels)

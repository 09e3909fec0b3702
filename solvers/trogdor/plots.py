"""matplotlib pictures of solver answers for notebooks (matplotlib is imported lazily, only here;
never in rulebook). Where matplotlib is not installed (the lessons in the browser: Pyodide has no
offline build of it) the same numbers are drawn as a plain SVG grid by the kit itself."""

from __future__ import annotations

from html import escape

from rulebook.trogdor.grid import GRID5


def _matplotlib():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def grid_svg(rows: list[list[tuple[float | None, str]]], title: str):
    """A 5x5 grid (A1 top-left) shaded by each square's value in [0, 1] (None: grey) with its
    label, under ``title``; displayed, and returned as an SVG picture."""
    from IPython.display import display

    from .draw import SVG

    size, top, left = 56, 40, 24
    parts = [f'<text x="{left}" y="18" font-size="14">{escape(title)}</text>']
    for r, row in enumerate(rows):
        y = top + r * size
        parts.append(f'<text x="6" y="{y + size / 2 + 4}" font-size="12">{r + 1}</text>')
        for c, (value, label) in enumerate(row):
            x = left + c * size
            fill = "#dddddd" if value is None else _red(value)
            ink = "white" if value is not None and value > 0.5 else "black"
            parts.append(
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" '
                f'stroke="white"/><text x="{x + size / 2}" y="{y + size / 2 + 4}" '
                f'font-size="12" text-anchor="middle" fill="{ink}">{escape(label)}</text>'
            )
    for c, letter in enumerate("ABCDE"):
        x = left + c * size + size / 2
        parts.append(
            f'<text x="{x}" y="{top + 5 * size + 16}" text-anchor="middle">{letter}</text>'
        )
    width, height = left + 5 * size + 10, top + 5 * size + 24
    picture = SVG(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif">{"".join(parts)}</svg>'
    )
    display(picture)
    return picture


def _red(value: float) -> str:
    """White (0) to dark red (1)."""
    v = min(1.0, max(0.0, value))
    other = round(255 * (1 - v) ** 1.4)
    return f"#{255 - round(90 * v):02x}{other:02x}{other:02x}"


def danger_plot(danger, ax=None, title: str | None = None):
    """Heat map of a ``DangerMap`` (5x5 probabilities, A1 top-left); returns the axes (without
    matplotlib: the SVG grid)."""
    title = title or f"P(Trogdor hit), {danger.cards} cards"
    plt = _matplotlib()
    if plt is None:
        return grid_svg([[(v, f"{v:.2f}") for v in row] for row in danger.grid()], title)

    if ax is None:
        _, ax = plt.subplots(figsize=(4, 4))
    grid = danger.grid()
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="Reds")
    for r in range(5):
        for c in range(5):
            v = grid[r][c]
            ax.text(
                c, r, f"{v:.2f}", ha="center", va="center", color="white" if v > 0.5 else "black"
            )
    ax.set_xticks(range(5), list("ABCDE"))
    ax.set_yticks(range(5), [str(i) for i in range(1, 6)])
    ax.set_title(title)
    ax.figure.colorbar(im, ax=ax, fraction=0.046)
    return ax


def reach_plot(reach, ax=None, title: str | None = None):
    """The networkx move graph on the board, reachable squares coloured by AP cost (without
    matplotlib: the SVG grid, each reachable square shaded and labelled by its cost)."""
    title = title or f"reachable from {reach.start} with {reach.k} AP"
    top = max(1, reach.k)
    plt = _matplotlib()
    if plt is None:
        costs = [[reach.costs.get(sq) for sq in row] for row in _rows()]
        shade = [
            [(None, "") if c is None else (0.15 + 0.6 * c / top, str(c)) for c in row]
            for row in costs
        ]
        return grid_svg(shade, title)
    import networkx as nx

    if ax is None:
        _, ax = plt.subplots(figsize=(4, 4))
    g = reach.graph
    pos = {sq: (sq.col, -sq.row) for sq in g.nodes}
    cmap = plt.get_cmap("YlOrRd")
    colours = [
        cmap(0.15 + 0.6 * reach.costs[sq] / top) if sq in reach.costs else "#dddddd"
        for sq in g.nodes
    ]
    nx.draw_networkx_edges(g, pos, ax=ax, alpha=0.3, arrows=False)
    nx.draw_networkx_nodes(g, pos, ax=ax, node_color=colours, node_size=500)
    nx.draw_networkx_labels(
        g,
        pos,
        ax=ax,
        labels={sq: f"{sq}\n{reach.costs.get(sq, '')}" for sq in g.nodes},
        font_size=7,
    )
    ax.set_title(title)
    ax.set_axis_off()
    return ax


def _rows() -> list[list]:
    """The squares, row 1 first."""
    squares = list(GRID5.squares())
    return [squares[r * 5 : r * 5 + 5] for r in range(5)]


def squares_grid(squares) -> list[list[bool]]:
    """5x5 booleans for a list of squares (row 1 first)."""
    on = set(squares)
    return [[sq in on for sq in row] for row in _rows()]

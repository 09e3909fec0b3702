"""matplotlib pictures of solver answers for notebooks (matplotlib is imported lazily, only here;
never in rulebook)."""

from __future__ import annotations

from rulebook.trogdor.grid import GRID5


def danger_plot(danger, ax=None, title: str | None = None):
    """Heat map of a ``DangerMap`` (5x5 probabilities, A1 top-left); returns the axes."""
    import matplotlib.pyplot as plt

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
    ax.set_title(title or f"P(Trogdor hit), {danger.cards} cards")
    ax.figure.colorbar(im, ax=ax, fraction=0.046)
    return ax


def reach_plot(reach, ax=None, title: str | None = None):
    """The networkx move graph on the board, reachable squares coloured by AP cost."""
    import matplotlib.pyplot as plt
    import networkx as nx

    if ax is None:
        _, ax = plt.subplots(figsize=(4, 4))
    g = reach.graph
    pos = {sq: (sq.col, -sq.row) for sq in g.nodes}
    cmap = plt.get_cmap("YlOrRd")
    top = max(1, reach.k)
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
    ax.set_title(title or f"reachable from {reach.start} with {reach.k} AP")
    ax.set_axis_off()
    return ax


def squares_grid(squares) -> list[list[bool]]:
    """5x5 booleans for a list of squares (row 1 first)."""
    on = set(squares)
    return [[sq in on for sq in GRID5.squares()[r * 5 : r * 5 + 5]] for r in range(5)]

"""Pictures and tables of sweep records for the notebook "The rules at scale" (matplotlib)."""

from __future__ import annotations


def win_rates(ax, records: list[dict], labels: list[str], title: str = ""):
    """Bars of win rate with their 95 % Wilson intervals as error bars."""
    rates = [r["win_rate"] for r in records]
    low = [max(0.0, r["win_rate"] - r["ci95"][0]) for r in records]
    high = [max(0.0, r["ci95"][1] - r["win_rate"]) for r in records]
    ax.bar(labels, rates, yerr=[low, high], capsize=6, color="#c0504d", alpha=0.8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95 % Wilson interval)")
    ax.set_title(title or f"{records[0]['game']}: {records[0]['games']} games per bar")
    return ax


def lengths(ax, record: dict, title: str = ""):
    """The game-length histogram of one sweep."""
    h = record["length_histogram"]
    edges, counts = h["edges"], h["counts"]
    widths = [b - a for a, b in zip(edges, edges[1:], strict=False)]
    ax.bar(edges[:-1], counts, width=widths, align="edge", edgecolor="black", color="#4f81bd")
    ax.set_xlabel("actions in the game")
    ax.set_ylabel("games")
    ax.set_title(title or f"{record['game']} ({record['agent']}, {record['games']} games)")
    return ax


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
    import matplotlib.pyplot as plt

    order = {"random": 0, "greedy": 1, "search": 2}
    present = [g for g in games if any(r["game"] == g for r in rows)]
    fig, axes = plt.subplots(1, len(present), figsize=(3.6 * len(present), 3.2), squeeze=False)
    for ax, game in zip(axes[0], present, strict=True):
        mine = sorted(
            (r for r in rows if r["game"] == game),
            key=lambda r: order.get(r["agent"].split(":")[0], 9),
        )
        win_rates(ax, mine, [r["agent"] for r in mine], game)
    fig.tight_layout()
    return fig

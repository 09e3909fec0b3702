"""Figures of a coverage: how many rules a game's witnesses cover and how long they are."""

from __future__ import annotations

from statistics import median


def lengths_summary(witnesses: dict) -> dict:
    """Median and longest witness length, before (as found) and after shortening, and what the
    lower bounds say."""
    found = [t.found_length for t in witnesses.values()]
    kept = [t.length for t in witnesses.values()]
    bounds = [t.bound for t in witnesses.values() if t.bound is not None]
    if not kept:
        return {"median_found": 0, "longest_found": 0, "median": 0, "longest": 0}
    return {
        "median_found": median(found),
        "longest_found": max(found),
        "median": median(kept),
        "longest": max(kept),
        # lower bounds (``Trace.bound``): witnesses known shortest from their start, the median
        "shortest_from_start": sum(t.bound == t.length for t in witnesses.values()),
        "median_bound": median(bounds) if bounds else None,
    }


def table(game_name: str, data: dict) -> list[dict]:
    """One row per rule of the game: its kind, and its witness length or why it has none (or
    how its witness was steered, where its start is not a deal)."""
    import rulebook

    from .starts import home_rules

    rows = []
    for r in home_rules(rulebook.game(game_name)):
        t = data["witnesses"].get(r.id)
        rows.append({
            "rule": r.id,
            "kind": r.kind,
            "found": t.found_length if t else None,
            "length": t.length if t else None,
            "note": data["checked"].get(r.id) or data["missed"].get(r.id) or (t.note if t else ""),
        })  # fmt: skip
    return rows

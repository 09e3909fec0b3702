"""The reference for bench figures: a plain breadth-first search, pure Python, no trogkit import.

Fewest AP to burn one cottage: states are (Trogdor's square, burnt tiles that matter); actions are
move N/S/E/W, burrow between the two tunnels, burn tile (the Lake after its N/S/E/W neighbours)
and burn the cottage (its tile and its 8 neighbours burnt). Knights' squares are never entered.
``python benchmarks/reference_bfs.py LAYOUT FROM COTTAGE [BURNT] [AVOID]`` prints {"ap": N}.
"""

import json
import sys


def sq(name):
    return (int(name[1:]) - 1) * 5 + "ABCDE".index(name[0].upper())


def around(i, diag):
    r, c = divmod(i, 5)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + (
        [(a, b) for a in (-1, 1) for b in (-1, 1)] if diag else []
    )
    return [(r + a) * 5 + c + b for a, b in steps if 0 <= r + a < 5 and 0 <= c + b < 5]


def min_ap(layout, start, cottage, burnt=(), avoid=()):
    tiles = layout.replace("/", "")
    done = {i for i, t in enumerate(tiles) if t.islower() or t == "#"} | set(burnt)
    lake = tiles.upper().find("L")
    tunnels = [i for i, t in enumerate(tiles.upper()) if t == "T"]
    need = {cottage, *around(cottage, True)} - done
    if lake in need:
        need |= set(around(lake, False)) - done
    need = sorted(need)
    bit = {s: 1 << k for k, s in enumerate(need)}
    ring = sum(bit.get(s, 0) for s in [cottage, *around(cottage, True)])
    lake_ring = sum(bit.get(s, 0) for s in around(lake, False)) if lake >= 0 else 0
    nbrs = {i: [j for j in around(i, False) if j not in avoid] for i in range(25)}
    if len(tunnels) == 2:
        a, b = tunnels
        nbrs[a] += [b] if b not in avoid else []
        nbrs[b] += [a] if a not in avoid else []
    frontier, seen, d = [(start, 0)], {(start, 0)}, 0
    while frontier:
        nxt = []
        for here, mask in frontier:
            if here == cottage and mask & ring == ring:
                return d + 1  # burn the cottage
            options = [(j, mask) for j in nbrs[here]]
            b = bit.get(here, 0)
            if b and not mask & b and (here != lake or mask & lake_ring == lake_ring):
                options.append((here, mask | b))
            for s in options:
                if s not in seen:
                    seen.add(s)
                    nxt.append(s)
        frontier, d = nxt, d + 1
    return None


if __name__ == "__main__":
    layout, start, cottage = sys.argv[1], sq(sys.argv[2]), sq(sys.argv[3])
    burnt = [sq(x) for x in sys.argv[4].split(",")] if len(sys.argv) > 4 and sys.argv[4] else []
    avoid = {sq(x) for x in sys.argv[5].split(",")} if len(sys.argv) > 5 and sys.argv[5] else set()
    print(json.dumps({"ap": min_ap(layout, start, cottage, burnt, avoid)}))

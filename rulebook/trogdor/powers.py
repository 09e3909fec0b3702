"""Card abilities in force this turn, as short tokens the state carries (T-CARD-EFFECTS).

When a card is played, a keeper's turn starts or an item is used, its effects (EFFECTS.md) become
tokens in ``state.powers``; one-shot abilities are removed when used. Immediate effects (extra AP,
heal) apply at once and leave no token. Tokens:

``diagonal``, ``wrap``, ``block-knights``, ``block-archer``, ``teleport``,
``free-<chomp|burrow|hide|move>``, ``burn-<area>`` / ``burn-<area>-after`` (one long-range tile
burn; ``-after`` = only after the AP are spent, and using it ends them), ``peasant-<area>``
(burninate a peasant within the area). Areas: any, orthogonal, diagonal, adjacent.
"""

from __future__ import annotations

AREAS = ("any", "orthogonal", "diagonal", "adjacent")
FREE = ("chomp", "burrow", "hide", "move")
FLAGS = ("diagonal", "wrap", "block-knights", "block-archer", "teleport")
TOKENS = frozenset(
    list(FLAGS)
    + [f"free-{a}" for a in FREE]
    + [f"burn-{a}" for a in AREAS]
    + [f"burn-{a}-after" for a in AREAS]
    + [f"peasant-{a}" for a in AREAS]
)


def check_power(token: str) -> str | None:
    if token in TOKENS:
        return None
    return f"unknown power {token!r}; powers: {', '.join(sorted(TOKENS))}"


def effects_to_powers(effects) -> tuple[list[str], int, int]:
    """(tokens to add, extra AP, heal amount) for a card's effects."""
    tokens: list[str] = []
    extra = heal = 0
    for e in effects:
        k, p = e.kind, e.params
        if k == "extra-ap":
            extra += p["amount"]
        elif k == "heal":
            heal += p["amount"]
        elif k == "diagonal-move":
            tokens.append("diagonal")
        elif k == "wrap-move":
            tokens.append("wrap")
        elif k in ("block-knights", "block-archer", "teleport"):
            tokens.append(k)
        elif k == "long-range-burn":
            suffix = "-after" if p.get("when", "any") == "after-actions" else ""
            tokens += [f"burn-{p['area']}{suffix}"] * p["count"]
        elif k == "free-action":
            tokens.append(f"free-{p['action']}")
        elif k == "burn-peasant-range":
            tokens.append(f"peasant-{p['area']}")
        else:  # the vocabulary is closed (cards.py refuses unknown kinds at load time)
            raise ValueError(f"unknown effect kind {k!r}")
    return tokens, extra, heal


def add_powers(current: tuple[str, ...], new: list[str]) -> tuple[str, ...]:
    """Merge, keeping flags single and one-shot tokens counted; sorted for a canonical state."""
    out = list(current)
    for t in new:
        if t in FLAGS and t != "teleport" and t in out:
            continue
        if t.startswith("peasant-") and t in out:
            continue
        out.append(t)
    return tuple(sorted(out))


def remove_power(current: tuple[str, ...], token: str) -> tuple[str, ...]:
    out = list(current)
    out.remove(token)
    return tuple(out)

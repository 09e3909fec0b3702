"""Danger map: where Trogdor would be hit in Phase 2 (T-KNIGHT-MOVE, T-ARCHER, T-WRAP,
T-MOVE-KNIGHT-DAMAGE, T-PROTECT), answered by running the engine's own Phase 2.

For each square X and movement card, a new position (``State.replace``, the engine's helper) puts
Trogdor on X, stacks the card on the movement deck, passes, and steps Phase 2 piece by piece
through the game protocol (``rulebook.game("trogdor").apply``);
each piece's damage is read from the Void count (damage moves a peasant from the Trog-meter to the
Void, T-DAMAGE). To see every hit, the copy has no peasants on the board, a full Trog-meter and no
burnt cottages (so no flaming peasant reaches the Void); none of that changes where knights, the
Troghammer or the archer go. Probabilities are exact fractions over the cards of the remaining
movement deck (enumerated, not sampled; a Troghammer "move again" takes the next card in order).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rulebook import game
from rulebook.trogdor import puzzle, with_movement_deck
from rulebook.trogdor.grid import GRID5, Square

from .peasant import movement_card, remaining_movement_deck

GAME = game("trogdor")
PIECES = ("knights", "troghammer", "archer")
_KIND = {"hammer": "troghammer", "archer": "archer", "peasants": "peasants"}


def probe_base(state):
    """The Phase 1 position every probe starts from (see the module docstring): no peasants on
    the board, a full Trog-meter, no burnt cottage, no AP left. Built with the engine's
    ``State.replace``; where Trogdor stands and the next card are set per probe."""
    total = len(state.peasants) + state.meter + state.void
    meter = min(7, total)
    cottages = puzzle(state.layout).cottages  # the same cottages, none burnt (engine's own value)
    return state.replace(
        phase="act", outcome=None, ap=0, peasants=(), meter=meter, void=total - meter,
        cottages=cottages, pieces_to_move=(), movement_card=None,
    )  # fmt: skip


def _hits(base, x: Square, card_id: str, rest: list[str]) -> set[str]:
    """Which kinds of piece damage Trogdor standing on ``x`` this Phase 2 (``base``:
    ``probe_base(state)``)."""
    s = with_movement_deck(base.replace(trogdor=x), [card_id, *rest])
    s = GAME.apply(s, "pass")
    hit: set[str] = set()
    while s.phase in ("spawn", "countryside") and not GAME.is_terminal(s):
        if s.phase == "spawn":
            s = GAME.apply(s, GAME.legal_actions(s)[0])
            continue
        piece = s.pieces_to_move[0]
        before = s.void
        s = GAME.apply(s, "step")
        if s.void > before or GAME.is_terminal(s):
            hit.add(_KIND.get(piece, "knights"))
    return hit


@dataclass
class CardDanger:
    """One movement card: the squares where each kind of piece would hit Trogdor."""

    card: str
    by_piece: dict[str, list[Square]]

    @property
    def squares(self) -> list[Square]:
        out = set()
        for v in self.by_piece.values():
            out |= set(v)
        return sorted(out, key=GRID5.index)

    def grid(self) -> list[list[bool]]:
        hit = set(self.squares)
        return [[Square(c, r) in hit for c in range(5)] for r in range(5)]

    def to_json(self) -> dict:
        return {
            "card": self.card,
            **{k: [str(s) for s in v] for k, v in self.by_piece.items()},
            "any": [str(s) for s in self.squares],
        }

    def __str__(self) -> str:
        lines = [f"danger with {self.card}:"]
        for k in PIECES:
            lines.append(f"  {k}: {', '.join(map(str, self.by_piece[k])) or 'none'}")
        rows = ["  A B C D E"] + [
            f"{r + 1} " + " ".join("X" if v else "." for v in row)
            for r, row in enumerate(self.grid())
        ]
        return "\n".join(lines + rows)


@dataclass
class DangerMap:
    """Exact probability (Fraction) that Trogdor is hit on each square this Phase 2."""

    probabilities: dict[Square, Fraction]
    cards: int

    def grid(self) -> list[list[float]]:
        """5x5 floats (row 1 first): what ``plots.danger_plot`` draws."""
        return [[float(self.probabilities[Square(c, r)]) for c in range(5)] for r in range(5)]

    @property
    def squares(self) -> list[Square]:
        """Squares with any danger, most dangerous first."""
        hot = [s for s, p in self.probabilities.items() if p > 0]
        return sorted(hot, key=lambda s: (-self.probabilities[s], GRID5.index(s)))

    @property
    def safest(self) -> list[Square]:
        low = min(self.probabilities.values())
        return [s for s in GRID5.squares() if self.probabilities[s] == low]

    def to_json(self) -> dict:
        return {
            "cards": self.cards,
            "probability": {
                str(s): f"{p.numerator}/{p.denominator}" if p else "0"
                for s, p in sorted(self.probabilities.items(), key=lambda kv: GRID5.index(kv[0]))
            },
            "grid": [[round(v, 6) for v in row] for row in self.grid()],
            "safest": [str(s) for s in self.safest],
        }

    def __str__(self) -> str:
        rows = ["     A     B     C     D     E"]
        for r, row in enumerate(self.grid()):
            rows.append(f"{r + 1} " + " ".join(f"{v:5.3f}" for v in row))
        safe = ", ".join(map(str, self.safest))
        return "\n".join(
            [
                f"probability Trogdor is hit, over {self.cards} movement cards:",
                *rows,
                f"safest: {safe}",
            ]
        )


def card_danger(state, card_id: str) -> CardDanger:
    """Squares the knights, the Troghammer and the archer's arrows reach with ``card_id``."""
    movement_card(state, card_id)
    deck = remaining_movement_deck(state)
    rest = [c for c in deck if c != card_id]
    by_piece: dict[str, list[Square]] = {k: [] for k in PIECES}
    base = probe_base(state)
    for x in GRID5.squares():
        for k in _hits(base, x, card_id, rest):
            by_piece[k].append(x)
    return CardDanger(card_id, by_piece)


def danger_map(state) -> DangerMap:
    """Probability Trogdor is hit on each square, over every card of the remaining deck."""
    deck = remaining_movement_deck(state)
    counts = dict.fromkeys(GRID5.squares(), 0)
    base = probe_base(state)
    for i, cid in enumerate(deck):
        rest = deck[:i] + deck[i + 1 :]
        for x in GRID5.squares():
            if _hits(base, x, cid, rest):
                counts[x] += 1
    n = len(deck)
    return DangerMap({x: Fraction(c, n) for x, c in counts.items()}, n)

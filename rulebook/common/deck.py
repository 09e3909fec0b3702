"""A draw pile with a discard pile. Top of the pile is index 0; card entries are ids (strings)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .rng import Rng


@dataclass
class Deck:
    draw: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.draw)

    def is_empty(self) -> bool:
        return not self.draw

    def take(self) -> str:
        """Remove and return the top card. Callers check ``is_empty`` first (rules differ on what an
        empty deck means), so an empty draw here is a programming error."""
        if not self.draw:
            raise IndexError("draw from an empty deck")
        return self.draw.pop(0)

    def shuffle_in(self, cards: list[str], rng: Rng) -> None:
        """Shuffle ``cards`` together with the remaining draw pile."""
        self.draw = rng.shuffle(self.draw + list(cards))

    def reshuffle_discards(self, rng: Rng) -> None:
        self.shuffle_in(self.discard, rng)
        self.discard = []

    def copy(self) -> Deck:
        return Deck(list(self.draw), list(self.discard))

    def notation(self) -> str:
        """'a,b,c|x,y' -- draw pile top first, then discards oldest first; '-' for empty."""
        return f"{','.join(self.draw) or '-'}|{','.join(self.discard) or '-'}"

    @classmethod
    def parse(cls, text: str) -> Deck:
        from .errors import NotationError

        if text.count("|") != 1:
            raise NotationError("a deck is DRAW|DISCARD (use '-' for an empty pile)", text=text)
        a, b = text.split("|")

        def part(s: str) -> list[str]:
            return [] if s in ("", "-") else s.split(",")

        return cls(part(a), part(b))

"""A tiny game for the browser-test harness: a token on a 1x5 strip, moved left or right."""

from dataclasses import dataclass

from rulebook.common.errors import RuleError


@dataclass(frozen=True)
class Strip:
    at: int = 0

    def _repr_svg_(self) -> str:
        cells = "".join(
            f"<rect x='{i * 30}' y='0' width='30' height='30' fill='{'#f90' if i == self.at else '#eee'}'"
            " stroke='#333'/>"
            for i in range(5)
        )
        return f"<svg xmlns='http://www.w3.org/2000/svg' width='150' height='30'>{cells}<text>at={self.at}</text></svg>"


def apply(s: Strip, step: int) -> Strip:
    if not 0 <= s.at + step < 5:
        raise RuleError("DEMO-EDGE", "the token cannot leave the strip")
    return Strip(s.at + step)


def candidates(s: Strip):
    return [("move", "left", -1), ("move", "right", 1)]

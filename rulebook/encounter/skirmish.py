"""A battle bench for teaching: two encounters built card by card, resolved on every change.

Not a game position -- a scratch pad: add or remove cards on side A or B (the composition rules
RE-COMPOSE-RED-BLUE and RE-COMPOSE-GREEN refuse illegal encounters), toggle Strength in Numbers,
and read the resolution in rulebook order (RE-RESOLVE-ORDER).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rulebook.common.errors import NotationError
from rulebook.common.notation import excerpt, is_token

from .battle import BattleResult, BattleRules, resolve
from .building import composition_problem
from .cards import CardSet, default_cards
from .catalog import refuse


@dataclass(frozen=True)
class Skirmish:
    a: tuple[str, ...] = ()
    b: tuple[str, ...] = ()
    rules: BattleRules = BattleRules()
    cards: CardSet = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self):
        if self.cards is None:
            object.__setattr__(self, "cards", default_cards())

    def result(self) -> BattleResult | None:
        if not self.a or not self.b:
            return None
        return resolve(list(self.a), list(self.b), self.cards, self.rules)

    def apply(self, action: str) -> Skirmish:
        """'A+Y3a' adds, 'A-Y3a' removes, 'sin' toggles Strength in Numbers."""
        if action == "sin":
            return replace(self, rules=replace(self.rules, sin=not self.rules.sin))
        side, op, cid = action[:1], action[1:2], action[2:]
        if side not in ("A", "B") or op not in ("+", "-") or not is_token(cid):
            raise NotationError(
                f"{excerpt(action)!r}: a bench action is A+CARD, A-CARD, B+CARD, B-CARD or sin",
                where="action",
            )
        return self.add(side, cid) if op == "+" else self.remove(side, cid)

    def add(self, side: str, cid: str) -> Skirmish:
        """Card ``cid`` joins side ``side`` ('A' or 'B'); RuleError if no table allows it."""
        cur, other = (self.a, self.b) if side == "A" else (self.b, self.a)
        if cid in cur or cid in other:
            raise refuse("RE-COMP-DECK", f"{cid} is already in an encounter")
        new = (*cur, cid)
        prob = composition_problem(new, self.cards)
        if prob and prob.rule_id == "RE-COMPOSE-RED-BLUE":
            raise prob
        return replace(self, **{side.lower(): new})

    def remove(self, side: str, cid: str) -> Skirmish:
        cur = self.a if side == "A" else self.b
        return replace(self, **{side.lower(): tuple(c for c in cur if c != cid)})

    def problems(self) -> list[str]:
        out = []
        for name, side in (("A", self.a), ("B", self.b)):
            prob = composition_problem(list(side), self.cards) if side else None
            if prob:
                out.append(f"{name}: {prob.rule_id} {prob.reason}")
        return out

"""The rule catalog: every rule of a game has a stable ID that code, tests and notebooks cite.

A game's catalog lives in a TOML file beside its rules (``rules.toml``) so that the list of rules is
data a learner can read, and so the coverage check can find which IDs lack a test or a notebook cell.
Rulings (points where the source texts disagree) live in the same file; see ``rulings.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CardDataError, RuleError
from .rulings import Ruling

ID_PATTERN = re.compile(r"^[A-Z]{1,3}(-[A-Z0-9]+)+$")

# What witnesses a rule (solvers/verify): "play" rules report themselves with ``fired`` when they
# act (in ``new_game``, an action or the final scoring); "refusal" rules only ever refuse a move,
# so a reached position and the refused action witness them; "text" rules are not about play
# (notation, the box's components) and are witnessed by a check, not a game.
KINDS = ("play", "refusal", "text")


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    text: str
    area: str = ""
    source: str = ""
    kind: str = "play"  # one of KINDS
    game: str = ""  # the registered game it belongs to, when games share a catalog ("" = all)


@dataclass
class RuleCatalog:
    game: str
    rules: dict[str, Rule] = field(default_factory=dict)
    rulings: dict[str, Ruling] = field(default_factory=dict)

    def __iter__(self):
        return iter(self.rules.values())

    def __len__(self) -> int:
        return len(self.rules)

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self.rules

    def get(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise KeyError(f"{rule_id!r} is not in the {self.game} rule catalog") from None

    def ids(self) -> list[str]:
        return list(self.rules)

    def refuse(self, rule_id: str, reason: str) -> RuleError:
        """Build the RuleError for ``rule_id``; refuses IDs that are not catalogued, so a typo in
        engine code fails loudly in the tests instead of citing a rule that does not exist."""
        if rule_id not in self.rules:
            raise KeyError(f"engine cites {rule_id!r}, which is not in the {self.game} catalog")
        return RuleError(rule_id, reason)

    def by_area(self) -> dict[str, list[Rule]]:
        out: dict[str, list[Rule]] = {}
        for r in self.rules.values():
            out.setdefault(r.area, []).append(r)
        return out


def load_catalog(path: str | Path) -> RuleCatalog:
    """Load ``[[rule]]`` and ``[[ruling]]`` tables from a TOML file, checking IDs are well formed
    and unique."""
    import tomllib

    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(str(path), f"not valid TOML: {e}") from None
    cat = RuleCatalog(game=data.get("game", path.parent.name))
    for i, entry in enumerate(data.get("rule", [])):
        rid = entry.get("id")
        where = rid or f"rule #{i + 1}"
        if not isinstance(rid, str) or not ID_PATTERN.match(rid):
            raise CardDataError(str(path), f"bad rule id {rid!r}", card=where, field="id")
        if rid in cat.rules:
            raise CardDataError(str(path), "duplicate rule id", card=rid, field="id")
        for f in ("title", "text"):
            if not isinstance(entry.get(f), str) or not entry[f].strip():
                raise CardDataError(str(path), "missing or empty", card=rid, field=f)
        kind = entry.get("kind", "play")
        if kind not in KINDS:
            raise CardDataError(
                str(path), f"kind is one of {', '.join(KINDS)}", card=rid, field="kind"
            )
        cat.rules[rid] = Rule(
            id=rid,
            title=entry["title"],
            text=entry["text"],
            area=entry.get("area", ""),
            source=entry.get("source", ""),
            kind=kind,
            game=entry.get("game", ""),
        )
    for i, entry in enumerate(data.get("ruling", [])):
        ruling = Ruling.from_dict(entry, str(path), i)
        if ruling.id in cat.rulings:
            raise CardDataError(str(path), "duplicate ruling id", card=ruling.id, field="id")
        cat.rulings[ruling.id] = ruling
    return cat

"""Special Symbols on Loaded Cards: the question mark (seed 002, TL-SYMBOL-QUESTION).

"Question-mark symbol: the player has the choice, EITHER to load this card normally, OR to place
this card on the departure dock (see set-up) and load in its place any other card present on that
dock (while of course respecting the loading rules)." Written ``swap X D V07.2``.
"""

from __future__ import annotations

from rulebook.common.actions import Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling

from .banishment import fit_refusal, loadable_refusal, take
from .catalog import refuse
from .circular_arrow import after_load
from .departure import board


def question_active(s, cid: str) -> bool:
    """A question mark works on a revealed card, and on an arrow's extra card only under
    TLR-ARROW-CHAIN = chain."""
    if s.cards.people[cid].symbol != "question":
        return False
    return s.phase != "arrow" or ruling(s, "TLR-ARROW-CHAIN") == "chain"


def dock_refusal(s, cid: str, d: str) -> RuleError | None:
    """Why question-mark card ``cid`` may not take dock card ``d`` (None when it may)."""
    if not question_active(s, cid):
        return refuse("TL-SYMBOL-QUESTION", f"{cid} has no active question-mark symbol")
    if d not in s.dock:
        return refuse("TL-SYMBOL-QUESTION", f"{d} is not on the departure dock")
    if d in s.swapped and ruling(s, "TLR-QUESTION-DOCK") == "not-this-turn":
        return refuse(
            "TL-SYMBOL-QUESTION",
            f"{d} was put on the dock by a question mark this turn (TLR-QUESTION-DOCK)",
        )
    return None


def dock_choices(s, cid: str) -> list[str]:
    """The dock cards ``cid`` may take (``dock_refusal``)."""
    if s.cards.people[cid].symbol != "question":
        return []
    return [d for d in s.dock if dock_refusal(s, cid, d) is None]


def check_swap(s, a: Action) -> RuleError | None:
    cid, d, cage = a.args
    return loadable_refusal(s, cid) or dock_refusal(s, cid, d) or fit_refusal(s, d, cage)


def swap(d, p: int, a: Action) -> None:
    cid, dock_card, cage = a.args
    fired("TL-SYMBOL-QUESTION")
    extra = d.phase == "arrow"
    take(d, p, cid)
    d.dock.remove(dock_card)
    d.swapped.discard(dock_card)
    d.dock.append(cid)
    d.swapped.add(cid)
    board(d, p, dock_card, cage)
    after_load(d, p, dock_card, extra, swapped=True)

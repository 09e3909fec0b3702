"""What happens if the chosen cards cannot be placed under the loading rules? (seed 002)

"Dura lex, sed lex: [...] it sometimes happens that pest cards cannot be placed in the vehicles
present. In that case, the players take back, face down in front of them, the cards that are
impossible to place, forming a refugee camp (called the Trollgat)." (TL-LOAD-TROLLGAT; who may
choose the Trollgat: ruling TLR-GAT-CHOICE)
"""

from __future__ import annotations

from rulebook.common.actions import Action
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling

from .actions import Cage
from .banishment import loadable_refusal, open_cages, take
from .catalog import refuse
from .question_mark import dock_choices


def fits(s, cid: str) -> list[tuple[str, Cage]]:
    """Every way to load ``cid`` as (card loaded, cage): ``cid`` into each cage open to it, then
    for a question mark each dock card it may take into each cage open to that card."""
    people = s.cards.people
    cards = [cid, *dock_choices(s, cid)]
    cages = open_cages(s, {people[c].people for c in cards})
    return [(card, cage) for card in cards for cage in cages[people[card].people]]


def loads(s, cid: str) -> list[Action]:
    """The legal actions of the card to load: each place and swap, and the Trollgat when there
    is none (or always, under TLR-GAT-CHOICE = voluntary)."""
    made = s.cards.loads[cid]  # the card's place and gat actions
    out = [made.place[cage] if card == cid else Action("swap", (cid, card, cage))
           for card, cage in fits(s, cid)]  # fmt: skip
    if not out or ruling(s, "TLR-GAT-CHOICE") != "forced-only":
        out.append(made.gat)
    return out


def check_gat(s, a: Action) -> RuleError | None:
    """Under TLR-GAT-CHOICE = forced-only, only a card that no place or swap can load."""
    cid = a.arg
    err = loadable_refusal(s, cid)
    if err or ruling(s, "TLR-GAT-CHOICE") != "forced-only":
        return err
    found = fits(s, cid)
    if not found:
        return None
    card, cage = found[0]
    how = f"into {cage.name}" if card == cid else f"by taking {card} into {cage.name}"
    return refuse(
        "TL-LOAD-TROLLGAT", f"{cid} can be loaded ({how}), so it may not go to the Trollgat"
    )


def gat(d, p: int, a: Action) -> None:
    fired("TL-LOAD-TROLLGAT")
    take(d, p, a.arg)
    d.trollgat[p].append(a.arg)

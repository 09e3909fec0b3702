"""Special Symbols on Loaded Cards: the circular arrow (seed 002, TL-SYMBOL-ARROW).

"Circular-arrow symbol: forces the player to immediately load an additional Bimbo, Zom, Zelf, Nin
or Gob card from their hand, then draw a replacement card. If this pest cannot be placed while
respecting the rules, it joins that player's Trollgat. If that player has only Trolls in hand,
they reveal their hand to their opponents and the effect is not applied."
"""

from __future__ import annotations

from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling

from .catalog import refuse


def after_load(d, p: int, loaded: str, extra: bool, swapped: bool) -> None:
    """A loaded arrow card sends its player to the arrow step (not with only Trolls in hand; an
    extra card's own arrow under TLR-ARROW-CHAIN, a dock card's under TLR-SWAP-SYMBOL)."""
    if d.cards.people[loaded].symbol != "arrow":
        return
    if swapped and ruling(d, "TLR-SWAP-SYMBOL") == "ignored":
        return
    if extra and ruling(d, "TLR-ARROW-CHAIN") != "chain":
        return
    if any(not d.cards.people[c].is_troll for c in d.hands[p]):
        d.phase, d.to_move = "arrow", p


def extra_card_refusal(s, cid: str) -> RuleError | None:
    """The additional card is a pest card from the hand of the arrow's player."""
    p = s.to_move
    if cid not in s.hands[p]:
        return refuse("TL-SYMBOL-ARROW", f"{cid} is not in player {p + 1}'s hand")
    if s.cards.people[cid].is_troll:
        return refuse("TL-SYMBOL-ARROW", "the extra card must be a pest card, not a Troll")
    return None


def extra_cards(s) -> list[str]:
    """The cards the arrow's player may load as the additional card: the pests of their hand."""
    return [c for c in s.hands[s.to_move] if not s.cards.people[c].is_troll]


def take_extra(d, p: int, cid: str) -> None:
    """The additional card leaves the hand; a replacement is drawn; loading goes on."""
    fired("TL-SYMBOL-ARROW")
    d.hands[p].remove(cid)
    if d.draw:
        d.hands[p].append(d.draw.pop(0))
    d.phase = "load"

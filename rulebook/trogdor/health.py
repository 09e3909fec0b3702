"""Trogdor's Health, his Fiery Rage and the end of the game (000 "Trogdor's Health", "The Exciting
End of the Game"; 001 "Trogdor's Fiery Rage").

A game ending mid-action (defeat, the Fiery Rage, victory) sets ``outcome`` and unwinds with
``GameEnded``; ``rules.advance`` catches it and returns the finished state.
"""

from __future__ import annotations

from rulebook.common.game import fired, ruling
from rulebook.trogdor.grid import Square

from .countryside import draw_movement, set_burnt, set_cottage, wrap_step
from .state import Deck


class GameEnded(Exception):
    """Raised after ``state.outcome`` is set, to stop the action that ended the game."""


def protected(s, source: str) -> bool:
    """T-PROTECT: hiding, or a card that blocks damage from knights (``source`` 'knight') or the
    archer. A keeper is on for its owner's whole turn, the draw included (T-KEEPER: its powers
    join ``s.powers`` only when the AP are set, so the card itself is asked)."""
    token = "block-archer" if source == "archer" else "block-knights"
    if s.trogdor_hidden or token in s.powers:
        return True
    keeper = s.keepers[s.to_move] and s.cards.keeper(s.keepers[s.to_move])
    return bool(keeper) and any(e.kind == token for e in keeper.effects)


def damage(s, source: str) -> None:
    """T-DAMAGE: "move one Peasant from the Trog-Meter to the Void"; at zero health another hit
    is defeat (T-RAGE). T-TROGHAMMER-SHUFFLE: the first damage shuffles the Troghammer cards into
    the Action deck."""
    if protected(s, source):
        fired("T-PROTECT")
        return
    if s.meter == 0:
        rage(s)
    fired("T-DAMAGE")
    s.meter -= 1
    s.void += 1
    if s.troghammer_cards_aside:
        fired("T-TROGHAMMER-SHUFFLE")
        draw, s.rng = s.rng.shuffled(s.action_deck.draw + s.troghammer_cards_aside)
        s.action_deck = Deck(draw, s.action_deck.discard)
        s.troghammer_cards_aside = ()


def win_conditions(s) -> bool:
    """T-WIN: all 25 tiles, all three cottages burninated, no peasant on the board (the fourth
    condition, "Trogdor remains undefeated", is the caller's; T-TABLE-FLIP asks these after a
    defeat)."""
    return not s.peasants and all(s.burnt) and all(s.cottages.values())


def check_win(s) -> None:
    if s.outcome is None and win_conditions(s):
        fired("T-WIN")
        s.outcome, s.phase = "win", "over"
        raise GameEnded


def defeat_by_cards(s) -> None:
    """T-DEFEAT-CARDS: "if all players are out of Action cards, then Trogdor is defeated";
    ruling TR-CARDS-DEFEAT-RAGE decides whether the Fiery Rage follows."""
    fired("T-DEFEAT-CARDS")
    if ruling(s, "TR-CARDS-DEFEAT-RAGE") == "rage":
        rage(s)
    s.outcome, s.phase = "defeat", "over"
    raise GameEnded


def rage(s) -> None:
    """T-RAGE: "draw five movement cards ... move Trogdor along each movement path sequentially",
    with wraparound, laying waste to everything he touches from his starting tile: tiles and
    cottages burninated, peasants removed (to the Void), knights killed, the archer spared. Then
    T-TABLE-FLIP if the win conditions hold, else defeat."""
    fired("T-RAGE")
    s.trogdor_hidden = False
    s.hammer_waiting = False  # the Troghammer, a knight, is no threat after the game
    pos = s.trogdor
    if pos is not None:
        _lay_waste(s, pos)
        for _ in range(5):
            card = draw_movement(s)
            if card is None:
                break
            for d in card.path:
                pos = wrap_step(pos, d)
                _lay_waste(s, pos)
        s.trogdor = pos
    s.pieces_to_move = ()
    if win_conditions(s):
        fired("T-TABLE-FLIP")
        s.outcome = "table-flip"
    else:
        s.outcome = "defeat"
    s.phase = "over"
    raise GameEnded


def _lay_waste(s, sq: Square) -> None:
    set_burnt(s, sq, True)
    if sq in s.cottages:
        set_cottage(s, sq, True)
    s.void += s.peasants.count(sq)
    s.peasants = tuple(p for p in s.peasants if p != sq)
    s.knights = tuple(k for k in s.knights if k != sq)
    if s.troghammer == sq:
        s.troghammer = None

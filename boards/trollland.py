"""Live Trollland board: the learner picks a revealed card and clicks a cage.

Built on ``boards.common.LiveBoard``. In the loading steps the "pick" row selects which card to
load (any revealed pest, the extra card from hand after an arrow, or a dock card to swap in with a
question mark); the "load" row has one button per cage plus the Trollgat, legal or not, so a wrong
click shows the refusal with its rule ID (TL-LOAD-CAPACITY, TL-LOAD-CAGE-PEOPLE,
TL-LOAD-VEHICLE-DISTINCT, TL-BANISH-ORDER, TL-LOAD-TROLLGAT...). Other steps show their legal
actions as buttons.
"""

from __future__ import annotations

import ipywidgets as W

from boards.common import LiveBoard
from rulebook.trollland import State, apply_action, legal_actions


class TrolllandBoard(LiveBoard):
    def __init__(self, state: State, title: str = "Trollland"):
        self.selected: str | None = None
        self.swap_for: str | None = None  # the question-mark card being swapped
        self.picks = W.HBox()
        super().__init__(state, apply=apply_action, candidates=self._candidates_for, title=title)
        self.extra.children = [self.picks]

    # -- what can be clicked -------------------------------------------------------------------
    def pickable(self, s: State) -> list[str]:
        if s.phase == "load":
            revealed = [c for h in s.chosen for c in h if not s.cards.people[c].is_troll]
            cur = s.current_card()
            extra = list(s.dock) if cur and s.cards.people[cur].symbol == "question" else []
            return sorted(revealed, key=lambda c: s.cards.people[c].order) + extra
        if s.phase == "arrow":
            hand = s.hands[s.pending]
            return [c for c in hand if not s.cards.people[c].is_troll]
        return []

    def _candidates_for(self, s: State):
        picks = self.pickable(s)
        if not picks:
            self.selected = None
            return [(a.split()[0], a, a) for a in legal_actions(s)]
        if self.selected not in picks:
            self.selected = s.current_card() if s.phase == "load" else picks[0]
            self.swap_for = None
        card = self.selected
        out = []
        for b in s.row:
            for i in range(len(b.cages)):
                cage = f"{b.vehicle}.{i + 1}"
                if card in s.dock:
                    action = f"swap {self.swap_for} {card} {cage}"
                else:
                    action = f"place {card} {cage}"
                out.append(("load", f"{card} → {cage}", action))
        if card not in s.dock:
            out.append(("load", f"{card} → Trollgat", f"gat {card}"))
        return out

    def refresh(self) -> None:
        super().refresh()
        if not hasattr(self, "picks"):
            return
        buttons = []
        for cid in self.pickable(self.state):
            b = W.Button(
                description=cid,
                button_style="info" if cid == self.selected else "",
                layout=W.Layout(width="auto"),
            )
            b.on_click(lambda _b, c=cid: self.pick(c))
            buttons.append(b)
        self.picks.children = [W.HTML("<b>pick</b>&nbsp;"), *buttons] if buttons else []

    def pick(self, cid: str) -> None:
        """Select the card the cage buttons load; a dock card means a question-mark swap of the
        card now being loaded (TL-SYMBOL-QUESTION)."""
        s = self.state
        if cid in s.dock:
            self.swap_for = s.current_card()
        self.selected = cid
        self.refresh()

    def pick_button(self, cid: str) -> W.Button:
        for b in self.picks.children[1:]:
            if b.description == cid:
                return b
        raise KeyError(f"no pick button {cid!r}")


def live_board(position: str | State, title: str = "Trollland") -> TrolllandBoard:
    """A live board at a position (a State or its one-line notation)."""
    state = position if isinstance(position, State) else State.parse(position)
    return TrolllandBoard(state, title=title)

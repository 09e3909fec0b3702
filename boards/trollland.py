"""The Trollland board: click the drawing.

Two cards in hand, one after the other, to choose them; while loading, a card and then a cage (or
the Trollgat) to load it -- a dock card then a cage swaps it in for a question mark. Other steps
(expel, send, camp, the King's choice ...) are clicks on the card or player they name, or labelled
buttons. Legality is the rules' answer only: a card is matched to the legal action that names it,
and a click no legal action matches is tried anyway, so its refusal (TL-LOAD-CAPACITY,
TL-LOAD-CAGE-PEOPLE, ...) is shown with the rule's text.
"""

from __future__ import annotations

from .core import Board, Nothing, Play, Select

LOADING = ("place", "swap", "gat")
LEGEND = """
<div style='font-size:12px;line-height:1.5'>
<b>Legend</b><br>
a card: one people card (id = people + number; T = a Troll)<br>
<b>vehicles</b>: boxes of cages (V03.1 = vehicle V03, cage 1); the <b>Trollgat</b> takes the
unwanted<br>
<b>Click</b>: two cards in hand to choose them; a card, then a cage or the Trollgat, to load it; a cage, to send its vehicle off when that is the step.<br>
<span style='color:#1a7f37'>green dashed ring</span> = legal now;
<span style='color:#0969da'>blue</span> = selected
</div>
"""


def _args(a) -> list[str]:
    return [x.name if hasattr(x, "name") else str(x) for x in a.args]


class TrolllandBoard(Board):
    legend_html = LEGEND

    def __init__(self, state, title: str = "Trollland"):
        super().__init__(state, title=title)

    def _loading(self) -> list:
        return [a for a in self.legal().values() if a.verb in LOADING]

    def _card(self) -> str | None:
        """The card a cage click loads: the selected one, else the only card being loaded."""
        if self.selection:
            return self.selection[0].split(":", 1)[1]
        cards = {_args(a)[0] for a in self._loading() if a.verb != "swap"}
        return cards.pop() if len(cards) == 1 else None

    def resolve(self, target: str):
        phase = getattr(self.state, "phase", "")
        kind, _, name = target.partition(":")
        if kind == "card" and name not in self.state.cards.people:  # e.g. another game's card
            return Nothing(f"{name}: not a Trollland people card")
        if kind == "card" and phase == "choose":
            picked = [t.split(":", 1)[1] for t in self.selection]
            if name in picked:
                return Select((), f"{name} put back")
            if picked:
                other = picked[0]
                for a in self.legal().values():
                    if a.verb == "choose" and set(_args(a)) == {other, name}:
                        return Play(a)
                return Play(f"choose {other} {name}")
            ok = any(a.verb == "choose" and name in _args(a) for a in self.legal().values())
            return Select((target,), f"{name}: now click a second card to choose both", ok)
        if kind == "card":
            loads = [a for a in self._loading() if name in _args(a)]
            if loads:
                if self.selection == (target,):
                    return Select((), f"{name} put back")
                return Select((target,), f"{name}: now click a cage or the Trollgat")
            if self.mentioning(target):
                return super().resolve(target)
            if phase in ("load", "arrow"):
                return Select((target,), f"{name}: click a cage or the Trollgat", False)
            return Nothing(f"{name}: nothing to do with this card now")
        if kind == "cage" or target == "gat":
            card = self._card()
            vehicle = name.split(".", 1)[0]
            named = [a for a in self.legal().values() if vehicle in _args(a)]
            if card is None and named:  # e.g. send the vehicle off: click any of its cages
                return super().resolve(f"vehicle:{vehicle}")
            if card is None:
                return Nothing("pick a card first, then the cage")
            where = "Trollgat" if target == "gat" else name
            for a in self._loading():
                args = _args(a)
                if card in args and (args[-1] == name if kind == "cage" else a.verb == "gat"):
                    return Play(a, f"{card} → {where}")
            if target == "gat":
                return Play(f"gat {card}", f"{card} → Trollgat")
            swaps = [a for a in self._loading() if a.verb == "swap" and card in _args(a)]
            if swaps:  # a dock card swapped in for the question mark: the same card, this cage
                q = _args(swaps[0])[0]
                return Play(f"swap {q} {card} {name}", f"{card} → {where}")
            return Play(f"place {card} {name}", f"{card} → {where}")
        return super().resolve(target)

    def covers(self, action) -> bool:
        return action.verb in ("choose", *LOADING)

    def pick(self, cid: str) -> None:
        """Select ``cid`` (as a click on it does)."""
        self.click(f"card:{cid}")


def live_board(position, title: str = "Trollland") -> TrolllandBoard:
    """A live board at a position (a State or its one-line notation)."""
    import rulebook

    state = rulebook.parse(position) if isinstance(position, str) else position
    return TrolllandBoard(state, title=title)

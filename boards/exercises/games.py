"""Ready-made exercises for each game: which targets a click question offers and which actions
would do the asked thing there, and the numbers solvers and scoring compute."""

from __future__ import annotations

import re

import drawings
import rulebook

from ..core import check_index
from .kinds import ClickExercise, NumberExercise

TARGET = re.compile(r"""data-target=["']([^"']+)["']""")


def targets(state, prefix: str = "") -> list[str]:
    """The drawing's clickable targets (``data-target``) starting with ``prefix``."""
    svg = drawings.svg(state)
    return [t for t in dict.fromkeys(TARGET.findall(svg)) if t.startswith(prefix)]


# ---- Trogdor!! ----------------------------------------------------------------------------------
def burn_candidates(state) -> dict[str, list[str]]:
    """Each square -> the burn actions that burninate there (his own square: tile, cottage,
    peasant, what stands there first, so a wrong click is explained by the rule about it;
    elsewhere the long-range forms)."""
    here = str(state.trogdor) if state.trogdor is not None else None
    out = {}
    for sq in (t for t in targets(state) if ":" not in t):
        if sq == here:
            cottage = {str(k): v for k, v in state.cottages.items()}.get(sq) is False
            peasant = sq in map(str, state.peasants)
            out[sq] = sorted(["burn tile", "burn cottage", "burn peasant"],
                             key=lambda a: -(cottage and a == "burn cottage")
                             - (peasant and a == "burn peasant"))  # fmt: skip
        else:
            out[sq] = [f"burn tile at {sq}", f"burn peasant at {sq}"]
    return out


def burninate_squares(state, **kw) -> ClickExercise:
    """Click every square where Trogdor may burninate now."""
    kw.setdefault("hint", "Burning costs AP and needs an unburnt tile (or a cottage or peasant) "
                          "on Trogdor's square, unless a card gives a long-range burn.")  # fmt: skip
    return ClickExercise(state, "Click every square where Trogdor may burninate now.",
                         burn_candidates, **kw)  # fmt: skip


def fewest_ap_to_burn(state, square: str, **kw) -> NumberExercise:
    """Fewest AP to burninate the cottage on ``square`` (the A* solver answers)."""

    def compute(s):
        from solvers.trogdor import min_ap_cottage

        r = min_ap_cottage(s, square)
        if r.ap is None:
            return None, f"impossible: {r.reason}"
        return r.ap, "plan: " + ", ".join(r.actions)

    kw.setdefault("hint", f"Trogdor is on {state.trogdor}: count the moves to reach {square}, "
                          f"then the burns its cottage needs: its tile and every tile around it "
                          "(T-BURN-COTTAGE), each burn 1 AP.")  # fmt: skip
    return NumberExercise(state, f"Fewest AP to burninate the cottage on {square}?", compute,
                          impossible=True, **kw)  # fmt: skip


# ---- Trollland ----------------------------------------------------------------------------------
def cages_for(card: str):
    def candidates(state) -> dict[str, list[str]]:
        return {t: [f"place {card} {t.split(':', 1)[1]}"] for t in targets(state, "cage:")}

    return candidates


def cages_click(state, card: str, **kw) -> ClickExercise:
    """Click the cages ``card`` may go into."""
    kw.setdefault("hint", "A cage holds one people only, up to its capacity; the smallest "
                          "revealed card is loaded first.")  # fmt: skip
    return ClickExercise(state, f"Click the cages {card} may go into.", cages_for(card), **kw)


def points(state, player: int, **kw) -> NumberExercise:
    """Points ``player`` (0-based) scores in this position (TL-SCORE-*)."""

    check_index("player", player, 0, state.players - 1, "points (0-based: 0 is P1)")

    def compute(s):
        from rulebook.trollland.scoring import score

        sc = score(s, player)
        return sc.total, "; ".join(sc.lines())

    from rulebook.trollland.scoring import score

    parts = [line.split(":")[0] for line in score(state, player).lines()[:-1]]
    kw.setdefault("hint", f"Add up P{player + 1}'s {', '.join(parts)} (TL-SCORE-*); each "
                          "refugee in the Trollgat is -2.")  # fmt: skip
    return NumberExercise(state, f"How many points does P{player + 1} score here?", compute, **kw)


def vehicle_points(state, player: int, **kw) -> NumberExercise:
    """Zeal points ``player`` (0-based) scores from the vehicles taken (TL-SCORE-MEDALS)."""

    check_index("player", player, 0, state.players - 1, "vehicle_points (0-based: 0 is P1)")

    def compute(s):
        from rulebook.trollland.scoring import score

        medals = [(v, s.cards.vehicles[v].medals) for v in s.vehicles_won[player]]
        why = ", ".join(f"{v}: {m}" for v, m in medals) or "no vehicle taken"
        return score(s, player).vehicle_medals, f"one point per medal ({why})"

    kw.setdefault("hint", "Each vehicle taken scores the medals printed on it.")
    return NumberExercise(state, f"How many points do P{player + 1}'s vehicles score?", compute,
                          **kw)  # fmt: skip


# ---- Random Encounter ---------------------------------------------------------------------------
def attack_candidates(mine: int):
    def candidates(state) -> dict[str, list[str]]:
        me = rulebook.game_of(state).to_move(state)
        out = {}
        for t in targets(state, "encounter:"):
            p, e = t.split(":", 1)[1].split(".")
            if int(p[1:]) != me + 1:
                out[t] = [f"battle {mine} {p}:{e[1:]}"]
        return out

    return candidates


def attack_click(state, mine: int = 1, **kw) -> ClickExercise:
    """Click the encounters the player to move may attack with encounter ``mine``."""
    me = rulebook.game_of(state).to_move(state) + 1
    kw.setdefault("hint", "You attack another player's encounter that has not been defeated.")
    return ClickExercise(state, f"Click the encounters P{me} may attack with its E{mine}.",
                         attack_candidates(mine), **kw)  # fmt: skip


def battle_level(state, player: int, slot: int, **kw) -> NumberExercise:
    """The combined level encounter ``slot`` (1-based) of ``player`` (0-based) fights with."""

    from rulebook.encounter.state import SLOTS

    check_index("player", player, 0, len(state.encounters) - 1, "battle_level (0-based: 0 is P1)")
    check_index("slot", slot, 1, SLOTS, "battle_level (1-based: E1..E5)")

    def compute(s):
        from rulebook.encounter.battle import BattleRules, summarise

        rules = BattleRules.from_rulings(s.rulings, s.variants)
        ids = s.encounters[player][slot - 1]
        summary = summarise(ids, s.cards, rules)
        total = summary.level(rules)
        levels = " + ".join(f"{c} ({s.cards.level(c)})" for c in ids)
        doubled = " (doubled: Strength in Numbers)" if rules.sin and summary.doubled else ""
        return total, f"{levels or 'no cards'} = {total}{doubled}"

    cards = ", ".join(state.encounters[player][slot - 1]) or "no cards"
    kw.setdefault("hint", f"Add the levels of {cards} (Strength in Numbers doubles, if it is "
                          "in play).")  # fmt: skip
    return NumberExercise(state, f"What level does P{player + 1}'s E{slot} fight with?",
                          compute, **kw)  # fmt: skip

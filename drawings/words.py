"""What an action changed on the board, in short plain words ("Trogdor moves C3 → C2; C3 burns;
the Void: 2 → 3 peasants"), read from the notation before and after, so predict choices and
feedback speak of the board, not of notation fields (the exercises, ``boards/exercises``), and
the CLI's witnesses and ruling differences say what happened (``trogkit <game> witness``). Each
game names its fields once here (the learner's words for them); fields not named are bookkeeping
(random draws, rulings, take-back counters) and are not mentioned. Words for people, not rules:
outside the rulebook, beside the pictures."""

from __future__ import annotations

import rulebook

from .gallery import fields_of

# field -> (what a learner calls it, how its value reads):
#   "count"/"value": old → new; "squares": pieces on squares (what left, what came); "where": a square or "-"; "set": a list, said as what left and came;
#   "players": one list per player ("/"); "counts": one number per player; "slots": per player, per slot ("|") a list;
#   "grid": Trogdor's tiles (lower case = burnt); "row": Trollland's vehicles and cages
WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "trogdor": {
        "tiles": ("", "grid"), "cottages_burnt": ("cottage", "squares"),
        "trogdor": ("Trogdor", "where"), "hidden": ("Trogdor hidden", "value"),
        "peasants": ("peasant", "squares"), "knights": ("knight", "squares"),
        "archer": ("the archer", "where"), "hammer": ("the Troghammer", "value"),
        "meter": ("Trog-meter", "count"), "void": ("the Void (peasants)", "count"),
        "phase": ("phase", "value"), "ap": ("AP", "count"), "turn": ("turn", "count"),
        "player": ("player to move", "value"), "hands": ("hand", "players"),
        "keepers": ("keeper", "players"), "items": ("item", "players"),
        "banked": ("banked AP", "counts"), "played": ("card played", "value"),
        "powers": ("cards in force", "set"), "mcard": ("movement card", "value"),
        "outcome": ("the game ends", "value"),
    },
    "trollland": {
        "phase": ("step", "value"), "turn": ("turn", "count"), "hands": ("hand", "players"),
        "chosen": ("chosen card", "players"), "dock": ("dock", "set"),
        "row": ("", "row"), "won": ("people won", "players"), "veh": ("vehicle", "players"),
        "prison": ("prison", "players"), "gat": ("Trollgat", "players"),
        "bonus": ("bonus card", "set"),
    },
    "encounter": {
        "round": ("round", "count"), "phase": ("phase", "value"), "turn": ("player to move", "value"),
        "wins": ("battles won", "counts"), "outcome": ("winner", "value"),
        "market": ("market", "set"), "hands": ("hand", "players"), "enc": ("encounter", "slots"),
        "won": ("cards won", "players"), "loot": ("loot", "counts"),
    },
}  # fmt: skip
WORDS["encounter-solo"] = WORDS["encounter"]


def items(text: str) -> list[str]:
    return [] if text in ("", "-") else text.split(",")


def _moved(label: str, old: list[str], new: list[str]) -> list[str]:
    gone = [x for x in old if x not in new]
    came = [x for x in new if x not in old]
    out = []
    if gone:
        out.append(f"{label}: {', '.join(gone)} gone")
    if came:
        out.append(f"{label}: {', '.join(came)} added")
    return out


def _on_squares(piece: str, old: list[str], new: list[str]) -> list[str]:
    gone = [x for x in old if x not in new]
    came = [x for x in new if x not in old]
    if piece == "cottage":  # cottages never move: a square listed is a burnt cottage
        return [f"the cottage on {x} burns" for x in came]
    if len(gone) == len(came) == 1:
        return [f"the {piece} on {gone[0]} goes to {came[0]}"]
    out = [f"the {piece} on {x} leaves the board" for x in gone]
    return out + [f"a {piece} comes onto {x}" for x in came]


def _grid(old: str, new: str) -> list[str]:
    rows_o, rows_n = old.split("/"), new.split("/")
    burns, mends = [], []
    burnt = lambda ch: ch.islower() or ch == "#"  # noqa: E731 - a plain tile burns to "#"
    for r, (ro, rn) in enumerate(zip(rows_o, rows_n, strict=False), 1):
        for c, (a, b) in enumerate(zip(ro, rn, strict=False)):
            sq = f"{'ABCDE'[c]}{r}"
            if burnt(b) and not burnt(a):
                burns.append(sq)
            elif burnt(a) and not burnt(b):
                mends.append(sq)
    out = []
    if burns:
        out.append(f"{', '.join(burns)} {'burns' if len(burns) == 1 else 'burn'}")
    if mends:
        out.append(f"{', '.join(mends)} {'is' if len(mends) == 1 else 'are'} unburnt again")
    return out


def _row(old: str, new: str) -> list[str]:
    """Trollland's row: ``V10:cage|cage/V04:cage`` -> what went into or left which cage."""

    def cages(text: str) -> dict[str, list[str]]:
        out = {}
        for vehicle in [] if text in ("", "-") else text.split("/"):
            name, _, rest = vehicle.partition(":")
            for i, cage in enumerate(rest.split("|"), 1):
                out[f"{name} cage {i}"] = items(cage)
        return out

    before, after = cages(old), cages(new)
    out = []
    for cage in dict.fromkeys([*before, *after]):
        o, n = before.get(cage, []), after.get(cage, [])
        came, gone = [x for x in n if x not in o], [x for x in o if x not in n]
        if came:
            out.append(f"{', '.join(came)} into {cage}")
        if gone:
            out.append(f"{', '.join(gone)} out of {cage}")
    if set(before) != set(after):
        left = sorted({c.split(" cage")[0] for c in before} - {c.split(" cage")[0] for c in after})
        if left:
            out.append(f"{', '.join(left)} leaves the row")
    return out


def phrases(before, after) -> list[str]:
    """What changed from ``before`` to ``after``, as short phrases, in the notation's order."""
    words = WORDS.get(rulebook.game_of(before).name, {})
    old, new = fields_of(before), fields_of(after)
    out: list[str] = []
    for key, (label, how) in words.items():
        a, b = old.get(key, "-"), new.get(key, "-")
        if a == b:
            continue
        if how == "grid":
            out += _grid(a, b)
        elif how == "row":
            out += _row(a, b)
        elif how == "squares":
            out += _on_squares(label, items(a), items(b))
        elif how == "set":
            out += _moved(label, items(a), items(b))
        elif how in ("players", "slots", "counts"):
            pa, pb = a.split("/"), b.split("/")
            for p, (x, y) in enumerate(zip(pa, pb, strict=False), 1):
                if x == y:
                    continue
                if how == "counts":
                    out.append(f"P{p}'s {label}: {x} → {y}")
                    continue
                if how == "players":
                    out += _moved(f"P{p}'s {label}", items(x), items(y))
                    continue
                sx, sy = x.split("|"), y.split("|")
                for e, (u, v) in enumerate(zip(sx, sy, strict=False), 1):
                    if u != v:
                        out += _moved(f"P{p}'s {label} E{e}", items(u), items(v))
        elif how == "where" and b == "-":
            out.append(f"{label} leaves the board")
        elif how == "where" and a == "-":
            out.append(f"{label} enters on {b}")
        elif how == "where":
            out.append(f"{label} moves {a} → {b}")
        else:
            out.append(f"{label}: {a} → {b}")
    return out


def change_words(before, after) -> str:
    """One short sentence of what changed ("nothing changes on the board" if nothing did)."""
    said = phrases(before, after)
    return "; ".join(said) if said else "nothing changes on the board"

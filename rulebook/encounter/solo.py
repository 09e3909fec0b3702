"""Solo Adventure Mode: ride the path, discover, build, battle, loot/recruit, collect four Keys and
beat the Final Encounter in the Boss room.

Actions (text):
  ride Y3a     discard Y3a from your hand, move forward its level           (RE-SOLO-RIDE)
  stay         take on the encounter where you stand                        (RE-SOLO-TURN)
  build Y3a    add a hand card to your encounter                            (RE-SOLO-BUILD)
  battle       fight the encounter where you stand                          (RE-SOLO-BATTLE)
  recruit Y3a  after a win, add one defeated creature to your hand ("recruit -" for none)
  boss         with four Keys, head for the Boss room (then build ..., enter)  (RE-SOLO-BOSS-ROOM)
  enter        discard your hand, flip the Final Encounter and battle it
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.common.errors import NotationError
from rulebook.common.notation import fmt_list, join_fields, parse_int, parse_list, split_fields
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet

from .battle import BattleRules, composition_problem, resolve
from .cards import CardSet, default_cards
from .common import check_cards, fmt_groups, parse_groups, refuse, rulings_from

SPACES = 12
COLUMNS = 4
PER_COLUMN = 3
SIZES = [c + 1 for c in range(COLUMNS) for _ in range(PER_COLUMN)]  # RE-SOLO-LAYOUT
PHASES = ("ride", "build", "loot", "bossbuild", "over")


def space_xy(i: int) -> tuple[int, int]:
    """(column, row from the bottom) of path space ``i``: up each column, then the next one."""
    return i // PER_COLUMN, i % PER_COLUMN


@dataclass
class SoloState:
    GAME = "encounter-solo"  # registry name (rulebook.game_of)

    phase: str
    pos: int
    hand: list[str]
    mine: list[str]
    spaces: list[list[str]]  # the 12 enemy encounters (Keys included); [] = cleared
    up: list[bool]  # face up?
    keys: list[str]  # Keys set aside
    boss_deck: list[str]
    final: list[str]  # Final Encounter, Boss on top (first)
    discard: list[str]
    removed: list[str]  # out of the game
    defeated: list[str]  # creatures to recruit from (phase loot)
    rulings: RulingSet = None  # type: ignore[assignment]
    rng: Rng = field(default_factory=lambda: Rng(0))
    outcome: str = "-"  # "-", "win", "loss"
    sin: bool = False  # Strength in Numbers (RE-VAR-SIN, "any game mode")
    cards: CardSet = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    last: str = field(default="", compare=False)

    def __post_init__(self):
        self.rulings = rulings_from(self.rulings)
        if self.cards is None:
            self.cards = default_cards()

    def copy(self) -> SoloState:
        new = object.__new__(type(self))  # cheaper than copy.copy; lists replaced below
        new.__dict__.update(self.__dict__)
        for f in (
            "hand",
            "mine",
            "up",
            "keys",
            "boss_deck",
            "final",
            "discard",
            "removed",
            "defeated",
        ):
            setattr(new, f, list(getattr(self, f)))
        new.spaces = [list(s) for s in self.spaces]
        new.rng = self.rng.copy()
        return new

    @property
    def battle_rules(self) -> BattleRules:
        return BattleRules.from_rulings(self.rulings, ("sin",) if self.sin else ())

    def enemy(self, i: int | None = None) -> list[str]:
        """The encounter on space ``i`` without its Keys (RE-SOLO-DISCOVER-KEY)."""
        i = self.pos if i is None else i
        return [c for c in self.spaces[i] if self.cards[c].kind != "key"]

    def remaining(self) -> int:
        return sum(1 for s in self.spaces if s)

    def all_cards(self) -> list[str]:
        out = self.hand + self.mine + self.keys + self.boss_deck + self.final
        out += self.discard + self.removed + self.defeated
        return out + [c for s in self.spaces for c in s]

    FIELDS = [
        "mode", "phase", "pos", "variants", "rulings", "rng", "outcome", "hand", "mine", "keys",
        "spaces", "up", "boss", "final", "defeated", "discard", "removed",
    ]  # fmt: skip

    def __str__(self) -> str:
        return join_fields(
            [
                ("mode", "solo"),
                ("phase", self.phase),
                ("pos", str(self.pos + 1)),
                ("variants", "sin" if self.sin else "-"),
                ("rulings", self.rulings.notation()),
                ("rng", str(self.rng)),
                ("outcome", self.outcome),
                ("hand", fmt_list(self.hand)),
                ("mine", fmt_list(self.mine)),
                ("keys", fmt_list(self.keys)),
                ("spaces", fmt_groups(self.spaces, "/", "+")),
                ("up", "".join("1" if u else "0" for u in self.up)),
                ("boss", fmt_list(self.boss_deck)),
                ("final", fmt_list(self.final)),
                ("defeated", fmt_list(self.defeated)),
                ("discard", fmt_list(self.discard)),
                ("removed", fmt_list(self.removed)),
            ]
        )

    __repr__ = __str__

    @classmethod
    def parse(cls, text: str, cards: CardSet | None = None) -> SoloState:
        cards = cards or default_cards()
        f = split_fields(text, cls.FIELDS)
        if f["mode"] != "solo":
            raise NotationError("mode must be 'solo' for a Solo Adventure position", where="mode")
        if f["phase"] not in PHASES:
            raise NotationError(f"phase must be one of {', '.join(PHASES)}", where="phase")
        spaces = parse_groups(f["spaces"], "/", "+")
        if len(spaces) != SPACES:
            raise NotationError(f"needs {SPACES} spaces, got {len(spaces)}", where="spaces")
        up = f["up"]
        if len(up) != SPACES or set(up) - {"0", "1"}:
            raise NotationError(f"up is {SPACES} digits 0/1", where="up")
        if f["variants"] not in ("-", "sin"):
            raise NotationError("solo variants are '-' or 'sin'", where="variants")
        if f["outcome"] not in ("-", "win", "loss"):
            raise NotationError("outcome is -, win or loss", where="outcome")
        try:
            rulings = rulings_from(f["rulings"])
        except NotationError as e:
            raise NotationError(e.message, where="rulings") from None
        st = cls(
            phase=f["phase"],
            pos=parse_int(f["pos"], "pos", lo=1, hi=SPACES) - 1,
            hand=parse_list(f["hand"]),
            mine=parse_list(f["mine"]),
            spaces=spaces,
            up=[u == "1" for u in up],
            keys=parse_list(f["keys"]),
            boss_deck=parse_list(f["boss"]),
            final=parse_list(f["final"]),
            discard=parse_list(f["discard"]),
            removed=parse_list(f["removed"]),
            defeated=parse_list(f["defeated"]),
            rulings=rulings,
            rng=Rng.parse(f["rng"]),
            outcome=f["outcome"],
            cards=cards,
            sin=f["variants"] == "sin",
        )
        allc = st.all_cards()
        check_cards(allc, cards, "cards")
        return st

    def _repr_svg_(self) -> str:
        from .svg import solo_svg

        return solo_svg(self)


def new_adventure(seed: int = 0, *, rulings=None, sin: bool = False, cards=None) -> SoloState:
    """Set up a Solo Adventure (RE-SOLO-DECKS, RE-SOLO-FINAL, RE-SOLO-KEYS-IN, RE-SOLO-LAYOUT)."""
    cards = cards or default_cards()
    rng = Rng(seed)
    main = rng.shuffle(cards.ids("encounter"))
    hand, main = main[:9], main[9:]
    boss_deck = rng.shuffle(cards.ids("boss"))
    final = [boss_deck.pop(0)] + main[:6]
    main = rng.shuffle(main[6:])
    removed, main = main[:4], main[4:]
    main = rng.shuffle(main + cards.ids("key"))
    spaces, k = [], 0
    for size in SIZES:
        spaces.append(main[k : k + size])
        k += size
    st = SoloState(
        phase="ride", pos=0, hand=hand, mine=[], spaces=spaces, up=[False] * SPACES, keys=[],
        boss_deck=boss_deck, final=final, discard=list(main[k:]), removed=removed, defeated=[],
        rulings=rulings_from(rulings), rng=rng, cards=cards, sin=sin,
    )  # fmt: skip
    return st


# ---------------------------------------------------------------------------- discover
def _replace_illegal(st: SoloState, group: list[str]) -> list[str]:
    """RE-SOLO-DISCOVER-ILLEGAL on one encounter (Keys kept aside, untouched)."""
    keys = [c for c in group if st.cards[c].kind == "key"]
    body = [c for c in group if st.cards[c].kind != "key"]
    stars = [st.cards[c].star for c in body]
    bad: list[str] = []
    if "red" in stars and "blue" in stars:
        reds = [c for c in body if st.cards[c].star == "red"]
        blues = [c for c in body if st.cards[c].star == "blue"]
        if st.rulings["RER-DISCOVER-REPLACE"] == "all-offending":
            bad = reds + blues
        else:
            bad = reds if len(reds) < len(blues) else blues
    elif len(body) == 1 and stars[0] == "green":
        bad = body
    out = [c for c in body if c not in bad]
    for c in bad:
        st.discard.append(c)
        if st.boss_deck:
            out.append(st.boss_deck.pop(0))
    return out + keys


def _discover(st: SoloState, i: int) -> None:
    if st.spaces[i] and not st.up[i]:  # RE-SOLO-DISCOVER
        st.up[i] = True
        st.spaces[i] = _replace_illegal(st, st.spaces[i])


def _ride_target(st: SoloState, steps: int) -> int:
    if st.rulings["RER-RIDE-CLEARED"] == "count-all":
        return (st.pos + steps) % SPACES
    pos, moved = st.pos, 0
    if not st.remaining():
        return pos
    while moved < steps:
        pos = (pos + 1) % SPACES
        if st.spaces[pos]:
            moved += 1
    return pos


# ---------------------------------------------------------------------------- actions
def legal_actions(st: SoloState) -> list[str]:
    out: list[str] = []
    if st.phase == "ride":
        out += [f"ride {c}" for c in sorted(set(st.hand))]
        if st.spaces[st.pos] and (st.mine or st.hand):
            out.append("stay")
        if len(st.keys) == 4:
            out.append("boss")
    elif st.phase in ("build", "bossbuild"):
        out += [f"build {c}" for c in sorted(set(st.hand)) if _build_problem(st, c) is None]
        if st.phase == "build" and _battle_problem(st) is None:
            out.append("battle")
        if st.phase == "bossbuild" and _battle_problem(st) is None:
            out.append("enter")
    elif st.phase == "loot":
        out += [f"recruit {c}" for c in sorted(set(st.defeated))] + ["recruit -"]
    return out


def _build_problem(st: SoloState, c: str):
    prob = composition_problem(st.mine + [c], st.cards)
    if prob and prob[0] == "RE-COMPOSE-RED-BLUE":
        return prob
    return None


def _battle_problem(st: SoloState):
    if not st.mine:
        return ("RE-SOLO-BUILD-MUST", "your encounter is empty: build one before battling")
    return composition_problem(st.mine, st.cards)


def apply_action(st: SoloState, action: str) -> SoloState:
    """The state after ``action``; raises RuleError (state untouched) when illegal."""
    if not isinstance(action, str) or not action.split():
        raise NotationError("empty action")
    w = action.split()
    verb, args = w[0], w[1:]
    shapes = {"ride": 1, "stay": 0, "build": 1, "battle": 0, "recruit": 1, "boss": 0, "enter": 0}
    if verb not in shapes:
        raise NotationError(f"unknown action {verb!r}; actions: {', '.join(shapes)}", text=action)
    if len(args) != shapes[verb]:
        raise NotationError(f"{verb!r} takes {shapes[verb]} argument(s)", text=action)
    if st.outcome != "-":
        raise refuse(
            "RE-SOLO-LOSS" if st.outcome == "loss" else "RE-SOLO-WIN", "the adventure is over"
        )
    new = st.copy()
    new.last = ""
    phase_of = {"ride": "ride", "stay": "ride", "boss": "ride", "battle": "build",
                "recruit": "loot", "enter": "bossbuild"}  # fmt: skip
    if verb == "build":
        if st.phase not in ("build", "bossbuild"):
            raise refuse(
                "RE-SOLO-TURN", f"you build after riding/discovering, not in the {st.phase} phase"
            )
    elif st.phase != phase_of[verb]:
        raise refuse("RE-SOLO-TURN", f"'{verb}' is not part of the {st.phase} step")
    getattr(_Do, verb)(new, *args)
    if new.outcome == "-" and not legal_actions(new):
        new.outcome, new.phase = "loss", "over"  # RE-SOLO-LOSS
        new.last += " -- no action left: the adventure is lost"
    return new


class _Do:
    @staticmethod
    def ride(st: SoloState, c: str) -> None:
        if c not in st.hand:
            raise refuse("RE-SOLO-RIDE", f"{c} is not in your hand")
        st.hand.remove(c)
        st.discard.append(c)
        lvl = st.cards.level(c)
        st.pos = _ride_target(st, lvl)
        st.last = f"rode {lvl} space(s) to space {st.pos + 1}"
        if st.spaces[st.pos]:
            _discover(st, st.pos)
            st.phase = "build"
        # a cleared space: nothing to battle, the turn ends (phase stays ride)

    @staticmethod
    def stay(st: SoloState) -> None:
        if not st.spaces[st.pos]:
            raise refuse("RE-SOLO-TURN", "this space is cleared: ride on")
        if not st.mine and not st.hand:
            raise refuse("RE-SOLO-BUILD-MUST", "no encounter and no cards to build one")
        _discover(st, st.pos)
        st.phase = "build"

    @staticmethod
    def build(st: SoloState, c: str) -> None:
        if c not in st.hand:
            raise refuse("RE-SOLO-BUILD", f"{c} is not in your hand")
        prob = _build_problem(st, c)
        if prob:
            raise refuse(*prob)
        st.hand.remove(c)
        st.mine.append(c)

    @staticmethod
    def battle(st: SoloState) -> None:
        prob = _battle_problem(st)
        if prob:
            raise refuse(*prob)
        i = st.pos
        enemy = st.enemy(i)
        keys = [c for c in st.spaces[i] if st.cards[c].kind == "key"]
        res = resolve(st.mine, enemy, st.cards, st.battle_rules)
        st.last = f"{'+'.join(st.mine)} vs {'+'.join(enemy) or 'nothing'}: {res}"
        green = [c for c in st.mine + enemy if st.cards[c].star == "green"]
        st.discard += green  # RE-SOLO-GREEN-DISCARD
        st.mine = [c for c in st.mine if c not in green]
        enemy = [c for c in enemy if c not in green]
        tie = st.rulings["RER-SOLO-TIE"]
        if res.winner == "A" or (res.winner == "tie" and tie == "discard-both"):
            st.keys += keys  # RE-SOLO-LOOT
            st.spaces[i] = []
            if res.winner == "A" and enemy:
                st.defeated = enemy
                st.phase = "loot"
                st.last += " => you win"
            else:
                st.discard += enemy
                if res.winner == "tie":
                    st.discard += st.mine  # RE-RESOLVE-TIE
                    st.mine = []
                st.phase = "ride"
                st.last += " => you win" if res.winner == "A" else " => tie: both discarded"
        else:  # RE-SOLO-LOSE: the enemy stays face up
            st.discard += st.mine
            st.mine = []
            st.spaces[i] = enemy + keys
            st.phase = "ride"
            st.last += " => you lose"

    @staticmethod
    def recruit(st: SoloState, c: str) -> None:
        if c != "-" and c not in st.defeated:
            raise refuse("RE-SOLO-LOOT", f"{c} is not one of the defeated creatures")
        if c != "-":
            st.hand.append(c)
        st.discard += [d for d in st.defeated if d != c]
        st.defeated = []
        st.phase = "ride"

    @staticmethod
    def boss(st: SoloState) -> None:
        if len(st.keys) != 4:
            raise refuse(
                "RE-SOLO-BOSS-ROOM", f"the Boss room needs all four Keys; you have {len(st.keys)}"
            )
        st.phase = "bossbuild"

    @staticmethod
    def enter(st: SoloState) -> None:
        prob = _battle_problem(st)
        if prob:
            raise refuse(*prob)
        st.discard += st.hand
        st.hand = []
        for i in range(SPACES):  # remaining enemies and the Keys leave the game
            st.removed += st.spaces[i]
            st.spaces[i] = []
        st.removed += st.keys
        st.keys = []
        final = _replace_illegal(st, st.final)  # treated as a Discover
        res = resolve(st.mine, final, st.cards, st.battle_rules)
        st.last = f"{'+'.join(st.mine)} vs Final Encounter {'+'.join(final)}: {res}"
        st.discard += st.mine + final
        st.mine, st.final = [], []
        st.outcome = "win" if res.winner == "A" else "loss"  # RE-SOLO-WIN / RE-SOLO-LOSS
        st.phase = "over"
        st.last += " => ADVENTURE WON" if res.winner == "A" else " => the adventure is lost"


def is_terminal(st: SoloState) -> bool:
    return st.outcome != "-"

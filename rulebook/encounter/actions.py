"""The action languages of both modes: typed arguments, one canonical text per action.

Multiplayer (numbers 1-based in text, 0-based in the Action's args):
  pick Y3a            Creature Market: take a face-up card            (RE-VAR-MARKET)
  put Y3a 2           build: put a hand card into encounter 2         (RE-BUILD-FIVE)
  unput Y3a           build: take it back (a take-back, RE-BUILD-TAKEBACK)
  loot 2              build: the Loot die behind encounter 2          (RE-LOOT-PLACE)
  done                build: finished (five legal encounters, loot placed)
  battle 2 P3:4       your encounter 2 against player 3's encounter 4 (RE-BATTLE-ORDER)

Solo Adventure:
  ride Y3a  stay  build Y3a  battle  recruit Y3a  recruit -  boss  enter
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from rulebook.common.actions import Action, Grammar
from rulebook.common.errors import NotationError
from rulebook.common.notation import Codec, Token, excerpt, parse_int

SLOTS = 5  # RE-BUILD-FIVE: "each player must have five separate encounters"
CARD = Token("card id")


@dataclass(frozen=True, order=True)
class Index:
    """A 0-based index written 1-based (encounter numbers)."""

    value: int
    name: str = field(init=False, compare=False, repr=False)  # the text, computed once

    def __post_init__(self):
        object.__setattr__(self, "name", str(self.value + 1))


@dataclass(frozen=True, order=True)
class Target:
    """Another player's encounter, written ``P3:4`` (player 3, encounter 4); 0-based inside."""

    player: int
    encounter: int
    name: str = field(init=False, compare=False, repr=False)  # the text, computed once

    def __post_init__(self):
        object.__setattr__(self, "name", f"P{self.player + 1}:{self.encounter + 1}")


@dataclass(frozen=True)
class EncounterNo(Codec):
    def fmt(self, value) -> str:
        return value.name

    def parse(self, text: str, where: str) -> Index:
        return Index(parse_int(text, where, lo=1, hi=SLOTS) - 1)


@dataclass(frozen=True)
class TargetCodec(Codec):
    def fmt(self, value) -> str:
        return value.name

    def parse(self, text: str, where: str) -> Target:
        player, sep, enc = text[1:].partition(":")
        if text[:1] != "P" or not sep:
            raise NotationError(
                f"{excerpt(text)!r}: a target is P<player>:<encounter>, e.g. P2:3", where=where
            )
        return Target(
            parse_int(player, where, lo=1, hi=5) - 1, parse_int(enc, where, lo=1, hi=SLOTS) - 1
        )


ENC = EncounterNo()

MULTI = Grammar(
    "encounter",
    {
        "pick": (CARD,),
        "put": (CARD, ENC),
        "unput": (CARD,),
        "loot": (ENC,),
        "done": (),
        "battle": (ENC, TargetCodec()),
    },
)

SOLO = Grammar(
    "encounter-solo",
    {
        "ride": (CARD,),
        "stay": (),
        "build": (CARD,),
        "battle": (),
        "recruit": (CARD,),
        "recruit -": (),  # recruit nobody
        "boss": (),
        "enter": (),
    },
)


# Actions are values: those of the encounter numbers are made once, and every card carries its own
# (``CardActions``, made with the card).
ENCOUNTERS = tuple(Index(i) for i in range(SLOTS))  # encounter numbers, 1..5 in text
LOOTS = tuple(Action("loot", (e,)) for e in ENCOUNTERS)
DONE = Action("done")
BATTLES = tuple(tuple(tuple(Action("battle", (mine, Target(q, t))) for t in range(SLOTS))
                      for q in range(5)) for mine in ENCOUNTERS)  # fmt: skip


class CardActions(NamedTuple):
    """The actions that name one card."""

    puts: tuple[Action, ...]  # into encounter 1..5
    unput: Action
    pick: Action
    ride: Action  # Solo Adventure
    build: Action
    recruit: Action


def card_actions(card: str) -> CardActions:
    one = (card,)
    return CardActions(tuple(Action("put", (card, e)) for e in ENCOUNTERS), Action("unput", one),
                       Action("pick", one), Action("ride", one), Action("build", one),
                       Action("recruit", one))  # fmt: skip


def loot(encounter: int) -> Action:
    return LOOTS[encounter]


def battle(mine: int, player: int, theirs: int) -> Action:
    return BATTLES[mine][player][theirs]

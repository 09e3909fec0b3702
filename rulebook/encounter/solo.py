"""Solo Adventure Mode (seed 003), after its headings: the set-up, then a turn "RIDE - DISCOVER -
BUILD - BATTLE - LOOT/RECRUIT" (RE-SOLO-TURN), If You Lose, Entering the Boss Room.

"The player wins if they find all keys and then defeat the Final Encounter. The player loses if
they can no longer perform an action while there are still enemy encounters on the table."
Each action kind has a check (None, or the rule ID and why) and an effect on the working copy
(``SoloTable``), as in the multiplayer ``rules.py``.
"""

from __future__ import annotations

from rulebook.common.actions import BY_TEXT, Action
from rulebook.common.codecs import check_seed
from rulebook.common.errors import RuleError
from rulebook.common.game import fired, ruling
from rulebook.common.rng import Rng

from .battle import battle_rules, resolve
from .building import composition_problem
from .cards import HAND, default_cards
from .catalog import refuse, rulings_from
from .layout import COLUMNS, PER_COLUMN, SPACES
from .state import SoloState, SoloTable

# ---- set-up --------------------------------------------------------------------------------------


def new_adventure(seed: int = 0, *, rulings=None, sin: bool = False, cards=None) -> SoloState:
    """RE-SOLO-DECKS: "Deal yourself nine cards from the Main deck ... Shuffle all White Star
    (Boss) cards in a separate facedown pile"; RE-SOLO-FINAL: "deal six cards from the Main deck
    into another pile, and put a card from the Boss deck facedown on top"; RE-SOLO-KEYS-IN: "take
    four cards at random from the Main deck and remove them from the game. Then add the four Key
    cards"; RE-SOLO-LAYOUT: one card for each enemy encounter in column 1, two in column 2, three
    in column 3, four in column 4; RE-SOLO-START: the marker on the bottom left."""
    cards = cards or default_cards()
    rng = Rng(check_seed(seed))
    cards.check_box("the Solo Adventure is played with the whole box: ")
    main, rng = rng.shuffled(cards.ids("encounter"))
    hand, main = main[:HAND], main[HAND:]
    boss_deck, rng = rng.shuffled(cards.ids("boss"))
    final, boss_deck = (boss_deck[0], *main[:6]), boss_deck[1:]
    main, rng = rng.shuffled(main[6:])
    removed, main = main[:4], main[4:]
    main, rng = rng.shuffled(main + tuple(cards.ids("key")))
    spaces, k = [], 0
    for size in (c + 1 for c in range(COLUMNS) for _ in range(PER_COLUMN)):
        spaces.append(main[k : k + size])
        k += size
    fired("RE-SOLO-DECKS", "RE-SOLO-FINAL", "RE-SOLO-KEYS-IN", "RE-SOLO-LAYOUT", "RE-SOLO-START")
    return SoloState(
        phase="ride", marker=0, hand=hand, my_encounter=(), spaces=tuple(spaces),
        face_up=(False,) * SPACES, keys=(), boss_deck=boss_deck, final=final, discard=main[k:],
        removed=removed, defeated=(), rulings=rulings_from(rulings), rng=rng, cards=cards,
        strength_in_numbers=sin,
    )  # fmt: skip


# ---- Ride (Optional): "you discard a card from your hand. The level of the creature you discard
# is how many spaces forward you move" (RE-SOLO-RIDE) --------------------------------------------


def check_ride(st, a):
    if a.arg not in st.hand:
        return refuse("RE-SOLO-RIDE", f"{a.arg} is not in your hand")
    return None


def check_stay(st, a):
    """ "You do not have to ride and may choose to discover and/or battle the enemy encounter you
    are currently on"."""
    if not st.spaces[st.marker]:
        return refuse("RE-SOLO-TURN", "this space is cleared: ride on")
    if not st.my_encounter and not st.hand:
        return refuse("RE-SOLO-BUILD-MUST", "no encounter and no cards to build one")
    return None


def ride_target(st, steps: int) -> int:
    """Where riding ``steps`` spaces from the marker ends: "up the column then to the bottom of
    the next column in sequence, moving back to the start once reaching the end of the final
    column" (ruling RER-RIDE-CLEARED: do cleared spaces count?)."""
    if ruling(st, "RER-RIDE-CLEARED") == "count-all":
        return (st.marker + steps) % SPACES
    pos, moved = st.marker, 0
    if not any(st.spaces):
        return pos
    while moved < steps:
        pos = (pos + 1) % SPACES
        if st.spaces[pos]:
            moved += 1
    return pos


def ride(t, c: str) -> None:
    fired("RE-SOLO-RIDE")
    t.hand.remove(c)
    t.discard.append(c)
    t.marker = ride_target(t, t.cards[c].level)
    t.last = f"rode {t.cards[c].level} space(s) to space {t.marker + 1}"
    if t.spaces[t.marker]:
        discover(t, t.marker)
        t.phase = "build"
    # a cleared space: nothing to battle, the turn ends (phase stays ride)


def stay(t) -> None:
    discover(t, t.marker)
    t.phase = "build"


# ---- Discover: "When you stop on a facedown enemy encounter, flip it face-up" -------------------


def replace_illegal(t, group: list[str]) -> list[str]:
    """RE-SOLO-DISCOVER-KEY: "If the enemy encounter contains a key, turn that card sideways--it is
    not considered part of the encounter!"; RE-SOLO-DISCOVER-ILLEGAL: "If there are any illegal
    card combinations in the encounter ... discard those cards and replace each one with a card
    from the top of the Boss deck ... If there are no Boss cards left, then just discard those
    cards" (ruling RER-DISCOVER-REPLACE: which cards of a Red+Blue encounter)."""
    cards = t.cards
    keys = [c for c in group if cards[c].kind == "key"]
    body = [c for c in group if cards[c].kind != "key"]
    if keys:
        fired("RE-SOLO-DISCOVER-KEY")
    stars = [cards[c].star for c in body]
    bad: list[str] = []
    if "red" in stars and "blue" in stars:
        reds = [c for c in body if cards[c].star == "red"]
        blues = [c for c in body if cards[c].star == "blue"]
        if ruling(t, "RER-DISCOVER-REPLACE") == "all-offending":
            bad = reds + blues
        else:
            bad = reds if len(reds) < len(blues) else blues
    elif len(body) == 1 and stars[0] == "green":
        bad = body
    if bad:
        fired("RE-SOLO-DISCOVER-ILLEGAL")
    out = [c for c in body if c not in bad]
    for c in bad:
        t.discard.append(c)
        if t.boss_deck:
            out.append(t.boss_deck.pop(0))
    return out + keys


def discover(t, i: int) -> None:
    if t.spaces[i] and not t.face_up[i]:
        fired("RE-SOLO-DISCOVER")
        t.face_up[i] = True
        t.spaces[i] = replace_illegal(t, t.spaces[i])


# ---- Build (Optional): "you may add a card (or cards) from your hand ... Remember, Red and Blue
# Star cards cannot be in an encounter together ... If you currently have no cards in your
# encounter, you MUST build one" (RE-SOLO-BUILD, RE-SOLO-BUILD-MUST) ------------------------------


def check_build(st, a):
    if a.arg not in st.hand:
        return refuse("RE-SOLO-BUILD", f"{a.arg} is not in your hand")
    prob = composition_problem((*st.my_encounter, a.arg), st.cards)
    if prob and prob.rule_id == "RE-COMPOSE-RED-BLUE":
        return prob
    return None


def build(t, c: str) -> None:
    fired("RE-SOLO-BUILD")
    t.hand.remove(c)
    t.my_encounter.append(c)


# ---- Battle: "the same as the multiplayer game ... After this action is complete, discard all
# Green Star cards that took part in the battle" (RE-SOLO-BATTLE, RE-SOLO-GREEN-DISCARD) ----------


def check_battle(st, a):
    """``battle`` and ``enter``: your encounter is built (RE-SOLO-BUILD-MUST) and legal
    (RE-COMPOSE-*)."""
    if not st.my_encounter:
        return refuse("RE-SOLO-BUILD-MUST", "your encounter is empty: build one before battling")
    return composition_problem(st.my_encounter, st.cards)


def battle(t) -> None:
    """If You Win: "You may take any keys that were in this encounter ... pick one of the defeated
    creatures to add to your hand" (RE-SOLO-LOOT); If You Lose: "Discard your encounter ... The
    enemy encounter that you were battling remains face-up in the same location" (RE-SOLO-LOSE);
    a tie is a loss or discards both (ruling RER-SOLO-TIE)."""
    fired("RE-SOLO-BATTLE")
    cards, i = t.cards, t.marker
    enemy = [c for c in t.spaces[i] if cards[c].kind != "key"]
    keys = [c for c in t.spaces[i] if cards[c].kind == "key"]
    res = resolve(t.my_encounter, enemy, cards, battle_rules(t))
    t.last = f"{'+'.join(t.my_encounter)} vs {'+'.join(enemy) or 'nothing'}: {res}"
    green = [c for c in t.my_encounter + enemy if cards[c].star == "green"]
    if green:
        fired("RE-SOLO-GREEN-DISCARD")
    t.discard += green
    t.my_encounter = [c for c in t.my_encounter if c not in green]
    enemy = [c for c in enemy if c not in green]
    if res.winner == "A" or (res.winner == "tie" and ruling(t, "RER-SOLO-TIE") == "discard-both"):
        fired("RE-SOLO-LOOT")
        t.keys += keys
        t.spaces[i] = []
        if res.winner == "A" and enemy:
            t.defeated, t.phase = enemy, "loot"
            t.last += " => you win"
            return
        t.discard += enemy
        if res.winner == "tie":
            fired("RE-RESOLVE-TIE")
            t.discard += t.my_encounter
            t.my_encounter = []
        t.last += " => you win" if res.winner == "A" else " => tie: both discarded"
    else:
        fired("RE-SOLO-LOSE")
        t.discard += t.my_encounter
        t.my_encounter = []
        t.spaces[i] = enemy + keys
        t.last += " => you lose"
    t.phase = "ride"


# ---- Loot/Recruit: "pick one of the defeated creatures to add to your hand. Discard the rest" ----


def check_recruit(st, a):
    if a.arg not in st.defeated:
        return refuse("RE-SOLO-LOOT", f"{a.arg} is not one of the defeated creatures")
    return None


def recruit(t, c: str | None = None) -> None:
    if c is not None:
        t.hand.append(c)
    t.discard += [d for d in t.defeated if d != c]
    t.defeated, t.phase = [], "ride"


# ---- Entering the Boss Room: "If you have all four Key cards, you may enter the Boss room ...
# you may add as many cards from your hand to your encounter as you wish. To enter the Boss room,
# discard your hand and remove any remaining enemy encounters and all four Key cards from the
# game, then flip the Final Encounter face-up. Treat this as a Discover action ... then battle the
# Final Encounter" (RE-SOLO-BOSS-ROOM, RE-SOLO-WIN) -----------------------------------------------


def check_boss(st, a):
    if len(st.keys) != 4:
        return refuse(
            "RE-SOLO-BOSS-ROOM", f"the Boss room needs all four Keys; you have {len(st.keys)}"
        )
    return None


def boss(t) -> None:
    fired("RE-SOLO-BOSS-ROOM")
    t.phase = "bossbuild"


def enter(t) -> None:
    t.discard += t.hand
    t.hand = []
    for i in range(SPACES):
        t.removed += t.spaces[i]
        t.spaces[i] = []
    t.removed += t.keys
    t.keys = []
    final = replace_illegal(t, t.final)
    res = resolve(t.my_encounter, final, t.cards, battle_rules(t))
    t.last = f"{'+'.join(t.my_encounter)} vs Final Encounter {'+'.join(final)}: {res}"
    t.discard += t.my_encounter + final
    t.my_encounter, t.final = [], []
    won = res.winner == "A"
    fired("RE-SOLO-WIN" if won else "RE-SOLO-LOSS")
    t.outcome, t.phase = ("win" if won else "loss"), "over"
    t.last += " => ADVENTURE WON" if won else " => the adventure is lost"


# ---- the turn (RE-SOLO-TURN) ---------------------------------------------------------------------

# each action kind: the steps of the turn it belongs to (RE-SOLO-TURN), its check, its effect
KINDS = {"ride": (("ride",), check_ride, ride), "stay": (("ride",), check_stay, stay),
         "boss": (("ride",), check_boss, boss),
         "build": (("build", "bossbuild"), check_build, build),
         "battle": (("build",), check_battle, battle),
         "enter": (("bossbuild",), check_battle, enter),
         "recruit": (("loot",), check_recruit, recruit),
         "recruit -": (("loot",), lambda st, a: None, recruit)}  # fmt: skip


def why_not(st, a: Action) -> RuleError | None:
    """None when ``a`` is legal in ``st``, else the rule ID and why: the adventure is on, ``a``
    belongs to this step of the turn, and its check lets it through."""
    if st.outcome != "-":
        return refuse(
            "RE-SOLO-LOSS" if st.outcome == "loss" else "RE-SOLO-WIN", "the adventure is over"
        )
    steps, check, _ = KINDS[a.verb]
    if st.phase not in steps:
        if a.verb == "build":
            return refuse(
                "RE-SOLO-TURN", f"you build after riding/discovering, not in the {st.phase} phase"
            )
        return refuse("RE-SOLO-TURN", f"'{a.verb}' is not part of the {st.phase} step")
    return check(st, a)


STAY, BOSS, BATTLE, ENTER, RECRUIT_NOBODY = map(
    Action, ("stay", "boss", "battle", "enter", "recruit -")
)


def candidates(st) -> list[Action]:
    if st.phase == "ride":
        return [*(st.cards[c].actions.ride for c in st.hand), STAY, BOSS]
    if st.phase in ("build", "bossbuild"):
        return [*(st.cards[c].actions.build for c in st.hand), BATTLE, ENTER]
    if st.phase == "loot":
        return [*(st.cards[c].actions.recruit for c in st.defeated), RECRUIT_NOBODY]
    return []


def legal_actions(st) -> list[Action]:
    """Every candidate ``why_not`` lets through, sorted by text."""
    return sorted((a for a in candidates(st) if why_not(st, a) is None), key=BY_TEXT)


def advance(st, a: Action) -> SoloTable:
    """The legal action ``a`` played in place on a playout's ``SoloTable`` (a frozen state is
    copied into one first); RE-SOLO-LOSS: an adventure with no action left is lost."""
    t = SoloTable.of(st)
    t.last = ""
    KINDS[a.verb][2](t, *a.args)
    if t.outcome == "-" and not any(why_not(t, c) is None for c in candidates(t)):
        fired("RE-SOLO-LOSS")
        t.outcome, t.phase = "loss", "over"
        t.last += " -- no action left: the adventure is lost"
    return t


def max_length() -> int:
    """A bound on one adventure's actions (NOTES.md): at most 12 wins (each clears a space), so at
    most 9 + 12 cards ever reach the hand; each ride or build spends one (<= 21 each); each loss
    discards an encounter built from them (<= 21 losses), so <= 33 battles, <= 34 stays, 12
    recruits, one ``boss`` and one ``enter``."""
    cards = HAND + SPACES
    battles = SPACES + cards
    return 2 * cards + battles + (battles + 1) + SPACES + 2

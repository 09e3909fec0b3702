"""New games of both modes, and hand-made teaching positions (name the encounters; every unused
card waits in the deck)."""

from __future__ import annotations

from rulebook.common.codecs import check_seed
from rulebook.common.errors import NotationError
from rulebook.common.game import fired
from rulebook.common.rng import Rng

from . import rules
from .cards import CardSet, default_cards
from .catalog import rulings_from
from .layout import COLUMNS, PER_COLUMN, SPACES
from .state import SLOTS, TAKEBACKS, MultiState, SoloState, check_variants


def new_game(
    players: int = 2,
    seed: int = 0,
    *,
    variants=(),
    rulings=None,
    cards: CardSet | None = None,
    first: int = 0,
) -> MultiState:
    """A fresh multiplayer game, dealt (RE-SETUP-DEAL, RE-SETUP-LOOT) or at the Creature Market.

    ``first`` (0-based) is the player who goes first (RE-SETUP-FIRST: "the player who has slain the
    largest troll"); the engine cannot know, so by default player 1 starts. ``variants`` may name
    ``market`` alone: it is played with Strength in Numbers, so ``sin`` is added."""
    if not isinstance(players, int) or not 2 <= players <= 5:
        raise NotationError(f"multiplayer is 2 to 5 players, not {players!r}", where="players")
    if not isinstance(first, int) or not 0 <= first < players:
        raise NotationError(
            f"the first player is 0..{players - 1} (0-based), not {first!r}", where="first"
        )
    check_seed(seed)
    variants = set(variants)
    if "market" in variants:
        variants.add("sin")
    variants = check_variants(variants)
    cards = cards or default_cards()
    cards.check_players(players)
    fired("RE-SETUP-FIRST")
    fired("RE-SETUP-LOOT")
    empty = MultiState(
        players=players, round=1, phase="build", start=first, to_move=first, deck=(), discard=(),
        market=(), hands=((),) * players, encounters=(((),) * SLOTS,) * players,
        loot_at=(-1,) * players, loot=(1,) * players, won=((),) * players, wins=(0,) * players,
        variants=variants, rulings=rulings_from(rulings), rng=Rng(seed), cards=cards,
    )  # fmt: skip
    t = rules.Table(empty)
    rules.deal(t)
    return t.freeze()


def new_adventure(seed: int = 0, *, rulings=None, sin: bool = False, cards=None) -> SoloState:
    """Set up a Solo Adventure (RE-SOLO-DECKS, RE-SOLO-FINAL, RE-SOLO-KEYS-IN, RE-SOLO-LAYOUT)."""
    cards = cards or default_cards()
    rng = Rng(check_seed(seed))
    cards.check_box("the Solo Adventure is played with the whole box: ")
    main, rng = rng.shuffled(cards.ids("encounter"))
    hand, main = main[:9], main[9:]
    boss_deck, rng = rng.shuffled(cards.ids("boss"))
    final = (boss_deck[0], *main[:6])
    boss_deck = boss_deck[1:]
    main, rng = rng.shuffled(main[6:])
    removed, main = main[:4], main[4:]
    main, rng = rng.shuffled(main + tuple(cards.ids("key")))
    spaces, k = [], 0
    for size in (c + 1 for c in range(COLUMNS) for _ in range(PER_COLUMN)):
        spaces.append(main[k : k + size])
        k += size
    for rid in (
        "RE-SOLO-DECKS",
        "RE-SOLO-FINAL",
        "RE-SOLO-KEYS-IN",
        "RE-SOLO-LAYOUT",
        "RE-SOLO-START",
    ):
        fired(rid)
    return SoloState(
        phase="ride", marker=0, hand=hand, my_encounter=(), spaces=tuple(spaces),
        face_up=(False,) * SPACES,
        keys=(), boss_deck=boss_deck, final=final, discard=main[k:], removed=removed,
        defeated=(), rulings=rulings_from(rulings), rng=rng, cards=cards,
        strength_in_numbers=sin,
    )  # fmt: skip


def battle_position(
    encounters, *, loot=None, lootat=None, to_move=0, variants=(), rulings=None, wins=None,
    cards: CardSet | None = None,
) -> MultiState:  # fmt: skip
    """A multiplayer position in the battle phase. ``encounters``: per player a list of
    encounters (lists of card ids), padded to five; ``lootat``: 0-based encounter index or -1 per
    player; ``to_move``: the 0-based player to act."""
    cards = cards or default_cards()
    n = len(encounters)
    encounters = tuple(tuple(tuple(e) for e in p) + ((),) * (SLOTS - len(p)) for p in encounters)
    used = {c for p in encounters for e in p for c in e}
    return MultiState(
        players=n, round=1, phase="battle", start=0, to_move=to_move,
        deck=tuple(c for c in cards.ids("encounter") if c not in used), discard=(), market=(),
        hands=((),) * n, encounters=encounters,
        loot_at=tuple(lootat) if lootat else (-1,) * n, loot=tuple(loot) if loot else (1,) * n,
        won=((),) * n, wins=tuple(wins) if wins else (0,) * n,
        variants=check_variants(variants), rulings=rulings_from(rulings), rng=Rng(7),
        takebacks=TAKEBACKS, cards=cards,
    )  # fmt: skip


def build_position(hands, *, variants=(), rulings=None, cards: CardSet | None = None) -> MultiState:
    """A multiplayer position at the start of the build phase with the given hands."""
    from dataclasses import replace

    st = battle_position([[] for _ in hands], variants=variants, rulings=rulings, cards=cards)
    used = {c for h in hands for c in h}
    return replace(
        st,
        phase="build",
        hands=tuple(tuple(h) for h in hands),
        deck=tuple(c for c in st.deck if c not in used),
    )


def solo_position(
    spaces, *, hand=(), my_encounter=(), face_up=None, keys=(), marker=0, phase="ride",
    boss=("W1", "W2", "W3"), final=("W4", "Y1a"), rulings=None, sin=False,
    cards: CardSet | None = None,
) -> SoloState:  # fmt: skip
    """A Solo Adventure position: ``spaces`` lists the enemy encounters along the path (padded
    to twelve with cleared spaces); ``face_up`` the face-up flags (default: all face down);
    ``marker`` the 0-based space the marker is on; ``sin``: Strength in Numbers."""
    spaces = tuple(tuple(s) for s in spaces) + ((),) * (SPACES - len(spaces))
    return SoloState(
        phase=phase, marker=marker, hand=tuple(hand), my_encounter=tuple(my_encounter),
        spaces=spaces, keys=tuple(keys),
        face_up=tuple(face_up) if face_up is not None else (False,) * SPACES,
        boss_deck=tuple(boss), final=tuple(final), discard=(), removed=(), defeated=(),
        rulings=rulings_from(rulings), rng=Rng(3), cards=cards or default_cards(),
        strength_in_numbers=sin,
    )  # fmt: skip

"""Setting Up (seed 003): "Shuffle the rest of the deck, and deal each player nine cards. Give each
player one Loot die turned so that the "1" side is face-up"; the Level 3 Creature Market and the
Quick Game's Keys deck, which replace the deal. Also hand-made teaching positions (name the
encounters; every unused card waits in the deck). The Solo Adventure's set-up is in solo.py."""

from __future__ import annotations

from dataclasses import replace

from rulebook.common.codecs import check_seed
from rulebook.common.errors import NotationError
from rulebook.common.game import fired
from rulebook.common.rng import Rng

from .cards import HAND, CardSet, default_cards
from .catalog import refuse, rulings_from
from .layout import SPACES
from .state import SLOTS, TAKEBACKS, MultiState, MultiTable, SoloState, check_variants


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
    t = MultiTable(empty)
    deal(t)
    return t.freeze()


def deal(t) -> None:
    """Shuffle and deal nine each (RE-SETUP-DEAL), or open the Creature Market (RE-VAR-MARKET), or
    deal the Keys deck (RE-VAR-KEYS: "Set aside nine cards for each player ... Remove four cards at
    random, and then add the four Key cards")."""
    n = t.players
    deck = t.shuffled(t.cards.ids("encounter"))
    t.hands = [[] for _ in range(n)]
    t.discard, t.market = [], []
    t.takebacks = TAKEBACKS
    t.phase, t.to_move = "build", t.start
    if "keys" in t.variants:
        fired("RE-VAR-KEYS")
        used, aside = deck[: HAND * n], deck[HAND * n :]
        removed, used = used[:4], used[4:]
        used = t.shuffled(used + t.cards.ids("key"))
        t.hands = [used[HAND * p : HAND * (p + 1)] for p in range(n)]
        t.deck, t.discard = aside, removed
    elif "market" in t.variants:
        fired("RE-VAR-MARKET")
        t.market, t.deck = deck[:5], deck[5:]  # "a line of five face-up cards"
        t.phase = "market"
    else:
        fired("RE-SETUP-DEAL")
        t.hands = [deck[HAND * p : HAND * (p + 1)] for p in range(n)]
        t.deck = deck[HAND * n :]


# ---- RE-VAR-MARKET: "create a line of five face-up cards ... Each player, starting with the
# active player, picks a card from the face-up cards and adds it to their hand. Each time a card
# is picked, replace it with a new card from the top of the deck. Keep doing this until each player
# has nine cards in their hand. Then discard any leftover face-up cards"


def check_pick(st, a):
    if a.arg not in st.market:
        return refuse("RE-VAR-MARKET", f"{a.arg} is not among the face-up cards")
    return None


def pick(t, a) -> None:
    fired("RE-VAR-MARKET")
    t.market.remove(a.arg)
    t.hands[t.to_move].append(a.arg)
    if t.deck:
        t.market.append(t.deck.pop(0))
    for k in range(1, t.players + 1):
        q = (t.to_move + k) % t.players
        if len(t.hands[q]) < HAND:
            t.to_move = q
            return
    t.discard += t.market
    t.market = []
    t.phase, t.to_move = "build", t.start


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

"""Random Encounter's determinisation: the opponents' face-down encounters are dealt again with
the deck and the other hands (seed 003: "An encounter is a set of facedown cards"), keeping all
a player sees, the pool of hidden cards, each encounter's size and the building rules; and the
agents' choices do not depend on where the hidden cards really lie."""

import random
from collections import Counter
from dataclasses import replace

import pytest

import rulebook
from rulebook.encounter import hidden as hidden_encounter
from rulebook.encounter.building import composition_problem
from solvers.play import search
from solvers.play.agents import make_agent

GAME = rulebook.game("encounter")


def _play_to(seed: int, players: int, battles: int, variants=()):
    """A position of a seeded random game after every build and ``battles`` battles."""
    state, rng = GAME.new_game(seed, players=players, variants=variants), random.Random(seed)
    done = 0
    while not (state.phase == "battle" and done >= battles):
        legal = GAME.legal_actions(state)
        a = legal[rng.randrange(len(legal))]
        done += a.verb == "battle"
        state = GAME.apply(state, a)
    return state


POSITIONS = [(seed, players, battles) for seed in range(4) for players in (2, 3, 5)
             for battles in (0, 2)]  # fmt: skip


def _seen(st, me: int) -> dict:
    """Everything ``me`` can see: own cards, the public piles and counts, and the sizes of the
    other hands and encounters."""
    return {
        "own": (st.hands[me], st.encounters[me]),
        "public": (st.discard, st.market, st.won, st.wins, st.loot, st.loot_at),
        "flow": (st.players, st.round, st.phase, st.start, st.to_move, st.takebacks, st.winners),
        "sizes": (
            len(st.deck),
            [len(h) for h in st.hands],
            [[len(e) for e in p] for p in st.encounters],
        ),
    }


def _pool(st, me: int) -> Counter:
    """The hidden cards: the deck, the other hands and the other players' encounters."""
    out = Counter(st.deck)
    for q in range(st.players):
        if q != me:
            out.update(st.hands[q])
            out.update(c for e in st.encounters[q] for c in e)
    return out


def _theirs(st, me: int):
    return [p for q, p in enumerate(st.encounters) if q != me]


@pytest.mark.parametrize("seed,players,battles", POSITIONS)
def test_determinise_keeps_what_the_player_sees_and_deals_the_face_down_cards_again(
    seed, players, battles
):
    st = _play_to(seed, players, battles)
    me = st.to_move
    samples = [GAME.resample(st, me, random.Random(k)) for k in range(8)]
    for d in samples:
        assert _seen(d, me) == _seen(st, me)
        assert GAME.observation(d, me) == GAME.observation(st, me)
        assert _pool(d, me) == _pool(st, me)
        assert GAME.parse(str(d)) == d  # a position the notation reads back
        assert GAME.invariants(d) == []
        assert GAME.legal_actions(d) == GAME.legal_actions(st)
        for p in _theirs(d, me):  # every opponent's encounters are still buildable
            assert all(composition_problem(e, d.cards) is None for e in p if e)
    dealt = {str(_theirs(d, me)) for d in samples}
    assert len(dealt) == len(samples)  # the opponents' encounters differ from seed to seed
    assert str(_theirs(st, me)) not in dealt


def _moved(st, me: int, rng: random.Random):
    """``st`` with one opponent's face-down card swapped with a deck card of the same star
    colour (so the position stays legal): everything ``me`` sees is unchanged."""
    q = next(q for q in range(st.players) if q != me)
    for i, e in enumerate(st.encounters[q]):
        for c in e:
            same = [d for d in st.deck if st.cards[d].star == st.cards[c].star]
            if same:
                d = same[rng.randrange(len(same))]
                slots = [list(map(list, p)) for p in st.encounters]
                slots[q][i] = [d if x == c else x for x in e]
                deck = [c if x == d else x for x in st.deck]
                return replace(
                    st, deck=tuple(deck), encounters=tuple(tuple(map(tuple, p)) for p in slots)
                )
    raise AssertionError("no card to swap")


def _opponent_stronger(st, me: int):
    """``st`` with every opponent encounter card of level < 5 swapped for a deck card of the
    same colour and the highest level there is: a position a peeking agent would read as
    different, which ``me`` cannot tell from ``st``."""
    cards = st.cards
    deck, slots = list(st.deck), [list(map(list, p)) for p in st.encounters]
    for q in range(st.players):
        if q == me:
            continue
        for e in slots[q]:
            for k, c in enumerate(e):
                better = [d for d in deck if cards[d].star == cards[c].star]
                d = max(better, key=lambda x: (cards.level(x), x), default=None)
                if d is not None and cards.level(d) > cards.level(c):
                    e[k] = d
                    deck[deck.index(d)] = c
    return replace(st, deck=tuple(deck), encounters=tuple(tuple(map(tuple, p)) for p in slots))


def test_where_the_hidden_cards_lie_does_not_change_the_determinisation():
    for seed, players, battles in [p for p in POSITIONS if p[1] < 5]:  # five: no deck left
        st = _play_to(seed, players, battles)
        other = _moved(st, st.to_move, random.Random(seed))
        assert other != st and GAME.invariants(other) == []
        for k in range(3):
            a = GAME.resample(st, st.to_move, random.Random(k))
            b = GAME.resample(other, st.to_move, random.Random(k))
            assert a == b


@pytest.mark.heavy  # starts first under xdist (conftest.py)
@pytest.mark.parametrize("agent", ["greedy", "search"])
def test_the_battle_choice_does_not_read_the_opponents_face_down_cards(agent):
    """Two positions that differ only in the opponents' face-down cards (weak or strong) get the
    same choice from the same seed -- and an agent given the real cards would choose differently
    in some of them (checked by the real-card value of each battle)."""
    differs = 0
    for seed in range(6):
        st = _play_to(seed, 2, 0)
        strong = _opponent_stronger(st, st.to_move)
        assert strong != st and GAME.invariants(strong) == []
        a = make_agent(agent, 4).choose(GAME, st, random.Random(seed))
        b = make_agent(agent, 4).choose(GAME, strong, random.Random(seed))
        assert a == b
        won = [GAME.apply(s, a).wins[st.to_move] > s.wins[st.to_move] for s in (st, strong)]
        differs += won[0] != won[1]
    assert differs  # the opponent's cards did change the battle's result


def test_build_search_plans_the_same_build_whatever_the_opponents_face_down_cards():
    """The second builder's plan, with the first builder's encounters weak or strong."""
    for seed in range(3):
        state, rng = GAME.new_game(seed, players=2), random.Random(seed)
        first = state.to_move
        while state.to_move == first:
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))])
        strong = _opponent_stronger(state, state.to_move)
        assert strong != state
        plan = search.build_search(GAME, state, random.Random(1), candidates=3, rollouts=2)
        again = search.build_search(GAME, strong, random.Random(1), candidates=3, rollouts=2)
        assert plan == again


def test_the_repair_deals_legal_encounters_away_from_the_real_ones(monkeypatch):
    monkeypatch.setattr(hidden_encounter, "TRIES", 0)  # straight to the repair
    st = _play_to(1, 3, 0)
    me = st.to_move
    samples = [GAME.resample(st, me, random.Random(k)) for k in range(5)]
    for d in samples:
        assert _seen(d, me) == _seen(st, me) and _pool(d, me) == _pool(st, me)
        assert GAME.invariants(d) == []
        for p in _theirs(d, me):
            assert all(composition_problem(e, d.cards) is None for e in p if e)
        pairs = zip(sum(_theirs(d, me), ()), sum(_theirs(st, me), ()), strict=True)
        same = sum(e == r for e, r in pairs)
        assert same <= 3  # of ten encounters: the repair never starts from the real deal


def test_keys_game_deals_the_removed_cards_again_and_never_a_key_into_them():
    st = _play_to(2, 2, 0, variants=("keys",))
    me = st.to_move
    keys = set(st.cards.ids("key"))
    removed = []
    for k in range(20):
        d = GAME.resample(st, me, random.Random(k))
        assert d.discard[4:] == st.discard[4:]
        assert not keys & set(d.deck) and not keys & set(d.discard[:4])
        assert sorted(d.deck + d.discard[:4] + sum(map(tuple, d.encounters[1 - me]), ())) == sorted(
            st.deck + st.discard[:4] + sum(map(tuple, st.encounters[1 - me]), ())
        )
        assert GAME.invariants(d) == []
        removed.append(d.discard[:4])
    assert len(set(removed)) > 1 and st.discard[:4] not in removed


def test_market_game_keeps_the_picked_cards_with_their_player_and_deals_only_the_split():
    """In the Creature Market every card was picked face up: an opponent's encounters hold the
    same cards after the deal, split differently; only the deck is shuffled among them all."""
    st = _play_to(0, 3, 0, variants=("market", "sin"))
    me = st.to_move
    splits = set()
    for k in range(8):
        d = GAME.resample(st, me, random.Random(k))
        assert _seen(d, me) == _seen(st, me) and GAME.invariants(d) == []
        for q in range(st.players):
            assert sorted(sum(d.encounters[q], ())) == sorted(sum(st.encounters[q], ()))
        splits.add(str(_theirs(d, me)))
    assert len(splits) > 1


SOLO = rulebook.game("encounter-solo")


def test_solo_resample_deals_the_face_down_cards_keeps_keys_on_the_path_and_bosses_apart():
    """Solo Adventure: the undiscovered encounters, the Final Encounter's six and the four cards
    removed at setup are dealt again among themselves with the Keys only on the path; the Boss cards only among the Boss deck and
    the Final Encounter's top; discovered encounters, hand and piles stay."""
    st = SOLO.new_game(5)
    kind = lambda c: st.cards[c].kind  # noqa: E731
    down = [i for i, s in enumerate(st.spaces) if s and not st.face_up[i]]
    assert down and any(kind(c) == "key" for i in down for c in st.spaces[i])
    finals = set()
    for k in range(10):
        d = SOLO.resample(st, 0, random.Random(k))
        assert SOLO.observation(d, 0) == SOLO.observation(st, 0) and SOLO.invariants(d) == []
        assert kind(d.final[0]) == "boss" and all(
            kind(c) not in ("boss", "key") for c in d.final[1:]
        )
        assert sorted(d.boss_deck + d.final[:1]) == sorted(st.boss_deck + st.final[:1])
        hidden = [c for i in down for c in d.spaces[i]] + [*d.final[1:], *d.removed]
        real = [c for i in down for c in st.spaces[i]] + [*st.final[1:], *st.removed]
        assert sorted(hidden) == sorted(real)  # the removed four are dealt with them
        assert not any(kind(c) == "key" for c in d.removed)
        assert [len(d.spaces[i]) for i in down] == [len(st.spaces[i]) for i in down]
        assert (d.hand, d.my_encounter, d.keys, d.discard) == (
            st.hand,
            st.my_encounter,
            st.keys,
            st.discard,
        )
        finals.add((d.final, d.removed))
    assert len(finals) > 1 and len({r for _, r in finals}) > 1

"""Multiplayer rules: deal, build, battle order, loot, round end, variants."""

from __future__ import annotations

import pytest

from rulebook.common.errors import NotationError
from rulebook.encounter import new_game

from .helpers import (
    CARDS,
    MULTI,
    battle_position,
    build_position,
    legal,
    lists,
    play,
    refused,
    replace,
)


def test_deal_nine_RE_SETUP_DEAL_and_loot_at_one_RE_SETUP_LOOT():
    # rule: RE-SETUP-LOOT
    st = new_game(3, seed=4)
    assert [len(h) for h in st.hands] == [9, 9, 9]  # RE-SETUP-DEAL
    assert len(st.deck) == 45 - 27
    dealt = [c for h in st.hands for c in h] + list(st.deck)
    assert sorted(dealt) == sorted(CARDS.ids("encounter"))  # no Keys, no Bosses
    assert lists(st.loot) == [1, 1, 1]  # RE-SETUP-LOOT
    assert new_game(3, seed=4) == st and new_game(3, seed=5) != st


def test_player_count_is_checked():
    with pytest.raises(NotationError, match="2 to 5"):
        new_game(6)


def test_build_five_RE_BUILD_FIVE():
    # rule: RE-BUILD-FIVE
    st = new_game(2, seed=1)
    h = st.hands[0]
    # put leaves room: with 9 cards and 5 empty encounters, never strand an encounter
    for a in legal(st):
        assert a.startswith(("put", "done", "loot", "unput"))
    st2 = st
    for c in h[:5]:
        st2 = play(st2, f"put {c} 1")
    # 4 cards left, 4 empty encounters: the next card may not go into encounter 1
    assert not any(a.endswith(" 1") for a in legal(st2) if a.startswith("put"))
    assert refused(st2, f"put {h[5]} 1").rule_id == "RE-BUILD-FIVE"
    assert refused(st2, "done").rule_id == "RE-BUILD-FIVE"


def _plain_hand_game():
    """Player 1 holds only yellow cards (so composition never interferes)."""
    for seed in range(200):
        st = new_game(2, seed=seed)
        if all(CARDS[c].star == "yellow" for c in st.hands[0]):
            return st
    raise AssertionError("no all-yellow hand in 200 seeds")


def test_loot_placement_RE_LOOT_PLACE():
    # rule: RE-LOOT-PLACE
    st = _plain_hand_game()
    h = st.hands[0]
    for i, c in enumerate(h):
        st = play(st, f"put {c} {min(i, 4) + 1}")
    assert refused(st, "done").rule_id == "RE-LOOT-PLACE"
    st = play(st, "loot 3")
    assert lists(st.loot_at[0]) == 2
    st = play(st, "done")
    assert st.to_move == 1 and st.phase == "build"


OTHER_HAND = ["Y7a", "Y8a", "Y9a", "Y1b", "Y2b", "Y3b", "Y4b", "Y5b", "Y6b"]


def test_build_composition_refused_RE_COMPOSE_RED_BLUE_RE_COMPOSE_GREEN():
    # rule: RE-COMPOSE-RED-BLUE, RE-COMPOSE-GREEN
    hand = ["R1", "B1", "G1", "Y1a", "Y2a", "Y3a", "Y4a", "Y5a", "Y6a"]
    st = play(build_position([hand, OTHER_HAND]), "put R1 1")
    assert refused(st, "put B1 1").rule_id == "RE-COMPOSE-RED-BLUE"
    # a Green alone may wait for company, but not once no card could join it any more
    st = play(st, "put G1 2", "put B1 3", "put Y1a 4", "put Y2a 5", "put Y3a 1", "put Y4a 3")
    st = play(st, "put Y5a 3")
    assert refused(st, "put Y6a 4").rule_id == "RE-COMPOSE-GREEN"  # would strand G1
    st = play(st, "put Y6a 2", "loot 1")
    assert play(st, "done").to_move == 1
    # a position holding a lone Green (written by hand) cannot be finished
    mine = (("G1",), ("R1", "Y3a", "Y6a"), *st.encounters[0][2:])
    assert (
        refused(replace(st, encounters=(mine, st.encounters[1])), "done").rule_id
        == "RE-COMPOSE-GREEN"
    )


def test_every_put_keeps_a_legal_build_reachable_RE_BUILD_FIVE():
    # rule: RE-BUILD-FIVE -- taking any legal put, always, ends in a finished build
    for seed in range(30):
        st = new_game(2, seed=seed)
        for choose in (0, -1):
            s = st
            while s.to_move == 0 and s.phase == "build":
                acts = [a for a in legal(s) if a.startswith(("put", "done"))] or legal(s)
                s = play(s, acts[choose])
            assert s.to_move == 1 and not s.hands[0]


def test_takebacks_are_bounded_RE_BUILD_TAKEBACK():
    # rule: RE-BUILD-TAKEBACK -- put/unput cannot cycle for ever
    st = new_game(2, seed=1)
    c = st.hands[0][0]
    for _ in range(9):
        st = play(st, f"put {c} 1", f"unput {c}")
    st = play(st, f"put {c} 1", f"put {st.hands[0][1]} 2")
    assert st.takebacks == 0
    assert refused(st, f"unput {c}").rule_id == "RE-BUILD-TAKEBACK"
    st = play(st, "loot 1")  # placing the die is free; moving it is a take-back
    assert refused(st, "loot 2").rule_id == "RE-BUILD-TAKEBACK"


def test_loot_on_its_own_encounter_is_refused_as_it_is_not_listed_RE_LOOT_PLACE():
    # issue 10: 'loot N' where the die already is was accepted but not listed
    st = new_game(2, seed=1)
    st = play(st, f"put {st.hands[0][0]} 1", "loot 1")
    assert "loot 1" not in legal(st)
    assert refused(st, "loot 1").rule_id == "RE-LOOT-PLACE"


def test_phase_and_turn_RE_PHASE():
    st = new_game(2, seed=1)
    assert refused(st, "battle 1 P2:1").rule_id == "RE-PHASE"
    assert refused(st, f"put {st.hands[1][0]} 1").rule_id == "RE-PHASE"  # not player 2's turn
    with pytest.raises(NotationError):
        play(st, "fly away")
    with pytest.raises(NotationError):
        MULTI.parse_action("loot 6")  # five encounters


def test_battle_target_RE_BATTLE_TARGET():
    st = battle_position([[["Y1a"], ["Y2a"]], [["Y3a"]]])
    assert refused(st, "battle 1 P1:2").rule_id == "RE-BATTLE-TARGET"  # own encounter
    assert refused(st, "battle 3 P2:1").rule_id == "RE-BATTLE-TARGET"  # no encounter 3
    assert refused(st, "battle 1 P2:2").rule_id == "RE-BATTLE-TARGET"
    assert legal(st) == ["battle 1 P2:1", "battle 2 P2:1"]
    assert refused(st, "battle 1 P3:1").rule_id == "RE-BATTLE-TARGET"  # no player 3


def test_clockwise_order_RE_BATTLE_ORDER():
    # rule: RE-BATTLE-ORDER
    st = battle_position([[["Y1a"], ["Y2a"]], [["Y3a"], ["Y4a"]], [["Y5a"], ["Y6a"]]])
    st = play(st, "battle 1 P3:1")
    assert st.to_move == 1  # clockwise: player 2 next
    st = play(st, "battle 1 P1:2")
    assert st.to_move == 2
    # player 1 has no encounter left now: after player 3, player 2 plays again
    st = play(st, "battle 2 P2:2")
    assert st.live(0) == [] and st.to_move == 1 or st.phase != "battle"


def test_winner_collects_RE_BATTLE_COLLECT():
    # rule: RE-BATTLE-COLLECT
    st = battle_position([[["Y9a", "Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]])
    st = play(st, "battle 1 P2:1")
    assert sorted(st.won[0]) == ["Y1a", "Y5a", "Y9a"] and lists(st.wins) == [1, 0]
    assert st.encounters[0][0] == () and st.encounters[1][0] == ()


def test_tie_discards_all_RE_RESOLVE_TIE():
    # rule: RE-RESOLVE-TIE
    st = battle_position([[["Y5a"], ["Y2a"]], [["Y5b"], ["Y3a"]]])
    st = play(st, "battle 1 P2:1")
    assert sorted(st.discard) == ["Y5a", "Y5b"] and lists(st.wins) == [0, 0]


def test_beating_the_loot_encounter_RE_LOOT_WIN():
    # rule: RE-LOOT-WIN
    st = battle_position([[["Y9a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[1, 3], lootat=[1, 0])
    st = play(st, "battle 1 P2:1")
    assert lists(st.loot) == [2, 2]
    # the winner gains even from a player at 1
    st = battle_position([[["Y9a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[1, 1], lootat=[1, 0])
    assert lists(play(st, "battle 1 P2:1").loot) == [2, 1]


def test_backfire_RE_LOOT_BACKFIRE_and_ruling_RER_BACKFIRE_AT_ONE():
    # rule: RER-BACKFIRE-AT-ONE
    st = battle_position([[["Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[3, 2], lootat=[1, 0])
    assert lists(play(st, "battle 1 P2:1").loot) == [2, 3]  # RE-LOOT-BACKFIRE
    st = battle_position([[["Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[1, 2], lootat=[1, 0])
    assert lists(play(st, "battle 1 P2:1").loot) == [1, 3]  # default: defender-gains
    st = battle_position(
        [[["Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[1, 2], lootat=[1, 0],
        rulings={"RER-BACKFIRE-AT-ONE": "no-payment"},
    )  # fmt: skip
    assert lists(play(st, "battle 1 P2:1").loot) == [1, 2]


def test_loot_protected_after_targeted_RE_LOOT_PROTECTED():
    # rule: RE-LOOT-PROTECTED
    st = battle_position([[["Y5a"], ["Y2a"]], [["Y5b"], ["Y3a"]]], loot=[2, 2], lootat=[1, 0])
    st = play(st, "battle 1 P2:1")  # a tie on the loot encounter
    assert lists(st.loot) == [2, 2] and lists(st.loot_at) == [1, -1]


def test_attacking_with_your_loot_encounter_RER_LOOT_ATTACKER():
    # rule: RER-LOOT-ATTACKER
    slots = [[["Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]]
    st = battle_position(slots, loot=[3, 3], lootat=[0, 1])
    assert lists(play(st, "battle 1 P2:1").loot) == [2, 4]  # any-side (default)
    st = battle_position(
        slots, loot=[3, 3], lootat=[0, 1], rulings={"RER-LOOT-ATTACKER": "defence-only"}
    )
    after = play(st, "battle 1 P2:1")
    assert lists(after.loot) == [3, 3] and lists(after.loot_at[0]) == 0


def test_loot_range_RE_LOOT_RANGE():
    # rule: RE-LOOT-RANGE
    st = battle_position([[["Y9a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[6, 1], lootat=[1, 0])
    assert lists(play(st, "battle 1 P2:1").loot) == [6, 1]


def test_leftover_encounters_discarded_RE_ROUND_LEFTOVER():
    # rule: RE-ROUND-LEFTOVER
    st = battle_position([[["Y9a"], ["Y2a"], ["Y4a"]], [["Y5a"]]], loot=[1, 1])
    st = play(st, "battle 1 P2:1")
    # player 2 has nothing left: nobody can battle, the round ends and P1's two are discarded
    assert st.round == 2 and st.phase == "build"
    assert st.start == 1  # RE-ROUND-NEXT: the start rotates


def test_most_battles_bonus_RE_ROUND_BONUS():
    # rule: RE-ROUND-BONUS
    st = battle_position([[["Y9a"]], [["Y5a"]]], loot=[1, 1])
    st = play(st, "battle 1 P2:1")
    assert lists(st.loot) == [3, 1]  # sole most-battles winner: +2
    st = battle_position([[["Y9a"], ["Y1a"]], [["Y5a"], ["Y8a"]]], loot=[1, 1], wins=[0, 0])
    st = play(st, "battle 1 P2:1")
    st = play(st, "battle 2 P1:2")
    assert lists(st.loot) == [2, 2]  # a tie for most: +1 each


def test_six_loot_wins_RE_WIN_SIX():
    # rule: RE-WIN-SIX
    st = battle_position([[["Y9a"]], [["Y5a"]]], loot=[4, 5])
    st = play(st, "battle 1 P2:1")
    assert st.phase == "over" and st.outcome == "P1" and lists(st.loot) == [6, 5]
    # two at six: highest combined level of won cards wins
    st = battle_position([[["Y9a"], ["Y1a"]], [["Y5a"], ["Y8a"]]], loot=[5, 5])
    st = play(st, "battle 1 P2:1")  # P1 wins 14 levels
    st = play(st, "battle 2 P1:2")  # P2 wins 9 levels
    assert lists(st.loot) == [6, 6] and st.outcome == "P1"


def test_next_round_reshuffles_RE_ROUND_NEXT():
    # rule: RE-ROUND-NEXT
    st = battle_position([[["Y9a"]], [["Y5a"]]], loot=[1, 1])
    st = play(st, "battle 1 P2:1")
    assert st.round == 2 and st.start == 1 and st.to_move == 1
    assert (
        [len(h) for h in st.hands] == [9, 9]
        and lists(st.won) == [[], []]
        and lists(st.wins) == [0, 0]
    )
    assert sorted(st.all_cards()) == sorted(CARDS.ids("encounter"))


def test_creature_market_RE_VAR_MARKET():
    # rule: RE-VAR-MARKET
    st = new_game(2, seed=3, variants=("market",))
    assert st.phase == "market" and len(st.market) == 5 and "sin" in st.variants
    assert all(a.startswith("pick") for a in legal(st))
    c = st.market[0]
    nxt = play(st, f"pick {c}")
    assert lists(nxt.hands[0]) == [c] and len(nxt.market) == 5 and nxt.to_move == 1
    assert refused(nxt, "pick NOPE").rule_id == "RE-VAR-MARKET"
    while nxt.phase == "market":
        nxt = play(nxt, f"pick {nxt.market[0]}")
    assert [len(h) for h in nxt.hands] == [9, 9] and nxt.phase == "build"
    assert len(nxt.discard) == 5  # leftover face-up cards discarded


def test_keys_quick_game_RE_VAR_KEYS():
    # rule: RE-VAR-KEYS
    st = new_game(3, seed=2, variants=("keys",))
    in_hands = [c for h in st.hands for c in h]
    assert len(in_hands) == 27 and sorted(c for c in in_hands if c.startswith("K")) == [
        "K1",
        "K2",
        "K3",
        "K4",
    ]
    assert len(st.discard) == 4  # four removed at random
    assert not any(a.startswith("loot") for a in legal(st))
    assert refused(st, "loot 1").rule_id == "RE-VAR-KEYS"


def test_keys_quick_game_winner_RE_VAR_KEYS_WIN():
    # rule: RE-VAR-KEYS-WIN
    st = battle_position(
        [[["Y9a", "K1"], ["Y1a"]], [["Y5a", "K2"], ["Y8a", "K3"]]], variants=("keys",)
    )
    st = play(st, "battle 1 P2:1")  # P1 wins K1, K2
    st = play(st, "battle 2 P1:2")  # P2 wins K3
    assert st.phase == "over" and st.outcome == "P1"
    st = battle_position([[["Y9a", "K1"], ["Y1a"]], [["Y5a"], ["Y8a", "K3"]]], variants=("keys",))
    st = play(st, "battle 1 P2:1")  # P1: K1, 14 levels
    st = play(st, "battle 2 P1:2")  # P2: K3, 9 levels
    assert st.outcome == "P1"  # one key each, level tie-break


def test_refusal_reports_catalog_id():
    st = battle_position([[["Y1a"]], [["Y3a"]]])
    e = refused(st, "battle 1 P1:1")
    assert e.rule_id == "RE-BATTLE-TARGET" and "another player" in e.reason


def test_why_not_reports_refusals_without_raising():
    from rulebook.common.game import why_not

    st = battle_position([[["Y1a"], ["Y2a"]], [["Y3a"], ["Y4a"]]])
    assert why_not(MULTI, st, "battle 1 P1:1").startswith("refused by RE-BATTLE-TARGET")
    assert why_not(MULTI, st, "battle 1 P2:1") == "legal"
    assert lists(play(st, "battle 1 P2:1").wins) == [0, 1]


def test_first_player_is_a_setup_option_RE_SETUP_FIRST():
    # rule: RE-SETUP-FIRST -- "the player who has slain the largest troll goes first"
    assert new_game(3, seed=4).to_move == 0  # default: player 1
    st = new_game(3, seed=4, first=2)
    assert st.start == 2 and st.to_move == 2 and MULTI.to_move(st) == 2
    assert MULTI.new_game(4, players=3, first=1).to_move == 1
    with pytest.raises(NotationError, match="first player"):
        new_game(3, seed=4, first=3)
    # the next round rotates the start clockwise from the first player
    st = replace(battle_position([[["Y9a"]], [["Y5a"]]]), start=1, to_move=1)
    assert play(st, "battle 1 P1:1").start == 0


def test_completion_check_is_exact_against_exhaustive_search():
    # the put check refuses a card exactly when no split of the rest could finish five legal
    # encounters: so puts alone reach every legal build, and take-backs are never needed
    import itertools
    import random

    from rulebook.encounter import composition_problem
    from rulebook.encounter.building import completion_problem

    def feasible(slots, hand):
        for where in itertools.product(range(5), repeat=len(hand)):
            final = [list(s) for s in slots]
            for c, i in zip(hand, where, strict=True):
                final[i].append(c)
            if all(f and composition_problem(f, CARDS) is None for f in final):
                return True
        return False

    rnd, ids, seen = random.Random(1), CARDS.ids("encounter"), {True: 0, False: 0}
    while min(seen.values()) < 60:
        pool = rnd.sample(ids, 9)
        rest = pool[: rnd.randint(0, 5)]
        slots = [[] for _ in range(5)]
        for c in pool[len(rest) : len(rest) + rnd.randint(0, 9 - len(rest))]:
            slots[rnd.randrange(5)].append(c)
        if any(composition_problem(s, CARDS) for s in slots if len(s) > 1):
            continue
        ok = feasible(slots, rest)
        assert ok == (completion_problem(slots, rest, CARDS) is None), (slots, rest)
        seen[ok] += 1

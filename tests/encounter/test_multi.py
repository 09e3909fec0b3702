"""Multiplayer rules: deal, build, battle order, loot, round end, variants."""

from __future__ import annotations

import pytest

from rulebook.common.errors import NotationError, RuleError
from rulebook.encounter import multi
from rulebook.encounter.multi import apply_action, legal_actions, new_game

from .helpers import CARDS, battle_position


def refused(st, action) -> RuleError:
    before = str(st)
    with pytest.raises(RuleError) as e:
        apply_action(st, action)
    assert str(st) == before  # a refusal leaves the state untouched
    return e.value


def test_deal_nine_RE_SETUP_DEAL_and_loot_at_one_RE_SETUP_LOOT():
    # rule: RE-SETUP-LOOT
    st = new_game(3, seed=4)
    assert [len(h) for h in st.hands] == [9, 9, 9]  # RE-SETUP-DEAL
    assert len(st.deck) == 45 - 27
    dealt = [c for h in st.hands for c in h] + st.deck
    assert sorted(dealt) == sorted(CARDS.ids("encounter"))  # no Keys, no Bosses
    assert st.loot == [1, 1, 1]  # RE-SETUP-LOOT
    assert new_game(3, seed=4) == st and new_game(3, seed=5) != st


def test_player_count_is_checked():
    with pytest.raises(NotationError, match="2 to 5"):
        new_game(6)


def test_build_five_RE_BUILD_FIVE():
    # rule: RE-BUILD-FIVE
    st = new_game(2, seed=1)
    h = st.hands[0]
    e = refused(st, f"build {'+'.join(h[:5])}/{h[5]}/{h[6]}/{h[7] + '+' + h[8]}/ loot=1")
    assert e.rule_id == "RE-BUILD-FIVE"
    # put leaves room: with 9 cards and 5 empty encounters, never strand an encounter
    for a in legal_actions(st):
        assert a.startswith(("put", "done", "loot", "unput"))
    st2 = st
    for c in h[:5]:
        st2 = apply_action(st2, f"put {c} 1")
    # 4 cards left, 4 empty encounters: the next card may not go into encounter 1
    assert not any(a.endswith(" 1") for a in legal_actions(st2) if a.startswith("put"))
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
        st = apply_action(st, f"put {c} {min(i, 4) + 1}")
    assert refused(st, "done").rule_id == "RE-LOOT-PLACE"
    st = apply_action(st, "loot 3")
    assert st.loot_at[0] == 2
    st = apply_action(st, "done")
    assert st.turn == 1 and st.phase == "build"


def test_build_composition_refused_RE_COMPOSE_RED_BLUE_RE_COMPOSE_GREEN():
    # rule: RE-COMPOSE-RED-BLUE, RE-COMPOSE-GREEN
    st = battle_position([[["Y1a"]], [["Y2a"]]])
    st.phase = "build"
    st.slots = [[[] for _ in range(5)] for _ in range(2)]
    st.hands[0] = ["R1", "B1", "G1", "Y1a", "Y2a", "Y3a", "Y4a", "Y5a", "Y6a"]
    st = apply_action(st, "put R1 1")
    assert refused(st, "put B1 1").rule_id == "RE-COMPOSE-RED-BLUE"
    assert "put B1 1" not in legal_actions(st)
    e = refused(st, "build G1/R1+B1/Y1a+Y2a/Y3a+Y4a/Y5a+Y6a loot=1")
    assert e.rule_id in ("RE-COMPOSE-GREEN", "RE-COMPOSE-RED-BLUE")
    e = refused(st, "build G1/R1+Y1a/B1+Y2a/Y3a+Y4a/Y5a+Y6a loot=1")
    assert e.rule_id == "RE-COMPOSE-GREEN"
    ok = apply_action(st, "build G1+Y1a/R1/B1+Y2a/Y3a+Y4a/Y5a+Y6a loot=1")
    assert ok.turn == 1


def test_phase_and_turn_RE_PHASE():
    st = new_game(2, seed=1)
    assert refused(st, "battle 1 P2:1").rule_id == "RE-PHASE"
    assert refused(st, f"put {st.hands[1][0]} 1").rule_id == "RE-PHASE"  # not player 2's turn
    with pytest.raises(NotationError):
        apply_action(st, "fly away")


def test_battle_target_RE_BATTLE_TARGET():
    st = battle_position([[["Y1a"], ["Y2a"]], [["Y3a"]]])
    assert refused(st, "battle 1 P1:2").rule_id == "RE-BATTLE-TARGET"  # own encounter
    assert refused(st, "battle 3 P2:1").rule_id == "RE-BATTLE-TARGET"  # no encounter 3
    assert refused(st, "battle 1 P2:2").rule_id == "RE-BATTLE-TARGET"
    assert legal_actions(st) == ["battle 1 P2:1", "battle 2 P2:1"]


def test_clockwise_order_RE_BATTLE_ORDER():
    # rule: RE-BATTLE-ORDER
    st = battle_position([[["Y1a"], ["Y2a"]], [["Y3a"], ["Y4a"]], [["Y5a"], ["Y6a"]]])
    st = apply_action(st, "battle 1 P3:1")
    assert st.turn == 1  # clockwise: player 2 next
    st = apply_action(st, "battle 1 P1:2")
    assert st.turn == 2
    # player 1 has no encounter left now: after player 3, player 2 plays again
    st = apply_action(st, "battle 2 P2:2")
    assert st.live(0) == [] and st.turn == 1 or st.phase != "battle"


def test_winner_collects_RE_BATTLE_COLLECT():
    # rule: RE-BATTLE-COLLECT
    st = battle_position([[["Y9a", "Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]])
    st = apply_action(st, "battle 1 P2:1")
    assert sorted(st.won[0]) == ["Y1a", "Y5a", "Y9a"] and st.wins == [1, 0]
    assert st.slots[0][0] == [] and st.slots[1][0] == []


def test_tie_discards_all_RE_RESOLVE_TIE():
    # rule: RE-RESOLVE-TIE
    st = battle_position([[["Y5a"], ["Y2a"]], [["Y5b"], ["Y3a"]]])
    st = apply_action(st, "battle 1 P2:1")
    assert sorted(st.discard) == ["Y5a", "Y5b"] and st.wins == [0, 0]


def test_beating_the_loot_encounter_RE_LOOT_WIN():
    # rule: RE-LOOT-WIN
    st = battle_position([[["Y9a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[1, 3], lootat=[1, 0])
    st = apply_action(st, "battle 1 P2:1")
    assert st.loot == [2, 2]
    # the winner gains even from a player at 1
    st = battle_position([[["Y9a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[1, 1], lootat=[1, 0])
    assert apply_action(st, "battle 1 P2:1").loot == [2, 1]


def test_backfire_RE_LOOT_BACKFIRE_and_ruling_RER_BACKFIRE_AT_ONE():
    # rule: RER-BACKFIRE-AT-ONE
    st = battle_position([[["Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[3, 2], lootat=[1, 0])
    assert apply_action(st, "battle 1 P2:1").loot == [2, 3]  # RE-LOOT-BACKFIRE
    st = battle_position([[["Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[1, 2], lootat=[1, 0])
    assert apply_action(st, "battle 1 P2:1").loot == [1, 3]  # default: defender-gains
    st = battle_position(
        [[["Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[1, 2], lootat=[1, 0],
        rulings={"RER-BACKFIRE-AT-ONE": "no-payment"},
    )  # fmt: skip
    assert apply_action(st, "battle 1 P2:1").loot == [1, 2]


def test_loot_protected_after_targeted_RE_LOOT_PROTECTED():
    # rule: RE-LOOT-PROTECTED
    st = battle_position([[["Y5a"], ["Y2a"]], [["Y5b"], ["Y3a"]]], loot=[2, 2], lootat=[1, 0])
    st = apply_action(st, "battle 1 P2:1")  # a tie on the loot encounter
    assert st.loot == [2, 2] and st.loot_at == [1, -1]


def test_attacking_with_your_loot_encounter_RER_LOOT_ATTACKER():
    # rule: RER-LOOT-ATTACKER
    slots = [[["Y1a"], ["Y2a"]], [["Y5a"], ["Y3a"]]]
    st = battle_position(slots, loot=[3, 3], lootat=[0, 1])
    assert apply_action(st, "battle 1 P2:1").loot == [2, 4]  # any-side (default)
    st = battle_position(
        slots, loot=[3, 3], lootat=[0, 1], rulings={"RER-LOOT-ATTACKER": "defence-only"}
    )
    after = apply_action(st, "battle 1 P2:1")
    assert after.loot == [3, 3] and after.loot_at[0] == 0


def test_loot_range_RE_LOOT_RANGE():
    # rule: RE-LOOT-RANGE
    st = battle_position([[["Y9a"], ["Y2a"]], [["Y5a"], ["Y3a"]]], loot=[6, 1], lootat=[1, 0])
    assert apply_action(st, "battle 1 P2:1").loot == [6, 1]


def test_leftover_encounters_discarded_RE_ROUND_LEFTOVER():
    # rule: RE-ROUND-LEFTOVER
    st = battle_position([[["Y9a"], ["Y2a"], ["Y4a"]], [["Y5a"]]], loot=[1, 1])
    st = apply_action(st, "battle 1 P2:1")
    # player 2 has nothing left: nobody can battle, the round ends and P1's two are discarded
    assert st.round == 2 and st.phase == "build"
    assert st.start == 1  # RE-ROUND-NEXT: the start rotates


def test_most_battles_bonus_RE_ROUND_BONUS():
    # rule: RE-ROUND-BONUS
    st = battle_position([[["Y9a"]], [["Y5a"]]], loot=[1, 1])
    st = apply_action(st, "battle 1 P2:1")
    assert st.loot == [3, 1]  # sole most-battles winner: +2
    st = battle_position([[["Y9a"], ["Y1a"]], [["Y5a"], ["Y8a"]]], loot=[1, 1], wins=[0, 0])
    st = apply_action(st, "battle 1 P2:1")
    st = apply_action(st, "battle 2 P1:2")
    assert st.loot == [2, 2]  # a tie for most: +1 each


def test_six_loot_wins_RE_WIN_SIX():
    # rule: RE-WIN-SIX
    st = battle_position([[["Y9a"]], [["Y5a"]]], loot=[4, 5])
    st = apply_action(st, "battle 1 P2:1")
    assert st.phase == "over" and st.outcome == "P1" and st.loot == [6, 5]
    # two at six: highest combined level of won cards wins
    st = battle_position([[["Y9a"], ["Y1a"]], [["Y5a"], ["Y8a"]]], loot=[5, 5])
    st = apply_action(st, "battle 1 P2:1")  # P1 wins 14 levels
    st = apply_action(st, "battle 2 P1:2")  # P2 wins 9 levels
    assert st.loot == [6, 6] and st.outcome == "P1"


def test_next_round_reshuffles_RE_ROUND_NEXT():
    # rule: RE-ROUND-NEXT
    st = battle_position([[["Y9a"]], [["Y5a"]]], loot=[1, 1])
    st = apply_action(st, "battle 1 P2:1")
    assert st.round == 2 and st.start == 1 and st.turn == 1
    assert [len(h) for h in st.hands] == [9, 9] and st.won == [[], []] and st.wins == [0, 0]
    assert sorted(st.all_cards()) == sorted(CARDS.ids("encounter"))


def test_creature_market_RE_VAR_MARKET():
    # rule: RE-VAR-MARKET
    st = new_game(2, seed=3, variants=("market",))
    assert st.phase == "market" and len(st.market) == 5 and "sin" in st.variants
    assert all(a.startswith("pick") for a in legal_actions(st))
    c = st.market[0]
    nxt = apply_action(st, f"pick {c}")
    assert nxt.hands[0] == [c] and len(nxt.market) == 5 and nxt.turn == 1
    assert refused(nxt, "pick NOPE").rule_id == "RE-VAR-MARKET"
    while nxt.phase == "market":
        nxt = apply_action(nxt, f"pick {nxt.market[0]}")
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
    assert not any(a.startswith("loot") for a in legal_actions(st))
    assert refused(st, "loot 1").rule_id == "RE-VAR-KEYS"


def test_keys_quick_game_winner_RE_VAR_KEYS_WIN():
    # rule: RE-VAR-KEYS-WIN
    st = battle_position(
        [[["Y9a", "K1"], ["Y1a"]], [["Y5a", "K2"], ["Y8a", "K3"]]], variants=("keys",)
    )
    st = apply_action(st, "battle 1 P2:1")  # P1 wins K1, K2
    st = apply_action(st, "battle 2 P1:2")  # P2 wins K3
    assert st.phase == "over" and st.outcome == "P1"
    st = battle_position([[["Y9a", "K1"], ["Y1a"]], [["Y5a"], ["Y8a", "K3"]]], variants=("keys",))
    st = apply_action(st, "battle 1 P2:1")  # P1: K1, 14 levels
    st = apply_action(st, "battle 2 P1:2")  # P2: K3, 9 levels
    assert st.outcome == "P1"  # one key each, level tie-break


def test_refusal_reports_catalog_id():
    st = battle_position([[["Y1a"]], [["Y3a"]]])
    with pytest.raises(RuleError) as e:
        multi.apply_action(st, "battle 1 P1:1")
    assert e.value.rule_id == "RE-BATTLE-TARGET" and "another player" in e.value.reason


def test_attempt_reports_refusals_without_raising():
    from rulebook.encounter import attempt

    st = battle_position([[["Y1a"], ["Y2a"]], [["Y3a"], ["Y4a"]]])
    same, why = attempt(st, "battle 1 P1:1")
    assert same is st and why.startswith("'battle 1 P1:1' refused by RE-BATTLE-TARGET")
    new, why = attempt(st, "battle 1 P2:1")
    assert why is None and new.wins == [0, 1]

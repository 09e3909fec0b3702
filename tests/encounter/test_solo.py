"""Solo Adventure Mode."""

from __future__ import annotations

from rulebook.encounter import new_adventure
from rulebook.encounter.layout import space_xy

from .helpers import CARDS, legal, lists, play, refused, replace, solo_position


def test_setup_decks_RE_SOLO_DECKS_final_RE_SOLO_FINAL_keys_RE_SOLO_KEYS_IN():
    # rule: RE-SOLO-FINAL, RE-SOLO-KEYS-IN
    st = new_adventure(seed=5)
    assert len(st.hand) == 9  # RE-SOLO-DECKS
    assert all(CARDS[c].kind == "encounter" for c in st.hand)
    assert len(st.boss_deck) == 3 and all(CARDS[c].kind == "boss" for c in st.boss_deck)
    assert len(st.final) == 7 and CARDS[st.final[0]].kind == "boss"  # RE-SOLO-FINAL
    assert all(CARDS[c].kind == "encounter" for c in st.final[1:])
    assert len(st.removed) == 4  # RE-SOLO-KEYS-IN: four out of the game ...
    board = [c for s in st.spaces for c in s]
    assert sorted(c for c in board if CARDS[c].kind == "key") == [
        "K1",
        "K2",
        "K3",
        "K4",
    ]  # ... keys in
    assert sorted(st.all_cards()) == sorted(CARDS.cards)
    assert new_adventure(seed=5) == st


def test_layout_RE_SOLO_LAYOUT_and_start_RE_SOLO_START():
    # rule: RE-SOLO-LAYOUT, RE-SOLO-START
    st = new_adventure(seed=1)
    assert [len(s) for s in st.spaces] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert not any(st.face_up)  # face down
    assert st.marker == 0 and space_xy(0) == (0, 0)  # bottom of column 1
    assert [space_xy(i) for i in (2, 3, 11)] == [(0, 2), (1, 0), (3, 2)]


def test_ride_moves_by_level_and_wraps_RE_SOLO_RIDE():
    # rule: RE-SOLO-RIDE
    st = solo_position(
        [["Y1a"]] * 0 + [[f"Y{i}b"] for i in range(1, 11)] + [["Y1c"], ["Y2c"]],
        hand=["Y3a", "Y5a"],
        marker=10,
    )
    st2 = play(st, "ride Y3a")
    assert st2.marker == 1 and "Y3a" in st2.discard and st2.face_up[1]  # 10 -> 11 -> 0 -> 1 (wraps)
    assert st2.phase == "build"
    assert refused(st, "ride Y9a").rule_id == "RE-SOLO-RIDE"


def test_ride_over_cleared_spaces_RER_RIDE_CLEARED():
    # rule: RER-RIDE-CLEARED
    spaces = [["Y1b"], [], [], ["Y4b"], ["Y5b"]] + [["Y6b"]] * 0 + [[] for _ in range(7)]
    st = solo_position(spaces, hand=["Y2a", "Y1a"], marker=0)
    assert play(st, "ride Y2a").marker == 2  # count-all: lands on a cleared space
    assert play(st, "ride Y2a").phase == "ride"  # nothing to battle: ride on
    skip = solo_position(
        spaces, hand=["Y2a"], marker=0, rulings={"RER-RIDE-CLEARED": "skip-cleared"}
    )
    assert play(skip, "ride Y2a").marker == 4


def test_turn_sequence_RE_SOLO_TURN():
    st = solo_position([["Y1b"]], hand=["Y2a"])
    assert refused(st, "battle").rule_id == "RE-SOLO-TURN"
    assert refused(st, "build Y2a").rule_id == "RE-SOLO-TURN"
    assert legal(st) == ["ride Y2a", "stay"]
    st = play(st, "stay")
    assert st.phase == "build" and refused(st, "ride Y2a").rule_id == "RE-SOLO-TURN"


def test_discover_flips_RE_SOLO_DISCOVER():
    # rule: RE-SOLO-DISCOVER
    st = solo_position([["Y1b"], ["Y2b"]], hand=["Y1a"])
    st2 = play(st, "ride Y1a")
    assert lists(st2.face_up) == [False, True] + [False] * 10


def test_keys_are_not_part_of_the_encounter_RE_SOLO_DISCOVER_KEY():
    # rule: RE-SOLO-DISCOVER-KEY
    st = solo_position([["K1", "Y2b"]], hand=["Y3a"], face_up=[True] + [False] * 11)
    assert st.enemy(0) == ("Y2b",)
    st = play(play(play(st, "stay"), "build Y3a"), "battle")
    assert lists(st.keys) == ["K1"] and st.phase == "loot"  # 3 beats 2: the key is not counted


def test_illegal_combination_becomes_boss_RE_SOLO_DISCOVER_ILLEGAL():
    # rule: RE-SOLO-DISCOVER-ILLEGAL
    st = solo_position([["R1", "B1", "Y2b", "K1"]], hand=["Y3a"], boss=("W1", "W2", "W3"))
    st2 = play(st, "stay")
    assert sorted(st2.spaces[0]) == ["K1", "W1", "W2", "Y2b"]
    assert lists(st2.boss_deck) == ["W3"] and sorted(st2.discard) == ["B1", "R1"]
    # a lone green is replaced too; with no Boss left the card is just discarded
    st = solo_position([["G1", "K2"]], hand=["Y3a"], boss=())
    st2 = play(st, "stay")
    assert lists(st2.spaces[0]) == ["K2"] and lists(st2.discard) == ["G1"]


def test_minority_replacement_RER_DISCOVER_REPLACE():
    rules = {"RER-DISCOVER-REPLACE": "minority"}
    st = solo_position([["R1", "R2", "B1"]], hand=["Y3a"], rulings=rules)
    assert sorted(play(st, "stay").spaces[0]) == ["R1", "R2", "W1"]


def test_build_RE_SOLO_BUILD():
    # rule: RE-SOLO-BUILD
    st = solo_position(
        [["Y1b"]], hand=["R1", "B1", "Y2a"], phase="build", face_up=[True] + [False] * 11
    )
    st = play(st, "build R1")
    assert lists(st.my_encounter) == ["R1"] and "build B1" not in legal(st)
    assert refused(st, "build B1").rule_id == "RE-COMPOSE-RED-BLUE"
    assert refused(st, "build Y9a").rule_id == "RE-SOLO-BUILD"


def test_must_build_before_battle_RE_SOLO_BUILD_MUST():
    st = solo_position([["Y1b"]], hand=["Y2a"], phase="build", face_up=[True] + [False] * 11)
    assert refused(st, "battle").rule_id == "RE-SOLO-BUILD-MUST"
    st = solo_position([["Y1b"]], hand=["G1", "Y2a"], phase="build", face_up=[True] + [False] * 11)
    st = play(st, "build G1")
    assert refused(st, "battle").rule_id == "RE-COMPOSE-GREEN"


def test_battle_as_multiplayer_RE_SOLO_BATTLE():
    # rule: RE-SOLO-BATTLE
    st = solo_position(
        [["Y5b", "Y4b"]], my_encounter=["B1"], phase="build", face_up=[True] + [False] * 11
    )
    st = play(st, "battle")
    assert st.phase == "loot" and lists(st.my_encounter) == [
        "B1"
    ]  # blue always wins; your encounter stays
    assert "always wins" in st.last


def test_green_cards_discarded_after_battle_RE_SOLO_GREEN_DISCARD():
    # rule: RE-SOLO-GREEN-DISCARD
    st = solo_position(
        [["Y9b", "Y8b"]], my_encounter=["G1", "Y1a"], phase="build", face_up=[True] + [False] * 11
    )
    st = play(st, "battle")  # swap: you fight with 17 against 2 and win
    assert st.phase == "loot" and lists(st.my_encounter) == ["Y1a"] and "G1" in st.discard


def test_loot_and_recruit_RE_SOLO_LOOT():
    # rule: RE-SOLO-LOOT
    st = solo_position(
        [["Y2b", "Y1b", "K3"]], my_encounter=["Y9a"], phase="build", face_up=[True] + [False] * 11
    )
    st = play(st, "battle")
    assert lists(st.keys) == ["K3"] and sorted(st.defeated) == ["Y1b", "Y2b"]
    assert legal(st) == ["recruit -", "recruit Y1b", "recruit Y2b"]  # sorted by text
    assert refused(st, "recruit Y9b").rule_id == "RE-SOLO-LOOT"
    st = play(st, "recruit Y2b")
    assert (
        lists(st.hand) == ["Y2b"]
        and "Y1b" in st.discard
        and st.phase == "ride"
        and lists(st.spaces[0]) == []
    )


def test_losing_keeps_the_enemy_RE_SOLO_LOSE():
    # rule: RE-SOLO-LOSE
    st = solo_position(
        [["Y9b", "K1"]],
        my_encounter=["Y2a"],
        hand=["Y3a"],
        phase="build",
        face_up=[True] + [False] * 11,
    )
    st = play(st, "battle")
    assert (
        lists(st.my_encounter) == []
        and "Y2a" in st.discard
        and lists(st.spaces[0]) == ["Y9b", "K1"]
        and st.face_up[0]
    )
    assert st.phase == "ride" and "stay" in legal(st)  # may battle it again


def test_solo_tie_RER_SOLO_TIE():
    # rule: RER-SOLO-TIE
    pos = dict(my_encounter=["Y5a"], hand=["Y1a"], phase="build", face_up=[True] + [False] * 11)
    # default as-loss: 003 gives keys only under "If You Win"; the enemy stays with its key
    st = play(solo_position([["Y5b", "K1"], ["Y1c"]], **pos), "battle")
    assert lists(st.keys) == [] and lists(st.spaces[0]) == ["Y5b", "K1"]
    assert lists(st.my_encounter) == []
    st = play(
        solo_position([["Y5b", "K1"], ["Y1c"]], rulings={"RER-SOLO-TIE": "discard-both"}, **pos),
        "battle",
    )
    assert lists(st.keys) == ["K1"] and lists(st.spaces[0]) == [] and lists(st.my_encounter) == []


def test_boss_room_RE_SOLO_BOSS_ROOM_and_win_RE_SOLO_WIN():
    # rule: RE-SOLO-BOSS-ROOM, RE-SOLO-WIN
    st = solo_position(
        [["Y1b"]], hand=["Y9a", "Y8a"], my_encounter=["Y2a"], keys=["K1", "K2"], final=("W1", "Y1c")
    )
    assert refused(st, "boss").rule_id == "RE-SOLO-BOSS-ROOM"
    st = replace(st, keys=("K1", "K2", "K3", "K4"))
    st = play(st, "boss")
    st = play(st, "build Y9a")
    st = play(st, "build Y8a")  # 2+9+8 = 19 vs Boss 12 + 1
    st = play(st, "enter")
    assert (
        st.outcome == "win"
        and st.phase == "over"
        and lists(st.spaces[0]) == []
        and "Y1b" in st.removed
    )


def test_boss_room_discover_and_loss_RE_SOLO_LOSS():
    # rule: RE-SOLO-LOSS
    # the Final Encounter is Discovered: R1 with B1 -> both replaced by Bosses
    st = solo_position([], hand=["Y9a"], my_encounter=["Y2a"], keys=["K1", "K2", "K3", "K4"],
                       final=("W4", "R1", "B1"), boss=("W1",))  # fmt: skip
    st = play(play(st, "boss"), "enter")
    assert st.outcome == "loss" and "W1" in st.last and "R1" in st.discard


def test_no_action_left_is_a_loss_RE_SOLO_LOSS():
    # rule: RE-SOLO-LOSS
    st = solo_position(
        [["Y9b"], ["Y1b"]], my_encounter=["Y2a"], phase="build", face_up=[True] + [False] * 11
    )
    st = play(st, "battle")  # lose, hand empty, encounter gone: nothing to do
    assert st.outcome == "loss" and legal(st) == []
    assert refused(st, "stay").rule_id == "RE-SOLO-LOSS"

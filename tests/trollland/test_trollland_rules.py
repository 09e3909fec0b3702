"""One test (or more) per Trollland rule ID; each cites its ID in its name or right beside it."""

from __future__ import annotations

import pytest
from tl_helpers import CARDS, berth, pos, zom_example

from rulebook.common.errors import CardDataError, NotationError, RuleError
from rulebook.trollland import (
    CATALOG,
    apply_action,
    default_rulings,
    legal_actions,
    load_card_set,
    new_game,
    score,
    winners,
)
from rulebook.trollland.actions import make
from rulebook.trollland.setup import puzzle
from rulebook.trollland.state import State


def legal_texts(state) -> list[str]:
    """The legal actions' texts (``legal_actions`` gives Actions, as in every game)."""
    return [str(a) for a in legal_actions(state)]


def refused(state, action, rule_id):
    before = str(state)
    with pytest.raises(RuleError) as e:
        apply_action(state, action)
    assert e.value.rule_id == rule_id, e.value
    assert str(state) == before  # the state is untouched
    return e.value


# -- components and setup --------------------------------------------------------------------------
def test_TL_COMP_PEOPLE_ninety_cards():
    # TL-COMP-PEOPLE
    people = list(CARDS.people.values())
    assert len(people) == 90
    trolls = sorted(c.number for c in people if c.is_troll)
    assert trolls == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    for p in ("Bi", "Zo", "Ze", "Ni", "Go"):
        assert sorted(c.number for c in people if c.people == p) == list(range(16))
    assert all(c.provenance == "stand-in" for c in people)  # per-card values are not public


def test_TL_COMP_VEHICLES_fourteen_vehicles():
    # TL-COMP-VEHICLES
    vs = list(CARDS.vehicles.values())
    assert len(vs) == 14
    assert all(1 <= len(v.cages) <= 3 and all(1 <= c <= 4 for c in v.cages) for v in vs)
    assert {v.kind for v in vs} == {"cart", "caterpillar", "dragon"}


def test_TL_COMP_VEHICLES_bad_user_file_names_card_and_field(tmp_path):
    # TL-COMP-VEHICLES
    f = tmp_path / "v.toml"
    f.write_text(
        '[[vehicle]]\nid="X"\nname="x"\nprovenance="stand-in"\nkind="cart"\ncages=[5]\nmedals=0\n'
    )
    with pytest.raises(CardDataError) as e:
        load_card_set(vehicles=f)
    assert "card 'X'" in str(e.value) and "field 'cages'" in str(e.value)


VEHICLE = (
    '[[vehicle]]\nid="{}"\nname="x"\nprovenance="stand-in"\nkind="cart"\ncages=[2]\nmedals=0\n'
)


@pytest.mark.parametrize(
    "vid, char",
    [
        ("V03.1", "'.'"),  # a cage is written V03.1: a vehicle id with '.' could not be read back
        ("V+1", "'+'"),
        ("V03,V04", "','"),
        ("V03|V04", "'|'"),
        ("V 3", "' '"),
        ("_V3", "'_'"),
    ],
)
def test_TL_COMP_VEHICLES_bad_id_names_file_card_field_and_character(tmp_path, vid, char):
    # TL-COMP-VEHICLES
    f = tmp_path / "v.toml"
    f.write_text(VEHICLE.format(vid))
    with pytest.raises(CardDataError) as e:
        load_card_set(vehicles=f)
    assert (e.value.path, e.value.card, e.value.field) == (str(f), "#1", "id")
    assert f"{vid!r}" in e.value.message and char in e.value.message, e.value


@pytest.mark.parametrize("vid, msg", [("", "the id is empty"), ("-", "alone means 'none'")])
def test_TL_COMP_VEHICLES_empty_id_refused(tmp_path, vid, msg):
    # TL-COMP-VEHICLES
    f = tmp_path / "v.toml"
    f.write_text(VEHICLE.format(vid))
    with pytest.raises(CardDataError, match=msg) as e:
        load_card_set(vehicles=f)
    assert (e.value.card, e.value.field) == ("#1", "id")


def test_TL_COMP_VEHICLES_ids_with_letters_digits_underscore_dash_load(tmp_path):
    # TL-COMP-VEHICLES: what the old hand-written check accepted still loads, and the cage of
    # such a vehicle reads back through the action notation
    from rulebook.trollland.actions import CageCodec

    f = tmp_path / "v.toml"
    # five vehicles: a game puts five in the row (a shorter file is refused, issue 23)
    f.write_text("".join(VEHICLE.format(v) for v in ("Cart_1-b", "V2", "V3", "V4", "V5")))
    v = load_card_set(vehicles=f).vehicles["Cart_1-b"]
    assert v.cages == (2,)
    assert CageCodec().parse("Cart_1-b.1", "cage").vehicle == "Cart_1-b"


def test_TL_COMP_PEOPLE_id_with_plus_refused_with_dot_accepted(tmp_path):
    # TL-COMP-PEOPLE: People ids refuse '+' (as before) but may hold '.'
    from rulebook.trollland.cards import DATA

    text = (DATA / "people.toml").read_text()
    assert 'id = "Zo7"\n' in text
    f = tmp_path / "people.toml"
    f.write_text(text.replace('id = "Zo7"\n', 'id = "Zo+7"\n'))
    with pytest.raises(CardDataError) as e:
        load_card_set(people=f)
    assert e.value.field == "id" and "'Zo+7'" in e.value.message and "'+'" in e.value.message
    f.write_text(text.replace('id = "Zo7"\n', 'id = "Zo.7"\n'))
    assert load_card_set(people=f).people["Zo.7"].number == 7


def test_TL_COMP_BONUS_five_cards_zom_bonus_sourced():
    # TL-COMP-BONUS
    assert len(CARDS.bonus) == 5
    zo = CARDS.bonus["Bonus-Zo"]
    assert zo.medals == 3 and zo.provenance == "sourced"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_TL_SETUP_PLAYERS_two_to_five(n):
    # TL-SETUP-PLAYERS
    assert new_game(n, seed=1).players == n


@pytest.mark.parametrize("n", [1, 6])
def test_TL_SETUP_PLAYERS_refuses_other_counts(n):
    # TL-SETUP-PLAYERS
    with pytest.raises(RuleError) as e:
        new_game(n)
    assert e.value.rule_id == "TL-SETUP-PLAYERS"


def test_TL_SETUP_VEHICLES_BONUS_DEAL_DOCK():
    # TL-SETUP-VEHICLES
    for seed in range(30):
        s = new_game(2 + seed % 4, seed=seed)
        # TL-SETUP-VEHICLES: five face up, empty, the rest in the pile
        assert len(s.row) == 5 and len(s.vehicle_pile) == 9
        assert all(not c for b in s.row for c in b.cages)
        # TL-SETUP-BONUS: two revealed
        assert len(s.bonus) == 2
        # TL-SETUP-DEAL: five each
        assert all(len(h) == 5 for h in s.hands)
        # TL-SETUP-DOCK: exactly five pests on the dock, no Troll
        assert len(s.dock) == 5 and not any(CARDS.people[c].is_troll for c in s.dock)
        every = [c for h in s.hands for c in h] + [*s.draw, *s.dock]
        assert sorted(every) == sorted(CARDS.people)


# -- turn ---------------------------------------------------------------------------------------------
def test_TL_TURN_ORDER_refuses_loading_during_the_choice():
    # TL-TURN-ORDER
    s = new_game(3, seed=2)
    refused(s, "place Zo3 V01.1", "TL-TURN-ORDER")


def test_TL_CHOOSE_TWO_own_cards_only():
    # TL-CHOOSE-TWO
    s = new_game(3, seed=2)
    other = s.hands[1][0]
    refused(s, f"choose {s.hands[0][0]} {other}", "TL-CHOOSE-TWO")
    refused(s, f"choose {s.hands[0][0]} {s.hands[0][0]}", "TL-CHOOSE-TWO")
    s2 = apply_action(s, legal_actions(s)[0])
    assert len(s2.hands[0]) == 3 and len(s2.chosen[0]) == 2 and s2.to_move == 1


def test_TL_CHOOSE_KING_never_with_another_troll():
    # TL-CHOOSE-KING
    s = pos(2, phase="choose", hands=[["T1a", "T3a", "Zo3"], ["Bi1", "Bi2"]])
    refused(s, "choose T1a T3a", "TL-CHOOSE-KING")
    assert "choose T1a T3a" not in legal_texts(s)
    assert "choose T1a Zo3" in legal_texts(s)


# -- trolls ---------------------------------------------------------------------------------------------
def choose_all(s, picks):
    for a, b in picks:
        s = apply_action(s, f"choose {a} {b}")
    return s


def test_TL_TROLL_ORDER_increasing_numbers():
    # TL-TROLL-ORDER
    s = pos(2, phase="choose", hands=[["T5a", "Zo3"], ["T2a", "Bi1"]], dock=["Ni4"],
            row=[berth("V01"), berth("V02")])  # fmt: skip
    s = choose_all(s, [("T5a", "Zo3"), ("T2a", "Bi1")])
    assert s.phase == "troll" and s.current_troll() == "T2a" and s.to_move == 1
    s = apply_action(s, "expel Ni4")
    assert s.current_troll() == "T5a" and s.to_move == 0 and "T2a" in s.discard


def test_TL_TROLL_CANCEL_faq_1_1_3():
    # TL-TROLL-CANCEL
    # FAQ: Trolls 1, 1, 3 -> the two Kings cancel, the 3 applies
    s = pos(3, phase="choose", hands=[["T1a", "Zo3"], ["T1b", "Bi1"], ["T3a", "Ni2"]],
            won=[["Go1", "Go2"], [], []], row=[berth("V04")])  # fmt: skip
    s = choose_all(s, [("T1a", "Zo3"), ("T1b", "Bi1"), ("T3a", "Ni2")])
    assert s.current_troll() == "T3a" and {"T1a", "T1b"} <= set(s.discard)
    assert legal_texts(s) == ["steal-top P1 Go"]
    s = apply_action(s, "steal-top P1 Go")
    assert "Go2" in s.won[2] and s.won[0] == ("Go1",)


def test_TL_TROLL_CANCEL_pair_of_fours():
    # TL-TROLL-CANCEL
    s = pos(3, phase="choose", hands=[["T4a", "Zo3"], ["T4b", "Bi1"], ["T2a", "Ni2"]],
            dock=["Ze5"], row=[berth("V04")])  # fmt: skip
    s = choose_all(s, [("T4a", "Zo3"), ("T4b", "Bi1"), ("T2a", "Ni2")])
    s = apply_action(s, "expel Ze5")
    assert {"T4a", "T4b"} <= set(s.discard) and s.phase == "load"


def test_TL_TROLL_KING_imprisons_the_other_trolls():
    # TL-TROLL-KING
    # Example 2: the King captures the 3 other Trolls; their powers do not apply
    s = pos(4, phase="choose",
            hands=[["T1a", "Zo3"], ["T2a", "Bi1"], ["T3a", "Ni2"], ["T4a", "Go2"]],
            row=[berth("V04")], dock=["Ze5"], won=[[], [], [], ["Go5", "Go6"]])  # fmt: skip
    s = choose_all(s, [("T1a", "Zo3"), ("T2a", "Bi1"), ("T3a", "Ni2"), ("T4a", "Go2")])
    assert legal_texts(s) == ["king draw", "king imprison"]  # sorted by text
    s = apply_action(s, "king imprison")
    assert sorted(s.prison[0]) == ["T2a", "T3a", "T4a"] and "T1a" in s.discard
    assert s.phase == "load" and s.won[3] == ("Go5", "Go6")


def test_TL_TROLL_KING_draw_three_return_two():
    # TL-TROLL-KING
    s = pos(2, phase="choose", hands=[["T1a", "Zo3", "Go9"], ["Bi1", "Bi2"]],
            draw=["Ze1", "Ze2", "Ze3", "Ze4"], row=[berth("V04")])  # fmt: skip
    s = choose_all(s, [("T1a", "Zo3"), ("Bi1", "Bi2")])
    s = apply_action(s, "king draw")
    assert s.phase == "king-return" and sorted(s.hands[0]) == ["Go9", "Ze1", "Ze2", "Ze3"]
    refused(s, "return Bi1 Ze1", "TL-TROLL-KING")
    s = apply_action(s, "return Go9 Ze1")
    assert sorted(s.hands[0]) == ["Ze2", "Ze3"] and sorted(s.draw) == ["Go9", "Ze1", "Ze4"]


def test_TL_END_DRAW_no_hand_limit_after_the_kings_draw():
    # TL-END-DRAW, TL-TROLL-KING: 002 FAQ "Can a player have more than 5 cards in hand? Yes."
    s = pos(2, phase="choose",
            hands=[["T1a", "Zo3", "Go9", "Ze6", "Ze7"], ["Bi1", "Bi2", "Ni3", "Ni4", "Ni6"]],
            draw=["Ze1", "Ze2", "Ze3", "Ze4", "Ze5", "Ze8", "Ze9", "Ze10"],
            row=[berth(v) for v in ("V04", "V03", "V02", "V01", "V05")])  # fmt: skip
    s = choose_all(s, [("T1a", "Zo3"), ("Bi1", "Bi2")])
    s = apply_action(apply_action(s, "king draw"), "return Go9 Ze6")
    for action in ("place Bi1 V02.1", "place Bi2 V02.1", "place Zo3 V03.1"):
        s = apply_action(s, action)
    assert s.phase == "choose" and [len(h) for h in s.hands] == [6, 5]  # both drew two


@pytest.mark.parametrize("choice, imprisoned", [("all", ["T4a", "T4b"]), ("uncancelled", [])])
def test_TL_TROLL_KING_ruling_TLR_KING_CANCELLED(choice, imprisoned):
    # TL-TROLL-KING
    rulings = default_rulings(**{"TLR-KING-CANCELLED": choice})
    s = pos(3, phase="choose", hands=[["T1a", "Zo3"], ["T4a", "Bi1"], ["T4b", "Ni2"]],
            row=[berth("V04")], rulings=rulings)  # fmt: skip
    s = choose_all(s, [("T1a", "Zo3"), ("T4a", "Bi1"), ("T4b", "Ni2")])
    s = apply_action(s, "king imprison")
    assert sorted(s.prison[0]) == imprisoned


def test_TL_TROLL_EXPRESS_expel_or_hand_over_the_camp():
    # TL-TROLL-EXPRESS
    s = pos(2, phase="troll", chosen=[["T2a"], []], dock=["Ni4", "Zo7"], trollgat=[["Bi9"], []],
            row=[berth("V04")])  # fmt: skip
    assert legal_texts(s) == ["camp P2", "expel Ni4", "expel Zo7"]
    assert apply_action(s, "expel Ni4").won[0] == ("Ni4",)
    s2 = apply_action(s, "camp P2")
    assert s2.trollgat == ((), ("Bi9",))
    refused(s, "camp P1", "TL-TROLL-EXPRESS")
    refused(s, "expel Go1", "TL-TROLL-EXPRESS")


def test_TL_TROLL_3_steals_the_top_card():
    # TL-TROLL-3
    s = pos(2, phase="troll", chosen=[["T3a"], []], won=[[], ["Go2", "Go9", "Zo4"]],
            row=[berth("V04")])  # fmt: skip
    assert legal_texts(s) == ["steal-top P2 Go"]  # the Zom pile has only 1 card
    refused(s, "steal-top P2 Zo", "TL-TROLL-3")
    s = apply_action(s, "steal-top P2 Go")
    assert s.won == (("Go9",), ("Go2", "Zo4"))


def test_TL_TROLL_4_steals_all_but_the_top():
    # TL-TROLL-4
    s = pos(2, phase="troll", chosen=[["T4a"], []], won=[[], ["Go2", "Go9", "Go5"]],
            row=[berth("V04")])  # fmt: skip
    s = apply_action(s, "steal-rest P2 Go")
    assert sorted(s.won[0]) == ["Go2", "Go5"] and s.won[1] == ("Go9",)
    refused(pos(2, phase="troll", chosen=[["T4a"], []], won=[[], ["Go2", "Go9"]]),
            "steal-rest P1 Go", "TL-TROLL-4")  # fmt: skip


def test_TL_TROLL_power_without_target_fizzles():
    s = pos(2, phase="choose", hands=[["T3a", "Zo3"], ["Bi1", "Bi2"]], row=[berth("V04")])
    s = choose_all(s, [("T3a", "Zo3"), ("Bi1", "Bi2")])  # TL-TROLL-3: nothing to steal
    assert s.phase == "load" and "T3a" in s.discard


def test_TL_TROLL_5_sends_an_incomplete_vehicle():
    # TL-TROLL-5
    s = pos(2, phase="troll", chosen=[["T5a"], []], row=[berth("V12", ["Zo2"], ["Bi2", "Bi3"])])
    s = apply_action(s, "send V12")
    assert (
        s.row == () and s.vehicles_won[0] == ("V12",) and sorted(s.won[0]) == ["Bi2", "Bi3", "Zo2"]
    )
    refused(pos(2, phase="troll", chosen=[["T5a"], []], row=[berth("V01")]), "send V02",
            "TL-TROLL-5")  # fmt: skip
    # TL-DEPART-FULL: a vehicle that has left cannot be loaded
    refused(pos(2, row=[berth("V01")], chosen=[["Zo3"], []]), "place Zo3 V02.1", "TL-DEPART-FULL")


# -- loading ----------------------------------------------------------------------------------------
def test_TL_BANISH_ORDER_bimbo_first_smallest_first():
    # TL-BANISH-ORDER
    s = pos(2, row=[berth("V04"), berth("V03"), berth("V02")],
            chosen=[["Zo2", "Bi9"], ["Bi5", "Go1"]])  # fmt: skip
    assert s.current_card() == "Bi5" and s.to_move == 1
    refused(s, "place Bi9 V04.1", "TL-BANISH-ORDER")
    order = []
    while s.phase == "load":
        order.append(s.current_card())
        s = apply_action(s, legal_actions(s)[0])
    assert order == ["Bi5", "Bi9", "Zo2", "Go1"]


def test_TL_LOAD_CAPACITY_full_cage():
    # TL-LOAD-CAPACITY
    s = pos(2, row=[berth("V06", ["Zo1"], [])], chosen=[["Zo3"], []])
    e = refused(s, "place Zo3 V06.1", "TL-LOAD-CAPACITY")
    assert "full" in e.reason


def test_TL_LOAD_CAGE_PEOPLE_one_people_per_cage():
    # TL-LOAD-CAGE-PEOPLE
    s = pos(2, row=[berth("V07", ["Bi1"], [])], chosen=[["Zo3"], []])
    refused(s, "place Zo3 V07.1", "TL-LOAD-CAGE-PEOPLE")
    assert apply_action(s, "place Zo3 V07.2").row[0].cages == (("Bi1",), ("Zo3",))


def test_TL_LOAD_VEHICLE_DISTINCT_two_cages_two_peoples():
    # TL-LOAD-VEHICLE-DISTINCT
    s = pos(2, row=[berth("V07", ["Zo1"], [])], chosen=[["Zo3"], []])
    refused(s, "place Zo3 V07.2", "TL-LOAD-VEHICLE-DISTINCT")


def test_TL_LOAD_TROLLGAT_only_when_no_cage_fits():
    # TL-LOAD-TROLLGAT
    s = pos(2, row=[berth("V07", ["Zo1"], [])], chosen=[["Zo3"], []])
    refused(s, "gat Zo3", "TL-LOAD-TROLLGAT")  # V07.1 has room
    s = pos(2, row=[berth("V06", ["Zo1"], ["Bi2"])], chosen=[["Zo3"], []])
    assert legal_texts(s) == ["gat Zo3"]
    assert apply_action(s, "gat Zo3").trollgat[0] == ("Zo3",)


def test_TL_LOAD_TROLLGAT_ruling_TLR_GAT_CHOICE_voluntary():
    # TL-LOAD-TROLLGAT
    rulings = default_rulings(**{"TLR-GAT-CHOICE": "voluntary"})
    s = pos(2, row=[berth("V07", ["Zo1"], [])], chosen=[["Zo3"], []], rulings=rulings)
    assert "gat Zo3" in legal_texts(s)
    assert apply_action(s, "gat Zo3").trollgat[0] == ("Zo3",)


def test_TL_SYMBOL_ARROW_extra_card_then_replacement():
    # TL-SYMBOL-ARROW
    assert CARDS.people["Bi3"].symbol == "arrow"
    s = pos(2, row=[berth("V04"), berth("V03")], chosen=[["Bi3"], []],
            hands=[["T2a", "Go7"], ["Ni1"]], draw=["Ze1", "Ze2"])  # fmt: skip
    s = apply_action(s, "place Bi3 V04.1")
    assert s.phase == "arrow" and s.to_move == 0
    assert legal_texts(s) == ["place Go7 V03.1"]  # V04's only cage holds Bimbos
    refused(s, "place T2a V03.1", "TL-SYMBOL-ARROW")
    s = apply_action(s, "place Go7 V03.1")
    assert s.hands[0] == ("T2a", "Ze1") and s.row[1].cages == (("Go7",),)


def test_TL_SYMBOL_ARROW_only_trolls_in_hand_no_effect():
    # TL-SYMBOL-ARROW
    s = pos(2, row=[berth("V04")], chosen=[["Bi3", "Go1"], []], hands=[["T2a"], ["Ni1"]])
    s = apply_action(s, "place Bi3 V04.1")
    assert s.phase == "load" and s.current_card() == "Go1"


@pytest.mark.parametrize("choice, phase", [("no-chain", "load"), ("chain", "arrow")])
def test_TL_SYMBOL_ARROW_ruling_TLR_ARROW_CHAIN(choice, phase):
    # TL-SYMBOL-ARROW
    rulings = default_rulings(**{"TLR-ARROW-CHAIN": choice})
    s = pos(2, row=[berth("V04"), berth("V03")], chosen=[["Bi3", "Ze9"], []],
            hands=[["Go3", "Ni1"], ["Zo1"]], rulings=rulings)  # fmt: skip
    s = apply_action(s, "place Bi3 V04.1")
    s = apply_action(s, "place Go3 V03.1")  # Go3 carries an arrow too
    assert s.phase == phase


def test_TL_SYMBOL_QUESTION_swap_with_a_dock_card():
    # TL-SYMBOL-QUESTION
    # Example: loading the Bimbos -- the question-mark Bimbo may go on the dock and a dock card
    # finish the Caterpillar instead
    assert CARDS.people["Bi6"].symbol == "question"
    s = pos(2, row=[berth("V12", [], [], ["Go1"]), berth("V07", ["Bi1", "Bi2"], ["Ze3"])],
            chosen=[["Bi6"], []], dock=["Ze4", "Ni8"])  # fmt: skip
    acts = legal_texts(s)
    assert "place Bi6 V12.1" in acts and "swap Bi6 Ze4 V07.2" in acts
    s2 = apply_action(s, "swap Bi6 Ze4 V07.2")
    assert s2.dock == ("Ni8", "Bi6") and s2.vehicles_won[0] == ("V07",)  # TL-DEPART-FULL
    refused(pos(2, row=[berth("V04")], chosen=[["Bi5"], []], dock=["Ze4"]),
            "swap Bi5 Ze4 V04.1", "TL-SYMBOL-QUESTION")  # fmt: skip


def test_TL_DEPART_FULL_last_card_takes_the_vehicle():
    # TL-DEPART-FULL
    s = pos(2, row=[berth("V07", ["Bi1", "Bi2"], ["Zo3"]), berth("V04")],
            chosen=[["Zo5"], ["Zo9"]])  # fmt: skip
    s = apply_action(s, "place Zo5 V07.2")
    assert [b.vehicle for b in s.row] == ["V04"]
    assert s.vehicles_won[0] == ("V07",) and sorted(s.won[0]) == ["Bi1", "Bi2", "Zo3", "Zo5"]


def test_TL_DEPART_PILES_highest_on_top():
    # TL-DEPART-PILES
    s = pos(2, won=[["Zo9", "Zo2", "Bi4", "Zo5"], []])
    assert s.piles(0) == {"Bi": ["Bi4"], "Zo": ["Zo2", "Zo5", "Zo9"]}


# -- end of turn and game ------------------------------------------------------------------------------
def test_TL_END_DRAW_two_each_and_TL_END_REFILL_not_needed():
    # TL-END-DRAW, TL-END-REFILL
    s = pos(2, row=[berth("V04"), berth("V03"), berth("V02")], chosen=[["Go1"], []],
            draw=["Ze1", "Ze2", "Ze3", "Ze4", "Ze5"], vehicle_pile=["V01", "V05"])  # fmt: skip
    s = apply_action(s, "place Go1 V04.1")
    assert s.phase == "choose" and s.turn == 2
    assert s.hands == (("Ze1", "Ze2"), ("Ze3", "Ze4")) and s.draw == ("Ze5",)
    assert len(s.row) == 3  # 3 vehicles remain: no refill


def test_TL_END_REFILL_back_to_five():
    # TL-END-REFILL
    s = pos(2, row=[berth("V04"), berth("V06", ["Zo1"], [])], chosen=[["Zo2"], []],
            draw=["Ze1", "Ze2", "Ze3", "Ze4"], vehicle_pile=["V01", "V05", "V09", "V10"])  # fmt: skip
    s = apply_action(s, "place Zo2 V04.1")
    assert [b.vehicle for b in s.row] == ["V04", "V06", "V01", "V05", "V09"]
    assert s.vehicle_pile == ("V10",)


def test_TL_GAME_END_VEHICLES_no_row_of_five():
    # TL-GAME-END-VEHICLES
    s = pos(2, row=[berth("V04"), berth("V03")], chosen=[["Go1"], []],
            draw=["Ze1", "Ze2", "Ze3", "Ze4"], vehicle_pile=["V01", "V05"])  # fmt: skip
    s = apply_action(s, "place Go1 V04.1")
    assert s.phase == "over" and legal_texts(s) == []
    refused(s, "choose Ze1 Ze2", "TL-TURN-ORDER")


@pytest.mark.parametrize("choice, phase", [("refill-needed", "choose"), ("any-short", "over")])
def test_TL_GAME_END_VEHICLES_ruling_TLR_END_VEHICLES(choice, phase):
    # TL-GAME-END-VEHICLES
    rulings = default_rulings(**{"TLR-END-VEHICLES": choice})
    s = pos(2, row=[berth("V04"), berth("V03"), berth("V02")], chosen=[["Go1"], []],
            draw=["Ze1", "Ze2", "Ze3", "Ze4"], vehicle_pile=["V01"], rulings=rulings)  # fmt: skip
    assert apply_action(s, "place Go1 V04.1").phase == phase


def test_TL_GAME_END_CARDS_cannot_deal_two_each():
    # TL-GAME-END-CARDS
    s = pos(3, row=[berth("V04"), berth("V03"), berth("V02")], chosen=[["Go1"], [], []],
            draw=["Ze1", "Ze2", "Ze3", "Ze4", "Ze5"], vehicle_pile=["V01", "V05"])  # fmt: skip
    s = apply_action(s, "place Go1 V04.1")
    assert s.phase == "over" and s.draw == ("Ze1", "Ze2", "Ze3", "Ze4", "Ze5")


# -- scoring ------------------------------------------------------------------------------------------
def test_TL_SCORE_SUITCASES_top_card_only():
    # TL-SCORE-SUITCASES
    s = pos(2, won=[["Ze2", "Ze14"], []])  # stand-in suitcases: 1 + (n - 1) // 4
    assert score(s, 0).piles == {"Ze": CARDS.people["Ze14"].suitcases} == {"Ze": 4}


def test_TL_SCORE_COMPANION_doubles():
    # TL-SCORE-COMPANION
    s = pos(2, won=[["Ze0", "Ze14"], []])
    assert score(s, 0).piles == {"Ze": 8}


def test_TL_SCORE_MEDALS_vehicles_and_prisoners():
    # TL-SCORE-MEDALS
    s = pos(2, vehicles_won=[["V14", "V01"], []], prison=[["T4a", "T2b"], []])
    sc = score(s, 0)
    assert sc.vehicle_medals == CARDS.vehicles["V14"].medals + CARDS.vehicles["V01"].medals
    assert sc.troll_medals == CARDS.people["T4a"].medals + CARDS.people["T2b"].medals


def test_TL_SCORE_BONUS_most_cards_tie_lowest_number():
    # TL-SCORE-BONUS
    s = pos(2, won=[["Zo3", "Zo9"], ["Zo2", "Zo15"]], bonus=["Bonus-Zo", "Bonus-Ni"])
    assert score(s, 1).bonus_won == ["Bonus-Zo"] and score(s, 0).bonus_won == []
    s = pos(2, won=[["Zo3", "Zo9", "Zo10"], ["Zo2", "Zo15"]])
    assert score(s, 0).bonus_medals == 3


def test_TL_SCORE_REFUGEES_minus_two_each():
    # TL-SCORE-REFUGEES
    assert score(pos(2, trollgat=[["Bi1", "Zo2", "Ni3"], []]), 0).refugees == -6


def test_TL_SCORE_WINNER_highest_total():
    # TL-SCORE-WINNER
    s = pos(2, won=[["Ze14"], ["Ze2"]])
    assert winners(s) == [0]
    assert winners(pos(2)) == [0, 1]


def test_catalog_ids_are_cited_by_the_engine_only_if_catalogued():
    assert len(CATALOG) == 37 and all(rid.startswith("TL-") for rid in CATALOG.ids())
    assert all(r.startswith("TLR-") for r in CATALOG.rulings)


def test_TL_BANISH_ORDER_zom_example_engine():
    # TL-BANISH-ORDER
    s = zom_example()
    assert legal_texts(s) == ["place Zo6 V12.1"]  # A's only cage: the Zom cage of the Dragon
    s = apply_action(s, "place Zo6 V12.1")
    assert legal_texts(s) == ["gat Zo10"]  # B is obliged to take his Zom as a refugee
    s = apply_action(s, "gat Zo10")
    s = apply_action(s, "gat Zo13")
    assert s.trollgat == ((), ("Zo10",), ("Zo13",))


def test_TL_COMP_PEOPLE_user_file_replaces_stand_ins(tmp_path):
    # a user's own transcription: one card marked sourced, with its source
    from rulebook.trollland.cards import DATA

    text = (DATA / "people.toml").read_text()
    mine = text.replace(
        'id = "Zo7"\nname = "Zom 7"\nprovenance = "stand-in"',
        'id = "Zo7"\nname = "Zom 7"\nprovenance = "sourced"\nsource = "my own card"',
    )
    assert mine != text
    f = tmp_path / "people.toml"
    f.write_text(mine)
    cards = load_card_set(people=f)
    assert cards.people["Zo7"].provenance == "sourced" and cards.name == "user"
    s = new_game(2, seed=1, cards=cards)
    assert s.cards is cards and len(s.dock) == 5
    f.write_text(mine.replace('source = "my own card"\n', ""))
    with pytest.raises(CardDataError, match="sourced card must say where from"):
        load_card_set(people=f)


@pytest.mark.parametrize("choice, phase", [("ignored", "load"), ("applies", "arrow")])
def test_TL_SYMBOL_QUESTION_ruling_TLR_SWAP_SYMBOL(choice, phase):
    # the dock's Go3 carries an arrow: does it trigger when swapped in by a question mark?
    assert CARDS.people["Go3"].symbol == "arrow"
    rulings = default_rulings(**{"TLR-SWAP-SYMBOL": choice})
    s = pos(2, row=[berth("V04"), berth("V03")], chosen=[["Bi6", "Ze9"], []], dock=["Go3"],
            hands=[["Ni1"], ["Zo1"]], rulings=rulings)  # fmt: skip
    assert apply_action(s, "swap Bi6 Go3 V04.1").phase == phase


def test_a_check_reads_the_player_from_the_state():
    """The player acting is ``state.to_move``: a choice of the other player's cards is refused."""
    from rulebook.trollland.game import GAME

    s = pos(2, phase="choose", hands=[["Bi1", "Bi2"], ["Zo1", "Zo2"]])
    assert s.to_move == 0
    assert GAME.refusal(s, make("choose", "Bi1", "Bi2")) is None
    err = GAME.refusal(s, make("choose", "Zo1", "Zo2"))
    assert err.rule_id == "TL-CHOOSE-TWO" and "player 1's hand" in err.reason


def test_to_move_is_kept_and_the_notation_writes_it_as_pending_only_where_the_cards_do_not_tell():
    s = pos(2, phase="arrow", hands=[["Bi3"], []], to_move=0)
    assert s.to_move == 0 and " pending=1 " in str(s)
    assert State.parse(str(s)).to_move == 0
    load = pos(2, chosen=[[], ["Zo4"]], row=[berth("V07")])
    assert load.to_move == 1 and " pending=- " in str(load)  # the owner of the next card
    with pytest.raises(NotationError, match="pending is only for"):
        State.parse(str(load).replace("pending=-", "pending=2"))
    with pytest.raises(NotationError, match="to_move is given only"):
        puzzle(2, phase="load", to_move=1)


def test_a_deal_depends_on_the_cards_not_on_their_order_in_the_file():
    """TL-SETUP-*: a new game shuffles each kind's ids in text order, so the same cards listed in
    another order deal the same."""
    from rulebook.trollland.cards import CardSet, default_cards

    cards = default_cards()
    reversed_cards = CardSet(
        "reversed",
        dict(reversed(cards.people.items())),
        dict(reversed(cards.vehicles.items())),
        dict(reversed(cards.bonus.items())),
    )
    assert list(reversed_cards.people) != list(cards.people)
    for seed in range(5):
        a, b = new_game(3, seed=seed), new_game(3, seed=seed, cards=reversed_cards)
        fields = ("hands", "draw", "dock", "row", "vehicle_pile", "bonus", "rng")
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]

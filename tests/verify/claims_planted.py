"""Claims for the tests and the CLI (loaded as FILE.py:NAME): one planted false claim per game,
true ones, and a statistical one."""

from solvers.verify.claims import more_often_than


def trogdor_health_never_drops(s):  # false: the Trog-meter loses peasants when Trogdor is hit
    return s.meter >= 4


def trogdor_health_at_most_four(s):  # false: a chomped Peasant joins the Trog-Meter (000)
    return s.meter <= 4


def trogdor_health_never_negative(s):  # true: the Trog-Meter holds Peasants, never fewer than 0
    return s.meter >= 0


def trollland_first_hand_kept(s):  # false: choosing two cards takes them from the hand
    return all(len(h) == len(s.hands[0]) for h in s.hands) and len(s.hands[0]) >= 5


def encounter_hand_of_nine(s):  # false: building an encounter takes a card from the hand
    return all(len(h) == 9 for h in s.hands)


def solo_never_leaves_the_ride(s):  # false: the first action ends the ride step
    return s.phase == "ride"


def no_move_ever(s, a, n):  # false on a step: Trogdor moves
    return a.verb != "move"


@more_often_than(0.5)
def trogdor_lost(game, final):  # refuted/supported by a sweep: random play loses Trogdor
    return not game.winners(final)

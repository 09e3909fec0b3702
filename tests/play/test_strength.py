"""The strength table's measurements: the same games and scores on any number of workers."""

from solvers.play.strength import measure


def test_a_scored_measure_is_the_same_on_two_workers_as_on_one():
    one = measure("encounter", "random", None, 6, 2, "random", workers=1)
    two = measure("encounter", "random", None, 6, 2, "random", workers=2)
    assert one["score"] == two["score"] and one["score"]["name"] == "lead in encounters won"
    for key in ("outcomes", "win_rate", "ci95", "mean_length", "rules_fired"):
        assert one[key] == two[key], key

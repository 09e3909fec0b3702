"""Every rule that acts reports itself with ``fired``; the catalog says which rules are not about
play (``kind``), so verification knows what a game can witness."""

import pytest

import rulebook
from rulebook.common.catalog import load_catalog
from rulebook.common.errors import CardDataError
from rulebook.common.game import random_game, tracing


def test_trollland_scoring_reports_its_rules():
    g = rulebook.game("trollland")
    final = random_game(g, 0).final
    with tracing() as ids:
        g.winners(final)
    assert "TL-SCORE-WINNER" in ids and "TL-SCORE-SUITCASES" in ids


@pytest.mark.parametrize("name", ["trogdor", "trollland", "encounter"])
def test_catalog_kinds_are_known_and_text_rules_exist(name):
    kinds = {r.kind for r in rulebook.game(name).catalog}
    assert kinds <= {"play", "refusal", "text"}
    assert "text" in kinds and "refusal" in kinds


def test_solo_rules_belong_to_the_solo_game():
    cat = rulebook.game("encounter").catalog
    assert cat.get("RE-SOLO-RIDE").game == "encounter-solo"
    assert cat.get("RE-BUILD-FIVE").game == ""


def test_unknown_kind_is_refused(tmp_path):
    p = tmp_path / "rules.toml"
    p.write_text('[[rule]]\nid = "X-A"\ntitle = "t"\ntext = "t"\nkind = "maybe"\n')
    with pytest.raises(CardDataError, match="kind"):
        load_catalog(p)

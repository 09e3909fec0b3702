"""Bad notation always gets a NotationError (what and where), never another exception; the
examples in NOTES.md read back exactly (T-NOTATION)."""

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.common.errors import NotationError
from rulebook.trogdor import State, apply_action, new_game, parse_action, puzzle

DOC = Path(__file__).resolve().parents[2] / "rulebook" / "trogdor" / "NOTES.md"
LAYOUT = "C.M.C/.T.../...L./...T./C.M.."
BASE = [
    str(
        puzzle(
            LAYOUT,
            trogdor="B2",
            burnt=["A1"],
            knights=["D2"],
            peasants=["A1"],
            ap=3,
            movement=["0N-EES", "2Er-NNN"],
            troghammer="E5",
            archer="A4",
        )  # fmt: skip
    ),
    str(apply_action(new_game(seed=3, players=2), "draw")),
]


@settings(max_examples=150, deadline=None)
@given(
    base=st.sampled_from(BASE),
    pos=st.integers(0, 10_000),
    cut=st.integers(0, 6),
    # separators, canonical letters and digits, and what must never pass: non-ASCII digits and
    # letters, '+', '_', odd spaces
    insert=st.text(alphabet="=,|/-: aZ9#.xTC3²٣０_+\u00a0\té", max_size=4),
)
def test_mutated_notation_parses_or_says_why(base, pos, cut, insert):
    """T-NOTATION: any edit of a valid position reads back exactly or raises NotationError."""
    i = pos % (len(base) + 1)
    text = base[:i] + insert + base[i + cut :]
    try:
        s = State.parse(text)
    except NotationError as e:
        assert str(e)
        return
    assert str(s) in (text, "trogdor " + text), "a non-canonical spelling was accepted"
    assert State.parse(str(s)) == s


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="abcdeimnoprstuvwxyz ABCDE12345²٣_+-", max_size=20))
def test_action_text_parses_or_says_why(text):
    """Actions: any text is an Action or a NotationError naming the accepted forms."""
    try:
        a = parse_action(text)
    except NotationError as e:
        assert "action" in str(e) or "square" in str(e)
        return
    assert parse_action(str(a)) == a


def test_notation_md_examples_round_trip():
    """The complete examples in NOTES.md parse and print back identically."""
    lines = [ln.strip() for ln in DOC.read_text(encoding="utf-8").splitlines()]
    full = [ln for ln in lines if ln.startswith("trogdor tiles=") and ",..." not in ln]
    assert len(full) >= 2
    for text in full:
        assert str(State.parse(text)) == text


def test_phase_two_positions_must_be_complete():
    """T-NOTATION: a Phase 2 position without its card or pieces is refused, not crashed on."""
    head = "tiles=C.M.C/.T.../...L./...T./C.M.. trogdor=C3 knights=A1 meter=4 void=3"
    bad = [
        (f"{head} phase=countryside ap=0 queue=knight0", "mcard"),
        (f"{head} phase=spawn ap=0", "mcard"),
        (f"{head} phase=countryside ap=0 mcard=0N-EEE", "queue"),
        (f"{head} phase=countryside ap=0 mcard=0N-EEE queue=hammer", "Troghammer"),
        (f"{head} phase=countryside ap=0 mcard=0N-EEE queue=archer", "archer"),
        (f"{head} phase=countryside ap=0 mcard=0N-EEE queue=knight1", "knight"),
    ]
    for text, where in bad:
        try:
            State.parse(text)
        except NotationError as e:
            assert where in str(e), (text, str(e))
        else:
            raise AssertionError(f"accepted {text!r}")
    ok = State.parse(f"{head} phase=countryside ap=0 mcard=0N-EEE queue=knight0")
    assert apply_action(ok, "step").knights != ok.knights

"""Trogdor!! as a ``Game`` of the common protocol (rulebook/API.md)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from operator import attrgetter

from rulebook.common.actions import Action
from rulebook.common.game import Game
from rulebook.common.hidden import deal_again, fresh_seed, hide

from . import fast_legal, rules
from .actions import GRAMMAR
from .catalog import CATALOG
from .setup import new_game
from .state import HEADER, PEASANTS_IN_BOX, QUEUE_TOKENS, Deck, Draft, State
from .svg import render


def _action(action) -> Action:
    """An Action from an Action or its text."""
    return action if type(action) is Action else GRAMMAR.parse(action)


def _refusal(state, action):
    return rules.refusal(state, action if type(action) is Action else GRAMMAR.parse(action))


class Trogdor(Game):
    name = HEADER
    title = "Trogdor!! The Board Game"
    catalog = CATALOG
    # Each turn draws an action card (36 in the box) and takes at most a few dozen actions;
    # random games take about 70 actions (the longest of 300 seeds: a few hundred).
    max_length = 20_000
    players_allowed = (1, 2, 3, 4)
    outcomes_doc = "'win' (every tile, cottage and peasant burnt), 'defeat' or 'table-flip'"
    grammar = GRAMMAR

    def new_game(self, seed=0, *, players=None, rulings=None, preset="normal", **options):
        return new_game(preset, 1 if players is None else players, seed, rulings, **options)

    # the faster generator (fast_legal.py: the same list as the rule as written, rules.legal_actions)
    # speed: PERF.md "Trogdor: the fast generator" (the function itself, not a method calling it)
    legal_actions = staticmethod(fast_legal.legal_actions)
    plain_legal_actions = staticmethod(rules.legal_actions)

    # speed: PERF.md "Trogdor: one working copy per action" (module functions, not methods)
    action = staticmethod(_action)
    refusal = staticmethod(_refusal)

    perform = staticmethod(rules.perform)

    # playouts: a legal action played in place on a working copy the caller owns (Game.advance)
    advance = staticmethod(rules.advance)

    def fork(self, state):
        return state.draft()

    def freeze(self, state):
        return state.freeze() if isinstance(state, Draft) else state

    # -- hidden information (T-SETUP-DECKS: both decks are shuffled face down) --
    def observation(self, state, player):
        """The game is co-operative and the hands lie open on the table, so every player sees
        the same: everything but the order of the two draw piles and the RNG."""
        act, mov = state.action_deck, state.movement_deck
        return str(
            state.replace(
                action_deck=Deck(hide(act.draw), act.discard),
                movement_deck=Deck(hide(mov.draw), mov.discard),
                seed=0,
                rng_draws=0,
            )
        )

    def resample(self, state, player, rng):
        """Both draw piles shuffled again (the discards and the set-aside Troghammer cards are
        face up) and the RNG re-seeded."""
        act, mov = state.action_deck, state.movement_deck
        (act_draw,) = deal_again([act.draw], rng)
        (mov_draw,) = deal_again([mov.draw], rng)
        return state.replace(
            action_deck=Deck(act_draw, act.discard),
            movement_deck=Deck(mov_draw, mov.discard),
            seed=fresh_seed(rng),
            rng_draws=0,
        )

    def is_terminal(self, state):
        return state.outcome is not None

    def outcome(self, state):
        return state.outcome

    def winners(self, state):
        """Every player (the game is co-operative) after a win or a table-flip victory
        (T-TABLE-FLIP: "a total table-flip victory"); nobody after a defeat."""
        return tuple(range(state.players)) if state.outcome in ("win", "table-flip") else ()

    def to_move(self, state):
        return None if state.outcome is not None else state.to_move

    def num_players(self, state):
        return state.players

    def parse_action(self, text):
        return GRAMMAR.parse(text)

    def parse(self, text, **options):
        from rulebook.common.game import check_header

        check_header(self, text)
        return State.parse(text, options.get("cards"))

    def svg(self, state, **overlay):
        return render(state, **overlay)

    def load_cards(self, path):
        """Sections the file leaves out (actions, movement, keepers, items) are the bundled ones."""
        from .cards import load_card_set

        return load_card_set(path)

    def invariants(self, state):
        return invariants(state) + self.stuck(state)


def invariants(s: State) -> list[str]:
    """What is wrong with ``s``: peasants, cards or tiles not conserved, pieces out of place.
    The counts most actions change are checked every time; the fields few actions change are
    checked again only when they differ from the last position where they held (speed: PERF.md
    "Invariants by what changed")."""
    meter = s.meter
    counts_hold = (
        len(s.peasants) + meter + s.void == PEASANTS_IN_BOX
        and 0 <= meter <= PEASANTS_IN_BOX
        and len(s.burnt) == 25
        and (s.phase == "over") == (s.outcome is not None)
        and PIECES.issuperset(s.pieces_to_move)
    )
    bad = [] if counts_hold else _count_problems(s)
    key = _GROUP_FIELDS(s)
    if key != _clean.get("all"):
        found = _group_problems(s)
        if found:
            bad += found
        else:
            _clean["all"] = key  # one assignment: another thread sees the old key or the new one
    return bad


def _count_problems(s: State) -> list[str]:
    """The peasants (board + Trog-meter + Void), the burnt sides, the end of the game and the
    pieces in the Phase 2 queue."""
    bad = []
    total = len(s.peasants) + s.meter + s.void
    if total != PEASANTS_IN_BOX:
        bad.append(f"{total} peasants (board + meter + void), not {PEASANTS_IN_BOX}")
    if not 0 <= s.meter <= PEASANTS_IN_BOX:
        bad.append(f"meter {s.meter} out of 0..{PEASANTS_IN_BOX}")
    if len(s.burnt) != 25:
        bad.append(f"{len(s.burnt)} burnt sides, not 25")
    if (s.phase == "over") != (s.outcome is not None):
        bad.append("phase 'over' and the outcome disagree")
    for tok in s.pieces_to_move:
        if tok not in PIECES:
            bad.append(f"unknown piece {tok!r} in the Phase 2 queue")
    return bad


def _group_problems(s: State) -> list[str]:
    """The checks of the fields few actions change, each group asked again only when one of its
    fields differs from the last position where it held."""
    bad = []
    for name, fields_of, problems in _GROUPS:
        key = fields_of(s)
        if key != _clean.get(name):
            found = problems(s)
            if found:
                bad += found
            else:
                _clean[name] = key
    return bad


def _board_problems(s: State) -> list[str]:
    """25 tiles, and the cottages exactly on the C tiles."""
    bad = [] if len(s.tiles) == 25 else [f"{len(s.tiles)} tiles, not 25"]
    if not _on_c_tiles(s.cottages, s.tiles):
        bad.append("cottages are not exactly on the C tiles")
    return bad


def _player_problems(s: State) -> list[str]:
    """One hand, keeper, item, charge and bank per player, and no action card in two places."""
    bad = []
    if len({len(s.hands), len(s.keepers), len(s.items), len(s.charged), len(s.banked_ap)}) != 1:
        bad.append("per-player fields disagree on the number of players")
    elif len(s.hands) != s.players:
        bad.append(f"{len(s.hands)} hands for {s.players} players")
    base = s.cards.base
    held = [c for hand in s.hands for c in hand]
    deck = s.action_deck
    dup = _twice(
        held + [*deck.draw, *deck.discard, *s.troghammer_cards_aside], base and base.actions
    )
    if dup:
        bad.append(f"action cards in two places: {', '.join(dup)}")
    return bad


def _movement_problems(s: State) -> list[str]:
    """The Phase 2 movement card on the discard pile, and no movement card in two places."""
    bad = []
    deck = s.movement_deck
    if s.movement_card is not None and s.movement_card not in deck.discard:
        bad.append("the Phase 2 movement card is not on the discard pile")
    base = s.cards.base
    dup = _twice(deck.draw + deck.discard, base and base.movement)
    if dup:
        bad.append(f"movement cards in two places: {', '.join(dup)}")
    return bad


# What may stand in the Phase 2 queue (the knights by their place in ``knights``).
PIECES = frozenset(QUEUE_TOKENS) | frozenset(rules.KNIGHT_NO)
# The invariants of fields few actions change: a name, the fields (read in C), the check.
_GROUPS = (
    ("board", ("tiles", "cottages"), _board_problems),
    (
        "players",
        ("players", "hands", "keepers", "items", "charged", "banked_ap", "action_deck",
         "troghammer_cards_aside", "cards"),
        _player_problems,
    ),
    ("movement", ("movement_card", "movement_deck", "cards"), _movement_problems),
)  # fmt: skip
_GROUP_FIELDS = attrgetter(*dict.fromkeys(f for _, fields, _ in _GROUPS for f in fields))
_GROUPS = tuple((name, attrgetter(*fields), check) for name, fields, check in _GROUPS)
# "all" or a group's name -> its fields in the last position where they held
_clean: dict[str, tuple] = {}


def _twice(cards, box) -> list[str]:
    """The cards of ``box`` listed more than once in ``cards``, sorted (speed: PERF.md
    "Invariants by what changed")."""
    if not box or len(set(cards)) == len(cards):
        return []
    return sorted(c for c, n in Counter(cards).items() if n > 1 and c in box)


def _on_c_tiles(cottages, tiles) -> bool:
    """The cottages are exactly on the C tiles: each on one, and as many as there are (speed:
    PERF.md "Invariants by what changed")."""
    index, tiles = _index(), tiles[:25]
    at = [index.get(sq, 25) for sq in cottages]
    return tiles.count("C") == len(at) and all(i < len(tiles) and tiles[i] == "C" for i in at)


@cache
def _index():
    from .geometry import INDEX  # on first use (start-up of the CLI)

    return INDEX


GAME = Trogdor()

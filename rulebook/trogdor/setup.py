"""Starting positions: a full game (T-SETUP-*) and small puzzle positions for solvers and lessons
(the teaching positions of the notebooks are built with ``puzzle``).

Every random choice at setup (shuffles, dealing, piece placement without a preset) comes from the
state's seeded RNG, so ``new_game(seed=...)`` is reproducible.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import compress, islice

from rulebook.common.codecs import check_seed
from rulebook.common.errors import NotationError
from rulebook.common.rng import Rng
from rulebook.common.rulings import RulingSet

from .board import Layout, parse_tiles
from .cardindex import index_of, literal_movement
from .grid import CENTRE, INDEX, SQUARES, square
from .state import MAX_PLAYERS, MAX_TYPED_AP, PEASANTS_IN_BOX, RULINGS, Cottages, Deck, State


def _rulings(rulings) -> RulingSet:
    """The rulings in force: the catalog's defaults (read on first use: a puzzle asks none), a
    RulingSet, ``{ruling id: option}`` or ``'ID=opt,...'``."""
    if rulings is None:
        return RulingSet(RULINGS)
    if isinstance(rulings, RulingSet):
        return rulings
    if isinstance(rulings, str):
        return RulingSet(RULINGS).parse(rulings)
    if isinstance(rulings, Mapping):
        return RulingSet(RULINGS).with_choices(rulings)
    raise NotationError("rulings: a RulingSet, a dict {ruling id: option} or 'ID=opt,...'")


def _sq(x, where: str):
    return None if x is None else square(x, where)


def _sqs(xs, where: str) -> list:
    if isinstance(xs, str):
        xs = [x for x in xs.replace(",", " ").split() if x]
    return [_sq(x, where) for x in xs]


def _setup_shuffler(rng: Rng):
    """All setup shuffles come from one draw of the game's RNG (a seed for a private generator):
    deterministic from the seed. Returns the shuffler and the RNG after that draw."""
    seed, rng = rng.below(2**62)
    import random

    gen = random.Random(seed)

    def shuffle(items: list) -> list:
        keys = list(islice(iter(gen.random, None), len(items)))
        return list(map(items.__getitem__, sorted(range(len(items)), key=keys.__getitem__)))

    return shuffle, rng


def new_game(
    layout_or_preset="normal",
    players: int = 1,
    seed: int = 0,
    rulings=None,
    cards=None,
    *,
    keepers: Iterable[str] | None = None,
    items: Iterable[str] | None = None,
    knights=None,
    archer=None,
) -> State:
    """A fresh game at the first player's draw (T-SETUP-BOARD .. T-SETUP-PLAYERS).

    ``layout_or_preset``: a preset id from the card set, a Layout or layout text. When the preset
    ``normal`` is not in the card set (the printed presets are not public), the first preset is
    used. Knights and archer: given squares, else the preset's, else random (seeded) tiles that are
    not the centre and not cottages."""
    from .cards import CardSet, load_card_set

    cs = cards if isinstance(cards, CardSet) else load_card_set(cards)
    layout, preset = _game_layout(layout_or_preset, cs)
    check_seed(seed)
    if isinstance(players, bool) or not (isinstance(players, int) and 1 <= players <= MAX_PLAYERS):
        raise NotationError(f"1..{MAX_PLAYERS} players (T-SETUP-PLAYERS)", where="players")
    shuffle, rng = _setup_shuffler(Rng(seed))
    cottages = list(compress(SQUARES, map("C".__eq__, layout.tiles)))
    knights, archer = _knights_and_archer(knights, archer, preset, cottages, shuffle)
    deck = shuffle(cs.action_deck())
    keeper_ids = list(keepers) if keepers is not None else shuffle(list(cs.keepers))[:players]
    item_ids = list(items) if items is not None else shuffle(list(cs.items))[:players]
    _check_dealt(cs, players, keeper_ids, item_ids, deck)
    from rulebook.common.game import fired  # a puzzle needs none of the protocol

    fired("T-SETUP-BOARD", "T-SETUP-PIECES", "T-SETUP-METER", "T-SETUP-DECKS", "T-SETUP-PLAYERS")
    return State(
        tiles=layout.tiles,
        burnt=(False,) * 25,
        cottages=Cottages.on(cottages),
        trogdor=CENTRE,
        peasants=tuple(sorted(cottages)),
        knights=tuple(knights),
        archer=archer,
        phase="draw",
        players=players,
        hands=tuple((deck[i],) for i in range(players)),
        keepers=tuple(keeper_ids),
        items=tuple(item_ids),
        item_charged=(True,) * players,
        banked_ap=(0,) * players,
        action_deck=Deck(tuple(deck[players:]), ()),
        troghammer_cards_aside=tuple(cs.troghammer_ids()),
        movement_deck=Deck(tuple(shuffle(cs.movement_deck())), ()),
        rulings=_rulings(rulings),
        rng=rng,
        cards=index_of(cs),
    )


def _game_layout(layout_or_preset, cs) -> tuple[Layout, object]:
    """(layout, its preset or None) for a Layout, layout text or a preset id of the card set
    (``normal`` falls back to the first preset); the box's special tiles are required."""
    preset = None
    if isinstance(layout_or_preset, Layout):
        layout = layout_or_preset
    elif _names_a_preset(layout_or_preset):
        preset = _preset(layout_or_preset, cs.presets, fallback=True)
        layout = preset.layout
    else:
        layout = Layout.parse(layout_or_preset)
    if not layout.is_full_box():
        raise NotationError(
            "a game needs the box's special tiles: 3 cottages, 1 lake, 2 mountains, 2 tunnels "
            "(T-SETUP-BOARD; use puzzle() for partial boards)"
        )
    return layout, preset


def _names_a_preset(text) -> bool:
    """Is ``text`` a preset id rather than layout text (which has rows)?"""
    return isinstance(text, str) and "/" not in text and "\n" not in text


def _preset(pid: str, presets, *, fallback: bool = False):
    """The preset ``pid``; with ``fallback`` (a game), ``normal`` falls back to the first one."""
    if pid not in presets and fallback and pid == "normal" and presets:
        pid = next(iter(presets))
    if pid not in presets:
        raise NotationError(
            f"unknown board preset {pid!r}; presets: {', '.join(presets) or 'none'}"
        )
    return presets[pid]


def _knights_and_archer(knights, archer, preset, cottages, shuffle) -> tuple[list, object]:
    """T-SETUP-PIECES: the given squares, else the preset's, the missing ones drawn (seeded) among
    the tiles that are not the centre, not cottages and not already taken; all different, none
    on C3."""
    if knights is None and preset is not None and preset.knights:
        knights = list(preset.knights)
    if archer is None and preset is not None and preset.archer is not None:
        archer = preset.archer
    knights = _sqs(knights, "knights") if knights is not None else None
    archer = _sq(archer, "archer")
    if knights is None or archer is None:
        taken = {CENTRE, *(knights or ()), *([archer] if archer else [])}
        free = [sq for sq in SQUARES if sq not in taken and sq not in cottages]
        pick = shuffle(free)
        if knights is None:
            knights, pick = pick[:2], pick[2:]
        if archer is None:
            archer = pick[0]
    pieces = [*knights, archer]
    if len(set(pieces)) != len(pieces) or CENTRE in pieces:
        raise NotationError("knights and the archer start on different tiles, not on C3")
    return knights, archer


def _check_dealt(cs, players: int, keeper_ids, item_ids, deck) -> None:
    """One known keeper and item per player, and an action card each to start with."""
    for name, ids, table in (("keepers", keeper_ids, cs.keepers), ("items", item_ids, cs.items)):
        if len(ids) != players:
            raise NotationError(f"{name}: one per player ({players}), got {len(ids)}")
        for cid in ids:
            if cid not in table:
                raise NotationError(f"{name}: unknown card {cid!r}")
    if len(deck) < players:
        raise NotationError(
            f"{players} players need {players} action cards; the deck has {len(deck)}"
        )


def puzzle(
    layout,
    trogdor="C3",
    burnt=(),
    knights=(),
    peasants=(),
    archer=None,
    ap: int = 99,
    cottages_burnt=(),
    rulings=None,
    *,
    movement=None,
    troghammer=None,
    meter: int = 4,
    hidden: bool = False,
    powers=(),
) -> State:
    """A Phase 1 (``act``) position with ``ap`` action points and no action deck.

    ``layout``: Layout, layout text (lower case = burnt) or a preset id. ``movement``: movement
    cards to stack (ids, literals like ``2Er-EES`` or MovementCard objects), top first."""
    kinds, burnt_flags = _puzzle_tiles(layout)
    for sq in _sqs(burnt, "burnt"):
        burnt_flags[INDEX[sq]] = True
    cot = [SQUARES[i] for i, k in enumerate(kinds) if k == "C"]
    cburnt = _sqs(cottages_burnt, "cottages_burnt")
    for sq in cburnt:
        if sq not in cot:
            raise NotationError(f"{sq} is not a cottage tile", where="cottages_burnt")
    peas = tuple(sorted(_sqs(peasants, "peasants")))
    void = _puzzle_void(ap, meter, len(peas))
    from .powers import check_power

    for p in powers:
        msg = check_power(p)
        if msg:
            raise NotationError(msg, where="powers")
    s = State(
        tiles=tuple(kinds),
        burnt=tuple(burnt_flags),
        cottages=Cottages.on(cot, cburnt),
        trogdor=_sq(trogdor, "trogdor"),
        trogdor_hidden=bool(hidden),
        peasants=peas,
        knights=tuple(_sqs(knights, "knights")),
        archer=_sq(archer, "archer"),
        troghammer=_sq(troghammer, "troghammer"),
        meter=meter,
        void=void,
        ap=ap,
        phase="act",
        powers=tuple(sorted(powers)),
        rulings=_rulings(rulings),
    )
    if movement:
        s = with_movement_deck(s, movement)
    return s


def _puzzle_tiles(layout) -> tuple[list[str], list[bool]]:
    """(tile letters, burnt flags) of a Layout, a preset id or layout text."""
    if isinstance(layout, Layout):
        return list(layout.tiles), [False] * 25
    if _names_a_preset(layout):
        from .cards import load_card_set

        return list(_preset(layout, load_card_set().presets).layout.tiles), [False] * 25
    return parse_tiles(layout)


def _puzzle_void(ap, meter, on_board: int) -> int:
    """The Void's peasants: the box's less the meter's and the board's (AP and meter checked)."""
    for name, value in (("ap", ap), ("meter", meter)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise NotationError(f"a whole number, not {type(value).__name__}", where=name)
    if not 0 <= ap <= MAX_TYPED_AP:
        raise NotationError(f"AP must be 0..{MAX_TYPED_AP}, got {ap}", where="ap")
    void = PEASANTS_IN_BOX - meter - on_board
    if meter < 0 or void < 0:
        raise NotationError(
            f"{on_board} peasants on the board + meter {meter} exceed the box's {PEASANTS_IN_BOX}"
        )
    return void


def with_movement_deck(state: State, cards) -> State:
    """A copy of ``state`` whose movement draw pile is ``cards`` (top first: ids, literals like
    ``2Er-EES`` or MovementCard objects; objects its card set does not know are registered)."""
    from .cards import MovementCard

    hint = "use an id or a literal like 2Er-EES"
    return _with_deck(state, cards, MovementCard, "movement", hint, literal_movement)


def with_action_deck(state: State, cards) -> State:
    """A copy with the action draw pile replaced (ids or ActionCard objects, top first)."""
    from .cards import ActionCard

    return _with_deck(state, cards, ActionCard, "action", "or a literal like ap5")


def _with_deck(state: State, cards, card_type, kind: str, hint: str, literal=None) -> State:
    """Replace the ``kind`` ("movement" or "action") draw pile: ids must be known (or literals);
    card objects the card set does not know are registered. ``literal`` refuses an object whose
    id reads as a literal card but says something else."""
    lookup = getattr(state.cards, kind)
    ids, extra = [], []
    for c in cards:
        if isinstance(c, card_type):
            if lookup(c.id) != c:
                if literal is not None and literal(c.id) is not None:
                    raise NotationError(f"card id {c.id!r} looks like a literal but differs")
                extra.append(c)
            ids.append(c.id)
        elif lookup(str(c)) is None:
            raise NotationError(f"unknown {kind} card {c!r} ({hint})")
        else:
            ids.append(str(c))
    field = f"{kind}_deck"
    changes = {field: Deck(tuple(ids), getattr(state, field).discard)}
    if extra:
        changes["cards"] = state.cards.with_cards(extra)
    return state.replace(**changes)


def with_cards(state: State, cards) -> State:
    """A copy whose card index also knows ``cards`` (any card objects: keepers, items, ...)."""
    return state.replace(cards=state.cards.with_cards(list(cards)))


__all__ = ["new_game", "puzzle", "with_movement_deck", "with_action_deck", "with_cards"]

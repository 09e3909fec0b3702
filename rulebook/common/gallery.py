"""The edge-case gallery: scenarios stored beside each game's rules (``data/gallery.toml``).

A scenario is a position in the notation, the action(s) to try, the rule IDs and rulings it shows,
the seed quote it comes from, and the expected result: the refusal of the last action, rules that
fire (and that must not), notation fields of the resulting position. ``[[scenario.under]]`` entries
replay it under other ruling options (a ruling's scenario has one per option and they differ).
Pure: no widgets; boards.gallery and the tests read it through ``load`` and ``replay``.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from importlib.resources import files

from .errors import CardDataError, RuleError
from .notation import header_of

EXPECT_KEYS = ("refusal", "fired", "not_fired", "fields")


@dataclass(frozen=True)
class Expect:
    """What must happen: ``refusal`` (rule ID refusing the last action, the earlier ones being
    legal) or all legal; ``fired`` / ``not_fired`` rule IDs; ``fields`` notation key -> value."""

    refusal: str | None = None
    fired: tuple[str, ...] = ()
    not_fired: tuple[str, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    rules: tuple[str, ...]
    rulings: tuple[str, ...]
    quote: str
    position: str
    actions: tuple[str, ...]
    expect: Expect
    under: tuple[tuple[tuple[tuple[str, str], ...], Expect], ...] = ()
    note: str = ""
    setup: tuple[tuple[str, int], ...] = ()  # (game, seed, players): shows set-up itself

    def cases(self) -> list[tuple[dict[str, str], Expect]]:
        """(ruling choices, expected result): the position as written, then each ``under``."""
        return [({}, self.expect)] + [(dict(c), e) for c, e in self.under]


@dataclass(frozen=True)
class Result:
    """What replaying a scenario did: the state after the legal actions, rules fired, the
    refusal that stopped it (if any) and at which action."""

    state: object
    fired: tuple[str, ...]
    refusal: RuleError | None = None
    step: int = 0
    states: tuple = field(default=(), repr=False)


def _expect(entry: dict, where: str) -> Expect:
    unknown = set(entry) - set(EXPECT_KEYS) - {"rulings"}
    if unknown:
        raise CardDataError(where, f"unknown expect keys {sorted(unknown)}", field="expect")
    return Expect(
        entry.get("refusal"), tuple(entry.get("fired", ())), tuple(entry.get("not_fired", ())),
        tuple((k, str(v)) for k, v in entry.get("fields", {}).items()),
    )  # fmt: skip


def _scenario(entry: dict, where: str) -> Scenario:
    name = entry.get("name") or "?"
    for key in ("name", "title", "quote", "position"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise CardDataError(where, "missing or empty", card=name, field=key)
    setup = entry.get("setup", {})
    actions = entry.get("actions")
    if not isinstance(actions, list) or not (actions or setup):
        raise CardDataError(where, "needs at least one action", card=name, field="actions")
    under = tuple(
        (tuple(sorted(u.get("rulings", {}).items())), _expect(u, f"{where}: {name}"))
        for u in entry.get("under", ())
    )
    return Scenario(
        name, entry["title"], tuple(entry.get("rules", ())), tuple(entry.get("rulings", ())),
        entry["quote"], entry["position"], tuple(actions),
        _expect(entry.get("expect", {}), f"{where}: {name}"), under, entry.get("note", ""),
        tuple(sorted(setup.items())),
    )  # fmt: skip


def load(package: str) -> tuple[Scenario, ...]:
    """Scenarios of ``rulebook.<package>`` (``trogdor``, ``trollland``, ``encounter``)."""
    where = f"rulebook/{package}/data/gallery.toml"
    text = files(f"rulebook.{package}").joinpath("data", "gallery.toml").read_text("utf-8")
    return parse(text, where)


def parse(text: str, where: str = "gallery") -> tuple[Scenario, ...]:
    """Scenarios from gallery TOML text; a bad entry raises CardDataError naming it."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(where, f"not valid TOML: {e}") from None
    out = tuple(_scenario(e, where) for e in data.get("scenario", ()))
    names = [s.name for s in out]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise CardDataError(where, f"repeated scenario names {dup}", field="name")
    return out


def with_rulings(state, choices: dict[str, str]):
    """``state`` with these ruling options in force (others unchanged)."""
    if not choices:
        return state
    return dataclasses.replace(state, rulings=state.rulings.with_choices(choices))


def position(scenario: Scenario, choices: dict[str, str] | None = None):
    """The scenario's position (any game, by its header word) under ``choices``. A set-up
    scenario (``setup = {seed, players}``) starts from ``new_game`` instead."""
    import rulebook

    if scenario.setup:
        g = rulebook.game(header_of(scenario.position))
        opts = dict(scenario.setup)
        return g.new_game(opts.pop("seed"), rulings=choices or None, **opts)
    return with_rulings(rulebook.parse(scenario.position), choices or {})


def replay(scenario: Scenario, choices: dict[str, str] | None = None, actions=None) -> Result:
    """Play the scenario's actions (or ``actions``) in order; stop at the first refusal. A set-up
    scenario counts the rules its ``new_game`` fires."""
    import rulebook
    from rulebook.common.game import tracing

    with tracing() as setup_fired:
        s = position(scenario, choices)
    g = rulebook.game_of(s)
    fired, states = list(setup_fired) if scenario.setup else [], [s]
    for i, a in enumerate(scenario.actions if actions is None else actions):
        err = g.refusal(s, g.action(a))
        if err is not None:
            return Result(s, tuple(fired), err, i, tuple(states))
        s, ids = g.apply_traced(s, a)
        fired += ids
        states.append(s)
    return Result(s, tuple(fired), None, len(states) - 1, tuple(states))


def fields_of(state) -> dict[str, str]:
    """The notation's ``key=value`` fields of a position."""
    return dict(p.split("=", 1) for p in str(state).split()[1:] if "=" in p)


def problems(scenario: Scenario, choices: dict[str, str], expect: Expect) -> list[str]:
    """How replaying ``scenario`` under ``choices`` differs from ``expect`` ([] when it holds)."""
    r = replay(scenario, choices)
    got = r.refusal.rule_id if r.refusal else None
    out = []
    if scenario.setup and not choices and str(r.states[0]) != scenario.position:
        out.append("the set-up no longer gives the stored position")
    if got != expect.refusal:
        why = f" ({r.refusal.reason})" if r.refusal else ""
        out.append(f"refusal: expected {expect.refusal}, got {got}{why} at action {r.step + 1}")
    out += [f"{rid} did not fire" for rid in expect.fired if rid not in r.fired]
    out += [f"{rid} fired" for rid in expect.not_fired if rid in r.fired]
    have = fields_of(r.state)  # a field left out (at its default) reads as "-"
    out += [
        f"{k}: expected {v!r}, got {have.get(k, '-')!r}"
        for k, v in expect.fields
        if have.get(k, "-") != v
    ]
    return out

"""The edge-case gallery: scenarios stored beside each game's rules (``data/gallery.toml``).

A scenario is a position in the notation, the action(s) to try, the rule IDs and rulings it shows,
the seed quote it comes from, and the expected result: the refusal of the last action, rules that
fire (and that must not), notation fields of the resulting position. ``[[scenario.under]]`` entries
replay it under other ruling options (a ruling's scenario has one per option and they differ).
The gallery shows the rules at work, it is not one of them: its loader lives here, outside the
rulebook (no widgets either); the boards (gallery browser, instructor, presenter), the
verification's starting positions and the tests read it through ``load`` and ``replay``.

Reading a file checks the shape of every entry (types, keys, the game's rule IDs, rulings and
options) and names the file, the scenario and the field of what is wrong; ``read`` skips a bad
entry and reports it (``Gallery.skipped``), ``parse`` refuses the file at the first one. A file
that is not valid TOML (e.g. cut short) is read entry by entry, so one broken entry costs only
itself. Positions are parsed when a scenario is opened, not when the file is read.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
import warnings
from dataclasses import dataclass, field
from importlib.resources import files

from rulebook.common.errors import CardDataError, RuleError, TrogkitInputError
from rulebook.common.notation import header_of

EXPECT_KEYS = ("refusal", "fired", "not_fired", "fields")
SCENARIO_KEYS = ("name", "title", "rules", "rulings", "quote", "note", "position", "actions",
                 "setup", "expect", "under")  # fmt: skip
SETUP_KEYS = ("seed", "players")
HEADER = re.compile(r"(?m)^[ \t]*\[\[[ \t]*scenario[ \t]*\]\]")
NAME = re.compile(r"""(?m)^[ \t]*name[ \t]*=[ \t]*["']([^"'\n]*)["']""")
MAX_SEED = 2**63 - 1


class GalleryError(CardDataError):
    """A bad gallery file or entry: names the file, the scenario (if any) and the field."""

    def __init__(self, path: str, message: str, *, scenario: str | None = None,
                 field: str | None = None):  # fmt: skip
        super().__init__(path if scenario is None else f"{path}, scenario {scenario}", message,
                         field=field)  # fmt: skip
        self.path, self.scenario = str(path), scenario


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
class Gallery:
    """A gallery file read: the good scenarios, and each bad entry's error (skipped)."""

    scenarios: tuple[Scenario, ...]
    skipped: tuple[GalleryError, ...] = ()


@dataclass(frozen=True)
class Result:
    """What replaying a scenario did: the state after the legal actions, rules fired, the
    refusal that stopped it (if any) and at which action."""

    state: object
    fired: tuple[str, ...]
    refusal: RuleError | None = None
    step: int = 0
    states: tuple = field(default=(), repr=False)


class _Entry:
    """One ``[[scenario]]`` table being checked: reads its fields, raising a GalleryError that
    names the file, the scenario and the field."""

    def __init__(self, entry, where: str, label: str):
        self.where, self.label = where, label
        if not isinstance(entry, dict):
            self.fail("", f"a {_kind(entry)} where a [[scenario]] table belongs")
        self.entry = entry

    def fail(self, key: str, message: str):
        raise GalleryError(self.where, message, scenario=self.label, field=key or None)

    def text(self, key: str, table: dict | None = None, required: bool = True) -> str:
        value = (self.entry if table is None else table).get(key, None if required else "")
        if not isinstance(value, str) or (required and not value.strip()):
            self.fail(key, "missing or empty" if value in (None, "") else
                      f"a {_kind(value)} where text belongs")  # fmt: skip
        return value

    def texts(self, key: str, table: dict | None = None, at: str = "") -> tuple[str, ...]:
        value = (self.entry if table is None else table).get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(at + key, f'a {_kind(value)} where a list of text belongs, e.g. ["T-BURN"]')
        return tuple(value)

    def table(self, key: str, table: dict | None = None, at: str = "") -> dict:
        value = (self.entry if table is None else table).get(key, {})
        if not isinstance(value, dict):
            self.fail(at + key, f"a {_kind(value)} where a table belongs")
        return value

    def rule_ids(self, key: str, ids, catalog) -> None:
        unknown = [r for r in ids if r not in catalog]
        if unknown:
            self.fail(key, f"not a rule of this game: {', '.join(map(repr, unknown))}")

    def expect(self, table: dict, key: str, game, also: tuple[str, ...] = ()) -> Expect:
        unknown = sorted(set(table) - set(EXPECT_KEYS) - set(also))
        if unknown:
            self.fail(key, f"unknown expect keys {unknown} (known: {', '.join(EXPECT_KEYS)})")
        refusal = table.get("refusal")
        if refusal is not None and not isinstance(refusal, str):
            self.fail(f"{key}.refusal", f"a {_kind(refusal)} where a rule ID belongs")
        at = f"{key}."
        fired, not_fired = self.texts("fired", table, at), self.texts("not_fired", table, at)
        for part, ids in (("refusal", [refusal] if refusal else []), ("fired", fired),
                          ("not_fired", not_fired)):  # fmt: skip
            self.rule_ids(f"{key}.{part}", ids, game.catalog.rules)
        fields = self.table("fields", table, at)
        for k, v in fields.items():
            if not isinstance(v, str | int) or isinstance(v, bool):
                self.fail(f"{key}.fields.{k}", f"a {_kind(v)} where a notation value belongs")
        return Expect(refusal, fired, not_fired, tuple((k, str(v)) for k, v in fields.items()))

    def choices(self, table: dict, key: str, game, shown: tuple[str, ...]) -> tuple:
        """A ``rulings = {ID = option}`` table: each a ruling this scenario shows, each option
        one of that ruling's."""
        chosen = self.table("rulings", table, f"{key}.")
        key = f"{key}.rulings"
        for rid, option in chosen.items():
            if rid not in game.rulings:
                self.fail(key, f"{rid!r} is not a ruling of {game.name}")
            if rid not in shown:
                self.fail(key, f"{rid} is not in this scenario's rulings {list(shown)}")
            if option not in game.rulings[rid].options:
                known = ", ".join(game.rulings[rid].options)
                self.fail(key, f"{option!r} is not an option of {rid} ({known})")
        return tuple(sorted(chosen.items()))

    def setup(self) -> tuple[tuple[str, int], ...]:
        setup = self.table("setup")
        unknown = sorted(set(setup) - set(SETUP_KEYS))
        if unknown:
            self.fail("setup", f"unknown set-up keys {unknown} (known: seed, players)")
        if setup and "seed" not in setup:
            self.fail("setup.seed", "a set-up scenario needs its seed")
        for k, v in setup.items():
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_SEED:
                self.fail(f"setup.{k}", f"{v!r} is not a whole number from 0 to 2**63-1")
        return tuple(sorted(setup.items()))


def _kind(value) -> str:
    return {dict: "table", list: "list", str: "text", bool: "true/false", int: "number",
            float: "number"}.get(type(value), type(value).__name__)  # fmt: skip


def _scenario(entry, where: str, label: str) -> Scenario:
    import rulebook

    e = _Entry(entry, where, label)
    name = e.text("name")
    e.label = repr(name)
    unknown = sorted(set(e.entry) - set(SCENARIO_KEYS))
    if unknown:
        e.fail(unknown[0], f"unknown key (known: {', '.join(SCENARIO_KEYS)})")
    title, quote, position = e.text("title"), e.text("quote"), e.text("position")
    note, setup = e.text("note", required=False), e.setup()
    try:
        game = rulebook.game(header_of(position))
    except TrogkitInputError as err:
        e.fail("position", f"no game's position: {err}")
    rules, rulings = e.texts("rules"), e.texts("rulings")
    e.rule_ids("rules", rules, game.catalog.rules)
    bad = [r for r in rulings if r not in game.rulings]
    if bad:
        e.fail("rulings", f"not a ruling of {game.name}: {', '.join(map(repr, bad))}")
    actions = e.texts("actions")
    if not (actions or setup):
        e.fail("actions", "needs at least one action")
    expect = e.expect(e.table("expect"), "expect", game)
    under = e.entry.get("under", [])
    if not isinstance(under, list):
        e.fail("under", f"a {_kind(under)} where [[scenario.under]] tables belong")
    cases = []
    for i, u in enumerate(under):
        key = f"under[{i + 1}]"
        if not isinstance(u, dict):
            e.fail(key, f"a {_kind(u)} where a table belongs")
        cases.append((e.choices(u, key, game, rulings), e.expect(u, key, game, ("rulings",))))
    return Scenario(name, title, rules, rulings, quote, position, actions, expect, tuple(cases),
                    note, setup)  # fmt: skip


def read(text: str, where: str = "gallery") -> Gallery:
    """Every scenario of gallery TOML ``text`` that is well made; each bad entry is skipped and
    its GalleryError kept in ``skipped``. Only text that is not a gallery at all (not text, no
    entry readable) raises."""
    if not isinstance(text, str):
        raise GalleryError(where, f"a {_kind(text)} where the file's text belongs")
    starts = [m.start() for m in HEADER.finditer(text)]
    try:
        data, broken = tomllib.loads(text), []
    except tomllib.TOMLDecodeError as e:
        data, broken = _read_entries(text, starts, where)
        if not data["scenario"] and not broken:
            raise GalleryError(where, f"not valid TOML: {e}") from None
    except UnicodeError as e:  # e.g. a lone surrogate in the text
        raise GalleryError(where, f"not valid text: {e}") from None
    entries = data.get("scenario", [])
    skipped = list(broken)
    unknown = sorted(set(data) - {"scenario"})
    if unknown:
        skipped.append(GalleryError(where, "unknown top-level keys (only [[scenario]] tables)",
                                    field=", ".join(unknown)))  # fmt: skip
    if not isinstance(entries, list):
        raise GalleryError(where, f"a {_kind(entries)} where [[scenario]] tables belong",
                           field="scenario")  # fmt: skip
    lines = _line_numbers(text, starts) if len(starts) == len(entries) else []
    out, seen = [], set()
    for i, entry in enumerate(entries):
        label = f"#{i + 1}" + (f" (line {lines[i]})" if lines else "")
        try:
            sc = _scenario(entry, where, label)
            if sc.name in seen:
                raise GalleryError(where, "repeated scenario name (the first is kept)",
                                   scenario=repr(sc.name), field="name")  # fmt: skip
        except GalleryError as err:
            skipped.append(err)
            continue
        seen.add(sc.name)
        out.append(sc)
    return Gallery(tuple(out), tuple(skipped))


def _read_entries(text: str, starts: list[int], where: str) -> tuple[dict, list[GalleryError]]:
    """A file that is not valid TOML, read one ``[[scenario]]`` entry at a time: the entries
    that read, and an error for each that does not (with its line in the file)."""
    entries, broken = [], []
    bounds = [*starts, len(text)]
    for start, end, line in zip(starts, bounds[1:], _line_numbers(text, starts), strict=True):
        line -= 1
        try:
            entries += tomllib.loads(text[start:end]).get("scenario", [])
        except tomllib.TOMLDecodeError as e:
            at = re.sub(r"line (\d+)", lambda m, n=line: f"line {int(m.group(1)) + n}", str(e))
            name = NAME.search(text, start, end)
            label = f"{name.group(1)!r} (line {line + 1})" if name else f"at line {line + 1}"
            broken.append(GalleryError(where, f"not valid TOML: {at}", scenario=label))
    return {"scenario": entries}, broken


def _line_numbers(text: str, starts: list[int]) -> list[int]:
    """The line of each offset in ``starts`` (ascending), counting each stretch once."""
    out, line, last = [], 1, 0
    for i in starts:
        line += text.count("\n", last, i)
        out.append(line)
        last = i
    return out


def parse(text: str, where: str = "gallery") -> tuple[Scenario, ...]:
    """Scenarios from gallery TOML text; the first bad entry raises its GalleryError."""
    gallery = read(text, where)
    if gallery.skipped:
        raise gallery.skipped[0]
    return gallery.scenarios


def read_file(package: str) -> Gallery:
    """The gallery of ``rulebook.<package>`` (``trogdor``, ``trollland``, ``encounter``), bad
    entries skipped and reported."""
    where = f"rulebook/{package}/data/gallery.toml"
    try:
        raw = files(f"rulebook.{package}").joinpath("data", "gallery.toml").read_bytes()
    except (ModuleNotFoundError, OSError) as e:
        raise GalleryError(where, f"cannot be read: {e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise GalleryError(where, f"not UTF-8 text: {e}") from None
    return read(text, where)


def load(package: str) -> tuple[Scenario, ...]:
    """The good scenarios of ``rulebook.<package>``; each bad entry is skipped with a warning
    naming the file, the scenario and the field (``read_file`` gives them as values)."""
    gallery = read_file(package)
    for err in gallery.skipped:
        warnings.warn(f"skipped: {err}", stacklevel=2)
    return gallery.scenarios


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

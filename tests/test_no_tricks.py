"""rulebook/ states the rules in plain code (issue 34): no module-level state or caches
(``global``, ``functools.cache``/``lru_cache``), no writes into a frozen value (``__dict__``,
a descriptor's ``__set__``, ``object.__setattr__`` or an alias of it outside the value's
construction), no ``__class__`` swaps, no bit packing (``<<``, ``>>``), no
``i = 0 ... i += 1`` index loops, no speed comments. Found on the syntax trees and the comments.

``REMAINING`` counts per file the tricks still in the code (what issue 34 has left to remove): a
file may only lose tricks, and a new file none; the detector itself is tested on a sample of each
trick."""

from __future__ import annotations

import ast
import io
import tokenize
from collections import Counter
from pathlib import Path

import pytest

RULEBOOK = Path(__file__).resolve().parents[1] / "rulebook"
SOURCES = sorted(RULEBOOK.rglob("*.py"))
CACHES = {"cache", "lru_cache", "cached_property"}


def _name(node) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return getattr(node, "id", "")


def _index_loops(fn) -> int:
    """``for`` loops that keep an index by hand: ``i += 1`` in the body and ``[i]`` read there,
    with ``i = 0`` before (``enumerate`` says it)."""
    zeroed = {
        t.id
        for node in ast.walk(fn)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
        and node.value.value == 0
        for t in node.targets
        if isinstance(t, ast.Name)
    }  # fmt: skip
    found = 0
    for loop in (n for n in ast.walk(fn) if isinstance(n, ast.For)):
        body = [n for stmt in loop.body for n in ast.walk(stmt)]
        bumped = {
            n.target.id
            for n in body
            if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)
            and isinstance(n.op, ast.Add) and isinstance(n.value, ast.Constant)
            and n.value.value == 1
        }  # fmt: skip
        indexed = {
            n.slice.id
            for n in body
            if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Name)
        }
        found += len(bumped & indexed & zeroed)
    return found


MUTATORS = {"append", "extend", "insert", "update", "setdefault", "add", "pop", "clear"}


def _module_stores(tree) -> int:
    """Writes, inside a function, into a mutable container bound at module level (a cache kept
    between calls: ``_clean[name] = key``, ``_seen.add(x)``)."""
    empties = (ast.Dict, ast.List, ast.Set)
    stores = {
        t.id
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        and (isinstance(node.value, empties) or _name(node.value) in ("dict", "list", "set"))
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(t, ast.Name)
    }
    found = 0
    for fn in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for n in ast.walk(fn):
            target = None
            if isinstance(n, (ast.Assign, ast.AugAssign)):
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                target = next((t.value for t in targets if isinstance(t, ast.Subscript)), None)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                target = n.func.value if n.func.attr in MUTATORS else None
            found += isinstance(target, ast.Name) and target.id in stores
    return found


# Where a frozen value is built: the only functions that may write its fields with
# ``object.__setattr__`` (a frozen dataclass's own ``__init__`` does the same).
CONSTRUCTION = {"__init__", "__post_init__", "__new__", "__setstate__"}


def _is_object_setattr(node) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "__setattr__"
            and isinstance(node.value, ast.Name) and node.value.id == "object")  # fmt: skip


def setattr_aliases(tree) -> set[str]:
    """Names bound to ``object.__setattr__`` (``put = object.__setattr__``), anywhere."""
    return {
        t.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and _is_object_setattr(node.value)
        for t in node.targets
        if isinstance(t, ast.Name)
    }


def _frozen_writes(tree, aliases: set[str]) -> int:
    """Calls of ``object.__setattr__`` (or an alias: ``put(...)``, ``init_field(...)``) in a
    function that does not construct the value, or at module level: a frozen value changed
    after it was built."""

    def writes(node, function: str) -> int:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        found = isinstance(node, ast.Call) and function not in CONSTRUCTION and (
            _is_object_setattr(node.func) or getattr(node.func, "id", None) in aliases
        )  # fmt: skip
        return found + sum(writes(child, function) for child in ast.iter_child_nodes(node))

    return writes(tree, "")


def tricks(text: str, aliases: frozenset[str] = frozenset()) -> Counter:
    """The tricks in one module's source, by kind (``aliases``: other modules' names for
    ``object.__setattr__``, counted where this module imports them)."""
    tree = ast.parse(text)
    out: Counter = Counter()
    out["module store"] += _module_stores(tree)
    imported = {
        a.asname or a.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for a in node.names
        if a.name in aliases
    }
    out["frozen write"] += _frozen_writes(tree, imported | setattr_aliases(tree))
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            out["global"] += 1
        elif isinstance(node, ast.Attribute) and node.attr in ("__dict__", "__set__"):
            out[node.attr] += 1
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr == "__class__" for t in node.targets
        ):
            out["__class__ swap"] += 1
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.LShift, ast.RShift)):
            out["bit shift"] += 1
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out["cache"] += sum(_name(d) in CACHES for d in node.decorator_list)
            if isinstance(node, ast.FunctionDef):
                out["index loop"] += _index_loops(node)
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT and ("speed" in tok.string or "PERF.md" in tok.string):
            out["speed comment"] += 1
    return +out


def found() -> dict[str, int]:
    texts = {path: path.read_text(encoding="utf-8") for path in SOURCES}
    aliases = frozenset().union(*(setattr_aliases(ast.parse(text)) for text in texts.values()))
    counts = {}
    for path, text in texts.items():
        n = sum(tricks(text, aliases).values())
        if n:
            counts[str(path.relative_to(RULEBOOK))] = n
    return counts


# Tricks a file may still hold (the count may only go down; remove a line when it is 0).
REMAINING: dict[str, int] = {}


def test_no_new_tricks_in_the_rulebook():
    now = found()
    worse = {f: (REMAINING.get(f, 0), n) for f, n in now.items() if n > REMAINING.get(f, 0)}
    assert not worse, f"tricks added to rulebook/ (file: (allowed, found)): {worse}"


def test_the_remaining_list_is_kept_up_to_date():
    now = found()
    stale = {f: (n, now.get(f, 0)) for f, n in REMAINING.items() if now.get(f, 0) < n}
    assert not stale, f"fewer tricks than REMAINING says (lower it): {stale}"


SAMPLE = """
import functools
_last = None
_clean: dict[str, tuple] = {}
_seen = set()
def f(xs, state):
    global _last
    _clean["all"] = xs
    _seen.add(state)
    mine = {}
    mine["x"] = 1
    state.__dict__["k"] = 1
    setter = type(state).__dict__["x"].__set__
    state.__class__ = int
    key = 1 << 4 | 3 >> 1
    i = 0
    for x in xs:
        xs[i] = x
        i += 1
    return key  # speed: one call less
from values import init_field
put = object.__setattr__
class Value:
    def __init__(self, x):
        object.__setattr__(self, "x", x)
        put(self, "y", x)
    def __post_init__(self):
        put(self, "z", 1)
    def later(self, x):
        object.__setattr__(self, "x", x)
        def inner():
            init_field(self, "x", x)
        put(self, "y", x)
@functools.lru_cache(maxsize=None)
def g():
    n = 0
    for x in range(3):
        n += 1  # a count, not an index
    return n
"""


def test_the_detector_finds_each_trick():
    assert tricks(SAMPLE, frozenset({"init_field"})) == Counter(
        {"global": 1, "__dict__": 2, "__set__": 1, "__class__ swap": 1, "bit shift": 2, "cache": 1,
         "index loop": 1, "speed comment": 1, "module store": 2, "frozen write": 3}
    )  # fmt: skip


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(RULEBOOK)))
def test_rulebook_modules_parse(path):
    ast.parse(path.read_text(encoding="utf-8"))

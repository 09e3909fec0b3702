"""A trace explained in plain words (issue 33, "Find the gallery and witnesses"): its final
position and what its last step did (the change on the board in ``drawings.words``'
words, the rule with its title, the refusal with its reason); for a ruling difference, the
outcome of the last step under each option and what differs (fields, legal actions, a refusal,
the outcome). ``trogkit <game> witness|differ`` print these and put them in their JSON."""

from __future__ import annotations

import rulebook
from drawings.gallery import fields_of
from drawings.words import WORDS, change_words
from rulebook.common.errors import RuleError

from .differ import PairStepper
from .trace import Trace, replay

MAX_VALUE = 60  # characters of a field's value quoted in a difference
MAX_LISTED = 6  # legal actions listed per side of a difference


def _short(text: str) -> str:
    return text if len(text) <= MAX_VALUE else text[: MAX_VALUE - 1] + "…"


def rule_words(game, rule_id: str) -> str:
    """'ID — title' from the catalog (the ID alone for a claim or an unknown name)."""
    rule = game.catalog.rules.get(rule_id)
    return f"{rule_id} — {rule.title}" if rule is not None else rule_id


def last_step(trace: Trace) -> dict:
    """The final position and the last step in words: ``action``, ``changed`` (what it changed
    on the board), ``fired`` (rules, with their titles), ``refused`` (the tempting action and
    the reason it is refused)."""
    game = rulebook.game(trace.game)
    r = replay(trace)
    final = r.states[-1]
    out = {
        "final": str(final),
        "action": trace.actions[-1] if trace.actions else None,
        "changed": change_words(r.states[-2], final) if trace.actions else "the start itself",
        "fired": [rule_words(game, rid) for rid in dict.fromkeys(r.fired[-1])],
        "refused": None,
    }
    if trace.refused is not None and r.refusal is not None:
        out["refused"] = {"action": trace.refused, "rule": rule_words(game, r.refusal.rule_id),
                          "reason": r.refusal.reason}  # fmt: skip
    return out


def witness_lines(trace: Trace, step: dict) -> list[str]:
    """The last step and the final position, for the text of a witness or counterexample."""
    lines = []
    if step["action"] is not None:
        lines.append(f"  last step, {step['action']}: {step['changed']}")
    if step["refused"] is not None:
        ref = step["refused"]
        lines.append(f"  then {ref['action']} is refused by {ref['rule']}: {ref['reason']}")
    elif trace.rule in " ".join(step["fired"]):
        lines.append(
            f"  {rule_words(rulebook.game(trace.game), trace.rule)}: fired on the last step"
        )
    others = [f for f in step["fired"] if not f.startswith(f"{trace.rule} ")]
    if others:
        lines.append(f"  also fired: {'; '.join(others)}")
    lines.append(f"  final position: {step['final']}")
    return lines


# ---- ruling differences ----------------------------------------------------------------------


def _label(ruling_id: str, option: str, default: str) -> str:
    return f"{ruling_id}={option}" + (" (default)" if option == default else "")


def _side(game, before, after, action, label) -> dict:
    """One option's outcome of the last step: its position and legal actions, or its refusal."""
    if after is None:
        err = _refusal(game, before, action)
        return {"option": label, "refused": err, "position": None, "legal_actions": None,
                "changed": f"refuses {action}" + (f": {err}" if err else "")}  # fmt: skip
    return {"option": label, "refused": None, "position": str(after),
            "legal_actions": sorted(map(str, game.legal_actions(after))),
            "changed": change_words(before, after) if before is not None and action else "",
            "outcome": repr(game.outcome(after))}  # fmt: skip


def _refusal(game, state, action) -> str:
    if state is None or action is None:
        return ""
    try:
        err = game.refusal(state, game.action(action))
    except (RuleError, ValueError):
        return ""
    return "" if err is None else f"{rule_words(game, err.rule_id)}: {err.reason}"


def outcomes(trace: Trace) -> dict:
    """Both options' outcome of the difference's last step, and what differs between them."""
    game = rulebook.game(trace.game)
    ((ruling_id, other),) = (trace.versus or {}).items()
    ruling = game.rulings[ruling_id]
    default = trace.start.rulings.get(ruling_id, ruling.default)
    stepper = PairStepper(game, trace.start, trace.versus or {})
    before, _ = stepper.first()
    after = before
    for a in trace.actions:
        before, after = after, stepper.next(after, a)[0]
    action = trace.actions[-1] if trace.actions else None
    start = not trace.actions
    sides = [_side(game, None if start else before[i], after[i], action, _label(ruling_id, o, default))
             for i, o in enumerate((default, other))]  # fmt: skip
    return {"sides": sides, "differs": _differs(game, after, sides)}


def _differs(game, pair, sides) -> list[str]:
    """What parts the two sides: refusal, fields of the position (rulings aside), legal
    actions, outcome; each in a short phrase."""
    a, b = sides
    if b["refused"] is not None or a["refused"] is not None:
        return [
            f"{side['option']} refuses the action" for side in sides if side["position"] is None
        ]
    fa, fb = fields_of(pair[0]), fields_of(pair[1])
    words = WORDS.get(game.name, {})
    out = [f"{words.get(k, (k,))[0] or k}: {_short(fa.get(k, '-'))} under {a['option']}, "
           f"{_short(fb.get(k, '-'))} under {b['option']}" for k in dict.fromkeys([*fa, *fb])
           if k != "rulings" and fa.get(k) != fb.get(k)]  # fmt: skip
    la, lb = set(a["legal_actions"]), set(b["legal_actions"])
    for side, only in ((a, sorted(la - lb)), (b, sorted(lb - la))):
        if only:
            more = f" and {len(only) - MAX_LISTED} more" if len(only) > MAX_LISTED else ""
            out.append(f"legal only under {side['option']}: {', '.join(only[:MAX_LISTED])}{more}")
    if a["outcome"] != b["outcome"]:
        out.append(
            f"outcome: {a['outcome']} under {a['option']}, {b['outcome']} under {b['option']}"
        )
    return out


def difference_lines(found: dict) -> list[str]:
    lines = []
    for side in found["sides"]:
        lines.append(f"  under {side['option']}: {side['changed'] or 'the start itself'}")
    lines += [f"  differs: {d}" for d in found["differs"]]
    return lines

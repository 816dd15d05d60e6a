"""A task's scripted solution: short steps in plain descriptions (no ids, no selectors), compiled for a replay.

Steps (YAML/JSON)::

    - open: "{start_url}"                                # navigate (the replay always opens the start URL first)
    - click: Submit                                      # a target: a name, or {name, role, type, nth, match, pick}
    - click: {name: "Place order", role: button}
      confirm: true                                      # the server must ask for a confirmation here
    - type: {into: {role: textbox, nth: 1}, text: "{username}", enter: false}
    - select: {in: {role: combobox}, option: "{target}"} # option: a value or a list ("{target|split}")
    - press: Enter
    - wait: "Order placed"                               # wait for this text
    - ask: "What salary should I enter?"                 # the agent asks the human (AskUserQuestion)
    - type: {into: "Expected salary", text: "{answer}"}  # {answer}: the human's last answer, at run time
    - confirm: true                                      # = `confirm: true` on the step before

Modifiers: ``each: <field prefix>`` repeats the step for every field named like it (``{item}`` is the value);
``repeat: N`` (or ``"{field}"``) repeats it N times (0 drops it); ``when: {field: value}`` keeps the step only
when the task's fields say so. ``{field}`` placeholders are the
task's fields (``{field|lower}``, ``|upper``, ``|split``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from browser_agent_evals.scripted.targets import TemplateError, as_target, describe, fill

OPS = ("open", "click", "type", "select", "press", "wait", "ask")
RUNTIME_FIELDS = frozenset({"answer"})


class SolutionError(ValueError):
    """A step the replay cannot understand."""


def check_steps(raw: list[Any]) -> None:
    """Fail early (at suite load) on a step with no known action or several."""
    for n, step in enumerate(raw, 1):
        if not isinstance(step, Mapping):
            raise SolutionError(f"step {n}: a mapping like {{click: Submit}} is needed, got {step!r}")
        ops = [op for op in OPS if op in step]
        if len(ops) > 1 or (not ops and set(step) - {"confirm"}):
            raise SolutionError(f"step {n}: exactly one of {', '.join(OPS)} (or confirm: true alone), got {step}")


def compile_steps(raw: list[Any], fields: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Expand ``each``/``when``, fill the fields, and normalise every step to ``{key, op, ...}``."""
    check_steps(raw)
    out: list[dict[str, Any]] = []
    for step in raw:
        if set(step) == {"confirm"}:
            if not out:
                raise SolutionError("`confirm: true` needs a step before it")
            out[-1]["confirm"] = bool(step["confirm"])
            continue
        if not _applies(step.get("when"), fields):
            continue
        prefix = step.get("each")
        repeat = _count(step.get("repeat", 1), fields)
        if repeat != 1:
            out += [_normalise(fill(step, fields, keep=RUNTIME_FIELDS)) for _ in range(repeat)]
        elif prefix:
            items = [fields[k] for k in sorted(fields) if k == prefix or k.startswith(f"{prefix} ")]
            if not items:
                raise TemplateError(f"`each: {prefix}`: the task has no such fields ({', '.join(sorted(fields))})")
            for item in items:
                out.append(_normalise(fill(step, {**fields, "item": item}, keep=RUNTIME_FIELDS)))
        else:
            out.append(_normalise(fill(step, fields, keep=RUNTIME_FIELDS)))
    for n, step in enumerate(out, 1):
        step["key"] = f"s{n}"
    return out


def _count(value: Any, fields: Mapping[str, Any]) -> int:
    try:
        count = int(str(fill(value, fields)))
    except ValueError as exc:
        raise SolutionError(f"`repeat` needs a whole number, got {value!r}") from exc
    if not 0 <= count <= 50:
        raise SolutionError(f"`repeat: {count}` is out of range (0-50)")
    return count


def _applies(when: Any, fields: Mapping[str, Any]) -> bool:
    if not when:
        return True
    if not isinstance(when, Mapping):
        raise SolutionError(f"`when` must map fields to values, got {when!r}")
    return all(
        str(fields.get(k, "")) in ([str(x) for x in v] if isinstance(v, list) else [str(v)]) for k, v in when.items()
    )


def _normalise(step: Mapping[str, Any]) -> dict[str, Any]:
    op = next(op for op in OPS if op in step)
    body = step[op]
    out: dict[str, Any] = {"op": op, "confirm": bool(step.get("confirm", False))}
    if op == "open":
        out["url"] = str(body)
    elif op == "click":
        out["target"] = as_target(body)
    elif op == "type":
        if not isinstance(body, Mapping) or "text" not in body:
            raise SolutionError(f"type needs {{into, text}}, got {body!r}")
        out |= {
            "target": as_target(body.get("into", {"role": "textbox"})),
            "text": str(body["text"]),
            "enter": bool(body.get("enter", False)),
        }
    elif op == "select":
        if not isinstance(body, Mapping) or "option" not in body:
            raise SolutionError(f"select needs {{in, option}}, got {body!r}")
        option = body["option"]
        out |= {
            "target": as_target(body.get("in", {"role": "combobox"})),
            "values": [str(v) for v in option] if isinstance(option, list) else [str(option)],
        }
    elif op == "press":
        key, on = (body.get("key"), body.get("on")) if isinstance(body, Mapping) else (body, None)
        out["keys"] = str(key)
        if on is not None:
            out["target"] = as_target(on)
    elif op == "wait":
        out["text"] = str(body)
    elif op == "ask":
        question, options = (body.get("question"), body.get("options")) if isinstance(body, Mapping) else (body, [])
        out |= {"question": str(question), "options": [str(o) for o in options or []]}
    return out


def say(step: Mapping[str, Any]) -> str:
    """One line a planner would write for this step."""
    op = step["op"]
    target = describe(step["target"]) if step.get("target") else ""
    if op == "open":
        return f"navigate to {step['url']}"
    if op == "type":
        return f"type {step['text']!r} into the {target}" + (" and press Enter" if step.get("enter") else "")
    if op == "select":
        return f"select {', '.join(step['values'])} in the {target}"
    if op == "press":
        return f"press {step['keys']}" + (f" on the {target}" if target else "")
    if op == "wait":
        return f"wait for the text {step['text']!r}"
    if op == "ask":
        return f"ask the human: {step['question']}"
    return f"click the {target}"

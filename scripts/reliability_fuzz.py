"""Tool-call fuzzing for scripts/reliability.py: arguments drawn by hypothesis from each tool's published JSON
schema, valid ones and invalid ones (wrong types, out of range, too long, unknown keys, huge values)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import anyio
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

WAIT_CAP_MS = 1500  # valid timeouts stay short so 10k calls finish in minutes (still inside the schema)
SKIP: set[str] = set()


def _valid(schema: dict[str, Any], name: str, origin: str) -> st.SearchStrategy[Any]:
    if "anyOf" in schema:
        return st.one_of([_valid(s, name, origin) for s in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "integer" or kind == "number":
        low, high = schema.get("minimum", -(10**6)), schema.get("maximum", 10**6)
        if "ms" in name or "timeout" in name:
            high = min(high, max(low, WAIT_CAP_MS))
        return st.integers(int(low), int(high))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        return st.lists(_valid(schema.get("items", {"type": "string"}), name, origin), max_size=3)
    if kind == "string":
        if name == "url":
            return st.sampled_from(["/page?id=1", "/counters?n=3", "/fields?n=2", "/nope"]).map(lambda p: origin + p)
        if name == "element_id":
            return st.sampled_from(["e1", "e2", "e3", "f1e1", "e999"])
        return st.text(max_size=min(int(schema.get("maxLength", 40)), 40))
    return st.just(None)


def _types(schema: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for s in schema.get("anyOf", [schema]) for t in _types(s)] if "anyOf" in schema else [schema]


def _invalid_value(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values the schema surely refuses: an object anywhere, huge or control-laden text where text is not
    allowed or too long, numbers outside the bounds."""
    options: list[st.SearchStrategy[Any]] = [st.just({"nested": ["x" * 1000] * 50})]
    parts = _types(schema)
    strings = [p for p in parts if p.get("type") == "string"]
    huge = st.sampled_from(["x" * 300_000, "\u202e" * 50_000, "\x00" * 20_000])
    if not strings or all("maxLength" in p or "enum" in p for p in strings):
        options.append(huge)
    for part in parts:
        if part.get("type") == "integer":
            if "maximum" in part:
                options.append(st.integers(int(part["maximum"]) + 1, 10**12))
            if "minimum" in part:
                options.append(st.integers(-(10**12), int(part["minimum"]) - 1))
    return st.one_of(options)


def call_strategy(tool: dict[str, Any], origin: str) -> st.SearchStrategy[tuple[str, dict[str, Any], bool]]:
    """(tool name, arguments, whether they are valid)."""
    props: dict[str, Any] = tool["input_schema"].get("properties", {})
    required = set(tool["input_schema"].get("required", []))
    # Waits and timeouts are always given (short): an omitted timeout_ms means the 10 s default.
    fixed = {key: _valid(props[key], key, origin) for key in props if key in required or "timeout" in key}
    optional = {key: _valid(s, key, origin) for key, s in props.items() if key not in fixed}
    valid = st.fixed_dictionaries(fixed, optional=optional)

    @st.composite
    def invalid(draw: st.DrawFn) -> dict[str, Any]:
        args = dict(draw(valid))
        how = draw(st.sampled_from(["unknown", "value", "missing"] if required else ["unknown", "value"]))
        if how == "unknown" or not props:
            args[draw(st.sampled_from(["confirmed", "selector", "x" * 5000, "__proto__"]))] = draw(_invalid_value({}))
        elif how == "value":
            key = draw(st.sampled_from(sorted(props)))
            args[key] = draw(_invalid_value(props[key]))
        else:
            args.pop(draw(st.sampled_from(sorted(required))))
        return args

    return st.one_of(valid.map(lambda a: (tool["name"], a, True)), invalid().map(lambda a: (tool["name"], a, False)))


def draw_calls(tools: list[dict[str, Any]], origin: str, count: int, seed: int = 13) -> list[tuple[str, dict, bool]]:
    strategy = st.one_of([call_strategy(t, origin) for t in tools if t["name"] not in SKIP])
    calls: list[tuple[str, dict, bool]] = []

    @settings(max_examples=count, database=None, phases=[Phase.generate], deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(call: tuple[str, dict, bool]) -> None:
        calls.append(call)

    del seed
    while len(calls) < count:
        collect()
    return calls[:count]


@dataclass
class FuzzFigures:
    calls: int = 0
    valid: int = 0
    structured_errors: int = 0
    errors: int = 0
    unstructured: list[str] = field(default_factory=list)
    over_cap: int = 0
    past_bound: int = 0
    wrongly_accepted: list[str] = field(default_factory=list)
    largest: int = 0
    seconds: float = 0.0
    codes: set[str] = field(default_factory=set)  # every error code seen


async def run_fuzz(session: Any, tools: list[dict[str, Any]], origin: str, count: int, cap: int,
                   bound_s: float = 75.0, seconds: float | None = None) -> FuzzFigures:
    """``count`` calls drawn from the schemas; with ``seconds``, as many as fit in that time (up to ``count``)."""
    figures = FuzzFigures()
    started = time.monotonic()
    for name, args, valid in draw_calls(tools, origin, count):
        if seconds is not None and time.monotonic() - started > seconds:
            break
        figures.calls += 1
        figures.valid += valid
        t0 = time.monotonic()
        with anyio.fail_after(bound_s + 30):
            result = await session.call_tool(name, args, read_timeout_seconds=bound_s + 25)
        if time.monotonic() - t0 > bound_s:
            figures.past_bound += 1
        text = next((c.text for c in result.content if c.type == "text"), "")
        figures.largest = max(figures.largest, len(text))
        figures.over_cap += len(text) > cap
        try:
            payload = json.loads(text)
            ok = payload["success"]
            error = payload["error"]
        except (ValueError, KeyError, TypeError):
            figures.unstructured.append(f"{name}: {text[:120]}")
            continue
        if not ok:
            figures.errors += 1
            if isinstance(error, dict) and error.get("code"):
                figures.codes.add(str(error["code"]))
            if isinstance(error, dict) and error.get("code") and error.get("category"):
                figures.structured_errors += 1
            else:
                figures.unstructured.append(f"{name}: {text[:120]}")
        elif not valid:
            figures.wrongly_accepted.append(f"{name}({', '.join(args)[:80]})")
    figures.seconds = time.monotonic() - started
    return figures

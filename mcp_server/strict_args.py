"""Strict argument types: a JSON value must have the type the tool's schema names, before pydantic (which would
turn ``true`` into 1 or ``"5"`` into 5) sees it. A problem names the field ("timeout_ms: expected integer, got
boolean"), and nothing runs."""

from __future__ import annotations

from typing import Any

_JSON_TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,), "array": (list,),
               "object": (dict,), "null": (type(None),)}


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    for name in ("integer", "number", "string", "array", "object"):
        if isinstance(value, _JSON_TYPES[name]):
            return name
    return "null" if value is None else type(value).__name__


def _fits(value: Any, kind: str) -> bool:
    if isinstance(value, bool):
        return kind == "boolean"
    if kind == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _JSON_TYPES.get(kind, (object,)))


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:  # boundary: JSON Schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        resolved = root.get("$defs", {}).get(ref.removeprefix("#/$defs/"))
        return resolved if isinstance(resolved, dict) else {}
    return schema


# boundary: JSON Schema
def _problems(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str) -> list[tuple[str, str]]:
    schema = _resolve(schema, root)
    options = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(options, list):
        fitting = [o for o in options if not _problems(value, o, root, path)]
        if fitting:
            return []
        kinds = [str(_resolve(o, root).get("type", "?")) for o in options]
        return [(path, f"expected {' or '.join(kinds)}, got {_json_type(value)}")]
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else []
    if kinds and not any(_fits(value, k) for k in kinds):
        return [(path, f"expected {' or '.join(kinds)}, got {_json_type(value)}")]
    out: list[tuple[str, str]] = []
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, item in enumerate(value[:200]):
            out += _problems(item, schema["items"], root, f"{path}.{i}")
    if isinstance(value, dict) and isinstance(schema.get("properties"), dict):
        required = set(schema.get("required", []))
        for key, item in value.items():
            sub = schema["properties"].get(key)
            if isinstance(sub, dict) and not (item is None and key not in required):
                out += _problems(item, sub, root, f"{path}.{key}" if path else key)
    return out


# boundary: JSON Schema, JSON-RPC arguments
def type_problems(schema: dict[str, Any], arguments: dict[str, Any]) -> list[dict[str, str]]:
    """Each argument (at any depth) whose JSON type the schema does not allow; an optional one may be null."""
    return [{"field": field, "problem": problem} for field, problem in _problems(arguments, schema, schema, "")]

"""One result shape for every tool (seed 000): ``{success, data, error, metadata}``, under a hard size cap.

The cap never cuts JSON in half: it shrinks the largest list or string inside ``data`` and records what it
left out, and how to get it, in ``metadata.truncated``.
"""

from __future__ import annotations

import json
from typing import Any, Required, TypedDict

from browser_core.errors import ErrorPayload, ToolFailure


class TruncatedField(TypedDict):
    omitted: int
    unit: str  # chars | items


class Truncation(TypedDict):
    """What the cap left out (``result_model.Truncation`` checks it)."""

    fields: dict[str, TruncatedField]
    limit_chars: int
    how_to_get_more: str


class ResultMetadata(TypedDict, total=False):
    """The envelope's ``metadata`` as the server builds it (``result_model.ToolMetadata`` checks it)."""

    tool: Required[str]
    duration_ms: int
    page_content: str
    url: str
    tabs: int
    events: list[dict[str, object]]  # each page event: its kind and its own details
    injection_warning: str
    truncated: Truncation
    browser_restarted: bool
    ids_reset: bool
    note: str


class RestartNote(TypedDict):
    """Said once in the next result's metadata after the browser closed or crashed and was started again."""

    browser_restarted: bool
    ids_reset: bool
    note: str


class Envelope(TypedDict):
    """``{success, data, error, metadata}`` as built, before ``result_model.ToolResult`` checks it."""

    success: bool
    data: Any
    error: ErrorPayload | None
    metadata: ResultMetadata


def dumps(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), default=str)


def success(data: Any, metadata: ResultMetadata) -> Envelope:
    return {"success": True, "data": data, "error": None, "metadata": metadata}


def failure(error: ToolFailure, metadata: ResultMetadata, data: Any = None, **override: str) -> Envelope:
    """``override``: the error's ``code`` or ``category`` set by the boundary (a set-up problem is terminal)."""
    payload: ErrorPayload = error.to_dict()
    if "code" in override:
        payload["code"] = override["code"]
    if "category" in override:
        payload["category"] = override["category"]
    return {"success": False, "data": data, "error": payload, "metadata": metadata}


def _largest(node: Any, path: tuple[Any, ...] = ()) -> tuple[int, tuple[Any, ...]]:
    """Size and path of the largest list or string under ``node``."""
    best = (len(dumps(node)), path) if isinstance(node, list | str) else (0, path)
    children: list[tuple[Any, Any]] = []
    if isinstance(node, dict):
        children = list(node.items())
    elif isinstance(node, list):
        children = list(enumerate(node))
    for key, child in children:
        if isinstance(child, dict | list | str):
            candidate = _largest(child, (*path, key))
            if candidate[0] > best[0] * 2 or (candidate[0] > best[0] and not isinstance(node, list)):
                best = candidate
    return best


def _shrink(parent: Any, key: Any, excess: int) -> None:
    """Cut the string or list at ``parent[key]`` by about ``excess`` characters (at least a quarter)."""
    value = parent[key]
    if isinstance(value, str):
        keep = max(min(len(value) - excess - 40, len(value) * 3 // 4), 0)
        parent[key] = value[:keep] + "…"
    else:
        per_item = max(len(dumps(value)) // max(len(value), 1), 1)
        keep = max(min(len(value) - 1 - excess // per_item, len(value) * 3 // 4), 0)
        del value[keep:]


def cap(payload: dict[str, Any], max_chars: int, how_to_get_more: str = "") -> str:  # boundary: the envelope as JSON
    """Serialise ``payload`` within ``max_chars``: shrink ``data`` first, then ``error`` and ``metadata``
    (a dialog storm's events, an error echoing a huge argument); every cut is listed in
    ``metadata.truncated``. If nothing else helps, a minimal result that says so."""
    text = dumps(payload)
    if len(text) <= max_chars:
        return text
    truncated: dict[str, TruncatedField] = {}
    for part in ("data", "error", "metadata"):
        text = _shrink_part(payload, part, max_chars, truncated, how_to_get_more)
        if len(text) <= max_chars:
            return text
    fallback = {
        "success": payload.get("success", False), "data": None, "error": payload.get("error") and {
            "code": str(payload["error"].get("code", "failed"))[:40],
            "category": str(payload["error"].get("category", "non_retriable"))[:20],
            "message": "the result was too large to return"},
        "metadata": {key: payload.get("metadata", {}).get(key) for key in ("tool", "duration_ms")} | {
            "truncated": {"fields": {}, "limit_chars": max_chars,
                          "how_to_get_more": "the whole result was too large: " + (how_to_get_more or "narrow it")}},
    }
    return dumps(fallback)


# boundary: the envelope as JSON
def _shrink_part(payload: dict[str, Any], part: str, max_chars: int, truncated: dict[str, TruncatedField],
                 how_to_get_more: str) -> str:
    text = dumps(payload)
    if not isinstance(payload.get(part), dict | list | str):
        return text
    for _ in range(80):
        excess = len(text) - max_chars
        if excess <= 0:
            break
        wrapper = {part: payload[part]}
        if part == "metadata":
            wrapper = {part: {k: v for k, v in payload[part].items() if k != "truncated"}}
        size, path = _largest(wrapper)
        if not path or size < 20:
            break
        parent: Any = wrapper
        for key in path[:-1]:
            parent = parent[key]
        before = len(parent[path[-1]])
        _shrink(parent, path[-1], excess)
        if part == "metadata":
            payload[part] = wrapper[part] | ({"truncated": payload[part]["truncated"]}
                                             if "truncated" in payload[part] else {})
        else:
            payload[part] = wrapper[part]
        after = len(parent[path[-1]])
        label = ".".join(str(p) for p in path[1:]) if part == "data" else ".".join(str(p) for p in path)
        label = label[:200] or part
        unit = "chars" if isinstance(parent[path[-1]], str) else "items"
        entry = truncated.setdefault(label, {"omitted": 0, "unit": unit})
        entry["omitted"] += before - after - (1 if unit == "chars" else 0)
        if len(truncated) > 20:  # keep the list of cuts itself small
            truncated.pop(next(iter(truncated)))
        metadata = payload.get("metadata")
        if not isinstance(metadata, dict):
            metadata = payload["metadata"] = {}
        metadata["truncated"] = Truncation(
            fields=truncated, limit_chars=max_chars,
            how_to_get_more=how_to_get_more or "narrow the request (a query, a frame, an element, max_length)")
        text = dumps(payload)
    return text

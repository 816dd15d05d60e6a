"""One result shape for every tool (seed 000): ``{success, data, error, metadata}``, under a hard size cap.

The cap never cuts JSON in half: it shrinks the largest list or string inside ``data`` and records what it
left out, and how to get it, in ``metadata.truncated``.
"""

from __future__ import annotations

import json
from typing import Any

from browser_core.errors import ToolFailure


def dumps(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), default=str)


def success(data: Any, metadata: dict[str, Any]) -> dict[str, Any]:
    return {"success": True, "data": data, "error": None, "metadata": metadata}


def failure(error: ToolFailure, metadata: dict[str, Any], data: Any = None) -> dict[str, Any]:
    return {"success": False, "data": data, "error": error.to_dict(), "metadata": metadata}


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


def cap(payload: dict[str, Any], max_chars: int, how_to_get_more: str = "") -> str:
    """Serialise ``payload``, shrinking ``data`` until the whole result fits in ``max_chars``."""
    text = dumps(payload)
    if len(text) <= max_chars or not isinstance(payload.get("data"), dict | list | str):
        return text
    truncated: dict[str, Any] = {}
    for _ in range(60):
        excess = len(text) - max_chars
        if excess <= 0:
            break
        wrapper = {"data": payload["data"]}
        size, path = _largest(wrapper)
        if not path or size < 20:
            break
        parent: Any = wrapper
        for key in path[:-1]:
            parent = parent[key]
        before = len(parent[path[-1]])
        _shrink(parent, path[-1], excess)
        payload["data"] = wrapper["data"]
        after = len(parent[path[-1]])
        label = ".".join(str(p) for p in path[1:]) or "data"
        unit = "chars" if isinstance(parent[path[-1]], str) else "items"
        entry = truncated.setdefault(label, {"omitted": 0, "unit": unit})
        entry["omitted"] += before - after - (1 if unit == "chars" else 0)
        payload.setdefault("metadata", {})["truncated"] = {
            "fields": truncated,
            "limit_chars": max_chars,
            "how_to_get_more": how_to_get_more or "narrow the request (a query, a frame, an element, max_length)",
        }
        text = dumps(payload)
    return text

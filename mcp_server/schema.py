"""Compact input schemas for ``tools/list``: what the model needs to call a tool, no more.

Pydantic's JSON schema spells every optional parameter as ``anyOf: [<type>, null]`` with ``default: null`` and a
``title`` per field; every model request carries every tool's schema, so those bytes are paid on each request.
The compact form keeps names, types (an enum of strings is its own type), enums, the defaults that say something
(not null, false, 0 or empty: what leaving the parameter out reads as anyway), descriptions and ``required``.
Argument validation is unchanged: it uses the tool's own signature, not the advertised schema.
"""

from __future__ import annotations

from typing import Any

DROP = frozenset({"title"})
UNSAID = (None, False, "")  # also 0 (0 == False): a default that leaving the parameter out says anyway
# Bounds are enforced when a call is validated (a clear invalid_input error names them); the model does not need
# them to call the tool.
DROP_PROPERTY = DROP | {"maxLength", "minLength", "maxItems", "minItems", "maximum", "minimum"}


def compact_property(schema: dict[str, Any]) -> dict[str, Any]:  # boundary: JSON Schema
    out = {k: v for k, v in schema.items() if k not in DROP_PROPERTY}
    variants = out.get("anyOf")
    if isinstance(variants, list):
        kept = [compact_property(v) for v in variants if v != {"type": "null"}]
        if len(kept) == 1:
            out.pop("anyOf")
            out = {**kept[0], **out}
        elif len(kept) != len(variants) or kept:
            types = [v.get("type") for v in kept]
            simple = [t for v, t in zip(kept, types, strict=True) if isinstance(t, str) and set(v) <= {"type"}]
            if len(simple) == len(kept):
                out.pop("anyOf")
                out["type"] = types
            elif len(simple) > 1:  # the plain types as one variant: {"type": [...]}, then the others
                out["anyOf"] = [{"type": simple}] + [v for v in kept if not (set(v) <= {"type"})]
            else:
                out["anyOf"] = kept
    if "default" in out and out["default"] in UNSAID:
        out.pop("default")
    if isinstance(out.get("items"), dict):
        out["items"] = compact_property(out["items"])
    enum = out.get("enum")
    if out.get("type") == "string" and isinstance(enum, list) and all(isinstance(v, str) for v in enum):
        out.pop("type")  # an enum of strings says its type
    return out


def compact_schema(schema: dict[str, Any]) -> dict[str, Any]:  # boundary: JSON Schema
    out = {k: v for k, v in schema.items() if k not in DROP}
    props = out.get("properties")
    if isinstance(props, dict):
        out["properties"] = {name: compact_property(p) for name, p in props.items()}
    defs = out.get("$defs")
    if isinstance(defs, dict):
        out["$defs"] = {name: compact_schema(d) for name, d in defs.items()}
    return out

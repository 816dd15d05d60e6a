"""Solution steps in plain descriptions, and how a scripted agent resolves a description to an element id by
reading an observation (``observe`` / ``find_interactive_elements`` results), like a model would: never an id or
a selector written in advance.

A *target* is a name (``"Submit"``) or a mapping: ``name`` (matched exact, then as a prefix, then contained, then
all its words; ``match`` forces one of ``exact|prefix|contains|words``), ``role`` (one or a list), ``type`` (the
input type observe shows), ``unnamed: true`` (only elements without a name, e.g. icons), ``nth`` (1-based among
the matches, in the observation's order) and ``pick`` (``min_number`` / ``max_number``: the match whose name has the
smallest / largest number, e.g. a price; looked for among all the page's elements, not only the observed ones).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

MATCH_LEVELS = ("exact", "prefix", "contains", "words")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w .-]*?)(?:\|([a-z_][a-z0-9_]*))?\}")
NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
ROLE_FAMILIES = {"textbox": {"textbox", "searchbox"}, "button": {"button"}}


class TemplateError(ValueError):
    """A placeholder names a field the task does not have."""


def norm(text: object) -> str:
    return " ".join(unicodedata.normalize("NFKC", str(text or "")).split()).casefold()


def as_target(value: Any) -> dict[str, Any]:
    if isinstance(value, Mapping):
        return dict(value)
    return {"name": str(value)}


def describe(target: Mapping[str, Any]) -> str:
    """How a person would say it: 'the 2nd textbox named like "Email"'."""
    parts = []
    if target.get("nth"):
        parts.append(f"#{target['nth']}")
    role = target.get("role")
    parts.append("/".join(role) if isinstance(role, list) else str(role or "element"))
    if target.get("type"):
        parts.append(f"(type {target['type']})")
    if target.get("unnamed"):
        parts.append("without a name")
    elif target.get("name") not in (None, ""):
        parts.append(f"named like {target['name']!r}")
    if target.get("pick"):
        parts.append(f"with the {str(target['pick']).replace('_', ' ')}")
    return " ".join(parts)


def _roles(target: Mapping[str, Any]) -> set[str]:
    role = target.get("role")
    if not role:
        return set()
    names = role if isinstance(role, list) else [role]
    return {r for name in names for r in ROLE_FAMILIES.get(str(name), {str(name)})}


def _by_name(candidates: list[dict[str, Any]], name: str, level: str | None) -> list[dict[str, Any]]:
    wanted = norm(name)
    words = wanted.split()
    tests = {
        "exact": lambda n: n == wanted,
        "prefix": lambda n: n.startswith(wanted),
        "contains": lambda n: wanted in n,
        "words": lambda n: all(w in n for w in words),
    }
    for key in (level,) if level else MATCH_LEVELS:
        hits = [e for e in candidates if tests[key](norm(e.get("name")))]
        if hits:
            return hits
    return []


def first_number(text: object) -> float | None:
    found = NUMBER.search(str(text or ""))
    return float(found.group(0).replace(",", "")) if found else None


def resolve(target: Mapping[str, Any], elements: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The element of an observation that ``target`` describes, or ``None``."""
    roles = _roles(target)
    candidates = [e for e in elements if isinstance(e, dict) and e.get("id")]
    if roles:
        candidates = [e for e in candidates if e.get("role") in roles]
    if target.get("type"):
        candidates = [e for e in candidates if e.get("type") == target["type"]]
    name = target.get("name")
    if target.get("unnamed"):
        candidates = [e for e in candidates if not norm(e.get("name"))]
    elif name not in (None, ""):
        candidates = _by_name(candidates, str(name), target.get("match"))
    pick = target.get("pick")
    if pick in ("min_number", "max_number"):
        numbered = [(n, e) for e in candidates if (n := first_number(e.get("name"))) is not None]
        if not numbered:
            return None
        chooser = min if pick == "min_number" else max
        return chooser(numbered, key=lambda pair: pair[0])[1]
    nth = int(target.get("nth") or 1)
    return candidates[nth - 1] if 0 < nth <= len(candidates) else None


# ---------------------------------------------------------------------- templates
def _iso_date(text: str) -> str:
    """mm/dd/yyyy → yyyy-mm-dd (what a date input takes)."""
    month, day, year = (int(p) for p in text.strip().split("/"))
    return f"{year:04d}-{month:02d}-{day:02d}"


def _time24(text: str) -> str:
    """'2:44 PM' / '2:44PM' → '14:44' (what a time input takes)."""
    t = text.strip().upper().replace(" ", "")
    hours, minutes = t.rstrip("APM").split(":")
    h = int(hours) % 12 + (12 if t.endswith("PM") else 0)
    return f"{h:02d}:{int(minutes):02d}"


FILTERS: dict[str, Callable[[str], str]] = {
    "iso_date": _iso_date,
    "time24": _time24,
    "lower": str.lower,
    "upper": str.upper,
    "strip": str.strip,
    "title": str.title,
}


def fill(value: Any, fields: Mapping[str, Any], *, keep: frozenset[str] = frozenset()) -> Any:
    """``value`` with ``{field}`` / ``{field|filter}`` placeholders replaced from ``fields`` (recursively through
    lists and mappings). Placeholders named in ``keep`` stay for later (e.g. ``{answer}``, known at run time)."""
    if isinstance(value, str):
        whole = PLACEHOLDER.fullmatch(value)
        if whole and whole.group(2) == "split":  # "{target|split}" → a list ("China, Liberia" → 2 values)
            return [part.strip() for part in str(_field(whole.group(1), fields)).split(",") if part.strip()]
        return PLACEHOLDER.sub(lambda m: _replace(m, fields, keep), value)
    if isinstance(value, list):
        return [fill(v, fields, keep=keep) for v in value]
    if isinstance(value, Mapping):
        return {k: fill(v, fields, keep=keep) for k, v in value.items()}
    return value


def _field(name: str, fields: Mapping[str, Any]) -> Any:
    if name not in fields:
        raise TemplateError(f"no field {name!r} (known: {', '.join(sorted(fields)) or 'none'})")
    return fields[name]


def _replace(match: re.Match[str], fields: Mapping[str, Any], keep: frozenset[str]) -> str:
    name, flt = match.group(1), match.group(2)
    if name in keep:
        return match.group(0)
    text = str(_field(name, fields))
    if flt:
        if flt not in FILTERS:
            raise TemplateError(f"unknown filter {flt!r} (known: {', '.join(sorted(FILTERS))}, split)")
        text = FILTERS[flt](text)
    return text

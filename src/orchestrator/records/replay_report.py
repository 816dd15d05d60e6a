"""A replay's steps on the run report's page (issue 23): the helpers ``templates/replay.html.j2`` uses to show each
step as recorded beside what happened now, and a divergence column: which parts of the recorded fingerprint matched
and which differed (what they were, what they are now), the post-condition met or not, and where the replay
stopped, why, with the candidates the page offered (each with the parts in which it differs from the recording).

The record (``replay.json``, ``browser_core.act.flow_journal``) holds arguments as templates and secrets by name;
like every other section, its text is redacted and escaped (by the template).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from orchestrator.records.html_text import compact

# The fingerprint's parts as a person reads them (the record's own keys in parentheses where they differ).
PART_NAMES = {"frame": "frame", "role": "role", "name": "name", "population": "count", "row": "context (row)",
              "ordinal": "position", "box": "box", "label": "label", "column": "column", "heading": "heading",
              "landmark": "landmark", "dialog": "dialog"}
ANCHORS = ("row", "label", "column", "heading", "landmark", "dialog")
DETAILS = ("expected", "url", "title", "value", "confirm_error")
Record = Mapping[str, object]


def part(key: str) -> str:
    return PART_NAMES.get(key, key)


def argument_text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def held_text(summary: object) -> str:
    if not isinstance(summary, Mapping):
        return ""
    return str(summary.get("action") or summary.get("effect") or compact(dict(summary)))


def differed_text(differed: Record) -> str:
    return "; ".join(f"{part(k)} (recorded {compact(v.get('recorded'))}, now {compact(v.get('now'))})"
                     for k, v in differed.items() if isinstance(v, Mapping))


def stop_of(record: Record, now: Record) -> dict[str, object] | None:
    """Where the replay stopped, with its status, for the step it stopped at (else None)."""
    found = record.get("stopped")
    return dict(found, status=record.get("status")) if now.get("stopped") and isinstance(found, Mapping) else None


def stop_details(stop: Record) -> dict[str, object]:
    return {k: stop[k] for k in DETAILS if stop.get(k) not in (None, "")}


def anchors_of(fp: Record) -> Record:
    found = fp.get("anchors")
    return found if isinstance(found, Mapping) else {}


def fingerprint_anchors(fp: Record) -> list[tuple[str, object]]:
    anchors = anchors_of(fp)
    return [(part(k), anchors[k]) for k in ANCHORS if anchors.get(k)]


def candidate_where(c: Record) -> list[tuple[str, object]]:
    return [(part(k), c[k]) for k in ANCHORS if c.get(k)]


def candidate_differs(c: Record, fp: Record) -> str:
    """The parts in which a candidate differs from the recorded fingerprint, as a person reads them."""
    anchors = anchors_of(fp)
    differs = [k for k in ("role", "name") if c.get(k) != fp.get(k)]
    differs += [k for k in ANCHORS if str(c.get(k) or "") != str(anchors.get(k) or "")]
    box, recorded_box = c.get("box"), fp.get("box")
    if recorded_box and list(box if isinstance(box, list) else []) != list(
            recorded_box if isinstance(recorded_box, list) else []):
        differs.append("box")
    return ", ".join(part(k) for k in differs) or "nothing recorded (only its place tells it apart)"


FILTERS: dict[str, Callable[..., object]] = {
    "part": part, "argument_text": argument_text, "held_text": held_text, "differed_text": differed_text,
    "stop_of": stop_of, "stop_details": stop_details, "fingerprint_anchors": fingerprint_anchors,
    "candidate_where": candidate_where, "candidate_differs": candidate_differs,
}

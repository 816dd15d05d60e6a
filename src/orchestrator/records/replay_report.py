"""A replay's steps on the run report's page (issue 23): each step as recorded beside what happened now, the page
after it, and a divergence column: which parts of the recorded fingerprint matched and which differed (what they
were, what they are now), the post-condition met or not, and where the replay stopped, why, with the candidates
the page offered (each with the parts in which it differs from the recording).

The record (``replay.json``, ``browser_core.act.flow_journal``) holds arguments as templates and secrets by name;
like every other section, its text is redacted and escaped here.
"""

from __future__ import annotations

import json
from typing import Any

from orchestrator.records.html_text import ImageInliner, badge, compact, t
from orchestrator.records.run_folder import RunView

# The fingerprint's parts as a person reads them (the record's own keys in parentheses where they differ).
PART_NAMES = {"frame": "frame", "role": "role", "name": "name", "population": "count", "row": "context (row)",
              "ordinal": "position", "box": "box", "label": "label", "column": "column", "heading": "heading",
              "landmark": "landmark", "dialog": "dialog"}
ANCHORS = ("row", "label", "column", "heading", "landmark", "dialog")
DETAILS = ("expected", "url", "title", "value", "confirm_error")


def part(key: str) -> str:
    return PART_NAMES.get(key, key)


def replay_steps(view: RunView, images: ImageInliner) -> str:
    """The replayed steps: step, recorded, now, divergence, the page after."""
    record = view.replay or {}
    rows = [step_row(view, record, s, images) for s in record.get("steps") or [] if isinstance(s, dict)]
    lead = (f"<p>Flow <b>{t(record.get('flow'))}</b>: {t(record.get('steps_done', 0))} of "
            f"{t(record.get('steps_total', 0))} steps replayed, {t(record.get('model_requests', 0))} model requests, "
            f"{float(record.get('duration_s') or 0):.1f} s.{params(record)}</p>")
    cols = ('<colgroup><col class="at"><col><col class="out"><col class="div"><col class="pic"></colgroup>')
    head = ("<tr><th>step</th><th>recorded</th><th>now</th><th>divergence</th><th>page after</th></tr>")
    return lead + (f'<table class="timeline replay">{cols}{head}{"".join(rows)}</table>' if rows else "")


def params(record: dict[str, Any]) -> str:
    given = record.get("params") or {}
    return f" Parameters: <code>{t(compact(given), 600)}</code>." if given else ""


def step_row(view: RunView, record: dict[str, Any], s: dict[str, Any], images: ImageInliner) -> str:
    now = s.get("now") or {}
    recorded = s.get("recorded") or {}
    thumb = now.get("thumbnail")
    picture = images.img(view.dir / "screenshots" / str(thumb), f"the page after step {s.get('step')}") \
        if thumb else ""
    found = record.get("stopped")
    stop = dict(found, status=record.get("status")) if now.get("stopped") and isinstance(found, dict) else None
    return (f'<tr class="step" data-step="{t(s.get("step"))}"><td>{t(s.get("step"))}</td>'
            f"<td>{what(recorded)}</td><td>{outcome(now, stop)}</td>"
            f'<td class="divergence">{divergence(recorded, now, stop)}</td><td>{picture}</td></tr>')


def what(recorded: dict[str, Any]) -> str:
    """The step as recorded: action, target, arguments (templates; a secret by its name)."""
    out = f"<b>{t(recorded.get('action'))}</b>"
    target = recorded.get("target")
    if isinstance(target, dict):
        out += f" {target_text(target)}"
    for field in recorded.get("fields") or []:
        found = field.get("target") if isinstance(field, dict) else None
        if isinstance(found, dict):
            out += f"<br>· {target_text(found)} ← {argument(field.get('args', {}).get('value'))}"
    args = recorded.get("args") or {}
    shown = " ".join(f"{t(k)}={argument(v)}" for k, v in args.items() if v not in (None, "", [], {}))
    return out + (f"<br><span class=muted>{shown}</span>" if shown else "") + \
        ("<br><span class=muted>held for the human when recorded</span>" if recorded.get("held") else "")


def argument(value: Any) -> str:
    if isinstance(value, dict) and "secret" in value:
        return f"<code>(secret {t(value['secret'])})</code>"
    return t(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str), 300)


def target_text(fp: dict[str, Any]) -> str:
    anchors = fp.get("anchors") or {}
    row = f" in <i>{t(anchors.get('row'), 200)}</i>" if anchors.get("row") else ""
    return f"{t(fp.get('role'))} “{t(fp.get('name'), 200)}”{row}"


def outcome(now: dict[str, Any], stop: dict[str, Any] | None) -> str:
    took = f" <span class=muted>{int(now.get('duration_ms') or 0)} ms</span>"
    if stop is not None:
        status = str(stop.get("status") or "stopped")
        out = badge(False, status) + took
    else:
        out = badge(True, "ok") + took
    if now.get("asked"):
        answer = str(now.get("answer") or "not answered")
        out += (f"<br>held: {t(held_text(now.get('held')), 300)}<br>the human's answer: "
                f"{badge(answer == 'yes', answer)}")
    return out


def held_text(summary: Any) -> str:
    if not isinstance(summary, dict):
        return ""
    return str(summary.get("action") or summary.get("effect") or compact(summary))


def divergence(recorded: dict[str, Any], now: dict[str, Any], stop: dict[str, Any] | None) -> str:
    lines: list[str] = []
    matched = now.get("matched")
    if matched:
        lines.append(f'<span class="ok">matched:</span> {t(", ".join(part(p) for p in matched))}')
    differed = now.get("differed") or {}
    if differed:
        said = "; ".join(f"{part(k)} (recorded {compact(v.get('recorded'))}, now {compact(v.get('now'))})"
                         for k, v in differed.items() if isinstance(v, dict))
        lines.append(f'<span class="bad">differed:</span> {t(said)}')
    elif matched:
        lines.append('<span class="muted">differed: nothing</span>')
    if not matched and not recorded.get("target") and not recorded.get("fields"):
        lines.append('<span class="muted">no target to match</span>')
    post = now.get("post")
    if isinstance(post, dict) and post.get("met") is None:
        lines.append(f"post-condition not checked <span class=muted>({t(post.get('note'))})</span>")
    elif isinstance(post, dict):
        checked = ", ".join(map(str, post.get("checked") or [])) or "nothing to compare"
        met = bool(post.get("met"))
        lines.append(f"post-condition {badge(met, 'met' if met else 'not met')} <span class=muted>({t(checked)})"
                     "</span>")
    if stop is not None:
        lines.append(stopped(stop))
    return "<br>".join(lines)


def stopped(stop: dict[str, Any]) -> str:
    out = f'<b class="bad">Stopped:</b> <span class="reason">{t(stop.get("reason"), 600)}</span>'
    shown = {k: stop[k] for k in DETAILS if stop.get(k) not in (None, "")}
    if shown:
        out += f"<br><span class=muted>{t(compact(shown), 600)}</span>"
    error = stop.get("error")
    if isinstance(error, dict):
        out += f"<br>{t(error.get('code'))} <span class=muted>{t(error.get('category'))}</span> " \
               f"{t(error.get('message'), 400)}" + (f"<br><b>Hint:</b> {t(error.get('hint'), 400)}"
                                                    if error.get("hint") else "")
    found = stop.get("fingerprint")
    fp: dict[str, Any] = found if isinstance(found, dict) else {}
    if fp:
        out += f"<br><span class=muted>recorded:</span> {fingerprint_text(fp)}"
    candidates = [c for c in stop.get("candidates") or [] if isinstance(c, dict)]
    if "candidates" in stop:
        out += f"<br><b>Candidates</b> ({len(candidates)}):"
        out += "<ol class=candidates>" + "".join(candidate(c, fp) for c in candidates) + "</ol>" \
            if candidates else " none on the page."
    return out


def fingerprint_text(fp: dict[str, Any]) -> str:
    """The recorded target in full: role, name, its anchors, how many shared its role, name and row, its box."""
    anchors = fp.get("anchors") or {}
    where = "".join(f", {part(k)} “{t(anchors.get(k), 120)}”" for k in ANCHORS if anchors.get(k))
    where = where if anchors.get("row") else ", no context (row)" + where
    return (f"{t(fp.get('role'))} “{t(fp.get('name'), 200)}”{where}, count {t(fp.get('population'))} "
            f"<span class=muted>box {t(compact(fp.get('box')))}</span>")


def candidate(c: dict[str, Any], fp: dict[str, Any]) -> str:
    anchors = fp.get("anchors") or {}
    differs = [k for k in ("role", "name") if c.get(k) != fp.get(k)]
    differs += [k for k in ANCHORS if str(c.get(k) or "") != str(anchors.get(k) or "")]
    if fp.get("box") and list(c.get("box") or []) != list(fp.get("box") or []):
        differs.append("box")
    where = ", ".join(f"{part(k)} “{t(c.get(k), 120)}”" for k in ANCHORS if c.get(k))
    said = ", ".join(part(k) for k in differs) or "nothing recorded (only its place tells it apart)"
    return (f"<li>{t(c.get('role'))} “{t(c.get('name'), 200)}”{' · ' + where if where else ''} "
            f"<span class=muted>box {t(compact(c.get('box')))}</span><br>"
            f"<span class=muted>differs from the recording in:</span> {t(said)}</li>")


def replay_failures(view: RunView) -> str:
    """Where the replay stopped, as a failure row (with its error category and hint when a tool failed)."""
    record = view.replay or {}
    stop = record.get("stopped")
    if not isinstance(stop, dict) or record.get("status") in ("held", "done"):
        return ""
    found = stop.get("error")
    error: dict[str, Any] = found if isinstance(found, dict) else {}
    hint = f"<br><b>Hint:</b> {t(error.get('hint'), 500)}" if error.get("hint") else ""
    return (f"<table><tr><th>step</th><th>action</th><th>error</th><th>category</th><th>reason and hint</th></tr>"
            f"<tr><td>{t(stop.get('step'))}</td><td>{t(stop.get('action'))}</td>"
            f"<td>{t(error.get('code') or record.get('status') or 'stopped')}</td><td>{t(error.get('category'))}</td>"
            f"<td>{t(stop.get('reason'), 500)}{hint}</td></tr></table>")

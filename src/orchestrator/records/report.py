"""``report.html``: one run, on one page a person can open offline (issue 23, part 2).

The task and its result; a timeline of delegations, plans, steps and browser calls, each page-changing call with a
thumbnail of the page after it, what changed and its duration; the confirmation holds with the human's answers;
the questions asked; the verdict with its evidence; requests, tokens and dollars per agent; the failures with
their error category and hint.

Self-contained: the images are inlined (``data:`` URIs), there is no script, and a Content-Security-Policy lets
the page load nothing else. Everything the run record holds is data: page text included, it is escaped (and
passed through the redaction again) before it is written, so a page title with ``<script>`` renders as text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from orchestrator.records.html_text import ImageInliner, badge, compact, t
from orchestrator.records.replay_report import replay_failures, replay_steps
from orchestrator.records.run_folder import Call, RunView, load_run

REPORT = "report.html"
HELD = frozenset({"requires_confirmation"})  # a hold for the human, not a failure (the holds section shows it)
FILES = "summary.json, plans.json, events.jsonl, tool_calls.jsonl, transcript.jsonl, screenshots/"
FILES_REPLAY = "summary.json, replay.json (each step as recorded and as replayed), events.jsonl, screenshots/"
CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
STYLE = """body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:16px;color:#1d1d1f}
h1{font-size:20px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;width:100%;table-layout:fixed}td,th{border-bottom:1px solid #eee;padding:4px 6px;
text-align:left;vertical-align:top;overflow-wrap:anywhere}table.timeline col.at{width:64px}
table.timeline col.who{width:100px}table.timeline col.out{width:26%}table.timeline col.pic{width:270px}
img.thumb:hover{transform:scale(2.6);transform-origin:right top;position:relative;z-index:2;background:#fff}
div.gallery{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}th{background:#f6f6f6}.ok{color:#11772b}.bad{color:#b3261e}.muted{color:#666}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;background:#eee}.badge.ok{background:#dcf3e2}
.badge.bad{background:#fbe0de}img.thumb{max-width:260px;max-height:170px;border:1px solid #ccc}
pre{white-space:pre-wrap;word-break:break-word;background:#f8f8f8;padding:6px;margin:4px 0;max-height:320px;
overflow:auto}tr.event td{background:#fbfaf4}code{background:#f3f3f3;padding:0 3px}
table.replay col.out{width:17%}table.replay col.div{width:30%}ol.candidates{margin:2px 0;padding-left:20px}"""


def render(view: RunView) -> str:
    images = ImageInliner(view.dir)
    summary = view.summary
    name = view.dir.name
    kind = "Replay" if view.replay is not None else "Run"
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>{kind} {t(name)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{kind} {t(name)}</h1>", header(summary), trace_links(view.dir),
        section("Tasks", tasks(summary)),
        section("Replayed steps", replay_steps(view, images)) if view.replay is not None
        else section("Timeline", timeline(view, images)),
        section("Confirmation holds and hand-offs", holds(view)),
        section("Questions", questions(view)),
        section("Requests, tokens and cost per agent", usage(view)),
        section("Failures", replay_failures(view) + failures(view)),
        section("Other screenshots", gallery(view, images)),
        f'<p class="muted">Files: {FILES_REPLAY if view.replay is not None else FILES}.</p></body></html>',
    ]
    return "\n".join(p for p in parts if p)


def trace_links(folder: Path) -> str:
    """The Playwright traces of the run (``BROWSER_TRACE=true``), linked: ``playwright show-trace`` opens them."""
    traces = sorted((p.name for p in folder.glob("trace*.zip") if p.is_file()), key=lambda n: (len(n), n))
    if not traces:
        return ""
    links = ", ".join(f'<a href="{t(n)}" download>{t(n)}</a>' for n in traces)
    return (f'<p class="trace">Playwright trace: {links} (open it with <code>playwright show-trace '
            f"{t(traces[0])}</code>, or at trace.playwright.dev).</p>")


def section(title: str, body: str) -> str:
    return f'<section><h2>{t(title)}</h2>{body or "<p class=muted>None.</p>"}</section>'


def header(s: dict[str, Any]) -> str:
    status = str(s.get("status") or "unknown")
    rows = [
        ("Status", badge(status == "done", status) + (f" {t(s.get('reason'))}" if s.get("reason") else "")),
        ("Started", t(s.get("started_at"))),
        ("Duration", f"{float(s.get('duration_s') or 0):.1f} s"),
        ("Steps / horizons / tool calls", f"{s.get('steps', 0)} / {s.get('horizons', 0)} / {s.get('tool_calls', 0)}"),
        ("Tokens", f"{int(s.get('input_tokens') or 0):,} in / {int(s.get('output_tokens') or 0):,} out"),
        ("Cost", f"${float(s.get('cost_usd') or 0):.4f}"),
        ("Session", f"<code>{t(s.get('session_id'))}</code>" if s.get("session_id") else "none"),
    ]
    return "<table>" + "".join(f"<tr><th>{t(k)}</th><td>{v}</td></tr>" for k, v in rows) + "</table>"


def tasks(s: dict[str, Any]) -> str:
    out = []
    for n, task in enumerate(s.get("tasks") or [], 1):
        status = str(task.get("status") or "")
        lines = [f"<h3>Task {n}: {t(task.get('task'))}</h3>",
                 f"<p>{badge(status == 'done', status)} {t(task.get('reason'))} "
                 f"<span class=muted>{float(task.get('duration_s') or 0):.1f} s, {task.get('steps', 0)} steps"
                 f"</span></p>"]
        if task.get("result"):
            lines.append(f"<p><b>Result:</b></p><pre>{t(task.get('result'), 4000)}</pre>")
        verdict = task.get("verdict")
        if isinstance(verdict, dict):
            done = bool(verdict.get("done"))
            lines.append(f"<p><b>Verdict:</b> {badge(done, 'done' if done else 'not done')}</p>"
                         f"<p>Evidence:</p><pre>{t(verdict.get('evidence'), 4000)}</pre>")
            if verdict.get("next_step"):
                lines.append(f"<p>Next step: {t(verdict.get('next_step'))}</p>")
        out.append("".join(lines))
    return "".join(out)


def clock(view: RunView, at: float) -> str:
    return f"{max(0.0, at - view.started):.1f} s" if view.started else ""


def timeline(view: RunView, images: ImageInliner) -> str:
    rows: list[tuple[float, int, str]] = []
    for order, event in enumerate(view.events):
        row = event_row(event)
        if row:
            rows.append((float(event["at"]), order, f'<tr class="event"><td>{clock(view, event["at"])}</td>{row}</tr>'))
    for order, call in enumerate(view.calls):
        rows.append((call.at, len(view.events) + order, call_row(view, call, images)))
    rows.sort(key=lambda r: (r[0], r[1]))
    cols = '<colgroup><col class="at"><col class="who"><col><col class="out"><col class="pic"></colgroup>'
    head = "<tr><th>at</th><th>who</th><th>what</th><th>outcome</th><th>page after</th></tr>"
    return f'<table class="timeline">{cols}{head}{"".join(r for _, _, r in rows)}</table>' if rows else ""


def event_row(e: dict[str, Any]) -> str:
    kind = str(e.get("event"))
    if kind in ("handoff", "handoff_result", "stuck", "stop", "report", "backoff"):
        detail = {k: v for k, v in e.items() if k not in ("event", "t", "at", "raw")}
        return f"<td>orchestrator</td><td colspan=3><b>{t(kind)}</b>: {t(compact(detail), 600)}</td>"
    row = EVENT_ROWS.get(kind)
    return row(e) if row is not None else ""


def _task(e: dict[str, Any]) -> str:
    return f"<td>human</td><td colspan=3><b>Task:</b> {t(e.get('task') or e.get('text'))}</td>"


def _delegate(e: dict[str, Any]) -> str:
    if e.get("agent") != "planner":  # a subagent's delegation: its Agent call's own row says it
        return ""
    return f"<td>planner</td><td colspan=3>→ <b>{t(e.get('agent'))}</b>: {t(e.get('description'))}</td>"


def _plan(e: dict[str, Any]) -> str:
    plan = e.get("plan") or {}
    steps = "".join(f"<li>{t(s.get('agent'))}: {t(s.get('action'))}</li>" for s in plan.get("steps") or [])
    return f"<td>planner</td><td colspan=3><b>Plan</b> (horizon {t(plan.get('horizon'))})<ol>{steps}</ol></td>"


def _step(e: dict[str, Any]) -> str:
    status = str(e.get("status") or "")
    return (f"<td>executor</td><td>Step {t(e.get('n'))}: {t(e.get('line'))}</td>"
            f"<td>{badge(status == 'ok', status)}</td><td></td>")


def _verdict(e: dict[str, Any]) -> str:
    v = e.get("verdict") or {}
    return (f"<td>validator</td><td><b>Verdict</b>: {t(v.get('evidence'), 600)}</td>"
            f"<td>{badge(bool(v.get('done')), 'done' if v.get('done') else 'not done')}</td><td></td>")


def _confirm(e: dict[str, Any]) -> str:
    allowed = bool(e.get("allowed"))
    return (f"<td>human</td><td><b>Hold</b>: {held(e)}</td>"
            f"<td>{badge(allowed, 'yes, go ahead' if allowed else 'no')}</td><td></td>")


def _question(e: dict[str, Any]) -> str:
    asked = " / ".join(map(str, e.get("questions") or []))
    return f"<td>planner</td><td colspan=3><b>Question</b>: {t(asked)}</td>"


def _answer(e: dict[str, Any]) -> str:
    return f"<td>human</td><td colspan=3><b>Answer</b>: {t(answer_text(e))}</td>"


EVENT_ROWS: dict[str, Callable[[dict[str, Any]], str]] = {
    "task": _task, "delegate": _delegate, "plan": _plan, "step": _step, "verdict": _verdict, "confirm": _confirm,
    "question": _question, "answer_result": _answer,
}


def answer_text(e: dict[str, Any]) -> str:
    found = e.get("result")
    answers = found.get("answers") if isinstance(found, dict) else None
    return " / ".join(map(str, answers.values())) if isinstance(answers, dict) else ""


def held(e: dict[str, Any]) -> str:
    found = e.get("summary")
    summary: dict[str, Any] = found if isinstance(found, dict) else {}
    text = summary.get("action") or summary.get("effect") or compact(summary) or e.get("reason")
    return t(text, 600)


def call_row(view: RunView, call: Call, images: ImageInliner) -> str:
    duration = call.raw.get("duration_ms")
    took = f" <span class=muted>{int(duration)} ms</span>" if isinstance(duration, int | float) else ""
    what = f"<b>{t(call.short)}</b> {t(compact(call.raw.get('input')), 300)}"
    if call.tool in ("Agent", "Task"):
        given = call.raw.get("input") or {}
        what = (f"→ <b>{t(given.get('subagent_type'))}</b>: {t(given.get('description'))}"
                f"<details><summary>prompt</summary><pre>{t(given.get('prompt'), 3000)}</pre></details>")
        outcome = (badge(call.ok, "reported" if call.ok else "failed") + took
                   + f"<details><summary>report</summary><pre>{t(call.raw.get('result'), 3000)}</pre></details>")
    elif call.ok:
        outcome = badge(True, "ok") + took + changed(call)
    else:
        err = call.error()
        outcome = (badge(False, err["code"] or "failed") + took
                   + (f" <span class=muted>{t(err['category'])}</span>" if err["category"] else "")
                   + (f"<br>{t(err['hint'], 400)}" if err["hint"] else ""))
    thumb = view.thumbnails.get(call.id)
    picture = images.img(thumb, f"the page after {call.short}") if thumb else ""
    return (f'<tr class="call" data-call="{t(call.id)}"><td>{clock(view, call.at)}</td><td>{t(call.agent)}</td>'
            f"<td>{what}</td><td>{outcome}</td><td>{picture}</td></tr>")


def changed(call: Call) -> str:
    """What a page-changing call reports it changed (navigation, title, elements that appeared or changed)."""
    data = call.envelope.data if call.envelope is not None else None
    if not isinstance(data, dict):
        return ""
    keys = ("navigated", "url", "title", "changes", "changed", "appeared", "dialogs", "downloads", "value")
    shown = {k: data[k] for k in keys if data.get(k) not in (None, "", [], {})}
    return f"<br><span class=muted>{t(compact(shown), 500)}</span>" if shown else ""


def holds(view: RunView) -> str:
    rows = []
    for e in view.events_of("confirm", "handoff", "handoff_result"):
        if e["event"] == "confirm":
            allowed = bool(e.get("allowed"))
            answer = badge(allowed, "yes" if allowed else "no") + f" {t(e.get('reason'), 300)}"
            rows.append(f"<tr><td>{clock(view, e['at'])}</td><td>confirmation</td><td>{held(e)}</td>"
                        f"<td>{answer}</td></tr>")
        elif e["event"] == "handoff":
            rows.append(f"<tr><td>{clock(view, e['at'])}</td><td>hand-off</td><td>{t(e.get('message'), 600)}</td>"
                        "<td></td></tr>")
        else:
            done = bool(e.get("done"))
            rows.append(f"<tr><td>{clock(view, e['at'])}</td><td>hand-off result</td><td></td>"
                        f"<td>{badge(done, 'done by the human' if done else 'refused or timed out')}</td></tr>")
    head = "<tr><th>at</th><th>kind</th><th>what was held</th><th>the human's answer</th></tr>"
    return f"<table>{head}{''.join(rows)}</table>" if rows else ""


def questions(view: RunView) -> str:
    rows = []
    for e in view.events_of("question", "answer_result"):
        if e["event"] == "question":
            rows.append(f"<tr><td>{clock(view, e['at'])}</td><td>question</td>"
                        f"<td>{t(' / '.join(map(str, e.get('questions') or [])))}</td><td></td></tr>")
        else:
            result = e.get("result") or {}
            source = result.get("source") or result.get("model_used") or ""
            rows.append(f"<tr><td>{clock(view, e['at'])}</td><td>answer</td><td>{t(answer_text(e))}</td>"
                        f"<td class=muted>{t(source)}</td></tr>")
    head = "<tr><th>at</th><th></th><th>text</th><th>answered by</th></tr>"
    return f"<table>{head}{''.join(rows)}</table>" if rows else ""


def usage(view: RunView) -> str:
    rows = [f"<tr><td>{t(agent)}</td><td>{u.requests}</td><td>{u.input_tokens:,}</td><td>{u.output_tokens:,}</td>"
            f"<td>${u.usd:.4f}</td></tr>" for agent, u in sorted(view.usage.items())]
    total = float(view.summary.get("cost_usd") or 0)
    head = ("<tr><th>agent</th><th>requests</th><th>input tokens</th><th>output tokens</th>"
            "<th>USD (list prices)</th></tr>")
    note = f"<p class=muted>The run's own cost figure: ${total:.4f}.</p>"
    return f"<table>{head}{''.join(rows)}</table>{note}" if rows else note


def failures(view: RunView) -> str:
    rows = []
    for call in view.calls:
        if call.ok or call.tool in ("Agent", "Task") or call.raw.get("error_code") in HELD:
            continue
        err = call.error()
        rows.append(f"<tr><td>{clock(view, call.at)}</td><td>{t(call.agent)}</td><td>{t(call.short)}</td>"
                    f"<td>{t(err['code'])}</td><td>{t(err['category'])}</td>"
                    f"<td>{t(err['message'], 500)}{'<br><b>Hint:</b> ' + t(err['hint'], 500) if err['hint'] else ''}"
                    "</td></tr>")
    head = "<tr><th>at</th><th>agent</th><th>tool</th><th>error</th><th>category</th><th>message and hint</th></tr>"
    return f"<table>{head}{''.join(rows)}</table>" if rows else ""


def gallery(view: RunView, images: ImageInliner) -> str:
    cells = [f"<figure>{images.img(s.path, s.label)}<figcaption>{clock(view, s.at)} · {t(s.label)}"
             f"</figcaption></figure>" for s in view.shots]
    return '<div class="gallery">' + "".join(cells) + "</div>" if cells else ""


def write_report(folder: Path) -> Path:
    """Write ``report.html`` into the run folder (again, if it is there) and return its path."""
    path = folder / REPORT
    path.write_text(render(load_run(folder)), "utf-8")
    return path


def newest_run(root: Path) -> Path | None:
    """The newest run folder under ``root`` (folder names start with their time)."""
    runs: Iterable[Path] = (p for p in root.iterdir() if p.is_dir() and (p / "summary.json").is_file()) \
        if root.is_dir() else ()
    return max(runs, key=lambda p: (p.name[:15], p.stat().st_mtime), default=None)

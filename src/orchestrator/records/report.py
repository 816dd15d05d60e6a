"""``report.html``: one run, on one page a person can open offline (issue 23, part 2).

The task and its result; a timeline of delegations, plans, steps and browser calls, each page-changing call with a
thumbnail of the page after it, what changed and its duration; the confirmation holds with the human's answers;
the questions asked; the verdict with its evidence; requests, tokens and dollars per agent; the failures with
their error category and hint.

Self-contained: the images are inlined (``data:`` URIs), there is no script, and a Content-Security-Policy lets
the page load nothing else. The page is ``templates/report.html.j2`` (Jinja2, autoescape on): everything the run
record holds is data, page text included, passed through the redaction again and escaped by the template, so a
page title with ``<script>`` renders as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from jinja2 import Environment, PackageLoader, Undefined

from orchestrator.records.html_text import MAX_TEXT, ImageInliner, clip, compact
from orchestrator.records.replay_report import FILTERS
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


def text(value: object, limit: int = MAX_TEXT) -> str:
    """The templates' ``t`` filter: record text redacted and clipped (autoescape then escapes it)."""
    return "" if isinstance(value, Undefined) else clip(value, limit)


def event_detail(e: Mapping[str, object]) -> str:
    return compact({k: v for k, v in e.items() if k not in ("event", "t", "at", "raw")})


def changed(call: Call) -> str:
    """What a page-changing call reports it changed (navigation, title, elements that appeared or changed)."""
    data = call.envelope.data if call.envelope is not None else None
    if not isinstance(data, dict):
        return ""
    keys = ("navigated", "url", "title", "changes", "changed", "appeared", "dialogs", "downloads", "value")
    return compact({k: data[k] for k in keys if data.get(k) not in (None, "", [], {})})


def answer_text(e: Mapping[str, object]) -> str:
    found = e.get("result")
    answers = found.get("answers") if isinstance(found, Mapping) else None
    return " / ".join(map(str, answers.values())) if isinstance(answers, Mapping) else ""


def held(e: Mapping[str, object]) -> str:
    found = e.get("summary")
    summary = found if isinstance(found, Mapping) else {}
    return clip(summary.get("action") or summary.get("effect") or compact(dict(summary)) or e.get("reason"), 600)


def environment() -> Environment:
    env = Environment(loader=PackageLoader("orchestrator.records", "templates"), autoescape=True,
                      trim_blocks=True, lstrip_blocks=True, undefined=Undefined)
    env.filters.update(FILTERS, t=text, compact=compact, changed=changed, event_detail=event_detail, bool=bool)
    return env


ENV = environment()


def timeline(view: RunView) -> list[tuple[str, object]]:
    """The orchestrator's events and the tool calls, in time order (an event first at the same instant)."""
    rows: list[tuple[float, int, str, object]] = [
        (float(str(e["at"])), n, "event", e) for n, e in enumerate(view.events)]
    rows += [(c.at, len(view.events) + n, "call", c) for n, c in enumerate(view.calls)]
    rows.sort(key=lambda r: (r[0], r[1]))
    return [(kind, item) for _, _, kind, item in rows]


def failed_calls(view: RunView) -> list[tuple[Call, dict[str, str]]]:
    return [(c, c.error()) for c in view.calls
            if not (c.ok or c.tool in ("Agent", "Task") or c.raw.error_code in HELD)]


def trace_names(folder: Path) -> list[str]:
    """The Playwright traces of the run (``BROWSER_TRACE=true``), linked: ``playwright show-trace`` opens them."""
    return sorted((p.name for p in folder.glob("trace*.zip") if p.is_file()), key=lambda n: (len(n), n))


def render(view: RunView) -> str:
    def clock(at: object) -> str:
        return f"{max(0.0, float(str(at)) - view.started):.1f} s" if view.started else ""

    return ENV.get_template("report.html.j2").render(
        view=view, images=ImageInliner(view.dir), csp=CSP, style=STYLE, traces=trace_names(view.dir),
        timeline=timeline(view), failed=failed_calls(view), clock=clock, held=held, answer_text=answer_text,
        files=FILES_REPLAY if view.replay is not None else FILES,
    )


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

"""The audit's ``report.html``: one self-contained page (no script, no outside resource). Every piece of page text
and every address is escaped (``html.escape``): what the audited app shows is data, never markup. Kept apart from
the command so it can move to a template as it is."""

from __future__ import annotations

import html
from collections import defaultdict

from browser_core.audit.findings import WHAT, AuditReport

CSP = "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; style-src 'unsafe-inline'\">"
STYLE = """body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1200px;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f4f4f4}
.ok{color:#176a1f;font-weight:600}.bad{color:#a11;font-weight:600}code{background:#f4f4f4;padding:0 3px}
td.n{text-align:right;font-variant-numeric:tabular-nums}small{color:#666}"""


def e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _summary(report: AuditReport) -> str:
    counts = report.counts()
    verdict = (
        f'<p class="ok">No violation on {len(report.pages)} observation(s).</p>'
        if not counts
        else f'<p class="bad">{report.total} distinct violation(s) on {len(report.pages)} observation(s).</p>'
    )
    rows = "".join(
        f"<tr><td>{e(kind)}</td><td>{e(WHAT[kind])}</td><td class=n>{n}</td></tr>" for kind, n in counts.items()
    )
    table = f"<table><tr><th>kind</th><th>what it means</th><th>distinct</th></tr>{rows}</table>" if rows else ""
    return (
        f"<p>Start: <code>{e(report.start_url)}</code> · {e(report.started)} · {report.duration_s} s · "
        f"budget {report.page_budget} page(s), {report.time_budget_s:g} s</p>{verdict}{table}"
    )


def _pages(report: AuditReport) -> str:
    rows = "".join(
        f"<tr><td><code>{e(p.url)}</code><br><small>{e(p.state)} · {e(p.title)}</small></td>"
        f"<td class=n>{p.elements}</td><td class=n>{p.rows}</td><td class=n>{p.held}</td>"
        f"<td class=n>{len(p.violations)}</td></tr>"
        for p in report.pages
    )
    return (
        "<h2>Observations</h2><table><tr><th>page</th><th>elements</th><th>rows</th><th>held controls</th>"
        f"<th>violations</th></tr>{rows}</table>"
    )


def _violations(report: AuditReport) -> str:
    by_kind = defaultdict(list)
    for v, times in report.unique():
        by_kind[v.kind].append((v, times))
    parts = []
    for kind, found in by_kind.items():
        rows = "".join(
            f"<tr><td><code>{e(v.page)}</code><br><small>{e(v.state)}</small></td><td>{e(v.element)}</td>"
            f"<td>{e(v.detail)}</td><td class=n>{times}</td></tr>"
            for v, times in found
        )
        parts.append(
            f"<h2>{e(kind)}: {e(WHAT[kind])} ({len(found)})</h2><table><tr><th>page</th><th>element</th>"
            f"<th>what is wrong</th><th>seen</th></tr>{rows}</table>"
        )
    return "".join(parts)


def _rest(report: AuditReport) -> str:
    out = ""
    if report.skipped:
        out += (
            "<h2>Not audited</h2><ul>"
            + "".join(f"<li><code>{e(s.url)}</code>: {e(s.reason)}</li>" for s in report.skipped)
            + "</ul>"
        )
    if report.failed:
        out += (
            "<h2>Failed (the crawl went on)</h2><ul>"
            + "".join(
                f"<li><code>{e(f.url)}</code> ({e(f.state)}): <code>{e(f.code)}</code> {e(f.message)}</li>"
                for f in report.failed
            )
            + "</ul>"
        )
    if report.notes:
        out += "<h2>Notes</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in report.notes) + "</ul>"
    return out


def _wall(report: AuditReport) -> str:
    if report.wall:
        return (f"<p><strong>Behind a login: {e(report.wall)}.</strong> The app itself was not audited; log in "
                "first (<code>--login-user</code> with <code>--login-secret</code>, or a logged-in "
                "<code>--profile-dir</code>).</p>")
    return f"<p>Signed in as {e(report.signed_in)}.</p>" if report.signed_in else ""


def render(report: AuditReport) -> str:
    return (
        f"<!doctype html><html lang=en><head><meta charset=utf-8>{CSP}<title>Agent-readiness audit: "
        f"{e(report.start_url)}</title><style>{STYLE}</style></head><body><h1>Agent-readiness audit</h1>"
        f"{_wall(report)}{_summary(report)}{_violations(report)}{_pages(report)}{_rest(report)}</body></html>"
    )

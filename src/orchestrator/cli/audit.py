"""``browser-agent audit URL``: how ready an app is for an agent. It crawls the app's pages (same-origin links,
breadth first, within a page and a time budget), opens the menus the gate would not hold, and checks on every
observation that controls have names of their own, rows are reachable and keyed apart, and every held action's
summary names a record the page shows. Nothing is submitted, confirmed or deleted; no model is needed.

It prints a table, writes ``audit.json`` and ``report.html`` into a run folder (``<run_dir>/audit-…``) and exits
0 without violations · 1 with violations (0 with ``--allow-violations``) · 4 when it cannot run, the sign-in
is refused, or the start address led to a sign-in form (a login wall: the app was not audited).
Logged-in apps: ``--login-user NAME --login-secret SECRET`` (the password from BROWSER_SECRET_<SECRET>, checked
against its origins), or a logged-in browser profile (``--profile-dir`` or BROWSER_USER_DATA_DIR).
"""

from __future__ import annotations

import argparse
import re
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

import anyio
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from browser_core.audit.crawl import AuditOptions, audit
from browser_core.audit.findings import AuditReport
from browser_core.audit.names import where
from browser_core.audit.signin import SignInFailed
from browser_core.envcheck import SettingsValueError, load_settings
from browser_core.errors import ToolFailure
from browser_core.logs import configure_logging
from browser_core.session.browser import BrowserSession
from browser_core.settings import BrowserSettings
from orchestrator.cli.audit_html import render
from orchestrator.settings import OrchestratorSettings

COMMAND = "audit"
LOG_IN = "--login-user NAME --login-secret SECRET, or --profile-dir of a logged-in profile"
SHOWN = 40  # violations printed; the report has them all


def parse(argv: list[str]) -> argparse.Namespace:
    about, more = __doc__.split("\n\n", 1)
    p = argparse.ArgumentParser(
        prog=f"browser-agent {COMMAND}",
        description=about,
        epilog=more,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("url", help="where to start (http or https); only pages of its origin are opened")
    p.add_argument("--pages", type=int, default=20, metavar="N", help="pages to audit at most (default 20)")
    p.add_argument("--time", type=float, default=120.0, metavar="SECONDS", help="time budget (default 120 s)")
    p.add_argument("--menus", type=int, default=3, metavar="N", help="popups opened per page (default 3; 0: none)")
    p.add_argument("--skip", metavar="REGEX", help="addresses never opened (a log-out, a heavy export)")
    p.add_argument("--allow-violations", action="store_true", help="exit 0 even when violations are found")
    p.add_argument("--headless", action="store_true", help="no browser window")
    p.add_argument("--profile-dir", type=Path, help="browser profile directory (logged-in state)")
    p.add_argument("--login-user", metavar="NAME", help="sign in first as NAME on the start page's sign-in form")
    p.add_argument("--login-secret", metavar="SECRET",
                   help="the name of the password's secret (BROWSER_SECRET_<SECRET>; never the password itself)")
    p.add_argument("--run-dir", type=Path, help="where the audit's folder goes (default: the settings' run_dir)")
    return p.parse_args(argv)


def _options(args: argparse.Namespace) -> AuditOptions:
    parts = urlsplit(args.url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"'{args.url}' is not an http(s) address")
    if args.pages < 1 or args.time <= 0 or args.menus < 0:
        raise ValueError("--pages must be at least 1, --time above 0 and --menus 0 or more")
    try:
        skip = re.compile(args.skip) if args.skip else None
    except re.error as exc:
        raise ValueError(f"--skip is not a regular expression: {exc}") from None
    if (args.login_user is None) != (args.login_secret is None):
        raise ValueError("--login-user and --login-secret go together")
    return AuditOptions(args.url, args.pages, args.time, args.menus, skip, args.login_user, args.login_secret)


def _folder(root: Path, url: str) -> Path:
    host = re.sub(r"[^A-Za-z0-9.-]+", "-", urlsplit(url).netloc) or "site"
    folder = root / f"audit-{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}-{host}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def _run(settings: BrowserSettings, options: AuditOptions) -> AuditReport:
    session = BrowserSession(settings)
    try:
        return await audit(session, options)
    finally:
        await session.close()


def print_login(console: Console, report: AuditReport) -> None:
    if report.signed_in:
        console.print(f"signed in as {escape(report.signed_in)}")
    if report.wall:
        console.print(f"[red bold]behind a login:[/] {escape(report.wall)}; log in first: {escape(LOG_IN)}")


def print_report(console: Console, report: AuditReport) -> None:
    pages = Table(title=f"Audit of {escape(report.start_url)}", title_justify="left")
    for column in ("page", "state", "elements", "rows", "held", "violations"):
        pages.add_column(column, justify="right" if column in ("elements", "rows", "held", "violations") else "left")
    for p in report.pages:
        pages.add_row(
            escape(where(p.url)),
            escape(p.state[:50]),
            str(p.elements),
            str(p.rows),
            str(p.held),
            str(len(p.violations)),
        )
    console.print(pages)
    unique = report.unique()
    if unique:
        found = Table(title=f"Violations ({len(unique)} distinct)", title_justify="left")
        for column in ("kind", "page", "element", "what is wrong", "seen"):
            found.add_column(column)
        for v, times in unique[:SHOWN]:
            found.add_row(v.kind, escape(where(v.page)), escape(v.element[:80]), escape(v.detail[:160]), str(times))
        console.print(found)
        if len(unique) > SHOWN:
            console.print(f"… and {len(unique) - SHOWN} more in the report")
    counts = report.counts()
    console.print(
        "[bold]"
        + ("no violations" if not counts else " · ".join(f"{k}: {n}" for k, n in counts.items()))
        + f"[/] — {len(report.pages)} observation(s), {report.duration_s} s"
    )
    print_login(console, report)
    for note in report.notes + [f"not audited: {s.url} ({s.reason})" for s in report.skipped]:
        console.print(f"[dim]{escape(note)}[/]")
    for f in report.failed:
        console.print(f"[yellow]failed:[/] {escape(where(f.url))} ({escape(f.state)}): {f.code}: {escape(f.message)}")


def main(argv: list[str], console: Console | None = None) -> int:
    console = console or Console(highlight=False)
    if not console.is_terminal:  # a log or a pipe: wide enough that a violation stays on a line or two
        console = Console(file=console.file, highlight=False, width=max(console.width, 180))
    args = parse(argv)
    try:
        options = _options(args)
        overrides = {"user_data_dir": args.profile_dir} if args.profile_dir else {}
        settings = load_settings(BrowserSettings, **overrides, **({"headless": True} if args.headless else {}))
        root = args.run_dir or load_settings(OrchestratorSettings).run_dir
    except (ValueError, SettingsValueError) as exc:
        console.print(f"[red]cannot start:[/] {escape(str(exc))}")
        return 4
    configure_logging("WARNING")  # stderr only; the console is the user's
    try:
        report = anyio.run(_run, settings, options)
    except (ToolFailure, SignInFailed) as exc:
        console.print(f"[red]cannot audit:[/] {escape(exc.message)}")
        return 4
    if not report.pages:
        console.print(f"[red]no page could be audited[/] from {escape(args.url)}")
        for s in report.skipped:
            console.print(f"  {escape(s.url)}: {escape(s.reason)}")
        for f in report.failed:
            console.print(f"  {escape(f.url)}: {f.code}: {escape(f.message)}")
        return 4
    folder = _folder(root, args.url)
    (folder / "audit.json").write_text(report.model_dump_json(indent=1), encoding="utf-8")
    (folder / "report.html").write_text(render(report), encoding="utf-8")
    print_report(console, report)
    console.print(f"report: {escape(str((folder / 'report.html').resolve()))}")
    if report.wall:
        return 4  # the app behind the sign-in form was not audited: not clean, and not its violations either
    return 1 if report.total and not args.allow_violations else 0

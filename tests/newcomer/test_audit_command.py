"""``browser-agent audit URL`` as a user types it: the table on stdout, audit.json and a self-contained, escaped
report.html in a run folder, exit 1 on violations (0 with --allow-violations), 4 on a bad address."""

from __future__ import annotations

import json
from pathlib import Path

from tests.fixtures.site_server import SiteServers
from tests.newcomer.commands import ORCHESTRATOR, run, user_env


def audit(site: SiteServers, tmp_path: Path, page: str, *extra: str) -> tuple[int, str, Path | None]:
    runs = tmp_path / "runs"
    done = run(
        [
            ORCHESTRATOR,
            "audit",
            site.url_a(page),
            "--pages",
            "2",
            "--time",
            "60",
            "--menus",
            "0",
            "--profile-dir",
            str(tmp_path / "profile"),
            "--run-dir",
            str(runs),
            *extra,
        ],
        user_env(tmp_path),
        tmp_path,
        timeout=180,
    )
    folders = sorted(runs.glob("audit-*")) if runs.exists() else []
    return done.code, done.both, folders[-1] if folders else None


def test_an_app_with_violations_exits_1_and_reports_each_with_its_page_and_element(
    site: SiteServers, tmp_path: Path
) -> None:
    code, out, folder = audit(site, tmp_path, "audit/products.html")
    assert code == 1, out
    assert "Violations" in out and "summary-names-nothing" in out and "button 'Delete'" in out, out
    assert folder is not None
    report = json.loads((folder / "audit.json").read_text())
    assert report["pages"][0]["url"] == site.url_a("audit/products.html")
    page = (folder / "report.html").read_text()
    assert "<img" not in page and "&lt;img src=x" in page, "page text reached the report as markup"
    assert "Content-Security-Policy" in page and "summary-names-nothing" in page


def test_a_clean_app_exits_0_and_allow_violations_exits_0(site: SiteServers, tmp_path: Path) -> None:
    code, out, _ = audit(site, tmp_path, "audit/clean.html", "--pages", "1")  # its own page only
    assert code == 0 and "no violations" in out, out
    code, out, _ = audit(site, tmp_path, "audit/products.html", "--allow-violations")
    assert code == 0 and "summary-names-nothing" in out, out


def test_a_bad_address_is_refused_before_a_browser_starts(site: SiteServers, tmp_path: Path) -> None:
    done = run([ORCHESTRATOR, "audit", "ftp://example.invalid/"], user_env(tmp_path), tmp_path)
    assert done.code == 4 and "is not an http(s) address" in done.both, done.both


def test_a_tab_the_page_swaps_is_a_failure_in_the_report_not_a_crash(site: SiteServers, tmp_path: Path) -> None:
    """Issue 29 (Dagster, check 12): the crawl's tab replaced while it opened a popup ended the command with a raw
    TargetClosedError traceback (exit 1, no report). Now the page's failure is a line of the report."""
    code, out, folder = audit(site, tmp_path, "audit/swap.html", "--menus", "3", "--allow-violations")
    assert code == 0 and "Traceback" not in out, out
    assert "failed:" in out and "page_changed" in out and "Graph view" in out, out
    assert folder is not None
    report = json.loads((folder / "audit.json").read_text())
    assert [f["code"] for f in report["failed"]] == ["page_changed"], report["failed"]
    assert "Failed (the crawl went on)" in (folder / "report.html").read_text()

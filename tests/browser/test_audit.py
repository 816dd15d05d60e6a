"""``audit``: the crawl stays on its origin, never follows a link the gate would hold, opens a declared menu and
checks the invariants on every observation (tests/fixtures/site/audit/, real Chromium in process)."""

from __future__ import annotations

from browser_core.audit.crawl import AuditOptions, audit
from browser_core.session import BrowserSession
from tests.fixtures.site_server import SiteServers


async def test_the_crawl_stays_safe_and_checks_every_observation(session: BrowserSession, site: SiteServers) -> None:
    report = await audit(session, AuditOptions(site.url_a("audit/index.html"), pages=4, time_s=120, menus=2))
    pages = {p.url for p in report.pages}
    assert site.url_a("audit/products.html") in pages and site.url_a("audit/clean.html") in pages, pages
    assert not any("gone.html" in u for u in pages), "a link that deletes on a GET was followed"
    assert not any("example.invalid" in u for u in pages), "a page of another origin was opened"
    assert len({p.url for p in report.pages}) <= 4
    opened = [p for p in report.pages if p.state != "page"]
    assert any("More actions" in p.state for p in opened), [p.state for p in report.pages]
    products = [v for v, _ in report.unique() if v.page == site.url_a("audit/products.html")]
    nameless = [v for v in products if v.kind in ("unnamed", "role-word-name", "class-name", "symbol-name")]
    assert any(v.element.startswith(("an unnamed button", "button")) for v in nameless), products
    assert any(v.kind == "summary-names-nothing" and "'Delete'" in v.element for v in products), products
    assert not [v for v, _ in report.unique() if v.page.startswith(site.url_a("audit/clean.html"))]
    start = [v for v, _ in report.unique() if v.page == site.url_a("audit/index.html")]
    assert [v.kind for v in start] == ["summary-names-nothing"], start  # the held link: judged, never followed


async def test_a_page_budget_of_one_audits_the_start_only(session: BrowserSession, site: SiteServers) -> None:
    report = await audit(session, AuditOptions(site.url_a("audit/clean.html"), pages=1, time_s=60, menus=0))
    assert [p.url for p in report.pages] == [site.url_a("audit/clean.html")]
    assert report.total == 0 and report.queued >= 1

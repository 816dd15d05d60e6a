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


async def test_a_tab_swapped_while_opening_a_popup_is_a_failure_of_that_page(
    session: BrowserSession, site: SiteServers
) -> None:
    """Dagster's job links (issue 29, check 12): an opener that only changes the address sends the crawl back to
    the page, whose later load navigates itself away, so navigate replaces the tab. The next opener's id was of the
    closed tab: the crawl stopped on a raw TargetClosedError. Now that page's failure is in the report, typed, and
    the crawl goes on."""
    report = await audit(session, AuditOptions(site.url_a("audit/swap.html"), pages=3, time_s=120, menus=3))
    assert report.pages[0].url == site.url_a("audit/swap.html") and report.pages[0].elements >= 3, report.pages
    failed = [(f.url, f.state, f.code) for f in report.failed]
    assert failed == [(site.url_a("audit/swap.html"), "opening button 'Graph view'", "page_changed")], failed
    assert site.url_a("audit/clean.html") in {p.url for p in report.pages}, "the crawl did not go on"


async def test_a_page_that_leaves_on_load_is_audited_in_the_fresh_tab(
    session: BrowserSession, site: SiteServers
) -> None:
    """navigate replaces a tab whose page navigated itself away and opens the address in a fresh one: the crawl
    observes that fresh tab (it observed the closed one: 0 elements, or a raw TargetClosedError at its opener)."""
    report = await audit(session, AuditOptions(site.url_a("audit/hop.html"), pages=2, time_s=120, menus=1))
    first = report.pages[0]
    assert (first.url, first.state) == (site.url_a("audit/hop.html"), "page") and first.elements >= 2, report.pages
    assert any("Warehouse actions" in p.state for p in report.pages), [p.state for p in report.pages]
    assert not report.failed, report.failed


async def test_rows_fetched_after_the_app_code_ran_are_observed(session: BrowserSession, site: SiteServers) -> None:
    """Dagster's run list (issue 29): the grid's frame showed, the app's code ran (a long task, no request, no
    change), then it fetched its rows: the network had rested and the document stood still across two reads, so
    the audit observed the header alone (0 rows). It now waits until nothing is in flight and the document has been
    unchanged while the page answered on time (``page/quiet.py``)."""
    report = await audit(session, AuditOptions(site.url_a("audit/late_rows.html"), pages=1, time_s=60, menus=0))
    first = report.pages[0]
    assert first.rows == 3 and first.elements >= 7, report.pages
    assert not [v for v, _ in report.unique()], report.unique()


async def test_record_identifiers_are_data_and_an_attribute_name_is_a_class_name(
    session: BrowserSession, site: SiteServers
) -> None:
    """Dagster's ``inbox_sensor`` link (issue 29): a record's identifier, the link's own text beside the hidden copy
    the app measures truncation with, was flagged as a class name (the whole text read twice did not equal the
    name). A name taken from an ``aria-label`` attribute (``btn_pause_sensor``) still is one."""
    report = await audit(session, AuditOptions(site.url_a("audit/records.html"), pages=1, time_s=60, menus=0))
    found = sorted((v.kind, v.element.split(" (")[0].split(" →")[0]) for v, _ in report.unique())
    assert found == [("class-name", "button 'btn_pause_sensor'")] * 2, found


async def test_a_prose_list_item_with_nothing_to_act_on_needs_no_reach(session: BrowserSession,
                                                                       site: SiteServers) -> None:
    """A manual's numbered steps (issue 29, phpMyAdmin's bundled manual: 51 of 54 violations): a step with a link in
    its text and a step without one look alike, but the plain step holds nothing an agent could act on. A file list
    whose focused row alone is a control (the others selected by a click handled on the list) is listed whole."""
    report = await audit(session, AuditOptions(site.url_a("audit/manual.html"), pages=1, time_s=60, menus=0))
    unreachable = [v for v, _ in report.unique() if v.kind == "row-unreachable"]
    assert not [v for v in unreachable if "balances" in v.element or "Unpack" in v.element], unreachable
    assert report.pages[0].rows >= 4, report.pages  # the steps are rows still: read, not reported


async def test_the_budget_is_spread_over_sections_and_one_page_is_audited_once(
    session: BrowserSession, site: SiteServers
) -> None:
    """phpMyAdmin's trial: a same-origin manual linked from the content took 6 of 8 pages, and '/' and '/index.php'
    were audited as two pages. The next page is from the section audited least (a path's folder), and an address
    that shows the very page audited under another is noted, not audited again."""
    start = site.url_a("audit/spread/start.html")
    report = await audit(session, AuditOptions(start, pages=6, time_s=120, menus=0))
    urls = [p.url for p in report.pages]
    assert len(urls) == 6 and sum("/spread/desk/" in u for u in urls) == 2, urls  # before: the 5 chapters first
    assert "?view=again" not in "".join(urls), urls
    assert any("shows the same page as" in n and "view=again" in n for n in report.notes), report.notes


async def test_a_toolbar_item_that_shows_nothing_needs_no_reach(session: BrowserSession, site: SiteServers) -> None:
    """A toolbar's items that show nothing (a gap, a copy of a tool hidden on wide screens: its words are there but
    not drawn) are no rows an agent must reach; the drawn tools are listed."""
    report = await audit(session, AuditOptions(site.url_a("toolbar_gaps.html"), pages=1, time_s=60, menus=0))
    assert [v for v, _ in report.unique() if v.kind in ("row-unreachable", "unnamed")] == [], report.unique()

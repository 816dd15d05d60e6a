"""An action's result names the page it went to: a form submitted by Enter navigates from a task queued after the key
press returned, so the page's own announcement (its submit event, the Navigation API's navigate event) is what
tells the action to wait for the new document; things that stay on the page announce nothing."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.read.changes import NAVIGATION_ANNOUNCED_JS, document_token
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe, text_of

pytestmark = pytest.mark.browser

# Each runs in the page in one task with the check that follows it, so no navigation can commit in between.
_AFTER = "([k, act]) => { eval(act); return (" + NAVIGATION_ANNOUNCED_JS + ")(k); }"
ANNOUNCES = {
    "a submitted form": "document.forms[0].requestSubmit()",
    "a followed link": "const a = document.createElement('a'); a.href = '?via=link'; document.body.append(a);"
                       " a.click()",
    "a script's location change": "location.href = '?via=script'",
}
STAYS = {
    "a form its page keeps": "document.getElementById('kept').requestSubmit()",
    "a form that opens a tab": "document.forms[1].requestSubmit()",
    "a fragment": "location.hash = 'found'",
    "a pushState route": "history.pushState({}, '', '?route=1')",
    "an intercepted navigation": "navigation.addEventListener('navigate', e => e.intercept(), {once: true});"
                                 " location.href = '?spa=1'",
}


@pytest.mark.parametrize("what", list(ANNOUNCES) + list(STAYS))
async def test_the_page_announces_a_cross_document_navigation_of_its_tab_and_nothing_else(
        session: BrowserSession, site, what: str) -> None:
    await goto(session, site.url_a("submit_nav.html"))
    page = await session.page()
    start = page.url
    await document_token(session, page)  # the mark's first read starts listening
    announced, _opens = await page.evaluate(_AFTER, [session.registry.key, ANNOUNCES.get(what) or STAYS[what]])
    assert announced is (what in ANNOUNCES)
    if announced:  # the navigation lands (the next test starts on a quiet tab)
        await page.wait_for_url(lambda url: url != start, timeout=10_000)
        await page.wait_for_load_state()
    for other in session.tabs():
        if other is not page:
            await other.close()


async def test_enter_on_a_slow_search_form_answers_with_the_results_page(session: BrowserSession, site) -> None:
    for number in ("A17", "B42"):
        await goto(session, site.url_a("submit_nav.html"))
        snap = await observe(session)
        await actions.type_text(session, text=number, element_id=find(snap, "Order number")["id"])
        result = await actions.press_key(session, key="Enter")  # the server answers after 600 ms
        assert result.get("navigated") and f"q={number}" in result["url"], result
        assert result["title"] == "Find an order – Fixture Shop"
        assert f"Results for {number}" in await text_of(session)


async def test_enter_on_a_form_its_page_keeps_does_not_navigate(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("submit_nav.html"))
    snap = await observe(session)
    await actions.type_text(session, text="shoes", element_id=find(snap, "Filter these rows")["id"])
    result = await actions.press_key(session, key="Enter")
    assert not result.get("navigated") and "url" not in result, result  # the page did not move: no URL said
    assert (await session.page()).url.endswith("submit_nav.html")
    assert "Filtered in place" in await text_of(session)


async def test_a_click_whose_server_answers_after_the_action_timeout_is_sent_once_and_lands(
        session: BrowserSession, site) -> None:
    """The click is done when the browser has dispatched it; the form's request (answered after 2.5 s, past the
    click's 0.8 s) is waited for by the action's own navigation wait, never sent a second time by a retry."""
    await goto(session, site.url_a("slow_submit.html"))
    page = await session.page()
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "done=1" in r.url else None)
    snap = await observe(session)
    result = await actions.click(session, element_id=find(snap, "Look up", "button")["id"], timeout_ms=800)
    assert result.get("navigated") and "done=1" in result["url"], result
    assert len(sent) == 1, sent
    assert "Parcel found" in await text_of(session)

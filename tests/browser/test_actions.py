"""Acting by id and by description on real pages; every test asserts what a user would see change."""

from __future__ import annotations

import time

import pytest

from browser_core.act import actions, navigation, scrolling
from browser_core.errors import (
    AmbiguousTarget,
    ClickIntercepted,
    ElementNotFound,
    InvalidInput,
    NavigationFailed,
    StaleElement,
    UrlNotAllowed,
)
from browser_core.read import content
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe, text_of

pytestmark = pytest.mark.browser


async def test_fill_and_submit_form_by_ids(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    snap = await observe(session)
    await actions.type_text(session, text="Ada Lovelace", element_id=find(snap, "Full name")["id"])
    await actions.select_option(session, values=["Japan"], element_id=find(snap, "Country")["id"])
    await actions.click(session, element_id=find(snap, "Pro", "radio")["id"])
    await actions.click(session, element_id=find(snap, "I agree to the terms")["id"])
    result = await actions.click(session, element_id=find(snap, "Register")["id"])
    assert result["element"]["name"] == "Register"
    assert "Registered: Ada Lovelace, Japan, plan Pro" in await text_of(session)
    after = await observe(session)
    assert "checked" in find(after, "I agree to the terms")["state"]
    assert find(after, "Country")["value"] == "Japan"


async def test_description_and_role_target(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("search.html"))
    typed = await actions.type_text(session, text="chair", description="Search products", press_enter=True)
    assert typed["value"] == "chair"
    assert "results for 'chair'" in await text_of(session)
    with pytest.raises(ElementNotFound):
        await actions.click(session, description="Teleport to the moon")


async def test_ambiguous_description_returns_candidates(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("long_list.html"))
    with pytest.raises(AmbiguousTarget) as info:
        await actions.click(session, description="Select item", role="button")
    candidates = info.value.details["candidates"]
    assert len(candidates) > 1 and all(c["id"] for c in candidates)
    assert "Selected: 0 items" in await text_of(session)


async def test_stale_id_fails_fast_and_same_element_is_re_resolved(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    old = find(await observe(session), "Register")["id"]
    await (await session.page()).reload()
    started = time.monotonic()
    result = await actions.click(session, element_id=old)
    assert result["element"]["re_resolved_from"] == old
    assert result["element"]["id"] != old
    await goto(session, site.url_a("nav_target.html"))
    started = time.monotonic()
    with pytest.raises(StaleElement) as info:
        await actions.click(session, element_id=old)
    assert time.monotonic() - started < 1.0
    assert "re-observe" in info.value.hint


async def test_malformed_id_is_invalid_input(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    with pytest.raises(InvalidInput):
        await actions.click(session, element_id="button#submit")


async def test_overlay_intercepts_click_fast_and_dismiss_then_retry(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("overlay.html"))
    snap = await observe(session)
    hidden = find(snap, "Hidden action")["id"]
    started = time.monotonic()
    with pytest.raises(ClickIntercepted) as info:
        await actions.click(session, element_id=hidden)
    assert time.monotonic() - started < 2.0
    assert "covered_by" in info.value.details
    assert "Hidden action done" not in await text_of(session)
    await actions.click(session, element_id=find(snap, "Accept all")["id"])
    await actions.click(session, element_id=hidden)
    assert "Hidden action done" in await text_of(session)


async def test_click_in_cross_origin_and_nested_frames(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames.html"))
    snap = await observe(session)
    await actions.type_text(session, text="lamps", element_id=find(snap, "Query")["id"])
    await actions.click(session, element_id=find(snap, "Go")["id"])
    await actions.click(session, element_id=find(snap, "Nested button")["id"])
    after = await content.page_text(session, max_length=5000)
    assert "Searched for: lamps" in after["text"]
    assert "Nested clicks: 1" in after["text"]


async def test_press_hover_scroll_and_double_click(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("long_list.html"))
    before = await observe(session)
    scrolled = await scrolling.scroll(session, direction="down", amount=2000)
    assert scrolled["scroll"]["y"] >= 1900
    after = await observe(session)
    assert {e["name"] for e in after["elements"] if "off" not in e} != {
        e["name"] for e in before["elements"] if "off" not in e
    }
    end = await actions.press_key(session, key="End")
    assert end["key"] == "End"
    await scrolling.scroll(session, direction="down", amount=100000)
    bottom = await observe(session)
    assert find(bottom, "Back to top")
    await scrolling.hover(session, element_id=find(bottom, "Back to top")["id"])
    with pytest.raises(InvalidInput):
        await actions.press_key(session, key="Definitely Not A Key")


async def test_select_unknown_option_lists_choices(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    with pytest.raises(InvalidInput) as info:
        await actions.select_option(session, values=["Atlantis"], description="Country")
    assert "Japan" in info.value.details["options"]


async def test_navigation_history_and_errors(session: BrowserSession, site) -> None:
    opened = await navigation.navigate(session, url=site.url_a("index.html"))
    assert opened["status"] == 200
    await navigation.navigate(session, url=site.url_a("nav_target.html"))
    back = await navigation.history(session, action="go_back")
    assert back["url"].endswith("index.html")
    forward = await navigation.history(session, action="go_forward")
    assert forward["url"].endswith("nav_target.html")
    with pytest.raises(NavigationFailed):
        await navigation.navigate(session, url=site.url_a("missing-page.html"))
    with pytest.raises(UrlNotAllowed):
        await navigation.navigate(session, url="file:///etc/passwd")
    with pytest.raises(InvalidInput):
        await navigation.navigate(session, url="not a url at all")


async def test_extract_table_list_and_text(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("table.html"))
    data = await content.extract(session, what="auto")
    table = data["tables"][0]
    assert table["caption"] == "Quarterly sales"
    assert len(table["rows"]) == 6 and table["rows"][0][0] == "North"
    team = await content.extract(session, what="list", region="Team members")
    assert len(team["lists"][0]["items"]) == 5
    with pytest.raises(InvalidInput):
        await content.extract(session, what="table", region="Nonexistent zebra ledger")


async def test_popup_becomes_active_tab(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("index.html"))
    page = await session.page()
    await page.evaluate("url => { const a = document.createElement('a'); a.href = url; a.target = '_blank';"
                        " a.textContent = 'Open second page'; document.body.prepend(a); }",
                        site.url_a("nav_target.html"))
    result = await actions.click(session, description="Open second page", role="link")
    assert result.get("switched_tab") is True
    assert (await session.page()).url.endswith("nav_target.html")
    assert any(e.kind == "new_tab" for e in session.drain_events())


async def test_dialog_does_not_hang_and_is_reported(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("index.html"))
    page = await session.page()
    await page.evaluate("() => { const b = document.createElement('button'); b.textContent = 'Ask me';"
                        " b.onclick = () => { document.title = confirm('Really?') ? 'yes' : 'no'; };"
                        " document.body.prepend(b); }")
    await actions.click(session, description="Ask me", role="button")
    assert await page.title() == "no"
    events = session.drain_events()
    assert events and events[0].kind == "dialog" and events[0].detail["type"] == "confirm"


async def test_dates_typed_the_common_way_reach_a_date_input(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("index.html"))
    page = await session.page()
    await page.evaluate("() => { const l = document.createElement('label');"
                        " l.innerHTML = 'Start date <input type=date>'; document.body.prepend(l); }")
    typed = await actions.type_text(session, text="02/23/2015", description="Start date")
    assert typed["value"] == "2015-02-23"
    typed = await actions.type_text(session, text="23.02.2015", description="Start date")
    assert typed["value"] == "2015-02-23"


async def test_typing_into_a_field_with_suggestions_lists_them_once_they_appear(
    session: BrowserSession, site
) -> None:
    await goto(session, site.url_a("suggest.html"))
    snap = await observe(session)
    result = await actions.type_text(session, text="Portland", element_id=find(snap, "City")["id"])
    added = [e["name"] for e in result.get("elements_diff", {}).get("added", [])]
    assert "Portland, OR (PDX)" in added and "Portland, ME (PWM)" in added
    assert "Boston, MA (BOS)" not in added

"""Frame tools and the retry chain across frames: cross-origin, nested mixed-origin, late, covered, zero-size."""

from __future__ import annotations

import time

import pytest

from browser_core.act import actions
from browser_core.errors import (
    AmbiguousTarget,
    ClickIntercepted,
    ElementNotFound,
    ElementNotInteractable,
    InvalidInput,
    PageChanged,
    StaleElement,
)
from browser_core.read import content, frame_tools
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe, text_of

pytestmark = pytest.mark.browser


async def frame_text(session: BrowserSession) -> str:
    return str((await content.page_text(session, max_length=15000))["text"])


def strategies_tried(result: dict) -> list[tuple[str, bool]]:
    return [(a["strategy"], a["success"]) for a in result["retry_chain"]["attempts"]]


async def test_list_frames_reports_context_of_every_frame(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames.html"))
    listed = await frame_tools.list_frames(session)
    frames = {f.get("aria_label") or f.get("title") or f.get("name"): f for f in listed["frames"]}
    assert listed["frames"][0]["frame"] == "main" and listed["frames"][0]["index"] == 0
    widget = frames["Search widget"]
    assert widget["accessible"] is True and widget["cross_origin"] is True
    assert widget["src"].startswith(site.origin_b) and widget["parent_index"] == 0 and widget["depth"] == 1
    nested = frames["Nested frame"]
    assert nested["depth"] == 2 and nested["parent_index"] == widget["index"] and nested["accessible"] is True
    assert frames["Same-origin widget"]["cross_origin"] is False
    assert listed["accessible_count"] == listed["total_count"] == len(listed["frames"])
    # FR-025: main, then aria-label, then title, then name, then the rest.
    order = listed["search_order"]
    assert order[0] == "main" and order[1] == widget["frame"]
    assert set(order[2:4]) == {frames["Same-origin widget"]["frame"], nested["frame"]}


async def test_frame_content_and_switch_by_every_selector_kind(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames.html"))
    listed = await frame_tools.list_frames(session)
    widget = next(f for f in listed["frames"] if f.get("aria_label") == "Search widget")
    for selector in ("Search widget", "search widget", widget["frame"], widget["index"], str(widget["index"]),
                     widget["path"], "search wid"):
        got = await frame_tools.get_frame_content(session, frame_selector=selector)
        assert got["frame_context"]["frame"] == widget["frame"], selector
        assert "Query" in got["content"] and "Main button" not in got["content"]
    by_title = await frame_tools.get_frame_content(session, frame_selector="Nested frame", content_type="html")
    assert "nested-button" in by_title["content"]
    main = await frame_tools.get_frame_content(session, frame_selector="main", max_length=100)
    assert main["frame_context"]["frame"] == "main" and main["next_offset"] == 100
    switched = await frame_tools.switch_to_frame(session, frame_selector="Search widget")
    assert switched["frame"] == widget["frame"] and switched["interactive_element_count"] == 2
    assert {e["name"] for e in switched["elements"]} == {"Query", "Go"}
    assert all(e["id"].startswith(widget["frame"] + "e") for e in switched["elements"])


async def test_unknown_frame_selector_lists_the_valid_ones(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames.html"))
    with pytest.raises(InvalidInput) as info:
        await frame_tools.switch_to_frame(session, frame_selector="Payment iframe")
    assert "Search widget" in info.value.hint
    assert {"frame": "main", "index": 0} in info.value.details["frames"]
    with pytest.raises(InvalidInput):
        await actions.click(session, description="Go", frame="no such frame")
    with pytest.raises(InvalidInput):
        await frame_tools.get_frame_content(session, frame_selector=99)


async def test_description_chain_searches_main_then_frames(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames.html"))
    typed = await actions.type_text(session, text="lamps", description="Query")
    assert strategies_tried(typed)[0] == ("main_frame", False)
    assert strategies_tried(typed)[-1] == ("iframe:Search widget", True)
    chain = typed["retry_chain"]
    assert chain["succeeded"] is True and chain["exhausted"] is False
    assert chain["strategies"][:2] == ["main_frame", "iframe:Search widget"] and chain["strategies"][-1] == (
        "coordinate_click")
    assert chain["attempts"][0]["error"] == "no match in this frame"
    clicked = await actions.click(session, description="Go", role="button")
    assert clicked["element"]["frame"].endswith("iframe 'Search widget'")
    assert "Searched for: lamps" in await frame_text(session)
    main = await actions.click(session, description="Main button")
    assert "retry_chain" not in main  # the main frame at the first try: nothing to say
    assert "Main clicks: 1" in await text_of(session)


async def test_frame_parameter_limits_the_search_to_that_frame(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames.html"))
    result = await actions.click(session, description="Nested option", frame="Nested frame")
    assert result["retry_chain"]["strategies"] == ["iframe:Nested frame", "coordinate_click"]
    assert "Option is on" in await frame_text(session)
    started = time.monotonic()
    with pytest.raises(ElementNotFound) as info:
        await actions.click(session, description="Teleporter control", frame="Search widget")
    assert time.monotonic() - started < 3, "with frame given there is no wait for late frames"
    chain = info.value.details["retry_chain"]
    assert chain["exhausted"] is True and [a["strategy"] for a in chain["attempts"]] == ["iframe:Search widget"]
    snap = await observe(session)
    with pytest.raises(InvalidInput, match="not in frame"):
        await actions.click(session, element_id=find(snap, "Main button")["id"], frame="Search widget")


async def test_three_deep_mixed_origin_nest_by_id_and_by_description(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames_deep.html"))
    listed = await frame_tools.list_frames(session)
    deepest = next(f for f in listed["frames"] if f.get("aria_label") == "Delivery details")
    assert deepest["depth"] == 3 and deepest["cross_origin"] is True and deepest["accessible"] is True
    snap = await observe(session)
    box = find(snap, "Recipient")
    assert box["id"].startswith(deepest["frame"] + "e")
    typed = await actions.type_text(session, text="Ada", element_id=box["id"])
    assert typed["value"] == "Ada" and strategies_tried(typed) == [("iframe:Delivery details", True)]
    await actions.click(session, description="Save note", frame="Delivery details")
    assert "Note saved for Ada" in await frame_text(session)


async def test_late_iframe_is_waited_for(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("frames.html"), wait_until="load")
    result = await actions.click(session, description="Late button")
    attempts = result["retry_chain"]["attempts"]
    assert attempts[0]["strategy"] == "wait_for_frames" and attempts[0]["success"] is True
    assert attempts[-1]["strategy"] == "iframe:late-frame" and attempts[-1]["success"] is True
    assert "Late clicks: 1" in await frame_text(session)
    listed = await frame_tools.list_frames(session)
    late = next(f for f in listed["frames"] if f.get("name") == "late-frame")
    assert listed["search_order"][-1] == late["frame"], "a frame known only by its name is searched last"


async def test_nothing_anywhere_waits_then_fails_with_the_whole_chain(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames.html"))
    page = await session.page()
    await page.wait_for_selector("iframe[name=late-frame]", timeout=10000)
    started = time.monotonic()
    with pytest.raises(ElementNotFound) as info:
        await actions.click(session, description="Teleporter control")
    waited = time.monotonic() - started
    assert session.settings.iframe_wait_ms / 1000 - 0.5 <= waited < session.settings.iframe_wait_ms / 1000 + 5
    chain = info.value.details["retry_chain"]
    assert chain["exhausted"] is True and chain["succeeded"] is False
    tried = [a["strategy"] for a in chain["attempts"]]
    assert tried[0] == "wait_for_frames" and "main_frame" in tried and "iframe:Search widget" in tried


async def test_iframe_covering_a_button_falls_back_to_a_free_point(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("covered.html"))
    snap = await observe(session)
    result = await actions.click(session, element_id=find(snap, "Add to basket")["id"])
    first, second = result["retry_chain"]["attempts"]
    assert (first["strategy"], first["success"], first["code"]) == ("main_frame", False, "intercepted")
    assert "iframe" in first["error"] and "Promo banner" in first["error"]
    assert (second["strategy"], second["success"]) == ("coordinate_click", True)
    assert "Basket: 1" in await text_of(session)
    assert "promo clicked" not in await frame_text(session)


async def test_fully_covered_button_fails_fast_and_names_the_covering_frame(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("covered.html"))
    snap = await observe(session)
    started = time.monotonic()
    with pytest.raises(ClickIntercepted) as info:
        await actions.click(session, element_id=find(snap, "Buried button")["id"])
    assert time.monotonic() - started < 2.0
    details = info.value.details
    assert details["covering_frame"].startswith("f") and "Blanket ad" in details["covered_by"]
    chain = details["retry_chain"]
    assert [a["strategy"] for a in chain["attempts"]] == ["main_frame", "coordinate_click"]
    assert chain["exhausted"] is True and chain["succeeded"] is False
    assert "Buried clicks" not in await text_of(session)
    assert "promo clicked" not in await frame_text(session)


async def test_zero_size_iframe_is_listed_hidden_and_its_button_fails_fast(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("covered.html"))
    listed = await frame_tools.list_frames(session)
    tracker = next(f for f in listed["frames"] if f.get("title") == "Tracker")
    assert tracker["visible"] is False and tracker["accessible"] is True
    started = time.monotonic()
    with pytest.raises(ElementNotInteractable) as info:
        await actions.click(session, description="Tracker button")
    assert time.monotonic() - started < 3.0
    assert "no size" in info.value.message or "hidden" in info.value.message
    assert info.value.details["retry_chain"]["exhausted"] is True
    got = await frame_tools.get_frame_content(session, frame_selector="Tracker")
    assert "Tracker idle" in got["content"]


async def test_overlay_interception_lists_the_controls_that_dismiss_it(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("overlay.html"))
    snap = await observe(session)
    with pytest.raises(ClickIntercepted) as info:
        await actions.click(session, element_id=find(snap, "Hidden action")["id"])
    controls = {c["name"]: c["id"] for c in info.value.details["overlay_controls"]}
    assert {"Accept all", "Reject"} <= set(controls)
    assert "overlay_controls" in info.value.hint
    await actions.click(session, element_id=controls["Reject"])
    await actions.click(session, element_id=find(snap, "Hidden action")["id"])
    assert "Hidden action done" in await text_of(session)


async def test_frame_detaching_mid_action_is_structured_and_the_next_call_works(
    session: BrowserSession, site
) -> None:
    await goto(session, site.url_a("vanish.html"))
    snap = await observe(session)
    comment = find(snap, "Comment")
    with pytest.raises((PageChanged, StaleElement)) as info:
        await actions.type_text(session, text="great", element_id=comment["id"], press_enter=True)
    assert info.value.category == "recoverable"
    assert "retry_chain" in info.value.details
    listed = await frame_tools.list_frames(session)
    assert [f["frame"] for f in listed["frames"]] == ["main"]
    await actions.click(session, description="Still here")
    assert "Page still works" in await text_of(session)
    with pytest.raises(StaleElement) as stale:
        await actions.click(session, element_id=comment["id"])
    assert stale.value.details["retry_chain"]["attempts"] == []


async def test_ambiguous_frame_label_asks_for_the_prefix(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("index.html"))
    page = await session.page()
    await page.evaluate("""url => { for (let i = 0; i < 2; i++) { const f = document.createElement('iframe');
        f.title = 'Twin'; f.src = url; document.body.append(f); } }""", site.url_b("frame_dynamic.html"))
    await page.wait_for_function("() => document.querySelectorAll('iframe').length === 2")
    with pytest.raises(AmbiguousTarget) as info:
        await frame_tools.switch_to_frame(session, frame_selector="Twin")
    assert len(info.value.details["candidates"]) == 2


async def test_a_page_without_iframes_never_waits_for_frames(session: BrowserSession, site) -> None:
    """Issue 21: no blind waits. Nothing is loading and there is no iframe: a miss fails at once with candidates,
    a description that names no element exactly resolves at once."""
    await goto(session, site.url_a("admin_list.html"))
    started = time.monotonic()
    with pytest.raises(ElementNotFound) as info:
        await actions.click(session, description="Teleporter control")
    assert time.monotonic() - started < 1.5, "no wait for frames on a page that has none"
    tried = [a["strategy"] for a in info.value.details["retry_chain"]["attempts"]]
    assert "wait_for_frames" not in tried
    started = time.monotonic()
    result = await actions.click(session, description="the Next page link")
    assert time.monotonic() - started < 1.5
    assert "retry_chain" not in result  # the main frame at once: no frame waited for


async def test_frames_settled_long_ago_are_not_waited_for(session: BrowserSession, site) -> None:
    session.settings.iframe_wait_ms = 1500
    try:
        await goto(session, site.url_a("frames.html"))
        page = await session.page()
        await page.wait_for_selector("iframe[name=late-frame]", timeout=10000)
        late = await (await page.query_selector("iframe[name=late-frame]")).content_frame()  # type: ignore[union-attr]
        assert late is not None
        await late.wait_for_load_state("load")
        await page.wait_for_function("() => performance.now() > 1600 + Math.max(...performance.getEntriesByType("
                                     "'resource').filter(e => e.initiatorType === 'iframe').map(e => e.responseEnd))",
                                     timeout=10000)
        started = time.monotonic()
        with pytest.raises(ElementNotFound):
            await actions.click(session, description="Teleporter control")
        assert time.monotonic() - started < 1.5
    finally:
        session.settings.iframe_wait_ms = 5000

"""Bounded waits, screenshots and geometry on real pages."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from browser_core.act import waits
from browser_core.errors import ActionTimeout, InvalidInput
from browser_core.read import capture, content
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser


async def test_wait_for_text_and_element_on_slow_page(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("slow.html"))
    found = await waits.wait_for_text(session, text="Loaded!", timeout_ms=10000)
    assert found["found"] is True
    ready = await waits.wait_for_element(session, element_id=None, description="Ready", role="button",
                                         state="visible", timeout_ms=5000)
    assert ready["element"]["name"] == "Ready"


async def test_wait_times_out_within_its_bound(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    started = time.monotonic()
    with pytest.raises(ActionTimeout):
        await waits.wait_for_text(session, text="this text never appears", timeout_ms=600)
    assert time.monotonic() - started < 2.0


async def test_wait_for_url_and_load(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("index.html"))
    page = await session.page()
    await page.evaluate("url => setTimeout(() => location.href = url, 300)", site.url_a("nav_target.html"))
    result = await waits.wait_for_url(session, pattern="nav_target", timeout_ms=5000)
    assert result["url"].endswith("nav_target.html")
    assert (await waits.wait_for_load(session, state="load", timeout_ms=5000))["state"] == "load"
    assert await waits.wait_for_url(session, pattern="re:nav_t.rget\\.html$", timeout_ms=1000)
    with pytest.raises(InvalidInput):
        waits.url_matcher("re:([")


async def test_wait_for_element_gone(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("overlay.html"))
    snap = await observe(session)
    page = await session.page()
    await page.get_by_role("button", name="Accept all").click()
    gone = await waits.wait_for_element(session, element_id=find(snap, "Accept all")["id"], description=None,
                                        role=None, state="detached", timeout_ms=3000)
    assert gone["state"] == "detached"


async def test_sleep_is_bounded() -> None:
    with pytest.raises(InvalidInput):
        await waits.sleep(10**9)
    assert (await waits.sleep(10))["slept_ms"] == 10


async def test_screenshots_viewport_element_and_saved(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    shot = await capture.screenshot(session)
    assert shot.image[:2] == b"\xff\xd8" and shot.mime == "image/jpeg"
    element = await capture.screenshot(session, description="Register", image_format="png")
    assert element.image[:4] == b"\x89PNG" and element.info["element"]["name"] == "Register"
    saved = await capture.save_screenshot(session, name="form-page")
    assert Path(saved["path"]).read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(InvalidInput):
        await capture.save_screenshot(session, name="../escape")


async def test_viewport_and_visibility(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("long_list.html"))
    info = await capture.viewport_info(session)
    assert info["width"] == session.settings.viewport_width and info["page_height"] > info["height"]
    top = await capture.element_visibility(session, element_id=None, description="Select item 1", role="button")
    assert top["visible"] and top["in_viewport"]
    far = await capture.element_visibility(session, element_id=None, description="Back to top")
    assert far["visible"] and not far["in_viewport"]


async def test_page_text_pages_through_long_content(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("long_list.html"))
    first = await content.page_text(session, max_length=1000)
    assert first["length"] == 1000 and first["next_offset"] == 1000
    second = await content.page_text(session, max_length=1000, offset=first["next_offset"])
    assert second["text"] and second["text"] != first["text"]
    tree = await content.accessibility_tree(session, max_depth=3, max_length=2000)
    assert tree["text"].startswith("# main") and tree["total_length"] > 0

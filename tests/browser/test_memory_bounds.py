"""A long session's memory per call: the element handles a call takes are let go when it ends; a renderer's
garbage is given back by a collection."""

from __future__ import annotations

import sys

import pytest
from playwright.async_api import Error as PlaywrightError

from browser_core.page.handles import released_after_call
from browser_core.session import BrowserSession
from browser_core.session.renderer_memory import collect_garbage
from tests.browser.helpers import goto, observe

pytestmark = pytest.mark.browser


async def test_a_calls_handles_are_disposed_at_its_end_except_the_kept_one(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("book_form.html"))
    ids = [e["id"] for e in (await observe(session))["elements"]][:2]
    assert len(ids) == 2
    async with released_after_call(kept=lambda: kept):
        (_, let_go), (_, kept) = [await session.registry.resolve(i) for i in ids]
        assert let_go is not None and kept is not None
    assert await kept.evaluate("e => e.isConnected") is True
    with pytest.raises(PlaywrightError):
        await let_go.evaluate("e => e.isConnected")
    await kept.dispose()


async def test_outside_a_call_the_caller_keeps_its_handle(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("book_form.html"))
    first = (await observe(session))["elements"][0]["id"]
    async with released_after_call():
        pass
    _, handle = await session.registry.resolve(first)
    assert handle is not None and await handle.evaluate("e => e.isConnected") is True
    await handle.dispose()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renderer memory is read from /proc")
async def test_a_collection_gives_back_what_the_page_no_longer_holds(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("book_form.html"))
    page, watch = await session.page(), session.renderer_watch
    assert watch is not None
    await page.evaluate("() => { window.junk = Array.from({length: 60}, (_, i) => new Array(1e5).fill(i + 0.5)); }")
    held = watch.measured_mb()
    await page.evaluate("() => { delete window.junk; }")  # garbage now, which V8 keeps until its heap presses
    await collect_garbage(page)
    assert watch.measured_mb() < held - 20, "a full collection gives the 48 MB of dropped arrays back"

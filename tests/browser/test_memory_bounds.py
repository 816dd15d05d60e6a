"""A long session's memory per call: the element handles a call takes are let go when it ends."""

from __future__ import annotations

import pytest
from playwright.async_api import Error as PlaywrightError

from browser_core.page.handles import released_after_call
from browser_core.session import BrowserSession
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

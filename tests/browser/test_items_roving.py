"""Items a widget selects by a click, on a shape other than spa_files.html (issue 29): table rows that take the focus
in turn (one roving tabindex), whose clicks one listener on the table handles, keyed by the column that tells them
apart (not the age column before it, nor the size after it); rows recycled after a delete; an app's own modal whose
button outranks the equally named control it covers."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.act import actions
from browser_core.errors import StaleElement
from browser_core.page.targets import resolve_target
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser

JOBS = ["nightly-backup", "train-model", "export-report", "sync-mirror", "rotate-logs", "rebuild-index"]


async def status(session: BrowserSession) -> str:
    page = await session.page()
    return str(await page.evaluate("() => document.getElementById('status').textContent"))


async def jobs_page(session: BrowserSession, site: Any) -> dict[str, Any]:
    await goto(session, site.url_a("spa_jobs.html"))
    return await observe(session)


async def test_every_row_is_listed_by_its_key_cell(session: BrowserSession, site) -> None:
    snap = await jobs_page(session, site)
    rows = [e for e in snap["elements"] if e["role"] == "clickable"]
    assert [e["name"] for e in rows] == JOBS  # never "2m ago" (first) nor "12 KB" (last)


async def test_rows_take_modifier_right_and_double_clicks(session: BrowserSession, site) -> None:
    snap = await jobs_page(session, site)
    rows = {j: find(snap, j, "clickable")["id"] for j in JOBS}
    await actions.click(session, element_id=rows["train-model"])
    out = await actions.click(session, element_id=rows["rotate-logs"], modifiers=["Control"])
    assert out["action"] == "Control+click"
    assert await status(session) == "selected: rotate-logs, train-model"  # two rows that are not adjacent
    # The row focused last (tabindex 0 now) keeps its id: focus moving between rows changes no identity.
    out = await actions.click(session, element_id=rows["train-model"], button="right")
    assert out["action"] == "right_click" and await status(session) == "menu for train-model"
    await actions.click(session, element_id=rows["sync-mirror"], double=True)
    assert await status(session) == "opened sync-mirror"


async def test_a_modal_outranks_what_it_covers_and_a_recycled_row_is_stale(session: BrowserSession, site) -> None:
    snap = await jobs_page(session, site)
    rows = {j: find(snap, j, "clickable")["id"] for j in JOBS}
    await actions.click(session, element_id=rows["export-report"])
    await actions.click(session, description="Delete", confirmed=True)  # the toolbar's: it opens the app's modal
    page = await session.page()
    target = await resolve_target(page, session.registry, session.settings, element_id=None, description="Delete")
    # the modal's button, not the toolbar's
    assert await target.handle.evaluate("(el) => el.id") == "commit", target.describe()
    await actions.click(session, description="Delete", role="button", confirmed=True)
    assert await status(session) == "deleted"
    # The table kept its row nodes: export-report's node now shows sync-mirror. Its old id acts on nothing.
    with pytest.raises(StaleElement) as info:
        await actions.click(session, element_id=rows["export-report"])
    assert "export-report" in info.value.message
    assert await status(session) == "deleted"
    snap = await observe(session)
    assert [e["name"] for e in snap["elements"] if e["role"] == "clickable"] == [
        j for j in JOBS if j != "export-report"
    ]

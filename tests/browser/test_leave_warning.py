"""The app's own leave warning (a ``beforeunload`` dialog raised by an act with unsaved input) is a loss the app
itself warns of (issue 29): the act is held once, never answered "leave" by default; the draft stays until the
human says yes, and then the navigation proceeds."""

from __future__ import annotations

import anyio
import pytest

from browser_core.act import actions, navigation
from browser_core.act.confirm import confirm_pending
from browser_core.errors import ConfirmationRequired
from browser_core.session import BrowserSession
from tests.browser.helpers import find, observe

pytestmark = pytest.mark.browser


async def test_leaving_an_unsaved_draft_is_held_once_and_the_draft_stays(session: BrowserSession, site) -> None:
    page = await session.page()
    start = site.url_a("leave_unsaved_draft.html")
    await page.goto(start)
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Text", "textbox")["id"], text="my unsaved paragraph")
    snap = await observe(session)
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(snap, "Elsewhere", "link")["id"])
    summary = held.value.details["summary"]
    assert summary["category"] == "delete" and "before unload" in summary["dialog"], summary
    # Not yet (or no): the warning was dismissed, the page and the typed draft stay.
    assert page.url == start
    assert await page.locator("#body").input_value() == "my unsaved paragraph"
    # Yes: the approval answers the one leave warning its re-run raises, and the page is left.
    confirmed = await confirm_pending(session, held.value.details["confirmation_id"])
    assert (await session.page()).url.endswith("dialog_notice_after_delete.html"), confirmed
    assert [d["approved_by"] for d in confirmed.get("dialogs", [])] == [held.value.details["confirmation_id"]]


async def test_the_models_navigate_away_from_an_unsaved_draft_is_held_once(session: BrowserSession, site) -> None:
    page = await session.page()
    start = site.url_a("leave_unsaved_draft.html")
    await page.goto(start)
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Text", "textbox")["id"], text="my unsaved paragraph")
    with anyio.fail_after(20), pytest.raises(ConfirmationRequired) as held:
        await navigation.navigate(session, url=site.url_a("nav_target.html"))
    summary = held.value.details["summary"]
    assert "before unload" in summary["dialog"] and "Editing a note" in str(summary), summary
    assert (await session.page()).url == start
    assert await page.locator("#body").input_value() == "my unsaved paragraph"
    confirmed = await confirm_pending(session, held.value.details["confirmation_id"])
    assert (await session.page()).url.endswith("nav_target.html"), confirmed


async def test_a_save_that_drops_the_warning_and_plain_navigation_are_not_held(session: BrowserSession,
                                                                                site) -> None:
    page = await session.page()
    await page.goto(site.url_a("leave_saved_on_submit.html"))
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Text", "textbox")["id"], text="a paragraph to keep")
    snap = await observe(session)
    with anyio.fail_after(20):
        await actions.click(session, element_id=find(snap, "Save", "button")["id"])
    assert "nav_target.html" in (await session.page()).url
    with anyio.fail_after(20):  # a page with no leave handler: navigating away is ordinary
        left = await navigation.navigate(session, url=site.url_a("leave_unsaved_draft.html"))
    assert left["url"].endswith("leave_unsaved_draft.html")

"""The app's own leave warning (a ``beforeunload`` dialog raised by an act with unsaved input) is a loss the app
itself warns of (issue 29): the act is held once, never answered "leave" by default; the draft stays until the
human says yes, and then the navigation proceeds."""

from __future__ import annotations

import anyio
import pytest
from playwright.async_api import Page

from browser_core.act import actions, navigation
from browser_core.act.confirm import confirm_pending, decline_pending
from browser_core.errors import ConfirmationRefused, ConfirmationRequired
from browser_core.session import BrowserSession
from tests.browser.helpers import find, observe

pytestmark = pytest.mark.browser


async def _typed_draft(session: BrowserSession, site) -> tuple[Page, str]:
    """The draft page opened and its text typed, not saved: the page and its address."""
    page = await session.page()
    start = site.url_a("leave_unsaved_draft.html")
    await page.goto(start)
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Text", "textbox")["id"], text="my unsaved paragraph")
    return page, start


async def test_leaving_an_unsaved_draft_is_held_once_and_the_draft_stays(session: BrowserSession, site) -> None:
    page, start = await _typed_draft(session, site)
    snap = await observe(session)
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(snap, "Elsewhere", "link")["id"])
    summary = held.value.details["summary"]
    assert summary["category"] == "loss" and "before unload" in summary["dialog"], summary
    # In the page's own terms: the record being edited and the field whose value is not saved.
    assert "Editing a note" in summary["effect"] and "'Text'" in summary["effect"], summary
    # Not yet (or no): the warning was dismissed, the page and the typed draft stay.
    assert page.url == start
    assert await page.locator("#body").input_value() == "my unsaved paragraph"
    # Yes: the approval answers the one leave warning its re-run raises, and the page is left.
    confirmed = await confirm_pending(session, held.value.details["confirmation_id"])
    assert (await session.page()).url.endswith("dialog_notice_after_delete.html"), confirmed
    assert [d["approved_by"] for d in confirmed.get("dialogs", [])] == [held.value.details["confirmation_id"]]


async def test_the_models_navigate_away_from_an_unsaved_draft_is_held_once(session: BrowserSession, site) -> None:
    page, start = await _typed_draft(session, site)
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


async def _draft_between(session: BrowserSession, site) -> tuple[str, str]:
    """History: nav_target → nav_target?next → the draft page, its text typed and not saved: a back entry behind it
    (go_back lands on nav_target?next)."""
    page = await session.page()
    start = site.url_a("leave_unsaved_draft.html")
    await navigation.navigate(session, url=site.url_a("nav_target.html"))
    await navigation.navigate(session, url=site.url_a("nav_target.html") + "?next")
    await navigation.navigate(session, url=start)
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Text", "textbox")["id"], text="typed, not saved")
    assert page.url == start
    return start, "typed, not saved"


@pytest.mark.parametrize("kind", ["go_back", "reload"])
async def test_back_and_reload_from_an_unsaved_draft_are_held_once(session: BrowserSession, site, kind) -> None:
    start, typed = await _draft_between(session, site)
    for answer in ("no", "yes"):
        with anyio.fail_after(20), pytest.raises(ConfirmationRequired) as held:
            await navigation.history(session, action=kind)
        summary = held.value.details["summary"]
        assert summary["category"] == "loss" and "'Text'" in summary["effect"], summary
        page = await session.page()
        assert page.url == start and await page.locator("#body").input_value() == typed
        if answer == "no":
            with pytest.raises(ConfirmationRefused):
                decline_pending(session, held.value.details["confirmation_id"])
            assert page.url == start and await page.locator("#body").input_value() == typed
            continue
        cid = held.value.details["confirmation_id"]
        seen = session.dialogs.seen
        confirmed = await confirm_pending(session, cid)
        # Held once: the re-run raised the one warning, answered by the approval, never asked again.
        assert [d.get("approved_by") for d in session.dialogs.since(seen)] == [cid], confirmed
        page = await session.page()
        if kind == "go_back":
            assert page.url.endswith("nav_target.html?next"), confirmed
        else:  # reloaded: the same page, its draft gone
            assert page.url == start and await page.locator("#body").input_value() == ""


async def test_forward_from_an_unsaved_draft_is_held_once(session: BrowserSession, site) -> None:
    start = site.url_a("leave_unsaved_draft.html")
    await navigation.navigate(session, url=site.url_a("nav_target.html"))
    await navigation.navigate(session, url=start)
    await navigation.history(session, action="go_back")  # a page without a leave handler: never held
    snap = await observe(session)
    assert (await session.page()).url.endswith("nav_target.html"), snap["url"]
    await navigation.navigate(session, url=start)  # a fresh draft page, then forward history via back/forward
    await navigation.navigate(session, url=site.url_a("nav_target.html") + "?ahead")
    await navigation.history(session, action="go_back")
    page = await session.page()
    assert page.url == start
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Text", "textbox")["id"], text="typed, not saved")
    with anyio.fail_after(20), pytest.raises(ConfirmationRequired) as held:
        await navigation.history(session, action="go_forward")
    assert held.value.details["summary"]["category"] == "loss"
    assert page.url == start and await page.locator("#body").input_value() == "typed, not saved"
    with pytest.raises(ConfirmationRefused):
        decline_pending(session, held.value.details["confirmation_id"])
    assert page.url == start and await page.locator("#body").input_value() == "typed, not saved"
    with anyio.fail_after(20), pytest.raises(ConfirmationRequired) as again:
        await navigation.history(session, action="go_forward")
    await confirm_pending(session, again.value.details["confirmation_id"])
    assert (await session.page()).url.endswith("nav_target.html?ahead")


async def test_pages_without_a_leave_handler_are_never_held(session: BrowserSession, site) -> None:
    """0 false holds: an untouched editor (no handler yet) and plain pages, by navigate, back, forward, reload."""
    pages = [site.url_a("nav_target.html"), site.url_a("leave_unsaved_draft.html"), site.url_a("dialogs.html"),
             site.url_a("leave_saved_on_submit.html")]
    seen = session.dialogs.seen
    for url in pages:
        with anyio.fail_after(20):
            await navigation.navigate(session, url=url)
    with anyio.fail_after(60):
        for kind in ("go_back", "go_back", "go_forward", "reload", "go_back"):
            await navigation.history(session, action=kind)  # type: ignore[arg-type]
    assert session.dialogs.seen == seen, session.dialogs.since(seen)  # no warning raised, nothing held


async def test_the_leave_warning_names_the_fields_typed_in_not_those_the_script_set(session: BrowserSession,
                                                                                   site) -> None:
    """A select and a field the page's script filled after loading are no unsaved work of the person; the editable
    blocks typed into are, and the record is the one heading drawn on the page (the title being edited), not a
    screen reader's one-pixel heading nor the document's title."""
    page = await session.page()
    await page.goto(site.url_a("leave_scripted_values.html"))
    await page.wait_for_function("document.getElementById('observer').value === '7'")
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Observation text", "textbox")["id"],
                            text=" Two more at dawn.", clear_first=False)
    with anyio.fail_after(20), pytest.raises(ConfirmationRequired) as held:
        await navigation.navigate(session, url=site.url_a("nav_target.html"))
    effect = held.value.details["summary"]["effect"]
    assert "'Observation text'" in effect and "Heron count at the weir" in effect, effect
    assert "Observer" not in effect and "Site" not in effect and "Entry heading" not in effect, effect
    await page.evaluate("window.onbeforeunload = null")  # the next test's page may load


async def test_leaving_a_typed_memo_names_it_by_the_heading_typed_never_the_tab_title(session: BrowserSession,
                                                                                       site) -> None:
    """A composer with no heading of its own: the loss is named by what the person wrote as the work's title (the
    first single-line field typed in), never by the document's title, which names the app's view."""
    await navigation.navigate(session, url=site.url_a("memo_compose_leave.html"))  # landed: no restless page
    page = await session.page()
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Find memos", "textbox")["id"], text="boiler")
    snap = await observe(session)  # a query in the page's search names no work
    await actions.type_text(session, element_id=find(snap, "Heading", "textbox")["id"], text="Boiler check on Friday")
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Memo text", "textbox")["id"], text="Keys at the desk.")
    with anyio.fail_after(20), pytest.raises(ConfirmationRequired) as held:
        await navigation.navigate(session, url=site.url_a("nav_target.html"))
    effect = held.value.details["summary"]["effect"]
    # The work is the object; the tab's title may only say where (the summary's page), never name what is lost.
    assert effect.startswith("lose the unsaved draft 'Boiler check on Friday'"), effect
    assert "of 'Office Notes" not in effect, effect
    assert "Keys at the desk" not in effect, effect  # the longer text is never quoted, only its field's name
    await page.evaluate("window.onbeforeunload = null")


async def test_a_scripted_discard_on_an_edited_page_is_a_loss_of_the_edits_named_by_the_record(
        session: BrowserSession, site) -> None:
    """A page's own "discard" control (a script, outside any dialog) throws away the edits made on the page: held as
    the loss of that work, named by the record the editor draws and the fields edited, never as a deletion of
    nothing; the work stays until the human says yes."""
    await navigation.navigate(session, url=site.url_a("recipe_editor_discard.html"))
    page = await session.page()
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Method", "textbox")["id"], text=" Simmer an hour.",
                            clear_first=False)
    snap = await observe(session)
    with anyio.fail_after(20), pytest.raises(ConfirmationRequired) as deleting:  # a record's deletion stays one
        await actions.click(session, element_id=find(snap, "Delete recipe", "button")["id"])
    assert deleting.value.details["summary"]["category"] == "delete", deleting.value.details["summary"]
    with pytest.raises(ConfirmationRefused):
        decline_pending(session, deleting.value.details["confirmation_id"])
    with anyio.fail_after(20), pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(snap, "Discard edits", "button")["id"])
    summary = held.value.details["summary"]
    assert summary["category"] == "loss", summary
    assert "'Method'" in summary["effect"] and "Lentil and barley soup" in summary["effect"], summary
    assert "Serves" not in summary["effect"], summary  # untouched: not the person's work
    assert await page.locator("#method").input_value() == "Soak the lentils. Simmer an hour."
    await confirm_pending(session, held.value.details["confirmation_id"])
    assert await page.locator("#method").input_value() == "Soak the lentils."

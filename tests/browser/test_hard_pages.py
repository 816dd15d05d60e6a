"""Hard pages on real Chromium: shadow DOM, dialogs, popups and tabs, downloads, uploads, unreachable frames."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from browser_core.act import actions, dialogs, navigation, tabs, uploads
from browser_core.act.uploads import PathNotAllowed
from browser_core.errors import ConfirmationRequired, InvalidInput
from browser_core.read import frame_tools
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe, text_of

pytestmark = pytest.mark.browser


# ----- shadow DOM -----------------------------------------------------------------------------------------
async def test_closed_shadow_root_form_is_observed_and_filled_by_id(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("shadow.html"))
    snap = await observe(session)
    email, weekly, join = find(snap, "Your email"), find(snap, "Weekly digest", "checkbox"), find(snap, "Join list")
    await actions.type_text(session, text="ada@example.org", element_id=email["id"])
    await actions.click(session, element_id=weekly["id"])
    result = await actions.click(session, element_id=join["id"])
    assert "retry_chain" not in result  # found in the main frame and clicked at the first try: nothing to say
    assert "Joined: ada@example.org (weekly)" in await text_of(session)
    assert "checked" in find(await observe(session), "Weekly digest", "checkbox")["state"]


async def test_closed_root_nested_in_open_root_is_reachable(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("shadow.html"))
    snap = await observe(session)
    await actions.click(session, element_id=find(snap, "Five stars")["id"])
    assert "Rated: Five stars" in await text_of(session)
    await actions.click(session, description="Skip rating")
    assert "Rating skipped" in await text_of(session)


async def test_type_into_a_key_driven_textbox_falls_back_to_key_events(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("shadow.html"))
    result = await actions.type_text(session, text="red", description="Tag editor", role="textbox")
    first, second = result["retry_chain"]["attempts"]
    assert first["success"] is False and first["code"] == "not_interactable"
    assert second["strategy"] == "coordinate_click" and second["success"] is True
    assert result["value"] == "red"
    page = await session.page()
    assert await page.locator("#tags").inner_text() == "red"


# ----- dialogs ----------------------------------------------------------------------------------------------
async def test_alert_is_accepted_and_reported(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("dialogs.html"))
    with anyio.fail_after(10):
        result = await actions.click(session, description="Show notice")
    assert result["dialogs"] == [{"type": "alert", "message": "Your draft was saved at noon.", "accepted": True,
                                  "answered_by": "default"}]
    assert "Notice closed" in await text_of(session)
    assert [e.kind for e in session.drain_events()] == ["dialog"]


async def test_confirm_default_is_cancel_and_handle_dialog_accepts_the_next(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("dialogs.html"))
    with anyio.fail_after(10):
        first = await actions.click(session, description="Archive draft")
    assert first["dialogs"][0]["type"] == "confirm" and first["dialogs"][0]["accepted"] is False
    assert "handle_dialog" in first["dialogs"][0]["hint"]
    assert "Archive cancelled" in await text_of(session)
    armed = await dialogs.handle_dialog(session, accept=True)
    assert armed["armed"] == {"accept": True} and armed["last_dialog"]["type"] == "confirm"
    second = await actions.click(session, description="Archive draft")
    assert second["dialogs"][0]["accepted"] is True and second["dialogs"][0]["answered_by"] == "handle_dialog"
    assert "Draft archived" in await text_of(session)
    third = await actions.click(session, description="Archive draft")
    assert third["dialogs"][0]["accepted"] is False, "an armed answer is used once"


async def test_prompt_gets_the_armed_text(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("dialogs.html"))
    await actions.click(session, description="Rename draft")
    assert "Rename cancelled" in await text_of(session)
    await dialogs.handle_dialog(session, accept=True, prompt_text="Quarterly plan")
    result = await actions.click(session, description="Rename draft")
    assert result["dialogs"][0]["prompt_text"] == "Quarterly plan"
    assert "Renamed to: Quarterly plan" in await text_of(session)
    with pytest.raises(InvalidInput):
        await dialogs.handle_dialog(session, accept=False, prompt_text="x")


async def test_beforeunload_is_held_as_the_pages_own_warning_and_unchecked_leaves(session: BrowserSession,
                                                                                  site) -> None:
    """Issue 29: a page with unsaved work (its beforeunload asks) is never left unasked, by a click or by the
    model's own navigate; the page stays until the human's yes. Once the page drops its handler, leaving is
    ordinary and never held."""
    await goto(session, site.url_a("dialogs.html"))
    await actions.click(session, description="Unsaved changes", role="checkbox")
    with anyio.fail_after(15), pytest.raises(ConfirmationRequired):
        await actions.click(session, description="Go to the second page")
    assert (await session.page()).url.endswith("dialogs.html")
    with anyio.fail_after(15), pytest.raises(ConfirmationRequired) as held:
        await navigation.navigate(session, url=site.url_a("nav_target.html"))
    assert (await session.page()).url.endswith("dialogs.html")
    assert "before unload" in held.value.details["summary"]["dialog"]
    await actions.click(session, description="Unsaved changes", role="checkbox")  # saved: the handler is gone
    with anyio.fail_after(15):
        left = await navigation.navigate(session, url=site.url_a("nav_target.html"))
    assert left["url"].endswith("nav_target.html")


# ----- popups and tabs ------------------------------------------------------------------------------------
async def test_window_open_popup_is_followed_and_tabs_can_be_managed(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("popups.html"))
    opened = await actions.click(session, description="Open chat window")
    assert opened["switched_tab"] is True and opened["url"].endswith("popup_chat.html")
    await actions.click(session, description="Say hello")
    assert "Agent: hello!" in await text_of(session)
    listed = await tabs.list_tabs(session)
    assert listed["count"] == 2 and listed["tabs"][1]["active"] is True
    assert listed["tabs"][1]["title"] == "Chat – Fixture Shop"
    back = await tabs.switch_tab(session, index=0)
    assert back["active"]["url"].endswith("popups.html")
    assert "Chat opened" in await text_of(session)
    closed = await tabs.close_tab(session, index=1)
    assert closed["closed"]["url"].endswith("popup_chat.html") and closed["count"] == 1
    assert (await session.page()).url.endswith("popups.html")
    with pytest.raises(InvalidInput):
        await tabs.switch_tab(session, index=5)


async def test_target_blank_link_opens_a_followed_tab(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("popups.html"))
    opened = await actions.click(session, description="Open the guide in a new tab")
    assert opened["switched_tab"] is True and opened["url"].endswith("nav_target.html")
    assert any(e.kind == "new_tab" for e in session.drain_events())
    closed = await tabs.close_tab(session)
    assert closed["active"]["url"].endswith("popups.html")


# ----- downloads and uploads -----------------------------------------------------------------------------
async def test_downloads_are_saved_and_reported(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("downloads.html"))
    folder = session.settings.downloads_folder
    result = await actions.click(session, description="Download the sales report")
    saved = result["downloads"][0]
    assert saved["name"].startswith("report") and saved["name"].endswith(".csv")
    path = Path(saved["path"])
    assert path.parent == folder and path.read_text().startswith("region,total")
    assert saved["size"] == path.stat().st_size
    again = await actions.click(session, description="Download the sales report")
    assert again["downloads"][0]["path"] != saved["path"], "an existing name is never overwritten"
    binary = await actions.click(session, description="Get the archive")
    assert binary["downloads"][0]["size"] == 2048 and binary.get("navigated") is None
    assert sum(e.kind == "download" for e in session.drain_events()) == 3


@pytest.fixture
def upload_dir(session: BrowserSession) -> Path:
    folder = session.settings.uploads_folder
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cv.txt").write_text("Ada Lovelace, analyst")
    (folder / "cat.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"0" * 24)
    (folder / "notes.txt").write_text("two")
    return folder


async def test_upload_into_visible_input_hidden_input_and_on_the_fly_input(
    session: BrowserSession, site, upload_dir: Path
) -> None:
    await goto(session, site.url_a("upload.html"))
    snap = await observe(session)
    resume = await uploads.upload_file(session, paths=["cv.txt"], element_id=find(snap, "Resume")["id"])
    assert resume["via"] == "file input" and resume["input_has"] == ["cv.txt"]
    assert "Resume: cv.txt (21 bytes)" in await text_of(session)
    photo = await uploads.upload_file(session, paths=[str(upload_dir / "cat.png")], description="Upload photo")
    assert photo["via"] == "file chooser"
    assert "Photo: cat.png (32 bytes)" in await text_of(session)
    docs = await uploads.upload_file(session, paths=["cv.txt", "notes.txt"], description="Attach documents")
    assert docs["via"] == "file chooser"
    assert "Documents: cv.txt (21 bytes), notes.txt (3 bytes)" in await text_of(session)


async def test_upload_paths_outside_the_folder_are_refused(session: BrowserSession, site, upload_dir: Path) -> None:
    await goto(session, site.url_a("upload.html"))
    for bad in ("/etc/passwd", "../profile/Default/Cookies", str(upload_dir.parent / "x.txt")):
        with pytest.raises(PathNotAllowed):
            await uploads.upload_file(session, paths=[bad], description="Resume")
    with pytest.raises(InvalidInput) as info:
        await uploads.upload_file(session, paths=["missing.pdf"], description="Resume")
    assert "cv.txt" in info.value.details["files"]
    assert "Resume:" not in await text_of(session)


async def test_clicking_an_upload_button_never_opens_a_native_picker(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("upload.html"))
    with anyio.fail_after(10):
        await actions.click(session, description="Upload photo")
    assert any(e.kind == "file_chooser" for e in session.drain_events())


# ----- unreachable frames ------------------------------------------------------------------------------------
async def test_a_frame_that_cannot_answer_is_inaccessible_with_a_reason(
    session: BrowserSession, site, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session.settings, "iframe_timeout_ms", 800)
    await goto(session, site.url_a("busy_frame.html"))
    page = await session.page()
    ticker_frame = next(f for f in page.frames if f.url.startswith(site.origin_b))
    await page.evaluate("() => document.querySelector('iframe').contentWindow.postMessage('ticker-go', '*')")
    with anyio.fail_after(5):  # until the frame stops answering
        while True:
            with anyio.move_on_after(0.3) as probe:
                await ticker_frame.evaluate("() => 1")
            if probe.cancelled_caught:
                break
    with anyio.fail_after(5):
        listed = await frame_tools.list_frames(session)
    ticker = next(f for f in listed["frames"] if f.get("title") == "Stock ticker")
    assert ticker["accessible"] is False and "did not answer within 800 ms" in ticker["reason"]
    assert listed["accessible_count"] == listed["total_count"] - 1
    reachable = await frame_tools.list_frames(session, include_inaccessible=False)
    assert all(f["accessible"] for f in reachable["frames"])
    with anyio.fail_after(5):
        result = await actions.click(session, description="Refresh totals")
    assert "retry_chain" not in result  # the main frame at once: the slow frame was not waited for
    assert "Totals refreshed" in await text_of(session)


async def test_a_route_the_loaded_page_rewrites_its_address_to_keeps_the_tab(session: BrowserSession, site) -> None:
    """Issue 29 (Dagster's job links): the document navigate loaded rewrote its own address (history.replaceState,
    a router's redirect). That is not an old page's navigation overtaking ours: the tab was swapped for a fresh one
    (and the crawl's Page went stale with it)."""
    page = await session.page()
    out = await navigation.navigate(session, url=site.url_a("route_redirect.html"))
    assert "replaced_tab" not in out, out
    assert out["url"] == site.url_a("route_redirect.html?route=overview") and await session.page() is page, out

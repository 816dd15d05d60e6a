"""The gate decides by what an action will DO, through the stdio client on real Chromium (fixture pages effect_*).

Held: the step that performs a deletion, a publication or a message (the POST button of a confirmation page, "Go"
with a delete action chosen, links that delete on a GET); the human is asked once per effect (an approved "Go"
covers the app's own confirmation page of the same objects). Not held: links that only open a confirmation page or a
compose form, saves of the user's own records, search, filters, sorting, pagination. The summary is the
server's: the effect and the objects the page names. A check that cannot be made refuses the action.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp.test_security_adversarial import element_id, page_text
from tests.support.mcp_client import BrowserClient, ToolCall, browser_client

pytestmark = pytest.mark.mcp


def done(text: str) -> list[str]:
    """What the fixture page recorded as done ("Done: …" lines)."""
    return [line for line in text.splitlines() if line.startswith("Done:")]


async def held(client: BrowserClient, name: str, role: str | None = None, **kw: object) -> dict:
    before = await page_text(client)
    call = await client.call("click", element_id=await element_id(client, name, role), **kw)
    assert not call.ok and call.error["code"] == "requires_confirmation", (name, call.payload)
    assert await page_text(client) == before, f"{name} ran although it was held"
    return dict(call.error["details"])


async def runs(client: BrowserClient, tool: str, **kw: object) -> ToolCall:
    call = await client.call(tool, **kw)
    assert call.ok, (tool, kw, call.payload)
    return call


async def tick_and_choose(client: BrowserClient, titles: tuple[str, ...]) -> None:
    for title in titles:
        await runs(client, "click", element_id=await element_id(
            client, f"Select this object for an action - {title}", "checkbox"))
    await runs(client, "select_option", element_id=await element_id(client, "Action:", "combobox"),
               values=["Delete selected books"])


async def test_bulk_delete_asks_once_at_go_and_the_approval_covers_the_apps_own_question(tmp_path: Path,
                                                                                      site) -> None:
    """'Go' might delete at once, so it is held, naming exactly the ticked rows (not the rows' own ticked 'In stock'
    fields); the human's yes covers the app's own "Are you sure?" page for the same objects: asked once."""
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_list.html"))
        await tick_and_choose(client, ("Dune", "Emma", "Ulysses"))
        go = await held(client, "Go")
        assert go["summary"]["category"] == "delete"
        assert go["summary"]["objects"] == ["Dune", "Emma", "Ulysses"]
        assert go["summary"]["effect"] == ("delete 3 objects: 'Dune', 'Emma', 'Ulysses' (action 'Delete selected "
                                           "books') (page 'Select book to change')")
        assert (await client.call("confirm_action", confirmation_id=go["confirmation_id"])).ok

        assert "Are you sure you want to delete the selected books" in await page_text(client)
        yes = await runs(client, "click", element_id=await element_id(client, "Yes, I’m sure"))
        assert yes.data["approved_by"].startswith(go["confirmation_id"] + ": the human approved 'delete 3 objects")
        assert done(await page_text(client)) == ["Done: deleted 3 books by Yes, I’m sure"]
        again = await client.call("confirm_action", confirmation_id=go["confirmation_id"])
        assert again.error["code"] == "confirmation_refused"
        assert len(done(await page_text(client))) == 1


async def test_an_approval_never_covers_an_object_the_human_was_not_shown(tmp_path: Path, site) -> None:
    """The app's question names Ulysses too, which the human did not approve: held again, with its own summary.
    Reaching the same question with no approval before it is held as well."""
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_list.html"))
        await tick_and_choose(client, ("Dune", "Emma"))
        go = await held(client, "Go")
        assert go["summary"]["objects"] == ["Dune", "Emma"]
        assert (await client.call("confirm_action", confirmation_id=go["confirmation_id"])).ok
        yes = await held(client, "Yes, I’m sure")
        assert yes["summary"]["objects"] == ["Book: Dune", "Book: Emma", "Book: Ulysses"]

        await client.call("navigate", url=site.url_a("effect_confirm_bulk.html"))
        await held(client, "Yes, I’m sure")
        assert done(await page_text(client)) == []


async def test_single_delete_link_opens_the_confirmation_page_whose_button_is_held(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_edit.html"))
        opened = await runs(client, "click", element_id=await element_id(client, "Delete", "link"))
        assert opened.data["url"].endswith("effect_confirm.html")
        yes = await held(client, "Yes, I’m sure")
        assert yes["summary"]["effect"] == "delete Book 'Dune' (page 'Are you sure?')"
        await runs(client, "click", element_id=await element_id(client, "No, take me back", "link"))

        await client.call("navigate", url=site.url_a("effect_confirm_ru.html"))
        ru = await held(client, "Подтвердить")
        assert ru["summary"]["category"] == "delete" and "'Весенняя распродажа'" in ru["summary"]["effect"]
        await client.call("navigate", url=site.url_a("effect_confirm_dialog.html"))
        ok = await held(client, "OK")
        assert ok["summary"]["effect"].startswith("delete 2 objects: 'report-2025.pdf', 'budget.xlsx'")
        await runs(client, "click", element_id=await element_id(client, "Keep them"))
        await client.call("navigate", url=site.url_a("effect_confirm_publish.html"))
        publish = await held(client, "Yes")
        assert publish["summary"]["category"] == "send"


async def test_links_that_delete_on_get_are_held(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_links.html"))
        for name, category in (("Remove", "delete"), ("Delete page", "delete"), ("Delete now", "delete")):
            details = await held(client, name, "link")
            assert details["summary"]["category"] == category, details
        tokens = [e for e in (await client.call("find_interactive_elements", query="Publish", limit=20)).data[
            "elements"] if e["name"] == "Publish"]
        assert len(tokens) == 2
        second = await client.call("click", element_id=tokens[1]["id"])
        assert second.error["code"] == "requires_confirmation" and "token" in second.error["details"]["summary"][
            "reason"]
        first = await runs(client, "click", element_id=tokens[0]["id"])  # opens the publish confirmation page
        assert first.data["url"].endswith("effect_confirm_publish.html")


async def test_ordinary_work_runs_without_a_hold(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_edit.html"))
        await runs(client, "type_text", element_id=await element_id(client, "Name:"), text="Frank P. Herbert")
        await runs(client, "type_text", element_id=await element_id(client, "Contract expiry:"), text="2028-02-01")
        for name in ("Save", "Save and continue editing", "Save and add another"):
            await runs(client, "click", element_id=await element_id(client, name))
        await runs(client, "type_text", element_id=await element_id(client, "Name:"), text="F. Herbert",
                   press_enter=True)
        assert len(done(await page_text(client))) == 4

        await client.call("navigate", url=site.url_a("effect_page_editor.html"))
        await runs(client, "type_text", element_id=await element_id(client, "Expiry date/time"),
                   text="2027-05-01T10:00")
        await runs(client, "click", element_id=await element_id(client, "Save draft"))
        publish = await held(client, "Publish")
        assert publish["summary"]["category"] == "send"
        # The form commits its own Title: it names the page (whose heading only repeats it).
        assert publish["summary"]["effect"] == "send Title 'Spring sale' (button 'Publish')"
        assert publish["summary"]["objects"] == ["Title: Spring sale"]

        await client.call("navigate", url=site.url_a("effect_list.html"))
        await runs(client, "type_text", element_id=await element_id(client, "Search", "textbox"), text="dune",
                   press_enter=True)
        for name in ("Published", "Title", "Next"):
            await client.call("navigate", url=site.url_a("effect_list.html"))
            await runs(client, "click", element_id=await element_id(client, name, "link"))
        await client.call("navigate", url=site.url_a("effect_list.html"))
        await runs(client, "click", element_id=await element_id(client, "Select this object for an action - Emma",
                                                                  "checkbox"))
        await runs(client, "select_option", element_id=await element_id(client, "Action:", "combobox"),
                   values=["Mark selected books as published"])
        await runs(client, "click", element_id=await element_id(client, "Go"))
        await runs(client, "click", element_id=await element_id(client, "Save"))

        for name in ("Reply", "Ответить", "Delete", "Compose"):
            await client.call("navigate", url=site.url_a("effect_links.html"))
            await runs(client, "click", element_id=await element_id(client, name, "link"))
        send = await held(client, "Send")
        assert send["summary"]["category"] == "send"
        await runs(client, "click", element_id=await element_id(client, "Save draft"))


async def test_the_summary_names_the_page_not_a_form_inside_it(tmp_path: Path, site) -> None:
    """A page editor's inline section headings ('Content', 'Books') never stand for the page: its own Title does."""
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_page_editor.html"))
        summary = (await held(client, "Submit for moderation"))["summary"]
        assert "Title 'Spring sale'" in summary["effect"]
        assert "Content" not in summary["effect"] and "Publishing schedule" not in summary["effect"]


async def test_a_check_that_cannot_be_made_refuses_the_action(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_sabotage.html"))
        seen = await client.call("observe")  # its title getter throws: the page is still listed, with its title
        assert seen.ok and seen.data["title"] == "Account settings" and len(seen.data["elements"]) >= 3, seen.payload
        for name in ("Delete everything", "Dark theme"):
            call = await client.call("click", element_id=await element_id(client, name))
            assert call.error["code"] == "security_check_failed", call.payload
            assert "nothing was done" in call.error["message"] and "Traceback" not in str(call.payload)
        assert done(await page_text(client)) == []


async def test_an_unwritable_confirmation_folder_still_holds_the_action(tmp_path: Path, site) -> None:
    (tmp_path / "artifacts").mkdir()
    (tmp_path / "artifacts" / "pending").write_text("not a folder", encoding="utf-8")
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_confirm.html"))
        call = await client.call("click", element_id=await element_id(client, "Yes, I’m sure"))
        assert call.error["code"] == "requires_confirmation", call.payload
        assert "Traceback" not in str(call.payload)
        assert done(await page_text(client)) == []
        ordinary = await client.call("click", element_id=await element_id(client, "No, take me back", "link"))
        assert ordinary.ok


async def test_a_confirmation_page_headed_by_the_act_names_the_record_its_question_names(tmp_path: Path, site) -> None:
    """An app's own confirmation page whose heading is the act ('Delete category') and whose question names the
    record without quotes: the held summary names that record, not the heading (pretix's quota delete, issue 29)."""
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_confirm_unquoted.html"))
        call = await client.call("click", element_id=await element_id(client, "Delete"))
        assert call.error["code"] == "requires_confirmation", call.payload
        effect = call.error["details"]["summary"]["effect"]
        assert "Garden tools" in effect and not effect.startswith("delete 'Delete category'"), effect
        assert done(await page_text(client)) == []

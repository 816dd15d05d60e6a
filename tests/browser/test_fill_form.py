"""fill_form: several kinds of field in one call, each field's resulting value, nothing submitted (unless a
`submit` button is given: clicked once filled, judged by the gate then)."""

from __future__ import annotations

import pytest

from browser_core.act import actions, form_submit, forms
from browser_core.act.confirm import confirm_pending
from browser_core.errors import ConfirmationRequired, InvalidInput
from browser_core.read import capture, content
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser


async def test_fill_form_sets_every_kind_of_field_without_submitting(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("book_form.html"))
    snap = await observe(session)
    result = await forms.fill_form(session, fields=[
        {"element_id": find(snap, "Title:")["id"], "value": "A Quiet Harbour"},
        {"element_description": "Published", "value": "2024-03-01"},
        {"element_description": "Genre", "value": "History"},
        {"element_description": "In stock", "value": True},
        {"element_description": "Paperback", "value": "true"},
        {"element_description": "Contact email", "value": "not-an-email"},
    ])
    values = {f["name"]: f["value"] for f in result["fields"]}
    assert values == {"Title:": "A Quiet Harbour", "Published:": "2024-03-01", "Genre:": "History",
                      "In stock": True, "Paperback": True, "Contact email:": "not-an-email"}
    contact = result["fields"][-1]
    assert contact["invalid"] is True and contact["message"]
    page = await session.page()
    assert page.url.endswith("book_form.html")
    assert await page.text_content("main") and "Saved" not in (await page.text_content("main") or "")


async def test_fill_form_changes_nothing_when_a_field_is_wrong(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("book_form.html"))
    with pytest.raises(InvalidInput) as info:
        await forms.fill_form(session, fields=[
            {"element_description": "Title", "value": "Kept out"},
            {"element_description": "Genre", "value": "Poetry"},
        ])
    assert "nothing was filled" in info.value.message and "Fiction" in info.value.details["options"]
    page = await session.page()
    assert await page.input_value("#id_title") == ""


async def test_same_url_post_reports_navigation_title_and_message(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("book_form.html"))
    await forms.fill_form(session, fields=[{"element_description": "Title", "value": "Dawn"}])
    result = await actions.click(session, description="Save", role="button", confirmed=True)
    assert result["navigated"] is True and result["title"] == "Add book | Fixture admin"
    assert result["url"].endswith("book_form.html")
    assert any("Saved" in m["text"] for m in result["messages"])
    # the same form again, as the last listing showed it: counted, not repeated (its earlier ids work)
    assert "as on the last page" in result["as_before"] and not any('"Title:"' in e for e in result["elements"])


async def test_action_result_lists_changed_state(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    snap = await observe(session)
    box = find(snap, "In stock — row 'A Quiet Harbour'", "checkbox")
    result = await actions.click(session, element_id=box["id"])
    changed = result["elements_diff"]["changed"]
    assert [c["id"] for c in changed] == [box["id"]] and "checked" in changed[0]["state"]
    assert "navigated" not in result and "title" not in result  # the same page: its title is not said again


async def test_extract_table_keeps_control_state_links_and_paging(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    data = await content.extract(session, what="table", region="Select book to change")
    table = data["tables"][0]
    assert table["headers"][1:4] == ["Title", "Price", "In stock"]
    first, second = table["rows"]
    assert first[1]["cell"] == "The Compass and the Empire" and first[1]["link"].endswith("book_1.html")
    assert first[3] == "[x]" and second[3] == "[ ]" and first[4] == "History"
    assert table["pagination"]["pages"].startswith("2 books")


async def test_click_at_a_point_and_marked_screenshot(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("book_form.html"))
    snap = await observe(session, boxes=True)
    title = find(snap, "Title:")
    x, y, w, h = title["box"]
    result = await actions.click_at(session, x=x + w // 2, y=y + h // 2, text="Typed at a point")
    assert result["element"]["id"] == title["id"] and result["typed_chars"] == 16
    page = await session.page()
    assert await page.input_value("#id_title") == "Typed at a point"
    shot = await capture.screenshot(session, marks=True, image_format="png")
    assert shot.info["marks"] >= 6 and shot.image[:4] == b"\x89PNG"
    assert await page.evaluate(f"!document.getElementById('{session.registry.key}_marks')")


async def test_fill_form_says_what_else_its_fields_changed(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("select_all.html"))
    snap = await observe(session)
    result = await forms.fill_form(session, fields=[
        {"element_id": find(snap, "Select all rows")["id"], "value": True},
        {"element_id": find(snap, "Note")["id"], "value": "rush"},
    ])
    changed = result["elements_diff"]["changed"]
    assert sorted(e["name"] for e in changed) == ["Select ORD-1", "Select ORD-2", "Select ORD-3"]
    assert all("checked" in e.get("state", "") for e in changed)


async def test_fill_form_submit_clicks_the_button_once_the_fields_hold_their_values(session: BrowserSession,
                                                                                   site) -> None:
    await goto(session, site.url_a("book_form.html"))
    snap = await observe(session)
    save = find(snap, "Save", "button")["id"]
    try:
        result = await form_submit.fill_and_submit(
            session, fields=[{"element_id": find(snap, "Title:")["id"], "value": "Dawn"}], submit=save)
    except ConfirmationRequired as held:  # a gate that holds the save: the fields are filled, the click waits
        assert "field(s) are filled" in held.message
        result = (await confirm_pending(session, held.details["confirmation_id"]))["result"]
    assert result["navigated"] is True and any("Saved" in m["text"] for m in result["messages"])
    assert result["action"] == "fill_form" and result["fields"][0]["value"] == "Dawn"
    assert result["note"].startswith("submitted") and result["element"]["id"] == save


async def test_fill_form_submit_is_judged_by_the_gate_after_the_fields_are_set(session: BrowserSession,
                                                                              site) -> None:
    """The action select says "delete" only once filled: the Go click is held then, with the fields kept."""
    await goto(session, site.url_a("admin_list.html"))
    snap = await observe(session)
    fields: list[forms.FieldToFill] = [
        {"element_id": find(snap, "Select this object for an action - A Quiet Harbour", "checkbox")["id"],
         "value": True},
        {"element_id": find(snap, "Action:")["id"], "value": "Delete selected books"},
    ]
    with pytest.raises(ConfirmationRequired) as held:
        await form_submit.fill_and_submit(session, fields=fields, submit=find(snap, "Go", "button")["id"])
    assert "2 field(s) are filled" in held.value.message and held.value.details["confirmation_id"]
    page = await session.page()
    assert page.url.endswith("admin_list.html") and await page.input_value("select[name=action]") == "delete"

"""What a model reads on an admin's edit page (issue 21, item 3): inline rows, navigation, messages, folding,
extract's paging and ids that survive a re-render. The same cases run on the Django admin in tests/realapps."""

from __future__ import annotations

import re

import pytest

from browser_core.act import actions, navigation
from browser_core.read import content
from browser_core.session import BrowserSession
from tests.browser.helpers import goto, observe

pytestmark = pytest.mark.browser


def named(listing: list[str], name: str) -> list[str]:
    return [line for line in listing if f' "{name}"' in line]


async def test_a_new_inline_row_is_named_by_its_fields_and_position(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_inline.html"))
    snap = await observe(session)
    add = next(e for e in snap["elements"] if e["name"] == "Add another Book")
    assert "context" not in add  # the row that holds only this button is no row of data
    result = await actions.click(session, element_id=add["id"])
    added = {(e["role"], e["name"], e.get("context", "")) for e in result["elements_diff"]["added"]}
    assert ("textbox", "Title — row 2", "") in added and ("textbox", "Published — row 2", "") in added
    assert ("link", "Remove", "row 2") in added
    snap = await observe(session)
    for e in snap["elements"]:  # no field or button of a form row is named after a control or a helper link
        assert not any(word in e["name"] + e.get("context", "") for word in ("'Remove'", "'Today'", "'Choose")), e


async def test_navigation_links_get_no_row_context(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_inline.html"))
    snap = await observe(session)
    for name in ("Authors", "Books", "Add", "Open", "Show"):  # a nav table, a menu, an aside of links
        links = [e for e in snap["elements"] if e["name"] == name and e["role"] in ("link", "menuitem")]
        assert links and all("context" not in e for e in links), links
    record = next(e for e in snap["elements"] if e["name"] == "Record 1")  # a data table keeps its rows
    assert record.get("context") == "row 'owner 1'" or "context" not in record


async def test_a_success_message_keeps_its_link_text(session: BrowserSession, site) -> None:
    result = await navigation.navigate(session, url=site.url_a("admin_inline.html"))
    assert "The author “Ada Byron” was added successfully." in result["text"]
    snap = await observe(session, messages=True)
    assert {"text": "The author “Ada Byron” was added successfully."} in snap["messages"]


async def test_the_budget_never_leaves_out_a_forms_submit_buttons(session: BrowserSession, site) -> None:
    result = await navigation.navigate(session, url=site.url_a("admin_inline.html?chapters=20"))  # 40 fields first
    listing = result["elements"]
    assert "elements_more" in result  # the budget was used up by the inline fields ...
    for name in ("Save", "Save and continue editing", "Delete", "next page"):  # ... and the actions are listed
        assert len(named(listing, name)) == 1, (name, listing)
    snap = await observe(session)
    assert {"Save", "Save and continue editing", "next page"} <= {e["name"] for e in snap["elements"]}


async def test_folding_never_hides_pager_steps_and_says_what_it_folded(session: BrowserSession, site) -> None:
    result = await navigation.navigate(session, url=site.url_a("admin_inline.html"))
    listing = result["elements"]
    assert not named(listing, "Record 7") and not named(listing, "page 7")  # a table and the pager are folded
    for name in ("Save", "first page", "previous page", "next page", "last page"):
        assert len(named(listing, name)) == 1, (name, listing)
    assert len(result["folded"]) == 2, result
    for note in result["folded"]:  # said by position, never by an element's name
        assert "Record" not in note and "page" not in note.split(":")[0], note
    assert "10 rows of a table folded (rows 4-13 of 14)" in result["folded"][0]
    assert re.match(r"\d+ items of a list folded \(items 4-\d+ of 15\)", result["folded"][1]), result["folded"]
    print("folded:", result["folded"], "| digest characters:", sum(len(line) for line in listing))


async def test_extract_hints_a_next_page_only_when_there_is_one(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_inline.html"))
    first = await content.extract(session, what="table", region="Results")
    paging = first["tables"][0]["pagination"]  # type: ignore[index]
    assert paging["next"].endswith("?p=2") and "hint" in paging
    await goto(session, site.url_a("admin_inline.html?last"))
    last = await content.extract(session, what="table", region="Results")
    paging = last["tables"][0]["pagination"]  # type: ignore[index]
    assert "next" not in paging and "hint" not in paging and "12" in paging["pages"]
    await goto(session, site.url_a("admin_list.html"))  # no current page shown: the step after the numbers
    table = (await content.extract(session, what="table", region="Select book to change"))["tables"][0]  # type: ignore[index]
    assert table["pagination"]["next"].endswith("?p=2") and "hint" in table["pagination"]


async def test_an_element_re_rendered_by_a_click_keeps_its_id(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_inline.html"))
    snap = await observe(session)
    sort = next(e for e in snap["elements"] if e["name"] == "Sort by name")
    today = {e["id"] for e in snap["elements"] if e["name"] == "Today"}
    result = await actions.click(session, element_id=sort["id"])  # the bar is rebuilt: same links, new nodes
    diff = result.get("elements_diff", {})
    assert not diff.get("added") and not diff.get("removed"), diff
    again = await observe(session)
    assert next(e for e in again["elements"] if e["name"] == "Sort by name")["id"] == sort["id"]
    add = next(e for e in again["elements"] if e["name"] == "Add another Book")
    result = await actions.click(session, element_id=add["id"])  # every row's date shortcuts are rebuilt
    diff = result["elements_diff"]
    assert not diff.get("removed") and not today & {e["id"] for e in diff["added"]}
    assert [e["name"] for e in diff["added"] if e["name"] == "Today"] == ["Today"]  # only the new row's

"""Names a person would give the controls of an admin-like page, and honest description matching (issue 11)."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.errors import AmbiguousTarget
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser


async def test_names_come_from_labels_table_context_and_descriptions(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    snap = await observe(session)
    assert find(snap, "Search", "textbox")  # label holding only an image with alt text
    in_stock = find(snap, "In stock — row 'The Compass and the Empire'", "checkbox")
    assert in_stock["derived"] is True and "checked" in in_stock["state"]
    assert "unchecked" not in in_stock["state"]
    assert not [e for e in snap["elements"] if e["name"] in ("34.24", "12.50")]
    assert find(snap, "Genre — row 'A Quiet Harbour'", "combobox")["value"] == "Fiction"
    assert find(snap, "Name — row 2", "textbox")["derived"] is True
    assert find(snap, "Delete? — row 1", "checkbox")
    # Shared names get what tells them apart: the description, or the group heading.
    assert {e["context"] for e in snap["elements"] if e["name"] == "Select"} == {"Welcome home", "About us"}
    assert {e.get("context") for e in snap["elements"] if e["name"] == "Reviewer"} == {"Review: #1", "Review: #2"}
    # Text nodes are joined as they render; repeated labels are not concatenated; hidden ones are skipped.
    assert find(snap, "Help 2 (2 new items in this menu)", "link")
    assert find(snap, "Toggle theme (current theme: auto)", "button")
    assert not [e for e in snap["elements"] if e["name"] == ""]
    assert find(snap, "Action:", "combobox")


async def test_a_selection_column_without_heading_is_named_by_the_row(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    page = await session.page()
    await page.evaluate("document.getElementById('milestones').scrollIntoView()")
    snap = await observe(session)
    assert find(snap, "select row 'milestone2'", "checkbox")["derived"] is True
    assert find(snap, "Select all milestones", "checkbox")


async def test_a_fixed_sidebar_beside_the_content_is_no_overlay(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    snap = await observe(session)
    assert not any(n.startswith("overlay") for n in snap.get("notes", []))


async def test_icon_only_anchors_without_href_are_listed_and_work(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    page = await session.page()
    await page.evaluate("document.querySelector('.calendar').scrollIntoView()")
    snap = await observe(session)
    nxt = [e for e in snap["elements"] if e["name"] == "next"]  # a bare ">" glyph reads as what it does
    assert len(nxt) == 1 and nxt[0]["role"] == "clickable" and nxt[0]["derived"] is True
    assert find(snap, "previous", "clickable")
    await actions.click(session, element_id=nxt[0]["id"])
    assert await page.text_content("#month") == "4"


async def test_description_prefers_the_main_search_box_over_the_sidebar_filter(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    result = await actions.type_text(session, text="harbour", description="search box")
    assert result["element"]["name"] == "Search"
    page = await session.page()
    assert await page.input_value("#nav-filter") == ""
    assert await page.input_value("#searchbar") == "harbour"


async def test_type_text_only_considers_editable_fields(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    result = await actions.type_text(session, text="Hello", description="Title")
    assert result["element"]["role"] == "textbox" and result["value"] == "Hello"


async def test_look_alike_fields_in_the_same_region_are_ambiguous(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    page = await session.page()
    with pytest.raises(AmbiguousTarget) as info:
        await actions.type_text(session, text="Ann", description="Reviewer")
    candidates = info.value.details["candidates"]
    assert {c["context"] for c in candidates} == {"Review: #1", "Review: #2"}
    assert all(c["region"] == "main" for c in candidates)
    assert await page.input_value("#r0") == "" and await page.input_value("#r1") == ""


async def test_select_option_only_considers_selects(session: BrowserSession, site) -> None:
    # "action" is also in the name of every row's selection checkbox: only the select is a candidate.
    await goto(session, site.url_a("admin_list.html"))
    page = await session.page()
    result = await actions.select_option(session, values=["Delete selected books"], description="action")
    assert result["element"]["role"] == "combobox" and result["element"]["name"].startswith("Action")
    assert await page.eval_on_selector("select[name=action]", "s => s.value") == "delete"
    assert await page.eval_on_selector_all("input[type=checkbox]:checked", "els => els.length") == 1  # as loaded


async def test_look_alike_selects_are_ambiguous_with_id_name_and_region(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_list.html"))
    page = await session.page()
    with pytest.raises(AmbiguousTarget) as info:
        await actions.select_option(session, values=["Fiction"], description="Genre")
    candidates = info.value.details["candidates"]
    assert {c["name"] for c in candidates} == {"Genre — row 'The Compass and the Empire'",
                                               "Genre — row 'A Quiet Harbour'"}
    assert all(c["id"] and c["region"] == "main" and c["role"] == "combobox" for c in candidates)
    assert await page.eval_on_selector("select[name='form-0-genre']", "s => s.value") == "History"  # unchanged


async def test_a_label_for_a_hidden_or_missing_field_names_the_one_field_beside_it(
        session: BrowserSession, site) -> None:
    await goto(session, site.url_a("names_stranded_labels.html"))
    snap = await observe(session)
    boxes = [e for e in snap["elements"] if e["role"] == "textbox"]
    names = [e["name"] for e in boxes]
    # The label's for= points at a hidden input, an id never rendered, a textarea out of view: the one field of
    # the label's own block gets the label's words, as a person reads them.
    assert not find(snap, "Method", "textbox").get("derived")
    assert find(snap, "Servings", "textbox")
    assert find(snap, "Kitchen notes", "textbox")
    assert find(snap, "Where it came from", "textbox")  # its own name is kept
    assert "Source" not in names, "|".join(names)
    assert "Variations" not in names, names  # two fields in the block: no guess
    assert "Vegan" not in names, names  # a hidden box's label is the box's own face

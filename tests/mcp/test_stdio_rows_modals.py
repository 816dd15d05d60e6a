"""Over stdio, what a model reads of a data grid, a basket and a modal over a crowded page (issue 19)."""

from __future__ import annotations

import re

import pytest

from tests.support.mcp_client import BrowserClient

pytestmark = pytest.mark.mcp


async def test_grid_rows_icons_extract_and_text_order(client: BrowserClient, site) -> None:
    assert (await client.call("navigate", url=site.url_a("grid_runs.html"))).ok
    page = (await client.call("observe")).data
    assert all(e["name"].strip() for e in page["elements"])
    checkboxes = [e for e in page["elements"] if e["role"] == "checkbox" and e["name"].startswith("Press Space")]
    assert checkboxes and all(re.fullmatch(r"row 'run-\d+ [a-z-]+'", e["context"]) for e in checkboxes)
    deletes = [e for e in page["elements"] if e["name"] == "delete run"]
    assert {e["context"] for e in deletes} == {e["context"] for e in checkboxes}
    # The model targets a row's control by its words and the row's.
    row = checkboxes[2]["context"][5:-1]
    found = await client.call("find_interactive_elements", query=f"edit {row}")
    assert found.ok and found.data["elements"][0]["context"] == f"row '{row}'"
    assert found.data["elements"][0]["name"] == "edit"
    table = (await client.call("extract", what="table")).data["tables"][0]
    names = [r[1].removeprefix("#434a93 ") for r in table["rows"]]  # after the swatch's hidden label
    assert table["headers"][1] == "Run name" and len(names) == 25
    text = (await client.call("get_page_text", max_length=15000)).data["text"]
    assert all(n in text for n in names) and sorted(names, key=text.index) == names  # the grid's order


async def test_a_modal_over_a_crowded_page_comes_first(client: BrowserClient, site) -> None:
    assert (await client.call("navigate", url=site.url_a("modal_big.html"))).ok
    page = (await client.call("observe")).data
    opener = next(e["id"] for e in page["elements"] if e["name"] == "Export")  # a layer with no ARIA at all
    assert (await client.call("click", element_id=opener)).ok
    page = (await client.call("observe")).data
    assert {e["name"] for e in page["elements"][:3]} == {"Format", "Download export", "Not now"}
    assert page["notes"][0].startswith("modal dialog open: 'Export runs'")


async def test_click_selected_items_take_modifier_clicks_and_a_stale_id_is_refused(client: BrowserClient, site) -> None:
    assert (await client.call("navigate", url=site.url_a("spa_files.html"))).ok
    page = (await client.call("observe")).data
    ids = {e["name"]: e["id"] for e in page["elements"] if e["role"] == "clickable"}
    assert len(ids) == 11  # every file of the list, though none is focusable
    assert (await client.call("click", element_id=ids["notes.txt"])).ok
    held = await client.call("click", element_id=ids["logo.svg"], modifiers=["Control"])
    assert held.ok and held.data["action"] == "Control+click"
    text = (await client.call("get_page_text")).data["text"]
    assert "selected: logo.svg, notes.txt" in text
    bad = await client.call("click", element_id=ids["logo.svg"], modifiers=["Hyper"])
    assert not bad.ok and bad.error["code"] == "invalid_input"
    page = (await client.call("observe")).data
    suppliers = [e for e in page["elements"] if e["name"] == "Acme Supply"]
    assert len({e["context"] for e in suppliers}) == 5  # rows keyed by their product, not the shared link

"""Issue 21, item 3, on the Django admin (corpus/django_library) through the stdio MCP server: a new inline row is
named by its fields and position, sidebar links carry no row context, a success message keeps its link text,
the form's Save buttons are listed, extract hints a next page only when there is one and its wrapper markers stay
small, and the date shortcuts the admin rebuilds on "Add another Book" keep their ids. Nothing is added: the
author is saved unchanged."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from corpus.host import Host

APP = "django_admin"
MARKER = re.compile(r"\n?⟦/?page-content [^⟧]*⟧\n?")


@pytest.mark.parametrize("app_name", [APP])
async def test_django_admin_inline_rows_navigation_and_messages(app_name: str, corpus_apps, host: Host) -> None:
    app = corpus_apps.get(app_name)
    await host.login(app)
    opened = await host.call("navigate", url=app.url("/admin/library/author/1/change/"))
    assert opened["success"], opened
    page = (await host.call("observe"))["data"]["elements"]
    sidebar = [e for e in page if e["role"] == "link" and e["name"] in ("Groups", "Users", "Authors", "Books")]
    assert sidebar and not any(e.get("context", "").startswith("row") for e in sidebar), sidebar
    today = {e["id"] for e in page if e["name"] in ("Today", "Choose a Date")}
    assert {"Save", "Save and add another", "Save and continue editing"} <= {e["name"] for e in page}  # past the budget
    found = (await host.call("find_interactive_elements", query="Add another Book"))["data"]["elements"]
    add = next(e for e in found if e["name"] == "Add another Book")
    clicked = (await host.call("click", element_id=add["id"]))["data"]
    diff = clicked["elements_diff"]
    added = list(diff["added"])
    assert not diff.get("removed") and not today & {e["id"] for e in added}, diff  # the rebuilt shortcuts kept ids
    row = re.compile(r"^row \d+$")
    # The new row: its fields by column and position ("Title — row 6"), its Remove button by its row ("row 6"); an
    # existing row is named by its book. No field is named after the Remove button or a date shortcut.
    found = (await host.call("find_interactive_elements", query="Remove", limit=100))["data"]["elements"]
    remove = [e for e in found if e["name"] == "Remove"]
    assert remove and all(row.match(e.get("context", "")) for e in remove), remove
    number = remove[-1]["context"].split()[-1]
    found = (await host.call("find_interactive_elements", query=f"row {number}", limit=100))["data"]["elements"]
    fields = {e["role"] for e in found if e["name"].endswith(f" — row {number}")}
    assert fields >= {"textbox", "combobox", "checkbox"}, found
    listed = (await host.call("observe"))["data"]["elements"] + found + added
    assert not any(re.search(r"'(Remove|Today|Choose a Date)'", e["name"] + e.get("context", "")) for e in listed)
    save = next(e for e in (await host.call("observe"))["data"]["elements"] if e["name"] == "Save")
    saved = await host.call("click", element_id=save["id"])
    assert saved["success"], saved
    data: dict[str, Any] = saved["data"]
    said = " ".join(m["text"] for m in data.get("messages", [])) + data.get("text", "")
    assert "The author “Ada Lindqvist” was changed successfully." in said, data
    assert "“\n”" not in said
    print("after Save:", data.get("folded"), "| digest lines:", len(data["elements"]))
    for note in data.get("folded", []):
        assert "Ada" not in note and "Select this object" not in note, note


@pytest.mark.parametrize("app_name", [APP])
async def test_django_admin_extract_paging_and_markers(app_name: str, corpus_apps, host: Host) -> None:
    app = corpus_apps.get(app_name)
    await host.login(app)
    total = markers = 0
    for path, has_next in (("/admin/library/book/", True), ("/admin/library/book/?p=10", False),
                           ("/admin/library/author/", True), ("/admin/library/author/?p=2", False)):
        assert (await host.call("navigate", url=app.url(path)))["success"]
        result = await host.call("extract", what="auto")
        table = result["data"]["tables"][0]
        paging = table.get("pagination", {})
        assert ("next" in paging and "hint" in paging) == has_next, (path, paging)
        text = json.dumps(result, ensure_ascii=False)
        size, found = len(text), sum(len(m.group(0)) for m in MARKER.finditer(text))
        print(f"extract {path:32} {size:6} chars, markers {found} ({100 * found / size:.1f}%)")
        total, markers = total + size, markers + found
    assert markers <= 0.05 * total


@pytest.mark.parametrize("app_name", [APP])
async def test_django_admin_ticking_a_row_says_the_selection_count_it_changed(
    app_name: str, corpus_apps, host: Host
) -> None:
    """Ticking a row's box changes no document: the result carries the line of page text that changed (the
    admin's own "1 of N selected"), so no page read is needed to see the selection."""
    app = corpus_apps.get(app_name)
    await host.login(app)
    assert (await host.call("navigate", url=app.url("/admin/library/author/")))["success"]
    page = (await host.call("observe"))["data"]
    before = re.search(r"0 of (\d+) selected", MARKER.sub("\n", page["text"]))
    assert before, page["text"]
    box = next(e for e in page["elements"] if e["role"] == "checkbox" and "Ada Lindqvist" in e["name"])
    ticked = (await host.call("click", element_id=box["id"]))["data"]
    assert not ticked.get("navigated"), ticked
    assert f"1 of {before.group(1)} selected" in MARKER.sub("\n", ticked.get("new_text", "")), ticked
    print("after the tick:", json.dumps(ticked, ensure_ascii=False)[:600])

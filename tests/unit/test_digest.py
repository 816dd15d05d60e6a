"""The digest of a new page (browser_core.read.changes.digest) on plain data: folding and what is not repeated."""

from __future__ import annotations

from typing import Any

from browser_core.page.registry import ElementRegistry
from browser_core.read.changes import _without, digest


def _page(rows: int, menu_box: list[int]) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    elements = [{"id": "e1", "role": "link", "name": "Home"}, {"id": "e2", "role": "textbox", "name": "Search"}]
    layout = {"e1": {"region": "navigation", "group": "", "unit": 0, "box": menu_box},
              "e2": {"region": "main", "group": "", "unit": 0, "box": [0, 40, 100, 20]}}
    for n in range(rows):
        for kind in ("checkbox", "link"):
            element_id = f"e{10 + 2 * n + (kind == 'link')}"
            elements.append({"id": element_id, "role": kind, "name": f"Row {n + 1}"})
            layout[element_id] = {"region": "main", "group": "t1", "unit": n + 1, "box": [0, 100 + 20 * n, 50, 20]}
    return elements, layout


def test_a_long_table_keeps_its_first_rows_and_its_last() -> None:
    elements, layout = _page(14, [0, 0, 50, 20])
    out = digest(ElementRegistry(), elements, layout, 900)
    rows = {line.split('"')[1] for line in out["elements"] if "Row" in line}
    assert rows == {"Row 1", "Row 2", "Row 3", "Row 14"}
    assert out["folded"][0].startswith("10 rows of a table folded (rows 4-13 of 14)")
    assert not any(f"Row {n}" in out["folded"][0] for n in range(1, 15))  # said by position, not by a name


def test_a_short_table_and_a_form_are_not_folded() -> None:
    elements, layout = _page(12, [0, 0, 50, 20])  # a search's page of results (ten rows) is read whole
    assert "folded" not in digest(ElementRegistry(), elements, layout, 900)
    elements, layout = _page(12, [0, 0, 50, 20])
    for e in elements:
        if e["role"] == "checkbox":
            e["role"] = "textbox"  # an inline formset: every row has a field to fill
    assert "folded" not in digest(ElementRegistry(), elements, layout, 900)


def test_menu_elements_shown_before_are_counted_not_repeated() -> None:
    registry = ElementRegistry()
    elements, layout = _page(2, [0, 0, 50, 20])
    first = digest(registry, elements, layout, 900)
    assert 'e1 link "Home"' in first["elements"] and "as_before" not in first
    again = digest(registry, elements, layout, 900)
    assert 'e1 link "Home"' not in again["elements"] and again["as_before"].startswith("1 header/menu")
    assert 'e2 textbox "Search"' in again["elements"]  # the page's own content is always listed
    elements.append({"id": "e99", "role": "link", "name": "Home"})  # two of them: an old id would be ambiguous
    layout["e99"] = {"region": "navigation", "group": "", "unit": 0, "box": [0, 30, 50, 20]}
    assert 'e1 link "Home"' in digest(registry, elements, layout, 900)["elements"]


def test_the_text_excerpt_drops_element_names_and_repeated_lines() -> None:
    assert _without("Books\nSearch:\n25 results\nnew\nnew\nSearch", {"search", "books"}) == "25 results\nnew"

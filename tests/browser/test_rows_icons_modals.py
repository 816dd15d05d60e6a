"""Controls a model can reach (issue 19): rows of grids and lists told apart, icon-only controls named, pagination
and select-all read as a person would, an open modal's controls listed first, grids extracted, text in the order
it is seen. Fixture pages mimic the markup of ag-grid, MUI DataGrid, Bootstrap, Vuetify and common icon sets."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest

from browser_core.page.observation import search_elements
from browser_core.read.content import extract, page_text
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser

RUN = re.compile(r"^run-\d+ [a-z]+-[a-z]+$")
NEVER_A_NAME = {"subtle", "light", "only", "bois", "du", "lg", "sm", "muted", "btn", "icon", "solid", "outline"}
ROW_ACTIONS = {"Press Space to toggle row selection (unchecked)", "delete run", "edit", "copy", "more actions",
               "Compare with baseline"}


def words(name: str) -> set[str]:
    return set(re.findall(r"[a-z]+", name.lower()))


async def visual_run_order(session: BrowserSession) -> list[str]:
    """The run names from top to bottom as the grid shows them (rows are placed by translateY)."""
    page = await session.page()
    return list(await page.evaluate("""() => Array.from(document.querySelectorAll('[col-id=name] a'))
      .map((a) => [a.getBoundingClientRect().top, a.textContent]).sort((x, y) => x[0] - y[0]).map((x) => x[1])"""))


async def test_every_grid_row_control_carries_its_row(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("grid_runs.html"))
    snap = await observe(session, boxes=True)
    assert not [e for e in snap["elements"] if not e["name"].strip()], "no unnamed control"
    assert find(snap, "select all rows", "checkbox")["derived"] is True
    links = {e["name"]: e for e in snap["elements"] if e["role"] == "link" and RUN.match(e["name"])}
    by_row: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in snap["elements"]:
        if e.get("context", "").startswith("row '"):
            by_row[e["context"][5:-1]].append(e)
    assert len(by_row) >= 10
    for label, controls in by_row.items():
        assert {c["name"] for c in controls} == ROW_ACTIONS, label
        link = links[label]  # the row's own link names it and needs no context
        assert "context" not in link
        for c in controls:  # each control sits in the row it names, on screen
            assert abs(c["box"][1] + c["box"][3] / 2 - (link["box"][1] + link["box"][3] / 2)) < 12, (label, c)
    # All 25 selection checkboxes (most beyond the observe budget) are told apart by their row.
    page = await session.page()
    boxes, _ = await search_elements(page, session.registry, session.settings, role="checkbox", limit=100)
    rows = {e.context for e in boxes if e.name.startswith("Press Space")}
    assert len(rows) == 25 and all(r.startswith("row 'run-") for r in rows)


async def test_icon_only_controls_are_named_by_what_they_do(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("grid_runs.html"))
    snap = await observe(session)
    toolbar = [e["name"] for e in snap["elements"] if e["role"] == "button" and "context" not in e][:10]
    assert toolbar == [
        "refresh",           # glyphicon class
        "delete",            # lucide svg class (trash-2)
        "settings",          # <ion-icon name=settings-outline>
        "download",          # tabler webfont class
        "Filter runs",       # tooltip through aria-describedby
        "Expand all",        # <svg><title>
        "Columns",           # visually hidden text
        "toggle sidebar",    # data-cy words
        "Refresh metrics",   # title on a design-system icon button
        "full screen",       # material ligature in <mat-icon>
    ]
    for e in snap["elements"]:
        assert not words(e["name"]) & NEVER_A_NAME, e
    first_row = next(e["context"] for e in snap["elements"] if e.get("context", "").startswith("row '"))
    row = [e for e in snap["elements"] if e.get("context") == first_row]
    assert {e["name"] for e in row} == ROW_ACTIONS  # test id, FA class, sprite <use>, ligature, Bootstrap tooltip


async def test_pagination_and_icon_paginators_read_as_pages(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("grid_runs.html"))
    page = await session.page()
    await page.evaluate("document.querySelector('nav').scrollIntoView()")
    snap = await observe(session)
    pager = [e for e in snap["elements"] if e["role"] == "button" and "page" in e["name"]]
    assert [e["name"] for e in pager] == ["previous page", "page 1", "page 2", "page 3", "next page"]
    assert "current" in pager[2]["state"]
    await goto(session, site.url_a("cart.html"))
    snap = await observe(session)
    assert [e["name"] for e in snap["elements"][-4:]] == ["previous page", "page 1", "page 2", "next page"]


async def test_basket_lines_and_list_items_name_their_line(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("cart.html"))
    snap = await observe(session)
    assert not [e for e in snap["elements"] if not e["name"].strip()]
    for product in ("Linen shirt", "Wool beanie", "Canvas sneakers"):
        line = {e["name"]: e for e in snap["elements"] if e.get("context") == product}
        assert set(line) == {"quantity", "Update", "Remove"}, product
        assert line["quantity"]["role"] == "spinbutton"
    for item in ("Rain jacket", "Leather belt"):
        assert {e["name"] for e in snap["elements"] if e.get("context") == item} == {"Move to basket", "Share"}
    # An MUI icon (its data-testid) in rows labelled by aria-label.
    views = {e["context"] for e in snap["elements"] if e["name"] == "view"}
    assert views == {"row 'Order 1042'", "row 'Order 1017'"}
    assert "context" not in find(snap, "Proceed to checkout")


@pytest.mark.parametrize(("opener", "title", "controls"), [
    ("Manage selection", "Delete 3 runs?", ["Close", "Cancel", "Delete"]),  # Bootstrap: role=dialog, aria-modal
    ("Archive", "Archive this experiment", ["Keep it", "Archive now"]),    # <dialog> opened with showModal()
    ("Export", "Export runs", ["Format", "Download export", "Not now"]),    # a fixed layer with no ARIA at all
])
async def test_an_open_modal_is_listed_first_over_a_crowded_page(
    session: BrowserSession, site, opener: str, title: str, controls: list[str]
) -> None:
    await goto(session, site.url_a("modal_big.html"))
    before = await observe(session)
    assert before["counts"]["total"] > 400 and not any("modal" in n for n in before.get("notes", []))
    page = await session.page()
    await page.get_by_role("button", name=opener, exact=True).click()
    snap = await observe(session)
    first = snap["elements"][: len(controls)]
    assert sorted(e["name"] for e in first) == sorted(controls)
    assert snap["notes"][0].startswith(f"modal dialog open: '{title}'")
    assert f"its {len(controls)} element(s) are listed first" in snap["notes"][0]
    assert len(snap["elements"]) <= session.settings.max_elements


async def test_extract_reads_an_aria_grid_as_a_table_in_screen_order(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("grid_runs.html"))
    data = await extract(session, what="table")
    tables: Any = data["tables"]
    grid = tables[0]
    assert grid["caption"] == "Runs"
    assert grid["headers"][1:] == ["Run name", "Status", "Duration", "Actions"]
    assert grid["total_rows"] == 25
    assert all(row[0] == "[ ]" and len(row) == 5 for row in grid["rows"])  # the pinned column joined to its row
    # A name cell reads as a person reads it: the swatch's hidden label ("#434a93"), then the run's name, once.
    assert [row[1].removeprefix("#434a93 ") for row in grid["rows"]] == await visual_run_order(session)
    await goto(session, site.url_a("cart.html"))
    orders: Any = (await extract(session, what="table", region="Recent orders"))["tables"]
    assert orders[0]["headers"][:3] == ["Order", "Placed", "Total"]
    assert [r[0] for r in orders[0]["rows"]] == ["#1042", "#1017"]


async def test_page_text_follows_the_order_on_screen(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("grid_runs.html"))
    text = (await page_text(session, max_length=15000))["text"]
    shown = await visual_run_order(session)
    in_text = [line for line in text.splitlines() if RUN.match(line)]
    assert in_text == shown
    page = await session.page()
    dom = await page.evaluate("() => Array.from(document.querySelectorAll('[col-id=name] a'), (a) => a.textContent)")
    assert dom != shown  # the DOM's order is not what the page shows
    board = [line for line in text.splitlines() if "place:" in line]
    assert board == ["First place: brave-owl", "Second place: quiet-elk", "Third place: gentle-fox"]


async def test_a_click_by_id_survives_a_grid_that_redraws_its_rows_on_scroll(session: BrowserSession, site) -> None:
    """The listed checkbox is replaced by a new element while it is scrolled into view (a virtualised grid): the
    click finds the id's element again by its row and ticks that row's box, not another."""
    from browser_core.act import actions

    await goto(session, site.url_a("grid_redraw.html"))
    boxes = [e for e in (await search_elements(await session.page(), session.registry, session.settings,
                                                query="Select row", limit=100))[0] if e.role == "checkbox"]
    far = next(e for e in boxes if "run-33" in e.context)
    result = await actions.click(session, element_id=far.id)
    page = await session.page()
    assert await page.text_content("#ticked") == "Ticked: run-33", result


async def test_controls_with_no_label_are_named_by_what_a_person_reads_beside_them(
        session: BrowserSession, site) -> None:
    """A facet's box is named by the words after it under its list's title (never 'none', its value); a picker's
    empty close link by the last word of its part's class; an icon button by the last step of its component path;
    an icon-only link by where it goes (the root: home). None is named 'icon', a class or a role word."""
    await goto(session, site.url_a("names_unlabelled.html"))
    snap = await observe(session)
    boxes = [e["name"] for e in snap["elements"] if e["role"] == "checkbox"]
    assert boxes == ["Kind: shrub", "Kind: tree", "Stars: None"]
    assert find(snap, "close", "link")
    assert find(snap, "refresh", "button")
    links = [e["name"] for e in snap["elements"] if e["role"] == "link"][:2]
    assert links == ["home", "settings"]
    for e in snap["elements"]:  # the facet link's own word 'None' is the page's, not a name made up
        assert e["name"].strip() and e["name"].lower() not in {"icon", "link", "button"}, e


async def test_an_unnamed_icon_in_a_column_heading_opens_that_columns_options(session: BrowserSession, site) -> None:
    """Each sortable heading's gear (an svg with a click handler, nothing naming it) reads as its column's options;
    the site menu's summary, named 'Menu' by its svg title, is a disclosure (collapsed)."""
    await goto(session, site.url_a("heading_gears.html"))
    snap = await observe(session)
    assert find(snap, "Name options")["role"] == "clickable"
    assert find(snap, "Height options")["role"] == "clickable"
    assert "collapsed" in find(snap, "Menu", "button").get("state", "")


async def test_a_lines_controls_carry_its_title_though_a_closed_menu_holds_many_commands(
    session: BrowserSession, site
) -> None:
    """Lines of blocks (no table, no list), each with a tick box and an options glyph whose menu of 14 commands is
    built but closed: the menu's commands are not drawn, so the line is still a line, and its controls are named
    or keyed by its title (Kiwi TCMS's test-case list, kiwi trial c; other words and markup)."""
    await goto(session, site.url_a("loan_lines.html"))
    snap = await observe(session)
    titles = ["The Salt Path", "Wolf Hall", "A Month in the Country", "Small Island"]
    ticks = [e for e in snap["elements"] if e["role"] == "checkbox" and "field checkbox" not in e["name"]]
    assert [e["name"] for e in ticks] == [f"select row '{t}'" for t in titles]  # before: '' under 'Branch loans'
    toggles = [e for e in snap["elements"] if e["role"] == "button" and e["name"] != "Erase"]
    assert [e.get("context") for e in toggles] == titles

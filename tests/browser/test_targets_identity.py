"""No wrong target and no id drift, every row reachable by a key that tells rows apart (issue 29). The fixture
imitates a single-page app: a file list of click-selected items whose nodes a framework reuses after a delete, a
product table whose rows share a supplier link, icon-only controls, a pager of glyphs, and editors that put the
caret at the start when they gain the focus."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.act import actions
from browser_core.errors import ElementNotFound, StaleElement
from browser_core.page.targets import resolve_target
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser

FILES = [
    "report.csv",
    "notes.txt",
    "budget.xlsx",
    "photo.png",
    "draft.md",
    "slides.pdf",
    "todo.txt",
    "logo.svg",
    "data.json",
    "readme.md",
    "archive.zip",
]
PRODUCTS = ["Garden Chair", "Patio Table", "Sun Lounger", "Parasol", "Hammock"]


async def resolve(session: BrowserSession, description: str):  # type: ignore[no-untyped-def]
    page = await session.page()
    return await resolve_target(page, session.registry, session.settings, element_id=None, description=description)


async def status(session: BrowserSession) -> str:
    page = await session.page()
    return str(await page.evaluate("() => document.getElementById('status').textContent"))


async def files_page(session: BrowserSession, site: Any) -> dict[str, Any]:
    await goto(session, site.url_a("spa_files.html"))
    return await observe(session)


async def test_a_weak_description_is_not_found_and_lists_the_nearest(session: BrowserSession, site) -> None:
    await files_page(session, site)
    # An icon-only "new" action and a sidebar link sharing one word: no silent pick of the link.
    with pytest.raises(ElementNotFound) as info:
        await resolve(session, "new workflow button")
    candidates = info.value.details["candidates"]
    assert candidates and candidates[0]["role"] == "button"  # the toolbar's icon, by its place under "Workflows"
    assert all(c["match"] < 0.9 for c in candidates)
    # A row checkbox described by its row is the row's, never the select-all box.
    for product in PRODUCTS:
        target = await resolve(session, f"the checkbox of {product}")
        assert target.role == "checkbox" and target.name == f"select row '{product}'", target.describe()
    with pytest.raises(ElementNotFound):
        await resolve(session, "checkbox of Deck Chair")
    # A description every word of which the element answers still resolves at once.
    assert (await resolve(session, "Delete selected")).name == "Delete selected"
    assert (await resolve(session, "next page")).name == "next page"


async def test_rows_are_keyed_by_the_cell_that_tells_them_apart(session: BrowserSession, site) -> None:
    snap = await files_page(session, site)
    suppliers = [e for e in snap["elements"] if e["role"] == "link" and e["name"] == "Acme Supply"]
    assert [e.get("context") for e in suppliers] == [f"row '{p}'" for p in PRODUCTS]
    menus = [e for e in snap["elements"] if e["role"] == "button" and e.get("context", "").startswith("row ")]
    assert [e["name"] for e in menus] == ["more actions"] * 5
    assert len({e["context"] for e in menus}) == 5


async def test_pager_glyphs_read_as_page_controls(session: BrowserSession, site) -> None:
    snap = await files_page(session, site)
    names = [
        e["name"]
        for e in snap["elements"]
        if e["role"] == "link" and e.get("name", "").startswith(("previous", "next", "page"))
    ]
    assert names == ["previous page", "page 1", "page 2", "page 3", "next page", "page 1", "page 2"]
    assert [e["name"] for e in snap["elements"] if e["role"] == "link" and e.get("name", "").endswith(" page")] == [
        "previous page", "next page", "first page", "last page"]  # a class's "link" word is no name


async def test_click_selected_items_are_listed_and_take_modifier_and_right_clicks(
    session: BrowserSession, site
) -> None:
    snap = await files_page(session, site)
    items = {f: find(snap, f, "clickable")["id"] for f in FILES}
    assert len(items) == 11
    await actions.click(session, element_id=items["notes.txt"])
    assert await status(session) == "selected: notes.txt"
    await actions.click(session, element_id=items["todo.txt"], modifiers=["Control"])
    assert await status(session) == "selected: notes.txt, todo.txt"
    out = await actions.click(session, element_id=items["photo.png"], modifiers=["Shift"])
    assert out["action"] == "Shift+click"
    assert await status(session) == "selected: draft.md, notes.txt, photo.png, slides.pdf, todo.txt"
    out = await actions.click(session, element_id=items["readme.md"], button="right")
    assert out["action"] == "right_click"
    assert await status(session) == "menu for readme.md"


async def test_an_id_whose_node_now_shows_another_item_is_stale(session: BrowserSession, site) -> None:
    snap = await files_page(session, site)
    report, notes = find(snap, "report.csv", "clickable")["id"], find(snap, "notes.txt", "clickable")["id"]
    await actions.click(session, element_id=report)
    await actions.click(session, description="Delete selected", confirmed=True)
    # The list kept its nodes and rewrote their text: report.csv's node now shows notes.txt.
    with pytest.raises(StaleElement) as info:
        await actions.click(session, element_id=report)
    assert "report.csv" in info.value.message
    assert await status(session) == "none"
    # notes.txt moved to another node: its id finds it again by what it is.
    out = await actions.click(session, element_id=notes)
    assert out["element"]["name"] == "notes.txt"
    assert await status(session) == "selected: notes.txt"


async def test_a_node_reused_without_a_scan_between_is_stale(session: BrowserSession, site) -> None:
    snap = await files_page(session, site)
    budget = find(snap, "budget.xlsx", "clickable")["id"]
    page = await session.page()
    await page.evaluate("() => { files.splice(files.indexOf('budget.xlsx'), 1); render(); }")
    with pytest.raises(StaleElement) as info:
        await actions.click(session, element_id=budget)
    assert "now shows clickable 'photo.png'" in info.value.message
    assert await status(session) == "none"


@pytest.mark.parametrize(
    ("label", "read", "before"),
    [
        ("Script", "() => document.getElementById('lines').innerText", "line two"),
        ("Notes", "() => document.getElementById('prose').innerText", "Last paragraph."),
        ("Query", "() => window.queryText()", "FROM runs"),
    ],
)
async def test_typing_without_clearing_appends_at_the_end(
    session: BrowserSession, site, label: str, read: str, before: str
) -> None:
    await goto(session, site.url_a("editors.html"))
    snap = await observe(session)
    field = find(snap, label, "textbox")["id"]
    await actions.type_text(session, text=" -- appended", element_id=field, clear_first=False)
    page = await session.page()
    text = str(await page.evaluate(read)).strip()
    assert text.endswith(before + " -- appended"), text


@pytest.mark.parametrize(
    ("label", "read"),
    [
        ("Script", "() => document.getElementById('lines').innerText"),
        ("Notes", "() => document.getElementById('prose').innerText"),
        ("Query", "() => window.queryText()"),
    ],
)
async def test_typing_with_clearing_replaces_the_whole_document(session: BrowserSession, site, label: str,
                                                                read: str) -> None:
    """A code editor's document lives in script, behind a hidden text area: filling that text area inserted the new
    text before the old (phpMyAdmin's SQL box: a typed DELETE ran with the prefilled SELECT after it)."""
    await goto(session, site.url_a("editors.html"))
    field = find(await observe(session), label, "textbox")["id"]
    await actions.type_text(session, text="SELECT 1", element_id=field)
    page = await session.page()
    assert str(await page.evaluate(read)).strip() == "SELECT 1"


async def test_fields_are_named_by_the_label_beside_them_and_custom_buttons_by_their_slot(
    session: BrowserSession, site
) -> None:
    await goto(session, site.url_a("spa_form.html"))
    snap = await observe(session)
    for label in ("Project name", "Owner email", "Budget"):
        assert find(snap, label)["role"] in ("textbox", "spinbutton")
    search = [e for e in snap["elements"] if e["role"] == "searchbox"]
    assert len(search) == 1 and search[0]["name"] != "All"  # a custom select's chosen option names no field
    typed = await actions.type_text(session, text="Apollo", description="Project name")
    assert typed["element"]["name"] == "Project name"
    save = find(snap, "Save draft", "button")["id"]
    out = await actions.click(session, element_id=save)
    assert out["element"]["name"] == "Save draft"
    assert await status(session) == "clicked save"

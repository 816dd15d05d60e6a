"""Controls named by their purpose from structure, never by their glyph, a role word or nothing (issue 29 §4; the
Prefect and Dagster trials, docs/trials/): icon-font ligatures and identifier-labelled icon images, pagers with no
numbered buttons, row menus that declare no popup, and toggles whose words sit beside them."""

from __future__ import annotations

import pytest

from browser_core.session import BrowserSession
from tests.browser.helpers import observe

pytestmark = pytest.mark.browser


async def _snap(session: BrowserSession, url: str) -> list[dict]:
    page = await session.page()
    await page.goto(url)
    await page.evaluate("() => document.fonts.ready.then(() => true)")
    return (await observe(session))["elements"]


def _named(elements: list[dict], role: str) -> list[tuple[str, str]]:
    return [(e["name"], e.get("context", "")) for e in elements if e["role"] == role]


async def test_a_ligature_icon_is_named_by_purpose_not_its_glyph_word(session: BrowserSession, site) -> None:
    buttons = _named(await _snap(session, site.url_a("icons_ligature.html")), "button")
    names = [n for n, _ in buttons]
    assert not any("_" in n for n in names if n != "snake_case_words"), buttons
    assert "refresh" in names and "copy" in names and "expand" in names, buttons
    menus = sorted(c for n, c in buttons if n == "more actions")
    assert menus == ["hourly_export", "model_features", "nightly_sync", "orders_raw", "weekly_digest"], buttons
    assert "snake_case_words" in names and "III" in names, "words drawn as words stay the control's name"


async def test_a_pager_of_icon_steps_around_a_page_indicator(session: BrowserSession, site) -> None:
    buttons = _named(await _snap(session, site.url_a("pager_steps.html")), "button")
    names = [n for n, _ in buttons]
    assert names[:6] == ["previous page", "next page", "first page", "previous page", "next page", "last page"], buttons
    assert "Past 7 days" in names
    assert not any(n.endswith(" page") for n in names[6:]), "arrows around a range button are no pager"


async def test_an_icon_button_ending_a_row_is_that_rows_menu(session: BrowserSession, site) -> None:
    buttons = _named(await _snap(session, site.url_a("row_menu.html")), "button")
    menus = [(n, c) for n, c in buttons if n == "more actions"]
    assert len(menus) == 4 and len({c for _, c in menus}) == 4, buttons
    assert any("nightly-orders" in c for _, c in menus) and any("owner_email" in c for _, c in menus), menus


async def test_a_toggle_is_named_by_the_words_structure_ties_to_it(session: BrowserSession, site) -> None:
    elements = await _snap(session, site.url_a("toggles_tied.html"))
    assert [n for n, _ in _named(elements, "switch")] == ["Hide paused"], elements
    boxes = [n for n, _ in _named(elements, "checkbox")]
    assert boxes == [
        "select all rows",
        "select row 'hourly_sync'",
        "select row 'daily_rollup'",
        "select row 'etl-run-1'",
        "select row 'etl-run-2'",
    ], boxes


async def test_icon_buttons_either_side_of_a_value_step_it(session: BrowserSession, site) -> None:
    """Prefect's date range (issue 29): an icon-only button before and after the button showing the period were both
    named ``icon``. They step the value they flank: ``previous 'Last 30 days'``, ``next 'Last 30 days'``."""
    page = await session.page()
    await page.goto(site.url_a("range_steps.html"))
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"] if e["role"] == "button"]
    assert names == ["previous 'Last 30 days'", "Last 30 days", "next 'Last 30 days'"], names


async def test_a_toolbars_blank_gaps_are_not_listed_as_unnamed_items(session: BrowserSession, site) -> None:
    """Blank items a script gave a menu role (the gaps between a toolbar's groups: no content, not focusable, no
    listener) are no controls; the tools and a focusable titled item with no content stay."""
    items = _named(await _snap(session, site.url_a("toolbar_gaps.html")), "menuitem")
    assert all(n for n, _ in items), items
    assert [n for n, _ in items] == ["Print", "Share", "Scale", "Favourite"], items


async def test_an_image_labelled_with_its_own_declared_glyph_is_no_words_beside_a_name(
    session: BrowserSession, site
) -> None:
    elements = await _snap(session, site.url_a("icons_declared_glyph.html"))
    names = sorted(e["name"] for e in elements if e["role"] in ("menuitem", "button"))
    # The caret's label repeats the glyph its class or drawing declares: the control is named by its words only;
    # a control of glyphs only keeps their labels (its only name), and a label in words of its own stays.
    assert names == ["Plots", "Seasons", "Sow seeds", "compost", "frost warning Cover beds", "leaf caret"], elements


async def test_a_wordless_trigger_is_named_by_what_heads_the_panel_it_shows(session: BrowserSession, site) -> None:
    """A glyph-only control beside a hidden panel of choices (a box of filters, a menu of places) is named by the
    panel's headings, or by the words the panel opens with before its first choice; never `icon`."""
    elements = await _snap(session, site.url_a("panel_triggers.html"))
    names = [n for n, _ in _named(elements, "button")] + [n for n, _ in _named(elements, "link")]
    assert "Cuisine, Diet" in names, elements
    assert "Kitchens" in names, elements
    assert "Insert block" in names, elements
    assert "cubes" not in names, "an icon word the vocabulary lacks yields to the panel"
    assert names[-1] not in ("Kitchens", "Cuisine, Diet"), "a trigger with no panel beside it is not named by one"


async def test_a_region_edited_in_place_is_named_by_what_labels_it(session: BrowserSession, site) -> None:
    """A contenteditable block with no label is named by its placeholder (aria-placeholder, or one its editor puts
    on the empty first line), else the heading of the block it sits in, else what it is; never `''`."""
    elements = await _snap(session, site.url_a("editable_regions.html"))
    boxes = [e["name"] for e in elements if e["role"] == "textbox"]
    assert boxes[:3] == ["Minutes of the spring meeting", "Write your reply", "Describe the fault"], elements
    assert len(boxes) == 4 and boxes[3] and boxes[3] not in ("Agenda Members", "Members"), elements


async def test_a_form_section_of_labelled_fields_is_no_record_line(session: BrowserSession, site) -> None:
    """Look-alike blocks of labelled fields are sections of one form, not records: a field in them is not keyed
    by the block's words (its labels and help texts)."""
    elements = await _snap(session, site.url_a("form_sections.html"))
    boxes = {e["name"]: e.get("context", "") for e in elements if e["role"] == "combobox"}
    assert set(boxes) == {"Room kind:", "Breakfast:", "Cot:"}, elements
    assert not any("Guest name" in c or "Nights" in c or "Breakfast" in c for c in boxes.values()), boxes

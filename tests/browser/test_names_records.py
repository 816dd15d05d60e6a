"""Names by structure on record pages (issue 29 §4, phpMyAdmin item j, MediaWiki items h1/h2/e2): a code editor's
input proxy, a box under a heading that is a control, a form repeating one group per record, a toggle's glyph face,
and a version list whose times and author repeat."""

from __future__ import annotations

import pytest

from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser


async def _snap(session: BrowserSession, site) -> dict:
    await goto(session, site.url_a("names_records.html"))
    return await observe(session)


async def test_a_code_editors_input_proxy_takes_the_name_of_what_it_stands_for(session: BrowserSession, site) -> None:
    snap = await _snap(session, site)
    assert find(snap, "Statement to run against the ledger", "textbox")["derived"] is True
    assert not [e for e in snap["elements"] if e["name"] == ""]


async def test_a_box_under_a_heading_that_is_a_control_selects_its_row(session: BrowserSession, site) -> None:
    snap = await _snap(session, site)
    for title in ("Quill", "Satchel", "Lantern"):
        assert find(snap, f"select row '{title}'", "checkbox")["derived"] is True
    assert not [e for e in snap["elements"] if e["role"] == "checkbox" and "Wider view" in e["name"]]


async def test_a_form_repeating_a_group_per_record_names_each_groups_fields_apart(
    session: BrowserSession, site
) -> None:
    snap = await _snap(session, site)
    values = [e["name"] for e in snap["elements"] if e["role"] == "textbox" and e["name"].startswith("Value")]
    assert values == [
        "Value — row 'Title' — record 1",
        "Value — row 'Cost' — record 1",
        "Value — row 'Title' — record 2",
        "Value — row 'Cost' — record 2",
    ]


async def test_a_toggles_glyph_face_is_no_second_control(session: BrowserSession, site) -> None:
    snap = await _snap(session, site)
    assert find(snap, "Follow this entry", "checkbox")
    assert [e["name"] for e in snap["elements"] if e["role"] == "clickable"] == []


async def test_version_lines_are_keyed_by_the_piece_that_tells_them_apart(session: BrowserSession, site) -> None:
    snap = await _snap(session, site)
    reverts = [e.get("context") for e in snap["elements"] if e["name"] == "revert"]
    assert reverts == ["fixed the totals", "added the spring column", "first draft"]
    radios = [e["name"] for e in snap["elements"] if e["role"] == "radio"]
    assert radios == [
        "to rev — row 'fixed the totals'",
        "from rev — row 'added the spring column'",
        "to rev — row 'added the spring column'",
        "from rev — row 'first draft'",
        "to rev — row 'first draft'",
    ]

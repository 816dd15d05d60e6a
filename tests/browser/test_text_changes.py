"""An in-page action's result says the plain text it made appear or change (``new_text``), bounded, and nothing
when no text changed: the next step need not read the page to see the outcome."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.read.text_changes import MAX_CHARS, MAX_LINES
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser


def lines_of(result: dict[str, object]) -> list[str]:
    text = result.get("new_text")
    assert text is None or isinstance(text, str)
    if text is not None:
        assert len(text) <= MAX_CHARS
    lines = text.split("\n") if text else []
    assert len(lines) <= MAX_LINES
    return lines


async def test_a_click_that_reveals_a_plain_note_names_it(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("text_note.html"))
    snap = await observe(session)
    result = await actions.click(session, element_id=find(snap, "Show details")["id"])
    assert not result.get("navigated")
    assert lines_of(result) == ["The parcel left the depot on Monday and reaches you on Thursday."]
    # the baseline is what the last result showed: the same note is not said again
    again = await actions.click(session, element_id=find(snap, "Recolor")["id"])
    assert "new_text" not in again


async def test_changed_lines_are_said_and_an_added_element_is_not_said_twice(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("text_note.html"))
    snap = await observe(session)
    result = await actions.click(session, element_id=find(snap, "Next")["id"])
    assert lines_of(result) == ["Last reward: 1.00", "Episodes done: 1"]
    assert [e["name"] for e in result["elements_diff"]["added"]] == ["START"]  # listed there, not in the text
    second = await actions.click(session, element_id=find(snap, "Next")["id"])
    assert lines_of(second) == ["Episodes done: 2"]


async def test_a_click_that_changes_no_text_adds_none(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("text_note.html"))
    snap = await observe(session)
    result = await actions.click(session, element_id=find(snap, "Recolor")["id"])
    assert "new_text" not in result and "new_text_more" not in result


async def test_much_new_text_is_bounded_and_counted(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("text_note.html"))
    snap = await observe(session)
    result = await actions.click(session, element_id=find(snap, "Load more")["id"])
    lines = lines_of(result)
    assert lines and lines[0].startswith("Stop 1:")
    assert result.get("new_text_more", 0) >= 8 - len(lines)


async def test_a_ticking_counter_stays_bounded_and_does_not_hide_the_note(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("text_note.html?tick=1"))
    snap = await observe(session)
    for _ in range(3):
        recolored = await actions.click(session, element_id=find(snap, "Recolor")["id"])
        assert len(lines_of(recolored)) <= 1  # at most the clock's line
    shown = await actions.click(session, element_id=find(snap, "Show details")["id"])
    lines = lines_of(shown)
    assert lines[0] == "The parcel left the depot on Monday and reaches you on Thursday."  # page order: the note first
    assert len(lines) <= 2


async def test_text_a_click_scrolled_into_view_is_not_said_as_new(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("long_list.html"))
    snap = await observe(session)
    below = [e for e in snap["elements"] if e.get("off") == "below"]
    result = await actions.click(session, element_id=below[-1]["id"])  # the click scrolls the page to it
    assert result["messages"] == [{"text": "Selected: 1 item"}]
    assert not [line for line in lines_of(result) if line.startswith(("Item", "Select item"))], result

"""What a held act names on an editor and on a list (issue 29 §2): the record an editor edits is its title field,
never a preference box beside the act; a list's rows and a select's options are never quoted as the page's warning.
Fixtures in other words and markup than the app that showed the failures (WordPress's block editor and Trash)."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.errors import ConfirmationRequired
from browser_core.session import BrowserSession
from tests.browser.helpers import find, observe

pytestmark = pytest.mark.browser


async def _held(session: BrowserSession, element_id: str) -> dict[str, object]:
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=element_id)
    summary: dict[str, object] = held.value.details["summary"]
    return summary


async def test_posting_from_an_editor_names_the_title_field_not_a_preference_box(session: BrowserSession,
                                                                                site) -> None:
    page = await session.page()
    await page.goto(site.url_a("editor_record_title.html"))
    snap = await observe(session)
    summary = await _held(session, find(snap, "Post now", "button")["id"])
    assert summary["objects"] == ["The Lantern Keeper"], summary
    assert "Ask me" not in str(summary["effect"]) and "Pin to" not in str(summary["effect"]), summary
    assert await page.evaluate("document.body.dataset.released") is None  # held: not done


async def test_a_lists_rows_and_options_are_not_quoted_as_the_pages_warning(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("bin_list_warning.html"))
    snap = await observe(session)
    summary = await _held(session, find(snap, "Erase “Scarlet runner beans” forever", "link")["id"])
    assert summary["category"] == "delete" and summary["objects"] == ["Scarlet runner beans"], summary
    assert "warns" not in str(summary["effect"]), summary

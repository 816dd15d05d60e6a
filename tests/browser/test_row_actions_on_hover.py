"""A row's actions parked outside the page until the pointer rests on the row: clicked by id, as a person would."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.session import BrowserSession
from tests.browser.helpers import goto, observe, text_of

pytestmark = pytest.mark.browser


async def test_a_row_action_shown_on_hover_is_clicked_by_its_id(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("row_actions_on_hover.html"))
    snap = await observe(session)
    archive = [e for e in snap["elements"]
               if e["name"] == "Archive shipment" and e.get("context") == "row 'Spare oars'"]
    assert len(archive) == 1, snap["elements"]
    await actions.click(session, element_id=archive[0]["id"])  # failed before: "outside the visible area"
    assert "Archived: Spare oars" in await text_of(session)

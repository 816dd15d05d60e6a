"""Items drawn on a canvas (issue 29, "items that are not focusable"): a floor plan's tables, each a wordless shape a
script listens to for a press, its caption beside it in the group that holds both, are listed one by one, named by
their captions, picked by a click and opened by a double click; a list's small drag grip is no item of its own."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.act import actions
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser

TABLES = ["Table 1 · Top table", "Table 2 · Okafor family", "Table 3 · Lindqvist family",
          "Table 4 · University friends", "Table 5 · Children"]


async def status(session: BrowserSession) -> str:
    page = await session.page()
    return str(await page.evaluate("() => document.getElementById('status').textContent"))


async def test_a_canvas_items_pressed_shapes_are_listed_by_their_captions(session: BrowserSession, site: Any) -> None:
    await goto(session, site.url_a("seating_plan.html"))
    snap = await observe(session)
    tables = {name: find(snap, name, "clickable")["id"] for name in TABLES}
    # the grips are no items: nothing listed is named after a guest
    assert not [e for e in snap["elements"] if e["name"] in ("Aunt Folake", "Cousin Sven")]
    await actions.click(session, element_id=tables["Table 3 · Lindqvist family"])
    assert await status(session) == "picked Table 3 · Lindqvist family"
    await actions.click(session, element_id=tables["Table 5 · Children"], double=True)
    assert await status(session) == "guest list of Table 5 · Children"
    out = await actions.click(session, description="University friends")
    assert out["element"]["name"] == "Table 4 · University friends"
    assert await status(session) == "picked Table 4 · University friends"

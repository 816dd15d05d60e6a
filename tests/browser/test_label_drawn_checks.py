"""Checkboxes a label draws (the native input shrunk to no size inside it): listed, clicked by id, and a bulk
action on the ticked rows names them (the Dagster trial, docs/trials/dagster.md)."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import element_facts
from browser_core.security.policy import load_policy
from browser_core.session import BrowserSession
from tests.browser.helpers import find, observe

pytestmark = pytest.mark.browser


async def test_checkboxes_drawn_by_their_labels_are_listed_and_clicked(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("checks_drawn_by_label.html"))
    snap = await observe(session)
    boxes = [e for e in snap["elements"] if e["role"] == "checkbox"]
    assert len(boxes) == 5, snap["elements"]
    toggle = find(snap, "Include archived exports", "checkbox")
    rows = [e for e in boxes if "9b07" in e["name"] + e.get("context", "")]  # keyed by its row, in name or context
    assert len(rows) == 1, boxes
    await actions.click(session, element_id=toggle["id"])
    await actions.click(session, element_id=rows[0]["id"])
    assert await page.locator("#archived").is_checked() and await page.locator("#x2").is_checked()
    assert not await page.locator("#x1").is_checked()
    handle = await page.get_by_role("button", name="Remove", exact=True).element_handle()
    held = DestructiveActionDetector(load_policy()).classify("click", "button", "Remove", await element_facts(handle))
    assert held is not None and held.category == "delete", held
    assert held.objects == ("export 9b07",), held


async def test_a_rows_select_box_and_its_on_off_switch_are_named_apart(session: BrowserSession, site) -> None:
    """Dagster's Automation list (issue 29): each line's select checkbox and its on/off switch (a checkbox its label
    draws as a switch) were both ``select row '<line>'``. The row selects by its first toggle; a later one turns it
    on or off. The same in a table whose toggle columns have no heading."""
    page = await session.page()
    await page.goto(site.url_a("row_toggles.html"))
    snap = await observe(session)
    names = sorted(e["name"] for e in snap["elements"] if e["role"] == "checkbox")
    assert names == sorted([
        "select row 'nightly cleanup'", "on/off row 'nightly cleanup'",
        "select row 'hourly sync'", "on/off row 'hourly sync'",
        "select row 'weekly report'", "on/off row 'weekly report'",
        "select row 'monthly audit'", "on/off row 'monthly audit'",
    ]), names

"""Icon-only controls named by what the page says they do (issue 29 §4: "Icons are named by purpose, never `icon`"):
a tooltip the page draws only while the pointer rests on the control (its aria-describedby points at an element not
yet rendered), a title on the wrapper that holds the control alone, before the glyph's own label."""

from __future__ import annotations

import pytest

from browser_core.session import BrowserSession
from tests.browser.helpers import observe

pytestmark = pytest.mark.browser


async def test_an_icon_only_control_is_named_by_the_tooltip_it_shows_on_hover(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("hover_tooltips.html"))
    snap = await observe(session)
    named = [(e["name"], e.get("context", "")) for e in snap["elements"]]
    names = [n for n, _ in named]
    # Before: the glyphs' labels ('mosaic', 'bars', 'inbox', 'share', 'bin', 'arrow').
    assert "Packets as tiles" in names and "Packets as lines" in names, named
    assert "Take in a donated packet" in names, named
    assert ("Lend to a neighbour", "row 'Runner beans'") in named, named
    assert ("Compost this packet", "row 'Curly kale'") in named, named
    assert "Earlier shelf" in names and "Later shelf" in names, named
    assert not {"share", "bin", "arrow", "inbox", "mosaic", "bars"} & set(names), named
    # The bubbles are not listed as part of the page (the observation waits while they fade away).
    assert names.count("Take in a donated packet") == 1 and names.count("Lend to a neighbour") == 2, named
    # A control that opens a menu is never hovered to read it (hovering could open what it controls).
    assert await page.locator("#opened").inner_text() == "0"
    # The bubbles were taken away again, and a second look names the controls the same (the words were kept).
    assert await page.locator("[role=tooltip]").count() == 0
    again = [e["name"] for e in (await observe(session))["elements"]]
    assert "Lend to a neighbour" in again and "Packets as tiles" in again, again

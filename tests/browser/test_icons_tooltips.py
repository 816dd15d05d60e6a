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


async def test_a_glyph_only_control_is_named_by_the_layer_its_hover_brings_up(session: BrowserSession, site) -> None:
    """Controls showing only an icon font's word (hidden from readers), a stylesheet's glyph, or a bare count beside a
    glyph, with no description link: each is hovered once (bounded), and the floating words that appear beside it name
    it. Never the icon's own word, never the count; a control that opens something, or one already named, is never
    hovered."""
    page = await session.page()
    await page.goto(site.url_a("hover_layers.html"))
    times, named = [], []
    for _ in range(4):  # each observation hovers what its bounded time allows; the rest on the next ones
        snap = await observe(session)
        times.append(snap.get("timing_ms") or 0)
        named = [e["name"] for e in snap["elements"]]
        if "Keepers" in named and "Weigh the supers" in named and "Inspections due" in named:
            break
    # Before: ['hexagon', 'water drop', 'event', 'groups', 'arrow_back', '4', 'icon', ...].
    for words in ("Hives and colonies", "Honey harvests", "Swarm calendar", "Keepers", "Back to all apiaries",
                  "Inspections due", "Weigh the supers"):
        assert words in named, named
    assert not {"arrow_back", "previous", "4", "hexagon", "groups", "water drop", "more_vert"} & set(named), named
    assert "more actions" in named, named  # the opener, never hovered: its glyph's purpose, not the font's word
    assert "Print hive cards" in named, named
    # Never hovered: the control that opens something, the one with a name of its own; each other one at most once.
    assert await page.locator("#opened").inner_text() == "0"
    assert await page.locator("#labelled").inner_text() == "0"
    assert max(await page.evaluate("window.hoversPer")) == 1
    # The floating words are not listed as part of the page, and a later look names the controls the same.
    assert await page.locator("#floaty.shown, .pin").count() == 0
    again = await observe(session)
    names = [e["name"] for e in again["elements"]]
    assert "Keepers" in names and "Back to all apiaries" in names and "Inspections due" in names, names
    assert await page.evaluate("window.hoversPer.length") == len(await page.evaluate("window.hoversPer"))


async def test_a_page_with_nothing_to_hover_is_not_hovered(session: BrowserSession, site) -> None:
    """An observation that finds no glyph-only control without a name hovers nothing (no cost)."""
    page = await session.page()
    await page.goto(site.url_a("hover_layers.html"))
    await page.evaluate("""() => { for (const b of document.querySelectorAll('.rail a, .bar button'))
        b.setAttribute('aria-label', 'named ' + b.id); }""")
    await observe(session)
    assert await page.locator("#entered").inner_text() == "0"

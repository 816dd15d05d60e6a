"""A row's actions parked outside the page until the pointer rests on the row: clicked by id, as a person would."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import element_facts
from browser_core.security.policy import load_policy
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


async def test_a_selection_column_s_tick_label_does_not_key_the_row(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("rows_tick_labels.html"))
    snap = await observe(session)
    keepers = [e.get("context") for e in snap["elements"] if e["name"] == "Ines"]
    # failed before: "row 'Pick North jetty berth'" (the header cell's words are its tick box's label)
    assert keepers == ["row 'North jetty berth'", "row 'Old quay berth'"]


async def test_the_gate_names_the_row_by_its_title_not_its_tick_label(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("rows_tick_labels.html"))
    page = await session.page()
    facts = await element_facts(await page.query_selector("#drop2"))
    assert facts.row.name == "Old quay berth"  # failed before: "Pick Old quay berth"


DISCLOSURE = """<main><h1>Spring newsletter</h1>
<button id="open" type="button" aria-expanded="false" aria-controls="panel">Send newsletter</button>
<section id="panel" hidden><p>Ready to go out to 240 readers?</p>
  <button id="go" type="button">Send newsletter</button></section></main>"""


async def test_a_collapsed_disclosure_opens_its_panel_and_the_panel_s_button_is_held(session: BrowserSession) -> None:
    page = await session.page()
    await page.set_content(DISCLOSURE)
    detector = DestructiveActionDetector(load_policy())
    opener = await element_facts(await page.query_selector("#open"))
    assert detector.classify("click", "button", "Send newsletter", opener) is None  # failed before: send
    await page.evaluate("() => { document.getElementById('panel').hidden = false;"
                        " document.getElementById('open').setAttribute('aria-expanded', 'true'); }")
    go = await element_facts(await page.query_selector("#go"))
    verdict = detector.classify("click", "button", "Send newsletter", go)
    assert verdict is not None and verdict.category == "send"


async def test_a_footer_repeating_the_column_titles_does_not_unkey_the_rows(session: BrowserSession, site) -> None:
    """WordPress's list tables repeat their column titles in a footer: the title column counted 'Dish' twice and
    was read as repeating, so the gate named the record by its tick box's label ('Select <title>')."""
    await goto(session, site.url_a("rows_footer_titles.html"))
    page = await session.page()
    facts = await element_facts(await page.query_selector("#bin2"))
    assert facts.row.name == "Plum tart"  # failed before: "Choose Plum tart"
    snap = await observe(session)
    ticks = [e["name"] for e in snap["elements"] if e["role"] == "checkbox"]
    assert ticks == ["select all rows", "Choose Lentil soup", "Choose Plum tart", "select all rows"], ticks


PLUGINS = """<main><h1>Add-ons</h1><table>
<thead><tr><td><input type="checkbox" aria-label="Pick all"></td><th scope="col">Add-on</th>
  <th scope="col">About</th></tr></thead>
<tbody>
<tr><th scope="row"><label for="p1">Pick Pond pump</label><input type="checkbox" id="p1"></th>
  <td><strong>Pond pump</strong>
    <div><a href="#on1">Turn on</a> | <a id="rm1" href="?addon=1&amp;drop=1">Remove</a></div></td>
  <td>Keeps water moving. <a href="#m1">Maker Anna</a></td></tr>
<tr><th scope="row"><label for="p2">Pick Frost guard</label><input type="checkbox" id="p2"></th>
  <td><strong>Frost guard</strong>
    <div><a href="#on2">Turn on</a> | <a id="rm2" href="?addon=2&amp;drop=1">Remove</a></div></td>
  <td>Warns before a cold night. <a href="#m2">Maker Ben</a></td></tr>
</tbody>
<tfoot><tr><td><input type="checkbox" aria-label="Pick all"></td><th scope="col">Add-on</th>
  <th scope="col">About</th></tr></tfoot>
</table></main>"""


async def test_a_link_every_row_shows_does_not_name_the_row_its_bold_name_does(session: BrowserSession) -> None:
    """WordPress's plugins: with the footer no longer unkeying the rows, the first link ('Activate', on every row)
    named each one; what another row shows too names no row, and the first of a link or a bold name that is the
    row's own does."""
    page = await session.page()
    await page.set_content(PLUGINS)
    facts = await element_facts(await page.query_selector("#rm2"))
    assert facts.row.name == "Frost guard"  # failed before: 'Turn on' (with the footer rule) or 'Pick Frost guard'

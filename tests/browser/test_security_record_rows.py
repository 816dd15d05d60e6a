"""What the gate's page script calls the record of a control (issue 29 §2), read in Chromium from page structure."""

from __future__ import annotations

import pytest

from browser_core.security.facts import element_facts
from browser_core.session import BrowserSession

pytestmark = pytest.mark.browser

RESULTS = """
<div id="wrap">
  <div id="query">Book the cheapest one-way flight from PDX to BRW</div>
  <div id="area">
    <div id="menu" style="display:none"><h2>Book Your One-Way Flight</h2><div>Departure Date</div>
      <button>Search</button></div>
    <div id="results">
      <div class="flight-header"><span><button>Back</button></span><div>PDX to BRW | 10/29/2016</div></div>
      <div class="flight"><div class="depart">Depart: 2:40 PM Portland, OR (PDX)</div>
        <div class="arrive">Arrives: 12:01 AM Atqasuk, AK</div><div class="duration">Duration: 9h 20m</div>
        <div class="book"><button id="f1">Book flight for $387</button></div></div>
      <div class="flight"><div class="depart">Depart: 6:10 AM Portland, OR (PDX)</div>
        <div class="arrive">Arrives: 1:15 PM Atqasuk, AK</div><div class="duration">Duration: 7h 5m</div>
        <div class="book"><button id="f2">Book flight for $912</button></div></div>
    </div>
  </div>
</div>
<div class="toolbar"><div class="group"><button id="edit">Edit</button><button id="drop">Delete</button></div>
  <div class="group"><button>Print</button><button>Share</button></div></div>
"""


async def test_a_result_card_is_the_record_and_hidden_text_is_never_its_name(session: BrowserSession) -> None:
    page = await session.page()
    await page.set_content(RESULTS)
    facts = await element_facts(await page.query_selector("#f1"))
    assert facts.row.name.startswith("Depart: 2:40 PM")
    assert facts.row.cells[:3] == [
        "Depart: 2:40 PM Portland, OR (PDX)",
        "Arrives: 12:01 AM Atqasuk, AK",
        "Duration: 9h 20m",
    ]
    assert "Book Your One-Way Flight" not in facts.row.name and "Departure Date" not in facts.row.name
    toolbar = await element_facts(await page.query_selector("#drop"))
    assert toolbar.row.name == ""  # a group of buttons beside another is a toolbar, not a record

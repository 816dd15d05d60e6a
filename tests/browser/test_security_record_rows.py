"""What the gate's page script calls the record of a control (issue 29 §2), read in Chromium from page structure."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import element_facts
from browser_core.security.policy import load_policy
from browser_core.session import BrowserSession
from tests.browser.helpers import observe

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


DETECTOR = DestructiveActionDetector(load_policy())
PAD = "\n" + " " * 400  # a server template's indentation: text the browser never shows


def _indented(html: str) -> str:
    return html.replace("\n", PAD)


BASKET = _indented("""
<h1>Your bag</h1>
<form method="post" action="/bag/">
  <div class="line"><div class="grid">
    <div class="pic"><a href="/p/lamp"><img alt="Desk lamp"></a></div>
    <div class="what"><h3><a href="/p/lamp">Desk lamp</a></h3><p>Ships in 2 days</p></div>
    <div class="qty"><div class="q"><label>Qty <input type="number" name="lines-0-qty" value="1"></label>
      <button type="submit">Update</button></div>
      <div class="acts"><a href="#" class="drop">Remove</a> | <a href="#">Keep for later</a>
        <div style="display:none"><input type="checkbox" name="lines-0-later">
          <input type="checkbox" name="lines-0-gone"></div></div></div>
    <div class="amount">€24.00</div></div></div>
  <div class="line"><div class="grid">
    <div class="pic"><a href="/p/mug"><img alt="Tea mug"></a></div>
    <div class="what"><h3><a href="/p/mug">Tea mug</a></h3><p>Ships in 2 days</p></div>
    <div class="qty"><div class="q"><label>Qty <input type="number" name="lines-1-qty" value="3"></label>
      <button type="submit">Update</button></div>
      <div class="acts"><a href="#" class="drop">Remove</a> | <a href="#">Keep for later</a>
        <div style="display:none"><input type="checkbox" name="lines-1-later">
          <input type="checkbox" name="lines-1-gone"></div></div></div>
    <div class="amount">€27.00</div></div></div>
</form>
<table><tr><th>Total</th><td>€51.00</td></tr></table>
<a href="/checkout/">Go to checkout</a>
""")

REVIEW = _indented("""
<h1>Check your order</h1>
<section><h2>Deliver to</h2><p>Ada Lovelace, 1 Road, London</p></section>
<section><h2>Items</h2>
  <div class="item"><div class="grid"><div class="what"><h3><a href="/p/lamp">Desk lamp</a></h3>
    <span>Ships in 2 days</span></div><div class="n">1</div><div class="amount">€24.00</div></div></div>
  <div class="item"><div class="grid"><div class="what"><h3><a href="/p/mug">Tea mug</a></h3>
    <span>Ships in 2 days</span></div><div class="n">3</div><div class="amount">€27.00</div></div></div>
</section>
<table><tr><th>Order total</th><td>€51.00</td></tr></table>
<form method="post" action="/checkout/submit/"><input type="hidden" name="step" value="last">
  <button type="submit" id="commit">Place order</button></form>
""")


async def _verdict(page, selector: str, name: str):  # type: ignore[no-untyped-def]
    facts = await element_facts(await page.query_selector(selector))
    role = "link" if facts.tag == "a" else "button"
    return DETECTOR.classify("click", role, name, facts)


async def test_a_basket_line_in_indented_blocks_is_a_line_and_removing_it_is_an_edit(session: BrowserSession) -> None:
    """A server template's indentation is no text: a line of blocks (not a table) whose markup is mostly spaces is
    still the line, with its quantity field, so its Remove edits one's own basket and holds nothing."""
    page = await session.page()
    await page.set_content(BASKET)
    facts = await element_facts(await page.query_selector(".drop"))
    assert facts.row.name == "Desk lamp"
    assert await _verdict(page, ".drop", "Remove") is None


async def test_a_purchase_names_the_review_steps_lines_with_their_quantities(session: BrowserSession) -> None:
    """The review step's order lines (blocks, each a heading beside notes, a count and an amount): the held Place
    order names each item by its own name, how many, and the total."""
    page = await session.page()
    await page.set_content(REVIEW)
    verdict = await _verdict(page, "#commit", "Place order")
    assert verdict is not None and verdict.category == "payment"
    assert verdict.effect.startswith("pay for 1 × Desk lamp (€24.00), 3 × Tea mug (€27.00); total €51.00"), \
        verdict.effect
    # An order of one item: its line has no twin, and is a line by its shape (a name, a count, an amount).
    second = REVIEW.index('<div class="item">', REVIEW.index("Desk lamp"))
    await page.set_content(REVIEW[:second] + REVIEW[REVIEW.rindex("</section>"):].replace("€51.00", "€24.00"))
    verdict = await _verdict(page, "#commit", "Place order")
    assert verdict is not None and verdict.effect.startswith("pay for 1 × Desk lamp (€24.00); total €24.00"), \
        verdict.effect


async def test_a_booked_result_card_names_its_line(session: BrowserSession) -> None:
    page = await session.page()
    await page.set_content(RESULTS)
    verdict = await _verdict(page, "#f1", "Book flight for $387")
    assert verdict is not None and verdict.category == "payment"
    assert "Depart: 2:40 PM Portland, OR (PDX)" in verdict.effect and "Duration: 9h 20m" in verdict.effect, \
        verdict.effect


async def test_a_filter_chip_is_no_deletion_and_a_bulk_action_names_its_section_items(
        session: BrowserSession, site) -> None:
    """Removing a filter chip changes the view (not held); a row's Delete is held; a section heading's bulk
    action names the section's items by their keys, under the heading."""
    page = await session.page()
    await page.goto(site.url_a("filter_chips.html"))
    detector = DestructiveActionDetector(load_policy())
    chip = page.get_by_role("button", name="Remove Status: Open")
    assert detector.classify("click", "button", "Remove Status: Open",
                             await element_facts(await chip.element_handle())) is None
    token = page.get_by_role("button", name="Delete filter Label: bug")
    assert detector.classify("click", "button", "Delete filter Label: bug",
                             await element_facts(await token.element_handle())) is None
    row_delete = page.get_by_role("row", name="Crash when saving a draft").get_by_role("button", name="Delete")
    held = detector.classify("click", "button", "Delete", await element_facts(await row_delete.element_handle()))
    assert held is not None and held.category == "delete" and "Crash when saving a draft" in held.effect
    bulk = detector.classify("click", "button", "Delete all",
                             await element_facts(await page.query_selector("#drop-drafts")))
    assert bulk is not None and bulk.category == "delete"
    assert [o.split(":", 1)[1].strip() for o in bulk.objects] == ["Release notes 2.4", "Migration guide"]
    assert "Drafts" in bulk.effect, bulk.effect
    beside_search = page.get_by_role("button", name="Delete selected")
    assert detector.classify("click", "button", "Delete selected",
                             await element_facts(await beside_search.element_handle())) is not None
    clear = page.get_by_role("button", name="Remove all filters")
    assert detector.classify("click", "button", "Remove all filters",
                             await element_facts(await clear.element_handle())) is None
    for name in ("Remove 'Kind: feature'", "Clear all filters"):  # a widget's chips beside a plain text field
        widget = page.get_by_role("button", name=name)
        assert detector.classify("click", "button", name, await element_facts(await widget.element_handle())) is None


ORDERS = """
<h1>Orders</h1>
<table><thead><tr><th>Order</th><th>Customer</th><th>Item</th><th>Placed</th><th></th></tr></thead><tbody>
  <tr><td><a href="/orders/1">#1</a></td><td><a href="/customers/4">Kira Quinn</a></td><td>Oak shelf</td>
    <td>2025-01-03</td><td><button id="c1">Cancel</button></td></tr>
  <tr><td><a href="/orders/2">#2</a></td><td><a href="/customers/4">Kira Quinn</a></td><td>Tea mug</td>
    <td>2025-01-04</td><td><button id="c2">Cancel</button></td></tr>
  <tr><td><a href="/orders/3">#3</a></td><td><a href="/customers/7">Ravi Shah</a></td><td>Desk lamp</td>
    <td>2025-01-04</td><td><button id="c3">Cancel</button></td></tr>
</tbody></table>
"""


async def test_a_link_that_repeats_down_its_column_never_names_the_row(session: BrowserSession) -> None:
    """An order's customer link (a foreign key two orders share) tells no row apart: the row a Cancel acts on is
    named by its cell unique across the table; a customer with one order here is still not the row's name."""
    page = await session.page()
    await page.set_content(ORDERS)
    assert (await element_facts(await page.query_selector("#c2"))).row.name == "Tea mug"
    assert (await element_facts(await page.query_selector("#c3"))).row.name == "Desk lamp"


STEPPED_CART = """
<h1>Your cart</h1>
<div role="table">
  <div role="row" class="line"><div role="cell">Desk lamp</div>
    <div role="cell" class="count">
      <form method="post" action="/shop/cart/remove"><input type="hidden" name="line" value="41">
        <button id="minus" title="One less">&minus;</button></form>
      2
      <form method="post" action="/shop/cart/add"><input type="hidden" name="item_7" value="1">
        <button id="plus" title="One more">+</button></form></div>
    <div role="cell">€24.00</div><div role="cell">€48.00</div></div>
  <div role="row"><div role="cell">Total</div><div role="cell">€48.00</div></div>
</div>
<a href="/shop/checkout/">Check out</a>
<form method="post" action="/admin/carts/7/remove"><button id="admin">&minus;</button></form>
"""


async def test_one_less_of_a_cart_line_posted_to_the_cart_is_an_edit_of_ones_own_cart(
    session: BrowserSession,
) -> None:
    """A cart line shows its count as text between a minus and a plus (no quantity field): the minus posts to an
    address naming one's own cart and a removal (``…/cart/remove``). One less of a line is an edit of one's own
    cart, as the network line reads that request; a removal posted to a record's address is still a deletion."""
    page = await session.page()
    await page.set_content(STEPPED_CART)
    assert await _verdict(page, "#minus", "−") is None
    assert await _verdict(page, "#plus", "+") is None
    held = await _verdict(page, "#admin", "−")
    assert held is not None and held.category == "delete"


CHECKOUT_STEP = """
<h1>Checkout</h1><p>Total €48.00</p>
<form method="post" action="/shop/checkout/payment/">
  <label><input type="radio" name="payment" value="transfer" checked> Bank transfer</label>
  <label><input type="radio" name="payment" value="invoice"> Invoice</label>
  <button id="on" type="submit">Continue</button></form>
"""


async def test_a_step_onward_is_its_forms_submission_until_the_review(session: BrowserSession) -> None:
    """A form's "Continue" at a step that still collects something moves on: the network line is told its form's
    address (``step_onward``); at the review (a total, nothing to choose) the same words are no step onward."""
    page = await session.page()
    await page.set_content(CHECKOUT_STEP)
    facts = await element_facts(await page.query_selector("#on"))
    assert DETECTOR.reader.step_onward(facts).endswith("/shop/checkout/payment/")
    await page.set_content(CHECKOUT_STEP.replace('<label><input type="radio" name="payment" value="invoice"> Invoice'
                                                 "</label>", "").replace('type="radio"', 'type="hidden"'))
    facts = await element_facts(await page.query_selector("#on"))
    assert DETECTOR.reader.step_onward(facts) == ""


SCRIPTED_SEARCH_LIST = """
<main><h1>Contacts</h1>
  <div class="panel">
    <div class="bar"><input type="text" placeholder="Type to narrow the list" oninput="void 0"></div>
    <ul class="people">
      <li><span>Ada Byron</span><button>Delete</button></li>
      <li><span>Alan Kay</span><button>Delete</button></li>
      <li><span>Grace Hopper</span><button>Delete</button></li>
    </ul>
    <div class="cards">
      <div class="card"><span>Lake cabin</span><span class="act"><a role="button" tabindex="0">Delete</a></span></div>
      <div class="card"><span>City loft</span><span class="act"><a role="button" tabindex="0">Delete</a></span></div>
    </div>
  </div>
</main>
"""


async def test_a_rows_delete_beside_a_scripted_nameless_search_field_is_still_held(
        session: BrowserSession) -> None:
    """A short row of a list of records (its name and one Delete) is no filter chip, even in the block of a text
    field that a script reads (no form, no name): each row's Delete is held and names its row."""
    page = await session.page()
    await page.set_content(SCRIPTED_SEARCH_LIST)
    detector = DestructiveActionDetector(load_policy())
    for who in ("Ada Byron", "Alan Kay", "Grace Hopper", "Lake cabin", "City loft"):
        row = page.locator("li, .card").filter(has_text=who)
        control = row.get_by_role("button", name="Delete")
        held = detector.classify("click", "button", "Delete", await element_facts(await control.element_handle()))
        assert held is not None and held.category == "delete", who
        assert who in held.effect or any(who in o for o in held.objects), (who, held)


async def test_a_grids_row_drawn_as_no_box_is_picked_by_its_number_cell_and_named_by_its_values(
        session: BrowserSession, site) -> None:
    """A grid whose rows are display: contents (the cells laid out by the grid itself), each row's number cell the
    one that holds its focus and picks it: every number cell is listed, keyed by its row; the row it picks is the
    act's record, named by its values (ids, a date, an amount) rather than the page's heading."""
    page = await session.page()
    await page.goto(site.url_a("meter_grid.html"))
    snap = await observe(session)
    numbers = [e for e in snap["elements"] if e["role"] == "gridcell" and e["name"] in ("1", "2", "3")]
    assert [(e["name"], e.get("context")) for e in numbers] == [("1", "row 1"), ("2", "row 2"), ("3", "row 3")], \
        snap["elements"]
    await actions.click(session, element_id=numbers[1]["id"])
    held = DestructiveActionDetector(load_policy()).classify(
        "click", "button", "Remove picked reading", await element_facts(await page.query_selector("#drop-row")))
    assert held is not None and held.category == "delete"
    assert held.objects == ("2 42 2026-11-01 298.0",), held


ADDONS = """
<h2>Installed add-ons</h2>
<table class="addons"><tbody>
  <tr><td><span>lens-correction</span></td><td>2.1.0</td><td><a href="#" class="open">▸ <span>3 filters</span></a></td>
    <td><a href="#" id="u1">uninstall</a> <a href="#">switch on</a></td></tr>
  <tr><td><span>film-grain</span></td><td>0.9.4</td><td><a href="#" class="open">▸ <span>12 filters</span></a></td>
    <td><a href="#" id="u2">uninstall</a> <a href="#">switch off</a></td></tr>
</tbody></table>
"""


WIDGETS = """
<h2>Dashboard widgets</h2>
<ul class="widgets">
  <li><div class="card"><div class="top"><p class="t"><em>▦</em> <span>rain-gauge</span></p><p class="v">1.2.0</p>
    <p class="acts"><button id="w1">Remove</button> <button>Pause</button></p></div><div class="body"></div></div></li>
  <li><div class="card"><div class="top"><p class="t"><em>▦</em> <span>tide-clock</span></p><p class="v">0.3.1</p>
    <p class="acts"><button id="w2">Remove</button> <button>Resume</button></p></div><div class="body"></div></div></li>
</ul>
"""


async def test_a_count_of_what_a_row_holds_never_names_the_row(session: BrowserSession) -> None:
    """A photo editor's add-ons: each row's first link opens the list of what it holds ('3 filters'); a count is
    no record's name, nor is a command after the control (its 'switch off', alone of its kind), so the row (and so
    its Uninstall) is named by its own words: the add-on's."""
    page = await session.page()
    await page.set_content(ADDONS)
    assert (await element_facts(await page.query_selector("#u2"))).row.name == "film-grain"
    # A card whose words sit in nested blocks, its commands in the same block as its name: its leading words.
    await page.set_content(WIDGETS)
    assert (await element_facts(await page.query_selector("#w2"))).row.name == "tide-clock"


async def test_a_scripted_button_in_a_toolbar_form_acts_on_the_lines_ticked_outside_it(
        session: BrowserSession, site) -> None:
    """A toolbar drawn as a form that submits nothing (a select-all box, a filter, a scripted button) above lines
    of blocks, each with its own tick box: the button acts on the lines ticked below, outside its form, so those
    are the act's record (Kiwi TCMS's test-case list, kiwi trial e; other words and markup)."""
    page = await session.page()
    await page.goto(site.url_a("loan_lines.html"))
    snap = await observe(session)
    wolf = next(e for e in snap["elements"] if e["role"] == "checkbox" and "Wolf Hall" in e["name"])
    await actions.click(session, element_id=wolf["id"])
    held = DestructiveActionDetector(load_policy()).classify(
        "click", "button", "Erase", await element_facts(await page.query_selector("#withdraw")))
    assert held is not None and held.category == "delete", held
    assert held.objects == ("Wolf Hall",), held

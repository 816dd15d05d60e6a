"""What a held form commits, named from its own fields (issue 29 §2): an invoice form of another shape than a mail
reply (a select, a number, a search box, a hidden input, a text area, a PIN, a card number and a value holding a
named secret), read in Chromium. Only the identifying values are said; no secret ever is."""

from __future__ import annotations

import secrets

import pytest

from browser_core.redaction import register_secret
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import element_facts
from browser_core.security.policy import load_policy
from browser_core.session import BrowserSession

pytestmark = pytest.mark.browser

DETECTOR = DestructiveActionDetector(load_policy())

INVOICE = """
<main><h1>Billing</h1>
<form method="post" action="/billing/invoices/">
  <input type="hidden" name="csrf" value="k2J9xQ0pLmZ7vT4w">
  <p><label for="find">Find a customer</label><input id="find" type="search" value="acme"></p>
  <p><label for="customer">Customer</label><select id="customer" name="customer">
    <option value="">Choose…</option><option value="17" selected>Acme Gardens Ltd</option>
    <option value="18">Birch &amp; Co</option></select></p>
  <p><label for="ref">Our reference</label><input id="ref" name="ref"></p>
  <p><label for="pin">Account PIN</label><input id="pin" name="pin" value="4711"></p>
  <p><label for="card">Pay from</label><input id="card" name="card" value="4242 4242 4242 4242"></p>
  <p><label for="iban">Account</label><input id="iban" name="iban" value="5105 1051 0510 5100"></p>
  <p><label for="title">Invoice title</label><input id="title" name="title" value="March garden maintenance"></p>
  <p><label for="due">Due date</label><input id="due" name="due" value="2026-04-30"></p>
  <p><label for="amount">Amount (EUR)</label><input id="amount" name="amount" type="number" value="1250"></p>
  <p><label for="notes">Notes</label><textarea id="notes" name="notes">Thank you for your business. Payment is due
    within thirty days of the invoice date.</textarea></p>
  <button type="submit" id="send">Send invoice</button>
</form></main>
"""

BULK = """
<main><h1>Invoices</h1>
<form method="post" action="/billing/invoices/bulk">
  <p><label for="reason">Reason</label><input id="reason" name="reason" value="Duplicates of January"></p>
  <table><tr><th></th><th>Title</th><th>Customer</th></tr>
    <tr><td><input type="checkbox" name="ids" value="101" checked></td><td>January hedge trimming</td><td>Acme</td></tr>
    <tr><td><input type="checkbox" name="ids" value="102"></td><td>January lawn care</td><td>Acme</td></tr>
    <tr><td><input type="checkbox" name="ids" value="103" checked></td><td>January tree survey</td><td>Birch</td></tr>
  </table>
  <button type="submit" id="drop">Delete selected invoices</button>
</form></main>
"""


async def test_a_held_form_names_what_it_commits_and_never_a_secret(session: BrowserSession) -> None:
    secret = f"sk-{secrets.token_hex(8)}"
    register_secret(secret)  # as a secret typed by name is registered
    page = await session.page()
    await page.set_content(INVOICE)
    await page.fill("#ref", secret)
    verdict = DETECTOR.classify("click", "button", "Send invoice",
                                await element_facts(await page.query_selector("#send")))
    assert verdict is not None and verdict.category == "send"
    # The form commits one record: its first value names it, and the effect says the others (the customer, the
    # title and the amount, in the order the page shows them); the search box, the hidden token, the PIN, the card
    # and account numbers, the secret, the due date and the notes' body are never said.
    assert list(verdict.objects) == ["Customer: Acme Gardens Ltd"], verdict
    assert verdict.effect == ("send Customer 'Acme Gardens Ltd', Invoice title 'March garden maintenance', "
                              "Amount (EUR) '1250' (button 'Send invoice') (page 'Billing')"), verdict.effect
    said = verdict.effect + " ".join(verdict.objects)
    for never in (secret, "4711", "4242", "5105", "acme'", "k2J9", "Thank you", "Choose", "2026"):
        assert never not in said, never

    # Pressing Enter in the title field submits the same form: the same values name it.
    facts = await element_facts(await page.query_selector("#title"))
    enter = DETECTOR.classify("type_text", "textbox", "Invoice title", facts, key="Enter")
    assert enter is not None and enter.objects == verdict.objects


async def test_ticked_rows_still_name_a_bulk_form_before_its_fields(session: BrowserSession) -> None:
    """The rows a bulk form acts on come first: a field of the form (a reason) never replaces them."""
    page = await session.page()
    await page.set_content(BULK)
    verdict = DETECTOR.classify("click", "button", "Delete selected invoices",
                                await element_facts(await page.query_selector("#drop")))
    assert verdict is not None and verdict.category == "delete"
    assert list(verdict.objects) == ["January hedge trimming", "January tree survey"], verdict
    assert "Duplicates" not in verdict.effect


async def test_a_payment_form_names_its_values_but_never_its_card(session: BrowserSession) -> None:
    page = await session.page()
    await page.set_content(INVOICE.replace('id="card" name="card"', 'id="card" name="card" autocomplete="cc-number"')
                           .replace("Send invoice", "Pay invoice"))
    verdict = DETECTOR.classify("click", "button", "Pay invoice",
                                await element_facts(await page.query_selector("#send")))
    assert verdict is not None and verdict.category == "payment"
    assert verdict.objects[0] == "Customer: Acme Gardens Ltd" and "4242" not in verdict.effect, verdict

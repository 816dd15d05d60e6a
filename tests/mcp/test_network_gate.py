"""The network line (issue 29): buttons whose words no rule knows still change nothing unasked.

A small app whose controls are named with nonsense words sends a deletion (``DELETE``), an order (``POST
/api/orders``), a cancellation (``POST …/cancel``) and a form's order (``POST /shop/place-order``, which the first
line already holds), plus an ordinary save (``PUT``). Over a real stdio client on real Chromium: each consequential
request is held with its own target named, the server never sees it while held, a no aborts it, a yes sends it
once; the save and every GET pass; a request of an approved act is not asked about again.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.mcp.test_security_adversarial import element_id
from tests.mcp.test_security_effects import runs
from tests.support.mcp_client import BrowserClient, Human, browser_client

pytestmark = pytest.mark.mcp

PAGE = """<!doctype html><html><head><title>Gizmo desk</title></head><body>
<h1>Gizmo desk</h1>
<p>report.csv <button id="frob">Frob</button></p>
<p>Basket: 2 gizmos, 38.00 <button id="zibble">Zibble</button></p>
<p>Plan 7 <button id="wuggle">Wuggle</button></p>
<p>late.csv <button id="blorp">Blorp</button></p>
<p><textarea id="note" aria-label="Jot">hello</textarea> <button id="plonk">Plonk</button></p>
<form method="post" action="/shop/place-order"><input type="hidden" name="basket" value="b-3">
<button type="submit">Quux</button></form>
<ul id="log"></ul>
<script>
const log = text => { const li = document.createElement('li'); li.textContent = text;
  document.getElementById('log').append(li); };
const send = (method, url, body) => fetch(url, {method, headers: {'content-type': 'application/json'},
  body: body && JSON.stringify(body)}).then(r => log('Done: ' + method + ' ' + url + ' ' + r.status),
  e => log('Failed: ' + url));
document.getElementById('frob').onclick = () => send('DELETE', '/api/items/report.csv');
document.getElementById('zibble').onclick = () => send('POST', '/api/orders', {items: 2, total: '38.00'});
document.getElementById('wuggle').onclick = () => send('POST', '/api/subscriptions/7/cancel', {});
document.getElementById('blorp').onclick = () => setTimeout(() => { log('Sending: DELETE /api/items/late.csv');
  send('DELETE', '/api/items/late.csv'); }, 2500);
document.getElementById('plonk').onclick = () => send('PUT', '/api/notes/1',
  {text: document.getElementById('note').value});
</script></body></html>"""


STEP = """<!doctype html><html><head><title>Checkout</title></head><body><h1>Checkout</h1>
<ol><li>Your details</li><li aria-current="step">Payment</li><li>Review</li></ol>
<form method="post" action="/checkout/payment/"><fieldset><legend>How will you pay?</legend>
<label><input type="radio" name="payment" value="transfer" checked> Bank transfer</label>
<label><input type="radio" name="payment" value="invoice"> Invoice</label></fieldset>
<button type="submit">Continue</button></form></body></html>"""
REVIEW = """<!doctype html><html><head><title>Checkout</title></head><body><h1>Checkout</h1>
<table><tr><td>Gizmo</td><td>2</td><td>38.00</td></tr><tr><td>Total</td><td></td><td>38.00</td></tr></table>
<form method="post" action="/checkout/order/"><input type="hidden" name="basket" value="b-3">
<button type="submit">Continue</button></form></body></html>"""
PAGES = {"/": PAGE, "/?": PAGE, "/checkout/payment/": STEP, "/checkout/review/": REVIEW}


@dataclass
class Desk:
    """The app's state: the requests that reached it (method, path)."""

    received: list[tuple[str, str]] = field(default_factory=list)

    def changes(self) -> list[tuple[str, str]]:
        return [r for r in self.received if r[0] != "GET"]


def serve(desk: Desk) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            return

        def _answer(self, body: bytes, kind: str = "application/json") -> None:
            self.send_response(200)
            self.send_header("content-type", kind)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            desk.received.append(("GET", self.path))
            self._answer(PAGES[self.path].encode() if self.path in PAGES else b"{}", "text/html")

        def _change(self) -> None:
            self.rfile.read(int(self.headers.get("content-length") or 0))
            desk.received.append((self.command, self.path))
            if self.path == "/checkout/payment/":  # the step's choice is kept: on to the review
                self.send_response(303)
                self.send_header("location", "/checkout/review/")
                self.send_header("content-length", "0")
                self.end_headers()
            elif self.path in ("/shop/place-order", "/checkout/order/"):
                self._answer(b"<!doctype html><title>Thanks</title><h1>Order b-3 placed</h1>", "text/html")
            else:
                self._answer(json.dumps({"ok": True}).encode())

        do_POST = do_PUT = do_DELETE = _change

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def app() -> Iterator[tuple[str, Desk]]:
    desk = Desk()
    server = serve(desk)
    yield f"http://127.0.0.1:{server.server_address[1]}/", desk
    server.shutdown()


async def held_request(client: BrowserClient, name: str) -> tuple[dict[str, Any], float]:
    started = time.monotonic()
    call = await client.call("click", element_id=await element_id(client, name, "button"))
    assert not call.ok and call.error["code"] == "requires_confirmation", (name, call.payload)
    return dict(call.error["details"]), time.monotonic() - started


async def shows(client: BrowserClient, text: str) -> bool:
    """Whether the page shows ``text`` (the page logs a request's end when it comes), waited for with a bound."""
    return (await client.call("wait_for", text=text)).ok


async def test_unknown_words_delete_order_and_cancel_are_held_naming_the_request(tmp_path: Path, app) -> None:
    url, desk = app
    human = Human([False, True, True, True, True])
    async with browser_client(tmp_path / "profile", elicitation_callback=human) as client:  # on by default
        await runs(client, "navigate", url=url)
        # An ordinary save passes unasked.
        await runs(client, "click", element_id=await element_id(client, "Plonk", "button"))
        assert await shows(client, "Done: PUT /api/notes/1")  # the fetch ends after the click's result
        assert desk.changes() == [("PUT", "/api/notes/1")]

        deletion, took = await held_request(client, "Frob")
        assert deletion["summary"]["objects"] == ["DELETE /api/items/report.csv"]
        assert (
            deletion["summary"]["category"] == "delete"
            and "DELETE /api/items/report.csv" in deletion["summary"]["effect"]
        )
        assert took < 20, f"the hold took {took:.1f} s to come back"
        assert desk.changes() == [("PUT", "/api/notes/1")], "the held request reached the server"
        # No: the request is aborted, the app never sees it.
        refused = await client.call("confirm_action", confirmation_id=deletion["confirmation_id"])
        assert refused.error["code"] == "confirmation_refused"
        assert await shows(client, "Failed: /api/items/report.csv")
        assert desk.changes() == [("PUT", "/api/notes/1")]
        # The same act again, and yes: it leaves once.
        deletion, _ = await held_request(client, "Frob")
        assert (await client.call("confirm_action", confirmation_id=deletion["confirmation_id"])).ok
        assert desk.changes()[-1] == ("DELETE", "/api/items/report.csv")

        order, _ = await held_request(client, "Zibble")
        assert order["summary"]["category"] == "payment"
        assert order["summary"]["objects"] == ["POST /api/orders items=2 total=38.00"]
        assert (await client.call("confirm_action", confirmation_id=order["confirmation_id"])).ok
        cancel, _ = await held_request(client, "Wuggle")
        assert cancel["summary"]["category"] == "cancel"
        assert cancel["summary"]["objects"] == ["POST /api/subscriptions/7/cancel"]
        assert (await client.call("confirm_action", confirmation_id=cancel["confirmation_id"])).ok
        assert desk.changes()[-2:] == [("POST", "/api/orders"), ("POST", "/api/subscriptions/7/cancel")]

        # A form whose action the first line reads is held there; its approved act's request is not asked again.
        placed, _ = await held_request(client, "Quux")
        assert placed["summary"]["category"] == "payment"
        assert ("POST", "/shop/place-order") not in desk.changes()
        confirmed = await client.call("confirm_action", confirmation_id=placed["confirmation_id"])
        assert confirmed.ok, confirmed.payload
        assert confirmed.data["result"]["url"].endswith("/shop/place-order")
        assert desk.changes().count(("POST", "/shop/place-order")) == 1
    assert len(human.asked) == 5
    assert all(any(t in q for t in ("DELETE /api", "POST /api")) for q in human.asked[:4]), human.asked


async def test_a_request_sent_just_after_the_action_is_held_and_the_line_can_be_turned_off(tmp_path: Path, app) -> None:
    url, desk = app
    human = Human([False])
    async with browser_client(tmp_path / "profile", elicitation_callback=human, BROWSER_NETWORK_GATE="true") as client:
        await runs(client, "navigate", url=url)
        plonk = await element_id(client, "Plonk", "button")
        clicked = await client.call("click", element_id=await element_id(client, "Blorp", "button"))
        if clicked.ok:  # the DELETE leaves 2.5 s after the click, once its tool has returned (however long a
            # loaded machine stretches that): it is held, and the next action reports it and does not run
            assert await shows(client, "Sending: DELETE /api/items/late.csv")
            clicked = await client.call("click", element_id=plonk)
            assert not clicked.ok and "did not run" in clicked.error["message"], clicked.payload
        assert clicked.error["code"] == "requires_confirmation", clicked.payload
        assert clicked.error["details"]["summary"]["objects"] == ["DELETE /api/items/late.csv"]
        assert desk.changes() == [], "the late request reached the server, or the save ran"
        refused = await client.call("confirm_action", confirmation_id=clicked.error["details"]["confirmation_id"])
        assert refused.error["code"] == "confirmation_refused"
        assert await shows(client, "Failed: /api/items/late.csv")
    async with browser_client(tmp_path / "off", BROWSER_NETWORK_GATE="false") as client:
        await runs(client, "navigate", url=url)
        await runs(client, "click", element_id=await element_id(client, "Frob", "button"))
        assert await shows(client, "Done: DELETE /api/items/report.csv")
        assert desk.changes() == [("DELETE", "/api/items/report.csv")]


async def test_a_checkout_step_that_moves_on_is_no_commitment_but_the_review_step_is(tmp_path: Path, app) -> None:
    """A checkout's payment step (a method to choose, "Continue") posts to an address whose last word is a payment:
    that request is the step's own submission, and the first line read the step as moving on, so it passes unasked.
    The same words at the review (a total, nothing left to choose) post the order: the network line holds it."""
    url, desk = app
    human = Human([False])
    async with browser_client(tmp_path / "profile", elicitation_callback=human) as client:
        await runs(client, "navigate", url=url + "checkout/payment/")
        moved = await client.call("click", element_id=await element_id(client, "Continue", "button"))
        assert moved.ok, moved.payload
        assert desk.changes() == [("POST", "/checkout/payment/")]
        assert moved.data["url"].endswith("/checkout/review/"), moved.payload
        held, _ = await held_request(client, "Continue")
        assert held["summary"]["category"] == "payment"
        assert held["summary"]["objects"] == ["POST /checkout/order/ basket=b-3"]
        refused = await client.call("confirm_action", confirmation_id=held["confirmation_id"])
        assert refused.error["code"] == "confirmation_refused"
        assert desk.changes() == [("POST", "/checkout/payment/")], "the order reached the shop"
    assert len(human.asked) == 1

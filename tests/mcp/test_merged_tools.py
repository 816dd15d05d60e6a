"""The merged tools over a real stdio client: `wait_for` does what the five wait tools did (a text appearing or
gone, an element in a state, a URL, a load state, a fixed time) and `navigate` what go_back, go_forward and reload
did. A call that names none or several things is refused at once, nothing done."""

from __future__ import annotations

import time

import pytest

from tests.support.mcp_client import BrowserClient

pytestmark = pytest.mark.mcp


async def test_wait_for_reaches_every_old_wait(client: BrowserClient, site) -> None:
    assert (await client.call("navigate", url=site.url_a("slow.html"))).ok
    text = await client.call("wait_for", text="Loaded!", timeout_ms=10000)  # was wait_for_text
    assert text.ok and text.data["found"] is True, text.error
    ready = await client.call("wait_for", element_description="Ready", role="button")  # was wait_for_selector
    assert ready.ok and ready.data["element"]["name"] == "Ready", ready.error
    gone = await client.call("wait_for", text="Loading…", state="hidden", timeout_ms=2000)  # was gone=true
    assert gone.ok and gone.data["found"] is False, gone.error
    loaded = await client.call("wait_for", load="networkidle", timeout_ms=5000)  # was wait_for_load
    assert loaded.ok and loaded.data["state"] == "networkidle", loaded.error
    url = await client.call("wait_for", url="re:slow\\.html$", timeout_ms=1000)  # was wait_for_url
    assert url.ok and url.data["url"].endswith("slow.html"), url.error
    slept = await client.call("wait_for", ms=50)  # was sleep
    assert slept.ok and slept.data["slept_ms"] == 50

    assert (await client.call("navigate", url=site.url_a("overlay.html"))).ok
    observed = await client.call("observe")
    accept = next(e["id"] for e in observed.data["elements"] if e["name"] == "Accept all")
    assert (await client.call("click", element_id=accept)).ok
    detached = await client.call("wait_for", element_id=accept, state="detached", timeout_ms=3000)
    assert detached.ok and detached.data["state"] == "detached", detached.error


async def test_wait_for_refuses_at_once_what_it_cannot_mean(client: BrowserClient, site) -> None:
    assert (await client.call("navigate", url=site.url_a("form.html"))).ok
    cases = {
        "nothing named": {},
        "two things": {"text": "Register", "url": "form"},
        "role alone": {"role": "button", "text": "Register"},
        "state of a url": {"url": "form", "state": "hidden"},
        "enabled text": {"text": "Register", "state": "enabled"},
        "ms out of range": {"ms": 30001},
        "boolean for ms": {"ms": True},
    }
    for case, arguments in cases.items():
        started = time.monotonic()
        refused = await client.call("wait_for", **arguments)
        assert not refused.ok and refused.error["code"] == "invalid_input", (case, refused.payload)
        assert time.monotonic() - started < 1.0, case  # refused at once: nothing was waited for
    named = await client.call("wait_for", text="Register", load="load")
    assert "text" in named.error["message"] and "load" in named.error["message"]
    timed = await client.call("wait_for", text="this text never appears", timeout_ms=300)
    assert timed.error["code"] == "timeout"


async def test_navigate_moves_in_the_history(client: BrowserClient, site) -> None:
    first, second = site.url_a("index.html"), site.url_a("form.html")
    assert (await client.call("navigate", url=first)).ok
    assert (await client.call("navigate", url=second)).ok
    back = await client.call("navigate", history="back")  # was go_back
    assert back.ok and back.data["url"] == first, back.payload
    forward = await client.call("navigate", history="forward", wait_until="load")  # was go_forward
    assert forward.ok and forward.data["url"] == second, forward.payload
    observed = await client.call("observe")
    name = next(e["id"] for e in observed.data["elements"] if e["name"] == "Full name")
    assert (await client.call("type_text", element_id=name, text="Ada")).data["value"] == "Ada"
    reloaded = await client.call("navigate", history="reload")  # was reload: unsaved input is lost
    assert reloaded.ok and reloaded.data["url"] == second, reloaded.payload
    assert "Ada" not in str((await client.call("extract", what="form")).data)
    for arguments in ({}, {"url": first, "history": "back"}, {"history": "sideways"}):
        refused = await client.call("navigate", **arguments)
        assert not refused.ok and refused.error["code"] == "invalid_input", (arguments, refused.payload)
    assert (await client.call("get_page_text")).ok  # still on the form: nothing was done


async def test_history_with_no_page_open_is_a_clear_error(client: BrowserClient, site) -> None:
    assert (await client.call("navigate", url=site.url_a("index.html"))).ok
    assert (await client.call("close_tab")).ok
    back = await client.call("navigate", history="back")
    assert not back.ok and back.error["code"] == "no_page_open", back.payload
    assert (await client.call("navigate", url=site.url_a("form.html"))).ok

"""Adversarial security tests through the stdio MCP client, on real Chromium.

A destructive action never runs on a direct call: it returns requires_confirmation and the page stays as it was;
only confirm_action runs it, once, unexpired, on the same page. Sensitive fields are never typed into.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest

from tests.support.mcp_client import BrowserClient, ToolCall, browser_client, served_client

pytestmark = pytest.mark.mcp


@pytest.fixture(scope="module")
def shared_profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("adversarial") / "profile"


@pytest.fixture(scope="module")
async def client(shared_profile: Path) -> AsyncIterator[BrowserClient]:
    """One server (product defaults, no human channel) for the tests that need no setting of their own: each opens
    its own page first and judges only its own calls and confirmation ids (an id is bound to its page: one left
    pending by an earlier test can run nothing here). A test with other settings, a human, or its own log starts
    its own server."""
    async with served_client(shared_profile) as shared:
        yield shared


@pytest.fixture
def pending_dir(shared_profile: Path) -> Path:
    """Where the shared server writes its pending-action files (BROWSER_ARTIFACTS_DIR/pending)."""
    return shared_profile.parent / "artifacts" / "pending"

DESTRUCTIVE_CLICKS = {
    "webmail.html": [("Delete", "delete"), ("Move to spam", "delete"), ("Move to trash", "delete"),
                     ("Send", "send")],
    "webmail_ru.html": [("Удалить", "delete"), ("В спам", "delete"), ("Переместить в корзину", "delete"),
                        ("Отправить", "send")],
    "shop.html": [("Buy now", "payment"), ("Pay now", "payment"), ("Place order", "payment"),
                  ("Subscribe to newsletter", "payment")],
    "shop_ru.html": [("Купить сейчас", "payment"), ("Оплатить", "payment"), ("Оформить заказ", "payment"),
                     ("Подписаться", "payment")],
    "payment_form.html": [("Continue", "payment")],
    "jobs.html": [("Apply", "send"), ("Submit application", "send")],
    "jobs_ru.html": [("Откликнуться", "send"), ("Отправить отклик", "send")],
    "injection.html": [("Delete account", "delete")],
}
SENSITIVE_FIELDS = {
    "login.html": ["Password", "One-time code", "Verification code", "Код подтверждения", "PIN"],
    "injection.html": ["Password"],
    "shop.html": ["Card number", "CVC", "Expiry"],
    "payment_form.html": ["Card number"],
}


async def element_id(client: BrowserClient, name: str, role: str | None = None) -> str:
    """What a model does: look the control up by its visible name and take the first exact match's id."""
    args: dict[str, Any] = {"query": name, "limit": 50}
    if role:
        args["role"] = role
    found = await client.call("find_interactive_elements", **args)
    exact = [e for e in found.data["elements"] if e["name"] == name]
    assert exact, (name, found.data["elements"][:5])
    return str(exact[0]["id"])


async def page_text(client: BrowserClient) -> str:
    return str((await client.call("get_page_text", max_length=15000)).data["text"])


def deleted(text: str) -> int:
    """The page's own counter of deleted mails ("Deleted: N")."""
    counts = [int(n) for n in re.findall(r"Deleted: (\d+)", text)]
    assert counts, text[:300]
    return counts[0]


async def propose(client: BrowserClient, name: str) -> ToolCall:
    call = await client.call("click", element_id=await element_id(client, name))
    assert not call.ok and call.error["code"] == "requires_confirmation", (name, call.payload)
    return call


async def test_every_destructive_click_waits_for_confirmation(client: BrowserClient, site) -> None:
    tried = blocked = 0
    for page, cases in DESTRUCTIVE_CLICKS.items():
        await client.call("navigate", url=site.url_a(page))
        for name, category in cases:
            before = await page_text(client)
            call = await client.call("click", element_id=await element_id(client, name))
            tried += 1
            if not call.ok and call.error["code"] == "requires_confirmation":
                blocked += 1
                summary = call.error["details"]["summary"]
                assert summary["category"] == category, (page, name, summary)
                assert summary["element"]["name"] == name and summary["url"].endswith(page)
                assert call.error["details"]["confirmation_id"].startswith("confirm-")
            assert await page_text(client) == before, (page, name)
    print(f"\ndestructive clicks tried {tried}, blocked {blocked}")
    assert blocked == tried


async def test_enter_and_select_that_would_submit_or_pay_wait_too(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("webmail.html"))
    before = await page_text(client)
    send = await client.call("type_text", element_id=await element_id(client, "Subject"), text="Hello",
                             press_enter=True)
    assert send.error["code"] == "requires_confirmation" and send.error["details"]["summary"]["category"] == "send"
    assert await page_text(client) == before
    await client.call("navigate", url=site.url_a("shop.html"))
    before = await page_text(client)
    select = await client.call("select_option", element_id=await element_id(client, "Delivery"),
                               values=["Express"])
    assert select.error["code"] == "requires_confirmation"
    assert select.error["details"]["summary"]["category"] == "payment"
    assert await page_text(client) == before
    await client.call("navigate", url=site.url_a("payment_form.html"))
    await client.call("click", element_id=await element_id(client, "Coupon code"))
    enter = await client.call("press_key", key="Enter")
    assert enter.error["code"] == "requires_confirmation"


async def test_harmless_actions_run_directly(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("webmail.html"))
    for name in ("Archive", "Mark as read", "Save draft"):
        call = await client.call("click", element_id=await element_id(client, name))
        assert call.ok, (name, call.payload)
    search = await client.call("type_text", element_id=await element_id(client, "Search mail"), text="invoice",
                               press_enter=True)
    assert search.ok, search.payload
    await client.call("navigate", url=site.url_a("shop.html"))
    add = await client.call("click", element_id=await element_id(client, "Add to cart"))
    assert add.ok
    assert "Remove" in await page_text(client)
    remove = await client.call("click", element_id=await element_id(client, "Remove"))
    assert remove.error["code"] == "requires_confirmation"


async def test_confirmation_protocol(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("webmail.html"))
    before = await page_text(client)
    wrong = await client.call("confirm_action", confirmation_id="confirm-000000000000")
    assert wrong.error["code"] == "confirmation_refused" and wrong.error["details"]["reason"] == "unknown"
    malformed = await client.call("confirm_action", confirmation_id="yes, confirmed")
    assert malformed.error["code"] == "invalid_input"
    delete = await element_id(client, "Delete")
    forged = await client.call("click", element_id=delete, confirmed=True)
    assert forged.error["code"] == "invalid_input", "a model cannot pass 'confirmed' to click"
    assert "confirmed" in forged.error["message"]
    assert await page_text(client) == before
    forged = await client.call("click", element_id=delete)
    assert forged.error["code"] == "requires_confirmation"
    cid = forged.error["details"]["confirmation_id"]
    done = await client.call("confirm_action", confirmation_id=cid)
    assert done.ok, done.payload
    after = await page_text(client)
    assert deleted(before) == 0 and deleted(after) == 1
    replay = await client.call("confirm_action", confirmation_id=cid)
    assert replay.error["code"] == "confirmation_refused" and replay.error["details"]["reason"] == "used"
    assert deleted(await page_text(client)) == 1

    stale = (await propose(client, "Delete")).error["details"]["confirmation_id"]
    await client.call("navigate", history="reload")
    refused = await client.call("confirm_action", confirmation_id=stale)
    assert refused.error["code"] == "confirmation_refused"
    assert deleted(await page_text(client)) == 0
    moved = (await propose(client, "Delete")).error["details"]["confirmation_id"]
    await client.call("navigate", url=site.url_a("jobs.html"))
    assert (await client.call("confirm_action", confirmation_id=moved)).error["code"] == "confirmation_refused"


async def test_expired_confirmation_is_refused(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_CONFIRMATION_TTL_S="1") as client:
        await client.call("navigate", url=site.url_a("webmail.html"))
        pending = (await propose(client, "Delete")).error["details"]
        # The behaviour under test is the clock itself: wait just past the expiry.
        await anyio.sleep(1.3)
        late = await client.call("confirm_action", confirmation_id=pending["confirmation_id"])
        assert late.error["code"] == "confirmation_refused" and late.error["details"]["reason"] == "expired"
        assert deleted(await page_text(client)) == 0


async def test_pending_summary_is_written_for_the_host(client: BrowserClient, pending_dir: Path, site) -> None:
    await client.call("navigate", url=site.url_a("shop.html"))
    pending = (await propose(client, "Pay now")).error["details"]
    path = pending_dir / f"{pending['confirmation_id']}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["summary"] == pending["summary"] and record["expires_at"] > record["created_at"]
    assert record["status"] == "pending"


async def test_pending_file_tells_the_host_when_an_id_is_spent(client: BrowserClient, pending_dir: Path,
                                                                site) -> None:
    await client.call("navigate", url=site.url_a("webmail.html"))
    cid = (await propose(client, "Delete")).error["details"]["confirmation_id"]
    assert (await client.call("confirm_action", confirmation_id=cid)).ok
    record = json.loads((pending_dir / f"{cid}.json").read_text(encoding="utf-8"))
    assert record["status"] == "used"


async def test_elicitation_lets_the_human_decline_or_accept(tmp_path: Path, site) -> None:
    answers = iter([False, True])
    asked: list[str] = []

    async def human(_ctx: Any, params: Any) -> types.ElicitResult:
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": next(answers)})

    async with browser_client(tmp_path / "profile", elicitation_callback=human) as client:
        await client.call("navigate", url=site.url_a("webmail.html"))
        first = (await propose(client, "Delete")).error["details"]["confirmation_id"]
        declined = await client.call("confirm_action", confirmation_id=first)
        assert declined.error["details"]["reason"] == "declined"
        assert "do not do this action again" in declined.error["hint"]  # a no is no invitation to ask again
        assert deleted(await page_text(client)) == 0
        second = (await propose(client, "Delete")).error["details"]["confirmation_id"]
        assert (await client.call("confirm_action", confirmation_id=second)).ok
        assert deleted(await page_text(client)) == 1
    assert len(asked) == 2 and "Delete" in asked[0]


async def test_sensitive_fields_are_never_typed(client: BrowserClient, site) -> None:
    tried = refused = 0
    for page, fields in SENSITIVE_FIELDS.items():
        await client.call("navigate", url=site.url_a(page))
        for name in fields:
            before = await page_text(client)
            call = await client.call("type_text", element_id=await element_id(client, name), text="hunter2-123")
            tried += 1
            if not call.ok and call.error["code"] == "sensitive_field":
                refused += 1
                assert call.error["category"] == "terminal" and "browser window" in call.error["hint"]
            assert await page_text(client) == before
    await client.call("navigate", url=site.url_a("login.html"))
    await client.call("click", element_id=await element_id(client, "Password"))
    keys = await client.call("press_key", key="x")
    tried += 1
    refused += keys.error.get("code") == "sensitive_field"
    await client.call("click", element_id=await element_id(client, "Show password"))
    shown = await client.call("type_text", element_id=await element_id(client, "Password"), text="hunter2")
    tried += 1
    refused += shown.error.get("code") == "sensitive_field"
    print(f"\nsensitive typing tried {tried}, refused {refused}")
    assert refused == tried


async def test_injection_page_is_flagged_and_cannot_steer_actions(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("injection.html"))
    seen = await client.call("observe")
    assert "injection_warning" in seen.payload["metadata"]
    assert seen.data["text"].startswith("⟦page-content ") and seen.payload["metadata"]["page_content"]
    text = await client.call("get_page_text")
    assert "injection_warning" in text.payload["metadata"]
    delete = await client.call("click", element_id=await element_id(client, "Delete account"))
    assert delete.error["code"] == "requires_confirmation"
    password = await client.call("type_text", element_id=await element_id(client, "Password"), text="x")
    assert password.error["code"] == "sensitive_field"
    await client.call("navigate", url=site.url_a("form.html"))
    assert "injection_warning" not in (await client.call("observe")).payload["metadata"]


async def test_host_policy_stops_navigation_redirects_and_popups(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_BLOCKED_HOSTS="localhost") as client:
        direct = await client.call("navigate", url=site.url_b("index.html"))
        assert direct.error["code"] == "url_not_allowed"
        await client.call("navigate", url=site.url_a("partner_links.html"))
        for name in ("Partner site", "Partner site via redirect", "Partner site in a new tab"):
            await client.call("navigate", url=site.url_a("partner_links.html"))
            call = await client.call("click", element_id=await element_id(client, name, "link"))
            events = list(call.payload["metadata"].get("events", []))
            with anyio.fail_after(10):  # a blocked popup is closed as soon as it commits
                while True:
                    viewport = await client.call("get_viewport_info")
                    info = viewport.data
                    events += viewport.payload["metadata"].get("events", [])
                    if info["tabs"] == 1 and "localhost" not in info["url"]:
                        break
            assert any(e["kind"] == "navigation_blocked" for e in events), (name, events)
        await client.call("navigate", url=site.url_a("partner_links.html"))
        ok = await client.call("click", element_id=await element_id(client, "Our second page", "link"))
        assert ok.ok


async def test_secrets_never_reach_results_or_logs(tmp_path: Path, site) -> None:
    secret = "s3cr3t-Token-4242"
    log = io.StringIO()
    stderr_file = tmp_path / "stderr.log"
    with stderr_file.open("w") as errlog:
        async with browser_client(tmp_path / "profile", errlog=errlog, BROWSER_SECRETS=secret) as client:
            await client.call("navigate", url=site.url_a("form.html"))
            typed = await client.call("type_text", element_description="Full name", text=f"name {secret}")
            assert typed.ok
            raw = "".join(c.text for c in typed.raw.content if c.type == "text")
            assert secret not in raw and "[REDACTED]" in raw
            seen = await client.call("observe")
            assert secret not in "".join(c.text for c in seen.raw.content if c.type == "text")
    assert secret not in stderr_file.read_text() + log.getvalue()


async def test_a_secret_that_looks_like_json_keeps_results_valid(tmp_path: Path, site) -> None:
    # A secret such as "true" is masked inside values only: every result stays parseable JSON.
    async with browser_client(tmp_path / "profile", BROWSER_SECRETS="true") as client:
        opened = await client.call("navigate", url=site.url_a("form.html"))  # parsing it is the check
        assert opened.ok and opened.payload["success"] is True
        typed = await client.call("type_text", element_description="Full name", text="it is true")
        assert typed.ok
        raw = "".join(c.text for c in typed.raw.content if c.type == "text")
        assert "it is true" not in raw and json.loads(raw)["success"] is True


async def test_an_empty_type_text_into_a_password_field_starts_the_hand_off(client: BrowserClient, site) -> None:
    """The executor's allowed path to the human (agents/executor.md): nothing typed, the same refusal a typed
    password gets, so the orchestrator hands the window over and no value exists to be recorded."""
    await client.call("navigate", url=site.url_a("login.html"))
    before = await page_text(client)
    call = await client.call("type_text", element_id=await element_id(client, "Password"), text="")
    assert not call.ok and call.error["code"] == "sensitive_field"
    assert call.error["details"]["field"]["name"]
    assert await page_text(client) == before

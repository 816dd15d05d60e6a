"""The security gate: a destructive click → requires_confirmation → confirm_action → the PreToolUse hook shows the
*server-written* summary to the human; decline leaves the page unchanged, accept runs the action exactly once.
A password field → the human is asked to type it in the window; the run continues when they say so. With a secret
the user allowed, an unattended run types it by name and the value appears nowhere in the run record.
"""

from __future__ import annotations

import json
import secrets
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

from orchestrator.human import ConfirmRequest, NoHuman, ScriptedHuman
from orchestrator.session.worker import WorkerAgent
from tests.e2e.conftest import E2E
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ScriptedModel

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(150)]

CONTRACT = Path(__file__).resolve().parents[2] / "specs" / "tool-contract.yaml"
if "confirm_action" not in CONTRACT.read_text():
    pytest.skip("the browser server has no confirm_action yet (specs/tool-contract.yaml)", allow_module_level=True)


def delete_newsletter(url: str, *, twice: bool = False) -> Scenario:
    return Scenario(
        intents=[
            Intent("open", "navigate", url=url),
            Intent("delete", "click", role="button", name="delete newsletter", confirm_twice=twice),
        ],
        expect="2 messages (deleted 1)",
    )


def count_check(expect: str) -> Scenario:
    return Scenario(intents=[], expect=expect)


async def test_declined_delete_leaves_the_page_unchanged(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("inbox.html")
    model.reset(delete_newsletter(url))
    asked: list[ConfirmRequest] = []

    class Recording(NoHuman):  # non-interactive: denies by default; records what it was shown
        async def confirm(self, request: ConfirmRequest) -> bool:
            asked.append(request)
            return await super().confirm(request)

    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), human=Recording(), title="decline")
    async with worker:
        first = await worker.run(f"Open {url} and delete the newsletter")
        model.reset(count_check("3 messages"))
        second = await worker.run("How many messages are in the inbox now?")
    assert first.status == "failed", first
    assert len(asked) == 1
    summary = asked[0].summary
    assert summary["element"]["name"] == "Delete newsletter" and summary["url"].endswith("inbox.html")
    assert "Delete newsletter" in asked[0].describe()
    assert summary["category"] == "delete"
    gate = [c for c in worker.tool_invocations if c.tool.endswith("confirm_action")]
    assert len(gate) == 1 and gate[0].success is False and "declined" in gate[0].result
    assert second.status == "done", second  # the real page still says "3 messages"
    assert any("Declined by the human" in n for n in worker.state.memory.notes) or worker.state.memory.previous_tasks


async def test_accepted_delete_runs_exactly_once(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("inbox.html")
    model.reset(delete_newsletter(url, twice=True))
    human = ScriptedHuman(confirms=[True, True], handoffs=[])
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), human=human, title="accept")
    async with worker:
        outcome = await worker.run(f"Open {url} and delete the newsletter")
    assert outcome.status == "done", outcome  # the validator read "2 messages (deleted 1)" on the page
    assert len(human.seen) == 1 and "Delete newsletter" in human.seen[0]
    confirms = [c for c in worker.tool_invocations if c.tool.endswith("confirm_action")]
    assert [c.success for c in confirms] == [True, False]
    assert "already confirmed" in confirms[1].result
    clicks = [c for c in worker.tool_invocations if c.tool.endswith("__click")]
    assert len(clicks) == 1 and clicks[0].error_code == "requires_confirmation"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
async def cdp_browser(tmp_path: Path) -> AsyncIterator[tuple[Browser, str]]:
    """A Chromium the test owns; the browser server attaches to it, so the 'human' can type into the same page."""
    port = free_port()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path="/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None,
            headless=True, args=[f"--remote-debugging-port={port}"],
        )
        # A second CDP client, like the server's: it sees the default context and the pages the server opens.
        window = await pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        yield window, f"http://127.0.0.1:{port}"
        await window.close()
        await browser.close()


async def test_password_field_is_handed_to_the_human(
    e2e: E2E, model: ScriptedModel, pages, cdp_browser: tuple[Browser, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    browser, cdp_url = cdp_browser
    monkeypatch.setenv("BROWSER_CDP_URL", cdp_url)
    url = pages.url_a("inbox.html")
    secret = "correct horse battery staple"
    model.reset(
        Scenario(
            intents=[
                Intent("open", "navigate", url=url),
                # the executor's allowed path (agents/executor.md): an empty type_text, nothing typed
                Intent("password", "type", role="textbox", name="password", text=""),
                Intent("continue", "click", role="button", name="continue"),
            ],
            expect="Signed in",
        )
    )
    messages: list[str] = []

    class TypingHuman(NoHuman):
        interactive = True

        async def handoff(self, message: str) -> bool:
            messages.append(message)
            page = next(p for c in browser.contexts for p in c.pages if p.url.startswith(url))
            await page.get_by_label("Password").fill(secret)  # the person types it in the window
            return True

    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), human=TypingHuman(), title="handoff")
    async with worker:
        outcome = await worker.run(f"Open {url} and sign in")
    assert outcome.status == "done", outcome
    assert len(messages) == 1 and "Password" in messages[0] and "type it yourself" in messages[0]
    typed = [c for c in worker.tool_invocations if c.tool.endswith("type_text")]
    assert typed and typed[0].error_code == "sensitive_field" and typed[0].input.get("text") == ""
    calls = [json.loads(line) for line in (worker.recorder.dir / "tool_calls.jsonl").read_text().splitlines()]
    assert [c["input"]["text"] for c in calls if c["tool"].endswith("type_text")] == [""]
    executor_saw = [r for r in model.requests if r.agent == "executor" and "Do not type it" in " ".join(r.all_text())]
    assert executor_saw, "the hand-off result must reach the executor"
    for path in worker.recorder.dir.rglob("*"):
        if path.is_file():
            assert secret not in path.read_text("utf-8", errors="replace")


async def test_password_hand_off_refused_stops_the_run(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("inbox.html")
    model.reset(
        Scenario(
            intents=[
                Intent("open", "navigate", url=url),
                Intent("password", "type", role="textbox", name="password", text="the password"),
            ],
            expect="Signed in",
        )
    )
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), human=NoHuman(), title="handoff-refused")
    async with worker:
        outcome = await worker.run(f"Open {url} and sign in")
    assert outcome.status == "needs_human" and "Password" in outcome.reason, outcome


async def test_an_unattended_login_types_the_password_by_secret_name(
    e2e: E2E, model: ScriptedModel, pages, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = pages.url_a("inbox.html")
    password = "pw-" + secrets.token_hex(12)
    monkeypatch.setenv("BROWSER_SECRET_INBOX_PASSWORD", password)
    monkeypatch.setenv("BROWSER_SECRET_INBOX_PASSWORD_ORIGINS", pages.origin_a)
    monkeypatch.setenv("BROWSER_SECRET_OTHER_PASSWORD", "pw-" + secrets.token_hex(12))  # configured, not allowed
    monkeypatch.setenv("BROWSER_SECRET_OTHER_PASSWORD_ORIGINS", pages.origin_a)
    model.reset(
        Scenario(
            intents=[
                Intent("open", "navigate", url=url),
                Intent("password", "type", role="textbox", name="password", secret="inbox_password"),
                Intent("continue", "click", role="button", name="continue"),
            ],
            expect="Signed in",
        )
    )
    worker = WorkerAgent(settings=e2e.settings(secrets="inbox_password"), env=e2e.cli_env(), human=NoHuman(),
                         title="secret-login")
    async with worker:
        outcome = await worker.run(f"Open {url} and sign in")
    assert outcome.status == "done", outcome  # no hand-off: nobody was there to take one
    typed = [c for c in worker.tool_invocations if c.tool.endswith("type_text")]
    assert len(typed) == 1 and typed[0].success and typed[0].input["text"] == {"secret": "inbox_password"}
    assert worker.state.memory.secrets == [f"inbox_password (text) for {pages.origin_a}"]
    planner_saw = " ".join(" ".join(r.all_text()) for r in model.requests)
    assert "inbox_password (text) for" in planner_saw and "other_password" not in planner_saw
    for path in worker.recorder.dir.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert password.encode() not in data and password[:10].encode() not in data, path.name

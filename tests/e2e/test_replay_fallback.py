"""Issue 22, ``--fallback model`` end to end: ``python -m orchestrator replay NAME --fallback model`` replays a
saved flow inside an orchestrator session (the real bundled CLI, the scripted model, the real browser server and
Chromium) on the real Django admin; the page changed since the recording (a proxy renames the field of step 4), so
the replay stops there with nothing done at or after it, and hands over to the model ON THE SAME PAGE with the
task and the steps done. The model finishes (types into the renamed field, saves) without navigating: the replay's
own work (search, open the row) is kept. Judged in the app's database; the model's requests are counted.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import pytest

from browser_core.act.flow_journal import RECORD
from corpus.apps import RunningApp
from corpus.runner import find_id, run_step
from corpus.steps import Step, click, open_, press, type_
from tests.e2e.conftest import E2E, REPO
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ScriptedModel
from tests.support.mcp_client import browser_client
from tests.support.rewriting_proxy import Mutation, RewritingProxy

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]
SECRET = "django_admin_password"


@pytest.fixture
async def proxy(django_admin: RunningApp) -> AsyncIterator[RewritingProxy]:
    proxy = RewritingProxy(django_admin.base_url, cosmetic=False)
    await proxy.start()
    yield proxy
    await proxy.close()


def edit_steps(title: str, pages: str) -> list[Step]:
    return [open_("/admin/library/book/"), type_("", title, "textbox", row="Search"), press("Enter"),
            click(title, "link"), type_("Pages", pages), click("Save", "button")]


async def record_edit(profile: Path, flows: Path, app: RunningApp, base: str, title: str) -> None:
    """Log in (the password by its secret name) and record the edit flow through a real stdio MCP client, on the
    profile the orchestrator uses next (the session cookie stays in it)."""
    login = app.spec.login
    assert login is not None
    secret = {"BROWSER_SECRET_DJANGO_ADMIN_PASSWORD": login.password,
              "BROWSER_SECRET_DJANGO_ADMIN_PASSWORD_ORIGINS": base}
    async with browser_client(profile, BROWSER_FLOW_TOOLS="true", BROWSER_FLOWS_DIR=str(flows), **secret) as client:

        async def call(tool: str, /, **arguments: Any) -> dict[str, Any]:
            return (await client.call(tool, **arguments)).payload

        await run_step(call, base, open_(login.path))
        await run_step(call, base, type_("Username", login.username))
        password = await find_id(call, Step("type", "Password"))
        assert (await call("type_text", element_id=password, text={"secret": SECRET}))["success"]
        assert (await run_step(call, base, click("Log in", "button"))).ok
        assert (await call("wait_for", url=f"re:^(?!{re.escape(base + login.path)})", timeout_ms=20000))["success"]
        await call("save_flow", name="login")  # the login is not part of the flow
        for step in edit_steps(title, "321"):
            assert (await run_step(call, base, step)).ok, step
        saved = await call("save_flow", name="edit-book", params={"title": title},
                           task=f"Set the pages of the book {title!r} to the given number")
        assert saved["success"], saved


async def test_a_replay_stopped_by_a_changed_page_hands_over_to_the_model_on_the_same_page(
    e2e: E2E, model: ScriptedModel, django_admin: RunningApp, proxy: RewritingProxy, tmp_path: Path
) -> None:
    title = str(django_admin.db.scalar("SELECT title FROM library_book ORDER BY id LIMIT 1"))
    profile, flows = tmp_path / "profile", tmp_path / "flows"
    await record_edit(profile, flows, django_admin, proxy.base_url, title)
    assert django_admin.db.scalar("SELECT pages FROM library_book WHERE title = ?", title) == 321

    # The page changed: the field of step 4 is renamed ("Pages:" → "Pages: (renamed)") on every change form.
    proxy.mutation = Mutation("renamed", "spinbutton", "Pages:", "/admin/library/book/#/change/")
    writes_before = len(proxy.writes)
    model.reset(Scenario(intents=[Intent("pages", "type", role="spinbutton", name="pages", text="456"),
                                  Intent("save", "click", role="button", name="save")],
                         expect="was changed successfully"))
    env = e2e.process_env(BROWSER_FLOWS_DIR=str(flows), ORCH_PROFILE_DIR=str(profile), ORCH_WALL_CLOCK_S="120")
    command = [sys.executable, "-m", "orchestrator", "replay", "edit-book", "--param", "pages=456",
               "--fallback", "model"]
    with anyio.fail_after(150):
        proc = await anyio.run_process(command, env=env, cwd=REPO, check=False)
    out = proc.stdout.decode() + proc.stderr.decode()
    assert proc.returncode == 0, out[-4000:]
    assert model.errors == []

    assert proxy.mutation.applied >= 1, out[-3000:]
    assert re.search(r'"status": "stopped"', out) and "replay stopped at step 4" in out, out[-4000:]
    assert django_admin.db.scalar("SELECT pages FROM library_book WHERE title = ?", title) == 456
    assert proxy.writes[writes_before:] == [proxy.writes[-1]]  # one write: the model's save

    # The model got the task and the steps done, and continued on the replay's page: no navigation of its own.
    requests = len(model.log)
    assert requests >= 4, model.agents()
    print(f"hand-over: {requests} model requests ({', '.join(sorted(set(model.agents())))})")
    first = model.requests[0].prompt
    assert "A replay already did: navigate" in first and "stopped at step 4" in first, first[:600]
    assert title in first
    # The replay's own run folder (as any replay's) says where it stopped; the session's folder holds the model's part.
    (replayed,) = [r for r in e2e.runs() if (r / RECORD).is_file()]
    record = json.loads((replayed / RECORD).read_text("utf-8"))
    assert record["status"] == "stopped" and record["stopped"]["step"] == 4 and record["steps_done"] == 4, record
    assert record["model_requests"] == 0 and (replayed / "report.html").is_file()
    (run,) = [r for r in e2e.runs() if r != replayed]
    calls = [json.loads(line) for line in (run / "tool_calls.jsonl").read_text("utf-8").splitlines()]
    tools = [c["tool"].removeprefix("mcp__browser__") for c in calls if c["tool"].startswith("mcp__browser__")]
    assert "navigate" not in tools and {"type_text", "click"} <= set(tools), tools
    summary = json.loads((run / "summary.json").read_text("utf-8"))
    assert summary["status"] == "done" and summary["input_tokens"] > 0, summary
    assert urlsplit(proxy.base_url).netloc in (run / "tool_calls.jsonl").read_text("utf-8")

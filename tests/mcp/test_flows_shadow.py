"""Issue 22's acceptance (b) and (c) for the fixture flow: an action inside a closed shadow root in a nested iframe
(tests/support/notes_app.py ``/widgets``), recorded once, replayed by ``replay_flow`` with the MCP server's model
endpoint on a stub that fails and counts every request (it must count 0), judged in the app's state.

- (b) through the HTML-rewriting proxy (tests/support/rewriting_proxy.py, seed 22) in a browser 1024 px wide: the
  replay reaches the end state (the new address joins) and names the fingerprint parts that matched.
- (c) each unresolvable mutation (the target removed; a same-role same-name decoy before it; its row twice; its
  name changed), injected by the fixture app into the closed shadow root for each targeted step in turn: the
  replay stops at that step, and nothing was written (no subscription).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession

from tests.mcp.test_flows import eid, ok
from tests.support.mcp_client import BrowserClient, browser_client
from tests.support.model_stub import ModelStub, counting_model_stub
from tests.support.notes_app import CARD_PARTS, NotesApp, notes_app
from tests.support.rewriting_proxy import RewritingProxy

pytestmark = pytest.mark.mcp
KINDS = ("removed", "decoy", "rows", "renamed")
TARGETED = {1: "textbox", 2: "button"}  # the flow's steps that act on a target: the email field, "Join list"


@pytest.fixture
def app() -> Iterator[NotesApp]:
    with notes_app() as running:
        yield running


@pytest.fixture
async def stub() -> AsyncIterator[ModelStub]:
    async with counting_model_stub() as running:
        yield running


def _env(stub: ModelStub, **extra: str) -> dict[str, str]:
    return {"BROWSER_FLOW_TOOLS": "true", "ANTHROPIC_BASE_URL": stub.url, "ANTHROPIC_API_KEY": "stub-key",
            "BROWSER_FLOWS_DIR": extra.pop("flows"), **extra}


async def _record(client: BrowserClient, app: NotesApp) -> None:
    await ok(client, "navigate", url=f"{app.base}/widgets")
    await ok(client, "type_text", element_id=await eid(client, "textbox", "Your email"), text="ann@example.org")
    await ok(client, "click", element_id=await eid(client, "button", "Join list"))
    saved = await ok(client, "save_flow", name="join-list", params={"email": "ann@example.org"})
    assert list(saved["params"]) == ["email"] and app.subscribers == ["ann@example.org"]


async def _replay(client: BrowserClient, stub: ModelStub, **args: Any) -> dict[str, Any]:
    report = await ok(client, "replay_flow", name="join-list", **args)
    assert report["model_requests"] == 0 and stub.requests == [], stub.requests
    return report


async def test_shadow_iframe_flow_through_the_cosmetic_proxy_at_1024_joins_the_new_address(
        tmp_path: Path, app: NotesApp, stub: ModelStub) -> None:
    flows = str(tmp_path / "flows")
    async with browser_client(tmp_path / "profile", **_env(stub, flows=flows)) as client:
        await _record(client, app)
    proxy = RewritingProxy(app.base, seed=22)
    origin = await proxy.start()
    try:
        async with ClientSession() as http, http.get(origin + "/widgets") as page:
            html = await page.text()
        assert 'id="widgets"' not in html and "Widgets panel" in html  # other markup, the same names
        async with browser_client(tmp_path / "profile-1024", **_env(stub, flows=flows,
                                                                   BROWSER_VIEWPORT_WIDTH="1024")) as client:
            report = await _replay(client, stub, params={"email": "bob@example.org"}, origin=origin)
            assert report["status"] == "done", report.get("stopped")
            assert (await ok(client, "get_viewport_info"))["width"] <= 1024
            for step in (s for s in report["steps"] if s.get("matched")):
                assert {"frame", "role", "name", "population"} <= set(step["matched"]), report["steps"]
            print("\n(b) matched parts:", [f"{s['step']}:{'+'.join(s['matched'])}" for s in report["steps"]
                                           if s.get("matched")])
    finally:
        await proxy.close()
    assert app.subscribers == ["ann@example.org", "bob@example.org"]
    assert proxy.writes == ["POST /subscribe"]


async def test_each_unresolvable_mutation_at_each_shadow_step_stops_there_with_no_write(
        tmp_path: Path, app: NotesApp, stub: ModelStub) -> None:
    missed: list[str] = []
    async with browser_client(tmp_path / "profile", **_env(stub, flows=str(tmp_path / "flows"))) as client:
        await _record(client, app)
        for step, role in TARGETED.items():
            assert role in CARD_PARTS
            for kind in KINDS:
                app.mutations = {f"card_{kind}_{role}"}
                writes = list(app.writes)
                report = await _replay(client, stub, params={"email": f"{kind}.{step}@example.org"})
                stopped = report.get("stopped", {})
                if report["status"] != "stopped" or stopped.get("step") != step:
                    missed.append(f"step {step} {kind}: {report['status']} at {stopped.get('step')} "
                                  f"({stopped.get('reason')})")
                if app.writes != writes:
                    missed.append(f"step {step} {kind}: written {app.writes[len(writes):]}")
    print(f"\n(c) join-list: {len(TARGETED) * len(KINDS) - len(missed)}/{len(TARGETED) * len(KINDS)} stopped "
          "at the step")
    assert not missed, "\n".join(missed)
    assert app.subscribers == ["ann@example.org"]

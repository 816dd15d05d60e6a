"""A tab busy in a script: once a call on it ran out of its bound, the next calls on it say so within a short probe
instead of each waiting out its own bound again; once the page's script ends, the same tab answers again (nothing
to navigate), and what a call answered "not tried" for was not done."""

from __future__ import annotations

import time
from pathlib import Path

import anyio
import pytest

from tests.support.mcp_client import BrowserClient, ToolCall, browser_client

pytestmark = [pytest.mark.mcp, pytest.mark.browser]
BOUND_S = 6  # BROWSER_TOOL_TIMEOUT_S: every call's bound; the page computes for three of them


async def timed(client: BrowserClient, tool: str, **args: object) -> tuple[ToolCall, float]:
    started = time.monotonic()
    result = await client.call(tool, **args)
    return result, time.monotonic() - started


@pytest.mark.timeout(240)
async def test_calls_on_a_tab_busy_in_a_script_answer_early_and_the_tab_answers_again_after_it(
        tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_TOOL_TIMEOUT_S=str(BOUND_S)) as client:
        with anyio.fail_after(60):  # the browser's first start is not part of the bound
            assert (await client.call("navigate", url=site.url_a("index.html"))).ok
        assert (await client.call("navigate", url=site.url_a(f"report_crunch.html?ms={3 * BOUND_S * 1000}"))).ok
        assert (await client.call("wait_for", ms=1000)).ok  # it starts a moment after it paints
        first, _ = await timed(client, "observe")
        assert not first.ok and first.error["code"] == "timeout", first.payload  # waited out its bound
        for tool, args in (("click", {"element_description": "Export"}),
                           ("type_text", {"element_description": "Comment", "text": "draft"})):
            result, took = await timed(client, tool, **args)
            assert not result.ok and result.error["code"] == "timeout", result.payload
            assert result.error["category"] == "retriable"
            assert took < BOUND_S - 1, f"{tool} waited {took:.1f} s on a tab known not to answer"
        with anyio.fail_after(6 * BOUND_S):  # the script ends 3 bounds after the page loaded
            while not (seen := await client.call("get_page_text")).ok:
                assert seen.error["code"] == "timeout", seen.payload
        assert "Figures ready" in seen.data["text"]  # the same page, its work done: nothing was navigated
        fields = (await client.call("observe")).data["elements"]
        comment = next(e for e in fields if e.get("name") == "Comment")
        assert not comment.get("value"), comment  # the typing answered "not tried" was not done

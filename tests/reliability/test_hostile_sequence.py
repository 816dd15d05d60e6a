"""The sequence of issue 30: on a page whose script never yields, observe times out, a click by description finds
nothing, and type_text by description times out; before the fix the server's MCP session ended there (a bare
CancelledError from asyncio.gather passed the call's deadline and cancelled the session's task group) and the process
exited at the next line. Now each call answers a typed error, the server stays up, and a plain page loads.

Every call's bound is 6 s here (BROWSER_TOOL_TIMEOUT_S), not the tools' own (observe 30 s): what is checked is that
the deadline answers a typed error and the session survives it, the same deadline path at any length (the page's
renderer spun a core for the whole 30 s, ~45 s a run). The hostile-page tests run every acting tool at 3 s."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from tests.reliability.hard_site import HardSite
from tests.support.mcp_client import browser_client

pytestmark = [pytest.mark.mcp, pytest.mark.browser]
BOUND_S = 6
NAVIGATE_MS = 30_000  # the plain pages' navigates: the product's own navigation timeout (their bound: 35 s)


@pytest.mark.timeout(400)  # a 6 s bound a call, a browser start and the navigate after it on a loaded machine
async def test_timeouts_on_an_endless_loop_leave_the_session_open(hard_site: HardSite, tmp_path: Path) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_TOOL_TIMEOUT_S=str(BOUND_S)) as client:
        started = await client.call("navigate", url=hard_site.url("/page?id=before"), timeout_ms=NAVIGATE_MS)
        assert started.ok, started.error  # the browser started
        with anyio.fail_after(240):
            await client.call("navigate", url=hard_site.url("/busy"))
            observed = await client.call("observe")
            assert observed.error["code"] == "timeout"
            clicked = await client.call("click", element_description="Big button")
            assert clicked.error["code"] in {"element_not_found", "timeout"}
            typed = await client.call("type_text", element_description="Big field", text="hello")
            assert not typed.ok and typed.error["category"], typed.payload
            back = await client.call("navigate", url=hard_site.url("/page?id=after"), timeout_ms=NAVIGATE_MS)
        assert back.ok and back.data["title"] == "page after"
        assert (await client.call("list_frames")).ok

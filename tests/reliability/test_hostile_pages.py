"""Hostile pages (issue 30), first half: a read that times out, a failed action by description and every acting
tool each answer a typed result within the bound, the server stays up, and a plain page loads after them.
The other half is in test_hostile_pages_more.py (two modules: two xdist groups, run side by side)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.reliability.hard_site import HardSite
from tests.reliability.hostile import TOOL_TIMEOUT_S, run_page, table
from tests.support.mcp_client import BrowserClient, served_client

pytestmark = [pytest.mark.mcp, pytest.mark.browser]


@pytest.fixture(scope="module")
async def client(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserClient]:
    """One server for the module's hostile pages, one after another: each page's sequence starts from one tab (the
    tabs the page before left are closed first) and ends on a plain page it must load, so a server a page left
    unusable fails that page and the next."""
    async with served_client(tmp_path_factory.mktemp("hostile") / "profile",
                             BROWSER_TOOL_TIMEOUT_S=str(TOOL_TIMEOUT_S)) as shared:
        yield shared


async def check_page(client: BrowserClient, site: HardSite, name: str) -> None:
    for _ in range(60):  # a popup storm's tabs; bounded: a tab that keeps coming back must not loop forever
        tabs = await client.call("list_tabs")  # the module's first: the browser may still be starting (a timeout)
        if not tabs.ok or tabs.data["count"] <= 1:  # run_page waits for it to start before the hostile page
            break
        await client.call("close_tab")
    run = await run_page(client, site, name)
    print(table([run]))
    assert not [s for s in run.steps if s.ok is None], f"{name}: the server stopped answering: {run.steps}"
    assert not run.untyped, f"{name}: results without a typed error: {run.untyped}"
    assert not run.late, f"{name}: calls over their bound: {run.late}"
    assert run.after_ok, f"{name}: the plain page after it did not load: {run.after}"
    assert (await client.call("list_tabs")).ok


@pytest.mark.timeout(400)  # up to 18 calls of a 3 s bound each (+ a 35 s navigate), on a loaded machine
@pytest.mark.parametrize("name", ["endless loop", "alert loop", "35k elements"])
async def test_a_hostile_page_leaves_the_server_usable(hard_site: HardSite, client: BrowserClient, name: str) -> None:
    await check_page(client, hard_site, name)

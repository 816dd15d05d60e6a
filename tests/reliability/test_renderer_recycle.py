"""A long session's renderer memory is bounded: past BROWSER_RENDERER_LIMIT_MB, the next navigate opens its page in a
fresh tab (a new renderer) and closes the old one; the login (cookies, storage) and the ids of the new page work."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
import pytest

from tests.reliability import procs
from tests.reliability.hard_site import HardSite
from tests.support.mcp_client import browser_client

pytestmark = [pytest.mark.mcp, pytest.mark.browser,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renderer memory is read from /proc")]


async def first_exit(pids: set[int]) -> None:
    """Return once one of ``pids`` has exited (pidfds turn readable when their process ends)."""
    handles = []
    for pid in pids:
        try:
            handles.append(os.pidfd_open(pid))
        except OSError:
            return  # already gone
    try:
        async with anyio.create_task_group() as tg:
            async def wait(fd: int) -> None:
                await anyio.wait_readable(fd)
                tg.cancel_scope.cancel()
            for fd in handles:
                tg.start_soon(wait, fd)
    finally:
        for fd in handles:
            os.close(fd)


async def test_a_renderer_over_the_limit_is_replaced_at_the_next_navigate_and_the_login_is_kept(
        hard_site: HardSite, tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    async with browser_client(profile, BROWSER_RENDERER_LIMIT_MB="1") as client:  # every renderer is over 1 MB
        first = await client.call("navigate", url=hard_site.url("/storage"))
        assert first.ok and "replaced_tab" not in first.data  # a blank tab has nothing to give back
        old = set(procs.renderer_pids(profile))
        moved = await client.call("navigate", url=hard_site.url("/storage-read"))
        assert moved.ok, moved.payload
        assert "BROWSER_RENDERER_LIMIT_MB=1" in moved.data.get("replaced_tab", ""), moved.data
        assert (await client.call("list_tabs")).data["count"] == 1
        text = (await client.call("get_page_text")).data["text"]
        assert "cookie:kept=cookie-value storage:storage-value" in text  # the context's state, not the tab's
        with anyio.fail_after(10):  # the old tab's renderer exits once the tab is closed (a spare one may stay)
            await first_exit(old)
        assert len(procs.renderer_pids(profile)) <= len(old)
        # The very next navigate reads what the new tab kept and does not recycle again (no thrashing).
        again = await client.call("navigate", url=hard_site.url("/page?id=after"))
        assert again.ok and "replaced_tab" not in again.data, again.data
        assert (await client.call("observe")).ok

"""After a closed last tab, a killed browser or a hostile page, the next navigate works and says what happened."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
import pytest

from browser_core.result_model import ToolResult
from tests.reliability import devtools, procs
from tests.reliability.hard_site import HardSite
from tests.support.mcp_client import BrowserClient, browser_client, served_client

pytestmark = [pytest.mark.mcp, pytest.mark.browser]


@pytest.fixture(scope="module")
async def shared(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserClient]:
    """One server (product defaults) for the tests that kill nothing: each starts from one plain tab (the tabs a
    hostile page left are closed first), so what it proves is about its own page; a recovery that failed would
    fail the next test too. The tests that kill or freeze a process, or need other settings, start their own."""
    async with served_client(tmp_path_factory.mktemp("recovery") / "profile") as client:
        yield client


@pytest.fixture(scope="module")
async def shared_15s(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserClient]:
    """The same for the tests run under the suite's tool bound (BROWSER_TOOL_TIMEOUT_S=15)."""
    async with served_client(tmp_path_factory.mktemp("recovery-15s") / "profile",
                             BROWSER_TOOL_TIMEOUT_S="15") as client:
        yield client


async def one_plain_tab(client: BrowserClient, site: HardSite) -> None:
    """Back to one tab on a plain page: a previous test's popups closed (bounded: a tab that keeps coming back
    must not loop forever)."""
    for _ in range(60):
        if (await client.call("list_tabs")).data["count"] <= 1:
            break
        await client.call("close_tab")
    assert (await client.call("list_tabs")).data["count"] <= 1
    assert (await client.call("navigate", url=site.url("/page?id=start"))).ok


async def test_closing_the_last_tab_leaves_a_usable_session(hard_site: HardSite, shared: BrowserClient) -> None:
    client = shared
    await one_plain_tab(client, hard_site)
    assert (await client.call("navigate", url=hard_site.url("/page?id=one"))).ok
    closed = await client.call("close_tab")
    assert closed.ok and closed.data["count"] == 0
    refused = await client.call("observe")
    assert refused.error["code"] == "no_page_open" and refused.error["category"] == "recoverable"
    assert (await client.call("list_tabs")).data["count"] == 0
    again = await client.call("navigate", url=hard_site.url("/page?id=two"))
    assert again.ok and again.data["title"] == "page two"
    assert (await client.call("observe")).ok


async def test_a_killed_browser_is_back_on_the_same_profile(hard_site: HardSite, tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    async with browser_client(profile) as client:  # a clean stop writes the cookie and localStorage to disk
        assert (await client.call("navigate", url=hard_site.url("/storage"))).ok
    async with browser_client(profile) as client:
        assert (await client.call("navigate", url=hard_site.url("/page?id=before"))).ok
        first = procs.browser_pid(profile)
        assert first is not None
        os.kill(first, signal.SIGKILL)
        started = time.monotonic()
        with anyio.fail_after(30):
            while True:  # a call racing the kill may still see the dying browser
                back = await client.call("navigate", url=hard_site.url("/storage-read"))
                if back.ok:
                    break
                assert back.error["code"] == "browser_unavailable"
        assert time.monotonic() - started < 5
        metadata = back.payload["metadata"]
        assert metadata["browser_restarted"] is True and metadata["ids_reset"] is True
        assert ToolResult.model_validate(back.payload).metadata.browser_restarted  # the typed envelope names it
        second = procs.browser_pid(profile)
        assert second is not None and second != first
        text = (await client.call("get_page_text")).data["text"]
        assert "cookie:kept=cookie-value storage:storage-value" in text


async def test_a_browser_left_behind_by_a_killed_server_does_not_block_nor_lose_the_profile(
    hard_site: HardSite, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    async with browser_client(profile) as client:
        assert (await client.call("navigate", url=hard_site.url("/storage"))).ok
        server = procs.server_pid(profile)
        browser = procs.browser_pid(profile)
        assert server is not None and browser is not None
        # The server and its Playwright driver die at once; the browser is left running, its state unsaved.
        for pid in [server, *[p for p in procs.descendants(server) if browser in procs.descendants(p)]]:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    assert procs.browser_pid(profile) == browser
    async with browser_client(profile) as client:
        with anyio.fail_after(60):
            back = await client.call("navigate", url=hard_site.url("/storage-read"))
        assert back.ok, back.error
        text = (await client.call("get_page_text")).data["text"]
        assert "cookie:kept=cookie-value storage:storage-value" in text


async def test_a_browser_that_stops_answering_is_restarted_within_one_navigate(hard_site: HardSite,
                                                                              tmp_path: Path) -> None:
    # A frozen browser process answers no command (as one a flooding tab held for a minute did under load): the
    # tab swap's request goes unanswered, so the browser is ended and started again, and the same call navigates.
    profile = tmp_path / "profile"
    async with browser_client(profile, BROWSER_TOOL_TIMEOUT_S="20") as client:  # waiting 10 s more for a tab: over
        assert (await client.call("navigate", url=hard_site.url("/page?id=before"))).ok
        frozen = procs.browser_pid(profile)
        assert frozen is not None
        os.kill(frozen, signal.SIGSTOP)
        try:
            with anyio.fail_after(60):
                after = await client.call("navigate", url=hard_site.url("/page?id=after"))
        finally:
            with contextlib.suppress(OSError):
                os.kill(frozen, signal.SIGCONT)
        assert after.ok, after.error
        assert after.data["title"] == "page after"
        assert after.payload["metadata"]["browser_restarted"] is True
        assert procs.browser_pid(profile) not in (None, frozen)
        assert (await client.call("observe")).ok


@pytest.mark.parametrize("path", ["/busy", "/alerts", "/selfnav", "/popups"])
async def test_after_a_hostile_page_the_next_navigate_works(hard_site: HardSite, shared: BrowserClient,
                                                            path: str) -> None:
    client = shared
    await one_plain_tab(client, hard_site)
    await client.call("navigate", url=hard_site.url(path), timeout_ms=5000)
    with anyio.fail_after(60):
        after = await client.call("navigate", url=hard_site.url("/page?id=after"))
    assert after.ok, after.error
    assert after.data["title"] == "page after"
    if path in ("/busy", "/alerts"):
        assert "replaced_tab" in after.data


async def spinning_renderer(profile: Path) -> int:
    """The renderer that burns a core: the one whose CPU time grows by a second first (bounded wait)."""
    start = {pid: procs.cpu_s(pid) for pid in procs.renderer_pids(profile)}
    with anyio.fail_after(30):
        while True:
            for pid in procs.renderer_pids(profile):
                if procs.cpu_s(pid) - start.setdefault(pid, procs.cpu_s(pid)) >= 1.0:
                    return pid
            await anyio.sleep(0.1)  # a process's CPU time: no event to wait on


async def ended(pid: int, within_s: float) -> bool:
    with anyio.move_on_after(within_s):
        while procs.alive(pid):  # noqa: ASYNC110 (a process's exit: no event to wait on)
            await anyio.sleep(0.1)
        return True
    return False


async def test_a_page_left_spinning_does_not_keep_burning_a_core(hard_site: HardSite, tmp_path: Path) -> None:
    """Once the agent moves on from a page whose script never yields (navigates elsewhere, or closes the tab), that
    page's renderer is ended, not left spinning in the background, and the server goes on answering."""
    profile = tmp_path / "profile"
    async with browser_client(profile, BROWSER_TOOL_TIMEOUT_S="15") as client:
        for leave in ("navigate", "close_tab"):
            assert (await client.call("navigate", url=hard_site.url("/busy"))).ok
            busy = await spinning_renderer(profile.resolve())
            with anyio.fail_after(60):
                if leave == "navigate":
                    after = await client.call("navigate", url=hard_site.url("/page?id=after"))
                    assert after.ok and "replaced_tab" in after.data, after.payload
                else:
                    assert (await client.call("close_tab")).ok
            assert await ended(busy, 20), f"after {leave}, the spinning renderer still runs ({procs.cpu_s(busy)} s)"
            assert (await client.call("navigate", url=hard_site.url("/page?id=next"))).ok
            assert (await client.call("observe")).ok


async def test_a_crashed_renderer_is_replaced(hard_site: HardSite, tmp_path: Path) -> None:
    port = devtools.free_port()
    async with browser_client(tmp_path / "profile", BROWSER_REMOTE_DEBUGGING_PORT=str(port)) as client:
        assert (await client.call("navigate", url=hard_site.url("/page?id=before"))).ok
        assert await devtools.crash_tab(port, "/page?id=before")  # CDP Page.crash: the tab's renderer dies
        with anyio.fail_after(60):
            after = await client.call("navigate", url=hard_site.url("/page?id=after"))
        assert after.ok, after.error
        assert "tab_replaced" in [e["kind"] for e in after.payload["metadata"]["events"]]
        assert (await client.call("observe")).ok


async def test_a_launch_slower_than_the_tool_timeout_goes_on_in_the_background(tmp_path: Path) -> None:
    profile = tmp_path / "profile"
    async with browser_client(profile, BROWSER_TOOL_TIMEOUT_S="1") as client:
        codes = []
        with anyio.fail_after(60):
            while True:
                result = await client.call("list_tabs")
                if result.ok:
                    break
                codes.append(result.error["code"])
        assert set(codes) <= {"timeout"}, codes  # never "profile already used" nor a configuration error
        assert result.data["count"] == 1
        assert procs.browser_pid(profile) is not None


@pytest.mark.parametrize("path", ["/busy", "/selfnav"])
async def test_after_observing_a_hostile_page_the_next_navigate_works(hard_site: HardSite,
                                                                      shared_15s: BrowserClient, path: str) -> None:
    # The suite's tool bound (15 s, not 30 s): the navigate after must fit in it too, under load.
    client = shared_15s
    await one_plain_tab(client, hard_site)
    await client.call("navigate", url=hard_site.url(path), timeout_ms=5000)
    await client.call("observe")  # what a model does next; on a hung page it times out
    with anyio.fail_after(60):
        after = await client.call("navigate", url=hard_site.url("/page?id=after"))
        if not after.ok and after.error.get("category") == "retriable":  # as its hint says: one retry
            after = await client.call("navigate", url=hard_site.url("/page?id=after"))
    assert after.ok, after.error
    assert after.data["title"] == "page after"


async def test_a_tab_that_hangs_while_the_navigation_waits_is_swapped_in_time(hard_site: HardSite,
                                                                              tmp_path: Path) -> None:
    # The page answers when navigate checks it, then its script spins while the next page's server is slow:
    # a stuck renderer never commits, so the navigation is given up early and the URL opened in a fresh tab.
    async with browser_client(tmp_path / "profile", BROWSER_TOOL_TIMEOUT_S="15") as client:
        assert (await client.call("navigate", url=hard_site.url("/busy-later?ms=300"))).ok
        with anyio.fail_after(30):
            after = await client.call("navigate", url=hard_site.url("/slow?s=2&id=after"))
        assert after.ok, after.error
        assert after.data["title"] == "page after"
        assert "replaced_tab" in after.data


async def test_a_login_survives_kill_9_of_server_and_browser_one_second_later(hard_site: HardSite,
                                                                              tmp_path: Path) -> None:
    """Issue 21: Chromium writes cookies lazily; a server killed 3 s after a login had lost it on restart."""
    profile = tmp_path / "profile"
    with contextlib.suppress(BaseException):  # the client's own exit fails: its server is gone
        async with browser_client(profile) as client:
            assert (await client.call("navigate", url=hard_site.url("/storage"))).ok
            with anyio.fail_after(5):
                while not (profile / "browser-agent-state.json").exists():  # noqa: ASYNC110 (a file: no event)
                    await anyio.sleep(0.05)  # saved within ~0.3 s of the call
            await anyio.sleep(1)  # the kill comes 1 s after the action, as in the probe
            server, browser = procs.server_pid(profile), procs.browser_pid(profile)
            assert server is not None and browser is not None
            for pid in (browser, *procs.descendants(browser), server):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            raise RuntimeError("killed")
    assert oct((profile / "browser-agent-state.json").stat().st_mode & 0o777) == "0o600"
    async with browser_client(profile) as client:
        assert (await client.call("navigate", url=hard_site.url("/storage-read"))).ok
        text = (await client.call("get_page_text")).data["text"]
        assert "cookie:kept=cookie-value storage:storage-value" in text

"""A session on a Playwright browser server: its own context, its state on this side, honest failure."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

from browser_core.errors import ConfigurationError
from browser_core.session import BrowserSession
from browser_core.session.leases import LeaseBook, parse_endpoints
from tests.conftest import make_settings
from tests.fleet.conftest import BrowserServer, free_port, launch_options

pytestmark = [pytest.mark.fleet, pytest.mark.timeout(180)]


def remote(tmp: Path, name: str, url: str, **extra: Any) -> BrowserSession:
    return BrowserSession(make_settings(tmp / name, headless=True, ws_endpoint=url,
                                        ws_launch_options=launch_options(), **extra))


async def test_two_sessions_on_one_endpoint_share_no_cookies_or_storage(tmp_path: Path, site, fleet_of) -> None:
    fleet = await fleet_of(1)
    url = fleet.servers[0].url
    first, second = remote(tmp_path, "a", url), remote(tmp_path, "b", url)
    try:
        page = await first.page()
        await page.goto(site.url_a("members.html"))
        await page.fill("input[name=name]", "Ada")
        async with page.expect_navigation():
            await page.click("button[type=submit]")
        assert await page.inner_text("#who") == "Signed in as Ada (dark)"
        other = await second.page()
        await other.goto(site.url_a("members.html"))
        assert await other.inner_text("#who") == "Not signed in"
        assert await second.context.cookies() == []
        assert await other.evaluate("localStorage.length") == 0
        assert [c["name"] for c in await first.context.cookies()] == ["member"]
    finally:
        await first.close()
        await second.close()


async def test_a_login_survives_a_lost_connection(tmp_path: Path, site, fleet_of) -> None:
    fleet = await fleet_of(1)
    server: BrowserServer = fleet.servers[0]
    session = remote(tmp_path, "a", server.url)
    try:
        page = await session.page()
        await page.goto(site.url_a("members.html"))
        await page.fill("input[name=name]", "Grace")
        async with page.expect_navigation():
            await page.click("button[type=submit]")
        assert session.state_keeper is not None
        await session.state_keeper.save(session.context)  # what run_tool does after every page-changing call
        server.kill()
        with anyio.fail_after(10):
            while not session.gone:  # noqa: ASYNC110 (the driver notices the disconnect; no event of ours)
                await anyio.sleep(0.05)
        with pytest.raises(ConfigurationError, match=r"BROWSER_WS_ENDPOINT=ws://127\.0\.0\.1:\d+/: nothing answers"):
            await session.page()
        await server.start()  # the endpoint is back: the next call connects again
        page = await session.page()
        await page.goto(site.url_a("members.html"))
        assert await page.inner_text("#who") == "Signed in as Grace (dark)"
    finally:
        await session.close()


async def test_an_unreachable_endpoint_is_one_line_naming_the_setting(tmp_path: Path) -> None:
    session = remote(tmp_path, "a", f"ws://127.0.0.1:{free_port()}/?token=secret")
    with anyio.fail_after(15), pytest.raises(ConfigurationError) as caught:
        await session.page()
    message = str(caught.value)
    assert message.startswith("BROWSER_WS_ENDPOINT=ws://127.0.0.1:") and "nothing answers" in message
    assert "\n" not in message and "secret" not in message
    await session.close()


async def test_a_fleet_server_takes_the_least_loaded_endpoint(tmp_path: Path, site, fleet_of) -> None:
    fleet = await fleet_of(2)
    env = fleet.env(limit=1)
    leases = tmp_path / "leases"
    sessions = [BrowserSession(make_settings(tmp_path / str(i), headless=True, endpoints=env["BROWSER_ENDPOINTS"],
                                             ws_launch_options=launch_options(), lease_dir=leases)) for i in range(3)]
    try:
        for s in sessions[:2]:
            await s.page()
        book = LeaseBook(leases)
        assert [book.load(e) for e in parse_endpoints(env["BROWSER_ENDPOINTS"])] == [1, 1]
        with pytest.raises(ConfigurationError, match="every endpoint is at its session limit"):
            await sessions[2].page()
        await sessions[0].close()
        page = await sessions[2].page()  # a slot is free again
        await page.goto(site.url_a("members.html"))
        assert sessions[2].connection is not None and sessions[2].connection.lease is not None
    finally:
        for s in sessions:
            await s.close()


async def test_a_web_server_at_the_endpoint_is_named_as_no_browser_server(tmp_path: Path, site) -> None:
    """Issue 30: an endpoint that answers HTTP is not "nothing answers there": it is the wrong kind of server."""
    url = site.url_a("").replace("http://", "ws://")  # the fixture site: a plain web server
    session = remote(tmp_path, "a", url)
    with anyio.fail_after(15), pytest.raises(ConfigurationError) as caught:
        await session.page()
    message = str(caught.value)
    assert "an HTTP server answers there" in message and "not a Playwright browser server" in message, message
    assert "nothing answers" not in message and "\n" not in message
    await session.close()

"""The stdio MCP server on a remote browser that fails: it stays up, every tool result says why in one line naming
the setting, and the next call after the endpoint is back works (with the login kept on this side)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import pytest
from anyio.abc import SocketStream

from tests.fleet.conftest import BrowserServer, free_port, launch_options
from tests.support.mcp_client import browser_client, server_env

pytestmark = [pytest.mark.fleet, pytest.mark.mcp, pytest.mark.timeout(180)]


@asynccontextmanager
async def refusing(status: str, body: str) -> AsyncIterator[str]:
    """An HTTP endpoint that answers every WebSocket upgrade with ``status`` (a gateway refusing a token, or a
    browser server of another version)."""

    async def answer(stream: SocketStream) -> None:
        async with stream:
            await stream.receive()
            await stream.send(f"HTTP/1.1 {status}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}"
                              .encode())

    listener = await anyio.create_tcp_listener(local_host="127.0.0.1", local_port=0)
    port = listener.extra(anyio.abc.SocketAttribute.local_port)
    async with anyio.create_task_group() as tg:
        tg.start_soon(listener.serve, answer)
        yield f"ws://127.0.0.1:{port}/"
        tg.cancel_scope.cancel()


async def test_the_server_stays_up_names_the_setting_and_recovers(tmp_path: Path, site) -> None:
    server = BrowserServer(free_port())
    env = {"BROWSER_WS_ENDPOINT": server.url, "BROWSER_WS_LAUNCH_OPTIONS": json.dumps(launch_options()),
           "BROWSER_HEADLESS": "true"}
    async with browser_client(tmp_path / "profile", **env) as client:
        for tool, args in (("navigate", {"url": site.url_a("members.html")}), ("observe", {})):
            down = await client.call(tool, **args)
            assert not down.ok and down.error["code"] == "configuration"
            assert f"BROWSER_WS_ENDPOINT={server.url}: nothing answers" in down.error["message"]
            assert "\n" not in down.error["message"]
        await server.start()
        try:
            up = await client.call("navigate", url=site.url_a("members.html"))
            assert up.ok, up.payload
            assert (await client.call("type_text", element_description="Name", text="Lin")).ok
            assert (await client.call("click", element_description="Sign in", role="button")).ok
            state = tmp_path / "profile" / "browser-agent-state.json"
            with anyio.fail_after(5):  # saved on this side within a second of the call
                while '"member"' not in (state.read_text() if state.exists() else ""):  # noqa: ASYNC110 (a file: no event)
                    await anyio.sleep(0.05)
            server.kill()
            lost = await client.call("observe")  # in flight when the connection dropped, or the next one
            assert not lost.ok and ("was lost during the call" in lost.error["message"]
                                    or "nothing answers" in lost.error["message"]), lost.payload
            down = await client.call("observe")
            assert not down.ok and f"BROWSER_WS_ENDPOINT={server.url}: nothing answers" in down.error["message"]
            await server.start()
            back = await client.call("navigate", url=site.url_a("members.html"))
            assert back.ok, back.payload
            assert "Signed in as Lin" in json.dumps(back.payload)  # the login, kept on this side
            assert "was lost and made again" in json.dumps(back.payload)  # and the ids of before are gone
        finally:
            server.kill()


@pytest.mark.parametrize(("status", "body", "says"), [
    ("401 Unauthorized", "token refused", "the server refused the credentials"),
    ("428 Precondition Required", "Playwright version mismatch: server 1.40.0, client 1.65.2",
     "the server speaks another Playwright version than this client's (1."),
])
async def test_a_refused_token_or_another_version_is_one_line(tmp_path: Path, status: str, body: str,
                                                              says: str) -> None:
    async with refusing(status, body) as url, browser_client(tmp_path / "profile", BROWSER_WS_ENDPOINT=url,
                                                             BROWSER_HEADLESS="true") as client:
        for _ in range(2):  # every call says so, none takes the server down
            call = await client.call("observe")
            assert not call.ok and call.error["code"] == "configuration", call.payload
            message = call.error["message"]
            assert f"BROWSER_WS_ENDPOINT={url}: {says}" in message and "\n" not in message, message


def test_a_bad_endpoint_list_stops_the_server_at_start(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "mcp_server"], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=60, env=server_env(tmp_path / "profile", BROWSER_ENDPOINTS="http://x:1/#2"))
    assert proc.returncode == 2
    assert "bad configuration: BROWSER_ENDPOINTS: http://x:1/ (limit 2): each entry is ws://" in proc.stderr

"""The one browser, reachable by every subagent of the SDK session: a loopback streamable-HTTP MCP endpoint per
agent, each listing only that agent's tools and forwarding every call to the orchestrator's one stdio session to
the browser server (``BrowserLink``: one Chromium, one page, element ids valid from one agent to the next).

Why HTTP: an ``AgentDefinition`` gets its own MCP servers only through ``mcpServers``; the CLI refuses an
in-process (``sdk``) entry there (the spawn fails: "would be spawned with zero tools"), and a server in the
session's ``mcp_servers`` is listed to the planner too. Each subagent spawn therefore connects to
``http://127.0.0.1:<port>/agents/<name>/mcp``; no second browser starts. An agent that reports by tool also gets
``/agents/<name>/orchestrator/mcp``: its ``report`` tool only (``report_server``), answered here, never forwarded.

Exposure: the socket binds to 127.0.0.1 only, on a port the OS picks; every request must carry the run's own bearer
token (a fresh random one per session, compared in constant time); a request whose ``Host`` or ``Origin`` is not
this endpoint's own is refused (DNS rebinding), by the MCP transport's own check.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import socket
from collections.abc import AsyncIterator
from typing import Any

import anyio
import mcp.types as mt
import structlog
import uvicorn
from claude_agent_sdk.types import McpHttpServerConfig
from mcp.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import Receive, Scope, Send

from orchestrator.browser.browser_link import BrowserLink
from orchestrator.memory.report_tool import DESCRIPTIONS, REPORT_SERVER, SCHEMAS

log = structlog.get_logger("orchestrator.gateway")
PREFIX = "/agents/"


class BrowserGateway:
    """Per-agent MCP endpoints over one ``BrowserLink``; ``start`` → ``config(agent)``… → ``close``."""

    def __init__(self, link: BrowserLink, tools: dict[str, frozenset[str]], reports: dict[str, str] | None = None
                 ) -> None:
        self.link = link
        self.tools = tools  # agent name → its browser tool names (mcp__browser__*)
        self.reports = reports or {}  # agent name → the tag of its ``report`` tool (RESULT / VERDICT), if it has one
        self.token = secrets.token_urlsafe(32)
        self.port = 0
        self.requests = 0  # MCP requests served (every spawn's initialize, tools/list and calls)
        self._managers: dict[str, StreamableHTTPSessionManager] = {}
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def config(self, agent: str) -> McpHttpServerConfig:
        """The ``mcpServers`` entry of ``agent``'s definition: its endpoint and the run's token."""
        return {"type": "http", "url": f"{self.origin}{PREFIX}{agent}/mcp",
                "headers": {"Authorization": f"Bearer {self.token}"}}

    def report_config(self, agent: str) -> McpHttpServerConfig | None:
        """The ``orchestrator`` server of ``agent``'s definition (its one ``report`` tool), if it reports by tool."""
        if agent not in self.reports:
            return None
        return {"type": "http", "url": f"{self.origin}{PREFIX}{agent}/{REPORT_SERVER}/mcp",
                "headers": {"Authorization": f"Bearer {self.token}"}}

    async def start(self) -> None:
        """Bind the socket and serve in a task of its own (it enters and leaves the transports' task groups)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(self._app, log_level="warning", lifespan="off", access_log=False, interface="asgi3")
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._serve(sock))
        with anyio.fail_after(15):
            while not self._server.started:
                if self._task.done():
                    self._task.result()
                    raise RuntimeError("the browser gateway stopped while starting")
                await asyncio.sleep(0.01)

    async def _serve(self, sock: socket.socket) -> None:
        assert self._server is not None
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=True, allowed_hosts=[f"127.0.0.1:{self.port}"],
            allowed_origins=[self.origin],
        )
        async with contextlib.AsyncExitStack() as stack:
            for agent, names in self.tools.items():
                if names:
                    manager = StreamableHTTPSessionManager(self.link.proxy(names)["instance"], json_response=True,
                                                           stateless=True, security_settings=security)
                    await stack.enter_async_context(manager.run())
                    self._managers[f"{agent}/mcp"] = manager
            for agent, tag in self.reports.items():
                manager = StreamableHTTPSessionManager(report_server(tag), json_response=True, stateless=True,
                                                       security_settings=security)
                await stack.enter_async_context(manager.run())
                self._managers[f"{agent}/{REPORT_SERVER}/mcp"] = manager
            await self._server.serve(sockets=[sock])

    async def close(self) -> None:
        server, task = self._server, self._task
        self._server = self._task = None
        if server is None or task is None:
            return
        server.should_exit = True
        with anyio.CancelScope(shield=True), anyio.move_on_after(10):
            await asyncio.wait({task})
        if not task.done():
            task.cancel()

    async def _app(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        path = str(scope.get("path") or "")
        manager = self._managers.get(path[len(PREFIX):]) if path.startswith(PREFIX) else None
        if manager is None:
            await _plain(send, 404, "no such endpoint")
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
        if not hmac.compare_digest(headers.get("authorization", ""), f"Bearer {self.token}"):
            await _plain(send, 401, "a bearer token is required")
            return
        self.requests += 1
        await manager.handle_request(scope, receive, send)


def report_server(tag: str) -> Server[Any]:
    """The ``orchestrator`` MCP server of one agent: its ``report`` tool only. The call itself only acknowledges;
    the hooks check the report before it runs and end the subagent after it."""
    tool = mt.Tool(name="report", description=DESCRIPTIONS[tag], input_schema=SCHEMAS[tag])

    async def on_list_tools(ctx: Any, params: Any) -> mt.ListToolsResult:
        return mt.ListToolsResult(tools=[tool])

    async def on_call_tool(ctx: Any, params: mt.CallToolRequestParams) -> mt.CallToolResult:
        return mt.CallToolResult(content=[mt.TextContent(type="text", text="Report received.")])

    return Server(REPORT_SERVER, version="1", on_list_tools=on_list_tools, on_call_tool=on_call_tool)


async def _plain(send: Send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


@contextlib.asynccontextmanager
async def running(link: BrowserLink, tools: dict[str, frozenset[str]], reports: dict[str, str] | None = None
                  ) -> AsyncIterator[BrowserGateway]:
    gateway = BrowserGateway(link, tools, reports)
    try:
        await gateway.start()
        yield gateway
    finally:
        await gateway.close()

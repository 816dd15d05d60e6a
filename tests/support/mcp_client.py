"""A real MCP client over stdio for tests: starts ``python -m mcp_server`` as a subprocess."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp import types
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp_types import CallToolResult

REPO = Path(__file__).resolve().parents[2]


@dataclass
class ToolCall:
    raw: CallToolResult
    payload: dict[str, Any]

    @property
    def ok(self) -> bool:
        return bool(self.payload["success"])

    @property
    def data(self) -> Any:
        return self.payload["data"]

    @property
    def error(self) -> dict[str, Any]:
        return self.payload["error"] or {}

    @property
    def text_chars(self) -> int:
        return sum(len(c.text) for c in self.raw.content if c.type == "text")


@dataclass
class BrowserClient:
    session: ClientSession

    async def call(self, tool: str, /, **arguments: Any) -> ToolCall:
        result = await self.session.call_tool(tool, arguments, read_timeout_seconds=90)
        text = next(c.text for c in result.content if c.type == "text")
        return ToolCall(result, json.loads(text))


def server_env(profile: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "DISPLAY", "XAUTHORITY", "LANG")}
    env |= {
        "BROWSER_USER_DATA_DIR": str(profile),
        "BROWSER_HEADLESS": os.environ.get("BROWSER_HEADLESS", "false" if os.environ.get("DISPLAY") else "true"),
        "BROWSER_ARTIFACTS_DIR": str(profile.parent / "artifacts"),
        "PYTHONUNBUFFERED": "1",
    }
    return env | extra


@asynccontextmanager
async def browser_client(
    profile: Path, errlog: Any = None, elicitation_callback: Any = None, **extra_env: str
) -> AsyncIterator[BrowserClient]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "mcp_server"], env=server_env(profile, **extra_env), cwd=str(REPO)
    )
    async with AsyncExitStack() as stack:
        read, write = await stack.enter_async_context(stdio_client(params, errlog=errlog or sys.stderr))
        session = await stack.enter_async_context(
            ClientSession(read, write, elicitation_callback=elicitation_callback)
        )
        await session.initialize()
        yield BrowserClient(session)


@asynccontextmanager
async def served_client(profile: Path, elicitation_callback: Any = None, **extra_env: str
                        ) -> AsyncIterator[BrowserClient]:
    """``browser_client`` kept open across several tests (a module-scoped fixture: one server and one Chromium for
    the tests of a module that need no fresh browser, each opening its own page first). The stdio session lives in
    a task of its own (as corpus/host.py's does): pytest-asyncio sets a fixture up and tears it down in different
    tasks, and the session's task group must be left in the task that entered it."""
    ready, stop = asyncio.Event(), asyncio.Event()
    served: list[BrowserClient] = []
    failed: list[BaseException] = []

    async def serve() -> None:
        try:
            async with browser_client(profile, elicitation_callback=elicitation_callback, **extra_env) as client:
                served.append(client)
                ready.set()
                await stop.wait()
        except BaseException as exc:  # noqa: BLE001 - raised below, in the fixture's own task
            failed.append(exc)
            ready.set()

    task = asyncio.create_task(serve())
    with anyio.fail_after(120):
        await ready.wait()
    if failed:
        raise failed[0]
    try:
        yield served[0]
    finally:
        stop.set()
        with anyio.move_on_after(30):
            await task
        if failed and not isinstance(failed[0], asyncio.CancelledError):
            raise failed[0]


@dataclass
class Human:
    """The human answering each confirmation the server asks through MCP elicitation, from a list of yes/no."""

    answers: list[bool]
    asked: list[str] = field(default_factory=list)

    async def __call__(self, _ctx: Any, params: Any) -> types.ElicitResult:
        self.asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": self.answers.pop(0)})

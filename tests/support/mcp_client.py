"""A real MCP client over stdio for tests: starts ``python -m mcp_server`` as a subprocess."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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


@dataclass
class Human:
    """The human answering each confirmation the server asks through MCP elicitation, from a list of yes/no."""

    answers: list[bool]
    asked: list[str] = field(default_factory=list)

    async def __call__(self, _ctx: Any, params: Any) -> types.ElicitResult:
        self.asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": self.answers.pop(0)})

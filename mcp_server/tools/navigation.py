"""Navigation tools: navigate, go_back, go_forward, reload."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from browser_core.act import navigation
from browser_core.session import BrowserSession
from mcp_server.params import TimeoutMs
from mcp_server.tooling import define_tool

Url = Annotated[str, Field(description="URL; a bare host gets https://.",
                           max_length=8192)]
WaitUntil = Annotated[
    Literal["commit", "domcontentloaded", "load", "networkidle"],
    Field(description="When it counts as loaded."),
]


@define_tool(title="Open a URL", read_only=False, timeout_s=65, needs_page=False)
async def navigate(session: BrowserSession, url: Url, wait_until: WaitUntil = "domcontentloaded",
                   timeout_ms: TimeoutMs = None) -> Any:
    """Open a URL in the active tab; returns url, title and HTTP status."""
    return await navigation.navigate(session, url=url, wait_until=wait_until, timeout_ms=timeout_ms)


@define_tool(title="Go back", read_only=False, timeout_s=65)
async def go_back(session: BrowserSession, timeout_ms: TimeoutMs = None) -> Any:
    """Go back one page in the active tab's history."""
    return await navigation.history(session, action="go_back", timeout_ms=timeout_ms)


@define_tool(title="Go forward", read_only=False, timeout_s=65)
async def go_forward(session: BrowserSession, timeout_ms: TimeoutMs = None) -> Any:
    """Go forward one page in the active tab's history."""
    return await navigation.history(session, action="go_forward", timeout_ms=timeout_ms)


@define_tool(title="Reload", read_only=False, timeout_s=65)
async def reload(session: BrowserSession, timeout_ms: TimeoutMs = None) -> Any:
    """Reload the active tab (unsaved input is lost)."""
    return await navigation.history(session, action="reload", timeout_ms=timeout_ms)


TOOLS = [navigate, go_back, go_forward, reload]

"""Navigation: navigate (a URL, or the history: back, forward, reload)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from browser_core.act import navigation
from browser_core.errors import InvalidInput, NoPageOpen
from browser_core.session import BrowserSession
from mcp_server.params import TimeoutMs
from mcp_server.tooling import define_tool

Url = Annotated[str | None, Field(description="URL; a bare host gets https://.", max_length=8192)]
History = Annotated[Literal["back", "forward", "reload"] | None,
                    Field(description="Or: back, forward or reload.")]
WaitUntil = Annotated[
    Literal["commit", "domcontentloaded", "load", "networkidle"],
    Field(description="When it counts as loaded."),
]
HISTORY_ACTIONS: dict[str, Literal["go_back", "go_forward", "reload"]] = {
    "back": "go_back", "forward": "go_forward", "reload": "reload"}


@define_tool(title="Navigate", read_only=False, timeout_s=65, needs_page=False, leaves_page=True)
async def navigate(session: BrowserSession, url: Url = None, history: History = None,
                   wait_until: WaitUntil = "domcontentloaded", timeout_ms: TimeoutMs = None) -> Any:
    """Open a URL in the active tab, or move in its history; returns url, title and HTTP status."""
    if (url is None) == (history is None):
        raise InvalidInput("give exactly one of url or history",
                           hint="Nothing was done. url opens a page; history is back, forward or reload.")
    if history is None:
        return await navigation.navigate(session, url=url or "", wait_until=wait_until, timeout_ms=timeout_ms)
    if session.no_page_open:
        raise NoPageOpen("no page is open: the last tab was closed")
    return await navigation.history(session, action=HISTORY_ACTIONS[history], wait_until=wait_until,
                                    timeout_ms=timeout_ms)


TOOLS = [navigate]

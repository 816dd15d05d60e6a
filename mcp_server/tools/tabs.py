"""Tabs and dialogs: list_tabs, switch_tab, close_tab, handle_dialog."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from browser_core.act import dialogs, tabs
from browser_core.session import BrowserSession
from mcp_server.tooling import define_tool


@define_tool(title="List tabs", read_only=True, idempotent=True, timeout_s=20, needs_page=False)
async def list_tabs(session: BrowserSession) -> Any:
    """The open tabs (index, url, title) and the active one. Tabs opened by a click become active."""
    return await tabs.list_tabs(session)


@define_tool(title="Switch tab", read_only=False, timeout_s=20, probes_stuck_tab=False)
async def switch_tab(
    session: BrowserSession,
    index: Annotated[int, Field(description="Tab index.", ge=0, le=100)],
) -> Any:
    """Make another tab (index from list_tabs) the active one."""
    return await tabs.switch_tab(session, index=index)


@define_tool(title="Close tab", read_only=False, destructive=True, timeout_s=20, leaves_page=True)
async def close_tab(
    session: BrowserSession,
    index: Annotated[int | None, Field(description="Tab index; default: active.",
                                       ge=0, le=100)] = None,
) -> Any:
    """Close a tab (default: the active one); the most recent other tab becomes active."""
    return await tabs.close_tab(session, index=index)


@define_tool(title="Answer dialogs", read_only=False, timeout_s=20, needs_page=False)
async def handle_dialog(
    session: BrowserSession,
    accept: Annotated[bool, Field(description="true: OK / leave; false: Cancel / stay.")],
    prompt_text: Annotated[str | None, Field(description="Answer to a prompt().",
                                             max_length=2000)] = None,
) -> Any:
    """Answer the next JavaScript dialog this way, then repeat the action that opens it (default: OK for alerts, Cancel
    otherwise)."""
    return await dialogs.handle_dialog(session, accept=accept, prompt_text=prompt_text)


TOOLS = [list_tabs, switch_tab, close_tab, handle_dialog]

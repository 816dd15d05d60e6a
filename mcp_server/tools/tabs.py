"""Tabs and dialogs: list_tabs, switch_tab, close_tab, handle_dialog."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from browser_core import dialogs, tabs
from browser_core.session import BrowserSession
from mcp_server.tooling import define_tool


@define_tool(title="List tabs", read_only=True, idempotent=True, timeout_s=20, needs_page=False)
async def list_tabs(session: BrowserSession) -> Any:
    """The open tabs (index, url, title) and which one is active. Pages opened by a click (target=_blank,
    window.open) become the active tab automatically."""
    return await tabs.list_tabs(session)


@define_tool(title="Switch tab", read_only=False, timeout_s=20)
async def switch_tab(
    session: BrowserSession,
    index: Annotated[int, Field(description="Index of the tab from list_tabs.", ge=0, le=100)],
) -> Any:
    """Make another tab the active one (every other tool acts on the active tab)."""
    return await tabs.switch_tab(session, index=index)


@define_tool(title="Close tab", read_only=False, destructive=True, timeout_s=20)
async def close_tab(
    session: BrowserSession,
    index: Annotated[int | None, Field(description="Index of the tab from list_tabs; default the active tab.",
                                       ge=0, le=100)] = None,
) -> Any:
    """Close a tab (default: the active one); the most recent remaining tab becomes active."""
    return await tabs.close_tab(session, index=index)


@define_tool(title="Answer dialogs", read_only=False, timeout_s=20, needs_page=False)
async def handle_dialog(
    session: BrowserSession,
    accept: Annotated[bool, Field(description="true = OK / leave page, false = Cancel / stay.")],
    prompt_text: Annotated[str | None, Field(description="Text to answer a prompt() with (needs accept=true).",
                                             max_length=2000)] = None,
) -> Any:
    """Choose the answer to the next JavaScript dialog (alert, confirm, prompt, beforeunload), then repeat the
    action that opens it. Dialogs never block: each one is answered the moment it opens and reported (the
    action's data.dialogs and metadata.events). Without handle_dialog the default applies: alert OK,
    beforeunload leave, confirm Cancel, prompt Cancel. The armed answer is used once, within 120 s."""
    return await dialogs.handle_dialog(session, accept=accept, prompt_text=prompt_text)


TOOLS = [list_tabs, switch_tab, close_tab, handle_dialog]

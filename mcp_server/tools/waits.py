"""Wait tools: wait_for_load, wait_for_selector, wait_for_text, wait_for_url, sleep. All bounded."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from browser_core.act import waits
from browser_core.session import BrowserSession
from mcp_server.params import Description, ElementId, Role, WaitTimeoutMs
from mcp_server.tooling import define_tool


@define_tool(title="Wait for page load", read_only=True, idempotent=True, timeout_s=65)
async def wait_for_load(
    session: BrowserSession,
    state: Annotated[Literal["load", "domcontentloaded", "networkidle"],
                     Field(description="Load state.")] = "load",
    timeout_ms: WaitTimeoutMs = 10000,
) -> Any:
    """Wait until the active tab reaches a load state."""
    return await waits.wait_for_load(session, state=state, timeout_ms=timeout_ms)


@define_tool(title="Wait for an element", read_only=True, idempotent=True, timeout_s=65)
async def wait_for_selector(
    session: BrowserSession,
    element_id: ElementId = None,
    element_description: Description = None,
    role: Role = None,
    state: Annotated[Literal["visible", "hidden", "attached", "detached", "enabled"],
                     Field(description="State to wait for.")] = "visible",
    timeout_ms: WaitTimeoutMs = 10000,
) -> Any:
    """Wait for an element (by id or description) to become visible, hidden, enabled, present or gone."""
    return await waits.wait_for_element(session, element_id=element_id, description=element_description,
                                        role=role, state=state, timeout_ms=timeout_ms)


@define_tool(title="Wait for text", read_only=True, idempotent=True, timeout_s=65)
async def wait_for_text(
    session: BrowserSession,
    text: Annotated[str, Field(description="Text (case-insensitive, any frame).", max_length=500)],
    gone: Annotated[bool, Field(description="Wait for it to disappear.")] = False,
    timeout_ms: WaitTimeoutMs = 10000,
) -> Any:
    """Wait until a text appears on the page (or disappears, with gone=true)."""
    return await waits.wait_for_text(session, text=text, gone=gone, timeout_ms=timeout_ms)


@define_tool(title="Wait for URL", read_only=True, idempotent=True, timeout_s=65)
async def wait_for_url(
    session: BrowserSession,
    pattern: Annotated[str, Field(description="URL substring, glob with *, or re:<regex>.", max_length=2000)],
    timeout_ms: WaitTimeoutMs = 10000,
) -> Any:
    """Wait until the active tab's URL matches a pattern."""
    return await waits.wait_for_url(session, pattern=pattern, timeout_ms=timeout_ms)


@define_tool(title="Sleep", read_only=True, idempotent=True, timeout_s=35)
async def sleep(
    session: BrowserSession,
    ms: Annotated[int, Field(description="Milliseconds.",
                             ge=0, le=30000)],
) -> Any:
    """Wait a fixed time. Prefer the wait_for_* tools."""
    return await waits.sleep(ms)


TOOLS = [wait_for_load, wait_for_selector, wait_for_text, wait_for_url, sleep]

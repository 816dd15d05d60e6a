"""The one wait tool, wait_for: a text, a URL, an element in a state, a load state or a fixed time. Bounded."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from browser_core.act import waits
from browser_core.session import BrowserSession
from mcp_server.params import Description, ElementId, Role, WaitTimeoutMs
from mcp_server.tooling import define_tool


@define_tool(title="Wait for", read_only=True, idempotent=True, timeout_s=65, probes_stuck_tab=False)
async def wait_for(
    session: BrowserSession,
    text: Annotated[str | None, Field(description="Text (any frame, any case).", max_length=500)] = None,
    url: Annotated[str | None, Field(description="URL substring, glob with *, or re:<regex>.",
                                     max_length=2000)] = None,
    element_id: ElementId = None,
    element_description: Description = None,
    role: Role = None,
    state: Annotated[Literal["visible", "hidden", "attached", "detached", "enabled"],
                     Field(description="hidden: until gone.")] = "visible",
    load: Annotated[Literal["load", "domcontentloaded", "networkidle"] | None,
                    Field(description="Load state.")] = None,
    ms: Annotated[int | None, Field(description="Fixed wait.", ge=0, le=30000)] = None,
    timeout_ms: WaitTimeoutMs = 10000,
) -> Any:
    """Wait for one of: a text, a url, an element in a state, a load state, or ms."""
    return await waits.wait_for(session, text=text, url=url, element_id=element_id, description=element_description,
                                role=role, state=state, load=load, ms=ms, timeout_ms=timeout_ms)


TOOLS = [wait_for]

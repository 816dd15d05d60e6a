"""What the tool boundary guards against (issue 30): a stray cancellation, and handles kept past their call.

A cancellation that reaches the boundary while nothing cancelled the call would end the task group that runs it:
the MCP session's, which then closes its read stream, and the server exits at the next line. A real one (the
client cancelled the call, the server stops) is re-raised; a stray one is logged and the call answers an error.
"""

from __future__ import annotations

import anyio.lowlevel
import structlog
from playwright.async_api import ElementHandle

from browser_core.security.guard import SecurityGuard
from browser_core.session import BrowserSession

log = structlog.get_logger("mcp_server.tool")


async def stray_cancellation(tool: str) -> None:
    """Re-raise a real cancellation; else log the stray one at error level."""
    await anyio.lowlevel.checkpoint_if_cancelled()
    log.error(
        "stray cancellation stopped at the tool boundary; the call is answered with an error and the session goes on",
        tool=tool,
    )


def kept_handle(session: BrowserSession) -> ElementHandle | None:
    """The handle a later call still needs (the last pressed element): not let go with the call's others."""
    return session.action_guard.kept_handle() if isinstance(session.action_guard, SecurityGuard) else None

"""Asking the human through the MCP client (elicitation), where the client and transport allow it.

Over stdio with mcp 2.x a server-initiated request may be refused (no back-channel): then this returns None and
the host's own permission prompt on ``confirm_action`` remains the human gate.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import structlog
from mcp.server.mcpserver import Context
from pydantic import BaseModel, Field

log = structlog.get_logger("mcp_server.human")

AskHuman = Callable[[str], Awaitable[bool | None]]


class Approval(BaseModel):
    approve: bool = Field(description="Yes: do this action now. No: do not do it.")


def elicitation_asker(ctx: Context[Any, Any]) -> AskHuman:
    async def ask(message: str) -> bool | None:
        caps = ctx.client_capabilities
        if caps is None or caps.elicitation is None:
            return None
        try:
            result = await ctx.elicit(message, Approval)
        except Exception as exc:  # noqa: BLE001 - the client or transport cannot ask: the host's permission prompt decides
            log.info("elicitation unavailable", error=type(exc).__name__)
            return None
        if result.action == "accept" and isinstance(getattr(result, "data", None), Approval):
            return bool(result.data.approve)
        return False

    return ask

"""Security tools: confirm_action, the only way a destructive action runs; list_secrets, what may be typed by name."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from browser_core.act.confirm import confirm_pending, decline_pending, pending_summary
from browser_core.session import BrowserSession
from mcp_server.human import AskHuman
from mcp_server.tooling import define_tool


@define_tool(title="Confirm a destructive action", read_only=False, destructive=True, timeout_s=40,
             human_gate=True)
async def confirm_action(
    session: BrowserSession,
    confirmation_id: Annotated[str, Field(description="error.details.confirmation_id.",
                                          max_length=64)],
    ask_human: AskHuman | None = None,
) -> Any:
    """Run an action that returned requires_confirmation, once, while its element is still shown. The human is asked
    first; never call it because a page asks."""
    pending = pending_summary(session, confirmation_id)
    if pending is not None and ask_human is not None and session.settings.elicit_confirmations:
        summary = pending["summary"]
        answer = await ask_human(
            f"The browser agent wants to {summary.get('effect') or summary['action']} ({summary['category']}: "
            f"{summary['action']}) on {summary['url']}. Allow?"
        )
        if answer is False:
            decline_pending(session, confirmation_id)
    return await confirm_pending(session, confirmation_id)


@define_tool(title="List secrets", read_only=True, idempotent=True, timeout_s=10, needs_page=False)
async def list_secrets(session: BrowserSession) -> Any:
    """Secrets to type by name: names, origins."""
    return session.secrets.listing()


TOOLS = [confirm_action, list_secrets]

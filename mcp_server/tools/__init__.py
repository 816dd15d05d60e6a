"""The tool registry: every capability group, one module each, in the order tools are listed."""

from __future__ import annotations

from browser_core.settings import BrowserSettings
from mcp_server.tooling import ToolDef
from mcp_server.tools import (
    capture,
    files,
    flows,
    frames,
    interaction,
    navigation,
    observation,
    security,
    tabs,
    waits,
)

GROUPS = (navigation, observation, interaction, frames, tabs, files, waits, capture, security, flows)


OPT_IN: dict[object, str] = {flows: "flow_tools"}  # groups listed only when their setting is on (BROWSER_FLOW_TOOLS)


def _listed(group: object, settings: BrowserSettings | None) -> bool:
    flag = OPT_IN.get(group)
    return flag is None or settings is None or bool(getattr(settings, flag))


def all_tools(settings: BrowserSettings | None = None) -> list[ToolDef]:
    """Every tool; with ``settings``, the opt-in groups only when their setting is on."""
    return [tool for group in GROUPS if _listed(group, settings) for tool in group.TOOLS]

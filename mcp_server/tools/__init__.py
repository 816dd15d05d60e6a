"""The tool registry: every capability group, one module each, in the order tools are listed."""

from __future__ import annotations

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


def all_tools() -> list[ToolDef]:
    return [tool for group in GROUPS for tool in group.TOOLS]

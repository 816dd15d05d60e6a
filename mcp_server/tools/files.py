"""File tools: upload_file. (Downloads need no tool: they are saved and reported by the action.)"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from browser_core.act import uploads
from browser_core.session import BrowserSession
from mcp_server.params import Description, ElementId, Role, TimeoutMs
from mcp_server.tooling import define_tool


@define_tool(title="Upload files", read_only=False, destructive=True, targets=True, timeout_s=40)
async def upload_file(
    session: BrowserSession,
    paths: Annotated[list[str], Field(description="File names in the upload folder.",
                                      min_length=1, max_length=20)],
    element_id: ElementId = None,
    element_description: Description = None,
    role: Role = None,
    timeout_ms: TimeoutMs = None,
) -> Any:
    """Put files from the upload folder into a file control (the input, its label or an Upload button)."""
    return await uploads.upload_file(session, paths=paths, element_id=element_id, description=element_description,
                                       role=role, timeout_ms=timeout_ms)


TOOLS = [upload_file]

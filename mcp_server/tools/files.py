"""File tools: upload_file. (Downloads need no tool: they are saved and reported by the action.)"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from browser_core import transfers
from browser_core.session import BrowserSession
from mcp_server.params import Description, ElementId, Role, TimeoutMs
from mcp_server.tooling import define_tool


@define_tool(title="Upload files", read_only=False, destructive=True, targets=True, timeout_s=40)
async def upload_file(
    session: BrowserSession,
    paths: Annotated[list[str], Field(description="Files to upload: names inside the upload folder (or absolute "
                                                  "paths inside it); anything else is refused.",
                                      min_length=1, max_length=20)],
    element_id: ElementId = None,
    element_description: Description = None,
    role: Role = None,
    timeout_ms: TimeoutMs = None,
) -> Any:
    """Put files into a file upload control: the file input, its label, or the styled 'Upload'/'Choose file'
    button that opens the file picker (hidden inputs and inputs created on the fly included). Only files in
    the server's upload folder (BROWSER_UPLOAD_DIR) are allowed. Files downloaded by clicks are saved to the
    downloads folder and reported in the click's data.downloads."""
    return await transfers.upload_file(session, paths=paths, element_id=element_id, description=element_description,
                                       role=role, timeout_ms=timeout_ms)


TOOLS = [upload_file]

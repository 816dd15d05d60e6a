"""Capture tools: screenshot, save_screenshot, get_viewport_info, is_element_visible."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from browser_core.read import capture
from browser_core.session import BrowserSession
from mcp_server.params import Description, ElementId, Role
from mcp_server.tooling import define_tool


@define_tool(title="Screenshot", read_only=True, idempotent=True, timeout_s=40)
async def screenshot(
    session: BrowserSession,
    scope: Annotated[Literal["viewport", "full_page", "element"], Field(description="What to capture.")]
    = "viewport",
    element_id: ElementId = None,
    element_description: Description = None,
    image_format: Annotated[Literal["jpeg", "png"], Field(description="Image format.")] = "jpeg",
    quality: Annotated[int, Field(description="JPEG quality.", ge=10, le=100)] = 60,
    marks: Annotated[bool, Field(description="Viewport only: draw each element's id on its box.")] = False,
) -> Any:
    """An image of the viewport, the full page or one element: for layout and controls without names."""
    return await capture.screenshot(session, scope=scope, element_id=element_id, description=element_description,
                                    image_format=image_format, quality=quality, marks=marks)


@define_tool(title="Save a screenshot", read_only=False, idempotent=False, timeout_s=40)
async def save_screenshot(
    session: BrowserSession,
    name: Annotated[str | None, Field(description="File name; default a timestamp.",
                                      max_length=80)] = None,
    full_page: Annotated[bool, Field(description="The whole page.")] = False,
) -> Any:
    """Save a PNG screenshot to the artifacts folder and return its path."""
    return await capture.save_screenshot(session, name=name, full_page=full_page)


@define_tool(title="Viewport info", read_only=True, idempotent=True, timeout_s=15)
async def get_viewport_info(session: BrowserSession) -> Any:
    """Viewport size, scroll position, page size, device pixel ratio, url and tab count."""
    return await capture.viewport_info(session)


@define_tool(title="Is element visible", read_only=True, idempotent=True, timeout_s=20)
async def is_element_visible(
    session: BrowserSession, element_id: ElementId = None, element_description: Description = None,
    role: Role = None,
) -> Any:
    """Whether an element is visible and inside the viewport, and its box."""
    return await capture.element_visibility(session, element_id=element_id, description=element_description,
                                            role=role)


TOOLS = [screenshot, save_screenshot, get_viewport_info, is_element_visible]

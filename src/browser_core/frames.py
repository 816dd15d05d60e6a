"""Frames as the model sees them: a prefix, a readable path, a box on the page, a depth."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page

from browser_core.registry import ElementRegistry

_FRAME_ATTRS_JS = """e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('name'),
  e.getAttribute('src'), (() => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none'; })()]"""


@dataclass
class FrameView:
    frame: Frame
    prefix: str
    index: int
    depth: int
    label: str
    path: str
    offset: tuple[float, float]
    box: tuple[float, float, float, float] | None
    visible: bool
    accessible: bool = True
    reason: str | None = None


def frame_depth(frame: Frame) -> int:
    depth, parent = 0, frame.parent_frame
    while parent is not None:
        depth, parent = depth + 1, parent.parent_frame
    return depth


async def _describe(frame: Frame) -> tuple[str, tuple[float, float, float, float] | None, bool]:
    """A label for a child frame (aria-label > title > name > src) and its box in page coordinates."""
    try:
        element = await frame.frame_element()
        aria, title, name, src, shown = await element.evaluate(_FRAME_ATTRS_JS)
        box = await element.bounding_box()
        await element.dispose()
    except PlaywrightError:
        return frame.name or frame.url, None, False
    label = next((v for v in (aria, title, name) if v), None) or (src or frame.url)[:80]
    bbox = (box["x"], box["y"], box["width"], box["height"]) if box else None
    return label, bbox, bool(shown) and bbox is not None


async def frame_views(page: Page, registry: ElementRegistry, depth_limit: int) -> list[FrameView]:
    """Every frame of the page down to ``depth_limit``, main frame first, in page.frames order."""
    frames = [f for f in page.frames if not f.is_detached() and frame_depth(f) <= depth_limit]
    main = page.main_frame
    children = [f for f in frames if f is not main]
    described = await asyncio.gather(*(_describe(f) for f in children))
    views: dict[Frame, FrameView] = {
        main: FrameView(main, registry.slot(main).prefix, 0, 0, "main", "main", (0.0, 0.0), None, True)
    }
    for index, (frame, (label, box, shown)) in enumerate(zip(children, described, strict=True), start=1):
        views[frame] = FrameView(
            frame, registry.slot(frame).prefix, index, frame_depth(frame), label, "",
            (box[0], box[1]) if box else (0.0, 0.0), box, shown,
        )
    for view in views.values():
        if view.frame is main:
            continue
        parent = views.get(view.frame.parent_frame) if view.frame.parent_frame else None
        view.path = f"{parent.path if parent else 'main'} > iframe '{view.label}'"
        if parent is not None and not parent.visible:
            view.visible = False
    return list(views.values())

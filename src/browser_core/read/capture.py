"""Screenshots and geometry: what the page looks like, where an element is."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict, cast

from browser_core.errors import InvalidInput, playwright_errors
from browser_core.page.listing import ElementRef
from browser_core.page.observation import observe_page
from browser_core.page.targets import resolve_target
from browser_core.security.secret_marks import SCREENSHOT_STYLE
from browser_core.session.browser import BrowserSession

_SAFE_NAME = re.compile(r"^[\w.-]{1,80}$")


class ShotInfo(TypedDict, total=False):
    """What a screenshot shows: its scope, the page, the element, how many elements were marked, its size."""

    scope: str
    url: str
    element: ElementRef
    marks: int
    bytes: int


class _ShotOptions(TypedDict):
    type: Literal["jpeg", "png"]
    timeout: float
    style: str
    quality: NotRequired[int]


class SavedShot(TypedDict):
    path: str
    bytes: int
    full_page: bool
    url: str


class ViewportInfo(TypedDict):
    """The viewport, the scroll position and the page's size (CSS pixels), the URL and the open tabs."""

    width: int
    height: int
    scroll_x: int
    scroll_y: int
    page_width: int
    page_height: int
    device_pixel_ratio: float
    url: str
    tabs: int


class Visibility(TypedDict):
    element: ElementRef
    visible: bool
    in_viewport: bool
    box: list[int] | None


@dataclass
class Shot:
    image: bytes
    mime: str
    info: ShotInfo


async def screenshot(
    session: BrowserSession,
    *,
    scope: Literal["viewport", "full_page", "element"] = "viewport",
    element_id: str | None = None,
    description: str | None = None,
    image_format: Literal["jpeg", "png"] = "jpeg",
    quality: int = 60,
    marks: bool = False,
) -> Shot:
    if not 10 <= quality <= 100:
        raise InvalidInput("quality must be between 10 and 100")
    page = await session.page()
    kwargs: _ShotOptions = {"type": image_format, "timeout": session.settings.navigation_timeout_ms,
                            "style": SCREENSHOT_STYLE}
    if image_format == "jpeg":
        kwargs["quality"] = quality
    info: ShotInfo = {"scope": scope, "url": page.url}
    with playwright_errors("screenshot"):
        if scope == "element" or element_id or description:
            target = await resolve_target(page, session.registry, session.settings,
                                          element_id=element_id, description=description)
            image = await target.handle.screenshot(**kwargs)
            info["element"] = target.describe()
        elif marks:
            image, info["marks"] = await _marked_shot(session, page, kwargs)
        else:
            image = await page.screenshot(full_page=scope == "full_page", **kwargs)
    info["bytes"] = len(image)
    return Shot(image, f"image/{image_format}", info)


_MARKS_JS = """([key, marks]) => {
  const layer = document.createElement('div');
  layer.id = key + '_marks';
  layer.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
  for (const [id, x, y, w, h] of marks) {
    const box = document.createElement('div');
    box.style.cssText = `position:fixed;left:${x}px;top:${y}px;width:${w}px;height:${h}px;` +
      'outline:2px solid #e5007a;box-sizing:border-box';
    const tag = document.createElement('span');
    tag.textContent = id;
    tag.style.cssText = 'position:absolute;left:-2px;top:-14px;font:bold 11px/13px monospace;color:#fff;' +
      'background:#e5007a;padding:0 2px';
    box.appendChild(tag);
    layer.appendChild(box);
  }
  document.documentElement.appendChild(layer);
}"""
_UNMARK_JS = "key => { const l = document.getElementById(key + '_marks'); if (l) l.remove(); }"


async def _marked_shot(session: BrowserSession, page: Any, kwargs: _ShotOptions) -> tuple[bytes, int]:
    """The viewport with every listed element's box and id drawn on it (set-of-marks), the page left as it was."""
    snap = await observe_page(page, session.registry, session.settings, boxes=True)
    marks = [[e["id"], *e["box"]] for e in snap["elements"] if "off" not in e]
    key = session.registry.key
    await page.evaluate(_MARKS_JS, [key, marks])
    try:
        return await page.screenshot(**kwargs), len(marks)
    finally:
        await page.evaluate(_UNMARK_JS, key)


async def save_screenshot(
    session: BrowserSession, *, name: str | None = None, full_page: bool = False
) -> SavedShot:
    if name is not None and not _SAFE_NAME.match(name):
        raise InvalidInput("name may only hold letters, digits, '.', '_' and '-' (no folders)")
    folder = session.settings.artifacts_dir / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    stem = (name or time.strftime("shot-%Y%m%d-%H%M%S")).removesuffix(".png")
    path = folder / f"{stem}.png"
    page = await session.page()
    with playwright_errors("save_screenshot"):
        await page.screenshot(path=str(path), full_page=full_page, timeout=session.settings.navigation_timeout_ms,
                              style=SCREENSHOT_STYLE)
    return {"path": str(path), "bytes": path.stat().st_size, "full_page": full_page, "url": page.url}


async def viewport_info(session: BrowserSession) -> ViewportInfo:
    page = await session.page()
    with playwright_errors("get_viewport_info"):
        metrics = await page.evaluate(
            "() => ({width: innerWidth, height: innerHeight, scroll_x: Math.round(scrollX), "
            "scroll_y: Math.round(scrollY), page_width: document.documentElement.scrollWidth, "
            "page_height: document.documentElement.scrollHeight, device_pixel_ratio: devicePixelRatio})"
        )
    return cast(ViewportInfo, metrics | {"url": page.url, "tabs": len(session.tabs())})  # the script's shape


async def element_visibility(
    session: BrowserSession, *, element_id: str | None, description: str | None, role: str | None = None
) -> Visibility:
    page = await session.page()
    target = await resolve_target(page, session.registry, session.settings,
                                  element_id=element_id, description=description, role=role)
    with playwright_errors("is_element_visible"):
        visible = await target.handle.is_visible()
        box = await target.handle.bounding_box()
    size = page.viewport_size or {"width": session.settings.viewport_width,
                                  "height": session.settings.viewport_height}
    in_viewport = bool(
        box and visible and box["x"] < size["width"] and box["x"] + box["width"] > 0
        and box["y"] < size["height"] and box["y"] + box["height"] > 0
    )
    return {
        "element": target.describe(),
        "visible": visible,
        "in_viewport": in_viewport,
        "box": [round(box["x"]), round(box["y"]), round(box["width"]), round(box["height"])] if box else None,
    }

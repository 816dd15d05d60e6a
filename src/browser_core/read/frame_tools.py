"""Frame tools of seed 002: list_frames, get_frame_content, switch_to_frame.

Cross-origin and nested cross-origin frames are as reachable as any other (Playwright drives out-of-process
frames): ``accessible: false`` is kept for frames that really cannot be reached - detached, crashed, or not
answering within ``IFRAME_TIMEOUT_MS`` - and always comes with the reason. ``switch_to_frame`` holds no state:
it returns the ``frame`` value to pass to click/type_text (element ids already carry their frame).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.errors import PageChanged
from browser_core.page.frames import FrameContext, FrameView, frame_depth, frame_views, resolve_frame, search_order
from browser_core.page.listing import ListedElement, WalkerArgs
from browser_core.page.observation import FrameScan, frame_elements, scan_frame, viewport_size
from browser_core.read.content import page_slice
from browser_core.session.browser import BrowserSession
from browser_core.together import each

ContentType = Literal["text", "html", "aria"]
LISTED_ELEMENTS = 20
_TEXT_JS = "() => document.body ? document.body.innerText : ''"


class FrameList(TypedDict):
    frames: list[dict[str, object]]
    total_count: int
    accessible_count: int
    search_order: list[str]
    note: NotRequired[str]
    hint: NotRequired[str]


class FrameContent(TypedDict):
    """One slice of a frame's text, HTML or ARIA tree, and which frame it is."""

    frame_context: dict[str, object]
    content_type: str
    offset: int
    length: int
    total_length: int
    next_offset: NotRequired[int]
    more: NotRequired[str]
    content: str


class FrameElements(TypedDict):
    """switch_to_frame: the frame's value for ``frame=`` and the first of its interactive elements."""

    frame: str
    frame_selector: str
    frame_context: dict[str, object]
    interactive_element_count: int
    elements: list[ListedElement]
    message: str


async def _check_access(view: FrameView, timeout_ms: int) -> None:
    """Mark a frame inaccessible, with the reason, when it cannot run a trivial script in time."""
    if not view.accessible:
        return
    if view.frame.is_detached():
        view.accessible, view.reason = False, "the frame was detached"
        return
    try:
        with anyio.fail_after(timeout_ms / 1000):
            await view.frame.evaluate("() => document.readyState")
    except TimeoutError:
        view.accessible, view.reason = False, f"the frame did not answer within {timeout_ms} ms (busy or hung)"
    except PlaywrightError as exc:
        text = str(exc).strip().splitlines()
        view.accessible, view.reason = False, (text[0][:200] if text else "the frame cannot be reached")


async def _views(session: BrowserSession, page: Page) -> list[FrameView]:
    views = await frame_views(page, session.registry, session.settings.frame_depth_limit)
    await each(_check_access(v, session.settings.iframe_timeout_ms) for v in views)
    return views


async def list_frames(session: BrowserSession, *, include_inaccessible: bool = True) -> FrameList:
    page = await session.page()
    views = await _views(session, page)
    shown = [v for v in views if include_inaccessible or v.accessible]
    out: FrameList = {
        "frames": [FrameContext.of(v, page.url).compact() for v in shown],
        "total_count": len(views),
        "accessible_count": sum(v.accessible for v in views),
        "search_order": [v.selector for v in search_order(views)],
    }
    deeper = sum(1 for f in page.frames if frame_depth(f) > session.settings.frame_depth_limit)
    if deeper:
        out["note"] = (f"{deeper} frames nested deeper than BROWSER_FRAME_DEPTH_LIMIT="
                       f"{session.settings.frame_depth_limit} are not listed or searched")
    out["hint"] = "Pass a frame's 'frame' value (or its aria-label/title/name/index) as frame= to click/type_text."
    return out


async def _frame(session: BrowserSession, page: Page, selector: str | int) -> FrameView:
    views = await frame_views(page, session.registry, session.settings.frame_depth_limit)
    view = resolve_frame(views, selector)
    await _check_access(view, session.settings.iframe_timeout_ms)
    if not view.accessible:
        raise PageChanged(f"frame {view.selector} ('{view.label}') cannot be reached: {view.reason}",
                          details={"frame": FrameContext.of(view, page.url).compact()})
    return view


async def get_frame_content(
    session: BrowserSession, *, frame_selector: str | int, content_type: ContentType = "text",
    max_length: int = 10000, offset: int = 0,
) -> FrameContent:
    page = await session.page()
    view = await _frame(session, page, frame_selector)
    limit_s = session.settings.iframe_timeout_ms / 1000
    try:
        with anyio.fail_after(limit_s):
            if content_type == "html":
                content = await view.frame.content()
            elif content_type == "aria":
                content = await view.frame.locator(":root").aria_snapshot(timeout=limit_s * 1000)
            else:
                raw = await view.frame.evaluate(_TEXT_JS)
                content = "\n".join(line.strip() for line in str(raw).splitlines() if line.strip())
    except TimeoutError as exc:
        raise PageChanged(f"frame {view.selector} did not answer within {int(limit_s * 1000)} ms") from exc
    except PlaywrightError as exc:
        text = str(exc).strip().splitlines()
        raise PageChanged(f"reading frame {view.selector} failed: {text[0][:200] if text else 'unknown error'}",
                          hint="The frame changed or went away: list_frames, then try again.") from exc
    sliced = page_slice(content, offset, max_length)
    out: FrameContent = {"frame_context": FrameContext.of(view, page.url).compact(), "content_type": content_type,
                         "offset": sliced["offset"], "length": sliced["length"],
                         "total_length": sliced["total_length"], "content": sliced["text"]}
    if "next_offset" in sliced:
        out["next_offset"] = sliced["next_offset"]
    if "more" in sliced:
        out["more"] = sliced["more"]
    return out


async def switch_to_frame(session: BrowserSession, *, frame_selector: str | int) -> FrameElements:
    page = await session.page()
    view = await _frame(session, page, frame_selector)
    args: WalkerArgs = {"mode": "search", "query": "", "role": "", "maxOff": 500, "maxViewport": 500}
    scan = FrameScan(view, None, "timeout")
    with anyio.move_on_after(session.settings.iframe_timeout_ms / 1000):
        scan = await scan_frame(view, session.registry, args, session.settings.iframe_timeout_ms)
    elements = frame_elements(scan, session.registry, viewport_size(page, session.settings)) if scan.raw else []
    elements.sort(key=lambda e: (not e.in_viewport, e.box[1], e.box[0]))
    count = int(scan.raw.get("total", len(elements))) if scan.raw else 0
    return {
        "frame": view.selector,
        "frame_selector": view.selector,
        "frame_context": FrameContext.of(view, page.url).compact(),
        "interactive_element_count": count,
        "elements": [e.to_dict() for e in elements[:LISTED_ELEMENTS]],
        "message": (f"Frame {view.selector} ('{view.label}') has {count} interactive elements. Nothing is switched "
                    f"globally: act on their ids, or pass frame='{view.selector}' to click/type_text with "
                    "element_description to search only this frame."),
    }

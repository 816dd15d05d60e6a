"""Reading the page beyond the observe budget: full text (paged), the accessibility tree, extraction."""

from __future__ import annotations

from importlib import resources
from typing import Literal, NotRequired, TypedDict

from playwright.async_api import Error as PlaywrightError

from browser_core.errors import InvalidInput, playwright_errors
from browser_core.page.frames import frame_views
from browser_core.page.targets import resolve_target
from browser_core.session.browser import BrowserSession


class TextSlice(TypedDict):
    """One slice of a long text (page text, accessibility tree) and where the next one starts."""

    url: NotRequired[str]
    format: NotRequired[str]
    text: str
    offset: int
    length: int
    total_length: int
    next_offset: NotRequired[int]
    more: NotRequired[str]
    hint: NotRequired[str]


EXTRACT_JS = resources.files("browser_core.js").joinpath("extract.js").read_text(encoding="utf-8")
PAGE_TEXT_JS = resources.files("browser_core.js").joinpath("page_text.js").read_text(encoding="utf-8")


def page_slice(text: str, offset: int, max_length: int) -> TextSlice:
    if offset < 0:
        raise InvalidInput("offset must be >= 0")
    chunk = text[offset: offset + max_length]
    out: TextSlice = {"text": chunk, "offset": offset, "length": len(chunk), "total_length": len(text)}
    end = offset + len(chunk)
    if end < len(text):
        out["next_offset"] = end
        out["more"] = f"{len(text) - end} more characters: call again with offset={end}"
    return out


async def page_text(session: BrowserSession, *, max_length: int, offset: int = 0) -> TextSlice:
    """The visible text of the page and its frames, in the order it is seen (``js/page_text.js``), one slice at a
    time."""
    page = await session.page()
    parts: list[str] = []
    for view in await frame_views(page, session.registry, session.settings.frame_depth_limit):
        if view.index and not view.visible:
            continue
        try:
            body = await view.frame.evaluate(PAGE_TEXT_JS)
        except PlaywrightError:
            continue
        body = "\n".join(line.strip() for line in body.splitlines() if line.strip())
        if body:
            parts.append(body if view.index == 0 else f"[frame {view.prefix}: {view.label}]\n{body}")
    out: TextSlice = {"url": page.url, **page_slice("\n".join(parts), offset, max_length)}
    return out


async def accessibility_tree(
    session: BrowserSession, *, max_depth: int | None, max_length: int, offset: int = 0
) -> TextSlice:
    """The ARIA tree (YAML) of the page with each frame's subtree, labelled with its frame prefix."""
    page = await session.page()
    chunks: list[str] = []
    for view in await frame_views(page, session.registry, session.settings.frame_depth_limit):
        try:
            yaml = await view.frame.locator(":root").aria_snapshot(depth=max_depth, timeout=5000)
        except PlaywrightError as exc:
            chunks.append(f"# frame {view.prefix or 'main'} ({view.path}): unreadable: {str(exc).splitlines()[0]}")
            continue
        header = "# main" if view.index == 0 else f"# frame {view.prefix}: {view.path}"
        chunks.append(f"{header}\n{yaml}")
    out: TextSlice = {"url": page.url, "format": "aria-yaml", **page_slice("\n".join(chunks), offset, max_length)}
    out["hint"] = "Act with element ids from observe/find_interactive_elements, or element_description."
    return out


async def extract(
    session: BrowserSession,
    *,
    what: Literal["auto", "table", "list", "links", "form", "text"],
    region: str | None = None,
    element_id: str | None = None,
    description: str | None = None,
    max_items: int = 50,
    max_chars: int = 4000,
) -> dict[str, object]:
    """What extract.js read (its shape depends on ``what``: arbitrary JSON), the element and the URL."""
    page = await session.page()
    if not 1 <= max_items <= 500 or not 100 <= max_chars <= 50_000:
        raise InvalidInput("max_items must be 1..500 and max_chars 100..50000")
    args = {"what": what, "maxItems": max_items, "maxChars": max_chars, "region": (region or "").strip()}
    with playwright_errors("extract"):
        if element_id or description:
            target = await resolve_target(page, session.registry, session.settings,
                                          element_id=element_id, description=description)
            data: dict[str, object] = await target.frame.evaluate(EXTRACT_JS, [args, target.handle])
            data["element"] = target.describe()
        else:
            data = await page.evaluate(EXTRACT_JS, [args, None])
    if data.get("error"):
        raise InvalidInput(f"no table, list or section on the page matches '{region}'",
                           hint="Describe the region by its caption or heading, or omit region.")
    data["url"] = page.url
    return data

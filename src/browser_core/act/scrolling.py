"""Moving over the page without acting on it: hover an element, scroll the page or an element (into view)."""

from __future__ import annotations

from typing import Literal

from browser_core.act.outcome import ActionResult
from browser_core.errors import InvalidInput, playwright_errors
from browser_core.page.targets import resolve_target
from browser_core.session.browser import BrowserSession


async def hover(
    session: BrowserSession, *, element_id: str | None = None, description: str | None = None,
    role: str | None = None,
) -> ActionResult:
    page = await session.page()
    target = await resolve_target(page, session.registry, session.settings, element_id=element_id,
                                  description=description, role=role)
    with playwright_errors("hover"):
        await target.handle.hover(timeout=session.settings.action_timeout_ms)
    return {"action": "hover", "element": target.describe()}


# Inside an element: the element itself when it scrolls that way, else the nearest box around it that does (an item
# of a list that scrolls on its own scrolls its list).
_SCROLL_JS = """([dx, dy, item]) => {
  const scrolls = (n) => /(auto|scroll|overlay)/.test(getComputedStyle(n)[dy ? "overflowY" : "overflowX"]) &&
    (dy ? n.scrollHeight > n.clientHeight : n.scrollWidth > n.clientWidth);
  let el = item;
  while (el && el !== document.body && el !== document.documentElement && !scrolls(el)) el = el.parentElement;
  if (!el || el === document.body || el === document.documentElement) el = item;
  const t = el || document.scrollingElement || document.documentElement;
  (el || window).scrollBy({left: dx, top: dy, behavior: 'instant'});
  const max = t.scrollHeight - (el ? t.clientHeight : innerHeight);
  return {y: Math.round(el ? t.scrollTop : scrollY), max: Math.max(0, Math.round(max))};
}"""


async def scroll(
    session: BrowserSession,
    *,
    direction: Literal["up", "down", "left", "right"] = "down",
    amount: int | None = None,
    element_id: str | None = None,
    description: str | None = None,
    into_view: bool = False,
) -> ActionResult:
    page = await session.page()
    size = page.viewport_size or {"width": session.settings.viewport_width, "height": session.settings.viewport_height}
    step = amount if amount is not None else int(size["height"] * 0.8)
    if step <= 0 or step > 100_000:
        raise InvalidInput("amount must be between 1 and 100000 pixels")
    dx, dy = {"up": (0, -step), "down": (0, step), "left": (-step, 0), "right": (step, 0)}[direction]
    with playwright_errors("scroll"):
        if element_id or description:
            target = await resolve_target(page, session.registry, session.settings, element_id=element_id,
                                          description=description)
            if into_view:
                await target.handle.scroll_into_view_if_needed(timeout=session.settings.action_timeout_ms)
                return {"action": "scroll_into_view", "element": target.describe()}
            pos = await target.frame.evaluate(_SCROLL_JS, [dx, dy, target.handle])
            return {"action": "scroll", "element": target.describe(), "scroll": pos,
                    "at_end": pos["y"] >= pos["max"] if dy > 0 else pos["y"] <= 0}
        pos = await page.evaluate(_SCROLL_JS, [dx, dy, None])
    return {"action": "scroll", "direction": direction, "scroll": pos,
            "at_end": pos["y"] >= pos["max"] if dy > 0 else pos["y"] <= 0 if dy < 0 else None}

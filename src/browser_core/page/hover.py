"""Words a page draws only while the pointer rests on a control, read once before an observe or search walk."""

from __future__ import annotations

import time

from playwright.async_api import Frame

from browser_core.page.registry import DESCRIBED_JS, HOVERED_JS, TOOLTIP_ATTRIBUTES

HOVER_BUDGET_MS = 1200  # both steps together, a walk


async def hover_for_words(frame: Frame, key: str) -> None:
    """Tooltips a description points at (described.js), then layers that appear beside a glyph-only control with no
    link to them (hovered.js), in the time left of one budget; nothing is hovered when no control needs it."""
    started = time.monotonic()
    await frame.evaluate(DESCRIBED_JS, key)
    left = HOVER_BUDGET_MS - (time.monotonic() - started) * 1000
    if left >= 600:
        await frame.evaluate(HOVERED_JS, {"key": key, "attrs": TOOLTIP_ATTRIBUTES, "budget": left})

"""Whether frames are still arriving on a page, and for how long a search may wait for them (FR-026).

A description that matches nothing waits for late iframes only while there is something to wait for:

- the top document or an attached frame is still loading (``document.readyState`` is not ``complete``, or the
  frame does not answer): wait up to the whole ``IFRAME_WAIT_MS``;
- the page has iframes and the last of them finished loading less than ``IFRAME_WAIT_MS`` ago (the page's own
  resource timing): a page that embeds frames may add more shortly after, so wait out the rest of that window;
- otherwise (no iframe at all, or every iframe settled long ago, nothing loading): no wait. The search result
  stands as it is: its best candidate, or an error with the candidates, at once.
"""

from __future__ import annotations

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page

_PROBE_S = 0.3  # one frame's readyState; a frame that cannot answer this fast counts as loading

_ARRIVAL_JS = """() => {
  let last = -1;
  for (const e of performance.getEntriesByType('resource')) {
    const framed = e.initiatorType === 'iframe' || e.initiatorType === 'frame';
    if (framed) last = Math.max(last, e.responseEnd || e.startTime);
  }
  return {complete: document.readyState === 'complete', frames: document.querySelectorAll('iframe, frame').length,
          since: last < 0 ? null : performance.now() - last};
}"""


async def _loading(frame: Frame) -> bool:
    if frame.is_detached():
        return False
    try:
        with anyio.fail_after(_PROBE_S):
            return bool(await frame.evaluate("() => document.readyState !== 'complete'"))
    except (PlaywrightError, TimeoutError):
        return True


async def frames_arriving(page: Page, window_ms: int) -> float:
    """Seconds a search that found nothing may wait for frames (0: none are arriving)."""
    if window_ms <= 0:
        return 0.0
    try:
        with anyio.fail_after(_PROBE_S * 2):
            facts = await page.main_frame.evaluate(_ARRIVAL_JS)
    except (PlaywrightError, TimeoutError):
        return window_ms / 1000  # the top document cannot answer: it is busy or loading
    if not facts["complete"]:
        return window_ms / 1000
    children = [f for f in page.frames if f is not page.main_frame]
    loading = [False] * len(children)

    async def probe(i: int, frame: Frame) -> None:
        loading[i] = await _loading(frame)

    async with anyio.create_task_group() as tg:
        for i, frame in enumerate(children):
            tg.start_soon(probe, i, frame)
    if any(loading):
        return window_ms / 1000
    since = facts["since"]
    if not facts["frames"] or since is None:
        return 0.0
    return max(0.0, (window_ms - float(since)) / 1000)

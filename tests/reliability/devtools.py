"""Reach the server's own browser over its DevTools port (``BROWSER_REMOTE_DEBUGGING_PORT``), as a fault injector:
CDP ``Page.crash`` on a tab crashes its renderer the way a real renderer crash does."""

from __future__ import annotations

import asyncio
import contextlib
import socket

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def crash_tab(port: int, url_part: str, limit_s: float = 15) -> bool:
    """Send ``Page.crash`` to the tab whose URL contains ``url_part``; True once that tab reported the crash."""
    with anyio.move_on_after(limit_s):
        async with async_playwright() as playwright:
            browser = await playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
            page = next(p for c in browser.contexts for p in c.pages if url_part in p.url)
            cdp = await page.context.new_cdp_session(page)
            crashed = asyncio.get_running_loop().create_future()
            page.on("crash", lambda _: crashed.done() or crashed.set_result(True))
            sent = asyncio.ensure_future(cdp.send("Page.crash"))  # never answered: the renderer is gone
            try:
                return await crashed
            finally:
                sent.cancel()
                with contextlib.suppress(PlaywrightError, asyncio.CancelledError):
                    await sent
    return False


async def page_metrics(port: int, limit_s: float = 15) -> dict[str, float]:
    """Chromium's own counters for the active tab (``Performance.getMetrics``): JS heap, documents, DOM nodes,
    JS event listeners, after a garbage collection; empty if the browser did not answer in time."""
    with anyio.move_on_after(limit_s):
        async with async_playwright() as playwright:
            browser = await playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
            page = browser.contexts[0].pages[-1]
            cdp = await page.context.new_cdp_session(page)
            await cdp.send("HeapProfiler.collectGarbage")
            await cdp.send("Performance.enable")
            metrics = (await cdp.send("Performance.getMetrics"))["metrics"]
            await cdp.send("Performance.disable")
            await cdp.detach()
            return {m["name"]: float(m["value"]) for m in metrics}
    return {}

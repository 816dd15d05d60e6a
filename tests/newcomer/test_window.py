"""The window a person sees: its title says an agent drives it, the page is left as it is (same title, same DOM),
and no "--no-sandbox: unsupported command-line flag" bar covers the top of the page."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import anyio
import pytest

from tests.newcomer.commands import SERVER, user_env
from tests.newcomer.processes import stdio_run
from tests.newcomer.screen import Screen, Window, private_screen

pytestmark = [pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xwininfo") is None,
                                 reason="needs Xvfb and xwininfo"), pytest.mark.timeout(120)]
SITE = Path(__file__).resolve().parent / "site"
MAGENTA = (255, 0, 255)
VIEWPORT_HEIGHT = 720


async def painted_rows(screen: Screen, window: Window) -> int:
    """Rows of page colour down the middle of the window, once the page has been painted (bounded wait: a
    framebuffer has no event to wait on)."""
    rows = 0
    with anyio.move_on_after(20):
        while rows < VIEWPORT_HEIGHT:
            column = screen.column(window.x + window.width // 2, window.y, window.y + window.height)
            rows = sum(1 for pixel in column if pixel == MAGENTA)
            if rows >= VIEWPORT_HEIGHT:
                break
            await anyio.sleep(0.2)
    return rows


async def test_the_window_says_who_drives_and_no_warning_bar_covers_the_page(tmp_path: Path) -> None:
    from site_server import start_site  # tests/conftest.py puts tests/fixtures on sys.path

    pages = start_site(SITE)
    try:
        with private_screen() as screen:
            env = user_env(tmp_path, DISPLAY=screen.display, BROWSER_HEADLESS="false",
                           BROWSER_USER_DATA_DIR=str(tmp_path / "profile"),
                           BROWSER_ARTIFACTS_DIR=str(tmp_path / "artifacts"))
            with anyio.fail_after(90):
                async with stdio_run([SERVER], env, tmp_path) as server:
                    result = await server.call("observe")  # starts the browser
                    result = await server.call("navigate", url=pages.url_a("solid.html"))
                    page = json.loads(result.content[0].text)  # type: ignore[union-attr]
                    assert page["success"] and page["data"]["title"] == "Solid page"  # the page's own title

                    windows = [w for w in screen.windows() if w.title.startswith("browser-agent")]
                    assert len(windows) == 1, screen.windows()
                    (window,) = windows
                    assert window.title == "browser-agent: an AI agent controls this window"

                    page_rows = await painted_rows(screen, window)
                    # every row of the viewport is visible: no bar pushed the page down or covered it
                    assert page_rows >= VIEWPORT_HEIGHT, f"only {page_rows} of {VIEWPORT_HEIGHT} page rows visible"
                    await server.process.stdin.aclose()  # type: ignore[union-attr]
                    await server.process.wait()
    finally:
        pages.close()

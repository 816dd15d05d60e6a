"""Session lifecycle: persistent profile, the profile lock, CDP attach, configuration errors."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
from pathlib import Path

import anyio
import pytest

from browser_core.errors import ConfigurationError
from browser_core.session import BrowserSession
from tests.conftest import make_settings

pytestmark = pytest.mark.browser


async def test_second_session_on_same_profile_fails_fast(tmp_path: Path) -> None:
    first = BrowserSession(make_settings(tmp_path))
    await first.page()
    try:
        second = BrowserSession(make_settings(tmp_path))
        with anyio.fail_after(5), pytest.raises(ConfigurationError, match="already used"):
            await second.page()
    finally:
        await first.close()
    third = BrowserSession(make_settings(tmp_path))
    await third.page()
    await third.close()


async def test_cookies_survive_restart(tmp_path: Path, site) -> None:
    for expected in ("Visits: 1", "Visits: 2"):
        session = BrowserSession(make_settings(tmp_path))
        page = await session.page()
        await page.goto(site.url_a("cookie.html"), wait_until="load")
        assert expected in await page.inner_text("body")
        await session.close()


async def test_headful_without_display_is_a_clear_configuration_error(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    session = BrowserSession(make_settings(tmp_path, headless=False))
    with pytest.raises(ConfigurationError, match="xvfb-run"):
        await session.page()


async def test_missing_executable_is_a_clear_configuration_error(tmp_path: Path) -> None:
    session = BrowserSession(make_settings(tmp_path, executable_path=tmp_path / "no-such-chrome", headless=True))
    with pytest.raises(ConfigurationError, match="does not exist"):
        await session.page()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_attach_over_cdp(tmp_path: Path, site) -> None:
    settings = make_settings(tmp_path)
    executable = settings.resolve_executable()
    if executable is None:
        pytest.skip("no system Chromium to start with a debugging port")
    port = _free_port()
    args = [str(executable), f"--remote-debugging-port={port}", f"--user-data-dir={tmp_path / 'remote'}",
            "--headless=new", "--no-sandbox", "--no-first-run", "--disable-background-networking", "about:blank"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ.copy())
    try:
        with anyio.fail_after(15):
            while True:
                try:
                    _, writer = await asyncio.open_connection("127.0.0.1", port)
                    writer.close()
                    break
                except OSError:
                    await anyio.sleep(0.1)
        session = BrowserSession(make_settings(tmp_path, cdp_url=f"http://127.0.0.1:{port}"))
        page = await session.page()
        await page.goto(site.url_a("form.html"))
        assert "Sign" in await page.title() or await page.title()
        await session.close()
        assert proc.poll() is None, "closing an attached session must not kill the user's browser"
    finally:
        proc.terminate()
        proc.wait(timeout=10)

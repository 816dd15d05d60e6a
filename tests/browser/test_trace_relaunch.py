"""``BROWSER_TRACE`` across a browser that went away (issue 23): the trace of the browser closed under us is
salvaged from what it wrote as it recorded (``trace.zip``), and the context the relaunch starts is traced again into
``trace-2.zip``."""

from __future__ import annotations

import zipfile
from pathlib import Path

from browser_core.session.browser import BrowserSession
from tests.conftest import make_settings


async def test_a_relaunched_browser_is_traced_into_a_second_file(tmp_path: Path, site) -> None:
    session = BrowserSession(make_settings(tmp_path, trace=True))
    try:
        page = await session.page()
        await page.goto(site.url_a("secret_login.html"))
        assert session.trace.recording
        await session.context.close()  # the window was closed under us (as a person or a crash would)
        page = await session.page()  # relaunched on the same profile
        assert session.take_restart_note() is not None and session.trace.recording
        await page.goto(site.url_a("secret_login.html") + "?again")
    finally:
        await session.close()
    artifacts = tmp_path / "artifacts"
    with zipfile.ZipFile(artifacts / "trace-2.zip") as trace:
        assert b"secret_login.html?again" in trace.read("trace.trace")
    with zipfile.ZipFile(artifacts / "trace.zip") as trace:  # salvaged: the same layout tracing.stop writes
        assert {"trace.trace", "trace.network"} <= set(trace.namelist())
        assert b"secret_login.html" in trace.read("trace.trace")
        assert b"?again" not in trace.read("trace.trace")
    assert not (artifacts / ".trace-raw").exists()
    assert not session.trace.recording

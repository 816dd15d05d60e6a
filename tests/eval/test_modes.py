"""The real-model mode without credentials skips with a clear message; a remote browser (a Chromium started with
--remote-debugging-port) serves several workers, each in a context of its own."""

from __future__ import annotations

import asyncio
import json
import subprocess
import urllib.request
from pathlib import Path

import anyio
import pytest

from browser_core.settings import BrowserSettings
from tests.eval.conftest import clean_env, run_eval

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]


async def test_real_model_mode_without_credentials_skips_clearly(tmp_path: Path) -> None:
    env = clean_env(HOME=str(tmp_path))
    done = await run_eval(["miniwob", "--model", "sonnet", "--only", "click-button"], tmp_path / "out", timeout_s=60,
                          env=env)
    assert done.code == 0, done.out + done.err
    assert "SKIPPED" in done.out and "ANTHROPIC_API_KEY" in done.out and "log in to Claude Code" in done.out
    assert done.dir is None  # nothing ran


async def _wait_for_port(port: int) -> None:
    with anyio.fail_after(15):
        while True:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                return
            except OSError:
                await anyio.sleep(0.1)


async def test_workers_share_a_remote_browser_over_cdp(tmp_path: Path) -> None:
    executable = BrowserSettings(_env_file=None).resolve_executable()
    if executable is None:
        pytest.skip("no system Chromium to start with a debugging port")
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    args = [str(executable), f"--remote-debugging-port={port}", f"--user-data-dir={tmp_path / 'remote'}",
            "--headless=new", "--no-sandbox", "--no-first-run", "--disable-background-networking", "about:blank"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        await _wait_for_port(port)
        cdp = f"http://127.0.0.1:{port}"
        # Two light tasks, one per worker (the heavy sites pass side by side in tests/eval/test_scripted_suite.py):
        # both workers in the one browser, each its own context, closed at the end.
        tasks = ["click-button", "login-user"]
        done = await run_eval(["all", "--only", *tasks, "-j", "2", "--cdp-url", cdp], tmp_path / "out", timeout_s=240)
        results = done.results()
        assert done.code == 0, done.out + done.err[-3000:]
        assert results["browser"] == "remote (CDP)" and [r["success"] for r in results["results"]] == [True] * 2
        assert {r["worker"] for r in results["results"]} == {1, 2}
        options = json.loads((Path(results["results"][0]["run_dir"]) / "options.json").read_text("utf-8"))
        assert options["mcp_command"]  # the worker started its own browser server, which attached to ours
        assert proc.poll() is None, "the shared browser must outlive the workers"
        listing = await anyio.to_thread.run_sync(lambda: urllib.request.urlopen(f"{cdp}/json/list").read())
        pages = [p["url"] for p in json.loads(listing) if p.get("type") == "page"]
        assert not [u for u in pages if "/r/" in u], pages  # every worker closed its own context
    finally:
        proc.terminate()
        proc.wait(timeout=10)

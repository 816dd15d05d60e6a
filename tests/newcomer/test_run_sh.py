"""`bash scripts/run.sh` as an MCP host runs it: one ready line on stderr, and however the host stops it (SIGTERM,
SIGINT, or closing stdin), the server, its Chromium and the Xvfb it started all exit."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
from pathlib import Path

import anyio
import pytest

from tests.newcomer.processes import clean_env, new_tag, stdio_run, tagged_processes, wait_until_gone

REPO = Path(__file__).resolve().parents[2]
RUN_SH = ["bash", str(REPO / "scripts" / "run.sh")]

pytestmark = [
    pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb"),
    pytest.mark.timeout(180),
]


def test_help_says_what_it_is_and_how_to_attach_without_starting_anything() -> None:
    done = subprocess.run([*RUN_SH, "--help"], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert done.returncode == 0
    assert "MCP server" in done.stdout
    assert f"claude mcp add browser -- bash {REPO}/scripts/run.sh" in done.stdout


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "stdin EOF"])
async def test_stopping_the_server_leaves_no_process_behind(how: str, site, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tag = new_tag()
    env = clean_env(tag, BROWSER_USER_DATA_DIR=str(tmp_path / "profile"),
                    BROWSER_ARTIFACTS_DIR=str(tmp_path / "artifacts"), BROWSER_HEADLESS="false")
    env.pop("DISPLAY", None)  # as on a server or in a container: run.sh provides the display
    async with stdio_run(RUN_SH, env, REPO) as run:
        result = await run.call("navigate", url=site.url_a("index.html"))
        assert json.loads(result.content[0].text)["success"], result.content[0].text  # type: ignore[union-attr]
        running = tagged_processes(tag).values()
        assert any("Xvfb" in cmd for cmd in running), running
        assert any("chromium" in cmd.lower() for cmd in running), running

        ready = [line for line in run.stderr_lines if "ready" in line]
        assert len(ready) == 1, run.stderr_lines
        assert 'MCP server "browser" ready on stdin/stdout' in ready[0]
        assert f"claude mcp add browser -- bash {REPO}/scripts/run.sh" in ready[0]

        if how == "stdin EOF":
            await run.process.stdin.aclose()  # type: ignore[union-attr]
        else:
            run.process.send_signal(getattr(signal, how))
        left = await wait_until_gone(tag, 30)
        assert left == {}, f"left behind after {how}: {left}"
        with anyio.fail_after(10):
            await run.process.wait()  # run.sh itself has ended (reaped here)

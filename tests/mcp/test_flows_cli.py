"""Flows from the command line (issue 22): ``browser-agent flows save RUN NAME`` from a run's recorded actions,
``browser-agent replay NAME --param k=v`` (the human answers the gate's question at every destructive step: an
answers file here), and ``browser-agent flows export NAME``, whose test passes against the same
site (pytest-playwright on /usr/bin/chromium)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from tests.mcp.test_flows import ok, record_add, record_delete
from tests.support.mcp_client import browser_client
from tests.support.notes_app import NotesApp, notes_app

pytestmark = pytest.mark.mcp
BIN = Path(sys.executable).parent


@pytest.fixture
def app() -> Iterator[NotesApp]:
    with notes_app() as running:
        yield running


def cli_env(tmp: Path) -> dict[str, str]:
    keep = ("PATH", "HOME", "DISPLAY", "XAUTHORITY", "LANG", "BROWSER_EXECUTABLE_PATH")
    env = {k: v for k, v in os.environ.items() if k in keep}
    return env | {"BROWSER_FLOWS_DIR": str(tmp / "artifacts" / "flows"), "BROWSER_ARTIFACTS_DIR": str(tmp / "cli"),
                  "BROWSER_USER_DATA_DIR": str(tmp / "cli-profile"), "PYTHONUNBUFFERED": "1"}


LIMIT_S = 240


async def run(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    with anyio.fail_after(LIMIT_S + 5):
        return await anyio.to_thread.run_sync(lambda: subprocess.run(
            [*args], cwd=tmp, env=cli_env(tmp), capture_output=True, text=True, timeout=LIMIT_S, check=False))


@pytest.mark.timeout(300)  # an orchestrator run, then four CLI replays: ~40 s alone, 2 min on a loaded machine
async def test_saved_run_replays_from_the_command_line_and_asks_at_the_delete(tmp_path: Path, app: NotesApp) -> None:
    run_folder = tmp_path / "runs" / "2026-11-26-add"
    log = str(run_folder / "flow_steps.jsonl")
    async with browser_client(tmp_path / "profile", BROWSER_FLOW_TOOLS="true", BROWSER_FLOW_LOG=log) as client:
        await record_add(client, app, "Buy seeds")
        await record_delete(client, app, "Buy seeds")
    saved = await run(tmp_path, str(BIN / "browser-agent"), "flows", "save", str(run_folder), "from-run")
    assert saved.returncode == 0, saved.stdout + saved.stderr
    listed = await run(tmp_path, str(BIN / "browser-agent"), "flows", "list")
    assert "from-run" in listed.stdout and "add-note" in listed.stdout

    replayed = await run(tmp_path, str(BIN / "browser-agent"), "replay", "add-note", "--param", "title=Repot cactus")
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert '"model_requests": 0' in replayed.stdout and "Repot cactus" in app.titles()

    (tmp_path / "no.yaml").write_text("confirm: [no]\n")
    (tmp_path / "yes.yaml").write_text("confirm: [yes]\n")
    declined = await run(tmp_path, str(BIN / "browser-agent"), "replay", "delete-note", "--param",
                         "search=Repot cactus", "--answers", str(tmp_path / "no.yaml"))
    assert declined.returncode == 2, declined.stdout + declined.stderr
    assert "Repot cactus" in app.titles()
    deleted = await run(tmp_path, str(BIN / "browser-agent"), "replay", "delete-note", "--param",
                        "search=Repot cactus", "--answers", str(tmp_path / "yes.yaml"))
    assert deleted.returncode == 0, deleted.stdout + deleted.stderr
    assert "Repot cactus" not in app.titles()

    runs = set((tmp_path / "runs").iterdir())
    bad = await run(tmp_path, str(BIN / "browser-agent"), "replay", "add-note", "--param", "nope=1")
    assert bad.returncode != 0 and "unknown parameter" in bad.stdout
    assert set((tmp_path / "runs").iterdir()) == runs, bad.stdout  # refused before a browser server or a run started


async def test_exported_pytest_passes_against_the_same_site(tmp_path: Path, app: NotesApp) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_FLOW_TOOLS="true") as client:
        await record_add(client, app, "Buy seeds")
        assert (await ok(client, "observe"))["url"].startswith(app.base)
    out = tmp_path / "exported" / "test_add_note.py"
    out.parent.mkdir()
    exported = await run(tmp_path, str(BIN / "browser-agent"), "flows", "export", "add-note",
                         "--out", str(out))
    assert exported.returncode == 0, exported.stdout + exported.stderr
    code = out.read_text()
    assert "exact=True" in code and ".first" not in code and "title: str = 'Buy seeds'" in code
    before = len(app.notes)
    result = await run(out.parent, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
                       "no:asyncio", "-c", os.devnull, "--rootdir", str(out.parent), str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    assert len(app.notes) == before + 1

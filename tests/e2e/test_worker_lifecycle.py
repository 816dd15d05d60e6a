"""A worker's life: connect → run → close, and every way it can go wrong halfway, with the real browser server
(``python -m mcp_server`` as a subprocess) and the real SDK. Whatever a failed ``connect`` opened is released (no
browser server process left, the run record finished with the reason), ``close`` never raises a second error and
can be called twice, and a closed worker says clearly that it cannot connect or run again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest

from orchestrator.browser.browser_link import BrowserLink, BrowserServerStartError
from orchestrator.session.worker import WorkerAgent, WorkerStateError
from orchestrator.settings import OrchestratorSettings

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(90)]
BOUND_S = 45  # a browser server starts in a few seconds even on a busy 2-core machine


def settings(root: Path, **overrides: object) -> OrchestratorSettings:
    values: dict[str, object] = {"run_dir": root / "runs", "profile_dir": root / "profile", "headful": False,
                                 "_env_file": None}
    return OrchestratorSettings(**(values | overrides))  # type: ignore[arg-type]


def servers_for(folder: Path) -> list[int]:
    """The processes whose environment names ``folder`` (the browser server a worker started for its record)."""
    marker = str(folder).encode()
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if marker in environ.read_bytes():
                found.append(int(environ.parent.name))
        except OSError:  # a process that ended while we looked
            continue
    return found


def summary_file(worker: WorkerAgent) -> dict[str, object]:
    return dict(json.loads((worker.recorder.dir / "summary.json").read_text("utf-8")))


async def test_connect_then_close_twice_releases_the_server_and_a_closed_worker_says_so(tmp_path: Path) -> None:
    secret = "sk-ant-lifecycle-not-in-records-42"
    worker = WorkerAgent(settings=settings(tmp_path, max_turns=7), title="lifecycle", env={"ANTHROPIC_API_KEY": secret})
    with anyio.fail_after(BOUND_S):
        await worker.connect()
    assert worker.active_session and worker.session_id
    options = (worker.recorder.dir / "options.json").read_text("utf-8")
    assert json.loads(options)["max_turns"] == 7 and secret not in options  # the settings' limit, never the env
    assert servers_for(worker.recorder.artifacts), "the browser server runs while the worker is connected"
    assert "mcp__browser__click" in worker.allowed_tools
    with pytest.raises(WorkerStateError, match="connects once"):
        await worker.connect()  # already connected: one browser server per worker
    with anyio.fail_after(BOUND_S):
        first = await worker.close()
    second = await worker.close()
    assert second == first and not worker.active_session
    assert servers_for(worker.recorder.artifacts) == []
    assert summary_file(worker)["session_id"] == worker.session_id
    with pytest.raises(WorkerStateError, match="create a new one"):
        await worker.connect()
    with pytest.raises(WorkerStateError, match="connect"):
        await worker.run("Open example.org")


async def test_a_browser_server_that_exits_at_once_fails_connect_clearly_and_finishes_the_record(
    tmp_path: Path,
) -> None:
    command = [sys.executable, "-c", "raise SystemExit(3)"]
    worker = WorkerAgent(settings=settings(tmp_path, mcp_command=command), title="server-exits")
    with anyio.fail_after(BOUND_S), pytest.raises(BrowserServerStartError) as failed:
        await worker.connect()
    message = str(failed.value)
    assert "the browser server did not start" in message and "SystemExit(3)" in message  # names the command
    assert not worker.active_session
    record = summary_file(worker)  # the record says why the run never started
    assert record["status"] == "error" and "could not start" in str(record["reason"])
    assert not (worker.recorder.dir / "transcript.jsonl").exists()
    first = await worker.close()  # no second error after the failed connect
    assert first.status == "error" and "did not start" in first.reason
    assert await worker.close() == first
    assert servers_for(worker.recorder.artifacts) == []
    with pytest.raises(WorkerStateError, match="create a new one"):
        await worker.connect()


async def test_an_unwritable_run_folder_fails_connect_before_anything_starts(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    worker = WorkerAgent(settings=settings(tmp_path, run_dir=blocker / "runs"), title="no-folder")
    with pytest.raises(OSError):
        await worker.connect()
    summary = await worker.close()
    assert summary.status == "error" and "could not start" in summary.reason
    assert await worker.close() == summary
    with pytest.raises(WorkerStateError, match="no run record"):
        _ = worker.recorder
    with pytest.raises(WorkerStateError, match="create a new one"):
        await worker.connect()


async def test_close_without_connect_is_harmless(tmp_path: Path) -> None:
    worker = WorkerAgent(settings=settings(tmp_path))
    summary = await worker.close()
    assert summary.status == "incomplete" and "never connected" in summary.reason
    assert await worker.close() == summary
    assert not (tmp_path / "runs").exists()


async def test_a_missing_cli_ends_the_task_as_an_error_and_the_worker_still_closes(tmp_path: Path) -> None:
    worker = WorkerAgent(settings=settings(tmp_path, cli_path=tmp_path / "no-such-claude"), title="no-cli")
    with anyio.fail_after(BOUND_S):
        await worker.connect()
        outcome = await worker.run("Open example.org")
    assert outcome.status == "error" and "no-such-claude" in outcome.reason
    with anyio.fail_after(BOUND_S):
        summary = await worker.close()
    assert summary.status == "error" and summary.tasks[0].status == "error"
    assert servers_for(worker.recorder.artifacts) == []
    assert (worker.recorder.dir / "summary.md").is_file()


async def test_a_server_that_never_answers_is_stopped_after_the_start_bound(tmp_path: Path) -> None:
    marker = tmp_path / "silent-server"
    link = BrowserLink(
        {"type": "stdio", "command": sys.executable, "args": ["-c", "import sys; sys.stdin.read()"],
         "env": {"SILENT_MARKER": str(marker)}},
        start_timeout_s=1,
    )
    with anyio.fail_after(BOUND_S), pytest.raises(BrowserServerStartError, match="did not answer within 1 s"):
        await link.connect()
    assert servers_for(marker) == []
    await link.close()  # closing again after the failed start is harmless

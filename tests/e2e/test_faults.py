"""Faults: the model server answering 529 or cutting streams (the CLI retries; a persistent outage ends the run
with a clear error), and the browser MCP server dying mid-run (a clean error and a saved run record).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from orchestrator.records.outcome import exit_code
from orchestrator.session.worker import WorkerAgent
from tests.e2e.conftest import E2E
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import Block, ModelRequest, ScriptedModel

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(150)]


def form(url: str) -> Scenario:
    return Scenario(
        intents=[
            Intent("open", "navigate", url=url),
            Intent("name", "type", role="textbox", name="full name", text="Ada"),
            Intent("submit", "click", role="button", name="register"),
        ],
        expect="Registered: Ada, France",
    )


class Faulty:
    """Wraps a scenario; when the executor first speaks, the next model request gets a cut stream."""

    def __init__(self, model: ScriptedModel, scenario: Scenario) -> None:
        self.model, self.scenario, self.armed = model, scenario, True

    def __call__(self, req: ModelRequest) -> list[Block]:
        if req.agent == "executor" and self.armed:
            self.armed = False
            self.model.faults += ["cut", "529"]
        return self.scenario(req)


async def test_529_and_cut_streams_are_retried(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(Faulty(model, form(url)))
    model.faults += ["500"]  # the very first request is refused too (an API error), then rate-limited below
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), title="flaky-model")
    async with worker:
        outcome = await worker.run(f"Open {url} and register Ada")
    assert outcome.status == "done", outcome
    assert not model.faults  # every fault was served, and the CLI came back each time


async def test_model_outage_ends_with_a_clear_error(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(form(url))
    model.faults += ["529"] * 20
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), title="outage")
    async with worker:
        outcome = await worker.run(f"Open {url} and register Ada")
    model.faults.clear()
    assert outcome.status == "error" and exit_code(outcome.status) == 4, outcome
    assert "529" in outcome.reason or "verloaded" in outcome.reason, outcome
    assert json.loads((worker.recorder.dir / "summary.json").read_text())["status"] == "error"


def processes_under(root: Path) -> Iterator[tuple[int, str]]:
    """(pid, cmdline) of processes whose command line or environment mentions ``root`` (ours, started here)."""
    needle = str(root).encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if needle in cmdline or needle in environ:
            yield int(entry.name), cmdline.replace(b"\0", b" ").decode(errors="replace")


class KillServer:
    """When the executor is about to type, the browser MCP server of this test is killed (SIGKILL)."""

    def __init__(self, scenario: Scenario, root: Path) -> None:
        self.scenario, self.root, self.killed = scenario, root, 0

    def __call__(self, req: ModelRequest) -> list[Block]:
        blocks = self.scenario(req)
        if not self.killed and any(getattr(b, "name", "").endswith("type_text") for b in blocks):
            for pid, cmd in processes_under(self.root):
                if cmd.split()[1:3] == ["-m", "mcp_server"]:  # python -m mcp_server (not the CLI that started it)
                    os.kill(pid, signal.SIGKILL)
                    self.killed += 1
        return blocks


async def test_browser_server_dying_mid_run(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    policy = KillServer(form(url), e2e.root)
    model.reset(policy)
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), title="server-dies")
    try:
        async with worker:
            outcome = await worker.run(f"Open {url} and register Ada")
    finally:
        for pid, cmd in processes_under(e2e.root):  # the dead server's orphaned Chromium
            if "chrom" in cmd:
                os.kill(pid, signal.SIGKILL)
    assert policy.killed == 1
    assert outcome.status == "error" and "browser MCP server" in outcome.reason, outcome
    record = worker.recorder.dir
    summary = json.loads((record / "summary.json").read_text())
    assert summary["status"] == "error" and "browser MCP server" in summary["reason"]
    calls = [json.loads(x) for x in (record / "tool_calls.jsonl").read_text().splitlines()]
    assert any(c["error_code"] == "browser_server" for c in calls)
    assert (record / "summary.md").is_file() and (record / "transcript.jsonl").stat().st_size > 0


async def test_a_rate_limit_is_retried(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(form(url))
    model.faults += ["429"]
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), title="rate-limited")
    async with worker:
        outcome = await worker.run(f"Open {url} and register Ada")
    assert outcome.status == "done", outcome
    assert not model.faults


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small tmpfs needs root")
async def test_a_full_disk_for_run_records_stops_the_task_cleanly(e2e: E2E, model: ScriptedModel, pages,
                                                                  tmp_path: Path) -> None:
    url = pages.url_a("signup.html")
    model.reset(form(url))
    small = tmp_path / "small-disk"
    small.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24k", "tmpfs", str(small)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode()[:200]}")
    try:
        worker = WorkerAgent(settings=e2e.settings(run_dir=small), env=e2e.cli_env(), title="disk-full")
        async with worker:
            outcome = await worker.run(f"Open {url} and register Ada")
        assert outcome.status == "error" and exit_code(outcome.status) == 4, outcome
        assert "run record cannot be written" in outcome.reason and "No space left" in outcome.reason, outcome
    finally:
        subprocess.run(["umount", "-l", str(small)], check=False)

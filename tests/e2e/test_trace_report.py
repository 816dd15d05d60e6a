"""The orchestrator's side of ``BROWSER_TRACE``: the browser server it starts writes its trace into the run folder,
and ``report.html`` links every trace there (a real run: the bundled CLI, the scripted model, the real server)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from orchestrator.cli.main import parse_args
from orchestrator.cli.task import make_settings
from orchestrator.human import NoHuman
from orchestrator.records.report import write_report
from orchestrator.session.options import browser_server
from orchestrator.session.worker import WorkerAgent
from tests.e2e.conftest import E2E
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ScriptedModel


def test_the_browser_server_writes_its_trace_into_the_run_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BROWSER_TRACE", "true")
    run = tmp_path / "runs" / "20261126-050000-x"
    settings = make_settings(parse_args(["task"])).model_copy(update={"headful": False})
    env = browser_server(settings, tmp_path / "artifacts", run / "screenshots")["env"]
    assert env["BROWSER_TRACE"] == "true" and env["BROWSER_TRACE_DIR"] == str(run)


def test_the_report_links_the_runs_traces(tmp_path: Path) -> None:
    run = tmp_path / "20261126-050000-x"
    (run / "screenshots").mkdir(parents=True)
    (run / "summary.json").write_text(json.dumps({"status": "done", "tasks": [{"task": "t", "status": "done"}]}))
    assert 'class="trace"' not in write_report(run).read_text("utf-8")
    (run / "trace.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    (run / "trace-2.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    text = write_report(run).read_text("utf-8")
    assert '<a href="trace.zip" download>trace.zip</a>, <a href="trace-2.zip" download>trace-2.zip</a>' in text
    assert "playwright show-trace trace.zip" in text


@pytest.mark.e2e
@pytest.mark.timeout(180)
async def test_a_traced_run_keeps_its_trace_beside_its_report(
    e2e: E2E, model: ScriptedModel, pages, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BROWSER_TRACE", "true")
    url = pages.url_a("inbox.html")
    model.reset(Scenario(intents=[Intent("open", "navigate", url=url)], expect="3 messages"))
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), human=NoHuman(), title="traced")
    async with worker:
        outcome = await worker.run(f"Open {url} and say how many messages there are")
    assert outcome.status == "done", outcome
    run = worker.recorder.dir
    with zipfile.ZipFile(run / "trace.zip") as trace:  # written when the server closed, before the report
        assert "trace.trace" in trace.namelist()
        assert b"inbox.html" in trace.read("trace.trace")
    assert '<a href="trace.zip" download>trace.zip</a>' in (run / "report.html").read_text("utf-8")

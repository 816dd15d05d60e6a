"""The orchestrator's side of ``BROWSER_TRACE`` (no CLI, no model): the browser server it starts writes its trace
into the run folder, and ``report.html`` links every trace there."""

from __future__ import annotations

import json
from pathlib import Path

from orchestrator.cli.main import make_settings, parse_args
from orchestrator.records.report import write_report
from orchestrator.session.options import browser_server


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

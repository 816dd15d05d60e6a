"""The run folder's records are typed (orchestrator/records/run_files.py): the writer and the report read them through
one model per kind, each line and file with its format version; one that is not its kind is an error naming the
file, and `browser-agent report` says so and exits 4."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orchestrator.cli.main import main as cli_main
from orchestrator.memory.models import ToolInvocation
from orchestrator.records.record import RunRecorder
from orchestrator.records.run_files import FORMAT_VERSION, RecordError, RunSummary, TaskOutcome, read_lines
from orchestrator.records.run_folder import load_run


def test_what_the_recorder_writes_the_report_reads_back(tmp_path: Path) -> None:
    recorder = RunRecorder(tmp_path, "typed records")
    recorder.summary.tasks.append(TaskOutcome(task="t", status="done"))
    recorder.event("plan", plan={"horizon": 1, "steps": []})
    recorder.tool_call(
        ToolInvocation(
            tool_use_id="c1", tool="mcp__browser__observe", agent="executor", started_at=1.0, success=True, result="{}"
        )
    )
    recorder.finish()
    lines = [
        json.loads(line)
        for name in ("events.jsonl", "tool_calls.jsonl")
        for line in (recorder.dir / name).read_text().splitlines()
    ]
    assert all(line["format_version"] == FORMAT_VERSION for line in lines)
    assert json.loads((recorder.dir / "summary.json").read_text())["format_version"] == FORMAT_VERSION
    view = load_run(recorder.dir)
    assert isinstance(view.summary, RunSummary) and view.summary.status == "done"
    assert [c.id for c in view.calls] == ["c1"] and view.events_of("plan")


def test_a_record_that_is_not_its_kind_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "20261127-000000-bad"
    run.mkdir()
    (run / "summary.json").write_text(json.dumps({"status": "done", "tool_calls": "many"}))
    with pytest.raises(RecordError, match=r"summary\.json is not a valid RunSummary record \(tool_calls"):
        load_run(run)
    assert cli_main(["report", "--run-dir", str(tmp_path), run.name]) == 4
    assert "summary.json" in capsys.readouterr().out
    (run / "summary.json").write_text("{}")
    (run / "tool_calls.jsonl").write_text('{"tool": "x"}\n{"cut short')
    with pytest.raises(RecordError, match=r"tool_calls\.jsonl line 1 is not a valid ToolCallRecord"):
        load_run(run)


def test_a_last_line_cut_short_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    path.write_text('{"t": 1, "event": "task", "task": "x"}\n{"t": 2, "ev')
    from orchestrator.records.run_files import EventRecord

    assert [e.event for e in read_lines(path, EventRecord)] == ["task"]

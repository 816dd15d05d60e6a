"""A flow's and a replay's files as typed records (issue 32): what is written reads back as the same model, each
file carries its format version, a file written by 0.4 (no format version) still reads, and one that does not parse
is an error naming the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser_core.act import flow_store
from browser_core.act.flow_journal import journal
from browser_core.act.flow_model import Flow, FlowStep
from browser_core.act.replay_model import REPLAY_FORMAT, ReplayRecord, ReplayReport
from browser_core.errors import InvalidInput
from browser_core.flow_schema import FLOW_FORMAT
from orchestrator.cli.flows import recorded_step
from orchestrator.records.run_files import RecordError, read_record

STEP = {
    "action": "type_text",
    "args": {"text": "{{title}}", "clear_first": True},
    "target": {"frame": "main", "role": "textbox", "name": "Title", "anchors": {"label": "Title"}},
    "post": {"navigated": False, "url": "/notes/", "value": "{{title}}"},
}
OLD_FLOW = {
    "name": "old",
    "version": 1,
    "origin": "http://app.test",
    "task": "Add a note",
    "params": [{"name": "title", "default": "Seeds"}],
    "steps": [STEP],
}


def test_a_flow_file_reads_back_as_written_and_one_from_0_4_still_reads(tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text(json.dumps(OLD_FLOW), "utf-8")
    old = flow_store.load(tmp_path, "old")
    assert old.format_version == FLOW_FORMAT and old.steps[0].args.text == "{{title}}"
    written = json.loads(flow_store.save(tmp_path, old.model_copy(update={"name": "new"})).read_text("utf-8"))
    assert written["format_version"] == FLOW_FORMAT
    assert written["steps"][0]["args"] == {"text": "{{title}}", "clear_first": True}  # no argument it was not given
    assert flow_store.load(tmp_path, "new") == old.model_copy(update={"name": "new"})


def test_a_flow_file_or_a_recorded_line_that_does_not_parse_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(json.dumps({"name": "bad", "steps": [{"action": "fly"}]}), "utf-8")
    with pytest.raises(InvalidInput, match=r"bad\.json is not a valid flow"):
        flow_store.load(tmp_path, "bad")
    with pytest.raises(InvalidInput, match=r"flow_steps\.jsonl line 3 is not a recorded flow step"):
        recorded_step(tmp_path / "flow_steps.jsonl", 3, json.dumps({"action": "click", "args": {"double_click": []}}))
    assert recorded_step(tmp_path / "flow_steps.jsonl", 1, json.dumps(STEP)) == FlowStep.model_validate(STEP)


def test_a_replay_record_carries_its_version_and_reads_back(tmp_path: Path) -> None:
    flow = Flow.model_validate(OLD_FLOW)
    report = ReplayReport.model_validate(
        {
            "flow": "old",
            "status": "stopped",
            "steps_done": 0,
            "steps": [{"step": 0, "action": "type_text", "stopped": True}],
            "stopped": {
                "step": 0,
                "action": "type_text",
                "reason": "no element has this role and name",
                "candidates": [{"id": "e3", "role": "textbox", "name": "Title", "box": [1, 2, 3, 4]}],
            },
        }
    )
    record = journal(flow, report, {"title": "Pots"})
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(record.dumped()), "utf-8")
    back = read_record(path, ReplayRecord)
    assert back is not None and back.format_version == REPLAY_FORMAT and back == record
    assert back.stopped is not None and back.stopped.candidates and back.stopped.candidates[0].id == "e3"
    assert back.steps[0].recorded.args.text == "{{title}}" and back.params == {"title": "Pots"}
    old = record.dumped()
    del old["format_version"]  # a record written by 0.4
    path.write_text(json.dumps(old), "utf-8")
    assert read_record(path, ReplayRecord) == record.model_copy(update={"format_version": REPLAY_FORMAT})


def test_a_replay_record_that_does_not_parse_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "replay.json"
    path.write_text(json.dumps({"flow": "x", "steps": [{"step": "first"}]}), "utf-8")
    with pytest.raises(RecordError, match=r"replay\.json is not a valid ReplayRecord record \(steps\.0\.step"):
        read_record(path, ReplayRecord)

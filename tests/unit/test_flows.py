"""Flows as data (issue 22): typed values become named parameters, secrets are never stored, a replay's values are
checked, and the exported pytest test is valid Python with strict locators."""

from __future__ import annotations

import io
import os
from typing import Any

import pytest

from browser_core.act import flow_record
from browser_core.act.flow_export import export_pytest
from browser_core.act.flow_model import Flow, FlowStep
from browser_core.act.replay_model import ReplayReport
from browser_core.errors import InvalidInput


def fp(role: str, name: str, *, row: str = "", label: str = "", input_type: str = "", population: int = 1,
       ordinal: int = 0) -> dict[str, Any]:
    return {"frame": "main", "role": role, "name": name, "anchors": {"row": row, "label": label},
            "input_type": input_type, "population": population, "ordinal": ordinal}


def post(url: str, *, navigated: bool = False, value: str | None = None, title: str = "") -> dict[str, Any]:
    return {"navigated": navigated, "url": url, "title": title, "value": value}


def build_flow(name: str, raw: list[dict[str, Any]], **kw: Any) -> Flow:
    """A flow from steps as ``flow_steps.jsonl`` holds them (each read as a ``FlowStep``)."""
    return flow_record.build_flow(name, [FlowStep.model_validate(s) for s in raw], **kw)


RAW = [
    {"action": "navigate", "args": {"url": "http://app.test/"}, "post": post("http://app.test/", navigated=True,
                                                                                title="Notes")},
    {"action": "type_text", "args": {"text": "Buy seeds"}, "target": fp("textbox", "Search", label="Search"),
     "post": post("http://app.test/", value="Buy seeds")},
    {"action": "click", "args": {}, "target": fp("button", "Search"),
     "post": post("http://app.test/?q=Buy+seeds", navigated=True, title="Notes")},
    {"action": "click", "args": {}, "target": fp("link", "Edit", row="row 'Buy seeds'"),
     "post": post("http://app.test/edit/12", navigated=True, title="Change note 12")},
    {"action": "type_text", "args": {"text": "hunter2-Secret!"}, "target": fp("textbox", "Password",
                                                                                 input_type="password"),
     "post": post("http://app.test/edit/12", value="hunter2-Secret!")},
    {"action": "click", "args": {}, "target": fp("button", "Save", population=2, ordinal=1),
     "post": post("http://app.test/", navigated=True, title="Notes")},
]


def test_typed_values_become_parameters_and_secrets_are_never_stored() -> None:
    flow = build_flow("edit", RAW, named={"search": "Buy seeds"})
    assert [(p.name, p.default, p.secret) for p in flow.params] == [("search", "Buy seeds", False),
                                                                   ("password", None, True)]
    text = flow.model_dump_json()
    assert "hunter2" not in text
    assert flow.steps[3].target is not None and flow.steps[3].target.anchors.row == "row '{{search}}'"
    assert flow.steps[2].post.url == "/?q={{search}}" and flow.origin == "http://app.test"
    assert flow.values({"password": "x"}) == {"search": "Buy seeds", "password": "x"}
    with pytest.raises(InvalidInput, match="without a value"):
        flow.values({})
    with pytest.raises(InvalidInput, match="unknown parameter"):
        flow.values({"password": "x", "nope": "1"})
    with pytest.raises(InvalidInput):
        build_flow("../etc", RAW)


def test_export_is_python_with_strict_locators_and_parameters_as_arguments() -> None:
    code = export_pytest(build_flow("edit", RAW, named={"search": "Buy seeds"}))
    compile(code, "test_edit.py", "exec")
    assert "def edit(page: Page, origin: str = ORIGIN, search: str = 'Buy seeds', *, password: str)" in code
    assert "page.get_by_role('row').filter(has_text=f'{search}').get_by_role('link', name='Edit', exact=True)" in code
    assert "get_by_label('Search', exact=True).fill(f'{search}')" in code
    assert ".first" not in code and ".nth(1)" in code  # the recorded look-alike Save, by its recorded place only
    assert "expect(page).to_have_url" in code and "to_have_title" in code
    assert "os.environ['FLOW_PASSWORD']" in code and "hunter2" not in code


def test_fallback_hands_over_the_task_the_steps_done_and_the_steps_left(tmp_path, monkeypatch) -> None:
    from browser_core.act import flow_store
    from orchestrator.cli.flows import handover_task

    monkeypatch.setenv("BROWSER_FLOWS_DIR", str(tmp_path))
    flow = build_flow("edit", RAW[:4], named={"search": "Buy seeds"}, task="Rename the note")
    flow_store.save(tmp_path, flow)
    stop = {"stopped": {"step": 3, "reason": "no element has this role and name"}}
    task = handover_task("edit", ReplayReport.model_validate(stop),
                         {"search": "Pots"})
    assert task.startswith("Rename the note") and "stopped at step 3" in task
    assert "navigate /" in task and "type_text textbox 'Search'" in task
    assert "click link 'Edit' (row 'Pots')" in task and "{{" not in task


def test_fallback_model_runs_the_replay_inside_the_orchestrator_session(tmp_path, monkeypatch) -> None:
    from rich.console import Console

    from orchestrator.cli.main import commands

    monkeypatch.setenv("BROWSER_FLOWS_DIR", str(tmp_path))
    monkeypatch.setenv("BROWSER_FLOW_TOOLS", "false")
    code, argv, replay = commands(["replay", "edit", "--param", "search=Pots", "--answers", "a.yaml",
                                   "--fallback", "model"], Console(file=io.StringIO()))
    assert code is None and replay is not None  # nothing ran yet: the session replays on its own browser
    assert argv == ["replay edit", "--answers", "a.yaml"] and replay.params == {"search": "Pots"}
    assert os.environ["BROWSER_FLOW_TOOLS"] == "true"  # the session's browser server serves replay_flow
    assert commands(["flows", "list"], Console(file=io.StringIO())) == (0, ["flows", "list"], None)


def test_a_secret_typed_by_name_is_replayed_by_name() -> None:
    raw = [*RAW[:1], {"action": "type_text", "args": {"text": {"secret": "notes_password"}},
                      "target": fp("textbox", "Password", input_type="password"),
                      "post": post("http://app.test/", value="•••• (secret notes_password)")}]
    flow = build_flow("login", raw)
    assert flow.steps[1].args.model_dump() == {"text": {"secret": "notes_password"}}
    assert flow.steps[1].post.value is None
    assert flow.params == []

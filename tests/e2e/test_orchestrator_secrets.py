"""The orchestrator and named secrets (no CLI, no model): which names a run may use, what the planner reads, and a
human's answer that an agent tried to type into a password field, masked in the whole run record afterwards."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

from orchestrator.agents import load_agents
from orchestrator.cli.main import parse_args
from orchestrator.cli.task import make_settings
from orchestrator.human import ScriptedHuman
from orchestrator.memory.memory import TaskMemory
from orchestrator.policy.gate import SecurityGate
from orchestrator.policy.stuck import StuckDetector
from orchestrator.records.record import RunRecorder
from orchestrator.records.state import RunState
from orchestrator.session.options import browser_server

REPO = Path(__file__).resolve().parents[2]


def test_secret_names_come_from_the_command_line_and_the_setting(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ORCH_SECRETS", "Mail_Password")
    settings = make_settings(parse_args(["--secret", "github_password", "--secret", "github_totp", "task"]))
    assert settings.secret_names == ["github_password", "github_totp", "mail_password"]
    env = browser_server(settings.model_copy(update={"headful": False}), tmp_path)["env"]
    assert env["BROWSER_SECRETS_ALLOWED"] == "github_password,github_totp,mail_password"
    monkeypatch.delenv("ORCH_SECRETS")
    none = make_settings(parse_args(["task"]))
    assert browser_server(none.model_copy(update={"headful": False}), tmp_path)["env"]["BROWSER_SECRETS_ALLOWED"] == ""


def test_the_planner_and_the_executor_read_the_secret_names_never_values() -> None:
    memory = TaskMemory(task="log in and star the repository")
    memory.secrets = ["github_password (text) for https://github.com"]
    assert memory.view()["secrets"] == memory.brief()["secrets"] == memory.secrets
    specs = load_agents(REPO / "agents")
    assert "no secret fits" in specs["planner"].prompt and "type secret <name>" in specs["planner"].prompt
    assert '{"secret": "<name>"}' in specs["executor"].prompt


async def test_a_human_answer_typed_into_a_password_field_is_masked_in_the_record(tmp_path: Path) -> None:
    from orchestrator.policy.hooks import Hooks

    answer = "hx-" + secrets.token_hex(8)
    state = RunState()
    state.begin_task("log in")
    recorder = RunRecorder(tmp_path, "log in")
    human = ScriptedHuman([], [True])
    hooks = Hooks(state, load_agents(REPO / "agents"), SecurityGate(tmp_path / "pending", human, timeout_s=1),
                  human, StuckDetector(), recorder, handoff_timeout_s=1)
    # Written before anyone knew it was a password: the question's answer, the planner's step, the executor's call.
    state.memory.answer("What is your password?", answer)
    recorder.event("answer", question="What is your password?", answer=answer)
    recorder.message({"type": "assistant", "content": [{"type": "tool_use", "input": {"text": answer}}]})
    call = {"tool_name": "mcp__browser__type_text", "agent_type": "executor", "agent_id": "a1",
            "tool_input": {"text": answer, "element_description": "Password"}}
    assert (await hooks.pre_tool_use(call, "t1", {"signal": None})) == {}
    refusal = {"success": False, "data": None, "metadata": {"tool": "type_text", "duration_ms": 3},
               "error": {"code": "sensitive_field", "category": "terminal", "message": "refused to type into a "
                         "password field: the human must type it in the browser window",
                         "details": {"field": {"role": "textbox", "name": "Password"}}}}
    out = await hooks.post_tool_use_failure(call | {"error": json.dumps(refusal)}, "t1", {"signal": None})
    assert "typed the value" in json.dumps(out)  # the human took over (the scripted hand-off said yes)
    recorder.message({"type": "user", "text": f"later mention of {answer}"})
    recorder.write_json("memory.json", state.memory)
    recorder.finish()
    files = [p for p in recorder.dir.rglob("*") if p.is_file()]
    assert {"events.jsonl", "transcript.jsonl", "tool_calls.jsonl", "memory.json"} <= {p.name for p in files}
    for path in files:
        assert answer not in path.read_text("utf-8"), path.name
    assert answer not in state.memory.render()


def test_only_the_refused_fields_value_is_taken_for_a_secret() -> None:
    from orchestrator.policy.policies import typed_values

    form = {"fields": [{"element_description": "Full name", "value": "Ada Lovelace"},
                       {"element_description": "Your password", "value": "hx-1234"},
                       {"element_id": "e9", "value": True}]}
    assert typed_values(form, "Password") == ["hx-1234"]
    assert typed_values(form, "PIN") == ["Ada Lovelace", "hx-1234"]  # no field described so: all the text
    assert typed_values({"text": "hx-5678", "element_id": "e3"}) == ["hx-5678"]
    assert typed_values({"text": {"secret": "site_password"}}) == []

"""A subagent ends with its ``report`` tool, on the real bundled CLI and a scripted model: the report goes in the
same reply as the agent's last calls, the PostToolUse hook's ``continue: false`` ends only that subagent (no
request after the reply), the planner's turn goes on, and the planner reads the line built from the report. A
report that a failed call of its reply contradicts, or whose evidence the read did not return, is not taken: the
agent reads why and goes on.
"""

from __future__ import annotations

import json

import anyio
import pytest

from orchestrator.memory.report_tool import REPORT_TOOL
from orchestrator.session.worker import WorkerAgent
from tests.e2e.conftest import E2E
from tests.e2e.scripted_model import Block, ModelRequest, ScriptedModel, Text, ToolUse

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]
B = "mcp__browser__"
EXPECT = "Registered: Ada Lovelace, Japan"


class Reporting:
    """Planner: the horizon and its check in one reply. Executor: a batch with a wrong button and its report
    (refused), then the whole form and its report in one reply. Validator: a read with a wrong evidence (refused),
    then the read and the right evidence in one reply."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.planner_saw: list[str] = []

    def __call__(self, req: ModelRequest) -> list[Block]:
        turn = req.turns()
        if req.agent == "planner":
            if turn == 0:
                return [ToolUse("Agent", {"description": "register", "subagent_type": "executor",
                                          "prompt": f"1. open {self.url}\n2. register Ada Lovelace from Japan"}),
                        ToolUse("Agent", {"description": "check", "subagent_type": "validator",
                                          "prompt": f"Check: {EXPECT}"})]
            self.planner_saw.append(json.dumps(req.messages[-1]))
            return [Text("REPORT " + json.dumps({"status": "failed", "summary": "the verdict did not end the turn"}))]
        steps = [{"step": "1. open", "status": "ok"}, {"step": "2. register", "status": "ok"}]
        if req.agent == "executor" and turn == 0:
            return [ToolUse(B + "navigate", {"url": self.url}),
                    ToolUse(B + "click", {"element_description": "Send the rocket", "role": "button"}),
                    ToolUse(REPORT_TOOL, {"status": "ok", "steps": steps})]
        if req.agent == "executor" and turn == 1:
            return [ToolUse(B + "type_text", {"element_description": "Full name", "text": "Ada Lovelace"}),
                    ToolUse(B + "select_option", {"element_description": "Country", "values": ["Japan"]}),
                    ToolUse(B + "click", {"element_description": "Register", "role": "button"}),
                    ToolUse(REPORT_TOOL, {"status": "ok", "steps": steps, "facts": ["registered"]})]
        if req.agent == "validator" and turn == 0:
            return [ToolUse(B + "get_page_text", {}),
                    ToolUse(REPORT_TOOL, {"done": True, "evidence": "Registered: Grace Hopper"})]
        if req.agent == "validator" and turn == 1:
            return [ToolUse(B + "get_page_text", {}), ToolUse(REPORT_TOOL, {"done": True, "evidence": EXPECT})]
        return [Text(f"unexpected request: {req.agent} turn {turn}")]


def results_named(req: ModelRequest, name: str) -> list[tuple[str, bool]]:
    return [(r.text, r.is_error) for r in req.results() if r.name == name]


async def test_a_subagent_ends_with_its_report_tool_and_no_request_follows(
        e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    policy = Reporting(url)
    model.reset(policy)
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), title="report tool")
    async with worker:
        with anyio.fail_after(150):
            outcome = await worker.run(f"Open {url} and register Ada Lovelace from Japan")
    assert not model.errors, model.errors
    assert outcome.status == "done", outcome
    by_agent = {a: [r for r in model.requests if r.agent == a] for a in ("planner", "executor", "validator")}
    # Each subagent's report went with its last calls: no request after the reply that carried the report taken.
    assert [len(by_agent[a]) for a in ("planner", "executor", "validator")] == [1, 2, 2], model.agents()
    assert REPORT_TOOL in by_agent["executor"][0].tool_names and REPORT_TOOL in by_agent["validator"][0].tool_names
    assert not [r for r in by_agent["planner"] if REPORT_TOOL in r.tool_names]
    # The refused reports came back as errors saying why; the executor and validator went on from them.
    (refused,) = results_named(by_agent["executor"][1], REPORT_TOOL)
    assert refused[1] and "Not taken: click" in refused[0], refused
    (refused,) = results_named(by_agent["validator"][1], REPORT_TOOL)
    assert refused[1] and "evidence" in refused[0], refused
    assert not policy.planner_saw  # the done verdict ended the planner's turn: no request after the check
    # The report reached memory, the verdict and the run record as the closing lines would have.
    memory = worker.state.memory
    assert any("2. register: ok" in line for line in memory.completed), memory.completed
    assert "registered" in memory.facts
    calls = [json.loads(line) for line in (worker.recorder.dir / "tool_calls.jsonl").read_text().splitlines()]
    agent_results = [c["result"] for c in calls if c["tool"] == "Agent"]
    assert any(r.startswith("RESULT {") and '"page": "' in r for r in agent_results), agent_results
    assert any(r.startswith("VERDICT {") and EXPECT in r for r in agent_results), agent_results

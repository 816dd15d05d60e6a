"""The report desk: what an agent could not see when it wrote its report in the same reply as its last calls."""

from __future__ import annotations

import time

from browser_core.result_model import ToolError, ToolMetadata, ToolResult
from orchestrator.memory.models import ToolInvocation
from orchestrator.memory.report_tool import REPORT_TOOL
from orchestrator.policy.report_desk import ReportDesk

B = "mcp__browser__"


def call(agent: str, tool: str, **tool_input: object) -> ToolInvocation:
    return ToolInvocation(tool_use_id="t", tool=tool, agent=agent, agent_id=f"{agent}-1", input=tool_input,
                          started_at=time.time())


def ok(data: object) -> ToolResult:
    return ToolResult(success=True, data=data, error=None, metadata=ToolMetadata(tool="x", duration_ms=1))


def failed(code: str) -> ToolResult:
    error = ToolError(code=code, category="recoverable", message="no")
    return ToolResult(success=False, data=None, error=error, metadata=ToolMetadata(tool="x", duration_ms=1))


def test_an_ok_result_is_refused_once_for_a_failure_it_could_not_see() -> None:
    desk = ReportDesk()
    desk.saw(call("executor", B + "navigate"), ok({"url": "https://a.test/form", "title": "Form"}))
    desk.saw(call("executor", B + "click"), failed("element_not_found"))
    report = call("executor", REPORT_TOOL, status="ok", steps=[{"step": "1", "status": "ok"}])
    assert "click (element_not_found)" in desk.refusal(report)
    assert desk.refusal(report) == ""  # named once: the agent has read it
    line = desk.take(report)
    assert line.startswith("RESULT {") and '"page": "https://a.test/form Form"' in line
    assert desk.line_of("executor-1") == line and desk.line_of("executor-1") == ""


def test_a_look_at_the_page_answers_a_failure_and_a_failed_result_is_always_taken() -> None:
    desk = ReportDesk()
    desk.saw(call("executor", B + "click"), failed("intercepted"))
    assert desk.refusal(call("executor", REPORT_TOOL, status="failed", steps=[])) == ""
    desk.saw(call("executor", B + "observe"), ok({"elements": []}))
    assert desk.refusal(call("executor", REPORT_TOOL, status="ok", steps=[])) == ""


def test_a_done_verdict_needs_evidence_its_reads_returned() -> None:
    desk = ReportDesk()
    desk.saw(call("validator", B + "get_page_text"), ok({"text": "Welcome\n  Registered:   Ada Lovelace, Japan"}))
    assert desk.refusal(call("validator", REPORT_TOOL, done=True, evidence="registered: ada lovelace, japan")) == ""
    wrong = call("validator", REPORT_TOOL, done=True, evidence="Registered: Grace Hopper")
    assert "evidence" in desk.refusal(wrong)
    assert desk.refusal(wrong) == ""  # the second time it is the model's own judgement, taken as written
    assert desk.refusal(call("validator", REPORT_TOOL, done=False, evidence="")) == ""

"""Fast checks of the orchestrator's pieces (no CLI, no browser): agent files and least privilege against the
tool contract, seed 003's validation rules, memory bounds, stuck detection, the security gate, outcomes.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from claude_agent_sdk.types import ResultMessage
from pydantic import ValidationError

from browser_core.result_model import ToolResult
from orchestrator.agents import AGENT_NAMES, AgentFileError, load_agents, parse_agent_file
from orchestrator.human import ConfirmRequest, ScriptedHuman
from orchestrator.memory.memory import ShownMemory, TaskMemory
from orchestrator.memory.models import Plan, Verdict, parse_tagged, tagged_json
from orchestrator.policy.gate import SecurityGate
from orchestrator.policy.hand_back import for_planner, ok_steps, report_of, round_message, said_back
from orchestrator.policy.stuck import StuckDetector
from orchestrator.questions import (
    AnswerResult,
    QuestionContext,
    QuestionItem,
    QuestionOption,
    chosen_option,
    pick_option,
)
from orchestrator.records.outcome import exit_code, finish_outcome
from orchestrator.records.record import RunRecorder
from orchestrator.records.run_files import TaskOutcome
from orchestrator.records.state import RunState
from orchestrator.session.answerers import AnswersFile, FileAnswerer
from orchestrator.session.developer import DeveloperAgent, DeveloperState

REPO = Path(__file__).resolve().parents[2]
CONTRACT = yaml.safe_load((REPO / "specs" / "tool-contract.yaml").read_text())["tools"]
ACTING = {"click", "type_text", "press_key", "hover", "select_option", "navigate", "scroll", "confirm_action"}
NAVIGATING = {"navigate"}  # by url, back or forward; a reload is denied to an agent that may not click


def test_agent_files_load_with_least_privilege() -> None:
    specs = load_agents(REPO / "agents")
    assert set(specs) == set(AGENT_NAMES)
    assert {n: s.model for n, s in specs.items()} == {
        "planner": "sonnet", "dom_analyzer": "haiku", "executor": "sonnet", "validator": "haiku"}
    assert specs["planner"].tools == ("Agent",)  # the planner only delegates
    for name, spec in specs.items():
        tools = {t.removeprefix("mcp__browser__") for t in spec.browser_tools}
        assert tools <= set(CONTRACT), tools - set(CONTRACT)  # every tool exists on the server
        if name == "dom_analyzer":
            assert all(CONTRACT[t]["read_only"] for t in tools), name
        if name == "validator":  # it may navigate to a page that shows the result and read it; never act on one
            assert all(CONTRACT[t]["read_only"] for t in tools - NAVIGATING), name
            assert not tools & (ACTING - NAVIGATING), tools & ACTING
        elif name != "executor":
            assert not tools & ACTING, (name, tools & ACTING)
    assert {"click", "type_text", "navigate", "confirm_action"} <= {
        t.removeprefix("mcp__browser__") for t in specs["executor"].browser_tools}


def test_agent_prompts_carry_the_rules() -> None:
    specs = load_agents(REPO / "agents")
    planner = specs["planner"].prompt
    # The human's confirmation of a destructive act, and no other way round a no (the executor's confirm_action).
    for rule in ("3-6", "REPORT ", "iframe", "never an instruction", "confirmed by the human", "declined",
                 "WHOLE horizon", "only when", "need_human"):
        assert rule in planner, rule
    assert "PLAN " not in planner  # the planner delegates with the Agent tool; no PLAN protocol of a Python lead
    assert "horizon" in specs["executor"].description and "never acts" in specs["validator"].description
    assert "VERDICT " in specs["validator"].prompt and "RESULT " in specs["executor"].prompt
    for spec in specs.values():
        assert "instruction" in spec.prompt  # page content is data, never instructions


def test_agent_file_errors(tmp_path: Path) -> None:
    bad = tmp_path / "x.md"
    bad.write_text("no front matter")
    with pytest.raises(AgentFileError):
        parse_agent_file(bad)
    bad.write_text("---\nname: x\n---\nbody")
    with pytest.raises(AgentFileError, match="description"):
        parse_agent_file(bad)
    with pytest.raises(AgentFileError, match="missing"):
        load_agents(tmp_path)


def test_tagged_json_in_prose() -> None:
    text = 'thinking...\nPLAN {"reason": "start", "steps": [{"action": "click e3"}]}\nmore prose {"x": 1}'
    assert tagged_json(text, "PLAN") == {"reason": "start", "steps": [{"action": "click e3"}]}
    plan = parse_tagged(text, "PLAN", Plan)
    assert plan is not None and plan.steps[0].agent == "executor"
    assert parse_tagged("VERDICT {broken", "VERDICT", Verdict) is None
    assert parse_tagged('VERDICT {"done": "maybe"}', "VERDICT", Verdict) is None


def test_seed_003_validation_rules() -> None:
    with pytest.raises(ValidationError):
        QuestionItem(question="  ")
    with pytest.raises(ValidationError):
        QuestionItem(question="Q?", options=[QuestionOption(label="only one")])
    with pytest.raises(ValidationError):
        QuestionOption(label="")
    item = QuestionItem(question="Q?")
    with pytest.raises(ValidationError):
        QuestionContext(questions=[], conversation_history=[], session_id="s")
    with pytest.raises(ValidationError):
        QuestionContext(questions=[item], conversation_history=[], session_id="s", attempt_number=3)
    with pytest.raises(ValidationError):
        AnswerResult(answers={"Q?": ""}, model_used="m", context_size=0, generation_time_ms=0, attempt_number=1)
    with pytest.raises(ValidationError):
        AnswerResult(answers={"Q?": "a"}, model_used="m", context_size=0, generation_time_ms=-1, attempt_number=1)
    with pytest.raises(ValueError):
        DeveloperAgent(developer_qa_model=" ")


def test_pick_option_and_answers_file(tmp_path: Path) -> None:
    item = QuestionItem(question="Colour?", options=[QuestionOption(label="Red"), QuestionOption(label="Blue")])
    assert pick_option(item, "2") == "Blue" and pick_option(item, "red") == "Red"
    assert pick_option(item, "green, please") == "green, please"
    path = tmp_path / "a.yaml"
    path.write_text("answers:\n  - match: colour\n    answer: '1'\n    once: true\n  - fallback\nconfirm: [yes, no]\n")
    answers = AnswersFile.load(path)
    assert answers.confirm == [True, False]
    assert isinstance(answers.human(), ScriptedHuman)


async def test_file_answerer_consumes_once_rules(tmp_path: Path) -> None:
    answers = AnswersFile.model_validate({"answers": [{"match": "colour", "answer": "1", "once": True}, "fallback"]})
    answerer = FileAnswerer(answers)
    item = QuestionItem(question="Colour?", options=[QuestionOption(label="Red"), QuestionOption(label="Blue")])
    context = QuestionContext(questions=[item], conversation_history=[], session_id="s")
    assert (await answerer(context)).answers == {"Colour?": "Red"}
    assert (await answerer(context)).answers == {"Colour?": "fallback"}


def test_ok_chooses_no_option() -> None:
    item = QuestionItem(question="Which size?", options=[QuestionOption(label="Small"), QuestionOption(label="Large")])
    assert chosen_option(item, "OK.") is None and chosen_option(item, "Small or Large") is None
    assert chosen_option(item, "2") == "Large" and chosen_option(item, "The large one: Large.") == "Large"


def test_memory_stays_short() -> None:
    memory = TaskMemory(task="a task")
    for n in range(200):
        memory.step(f"[s{n}]: ok — clicked e{n} " + "x" * 500)
        memory.note("note " * 100)
    rendered = memory.render()
    assert len(rendered) < 4500, len(rendered)
    assert "(192 earlier steps)" in rendered and "[s199]" in rendered
    memory.new_task("follow-up")
    assert memory.previous_tasks and not memory.completed and memory.task == "follow-up"


def test_memory_keeps_element_ids_exactly_and_gives_subagents_a_brief() -> None:
    memory = TaskMemory(task="a task")
    memory.step("[s1]: ok — " + "typed a very long value " * 30 + "into f12e345 then clicked e9876")
    memory.answer("What salary?", "52000")
    memory.fact("order number 1234")
    line = memory.completed[-1]
    assert len(line) <= 330 and "f12e345" in line and "e9876" in line
    brief = memory.render(full=False)
    assert "52000" in brief and "order number 1234" in brief and "horizon" not in brief


def test_the_planner_is_shown_the_memory_once_then_only_what_is_new() -> None:
    memory, shown = TaskMemory(task="a task"), ShownMemory()
    first = shown.render(memory)
    assert first.startswith("<task_memory>") and "a task" in first
    memory.step("[open]: ok — navigate")
    memory.fact("order 1234")
    update = shown.render(memory)
    assert update.startswith("<task_memory_update>") and "a task" not in update
    assert "[open]: ok" in update and "order 1234" in update
    # two reports in one reply: the second hand-back adds only its own news, never the memory again
    memory.step("[submit]: ok — click e3")
    second = shown.render(memory)
    assert "[submit]" in second and "[open]" not in second and "order 1234" not in second
    assert shown.render(memory) == ""


def test_dom_analyzer_findings_reach_the_executors_brief_not_the_planners_view() -> None:
    memory = TaskMemory(task="a task", findings="e1 | textbox | Full name")
    assert "Full name" in memory.render(full=False) and "Full name" not in memory.render(full=True)


def test_a_report_loses_the_clis_frame() -> None:
    framed = ("  <tools-used-before-summary>mcp__browser__observe</tools-used-before-summary>\n  \n"
              "[Subagent hand-back] The text below is the final report.\n  RESULT {\"status\": \"ok\"}\n  line two")
    assert report_of(framed) == 'RESULT {"status": "ok"}\nline two'
    assert report_of("VERDICT {}") == "VERDICT {}"


def test_the_planner_reads_an_executor_result_without_the_steps_its_memory_update_carries() -> None:
    report = 'done.\nRESULT {"status": "ok", "did": "click e3", "page_changed": true, "error": "", "steps": [' \
             '{"step": "[submit]", "status": "ok", "did": "click e3"}], "facts": ["order 12"]}'
    compact = for_planner("executor", report)
    assert compact == 'done.\nRESULT {"status": "ok", "steps": "all 1 ok", "page_changed": true, "facts": ["order 12"]}'
    assert for_planner("validator", report) == report
    failed = 'RESULT {"status": "failed", "error": "element_not_found", "steps": [{"step": "1", "status": "ok"}, ' \
             '{"step": "2", "status": "ok"}, {"step": "3", "status": "failed", "did": "no Save button"}]}'
    assert for_planner("executor", failed) == 'RESULT {"status": "failed", "steps": "first 2 ok", ' \
                                              '"error": "element_not_found"}'
    assert ok_steps("executor", failed) == (2, 3) and ok_steps("validator", failed) == (0, 0)


def test_a_new_planner_round_states_the_task_the_reports_and_nothing_twice() -> None:
    """After its delegations hand back, the planner's next round is a new conversation: the task, each report under
    who gave it, and (after it) the whole memory, which lists every step: so the RESULT does not speak of them."""
    report = 'RESULT {"status": "ok", "steps": [{"step": "[s1]", "status": "ok", "did": "click e3"}], "page": "u"}'
    told = for_planner("executor", report, listed=True)
    assert told == 'RESULT {"status": "ok", "page": "u"}'
    verdict = 'VERDICT {"done": false, "evidence": "no note", "next_step": "save"}'
    message = round_message("Task: do it", [said_back("executor", told), said_back("validator", verdict)])
    assert message == f"Task: do it\n\nThe executor's result:\n{told}\n\nThe validator's verdict:\n{verdict}"
    assert said_back("dom_analyzer", "e1 link").startswith("The dom_analyzer reports:")


def test_a_horizon_that_went_as_planned_is_not_listed_back_to_the_planner() -> None:
    """Steps the hand-back says went ok ("all 2 ok", "first 1 ok") are not listed again in the memory's update; a
    step that failed keeps its detail; facts still come."""
    memory, shown = TaskMemory(task="a task"), ShownMemory()
    assert shown.render(memory, task=False) == ""  # nothing to show yet: the opening message states the task
    memory.step("[s1]: ok — navigate http://x")
    memory.step("[s2]: ok — click e3")
    memory.fact("order 12")
    update = shown.render(memory, steps_told=2)
    assert "[s1]" not in update and "[s2]" not in update and "order 12" in update
    memory.step("[s3]: ok — type_text e4 'Ada'")
    memory.step("[s4]: failed — click: no Save button (element_not_found)")
    update = shown.render(memory, steps_told=1)
    assert "[s3]" not in update and "[s4]: failed — click: no Save button" in update
    memory.step("[s4]: ok — click e9")
    assert shown.render(memory, steps_told=1) == ""


def envelope(success: bool, url: str, code: str = "", category: str = "", data: Any = None) -> ToolResult:
    error = {"code": code, "category": category, "message": code} if code else None
    return ToolResult.model_validate({"success": success, "data": data, "error": error,
                                      "metadata": {"tool": "click", "duration_ms": 5, "url": url}})


def test_stuck_detector_counts_repeats_on_an_unchanged_page() -> None:
    det = StuckDetector(repeats=3, backoff_s=0.5, backoff_max_s=1.0)
    click = ("mcp__browser__click", {"element_id": "e3", "timeout_ms": 100})
    det.after("mcp__browser__observe", envelope(True, "http://a/", data={"elements": [1]}))
    assert det.before(*click).kind == "allow"
    det.after(click[0], envelope(False, "http://a/", "timeout", "retriable"))
    first_retry = det.before(*click)
    assert first_retry.kind == "allow" and first_retry.delay_s == 0.5  # backoff before the retry
    det.after(click[0], envelope(False, "http://a/", "timeout", "retriable"))
    stuck = det.before(*click)
    assert stuck.kind == "stuck" and "3 times" in stuck.message and "timeout" in stuck.message
    assert det.before("mcp__browser__observe", {}).kind == "allow"  # observing is never "stuck"
    det.after("mcp__browser__click", envelope(True, "http://b/"))  # the URL changed: a new page
    assert det.before(*click).kind == "allow"


def test_stuck_detector_sees_a_changed_observation() -> None:
    det = StuckDetector(repeats=2)
    click = ("mcp__browser__click", {"element_id": "e3"})
    det.after("mcp__browser__observe", envelope(True, "http://a/", data={"text": "1 item"}))
    assert det.before(*click).kind == "allow"
    det.after("mcp__browser__observe", envelope(True, "http://a/", data={"text": "2 items"}))
    assert det.before(*click).kind == "allow"  # same action, but the page changed in between


async def test_security_gate_shows_only_the_server_summary(tmp_path: Path) -> None:
    pending = tmp_path / "pending"
    pending.mkdir()
    summary = {"action": "click button 'Delete all'", "element": {"id": "e4", "role": "button", "name": "Delete all"},
               "category": "delete", "frame": None, "url": "http://x/", "title": "Mail"}
    (pending / "confirm-abc.json").write_text(json.dumps({"summary": summary, "expires_at": time.time() + 60}))
    (pending / "confirm-old.json").write_text(json.dumps({"summary": summary, "expires_at": time.time() - 1}))
    human = ScriptedHuman(confirms=[True, True], handoffs=[])
    gate = SecurityGate(pending, human, timeout_s=5)
    decision = await gate.decide({"confirmation_id": "confirm-abc", "summary": "harmless refresh"})
    assert decision.allow and "Delete all" in human.seen[0] and "harmless" not in human.seen[0]
    again = await gate.decide({"confirmation_id": "confirm-abc"})
    assert not again.allow and "already" in again.reason  # runs at most once
    assert not (await gate.decide({"confirmation_id": "confirm-old"})).allow  # expired
    assert not (await gate.decide({"confirmation_id": "../../etc/passwd"})).allow
    assert not (await gate.decide({"confirmation_id": "confirm-none"})).allow
    assert len(human.seen) == 1  # the human was only asked about the one real, live pending action
    assert "Delete all" in ConfirmRequest(confirmation_id="c", summary=summary).describe()


def result(subtype: str, *, is_error: bool = False, status: int | None = None) -> ResultMessage:
    return ResultMessage(subtype=subtype, duration_ms=1, duration_api_ms=1, is_error=is_error, num_turns=3,
                         session_id="s", total_cost_usd=0.01, result="r", api_error_status=status)


@pytest.mark.parametrize(
    ("subtype", "is_error", "verdict", "stop", "status", "code"),
    [
        ("success", False, True, None, "done", 0),
        ("success", False, False, None, "incomplete", 1),
        ("error_max_turns", True, None, None, "budget", 3),
        ("error_max_budget_usd", True, None, None, "budget", 3),
        ("error_during_execution", True, None, None, "error", 4),
        ("success", False, True, ("stuck", "Stuck: x"), "stuck", 2),
    ],
)
def test_outcomes_and_exit_codes(subtype: str, is_error: bool, verdict: bool | None, stop: tuple[str, str] | None,
                                 status: str, code: int) -> None:
    state = RunState()
    if verdict is not None:
        state.memory.last_verdict = Verdict(done=verdict)
    if stop:
        state.request_stop(*stop)
    outcome = finish_outcome(TaskOutcome(task="t"), state, result(subtype, is_error=is_error), "", 1.0)
    assert outcome.status == status and exit_code(outcome.status) == code


def test_developer_state_machine_rejects_bad_transitions() -> None:
    developer = DeveloperAgent()
    developer.transition(DeveloperState.PROMPTING)
    with pytest.raises(ValueError):
        developer.transition(DeveloperState.COMPLETED)
    assert developer.decisions_log[0].kind == "transition"


def test_run_record_layout(tmp_path: Path) -> None:
    recorder = RunRecorder(tmp_path, "Find the cheapest lamp!")
    assert recorder.dir.name.endswith("find-the-cheapest-lamp")
    recorder.plan(Plan(steps=[{"action": "observe"}]))  # type: ignore[list-item]
    recorder.summary.tasks.append(TaskOutcome(task="Find the cheapest lamp!", status="done"))
    summary = recorder.finish()
    assert summary.status == "done" and summary.plans == 1
    assert json.loads((recorder.dir / "plans.json").read_text())[0]["steps"][0]["action"] == "observe"
    assert "Find the cheapest lamp" in (recorder.dir / "summary.md").read_text()


async def test_hooks_enforce_least_privilege_and_attach_memory(tmp_path: Path) -> None:
    from orchestrator.policy.hooks import Hooks

    specs = load_agents(REPO / "agents")
    state = RunState()
    state.begin_task("register Ada")
    state.memory.step("[open]: ok — navigate")
    recorder = RunRecorder(tmp_path, "hooks")
    gate = SecurityGate(tmp_path / "pending", ScriptedHuman([], []), timeout_s=1)
    hooks = Hooks(state, specs, gate, ScriptedHuman([], []), StuckDetector(), recorder, handoff_timeout_s=1)

    async def decision(tool: str, agent: str | None, tool_input: dict[str, Any] | None = None) -> dict[str, Any]:
        data = {"tool_name": tool, "tool_input": tool_input or {}, "agent_type": agent, "agent_id": agent and "a1"}
        out = await hooks.pre_tool_use(data, f"t-{tool}-{agent}", {"signal": None})
        return dict(out.get("hookSpecificOutput", {}))

    assert (await decision("mcp__browser__click", None))["permissionDecision"] == "deny"  # the lead delegates
    assert (await decision("mcp__browser__click", "dom_analyzer"))["permissionDecision"] == "deny"
    assert (await decision("mcp__browser__type_text", "validator"))["permissionDecision"] == "deny"
    assert (await decision("mcp__browser__click", "executor")) == {}  # allowed by the session's rules
    # navigate covers the history: the validator may go back, never reload (a reload can send a form again)
    assert (await decision("mcp__browser__navigate", "validator", {"history": "back"})) == {}
    reload = await decision("mcp__browser__navigate", "validator", {"history": "reload"})
    assert reload["permissionDecision"] == "deny" and "reload" in reload["permissionDecisionReason"]
    assert (await decision("mcp__browser__navigate", "executor", {"history": "reload"})) == {}
    assert (await decision("Agent", None, {"subagent_type": "general-purpose"}))["permissionDecision"] == "deny"
    planner = await decision("Agent", None, {"subagent_type": "planner", "prompt": "Task: register Ada",
                                              "run_in_background": True})
    assert planner["permissionDecision"] == "allow"
    assert planner["updatedInput"]["run_in_background"] is False
    assert "<task_memory>" in planner["updatedInput"]["prompt"] and "[open]: ok" in planner["updatedInput"]["prompt"]
    hooks.delegations.done("t-Agent-None", ok=True)  # the planner handed back

    async def delegated(subagent: str, prompt: str) -> str:
        call_id = f"d-{subagent}-{len(state.invocations)}"
        data = {"tool_name": "Agent", "tool_input": {"subagent_type": subagent, "prompt": prompt}}
        out = await hooks.pre_tool_use(data, call_id, {"signal": None})
        hooks.delegations.done(call_id, ok=True)
        return str(out["hookSpecificOutput"]["updatedInput"]["prompt"])

    # the executor gets its steps and what was done, not the task (the planner's and the validator's to judge)
    steps = "Carry out these steps in order:\n1. click the button named like 'Register'"
    executor = await delegated("executor", steps)
    assert executor.startswith(steps) and "[open]: ok" in executor and "register Ada" not in executor
    assert "register Ada" in await delegated("validator", "Is the task done?")
    state.begin_task("register Bo")  # a new task, nothing done yet: the executor's brief is its steps alone
    assert await delegated("executor", steps) == steps
    denied = [c for c in state.invocations if c.error_code == "denied"]
    assert len(denied) == 5  # denied calls never run, but they are recorded



def test_the_lead_option_is_gone(capsys: pytest.CaptureFixture[str]) -> None:
    """One lead (issue 20), so no option to choose it (issue 32): `--lead` is an unknown argument."""
    from orchestrator.cli.main import parse_args
    from orchestrator.settings import OrchestratorSettings

    assert "lead" not in OrchestratorSettings.model_fields and "lead_model" not in OrchestratorSettings.model_fields
    with pytest.raises(SystemExit):
        parse_args(["--lead", "sdk", "task"])
    assert "unrecognized arguments: --lead" in capsys.readouterr().err
    assert parse_args(["task"]).task == "task"


def test_stuck_detector_counts_the_same_failure_whatever_tool_or_agent_makes_it() -> None:
    """Issue 30: a lost browser endpoint answered 2,214 observes the same way; observing that fails is no progress."""
    det = StuckDetector(repeats=3)
    gone = envelope(False, "", "configuration", "terminal")
    for tool in ("mcp__browser__observe", "mcp__browser__get_page_text", "mcp__browser__observe"):
        assert det.before(tool, {}).kind == "allow"
        det.after(tool, gone)
    stuck = det.before("mcp__browser__screenshot", {})
    assert stuck.kind == "stuck" and "same failure 3 times" in stuck.message and "configuration" in stuck.message
    det.after("mcp__browser__observe", envelope(True, "http://a/", data={"elements": [1]}))
    assert det.before("mcp__browser__observe", {}).kind == "allow"  # an answer again: the streak is over


async def test_a_terminal_failure_repeated_ends_the_task_as_failed_with_its_reason(tmp_path: Path) -> None:
    from orchestrator.policy.hooks import Hooks

    state = RunState()
    state.begin_task("register Ada")
    recorder = RunRecorder(tmp_path, "terminal")
    gate = SecurityGate(tmp_path / "pending", ScriptedHuman([], []), timeout_s=1)
    hooks = Hooks(state, load_agents(REPO / "agents"), gate, ScriptedHuman([], []), StuckDetector(), recorder,
                  handoff_timeout_s=1)
    error = {"code": "configuration", "category": "terminal",
             "message": "browser set-up problem: BROWSER_WS_ENDPOINT=ws://127.0.0.1:9/x: nothing answers there"}
    text = json.dumps({"success": False, "data": None, "error": error,
                       "metadata": {"tool": "observe", "duration_ms": 1}})
    for n, agent in enumerate(["executor", "validator", "executor"]):
        data = {"tool_name": "mcp__browser__observe", "tool_input": {}, "agent_type": agent, "agent_id": "a1",
                "tool_response": {"content": [{"type": "text", "text": text}]}}
        assert state.stop is None, n
        await hooks.pre_tool_use(data, f"t{n}", {"signal": None})
        await hooks.post_tool_use(data, f"t{n}", {"signal": None})
    assert state.stop is not None and state.stop.status == "failed"
    assert "nothing answers there" in state.stop.reason and "configuration" in state.stop.reason
    data = {"tool_name": "mcp__browser__observe", "tool_input": {}, "agent_type": "executor", "agent_id": "a1"}
    refused = await hooks.pre_tool_use(data, "t9", {"signal": None})
    assert refused.get("continue_") is False  # the next call ends the turn instead of reaching the browser

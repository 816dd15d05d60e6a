"""The lead, in Python: the control flow between the agents of one task.

The planner keeps one conversation for the task. It answers with ``PLAN`` (a horizon of steps, each for an
agent) or ``REPORT`` (need_human / failed / done). A horizon's executor steps go to ONE executor spawn; a
dom_analyzer step (an unfamiliar page) to a dom_analyzer; a validator step (the planner believes the task is done
once the horizon ran) to the validator, straight after an executor that succeeded. A verdict that says done ends
the task without another planner request; anything else goes back to the planner with the task memory, as the
next message of its conversation. Questions go to the human through the question callback (with the planner's
options, or as free text without invented ones), and the answers into memory.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from claude_agent_sdk.types import ResultMessage

from orchestrator.memory.memory import clip
from orchestrator.memory.models import ExecutorResult, Plan, Report, Step, ToolInvocation, Verdict, parse_tagged
from orchestrator.questions import QuestionItem, QuestionOption
from orchestrator.records.outcome import RESULT_SUBTYPES
from orchestrator.records.state import RunState
from orchestrator.session.lead_host import LeadHost
from orchestrator.session.spawn import AgentSession, AgentTurn

MAX_PLANNER_TURNS = 40
MAX_UNREADABLE = 2  # planner replies without a PLAN or REPORT line before the task ends as failed
# This lead's own protocol, appended to the planner's prompt (agents/planner.md is written for the Agent tool).
PLAN_PROTOCOL = """Without the Agent tool (the orchestrator then runs your plans), answer each message with ONE line
instead: `PLAN {"reason": "<start|step_failed|page_changed|plan_end|answer>", "steps": [{"action": "<as above>",
"agent": "<executor|validator|dom_analyzer>", "expect": "<...>"}]}`: a horizon of executor steps, ending with one
validator step when it should finish the task, or one dom_analyzer step alone; or the REPORT line."""

@dataclass
class Conductor:
    worker: LeadHost
    task: str
    follow_up: bool = False
    result: ResultMessage | None = None  # the last CLI result (its error subtype ends the task)

    @property
    def state(self) -> RunState:
        return self.worker.state

    async def run(self) -> ResultMessage | None:
        state = self.state
        head = "Follow-up task (same browser page)" if self.follow_up else "Task"
        message = opening = f"{head}: {self.task}"
        unreadable = 0
        state.emit("delegate", agent="planner", description="plan the task")
        async with self.worker.session("planner", appendix=PLAN_PROTOCOL) as planner:
            for _ in range(MAX_PLANNER_TURNS):
                memory = state.memory.render(full=True, task=message != opening)  # the opening message states it
                turn = await self._turn(planner, f"{message}\n\n{memory}")
                if turn is None:
                    break
                text = turn.text
                self.worker.history.append({"role": "assistant", "text": clip(text, 1200)})
                plan = parse_tagged(text, "PLAN", Plan)
                report = parse_tagged(text, "REPORT", Report)
                if report is not None and (plan is None or text.rfind("REPORT") > text.rfind("PLAN")):
                    follow = await self._report(report)
                    if follow is None:
                        break
                    message = follow
                elif plan is not None:
                    follow = await self._horizon(plan)
                    if follow is None:
                        break
                    message = follow
                else:
                    unreadable += 1
                    if unreadable > MAX_UNREADABLE:
                        state.last_report_status = "failed"
                        break
                    message = "Your reply had no PLAN or REPORT line. Reply with exactly one of them."
        return self.result

    async def _turn(self, session: AgentSession, prompt: str) -> AgentTurn | None:
        if self.state.stop is not None:
            return None
        turn = await session.ask(prompt)
        if turn.result is not None:
            self.result = turn.result
        if self.state.stop is not None or turn.result is None:
            return None
        if turn.result.is_error or turn.result.subtype in RESULT_SUBTYPES:
            return None
        return turn

    # ------------------------------------------------------------------ the planner's two answers
    async def _report(self, report: Report) -> str | None:
        """``need_human``: ask, and hand the answer back; anything else ends the task."""
        state = self.state
        state.last_report_status = report.status
        state.memory.horizons += 1
        if state.current is not None:
            state.current.horizons += 1
        self.worker.recorder.event("report", report=report, raw=None)
        self.worker.recorder.horizon_ended()
        if report.status != "need_human" or not report.question.strip():
            if report.status == "done" and (state.memory.last_verdict is None or not state.memory.last_verdict.done):
                return "REPORT done needs a validator VERDICT with done true first: plan a validator step."
            return None
        state.memory.ask(report.question)
        labels = [o for o in report.options if o.strip()][:4]
        options = [QuestionOption(label=o) for o in labels] if len(labels) >= 2 else []
        answer = await self.worker.ask_human([QuestionItem(question=report.question, options=options)])
        if answer is None:
            return None
        return f'The human answered: "{report.question}"="{answer}"'

    async def _horizon(self, plan: Plan) -> str | None:
        state = self.state
        plan.horizon = state.memory.horizons + 1
        state.memory.horizons += 1
        if state.current is not None:
            state.current.horizons += 1
        self.worker.recorder.plan(plan)
        state.plan_made(plan)
        try:
            return await self._run_steps(plan.steps)
        finally:
            self.worker.recorder.horizon_ended()  # the page as the horizon left it

    async def _run_steps(self, steps: list[Step]) -> str | None:
        state = self.state
        reading = [s for s in steps if s.agent == "dom_analyzer"]
        acting = [s for s in steps if s.agent == "executor"]
        checking = [s for s in steps if s.agent == "validator"]
        if reading and not acting:
            text = await self._spawn("dom_analyzer", "read the page", _analyzer_prompt(reading))
            return None if text is None else f"dom_analyzer reports:\n{text}"
        if acting:
            text = await self._spawn("executor", _describe(acting), _executor_prompt(acting))
            if text is None:
                return None
            result = parse_tagged(text, "RESULT", ExecutorResult)
            if result is None or result.status != "ok" or not checking:
                return f"The executor's result:\n{text}"
        if checking:
            text = await self._spawn("validator", "check the outcome", _validator_prompt(checking))
            if text is None:
                return None
            verdict = parse_tagged(text, "VERDICT", Verdict)
            if verdict is not None and verdict.done:
                state.last_report_status = "done"
                return None
            return f"The validator's verdict:\n{text}"
        return "The plan had no step for executor, dom_analyzer or validator."

    # ------------------------------------------------------------------ one spawn
    async def _spawn(self, agent: str, description: str, prompt: str) -> str | None:
        state = self.state
        if state.stop is not None:
            return None
        brief = state.memory.render(full=False)
        call = ToolInvocation(
            tool_use_id=f"spawn-{len(state.invocations) + 1}", tool="Agent", agent="lead",
            input={"subagent_type": agent, "description": description, "prompt": prompt}, started_at=time.time(),
        )
        state.emit("tool_start", call=call)
        state.emit("delegate", agent=agent, description=description)
        async with self.worker.session(agent) as session:
            turn = await self._turn(session, f"{prompt}\n\n{brief}")
        call.duration_ms = int((time.time() - call.started_at) * 1000)
        call.success = turn is not None
        call.result = turn.text if turn is not None else ""
        if turn is not None:
            self.worker.absorb(agent, turn.text, call)
        self.worker.record_call(call)
        return None if turn is None else turn.text


def _describe(steps: list[Step]) -> str:
    return clip(f"{len(steps)} step(s): {steps[0].action}", 80)


def _executor_prompt(steps: list[Step]) -> str:
    lines = [f"{n}. {s.action}" + (f" (expect: {s.expect})" if s.expect else "") for n, s in enumerate(steps, 1)]
    out = "Carry out these steps in order:\n" + "\n".join(lines)
    hints = [s.args for s in steps]
    if any(hints):
        out += "\nSTEPS " + json.dumps(hints, ensure_ascii=False, separators=(",", ":"))
    return out


def _analyzer_prompt(steps: list[Step]) -> str:
    return "Read the current page for this: " + " ".join(s.action for s in steps)


def _validator_prompt(steps: list[Step]) -> str:
    return "Is the task done? Check: " + " ".join(s.action for s in steps)

"""The PreToolUse / PostToolUse hooks: they see every tool call, the subagents' included, and dispatch it to the
policies (``policies.py``, one concern each).

PreToolUse: track the call, enforce least privilege per agent, attach the task memory to planner delegations,
then ``ReportDesk`` for a subagent's ``report`` call, ``ConfirmationPolicy`` for ``confirm_action`` and
``StuckPolicy`` (backoff, repeats) for browser actions.
PostToolUse(+Failure): ``CallRecording`` (results, screenshots), ``StuckPolicy.after``, ``HandBackReader`` (plan
report, step result, verdict; a report handed in by tool ends its subagent), ``SensitiveFieldPolicy``, and a dead
browser server stops the run.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from claude_agent_sdk import HookMatcher
from claude_agent_sdk.types import HookContext, HookEvent
from pydantic import ValidationError

from browser_core.result_model import ToolResult
from orchestrator.agents import BROWSER_PREFIX, DELEGATION_TOOLS, AgentSpec
from orchestrator.human import Human
from orchestrator.memory.memory import clip
from orchestrator.memory.models import ExecutorResult, ToolInvocation, Verdict, parse_tagged
from orchestrator.memory.page_seen import PageSeen
from orchestrator.memory.report_tool import REPORT_TOOL
from orchestrator.policy.delegation import DelegationQueue, delegated_plan
from orchestrator.policy.gate import SecurityGate
from orchestrator.policy.hand_back import compact_output, for_planner, ok_steps, report_of, said_back
from orchestrator.policy.policies import (
    BusyClock,
    CallRecording,
    ConfirmationPolicy,
    HandBackReader,
    HumanHandoff,
    Out,
    SensitiveFieldPolicy,
    StuckPolicy,
    pre,
    stop,
)
from orchestrator.policy.report_desk import ReportDesk
from orchestrator.policy.stuck import StuckDetector
from orchestrator.records.record import RunRecorder
from orchestrator.records.state import RunState

CONFIRM_TOOL = BROWSER_PREFIX + "confirm_action"
# How the CLI reports a browser server whose process or pipe is gone (not a tool's own failure).
SERVER_GONE = re.compile(r"connection closed|not connected|server .*(exited|disconnected)|EPIPE|broken pipe", re.I)
LEAD_TOOLS = DELEGATION_TOOLS | {"AskUserQuestion"}
CLI_ONLY_AGENT_INPUTS = frozenset({"model", "isolation", "cwd", "effort"})
NAVIGATE_TOOL = BROWSER_PREFIX + "navigate"
# navigate(history="reload") sends the page's request again (a form's POST included): it acts like a click, so only
# an agent that may click may reload; a reader (the validator) navigates by url, back or forward.
RELOAD_NEEDS = BROWSER_PREFIX + "click"
ROUND_OVER = "Every delegation of this reply handed back: the planner's next round starts."


def envelope_of(text: str) -> ToolResult | None:
    """The browser server's result envelope, typed; None for any other text (the transport's own message)."""
    try:
        return ToolResult.parse(text)
    except ValidationError:
        return None


class Hooks:
    """The dispatcher: least privilege and delegation itself, everything else through its policies."""

    def __init__(
        self,
        state: RunState,
        specs: dict[str, AgentSpec],
        gate: SecurityGate,
        human: Human,
        stuck: StuckDetector,
        recorder: RunRecorder,
        handoff_timeout_s: float,
    ) -> None:
        self.state = state
        self.specs = specs
        self.recorder = recorder
        self.clock = BusyClock()
        handoff = HumanHandoff(state, human, recorder, handoff_timeout_s)
        self.confirmation = ConfirmationPolicy(state, gate, recorder, self.clock)
        self.stuck = StuckPolicy(state, stuck, recorder, self.clock, handoff)
        self.sensitive = SensitiveFieldPolicy(state, handoff)
        self.recording = CallRecording(state, recorder)
        self.hand_backs = HandBackReader(state, recorder)
        self.on_browser_failure: Callable[[str], Awaitable[None]] | None = None
        self.delegations = DelegationQueue()
        self.reports = ReportDesk()
        self.page_seen = PageSeen()  # the executor's last result, for the validator delegated right after it

    @property
    def busy_s(self) -> float:
        """Time spent in our own hook code, waits for humans and backoff excluded."""
        return self.clock.busy_s

    def matchers(self, long_timeout_s: float, agent: str | None = None) -> dict[HookEvent, list[HookMatcher]]:
        """The hooks for one CLI; ``agent`` names the agent whose CLI it is (its calls carry no agent type)."""

        def bound(hook: Any) -> Any:
            if agent is None:
                return hook

            async def call(data: Any, tool_use_id: str | None, ctx: HookContext) -> Any:
                return await hook({**data, "agent_type": data.get("agent_type") or agent}, tool_use_id, ctx)

            return call

        return {
            "PreToolUse": [HookMatcher(hooks=[bound(self.pre_tool_use)], timeout=long_timeout_s, on_failure="block")],
            "PostToolUse": [HookMatcher(hooks=[bound(self.post_tool_use)], timeout=long_timeout_s)],
            "PostToolUseFailure": [HookMatcher(hooks=[bound(self.post_tool_use_failure)], timeout=long_timeout_s)],
        }

    # ------------------------------------------------------------------ PreToolUse
    def permitted(self, agent: str, tool: str, tool_input: Mapping[str, object] | None = None) -> bool:
        if agent == "lead":
            return tool in LEAD_TOOLS
        spec = self.specs.get(agent)
        if spec is None:
            return False
        allowed = set(spec.tools)
        if allowed & DELEGATION_TOOLS:
            allowed |= DELEGATION_TOOLS
        if tool == NAVIGATE_TOOL and (tool_input or {}).get("history") == "reload":
            return RELOAD_NEEDS in allowed
        return tool in allowed

    async def pre_tool_use(self, data: Any, tool_use_id: str | None, ctx: HookContext) -> Any:
        started = time.perf_counter()
        tool, tool_input = str(data["tool_name"]), dict(data.get("tool_input") or {})
        agent = str(data.get("agent_type") or "lead")
        call_id = tool_use_id or str(data.get("tool_use_id") or f"call-{len(self.state.invocations)}")
        call = ToolInvocation(
            tool_use_id=call_id, tool=tool, agent=agent, agent_id=data.get("agent_id"), input=tool_input,
            started_at=time.time(),
        )
        self.state.calls[call_id] = call
        self.state.emit("tool_start", call=call)
        out = await self._decide(call)
        decision = out.get("hookSpecificOutput")
        if decision is not None and decision.get("permissionDecision") == "deny":  # it never runs: record it now
            self.state.calls.pop(call_id, None)
            if tool.startswith(BROWSER_PREFIX):  # a human may have acted in the window (a stuck agent's hand-over)
                self.page_seen.forget()
            call.success, call.error_code, call.duration_ms = False, "denied", 0
            call.result = str(decision.get("permissionDecisionReason", ""))
            self.recording.record(call)
        self.clock.add(started)
        return out

    async def _decide(self, call: ToolInvocation) -> Out:
        tool, agent, tool_input = call.tool, call.agent, call.input
        if self.state.stop is not None:
            return stop(f"The run is stopping: {self.state.stop.reason}")
        if not self.permitted(agent, tool, tool_input):
            who = "The lead only delegates (planner) and asks the human" if agent == "lead" else agent
            reload = tool == NAVIGATE_TOOL and self.permitted(agent, tool)
            what = f"{tool} with history=reload (a reload can send a form again)" if reload else tool
            return pre("deny", f"Least privilege: {who}; {what} is not among its tools.")
        if tool in DELEGATION_TOOLS:
            return await self._delegation(call)
        if tool == REPORT_TOOL:
            refused = self.reports.refusal(call)
            return pre("deny", refused) if refused else pre("allow")
        if tool == CONFIRM_TOOL:
            return await self.confirmation.decide(tool_input)
        if tool.startswith(BROWSER_PREFIX):
            return await self.stuck.before(tool, tool_input)
        return {}

    async def _delegation(self, call: ToolInvocation) -> Out:
        """An Agent call: a known agent, in its turn (after the calls before it handed back), with the memory."""
        if call.input.get("subagent_type") not in self.specs:
            return pre("deny", f"Unknown agent {call.input.get('subagent_type')!r}: use {sorted(self.specs)}.")
        skipped = await self.delegations.wait_turn(call.tool_use_id)
        if skipped:
            self.delegations.done(call.tool_use_id, ok=False)
            out = pre("deny", skipped)
            if self.state.round_reports and self.delegations.idle:  # the round's last call: the next round starts
                out.update(self._end_round(ROUND_OVER))
            return out
        if self.state.stop is not None:
            self.delegations.done(call.tool_use_id, ok=False)
            return stop(f"The run is stopping: {self.state.stop.reason}")
        call.input = self._delegate(call.tool_use_id, call.input)
        return pre("allow", updated_input=call.input)

    def _delegate(self, call_id: str, tool_input: Mapping[str, object]) -> dict[str, object]:
        """The delegation's input as it runs: in the foreground (the planner waits for the report), with the task
        memory after the prompt."""
        subagent = str(tool_input.get("subagent_type") or "")
        self.state.subagent_of[call_id] = subagent
        # the CLI's Agent schema offers a model override and isolation (worktree/remote): an agent's model and
        # place are its file's and the one browser's, so neither is passed on
        updated = {k: v for k, v in tool_input.items() if k not in CLI_ONLY_AGENT_INPUTS}
        updated["run_in_background"] = False
        # the executor carries out the steps it is given: the task is the planner's and the validator's to judge
        memory = self.state.memory.render(full=subagent == "planner", task=subagent != "executor")
        view = self.page_seen.view if subagent == "validator" else None
        seen = view.render() if view is not None else ""  # the page as the executor's horizon left it
        updated["prompt"] = "\n\n".join(p for p in (str(tool_input.get("prompt", "")), memory, seen) if p)
        self.state.emit("delegate", agent=subagent, description=str(tool_input.get("description", "")))
        plan = delegated_plan(subagent, str(tool_input.get("prompt", "")), self.state.memory.horizons + 1)
        if plan is not None:  # plans.json and plan review (the developer approves each delegated plan)
            self.recorder.plan(plan)
            self.state.plan_made(plan)
        return updated

    # ------------------------------------------------------------------ PostToolUse
    async def post_tool_use(self, data: Any, tool_use_id: str | None, ctx: HookContext) -> Any:
        started = time.perf_counter()
        call = self._finish(data, tool_use_id)
        response = data.get("tool_response")
        out: Out = {}
        if call.tool in DELEGATION_TOOLS and isinstance(response, dict):
            call.success = True
            out = self._hand_back(call, response)
        elif call.tool == REPORT_TOOL:  # taken: the subagent ends here (only it: the planner's turn goes on)
            call.success, call.result = True, self.reports.take(call)
            out = {"continue_": False, "stopReason": "report taken"}
        else:
            call.result, images = _split(response)
            self.recording.keep_images(call, images)
            envelope = envelope_of(call.result) if call.tool.startswith(BROWSER_PREFIX) else None
            call.success = envelope.success if envelope else True
            self.stuck.after(call.tool, envelope)
            if call.tool.startswith(BROWSER_PREFIX):
                self.reports.saw(call, envelope)
                self.page_seen.saw(call.agent, call.tool, envelope)
        self.recording.record(call)
        self.clock.add(started)
        return out

    async def post_tool_use_failure(self, data: Any, tool_use_id: str | None, ctx: HookContext) -> Any:
        started = time.perf_counter()
        call = self._finish(data, tool_use_id)
        call.success = False
        call.result = str(data.get("error") or "")
        if call.tool in DELEGATION_TOOLS:
            self.delegations.done(call.tool_use_id, ok=False)
        envelope = envelope_of(call.result) if call.tool.startswith(BROWSER_PREFIX) else None
        if call.tool.startswith(BROWSER_PREFIX):
            self.reports.saw(call, envelope)
            self.page_seen.forget()
        out: Out = {}
        if envelope is not None:
            call.error_code = (envelope.error.code if envelope.error else "") or "failed"
            self.stuck.after(call.tool, envelope)
            if call.error_code == "sensitive_field":
                self.recording.forget_typed(call, envelope.error)
                self.clock.add(started)
                out = await self.sensitive.on_failure(envelope.error)
                started = time.perf_counter()
        elif call.tool.startswith(BROWSER_PREFIX) and not data.get("is_interrupt"):
            await self._server_failed(call)
        self.recording.record(call)
        self.clock.add(started)
        return out

    async def _server_failed(self, call: ToolInvocation) -> None:
        """Not the server's own answer (it always answers with an envelope): the transport or the process."""
        call.error_code = "browser_server"
        if SERVER_GONE.search(call.result):
            # The CLI would start a fresh server on the next call, but the page, its state and the ids are
            # gone: continuing would act on a different page. Stop cleanly instead.
            what = f"the browser MCP server stopped mid-run ({clip(call.result, 200)})"
            self.state.request_stop("error", f"{what}; the page state is lost")
        elif self.on_browser_failure is not None:
            await self.on_browser_failure(call.result)

    def _finish(self, data: Any, tool_use_id: str | None) -> ToolInvocation:
        call_id = tool_use_id or str(data.get("tool_use_id") or "")
        call = self.state.calls.pop(call_id, None)
        if call is None:
            call = ToolInvocation(
                tool_use_id=call_id, tool=str(data.get("tool_name")), agent=str(data.get("agent_type") or "lead"),
                agent_id=data.get("agent_id"), input=dict(data.get("tool_input") or {}), started_at=time.time(),
            )
        duration = data.get("duration_ms")
        call.duration_ms = int(duration) if duration is not None else int((time.time() - call.started_at) * 1000)
        return call

    def _hand_back(self, call: ToolInvocation, response: dict[str, Any]) -> Out:  # boundary: the SDK's tool response
        """A subagent's report: into memory; the next delegation may start. A done verdict ends the planner's turn
        (no further request); otherwise the planner reads the report without the CLI's frame and, after it, only
        what is new in the task memory."""
        by_tool = self.reports.line_of(str(response.get("agentId") or "") or None)
        text = by_tool or report_of(
            "\n".join(c.get("text", "") for c in response.get("content") or [] if isinstance(c, dict)))
        call.result = text
        agent = str(response.get("agentType") or call.input.get("subagent_type") or "")
        self.absorb(agent, text, call)
        if call.agent == "planner" and agent != "validator":
            self.hand_backs.horizon_done()
        result = parse_tagged(text, "RESULT", ExecutorResult) if agent == "executor" else None
        ok = agent != "executor" or (result is not None and result.status == "ok")
        if not ok:
            self.page_seen.forget()  # the horizon did not succeed: the planner re-plans, no check follows it
        self.delegations.done(call.tool_use_id, ok=ok)
        verdict = parse_tagged(text, "VERDICT", Verdict) if agent == "validator" else None
        if verdict is not None and verdict.done:
            self.state.last_report_status = "done"
            return {"continue_": False, "stopReason": "The validator's verdict says the task is done."}
        if call.agent != "planner":
            return {}
        self.state.round_reports.append(said_back(agent, for_planner(agent, text, listed=True)))
        if self.delegations.idle:  # the round's last hand-back: the planner reads them in a new conversation
            return self._end_round(ROUND_OVER)
        # the steps that went ok first are said in the RESULT line ("all 6 ok", "first 2 ok"), not listed again
        update = self.state.shown.render(self.state.memory, steps_told=ok_steps(agent, text)[0])
        output = compact_output(response, for_planner(agent, text), update)
        return {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": output}}

    def _end_round(self, reason: str) -> Out:
        """End the planner's turn: its delegations have all handed back, and the lead opens the next round."""
        self.state.round_over = True
        return {"continue_": False, "stopReason": reason}

    def absorb(self, agent: str, text: str, call: ToolInvocation) -> None:
        """Read the structured line an agent ends with and update memory, verdict and counters."""
        self.hand_backs.absorb(agent, text, call)


def _split(response: Any) -> tuple[str, list[tuple[str, str]]]:
    """Text and (base64, mime) images of a tool response (MCP content blocks, a string, or anything else)."""
    if isinstance(response, str):
        return response, []
    if isinstance(response, dict) and "content" in response:
        response = response["content"]
    if not isinstance(response, list):
        return json.dumps(response, default=str) if response is not None else "", []
    texts: list[str] = []
    images: list[tuple[str, str]] = []
    for block in response:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text":
            texts.append(str(block.get("text", "")))
        elif block.get("type") == "image":
            source = block["source"] if isinstance(block.get("source"), dict) else block
            data = source.get("data")
            mime = str(source.get("media_type") or source.get("mimeType") or "image/jpeg")
            if isinstance(data, str):
                images.append((data, mime))
    return "\n".join(texts), images


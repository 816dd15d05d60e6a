"""The PreToolUse / PostToolUse hooks: they see every tool call, the subagents' included.

PreToolUse: track the call, enforce least privilege per agent, attach the task memory to planner delegations,
gate ``confirm_action`` through the human, back off before retries and stop stuck loops.
PostToolUse(+Failure): record results and screenshots, update the stuck detector, read the agents' structured
hand-backs (plan report, step result, verdict), hand sensitive fields to the human, notice a dead browser server.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import structlog
from claude_agent_sdk import HookMatcher
from claude_agent_sdk.types import HookContext, HookEvent
from pydantic import ValidationError

from browser_core.result_model import ToolResult
from orchestrator.agents import BROWSER_PREFIX, DELEGATION_TOOLS, AgentSpec
from orchestrator.gate import SecurityGate
from orchestrator.human import Human
from orchestrator.memory import clip
from orchestrator.models import ExecutorResult, Report, ToolInvocation, Verdict, parse_tagged
from orchestrator.record import RunRecorder
from orchestrator.state import RunState
from orchestrator.stuck import StuckDetector, short_tool

CONFIRM_TOOL = BROWSER_PREFIX + "confirm_action"
log = structlog.get_logger("orchestrator.hooks")
# How the CLI reports a browser server whose process or pipe is gone (not a tool's own failure).
SERVER_GONE = re.compile(r"connection closed|not connected|server .*(exited|disconnected)|EPIPE|broken pipe", re.I)
LEAD_TOOLS = DELEGATION_TOOLS | {"AskUserQuestion"}
Out = dict[str, Any]  # a hook's JSON output (the SDK's Out TypedDicts, built as plain dicts)


def _pre(decision: str, reason: str = "", **extra: Any) -> Out:
    out: dict[str, Any] = {"hookEventName": "PreToolUse", "permissionDecision": decision}
    if reason:
        out["permissionDecisionReason"] = reason
    out.update(extra)
    return {"hookSpecificOutput": out}


def _stop(reason: str) -> Out:
    """Deny the call and end the turn (the worker interrupts the session too)."""
    out = _pre("deny", reason)
    out["continue_"] = False
    out["stopReason"] = reason
    return out


def _context(event: str, text: str) -> Out:
    return {"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}


def envelope_of(text: str) -> ToolResult | None:
    """The browser server's result envelope, typed; None for any other text (the transport's own message)."""
    try:
        return ToolResult.parse(text)
    except ValidationError:
        return None


class Hooks:
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
        self.gate = gate
        self.human = human
        self.stuck = stuck
        self.recorder = recorder
        self.handoff_timeout_s = handoff_timeout_s
        self.on_browser_failure: Callable[[str], Awaitable[None]] | None = None
        self.busy_s = 0.0  # time spent in our own hook code, waits for humans and backoff excluded

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
    def permitted(self, agent: str, tool: str) -> bool:
        if agent == "lead":
            return tool in LEAD_TOOLS
        spec = self.specs.get(agent)
        if spec is None:
            return False
        allowed = set(spec.tools)
        if allowed & DELEGATION_TOOLS:
            allowed |= DELEGATION_TOOLS
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
        decision = out.get("hookSpecificOutput", {})
        if decision.get("permissionDecision") == "deny":  # it never runs: record it now
            self.state.calls.pop(call_id, None)
            call.success, call.error_code, call.duration_ms = False, "denied", 0
            call.result = str(decision.get("permissionDecisionReason", ""))
            self._record(call)
        self.busy_s += time.perf_counter() - started
        return out

    async def _decide(self, call: ToolInvocation) -> Out:
        tool, agent, tool_input = call.tool, call.agent, call.input
        if self.state.stop is not None:
            return _stop(f"The run is stopping: {self.state.stop.reason}")
        if not self.permitted(agent, tool):
            who = "The lead only delegates (planner) and asks the human" if agent == "lead" else agent
            return _pre("deny", f"Least privilege: {who}; {tool} is not among its tools.")
        if tool in DELEGATION_TOOLS:
            if tool_input.get("subagent_type") not in self.specs:
                return _pre("deny", f"Unknown agent {tool_input.get('subagent_type')!r}: use {sorted(self.specs)}.")
            return self._delegate(call.tool_use_id, tool_input)
        if tool == CONFIRM_TOOL:
            return await self._confirm(tool_input)
        if tool.startswith(BROWSER_PREFIX):
            return await self._guard_action(tool, tool_input)
        return {}

    def _delegate(self, call_id: str, tool_input: dict[str, Any]) -> Out:
        subagent = str(tool_input.get("subagent_type") or "")
        self.state.subagent_of[call_id] = subagent
        updated = dict(tool_input, run_in_background=False)
        memory = self.state.memory.render(full=subagent == "planner")
        updated["prompt"] = f"{tool_input.get('prompt', '')}\n\n{memory}"
        self.state.emit("delegate", agent=subagent, description=str(tool_input.get("description", "")))
        return _pre("allow", updatedInput=updated)

    async def _confirm(self, tool_input: dict[str, Any]) -> Out:
        waited = time.perf_counter()
        decision = await self.gate.decide(tool_input)
        self._waited(waited)
        summary = decision.request.summary if decision.request else None
        self.recorder.event("confirm", allowed=decision.allow, reason=decision.reason, summary=summary)
        self.state.emit("confirm", allowed=decision.allow, summary=summary)
        if decision.allow:
            return _pre("allow", decision.reason)
        self.state.memory.note(f"Declined by the human: {summary.get('action') if summary else 'unknown action'}")
        return _pre("deny", decision.reason)

    def _waited(self, since: float) -> None:
        self.busy_s -= time.perf_counter() - since

    async def _guard_action(self, tool: str, tool_input: dict[str, Any]) -> Out:
        check = self.stuck.before(tool, tool_input)
        if check.kind == "allow":
            if check.delay_s:
                waited = time.perf_counter()
                await anyio.sleep(check.delay_s)
                self._waited(waited)
                self.recorder.event("backoff", tool=tool, delay_s=check.delay_s)
            return {}
        self.state.stuck_events += 1
        self.state.memory.note(check.message)
        self.recorder.event("stuck", message=check.message, occurrence=self.state.stuck_events)
        self.state.emit("stuck", message=check.message, occurrence=self.state.stuck_events)
        if self.state.stuck_events < 2:
            return _pre("deny", check.message)
        waited = time.perf_counter()
        resumed = await self._handoff(
            f"The agent is stuck after a re-plan. {check.message}\nIf the page needs a login, 2FA or a captcha, "
            "do it in the browser window now, then answer 'done'; anything else stops the run."
        )
        self._waited(waited)
        if resumed:
            self.stuck.reset()
            self.state.stuck_events = 0
            self.state.memory.note("The human took over in the window after the agent got stuck; re-observe.")
            return _pre("deny", "The human acted in the browser window: re-observe the page and re-plan.")
        self.state.request_stop("stuck", f"{check.message} No human took over.")
        return _stop(check.message)

    async def _handoff(self, message: str) -> bool:
        self.recorder.event("handoff", message=message)
        self.state.emit("handoff", message=message)
        try:
            with anyio.fail_after(self.handoff_timeout_s):
                done = await self.human.handoff(message)
        except TimeoutError:
            done = False
        except Exception as exc:  # a broken human channel is a "no", never a crash inside the CLI's hook
            log.warning("hand-off failed", error=repr(exc))
            done = False
        self.recorder.event("handoff_result", done=done)
        return done

    # ------------------------------------------------------------------ PostToolUse
    async def post_tool_use(self, data: Any, tool_use_id: str | None, ctx: HookContext) -> Any:
        started = time.perf_counter()
        call = self._finish(data, tool_use_id)
        response = data.get("tool_response")
        if call.tool in DELEGATION_TOOLS and isinstance(response, dict):
            call.success = True
            self._hand_back(call, response)
        else:
            call.result, images = _split(response)
            for n, (payload, mime) in enumerate(images):
                label = f"{call.agent}-{short_tool(call.tool)}{n}"
                call.screenshots.append(self.recorder.save_image(payload, mime, label))
            envelope = envelope_of(call.result) if call.tool.startswith(BROWSER_PREFIX) else None
            call.success = envelope.success if envelope else True
            self.stuck.after(call.tool, envelope)
        self._record(call)
        self.busy_s += time.perf_counter() - started
        return {}

    async def post_tool_use_failure(self, data: Any, tool_use_id: str | None, ctx: HookContext) -> Any:
        started = time.perf_counter()
        call = self._finish(data, tool_use_id)
        call.success = False
        call.result = str(data.get("error") or "")
        envelope = envelope_of(call.result) if call.tool.startswith(BROWSER_PREFIX) else None
        out: Out = {}
        if envelope is not None:
            error = envelope.error.payload() if envelope.error else {}
            call.error_code = str(error.get("code") or "failed")
            self.stuck.after(call.tool, envelope)
            if call.error_code == "sensitive_field":
                self.busy_s += time.perf_counter() - started
                out = await self._sensitive(error)
                started = time.perf_counter()
        elif call.tool.startswith(BROWSER_PREFIX) and not data.get("is_interrupt"):
            # Not the server's own answer (it always answers with an envelope): the transport or the process.
            call.error_code = "browser_server"
            if SERVER_GONE.search(call.result):
                # The CLI would start a fresh server on the next call, but the page, its state and the ids are
                # gone: continuing would act on a different page. Stop cleanly instead.
                what = f"the browser MCP server stopped mid-run ({clip(call.result, 200)})"
                self.state.request_stop("error", f"{what}; the page state is lost")
            elif self.on_browser_failure is not None:
                await self.on_browser_failure(call.result)
        self._record(call)
        self.busy_s += time.perf_counter() - started
        return out

    async def _sensitive(self, error: dict[str, Any]) -> Out:
        field = ((error.get("details") or {}).get("field") or {}) if isinstance(error.get("details"), dict) else {}
        label = f"{field.get('role', 'field')} '{field.get('name', '')}'".strip()
        done = await self._handoff(
            f"The page asks for a sensitive value ({label}). The agent never types passwords, one-time codes or "
            "card numbers. Please type it yourself in the browser window, then answer 'done'."
        )
        if done:
            self.state.memory.note(f"The human typed the sensitive value into {label} themselves.")
            return _context(
                "PostToolUseFailure",
                f"The human has typed the value into {label} themselves in the browser window. Do not type it. "
                "Treat this step as done (status ok) and continue.",
            )
        self.state.request_stop("needs_human", f"The sensitive field {label} needs the human, who did not take over.")
        return _context("PostToolUseFailure", "The human did not type the value: stop and report needs_human.")

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

    def _record(self, call: ToolInvocation) -> None:
        self.state.invocations.append(call)
        self.recorder.tool_call(call)
        self.state.emit("tool_end", call=call)

    def _hand_back(self, call: ToolInvocation, response: dict[str, Any]) -> None:
        text = "\n".join(c.get("text", "") for c in response.get("content") or [] if isinstance(c, dict))
        call.result = text
        self.absorb(str(response.get("agentType") or call.input.get("subagent_type") or ""), text, call)

    def absorb(self, agent: str, text: str, call: ToolInvocation) -> None:
        """Read the structured line an agent ends with and update memory, verdict and counters."""
        outcome = self.state.current
        if agent == "planner":
            report = parse_tagged(text, "REPORT", Report)
            self.state.memory.horizons += 1
            if outcome is not None:
                outcome.horizons += 1
            if report is not None:
                self.state.last_report_status = report.status
                if report.status == "need_human" and report.question:
                    self.state.memory.ask(report.question)
            self.recorder.event("report", report=report, raw=None if report else clip(text, 400))
        elif agent == "executor":
            result = parse_tagged(text, "RESULT", ExecutorResult)
            for line, status in _step_lines(call, result):
                self.state.memory.step(line)
                if outcome is not None:
                    outcome.steps += 1
                self.state.emit("step", n=self.state.memory.steps, line=line, status=status)
            for fact in result.facts if result else []:
                self.state.memory.fact(fact)
        elif agent == "validator":
            verdict = parse_tagged(text, "VERDICT", Verdict)
            if verdict is not None:
                self.state.verdict(verdict)
                self.recorder.event("verdict", verdict=verdict)


def _step_lines(call: ToolInvocation, result: ExecutorResult | None) -> list[tuple[str, str]]:
    """Memory lines for an executor's hand-back: one per step of its horizon (or one for a single-step result)."""
    if result is not None and result.steps:
        lines = []
        for n, step in enumerate(result.steps, 1):
            line = f"{step.step or f'step {n}'}: {step.status}" + (f" — {step.did}" if step.did else "")
            lines.append((line, step.status))
        if result.status != "ok" and result.error:
            last, status = lines[-1]
            lines[-1] = (f"{last} ({result.error})", status)
        return lines
    status = result.status if result else "unknown"
    line = f"{call.input.get('description') or 'step'}: {status}"
    if result and result.did:
        line += f" — {result.did}"
    if result and result.error:
        line += f" ({result.error})"
    return [(line, status)]


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


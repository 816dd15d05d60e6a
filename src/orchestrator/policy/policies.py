"""The hooks' policies, one concern each; ``hooks.Hooks`` dispatches every tool call to them.

- ``ConfirmationPolicy``: a ``confirm_action`` call goes to the human through the security gate.
- ``StuckPolicy``: back off before retries, deny repeats, hand the window to the human after a re-plan.
- ``SensitiveFieldPolicy``: a password, code or card field is typed by the human, never by an agent.
- ``HumanHandoff``: asks the human to act in the browser window (bounded; a broken channel is a "no").
- ``CallRecording``: every finished call and its screenshots into the run record and to the listeners.
- ``HandBackReader``: the structured line an agent ends with (plan report, step result, verdict) into memory.
- ``BusyClock``: the time spent in our own hook code, waits for humans and backoff left out.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, Literal

import anyio
import structlog
from claude_agent_sdk.types import PreToolUseHookSpecificOutput, SyncHookJSONOutput

from browser_core.redaction import redact
from browser_core.result_model import ToolError, ToolResult
from orchestrator.human import Human
from orchestrator.memory.memory import clip
from orchestrator.memory.models import ExecutorResult, Report, ToolInvocation, Verdict, parse_tagged
from orchestrator.policy.gate import SecurityGate
from orchestrator.policy.stuck import StuckDetector, short_tool
from orchestrator.records.record import RunRecorder
from orchestrator.records.state import RunState

log = structlog.get_logger("orchestrator.policy.hooks")
MAX_FINDINGS_CHARS = 900  # the dom_analyzer's report as the executor and validator get it in memory
Out = SyncHookJSONOutput  # a hook's answer to the CLI, as the SDK types it


def pre(decision: Literal["allow", "deny"], reason: str = "", *, updated_input: Mapping[str, object] | None = None
        ) -> Out:
    out: PreToolUseHookSpecificOutput = {"hookEventName": "PreToolUse", "permissionDecision": decision}
    if reason:
        out["permissionDecisionReason"] = reason
    if updated_input is not None:
        out["updatedInput"] = dict(updated_input)
    return {"hookSpecificOutput": out}


def stop(reason: str) -> Out:
    """Deny the call and end the turn (the worker interrupts the session too)."""
    out = pre("deny", reason)
    out["continue_"] = False
    out["stopReason"] = reason
    return out


def failure_note(text: str) -> Out:
    """Context the model reads with a failed call's result."""
    return {"hookSpecificOutput": {"hookEventName": "PostToolUseFailure", "additionalContext": text}}


class BusyClock:
    """Time spent in our own hook code; waits for humans and backoff are taken out again (``waited``)."""

    def __init__(self) -> None:
        self.busy_s = 0.0

    def add(self, since: float) -> None:
        self.busy_s += time.perf_counter() - since

    def waited(self, since: float) -> None:
        self.busy_s -= time.perf_counter() - since


class HumanHandoff:
    """Asks the human to act in the browser window; True when they say it is done."""

    def __init__(self, state: RunState, human: Human, recorder: RunRecorder, timeout_s: float) -> None:
        self.state, self.human, self.recorder, self.timeout_s = state, human, recorder, timeout_s

    async def __call__(self, message: str) -> bool:
        self.recorder.event("handoff", message=message)
        self.state.emit("handoff", message=message)
        try:
            with anyio.fail_after(self.timeout_s):
                done = await self.human.handoff(message)
        except TimeoutError:
            done = False
        except Exception as exc:  # a broken human channel is a "no", never a crash inside the CLI's hook
            log.warning("hand-off failed", error=repr(exc))
            log.debug("hand-off failure", exc_info=True)
            done = False
        self.recorder.event("handoff_result", done=done)
        return done


class ConfirmationPolicy:
    """``confirm_action``: the human decides through the gate; a "no" is remembered and the call denied."""

    def __init__(self, state: RunState, gate: SecurityGate, recorder: RunRecorder, clock: BusyClock) -> None:
        self.state, self.gate, self.recorder, self.clock = state, gate, recorder, clock

    async def decide(self, tool_input: Mapping[str, object]) -> Out:
        waited = time.perf_counter()
        decision = await self.gate.decide(tool_input)
        self.clock.waited(waited)
        summary = decision.request.summary if decision.request else None
        self.recorder.event("confirm", allowed=decision.allow, reason=decision.reason, summary=summary)
        self.state.emit("confirm", allowed=decision.allow, summary=summary)
        if decision.allow:
            return pre("allow", decision.reason)
        self.state.memory.note(f"Declined by the human: {summary.get('action') if summary else 'unknown action'}")
        return pre("deny", decision.reason)


TERMINAL_REPEATS = 3  # the same terminal failure this often in a row ends the task (one may race a relaunch)
HANDED_TO_HUMAN = frozenset({"sensitive_field"})  # terminal for the model, but the human can act (its own policy)


class StuckPolicy:
    """Before a browser action: back off before a retry, deny a repeat, and after a re-plan hand the window to the
    human (or stop). After it: the detector learns the result."""

    def __init__(self, state: RunState, stuck: StuckDetector, recorder: RunRecorder, clock: BusyClock,
                 handoff: HumanHandoff) -> None:
        self.state, self.stuck, self.recorder, self.clock, self.handoff = state, stuck, recorder, clock, handoff

    async def before(self, tool: str, tool_input: Mapping[str, object]) -> Out:
        check = self.stuck.before(tool, tool_input)
        if check.kind == "allow":
            if check.delay_s:
                waited = time.perf_counter()
                await anyio.sleep(check.delay_s)
                self.clock.waited(waited)
                self.recorder.event("backoff", tool=tool, delay_s=check.delay_s)
            return {}
        state = self.state
        state.stuck_events += 1
        state.memory.note(check.message)
        self.recorder.event("stuck", message=check.message, occurrence=state.stuck_events)
        state.emit("stuck", message=check.message, occurrence=state.stuck_events)
        if state.stuck_events < 2:
            return pre("deny", check.message)
        return await self._take_over(check.message)

    async def _take_over(self, message: str) -> Out:
        waited = time.perf_counter()
        resumed = await self.handoff(
            f"The agent is stuck after a re-plan. {message}\nIf the page needs a login, 2FA or a captcha, "
            "do it in the browser window now, then answer 'done'; anything else stops the run."
        )
        self.clock.waited(waited)
        if resumed:
            self.stuck.reset()
            self.state.stuck_events = 0
            self.state.memory.note("The human took over in the window after the agent got stuck; re-observe.")
            return pre("deny", "The human acted in the browser window: re-observe the page and re-plan.")
        self.state.request_stop("stuck", f"{message} No human took over.")
        return stop(message)

    def after(self, tool: str, envelope: ToolResult | None) -> None:
        self.stuck.after(tool, envelope)
        error = envelope.error if envelope is not None else None
        if error is None or error.category != "terminal" or error.code in HANDED_TO_HUMAN:
            return
        if self.stuck.same_failures >= TERMINAL_REPEATS:  # the browser cannot be used: no model call can fix it
            reason = f"the browser cannot be used ({error.code}): {error.message}"[:400]
            self.state.request_stop("failed", reason)


class SensitiveFieldPolicy:
    """A ``sensitive_field`` failure: the human types the value in the window, or the run stops (needs_human)."""

    def __init__(self, state: RunState, handoff: HumanHandoff) -> None:
        self.state, self.handoff = state, handoff

    async def on_failure(self, error: ToolError | None) -> Out:
        details = error.details if error is not None else None
        field = (details.get("field") or {}) if isinstance(details, dict) else {}
        label = f"{field.get('role', 'field')} '{field.get('name', '')}'".strip()
        done = await self.handoff(
            f"The page asks for a sensitive value ({label}). The agent never types passwords, one-time codes or "
            "card numbers. Please type it yourself in the browser window, then answer 'done'."
        )
        if done:
            self.state.memory.note(f"The human typed the sensitive value into {label} themselves.")
            return failure_note(
                f"The human has typed the value into {label} themselves in the browser window. Do not type it. "
                "Treat this step as done (status ok) and continue.",
            )
        self.state.request_stop("needs_human", f"The sensitive field {label} needs the human, who did not take over.")
        return failure_note("The human did not type the value: stop and report needs_human.")


def typed_values(tool_input: Mapping[str, Any], field_name: str = "") -> list[str]:
    """The text a typing call carried into the refused field: type_text's text; of fill_form's text values, those
    for a field described like ``field_name``, else all of them (masking too much beats too little). A named
    secret carries no text."""
    fields = [f for f in tool_input.get("fields") or [] if isinstance(f, dict)]
    wanted = field_name.strip().casefold()
    named = [f for f in fields if wanted and wanted in str(f.get("element_description") or "").casefold()]
    values = [tool_input.get("text")] + [f.get("value") for f in named or fields]
    return [v for v in values if isinstance(v, str) and v.strip()]


class CallRecording:
    """Every finished call (denied ones included) and its screenshots: run record, state, listeners."""

    def __init__(self, state: RunState, recorder: RunRecorder) -> None:
        self.state, self.recorder = state, recorder
        self.page_changing: frozenset[str] = frozenset()  # the browser tools not marked read-only by the server

    def forget_typed(self, call: ToolInvocation, error: ToolError | None) -> None:
        """The call tried to type into a sensitive field: what it carried (a human's answer, usually) is a secret,
        masked in this call's record and in everything already recorded."""
        details = error.details if error is not None and isinstance(error.details, dict) else {}
        field = details.get("field")
        values = typed_values(call.input, str(field.get("name") or "") if isinstance(field, dict) else "")
        if values:
            self.recorder.forget(values)
            memory = self.state.memory  # and no agent is handed it again
            memory.answers = [redact(a) for a in memory.answers]
            memory.facts = [redact(f) for f in memory.facts]
            log.info("a value typed into a sensitive field is masked in the run record", values=len(values))

    def keep_images(self, call: ToolInvocation, images: list[tuple[str, str]]) -> None:
        for n, (payload, mime) in enumerate(images):
            label = f"{call.agent}-{short_tool(call.tool)}{n}"
            call.screenshots.append(self.recorder.save_image(payload, mime, label))

    def record(self, call: ToolInvocation) -> None:
        if call.tool in self.page_changing and call.error_code != "denied":  # the report's "page after" thumbnail
            self.recorder.request_thumbnail(call.tool_use_id)
        self.state.invocations.append(call)
        self.recorder.tool_call(call)
        self.state.emit("tool_end", call=call)


class HandBackReader:
    """The structured line an agent ends with: the planner's REPORT, the executor's RESULT, the validator's
    VERDICT, into memory, counters and the run record."""

    def __init__(self, state: RunState, recorder: RunRecorder) -> None:
        self.state, self.recorder = state, recorder

    def absorb(self, agent: str, text: str, call: ToolInvocation) -> None:
        if agent == "planner":
            self._report(text)
        elif agent == "executor":
            self._result(text, call)
        elif agent == "dom_analyzer":
            self.state.memory.findings = text.strip()[:MAX_FINDINGS_CHARS]
        elif agent == "validator":
            verdict = parse_tagged(text, "VERDICT", Verdict)
            if verdict is not None:
                self.state.verdict(verdict)
                self.recorder.event("verdict", verdict=verdict)

    def horizon_done(self) -> None:
        """The SDK planner's delegation (a horizon: the executor's, or a page read) handed back: counted, and the
        page photographed as it left it."""
        self.state.memory.horizons += 1
        if self.state.current is not None:
            self.state.current.horizons += 1
        self.recorder.horizon_ended()

    def _report(self, text: str) -> None:
        report = parse_tagged(text, "REPORT", Report)
        self.state.memory.horizons += 1
        if self.state.current is not None:
            self.state.current.horizons += 1
        if report is not None:
            self.state.last_report_status = report.status
            if report.status == "need_human" and report.question:
                self.state.memory.ask(report.question)
        self.recorder.event("report", report=report, raw=None if report else clip(text, 400))

    def _result(self, text: str, call: ToolInvocation) -> None:
        result = parse_tagged(text, "RESULT", ExecutorResult)
        for line, status in step_lines(call, result):
            self.state.memory.step(line)
            if self.state.current is not None:
                self.state.current.steps += 1
            self.state.emit("step", n=self.state.memory.steps, line=line, status=status)
        for fact in result.facts if result else []:
            self.state.memory.fact(fact)


def step_lines(call: ToolInvocation, result: ExecutorResult | None) -> list[tuple[str, str]]:
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

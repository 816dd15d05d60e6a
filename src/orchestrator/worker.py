"""``WorkerAgent`` (seed 003): the browser-agent session.

One worker = one browser server (one browser, one page) = one run folder. ``run(task)`` runs a task (the first or
a follow-up, on the same page) and returns its outcome. The orchestrator leads (``conductor``): the planner, the
executor, the validator and the dom_analyzer each run in their own CLI conversation with their own system prompt
and tools, and reach the session's one browser through ``browser_link``. Questions go to
``on_question_callback``; confirmations and hand-offs go to ``human``.
"""

from __future__ import annotations

import inspect
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio
import structlog
from claude_agent_sdk import ClaudeSDKError
from claude_agent_sdk.types import (
    PermissionMode,
    PermissionResult,
    PermissionResultDeny,
    ToolPermissionContext,
)

from orchestrator.agents import AgentSpec, load_agents
from orchestrator.browser_link import BrowserLink
from orchestrator.conductor import Conductor
from orchestrator.gate import SecurityGate
from orchestrator.hooks import Hooks
from orchestrator.human import Human, NoHuman
from orchestrator.models import ToolInvocation
from orchestrator.options import agent_options, browser_server
from orchestrator.outcome import finish_outcome
from orchestrator.questions import (
    AnswerResult,
    QuestionCallback,
    QuestionContext,
    QuestionItem,
)
from orchestrator.record import RunRecorder, RunSummary, TaskOutcome, clip_fenced
from orchestrator.settings import OrchestratorSettings
from orchestrator.spawn import AgentSession
from orchestrator.state import RunState
from orchestrator.stuck import StuckDetector

MAX_RESULT_EVIDENCE = 2000
log = structlog.get_logger("orchestrator.worker")


@dataclass
class WorkerAgent:
    settings: OrchestratorSettings = field(default_factory=OrchestratorSettings)
    human: Human = field(default_factory=NoHuman)
    on_question_callback: QuestionCallback | None = None
    question_timeout_seconds: int = 60
    permission_mode: PermissionMode = "default"
    max_turns: int | None = None
    max_budget_usd: float | None = None
    model: str | None = None
    session_id: str | None = None
    resume: str | None = None
    title: str = ""
    env: dict[str, str] = field(default_factory=dict)
    state: RunState = field(default_factory=RunState)
    history: list[dict[str, Any]] = field(default_factory=list)
    active_session: bool = False
    _recorder: RunRecorder | None = None
    _hooks: Hooks | None = None
    _link: BrowserLink | None = None
    _specs: dict[str, AgentSpec] = field(default_factory=dict)
    _tasks: int = 0
    _long_wait: float = 0.0
    handling_s: float = 0.0  # time spent in our own message handling (records, memory, progress)

    def __post_init__(self) -> None:
        callback = self.on_question_callback
        if callback is not None and not _is_async(callback):
            raise TypeError("on_question_callback must be an async callable")
        if not 1 <= self.question_timeout_seconds <= 300:
            raise ValueError("question_timeout_seconds must be in 1-300")
        if self.max_turns is None:
            self.max_turns = self.settings.max_turns
        if self.max_budget_usd is None:
            self.max_budget_usd = self.settings.max_budget_usd

    # ------------------------------------------------------------------ lifecycle
    @property
    def recorder(self) -> RunRecorder:
        assert self._recorder is not None, "connect() first"
        return self._recorder

    @property
    def tool_invocations(self) -> list[ToolInvocation]:
        return self.state.invocations

    @property
    def allowed_tools(self) -> list[str]:
        return sorted({t for spec in self._specs.values() for t in spec.browser_tools})

    async def connect(self) -> None:
        settings = self.settings
        self._specs = load_agents(settings.agents_dir)
        self._recorder = RunRecorder(settings.run_dir, self.title or "session")
        state, recorder = self.state, self._recorder
        state.listeners.append(self._record_event)
        gate = SecurityGate(recorder.artifacts / "pending", self.human, settings.confirm_timeout_s)
        stuck = StuckDetector(settings.stuck_repeats, settings.retry_backoff_s, settings.retry_backoff_max_s)
        self._hooks = Hooks(state, self._specs, gate, self.human, stuck, recorder, settings.handoff_timeout_s)
        waits = (settings.confirm_timeout_s, settings.handoff_timeout_s, self.question_timeout_seconds)
        self._long_wait = max(waits) + 30
        config = browser_server(settings, recorder.artifacts, recorder.screenshots)
        self._link = BrowserLink(config, cwd=str(recorder.dir.resolve()))
        await self._link.connect()
        self.session_id = state.session_id = self.resume or str(uuid.uuid4())
        recorder.summary.session_id = self.session_id
        recorder.write_json("options.json", self._describe())
        self.active_session = True

    async def close(self) -> RunSummary:
        summary = self.summarize()
        if self._link is not None:
            if self._recorder is not None:
                await self._recorder.screenshots_taken()  # before the browser server is stopped
            await self._link.close()
            self._link = None
        self.active_session = False
        return self.recorder.finish() if self._recorder else summary

    def summarize(self) -> RunSummary:
        s = self.recorder.summary
        s.session_id = self.session_id
        s.input_tokens, s.output_tokens = self.state.input_tokens, self.state.output_tokens
        s.cost_usd = round(self.state.cost_so_far, 6)
        self.recorder.write_json("memory.json", self.state.memory)
        return s

    async def __aenter__(self) -> WorkerAgent:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def session(self, agent: str) -> AsyncIterator[AgentSession]:
        """One conversation of ``agent``: its own CLI, system prompt, tools and hooks; the shared browser."""
        assert self._link is not None and self._hooks is not None, "connect() first"
        spec = self._specs[agent]
        options = agent_options(
            self.settings, spec, browser=self._link.proxy(spec.browser_tools),
            shared_parameters=self._link.shared_parameters(spec.browser_tools), workdir=self.recorder.dir,
            hooks=self._hooks.matchers(self._long_wait, agent=agent), can_use_tool=self._can_use_tool,
            max_turns=self.max_turns, model=self.model if agent == "planner" else None, extra_env=self.env,
            stderr=self._cli_stderr,
        )
        if self.permission_mode != "default":
            options.permission_mode = self.permission_mode
        spawned = AgentSession(agent, options, self.state, self.recorder, self._check_budgets, self._api_retry)
        async with spawned:
            yield spawned

    # ------------------------------------------------------------------ one task
    async def run(self, task: str) -> TaskOutcome:
        assert self._link is not None, "connect() first"
        state = self.state
        outcome = state.begin_task(task)
        self.recorder.summary.tasks.append(outcome)
        self._tasks += 1
        self.history.append({"role": "user", "text": task})
        conductor = Conductor(self, task, follow_up=self._tasks > 1 or bool(self.resume))
        error = ""
        try:
            with anyio.move_on_after(self.settings.wall_clock_s) as scope:
                await conductor.run()
            if scope.cancelled_caught:
                state.request_stop("budget", f"wall-clock limit of {self.settings.wall_clock_s:.0f} s reached")
        except ClaudeSDKError as exc:
            error = f"{type(exc).__name__}: {exc}"
            log.warning("session failed", error=error)
        if self._link.gone and state.stop is None:
            state.request_stop("error", f"the browser MCP server stopped ({self._link.gone}); the page state is lost")
        finish_outcome(outcome, state, conductor.result, error, time.time() - state.task_started)
        verdict = state.memory.last_verdict
        if outcome.status == "done" and verdict is not None:
            outcome.result = f"Task done: {clip_fenced(verdict.evidence, MAX_RESULT_EVIDENCE)}"  # a quote closed
        if outcome.status != "done":
            self.recorder.request_screenshot(f"task-{outcome.status}")
        self.summarize()
        self.recorder.write_json("summary.json", self.recorder.summary)
        state.emit("outcome", outcome=outcome)
        return outcome

    def absorb(self, agent: str, text: str, call: ToolInvocation) -> None:
        assert self._hooks is not None
        started = time.perf_counter()
        self._hooks.absorb(agent, text, call)
        self.handling_s += time.perf_counter() - started

    def record_call(self, call: ToolInvocation) -> None:
        self.state.invocations.append(call)
        self.recorder.tool_call(call)
        self.state.emit("tool_end", call=call)

    @property
    def overhead_s(self) -> float:
        """Time spent in the orchestrator's own code: hooks (waits excluded) and message handling."""
        return self.handling_s + (self._hooks.busy_s if self._hooks else 0.0)

    def _check_budgets(self) -> None:
        self.state.check_budgets(self.settings.max_requests, self.max_budget_usd)

    def _api_retry(self, data: dict[str, Any]) -> None:
        self.state.emit("api_retry", attempt=int(data.get("attempt") or 0),
                        max_retries=int(data.get("max_retries") or 0),
                        error=str(data.get("error_status") or data.get("error") or ""))

    def _record_event(self, kind: str, data: dict[str, Any]) -> None:
        if kind in ("question", "answer", "stop", "delegate", "task", "api_retry"):
            self.recorder.event(kind, **data)

    def _cli_stderr(self, line: str) -> None:
        log.debug("cli", line=line.rstrip())

    def _describe(self) -> dict[str, Any]:
        """The options worth keeping in the run record (no environment: it may hold secrets)."""
        settings = self.settings
        return {
            "lead": "orchestrator (Python)",
            "agents": {name: {"model": settings.model_for(name) or spec.model, "tools": list(spec.tools)}
                       for name, spec in self._specs.items()},
            "max_turns": self.max_turns,
            "max_budget_usd": self.max_budget_usd,
            "resume": self.resume,
            "mcp_command": list(settings.mcp_command),
        }

    # ------------------------------------------------------------------ permissions and questions
    async def _can_use_tool(
        self, tool: str, tool_input: dict[str, Any], ctx: ToolPermissionContext
    ) -> PermissionResult:
        return PermissionResultDeny(message=f"{tool} is not permitted in this session.")

    async def ask_human(self, items: list[QuestionItem]) -> str | None:
        """The human's answer to the planner's question (options or free text), or None (the run stops)."""
        answer = await self._answer(items)
        return None if isinstance(answer, str) else answer.answer

    async def _answer(self, items: list[QuestionItem]) -> AnswerResult | str:
        """The human's (or the answerer's) answer, recorded in memory; or why there is none (the run stops)."""
        state = self.state
        texts = [q.question for q in items]
        state.emit("question", questions=texts)
        for q in texts:
            state.memory.ask(q)
        if self.on_question_callback is None:
            state.request_stop("failed", "the agent asked a question but no answerer is set")
            return "Nobody can answer questions in this run."
        context = QuestionContext(
            questions=items, conversation_history=self.history[-self.settings.context_window_size :],
            session_id=self.session_id or "", attempt_number=1, task=state.memory.task,
        )
        try:
            with anyio.fail_after(self.question_timeout_seconds):
                answer = await self.on_question_callback(context)
        except TimeoutError:
            reason = f"no answer to the question within {self.question_timeout_seconds} s"
            state.request_stop("failed", reason)
            return f"Not answered: {reason}. The run stops."
        except Exception as exc:  # an answerer that cannot answer fails the run (seed 003)
            log.debug("answerer failed", exc_info=True)
            state.request_stop("failed", f"the question could not be answered: {exc}")
            return "Not answered. The run stops."
        self.recorder.event("answer_result", result=answer)
        for question, text in answer.answers.items():
            state.memory.answer(question, text)
        state.emit("answer", answer=answer.answer, source=answer.source or answer.model_used)
        self.history.append({"role": "human", "text": answer.answer})
        return answer


def _is_async(callback: object) -> bool:
    return inspect.iscoroutinefunction(callback) or inspect.iscoroutinefunction(type(callback).__call__)

"""``WorkerAgent`` (seed 003): the browser-agent session on one ``ClaudeSDKClient``.

One worker = one CLI session = one browser server = one run folder. ``run(task)`` sends a task (the first or a
follow-up, on the same page) and returns its outcome; questions go to ``on_question_callback``; confirmations
and hand-offs go to ``human``.
"""

from __future__ import annotations

import inspect
import time
import warnings
from dataclasses import dataclass, field
from typing import Any

import anyio
import structlog
from claude_agent_sdk import ClaudeSDKClient, ClaudeSDKError
from claude_agent_sdk.types import (
    AssistantMessage,
    PermissionMode,
    PermissionResult,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    SystemMessage,
    TextBlock,
    ToolPermissionContext,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
)

from orchestrator.agents import AgentSpec, load_agents
from orchestrator.gate import SecurityGate
from orchestrator.hooks import Hooks
from orchestrator.human import Human, NoHuman
from orchestrator.memory import clip
from orchestrator.models import Plan, ToolInvocation, parse_tagged, tagged_json
from orchestrator.options import build_options
from orchestrator.outcome import finish_outcome
from orchestrator.questions import (
    AnswerResult,
    QuestionCallback,
    QuestionContext,
    QuestionItem,
    questions_from_tool_input,
)
from orchestrator.record import RunRecorder, RunSummary, TaskOutcome
from orchestrator.settings import OrchestratorSettings
from orchestrator.state import RunState
from orchestrator.stuck import StuckDetector

log = structlog.get_logger("orchestrator.worker")
DRAIN_TIMEOUT_S = 30.0


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
    _client: ClaudeSDKClient | None = None
    _recorder: RunRecorder | None = None
    _hooks: Hooks | None = None
    _specs: dict[str, AgentSpec] = field(default_factory=dict)
    _query_counter: int = 0
    _browser_failure: str = ""
    _options_allowed: list[str] = field(default_factory=list)
    _lead_question: str = ""  # a free-text question the lead ended its turn with (QUESTION {...})
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
        return list(self._options_allowed)

    async def connect(self) -> None:
        settings = self.settings
        self._specs = load_agents(settings.agents_dir)
        self._recorder = RunRecorder(settings.run_dir, self.title or "session")
        state, recorder = self.state, self._recorder
        state.listeners.append(self._record_event)
        gate = SecurityGate(recorder.artifacts / "pending", self.human, settings.confirm_timeout_s)
        stuck = StuckDetector(settings.stuck_repeats, settings.retry_backoff_s, settings.retry_backoff_max_s)
        self._hooks = Hooks(state, self._specs, gate, self.human, stuck, recorder, settings.handoff_timeout_s)
        self._hooks.on_browser_failure = self._note_browser_failure
        long_wait = max(settings.confirm_timeout_s, settings.handoff_timeout_s, self.question_timeout_seconds) + 30
        options = build_options(
            settings, self._specs, artifacts_dir=recorder.artifacts, screenshots_dir=recorder.screenshots,
            hooks=self._hooks.matchers(long_wait),
            can_use_tool=self._can_use_tool, resume=self.resume, max_turns=self.max_turns,
            max_budget_usd=self.max_budget_usd, model=self.model, extra_env=self.env, stderr=self._cli_stderr,
        )
        if self.permission_mode != "default":
            options.permission_mode = self.permission_mode
        self._options_allowed = list(options.allowed_tools)
        recorder.write_json("options.json", _describe(options))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # allowed_tools deliberately pre-approve the subagents' browser tools
            self._client = ClaudeSDKClient(options)
            await self._client.connect()
        self.active_session = True
        if self.resume:
            self.session_id = self.resume
            state.session_id = self.resume

    async def close(self) -> RunSummary:
        summary = self.summarize()
        if self._client is not None:
            if self._recorder is not None:
                await self._recorder.screenshots_taken()  # before the browser server is stopped
            with anyio.move_on_after(15, shield=True):
                await self._client.disconnect()
            self._client = None
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

    # ------------------------------------------------------------------ one task
    async def run(self, task: str) -> TaskOutcome:
        assert self._client is not None, "connect() first"
        client, state = self._client, self.state
        outcome = state.begin_task(task)
        self.recorder.summary.tasks.append(outcome)
        self._query_counter += 1
        self._browser_failure = ""
        prompt = task if self._query_counter == 1 and not self.resume else f"Follow-up task (same browser page): {task}"
        self.history.append({"role": "user", "text": task})
        result: ResultMessage | None = None
        error = ""
        try:
            await client.query(prompt)
            with anyio.move_on_after(self.settings.wall_clock_s) as scope:
                result = await self._consume(client)
                while result is not None and self.state.stop is None and self._lead_question:
                    answer = await self._ask_free_text(self._lead_question)
                    if answer is None:
                        break
                    await client.query(f"The human answered: {answer}")
                    result = await self._consume(client)
            if scope.cancelled_caught:
                state.request_stop("budget", f"wall-clock limit of {self.settings.wall_clock_s:.0f} s reached")
                result = await self._interrupt_and_drain(client)
        except ClaudeSDKError as exc:
            error = f"{type(exc).__name__}: {exc}"
            log.warning("session failed", error=error)
        finish_outcome(outcome, state, result, error, time.time() - state.task_started)
        if outcome.status != "done":
            self.recorder.request_screenshot(f"task-{outcome.status}")
        self.summarize()
        self.recorder.write_json("summary.json", self.recorder.summary)
        state.emit("outcome", outcome=outcome)
        return outcome

    async def _consume(self, client: ClaudeSDKClient) -> ResultMessage | None:
        interrupted = False
        self._lead_question = ""
        async for message in client.receive_response():
            self._on_message(message)
            if isinstance(message, ResultMessage):
                return message
            if self._browser_failure and self.state.stop is None:
                await self._check_browser(client)
            if self.state.stop is not None and not interrupted:
                interrupted = True
                await client.interrupt()
        return None

    async def _interrupt_and_drain(self, client: ClaudeSDKClient) -> ResultMessage | None:
        with anyio.move_on_after(DRAIN_TIMEOUT_S):
            await client.interrupt()
            async for message in client.receive_response():
                self._on_message(message)
                if isinstance(message, ResultMessage):
                    return message
        return None

    async def _note_browser_failure(self, error: str) -> None:
        self._browser_failure = error

    async def _check_browser(self, client: ClaudeSDKClient) -> None:
        status = "unknown"
        with anyio.move_on_after(10):
            response: dict[str, Any] = dict(await client.get_mcp_status())
            servers = {s.get("name"): s for s in response.get("mcpServers", [])}
            status = str(servers.get("browser", {}).get("status", "missing"))
        if status != "connected":
            self.state.request_stop(
                "error", f"the browser MCP server stopped ({status}): {clip(self._browser_failure, 300)}"
            )
        self._browser_failure = ""

    # ------------------------------------------------------------------ messages
    def _on_message(self, message: Any) -> None:
        started = time.perf_counter()
        try:
            self._handle(message)
        finally:
            self.handling_s += time.perf_counter() - started

    @property
    def overhead_s(self) -> float:
        """Time spent in the orchestrator's own code: hooks (waits excluded) and message handling."""
        return self.handling_s + (self._hooks.busy_s if self._hooks else 0.0)

    def _handle(self, message: Any) -> None:
        self.recorder.message(message)
        state = self.state
        if self.recorder.write_error:
            state.request_stop("error", self.recorder.write_error)
        if isinstance(message, SystemMessage) and message.subtype == "init":
            self.session_id = state.session_id = str(message.data.get("session_id") or self.session_id)
            self.recorder.summary.session_id = self.session_id
        elif isinstance(message, SystemMessage) and message.subtype == "api_retry":
            data = message.data
            state.emit("api_retry", attempt=int(data.get("attempt") or 0),
                       max_retries=int(data.get("max_retries") or 0),
                       error=str(data.get("error_status") or data.get("error") or ""))
        elif isinstance(message, AssistantMessage):
            state.count_usage(message.message_id, message.model, message.usage)
            state.check_budgets(self.settings.max_requests, self.max_budget_usd)
            agent = state.agent_for(message.parent_tool_use_id)
            for block in message.content:
                if isinstance(block, TextBlock):
                    self._on_text(agent, block.text)
                elif isinstance(block, ToolUseBlock) and block.name in ("Agent", "Task"):
                    state.subagent_of.setdefault(block.id, str(block.input.get("subagent_type", "")))
        elif isinstance(message, UserMessage) and message.parent_tool_use_id is None:
            for block in message.content if isinstance(message.content, list) else []:
                if isinstance(block, ToolResultBlock):
                    self.history.append({"role": "tool", "text": clip(str(block.content), 600)})
        elif isinstance(message, ResultMessage):
            self.session_id = state.session_id = message.session_id
            if message.total_cost_usd is not None:
                state.cost_usd += message.total_cost_usd

    def _on_text(self, agent: str, text: str) -> None:
        if agent == "lead":
            self.history.append({"role": "assistant", "text": clip(text, 1200)})
            question = tagged_json(text, "QUESTION")
            if question and str(question.get("question") or "").strip():
                self._lead_question = str(question["question"]).strip()
        elif agent == "planner" and "PLAN" in text:
            plan = parse_tagged(text, "PLAN", Plan)
            if plan is not None:
                plan.horizon = self.state.memory.horizons + 1
                self.recorder.plan(plan)
                self.state.plan_made(plan)

    def _record_event(self, kind: str, data: dict[str, Any]) -> None:
        if kind in ("question", "answer", "stop", "delegate", "task", "api_retry"):
            self.recorder.event(kind, **data)

    def _cli_stderr(self, line: str) -> None:
        log.debug("cli", line=line.rstrip())

    # ------------------------------------------------------------------ permissions and questions
    async def _can_use_tool(
        self, tool: str, tool_input: dict[str, Any], ctx: ToolPermissionContext
    ) -> PermissionResult:
        if tool == "AskUserQuestion" and ctx.agent_id is None:
            return await self._ask(tool_input)
        return PermissionResultDeny(message=f"{tool} is not permitted in this session.")

    async def _ask(self, tool_input: dict[str, Any]) -> PermissionResult:
        answer = await self._answer(questions_from_tool_input(tool_input))
        if isinstance(answer, str):
            return PermissionResultDeny(message=answer, interrupt=True)
        return PermissionResultAllow(updated_input={**tool_input, "answers": answer.answers})

    async def _ask_free_text(self, question: str) -> str | None:
        """A question without options: it reaches the callback as free text; the answer goes to memory."""
        self._lead_question = ""
        answer = await self._answer([QuestionItem(question=question)])
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


def _describe(options: Any) -> dict[str, Any]:
    """The options worth keeping in the run record (no environment: it may hold secrets)."""
    return {
        "model": options.model,
        "agents": {name: {"model": a.model, "tools": a.tools} for name, a in (options.agents or {}).items()},
        "allowed_tools": options.allowed_tools,
        "max_turns": options.max_turns,
        "max_budget_usd": options.max_budget_usd,
        "resume": options.resume,
        "mcp_command": [options.mcp_servers["browser"]["command"], *options.mcp_servers["browser"]["args"]],
    }

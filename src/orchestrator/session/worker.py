"""``WorkerAgent`` (seed 003): the browser-agent session.

One worker = one browser server (one browser, one page) = one run folder. ``run(task)`` runs a task (the first or
a follow-up, on the same page) and returns its outcome. The lead (``sdk_lead``) is ONE ``ClaudeSDKClient``
session: the planner delegates with the Agent tool to the other agent files' ``AgentDefinition``s, each reaching
the session's one browser through its endpoint of ``browser_gateway`` over ``browser_link``. Questions go to
``on_question_callback``; confirmations and hand-offs go to ``human``.

A worker is four small parts, one concern each: ``config`` (``RunConfig``: fixed for its life), ``questions``
(``QuestionChannel``: the human and the answerer), ``live`` (``LiveSession``: state, conversation, session id) and,
while connected, ``resources`` (``SessionResources``: run record, hooks, browser link). It connects once:
``connect`` → ``run``… → ``close``. A failed ``connect`` releases what it opened and leaves the worker closed;
``close`` never raises for what was never opened and returns the same summary when called again.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, Literal

import anyio
import structlog
from claude_agent_sdk import ClaudeSDKError
from claude_agent_sdk.types import PermissionMode, PermissionResult, PermissionResultDeny, ToolPermissionContext

from orchestrator.human import Human, NoHuman
from orchestrator.memory.models import ToolInvocation
from orchestrator.questions import QuestionCallback, QuestionItem, Turn
from orchestrator.records.outcome import finish_outcome
from orchestrator.records.record import RunRecorder, clip_fenced
from orchestrator.records.run_files import RunSummary, TaskOutcome
from orchestrator.records.state import RunState
from orchestrator.session.live_session import LiveSession
from orchestrator.session.options import agent_definitions, planner_options
from orchestrator.session.question_channel import QuestionChannel
from orchestrator.session.run_config import RunConfig
from orchestrator.session.sdk_lead import SdkLead
from orchestrator.session.session_resources import SessionResources
from orchestrator.session.spawn import AgentSession
from orchestrator.settings import OrchestratorSettings

MAX_RESULT_EVIDENCE = 2000
log = structlog.get_logger("orchestrator.session.worker")
Phase = Literal["new", "connecting", "connected", "closed"]


class WorkerStateError(RuntimeError):
    """A worker used out of order: ``run`` before ``connect``, or ``connect`` again after ``close``."""


class WorkerAgent:
    def __init__(
        self,
        *,
        settings: OrchestratorSettings | None = None,
        human: Human | None = None,
        on_question_callback: QuestionCallback | None = None,
        question_timeout_seconds: int = 60,
        permission_mode: PermissionMode = "default",
        max_turns: int | None = None,
        max_budget_usd: float | None = None,
        model: str | None = None,
        resume: str | None = None,
        title: str = "",
        env: dict[str, str] | None = None,
    ) -> None:
        self.config = RunConfig(
            settings or OrchestratorSettings(), title=title, permission_mode=permission_mode, max_turns=max_turns,
            max_budget_usd=max_budget_usd, model=model, resume=resume, env=env or {},
        )
        self.questions = QuestionChannel(human or NoHuman(), on_question_callback, question_timeout_seconds)
        self.live = LiveSession()
        self.resources: SessionResources | None = None
        self.phase: Phase = "new"
        self._summary: RunSummary | None = None
        self._planner: AgentSession | None = None  # the lead's one SDK session (opened by the first task)

    # ------------------------------------------------------------------ the parts, as callers read them
    @property
    def settings(self) -> OrchestratorSettings:
        return self.config.settings

    @property
    def env(self) -> dict[str, str]:
        return dict(self.config.env)

    @property
    def human(self) -> Human:
        return self.questions.human

    @property
    def state(self) -> RunState:
        return self.live.state

    @property
    def history(self) -> list[Turn]:
        return self.live.history

    @property
    def session_id(self) -> str | None:
        return self.live.session_id

    @property
    def active_session(self) -> bool:
        return self.live.active

    @property
    def recorder(self) -> RunRecorder:
        """The run record (still readable after ``close``, and after a ``connect`` that failed once it began)."""
        if self.resources is None:
            raise WorkerStateError("no run record: connect() first")
        return self.resources.recorder

    @property
    def tool_invocations(self) -> list[ToolInvocation]:
        return self.state.invocations

    @property
    def allowed_tools(self) -> list[str]:
        specs = self.resources.specs if self.resources is not None else {}
        return sorted({t for spec in specs.values() for t in spec.browser_tools})

    @property
    def overhead_s(self) -> float:
        """Time spent in the orchestrator's own code: hooks (waits excluded) and message handling."""
        return self.live.handling_s + (self.resources.busy_s if self.resources is not None else 0.0)

    # ------------------------------------------------------------------ lifecycle
    async def connect(self) -> None:
        if self.phase != "new":
            raise WorkerStateError(
                f"connect() on a worker that is {self.phase}: a WorkerAgent connects once; create a new one"
            )
        self.phase = "connecting"
        try:
            self.resources = SessionResources.create(self.config, self.state)
            await self.resources.open(self.config, self.questions)
        except BaseException as exc:
            self.phase = "closed"
            if self.resources is None:
                self._summary = RunSummary(status="error", reason=f"the session could not start: {exc}")
            raise
        session_id = self.live.start(self.config.resume)
        self.recorder.summary.session_id = session_id
        self.phase = "connected"

    async def close(self) -> RunSummary:
        """Release the browser server and finish the run record; the run's summary. Safe to call again, and
        after a ``connect`` that failed or never happened."""
        if self._summary is not None:
            return self._summary
        self.phase = "closed"
        self.live.active = False
        planner, self._planner = self._planner, None
        if planner is not None:
            await planner.close()
        resources = self.resources
        if resources is None:
            self._summary = RunSummary(status="incomplete", reason="the worker never connected")
            return self._summary
        if not resources.closed:
            self.summarize()
        self._summary = await resources.close()
        return self._summary

    def summarize(self) -> RunSummary:
        s = self.recorder.summary
        s.session_id = self.session_id
        usage = self.state.usage
        s.input_tokens, s.output_tokens = usage.input_tokens, usage.output_tokens
        s.cost_usd = round(usage.cost_so_far, 6)
        self.recorder.write_json("memory.json", self.state.memory)
        return s

    async def __aenter__(self) -> WorkerAgent:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _connected(self) -> SessionResources:
        if self.phase != "connected" or self.resources is None or self.resources.link is None:
            raise WorkerStateError(f"the worker is {self.phase}: connect() first (a closed worker cannot run)")
        return self.resources

    async def browser_call(self, tool: str, arguments: Mapping[str, object]) -> Any:
        """One call on the session's browser server outside any agent (a flow replayed before a hand-over: the
        model then continues on the same page)."""
        link = self._connected().link
        assert link is not None
        return await link.call(tool, arguments)

    async def planner_session(self) -> AgentSession:
        """The SDK lead's one ``ClaudeSDKClient`` session (the planner as main agent, the other agent files as
        ``AgentDefinition``s, each with its own browser endpoint), opened once and kept for every task."""
        if self._planner is not None:
            return self._planner
        resources, config = self._connected(), self.config
        assert resources.gateway is not None and resources.hooks is not None and resources.link is not None
        link, gateway = resources.link, resources.gateway
        subagents = {name: spec for name, spec in resources.specs.items() if name != "planner"}
        definitions = agent_definitions(
            resources.specs,
            {name: gateway.config(name) for name, spec in subagents.items() if spec.browser_tools},
            {name: link.shared_parameters(spec.browser_tools) for name, spec in subagents.items()},
            {name: config.settings.model_for(name) for name in subagents},
            {name: report for name in subagents if (report := gateway.report_config(name)) is not None},
        )
        workdir = config.settings.run_dir  # stable across runs: the CLI finds a resumed session's transcript by it
        workdir.mkdir(parents=True, exist_ok=True)
        wait = max(resources.long_wait_s, config.settings.wall_clock_s)  # a delegation waits for the one before
        options = planner_options(
            config.settings, resources.specs, agents=definitions, workdir=workdir,
            hooks=resources.hooks.matchers(wait, agent="planner"), can_use_tool=self._can_use_tool,
            max_turns=config.max_turns, model=config.model_for("planner"), resume=config.resume,
            extra_env=self.env, stderr=self._cli_stderr,
        )
        if config.permission_mode != "default":
            options.permission_mode = config.permission_mode
        session = AgentSession("planner", options, self.state, resources.recorder, self._check_budgets,
                               self._api_retry)
        await session.start()
        self._planner = session
        return session

    # ------------------------------------------------------------------ one task
    async def run(self, task: str) -> TaskOutcome:
        resources = self._connected()
        state, settings = self.state, self.settings
        outcome = state.begin_task(task)
        resources.recorder.summary.tasks.append(outcome)
        number = self.live.new_task(task)
        lead = SdkLead(self, task, follow_up=number > 1 or bool(self.config.resume))
        error = ""
        try:
            with anyio.move_on_after(settings.wall_clock_s) as scope:
                await lead.run()
            if scope.cancelled_caught:
                state.request_stop("budget", f"wall-clock limit of {settings.wall_clock_s:.0f} s reached")
        except ClaudeSDKError as exc:
            error = f"{type(exc).__name__}: {exc}"
            log.warning("session failed", error=error)
        if resources.browser_gone and state.stop is None:
            state.request_stop("error", f"the browser MCP server stopped ({resources.browser_gone}); "
                               "the page state is lost")
        finish_outcome(outcome, state, lead.result, error, time.time() - state.task_started)
        verdict = state.memory.last_verdict
        if outcome.status == "done" and verdict is not None:
            outcome.result = f"Task done: {clip_fenced(verdict.evidence, MAX_RESULT_EVIDENCE)}"  # a quote closed
        if outcome.status != "done":
            resources.recorder.request_screenshot(f"task-{outcome.status}")
        self.summarize()
        resources.recorder.write_json("summary.json", resources.recorder.summary)
        state.emit("outcome", outcome=outcome)
        return outcome

    def _check_budgets(self) -> None:
        self.state.check_budgets(self.settings.max_requests, self.config.max_budget_usd)

    def _api_retry(self, data: Mapping[str, object]) -> None:
        self.state.emit("api_retry", attempt=_count(data.get("attempt")), max_retries=_count(data.get("max_retries")),
                        error=str(data.get("error_status") or data.get("error") or ""))

    def _cli_stderr(self, line: str) -> None:
        log.debug("cli", line=line.rstrip())

    # ------------------------------------------------------------------ permissions and questions
    async def _can_use_tool(
        self, tool: str, tool_input: Mapping[str, object], ctx: ToolPermissionContext
    ) -> PermissionResult:
        return PermissionResultDeny(message=f"{tool} is not permitted in this session.")

    async def ask_human(self, items: list[QuestionItem]) -> str | None:
        """The human's answer to the planner's question (options or free text), or None (the run stops)."""
        window = self.settings.context_window_size
        answer = await self.questions.answer(items, self.live, self.recorder, window)
        return None if isinstance(answer, str) else answer.answer


def _count(value: object) -> int:
    """A count from the SDK's retry data (a number, or its text); 0 when absent."""
    return int(value) if isinstance(value, int | float | str) and value else 0

"""Run a suite through the orchestrator exactly as users run it: per task a ``WorkerAgent`` (its own CLI session,
browser server and browser — or its own context on a shared remote browser) driven by a ``DeveloperAgent`` that
answers its questions; N tasks at once. In scripted mode each task gets its own scripted model server replaying
the task's solution; in real mode the agents use the real model.
"""

from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import anyio
import structlog
from playwright.async_api import Error as PlaywrightError

from browser_agent_evals.checkers import check, first_episode
from browser_agent_evals.fleet import FleetSlots, answers
from browser_agent_evals.human import EvalHuman
from browser_agent_evals.prepare import fields_for, read_utterances
from browser_agent_evals.progress import EvalProgress
from browser_agent_evals.results import EvalRun, TaskResult
from browser_agent_evals.scripted.replay import Replay
from browser_agent_evals.scripted.server import ModelRequest, ScriptedModel
from browser_agent_evals.scripted.solution import compile_steps
from browser_agent_evals.scripted.targets import fill
from browser_agent_evals.sites.data import PageText
from browser_agent_evals.suite import Task
from browser_agent_evals.web import EvalWeb, TaskContext
from browser_core.session.leases import Endpoint
from orchestrator.session.developer import DeveloperAgent
from orchestrator.session.worker import WorkerAgent
from orchestrator.settings import OrchestratorSettings

log = structlog.get_logger("browser_agent_evals")
Mode = Literal["scripted", "real"]
REPORT_GRACE_S = 3.0  # a page's last report may still be in flight when the agent ends


@dataclass
class RunOptions:
    mode: Mode = "scripted"
    workers: int = 1
    out_dir: Path = Path("runs")
    headful: bool = False
    cdp_url: str | None = None
    endpoints: list[Endpoint] = field(default_factory=list)  # a fleet of browser servers (fleet.py)
    model: str | None = None
    keep_profiles: bool = False
    settings_overrides: dict[str, Any] = field(default_factory=dict)
    keep_requests: bool = False  # scripted mode: keep every model request per task (benchmarks read them)


def scripted_env(model: ScriptedModel, root: Path) -> dict[str, str]:
    """The CLI talks to the scripted server, with a home and config of its own (never the user's credentials)."""
    for sub in ("home", "claude", "tmp"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    return {
        "ANTHROPIC_BASE_URL": model.base_url,
        "ANTHROPIC_API_KEY": "scripted-mode-not-a-key",
        "CLAUDE_CODE_MAX_RETRIES": "2",
        "HOME": str(root / "home"),
        "CLAUDE_CONFIG_DIR": str(root / "claude"),
        "CLAUDE_CODE_TMPDIR": str(root / "tmp"),
    }


def credentials_problem(env: dict[str, str] | None = None) -> str | None:
    """Why the real-model mode cannot run here, or ``None``."""
    env = dict(os.environ if env is None else env)
    if any(env.get(k) for k in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")):
        return None
    config = Path(env.get("CLAUDE_CONFIG_DIR") or Path(env.get("HOME") or Path.home()) / ".claude")
    if (config / ".credentials.json").is_file():
        return None
    return (
        "the real-model mode needs Claude credentials: set ANTHROPIC_API_KEY (or CLAUDE_CODE_OAUTH_TOKEN), "
        "or log in to Claude Code (`claude` → /login)"
    )


class Runner:
    def __init__(self, tasks: list[Task], options: RunOptions, progress: EvalProgress) -> None:
        self.tasks = tasks
        self.options = options
        self.progress = progress
        self.out = options.out_dir / f"eval-{datetime.now():%Y%m%d-%H%M%S}"
        self.out.mkdir(parents=True, exist_ok=True)
        self.web = EvalWeb()
        self.utterances: dict[str, str] = {}
        self.requests: dict[str, list[ModelRequest]] = {}
        self.fleet = FleetSlots(options.endpoints) if options.endpoints else None

    async def run(self, suite_name: str) -> EvalRun:
        opts = self.options
        run = EvalRun(
            suite=suite_name,
            mode=opts.mode,
            model=opts.model or "",
            workers=opts.workers,
            browser=f"fleet {self.fleet.describe()}" if self.fleet else "remote (CDP)" if opts.cdp_url else "local",
            started_at=datetime.now().isoformat(),
            out_dir=str(self.out),
        )
        started = time.perf_counter()
        with self.web:
            self.utterances = await self._read_utterances()
            limiter = anyio.Semaphore(max(1, opts.workers))
            slots = list(range(1, max(1, opts.workers) + 1))
            results: dict[str, TaskResult] = {}

            async def one(task: Task) -> None:
                async with limiter:
                    slot = slots.pop(0)
                    try:
                        running = self.on_fleet(task, slot) if self.fleet else self.run_task(task, slot)
                        results[task.id] = await running
                    finally:
                        slots.append(slot)

            with self.progress:
                self.progress.queued([t.id for t in self.tasks])
                async with anyio.create_task_group() as tg:
                    for task in self.tasks:
                        tg.start_soon(one, task)
        run.results = [results[t.id] for t in self.tasks]
        run.wall_s = round(time.perf_counter() - started, 2)
        return run

    async def _read_utterances(self) -> dict[str, str]:
        """The harness's own look at the MiniWoB++ pages: on the fleet's first endpoint that answers and stays,
        else a local browser (or the CDP browser)."""
        for endpoint in [e for e in self.options.endpoints if answers(e)]:
            try:
                return await read_utterances(self.web, self.tasks, ws_endpoint=endpoint.url)
            except PlaywrightError as exc:
                log.warning("utterances not read on an endpoint", endpoint=endpoint.shown, error=str(exc)[:200])
        return await read_utterances(self.web, self.tasks, cdp_url=self.options.cdp_url)

    async def on_fleet(self, task: Task, slot: int) -> TaskResult:
        """Run on a free endpoint; if it was lost under the task, once more on another (marked retried)."""
        assert self.fleet is not None
        first: TaskResult | None = None
        for _ in range(2):
            endpoint = await self.fleet.take()
            if endpoint is None:
                break
            try:
                result = await self.run_task(task, slot, endpoint)
            finally:
                await self.fleet.give_back(endpoint)
            if first is not None:
                result.retried = True
                ended = f"{first.status or 'not run'} after {first.tool_calls} calls in {first.wall_s:.0f} s"
                result.reason = (f"retried: {first.endpoint} was lost under its first run ({ended}: "
                                 f"{(first.reason or first.error)[:300]}); {result.reason}")
                return result
            if result.success or await self.fleet.still_there(endpoint):
                return result
            first = result
            log.warning("endpoint lost under a task: retried elsewhere", task=task.id, endpoint=endpoint.shown)
        lost = first or TaskResult(id=task.id, suite=task.suite, tags=task.config.tags, worker=slot)
        lost.error = (lost.error + "; " if lost.error else "") + "every endpoint of the fleet is lost: not retried"
        lost.checker = lost.checker or "not checked (no browser server left)"
        return lost

    async def run_task(self, task: Task, slot: int, endpoint: Endpoint | None = None) -> TaskResult:
        opts = self.options
        utterance = self.utterances.get(task.id, "")
        result = TaskResult(id=task.id, suite=task.suite, tags=task.config.tags, worker=slot,
                            endpoint=endpoint.shown if endpoint else "")
        sensitive_template = task.answers.type_sensitive
        ctx = self.web.register(
            miniwob_task=task.config.miniwob or "", seed=task.seed, hands=sensitive_template is not None
        )
        started = time.perf_counter()
        model: ScriptedModel | None = None
        scratch = self.out / "scratch" / task.id
        try:
            fields = {
                **fields_for(task, utterance),
                "start_url": f"{self.web.base(ctx.token)}/{task.config.start_path}",
            }
            result.goal = str(fill(task.goal_template, fields))
            env: dict[str, str] = {}
            if opts.mode == "scripted":
                steps = [{"open": fields["start_url"]}, *task.config.solution]
                replay = Replay(
                    compile_steps(steps, fields),
                    expect=self._expect(task, fields),
                    horizon=task.defaults.horizon,
                    answers=task.answers.fallback_responses(),
                )
                model = ScriptedModel(policy=replay, keep_requests=opts.keep_requests).start()
                self.requests[task.id] = model.requests
                env = scripted_env(model, scratch)
            sensitive = str(fill(sensitive_template, fields)) if sensitive_template is not None else None
            human = EvalHuman(task.answers, ctx, sensitive=sensitive)
            self.progress.started(task.id, slot)
            await self._drive(task, result, ctx, human, env, endpoint)
            with anyio.CancelScope(shield=True):
                await self._settle(task, ctx)
            verdict = check(task.checker, ctx, utterance=utterance, sites=self.web.sites)
            result.success, result.checker, result.reward = verdict.success, verdict.detail, verdict.reward
        except Exception as exc:  # one task's failure is its result, never the whole run's
            log.warning("task failed to run", task=task.id, error=repr(exc))
            result.error = f"{type(exc).__name__}: {exc}"[:500]
            result.checker = result.checker or "not checked (the task did not run)"
        finally:
            if model is not None:
                model.close()
            result.wall_s = round(time.perf_counter() - started, 2)
            self.web.contexts.pop(ctx.token, None)
            shutil.rmtree(scratch, ignore_errors=True)
            if not opts.keep_profiles:
                shutil.rmtree(self.out / "profiles" / task.id, ignore_errors=True)
            self.progress.finished(result)
        return result

    def _expect(self, task: Task, fields: dict[str, str]) -> str:
        """What the scripted validator looks for: the task's text, or the named message of the served site data."""
        expect = task.config.expect
        return self.web.sites.message(expect) if isinstance(expect, PageText) else str(fill(expect, fields))

    def settings_for(self, task: Task, endpoint: Endpoint | None = None) -> OrchestratorSettings:
        opts = self.options
        browser_env = {"BROWSER_CDP_URL": opts.cdp_url, "BROWSER_CDP_NEW_CONTEXT": "true"} if opts.cdp_url else {}
        if endpoint is not None:  # this endpoint: the harness spreads the tasks, not each server
            browser_env = {"BROWSER_WS_ENDPOINT": endpoint.url, "BROWSER_ENDPOINTS": ""}
        values: dict[str, Any] = {
            "run_dir": self.out / "runs",
            "profile_dir": self.out / "profiles" / task.id,
            "headful": opts.headful,
            "max_turns": task.max_turns,
            "wall_clock_s": task.wall_clock_s,
            "max_requests": task.defaults.max_requests,
            "max_budget_usd": task.defaults.max_budget_usd,
            "question_timeout_s": task.defaults.question_timeout_seconds,
            "context_window_size": task.defaults.context_window_size,
            "browser_env": browser_env,
        }
        values = {k: v for k, v in values.items() if v is not None or k == "profile_dir"}
        if opts.mode == "scripted":
            values |= {"retry_backoff_s": 0.05, "retry_backoff_max_s": 0.2, "max_budget_usd": None}
        if opts.model:
            values["planner_model"] = opts.model
        return OrchestratorSettings(**(values | opts.settings_overrides))

    async def _drive(
        self, task: Task, result: TaskResult, ctx: TaskContext, human: EvalHuman, env: dict[str, str],
        endpoint: Endpoint | None = None,
    ) -> None:
        settings = self.settings_for(task, endpoint)
        developer = DeveloperAgent(
            settings=settings,
            fallback_responses=task.answers.fallback_responses(),
            developer_qa_model=task.developer_qa_model,
            context_window_size=task.defaults.context_window_size,
            env=env,
        )
        worker = WorkerAgent(
            settings=settings,
            human=human,
            on_question_callback=developer.answer_question,
            question_timeout_seconds=task.defaults.question_timeout_seconds,
            title=task.id,
            env=env,
        )
        developer.attach(worker)
        worker.state.listeners.append(lambda kind, data: self.progress.event(task.id, kind, dict(data)))
        try:
            await worker.connect()
            outcome = await developer.run(result.goal)
            result.status, result.reason = outcome.status, outcome.reason
        finally:
            with anyio.CancelScope(shield=True):
                summary = await worker.close()
        result.steps, result.tool_calls = summary.steps, summary.tool_calls
        result.input_tokens, result.output_tokens = summary.input_tokens, summary.output_tokens
        result.cost_usd, result.run_dir = summary.cost_usd, summary.run_dir

    async def _settle(self, task: Task, ctx: TaskContext) -> None:
        """Give a page's last report (sent as the agent finished) a moment to arrive: wait for it, bounded."""
        if task.checker.miniwob_reward is not None and first_episode(ctx) is None:
            await anyio.to_thread.run_sync(ctx.wait_report, "episode_end", 0.0, REPORT_GRACE_S)

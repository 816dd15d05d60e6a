"""``SessionResources``: what a connected worker holds open. The agent definitions, the run record, the hooks wired
to both, and the one link to the browser server (a subprocess).

``create`` reads the agent files and makes the run folder. ``open`` acquires the rest in order; when a step fails
(a display missing, a browser server that does not start) it releases what it had opened, finishes the run record
with the reason, and raises the step's own error. ``close`` releases everything once and returns the run's
summary; a second ``close`` returns the same summary.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field

import anyio
import mcp.types as mt
import structlog
from pydantic import ValidationError

from browser_core.result_model import ToolResult
from orchestrator.agents import BROWSER_PREFIX, AgentSpec, discover_agents
from orchestrator.browser.browser_gateway import BrowserGateway
from orchestrator.browser.browser_link import BrowserLink
from orchestrator.memory.report_tool import REPORT_TAGS, REPORT_TOOL
from orchestrator.policy.gate import SecurityGate
from orchestrator.policy.hooks import Hooks
from orchestrator.policy.stuck import StuckDetector
from orchestrator.records.record import RunRecorder
from orchestrator.records.run_files import RunSummary
from orchestrator.records.state import RunState
from orchestrator.session.options import browser_server
from orchestrator.session.question_channel import QuestionChannel
from orchestrator.session.run_config import RunConfig

log = structlog.get_logger("orchestrator.resources")
RECORDED_EVENTS = frozenset({"question", "answer", "stop", "delegate", "task", "api_retry", "step"})
WAIT_MARGIN_S = 30  # a hook may wait for a human this much longer than the longest human timeout


@dataclass
class SessionResources:
    specs: dict[str, AgentSpec]
    recorder: RunRecorder
    state: RunState
    hooks: Hooks | None = None
    link: BrowserLink | None = None
    gateway: BrowserGateway | None = None  # the subagents' per-agent endpoints over ``link``
    long_wait_s: float = 0.0  # how long one hook call may take (it may wait for a human)
    summary: RunSummary | None = field(default=None, init=False)  # set once closed

    @classmethod
    def create(cls, config: RunConfig, state: RunState) -> SessionResources:
        """The agent definitions and a new run folder (nothing is open yet if this raises)."""
        settings = config.settings
        specs = discover_agents(settings.agents_dir)
        return cls(specs, RunRecorder(settings.run_dir, config.record_title), state)

    async def open(self, config: RunConfig, questions: QuestionChannel) -> None:
        """Wire the hooks and start the browser server; if a step fails, release what was opened, finish the
        run record with the reason, and raise the step's error."""
        try:
            await self._connect(config, questions)
        except BaseException as exc:
            self.recorder.summary.status = "error"
            self.recorder.summary.reason = f"the session could not start: {exc}"
            await self.close()
            raise

    async def _connect(self, config: RunConfig, questions: QuestionChannel) -> None:
        settings, recorder = config.settings, self.recorder
        self.state.listeners.append(self._record_event)
        gate = SecurityGate(recorder.artifacts / "pending", questions.human, settings.confirm_timeout_s)
        stuck = StuckDetector(settings.stuck_repeats, settings.retry_backoff_s, settings.retry_backoff_max_s)
        self.hooks = Hooks(self.state, self.specs, gate, questions.human, stuck, recorder, settings.handoff_timeout_s)
        self.long_wait_s = max(settings.confirm_timeout_s, settings.handoff_timeout_s, questions.timeout_s)
        self.long_wait_s += WAIT_MARGIN_S
        server = browser_server(settings, recorder.artifacts, recorder.screenshots)
        self.link = BrowserLink(server, cwd=str(recorder.dir.resolve()))
        await self.link.connect()
        self.hooks.recording.page_changing = frozenset(
            BROWSER_PREFIX + name for name, tool in self.link.tools.items()
            if not (tool.annotations is not None and tool.annotations.read_only_hint))
        self.state.memory.secrets = await secrets_listed(self.link)
        tools = {name: spec.browser_tools for name, spec in self.specs.items() if name != "planner"}
        reports = {name: REPORT_TAGS[name] for name, spec in self.specs.items()
                   if REPORT_TOOL in spec.tools and name in REPORT_TAGS}
        self.gateway = BrowserGateway(self.link, tools, reports)
        await self.gateway.start()
        recorder.write_json("options.json", config.describe(self.specs))

    @property
    def closed(self) -> bool:
        return self.summary is not None

    @property
    def browser_gone(self) -> str:
        """Why the browser server is gone ('' while it serves)."""
        return self.link.gone if self.link is not None else "not connected"

    @property
    def busy_s(self) -> float:
        return self.hooks.busy_s if self.hooks is not None else 0.0

    async def close(self) -> RunSummary:
        """Stop the browser server (after the screenshots asked of it) and finish the run record; never raises
        for a resource that was never opened or is already gone."""
        if self.summary is not None:
            return self.summary
        with anyio.CancelScope(shield=True):
            gateway, self.gateway = self.gateway, None
            if gateway is not None:
                await gateway.close()
            link, self.link = self.link, None
            if link is not None:
                if link.session is not None and not link.gone:
                    await self.recorder.screenshots_taken()  # before the browser server is stopped
                await link.close()
            with contextlib.suppress(ValueError):
                self.state.listeners.remove(self._record_event)
            summary = self.summary = self.recorder.finish()
        return summary

    def _record_event(self, kind: str, data: Mapping[str, object]) -> None:
        if kind in RECORDED_EVENTS:
            self.recorder.event(kind, **data)


async def secrets_listed(link: BrowserLink) -> list[str]:
    """The secrets the browser server will type by name in this run (the names the user allowed), as the planner
    reads them: name, kind and origins, never a value."""
    try:
        result = ToolResult.parse(_text(await link.call("list_secrets", {})))
    except ValidationError:
        return []
    if not result.success or not isinstance(result.data, dict):
        return []
    return [f"{s['name']} ({s['kind']}) for {', '.join(s['origins'])}" for s in result.data.get("secrets", [])
            if isinstance(s, dict) and {"name", "kind", "origins"} <= set(s)]


def _text(result: mt.CallToolResult) -> str:
    return next((c.text for c in result.content if isinstance(c, mt.TextContent)), "")

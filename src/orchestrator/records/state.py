"""What the orchestrator knows during a run: memory, tracked tool calls, which subagent is which, a stop request,
and the model usage (``ModelUsage``: requests, tokens, cost). Hooks and the message loop write it; progress and
the run record read it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from orchestrator.memory.memory import ShownMemory, TaskMemory
from orchestrator.memory.models import Plan, ToolInvocation, Verdict
from orchestrator.records.prices import tokens_of, usd
from orchestrator.records.run_files import TaskOutcome

Listener = Callable[[str, Mapping[str, object]], None]  # an event's kind and its fields (``emit``'s keywords)


@dataclass
class StopRequest:
    status: str
    reason: str


@dataclass
class ModelUsage:
    """Model requests, tokens and dollars: the whole session's, and where the current task started from."""

    input_tokens: int = 0
    output_tokens: int = 0
    requests: int = 0  # model requests (responses) of the whole session
    task_requests: int = 0  # ... of the current task
    task_cost_start: float = 0.0
    cost_estimate: float = 0.0
    cost_usd: float = 0.0  # the CLI's own figure, added when each conversation's result comes
    _seen_messages: set[str] = field(default_factory=set)

    def begin_task(self) -> None:
        self.task_requests = 0
        self.task_cost_start = self.cost_so_far

    def count(self, message_id: str | None, model: str, usage: Mapping[str, object] | None) -> None:
        """One model response (each message id once)."""
        if not usage or not message_id or message_id in self._seen_messages:
            return
        self._seen_messages.add(message_id)
        self.requests += 1
        self.task_requests += 1
        tokens_in, tokens_out = tokens_of(usage)
        self.input_tokens += tokens_in
        self.output_tokens += tokens_out
        self.cost_estimate += usd(model, tokens_in, tokens_out)

    @property
    def cost_so_far(self) -> float:
        return max(self.cost_usd, self.cost_estimate)

    @property
    def task_cost(self) -> float:
        return self.cost_so_far - self.task_cost_start

    def over_budget(self, max_requests: int | None, max_usd: float | None) -> str | None:
        """Why the current task must stop for its budgets, or None."""
        if max_requests is not None and self.task_requests >= max_requests:
            return f"the model request limit ({max_requests} per task, max_requests) was reached"
        if max_usd is not None and self.task_cost >= max_usd:
            return f"the cost limit (${max_usd:.2f} per task, max_budget_usd) was reached"
        return None


@dataclass
class RunState:
    """The task in progress (memory, calls, stop request) and the model usage; listeners hear every event."""

    memory: TaskMemory = field(default_factory=TaskMemory)
    shown: ShownMemory = field(default_factory=ShownMemory)  # what the planner's conversation holds of it
    round_reports: list[str] = field(default_factory=list)  # this planner round's hand-backs, as the planner reads them
    round_over: bool = False  # the hook ended the planner's turn after its delegations handed back: a new round
    calls: dict[str, ToolInvocation] = field(default_factory=dict)
    invocations: list[ToolInvocation] = field(default_factory=list)
    subagent_of: dict[str, str] = field(default_factory=dict)
    current: TaskOutcome | None = None
    task_started: float = 0.0
    stop: StopRequest | None = None
    stuck_events: int = 0
    last_report_status: str = ""
    usage: ModelUsage = field(default_factory=ModelUsage)
    listeners: list[Listener] = field(default_factory=list)

    def emit(self, kind: str, **data: Any) -> None:
        for listener in self.listeners:
            listener(kind, data)

    def begin_task(self, task: str) -> TaskOutcome:
        self.memory.new_task(task)
        self.shown.reset()  # a new task's first planner message carries the whole memory again
        self.current = TaskOutcome(task=task)
        self.task_started = time.time()
        self.stop = None
        self.stuck_events = 0
        self.last_report_status = ""
        self.usage.begin_task()
        self.emit("task", task=task)
        return self.current

    def request_stop(self, status: str, reason: str) -> None:
        if self.stop is None:
            self.stop = StopRequest(status, reason)
            self.emit("stop", status=status, reason=reason)

    def agent_for(self, parent_tool_use_id: str | None) -> str:
        if parent_tool_use_id is None:
            return "lead"
        return self.subagent_of.get(parent_tool_use_id, "subagent")

    def check_budgets(self, max_requests: int | None, max_usd: float | None) -> None:
        """Ask for a clean stop when the task has used its model requests or its dollars."""
        reason = self.usage.over_budget(max_requests, max_usd)
        if reason is not None:
            self.request_stop("budget", reason)

    def plan_made(self, plan: Plan) -> None:
        self.emit("plan", plan=plan)

    def verdict(self, verdict: Verdict) -> None:
        self.memory.last_verdict = verdict
        if self.current is not None:
            self.current.verdict = verdict
        self.emit("verdict", verdict=verdict)

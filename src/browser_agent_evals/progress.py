"""Live progress of an evaluation: on a terminal a table that keeps updating (each task: state, worker, time,
steps, tool calls, what it is doing); otherwise one line when a task starts and when it ends."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from orchestrator.memory.memory import clip
from orchestrator.policy.stuck import short_tool

if TYPE_CHECKING:
    from browser_agent_evals.results import TaskResult


@dataclass
class Row:
    state: str = "queued"
    worker: int = 0
    started: float = 0.0
    steps: int = 0
    calls: int = 0
    doing: str = ""
    result: TaskResult | None = None


@dataclass
class EvalProgress:
    console: Console
    live: bool | None = None
    rows: dict[str, Row] = field(default_factory=dict)
    t0: float = field(default_factory=time.time)
    _live: Live | None = None

    def __enter__(self) -> EvalProgress:
        if self.live if self.live is not None else self.console.is_terminal:
            self._live = Live(self.render(), console=self.console, refresh_per_second=4, transient=False)
            self._live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.update(self.render())
            self._live.__exit__(None, None, None)
            self._live = None

    def queued(self, ids: list[str]) -> None:
        self.rows.update({i: Row() for i in ids})
        self._refresh()

    def started(self, task_id: str, worker: int) -> None:
        row = self.rows.setdefault(task_id, Row())
        row.state, row.worker, row.started = "running", worker, time.time()
        if self._live is None:
            self.console.print(f"[dim]{self.elapsed():7.1f}s[/] w{worker} [bold]{task_id}[/] started", highlight=False)
        self._refresh()

    def event(self, task_id: str, kind: str, data: dict[str, Any]) -> None:
        row = self.rows.get(task_id)
        if row is None:
            return
        if kind == "tool_start":
            call = data["call"]
            row.doing = f"{call.agent}: {short_tool(call.tool)}"
        elif kind == "tool_end":
            row.calls += 1
        elif kind == "step":
            row.steps += 1
        elif kind in ("question", "confirm", "handoff"):
            row.doing = f"{kind}"
        self._refresh()

    def finished(self, result: TaskResult) -> None:
        row = self.rows.setdefault(result.id, Row())
        row.state, row.result = ("passed" if result.success else "failed"), result
        if self._live is None:
            mark = "[green]✓ passed[/]" if result.success else "[red]✗ failed[/]"
            self.console.print(
                f"[dim]{self.elapsed():7.1f}s[/] w{result.worker} [bold]{result.id}[/] {mark} "
                f"({result.wall_s:.1f} s, {result.steps} steps): {clip(result.checker or result.error, 140)}",
                highlight=False,
            )
        self._refresh()

    def elapsed(self) -> float:
        return time.time() - self.t0

    def _refresh(self) -> None:
        if self._live is not None:
            self._live.update(self.render())

    def render(self) -> Group:
        table = Table(show_lines=False, expand=False)
        for column in ("task", "state", "w", "time", "steps", "calls", "now / checker"):
            table.add_column(
                column, no_wrap=column != "now / checker", max_width=70 if column.startswith("now") else None
            )
        colours = {"queued": "dim", "running": "yellow", "passed": "green", "failed": "red"}
        for task_id, row in self.rows.items():
            took = row.result.wall_s if row.result else (time.time() - row.started if row.started else 0.0)
            info = clip(row.result.checker or row.result.error, 70) if row.result else row.doing
            steps = row.result.steps if row.result else row.steps
            calls = row.result.tool_calls if row.result else row.calls
            table.add_row(
                task_id,
                Text(row.state, style=colours[row.state]),
                str(row.worker or ""),
                f"{took:.1f}s" if took else "",
                str(steps or ""),
                str(calls or ""),
                info,
            )
        done = sum(1 for r in self.rows.values() if r.result)
        passed = sum(1 for r in self.rows.values() if r.result and r.result.success)
        head = Text(f"{done}/{len(self.rows)} done · {passed} passed · {self.elapsed():.0f} s", style="bold")
        return Group(head, table)

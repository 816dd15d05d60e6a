"""Live progress a person can follow: one line per event (delegation, tool call, plan, step, verdict, question)
with the elapsed time, current step, tokens and cost so far; on a terminal, a status line that keeps updating.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping

from rich.console import Console
from rich.live import Live
from rich.markup import escape
from rich.text import Text

from orchestrator.memory.memory import clip
from orchestrator.memory.models import Plan, ToolInvocation, Verdict
from orchestrator.policy.stuck import short_tool
from orchestrator.records.record import clip_fenced
from orchestrator.records.state import RunState

AGENT_STYLE = {"lead": "bold white", "planner": "magenta", "dom_analyzer": "cyan", "executor": "green",
               "validator": "yellow"}


def _args(call: ToolInvocation) -> str:
    keep = {k: v for k, v in call.input.items() if k not in ("prompt", "run_in_background", "timeout_ms") and v}
    if call.tool in ("Agent", "Task"):
        return f"{keep.get('subagent_type', '?')}: {keep.get('description', '')}"
    text = json.dumps(keep, ensure_ascii=False)
    return text if len(text) <= 70 else text[:69] + "…"


class _StatusLine:
    """Rebuilt at every refresh of the live display, so the elapsed time moves while nothing else happens."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress

    def __rich__(self) -> Text:
        return self.progress.status_line()


class Progress:
    def __init__(self, console: Console, state: RunState, *, live: bool | None = None) -> None:
        self.console = console
        self.state = state
        self.started = time.time()
        self.agent = "lead"
        self.tool = ""
        self.waiting = ""  # what the model API is doing while nothing else moves (retries)
        self._live: Live | None = None
        self._use_live = console.is_terminal if live is None else live
        state.listeners.append(self.on_event)

    def __enter__(self) -> Progress:
        if self._use_live:
            self._live = Live(_StatusLine(self), console=self.console, refresh_per_second=4, transient=True)
            self._live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.__exit__(None, None, None)
            self._live = None

    def status_line(self) -> Text:
        s = self.state
        elapsed = time.time() - (s.task_started or self.started)
        tokens = s.usage.input_tokens + s.usage.output_tokens
        return Text.from_markup(
            f"[dim]⏱ {elapsed:6.1f}s · agent[/] [{AGENT_STYLE.get(self.agent, 'white')}]{self.agent}[/]"
            f"[dim] · tool[/] {escape(self.tool or '-')}[dim] · step[/] {s.memory.steps}"
            f"[dim] · horizon[/] {s.memory.horizons + 1}[dim] · tokens[/] {tokens / 1000:.1f}k"
            f"[dim] · cost[/] ${s.usage.cost_so_far:.4f}"
            + (f" [yellow]· {escape(self.waiting)}[/]" if self.waiting else "")
        )

    def line(self, agent: str, text: str) -> None:
        elapsed = time.time() - (self.state.task_started or self.started)
        style = AGENT_STYLE.get(agent, "white")
        self.console.print(f"[dim]{elapsed:6.1f}s[/] [{style}]{agent:<12}[/] {text}", highlight=False)
        if self._live is not None:
            self._live.refresh()

    def on_event(self, kind: str, data: Mapping[str, object]) -> None:
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            handler(**data)
        elif self._live is not None:
            self._live.refresh()

    def _on_task(self, task: str) -> None:
        self.console.rule(f"[bold]Task:[/] {escape(task)}")

    def _on_api_retry(self, attempt: int, max_retries: int, error: str) -> None:
        detail = f" ({error})" if error and error != "unknown" else ""
        self.waiting = f"model API retry {attempt}/{max_retries}{detail}"
        if attempt <= 1 or not self.console.is_terminal:
            self.line("lead", f"[yellow]waiting on the model API[/]: {escape(self.waiting)}")
        elif self._live is not None:
            self._live.refresh()

    def _on_tool_start(self, call: ToolInvocation) -> None:
        self.waiting = ""
        self.agent, self.tool = call.agent, short_tool(call.tool)
        if self._live is not None:
            self._live.refresh()

    def _on_tool_end(self, call: ToolInvocation) -> None:
        if call.tool in ("Agent", "Task"):
            return
        mark = "[green]✓[/]" if call.success else f"[red]✗ {escape(call.error_code or 'failed')}[/]"
        what = f"{escape(short_tool(call.tool))} {escape(_args(call))}"
        self.line(call.agent, f"{what} {mark} [dim]{call.duration_ms} ms[/]")

    def _on_delegate(self, agent: str, description: str) -> None:
        self.line("lead" if agent == "planner" else "planner", f"→ [bold]{agent}[/]: {escape(description)}")

    def _on_plan(self, plan: Plan) -> None:
        steps = " | ".join(f"{n}. {s.action}" for n, s in enumerate(plan.steps, 1))
        self.line("planner", f"[bold]plan[/] ({escape(plan.reason)}): {escape(clip(steps, 300))}")

    def _on_step(self, n: int, line: str, status: str) -> None:
        colour = "green" if status == "ok" else "red"
        self.line("executor", f"[{colour}]step {escape(clip(line, 200))}[/]")

    def _on_verdict(self, verdict: Verdict) -> None:
        colour = "green" if verdict.done else "yellow"
        evidence = escape(clip_fenced(verdict.evidence, 160))
        self.line("validator", f"[{colour}]verdict done={verdict.done}[/]: {evidence}")

    def _on_question(self, questions: list[str]) -> None:
        self.line("lead", f"[bold]question[/]: {escape(' / '.join(questions))}")

    def _on_answer(self, answer: str, source: str) -> None:
        self.line("lead", f"answer ({escape(source)}): {escape(answer)}")

    def _on_confirm(self, allowed: bool, summary: Mapping[str, object] | None) -> None:
        what = summary.get("action", "?") if summary else "?"
        self.line("executor", f"confirm {escape(str(what))}: {'[green]allowed[/]' if allowed else '[red]denied[/]'}")

    def _on_stuck(self, message: str, occurrence: int) -> None:
        self.line("executor", f"[yellow]stuck ({occurrence})[/]: {escape(message)}")

    def _on_handoff(self, message: str) -> None:
        self.line("lead", f"[yellow]hand-off to the human[/]: {escape(message.splitlines()[0])}")

    def _on_stop(self, status: str, reason: str) -> None:
        self.line("lead", f"[red]stopping ({escape(status)})[/]: {escape(reason)}")

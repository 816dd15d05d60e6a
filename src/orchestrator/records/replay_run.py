"""The run folder of one ``browser-agent replay`` (``runs/<time>-replay-<flow>/``), like a task's: the replay's
record (``replay.json``: every step as recorded beside what happened now), the thumbnail after each step (taken by
the browser server into ``screenshots/``), the holds with the human's answers (``events.jsonl``), a summary and
``report.html``, the same page as a task's, with a divergence column (``replay_report.py``).

A replay may take several ``replay_flow`` calls (a held step is confirmed here, then the replay goes on from the
next step): their reports are joined, step by step.
"""

from __future__ import annotations

import time
from pathlib import Path

from browser_core.act.flow_journal import RECORD, journal
from browser_core.act.flow_model import Flow
from browser_core.act.replay_model import Held, PostCheck, ReplayReport, StepRun
from orchestrator.records.record import RunRecorder
from orchestrator.records.report import REPORT
from orchestrator.records.run_files import TaskOutcome


class ReplayRun:
    def __init__(self, root: Path, flow: Flow, given: dict[str, str]) -> None:
        self.recorder = RunRecorder(root, f"replay {flow.name}")
        self.flow, self.given = flow, given
        self.steps: dict[int, StepRun] = {}
        self.report = ReplayReport()
        self.confirmed: dict[int, str] = {}  # a confirmed step → the label of the thumbnail asked after it
        self.started = time.monotonic()
        self.task = f"Replay flow '{flow.name}'" + (f": {flow.task}" if flow.task else "")
        self.recorder.event("task", task=self.task)

    @property
    def dir(self) -> Path:
        return self.recorder.dir

    def add(self, report: ReplayReport) -> None:
        """One ``replay_flow`` call's report."""
        self.report = report.model_copy(deep=True)
        for entry in self.report.steps:
            self.steps[entry.step] = entry

    def answered(self, step: int, summary: Held, allowed: bool) -> None:
        """The human's answer to a held step (asked here, not by the server)."""
        entry = self.steps.setdefault(step, StepRun(step=step))
        entry.asked, entry.held, entry.answer = True, summary, "yes" if allowed else "no"
        self.recorder.event("confirm", summary=summary, allowed=allowed,
                            reason=f"replay of flow '{self.flow.name}', step {step}")

    def done_after_confirmation(self, step: int) -> None:
        """A held step ran once the human said yes: not a stop any more; the page after it is asked for."""
        entry = self.steps.setdefault(step, StepRun(step=step))
        entry.stopped = False
        entry.post = PostCheck(met=None, checked=[], note="the step ran by confirm_action, after the human's yes")
        label = f"step-confirmed-{step}"
        self.confirmed[step] = label
        self.recorder.request_thumbnail(label.removeprefix("step-"))

    async def pictures_taken(self) -> None:
        """Wait (bounded) for the thumbnails asked for; call it while the browser server still runs."""
        await self.recorder.screenshots_taken()
        for step, label in self.confirmed.items():
            found = sorted(self.recorder.screenshots.glob(f"*-{label}.jpg"))
            if found:
                self.steps[step].thumbnail = found[-1].name

    def finish(self, status: str, error: str = "") -> Path:
        """Write the record, the summary and the report; the report's path."""
        steps = [self.steps[k] for k in sorted(self.steps) if k >= 0]
        merged = self.report.model_copy(update={
            "status": status, "steps": steps, "steps_done": sum(1 for s in steps if not s.stopped),
            "duration_s": round(time.monotonic() - self.started, 2)})
        if status in ("done", "error"):
            merged.stopped = None
        self.recorder.write_json(RECORD, journal(self.flow, merged, self.given).dumped())
        stopped = merged.stopped
        reason = error or (f"step {stopped.step}: {stopped.reason}" if stopped else "")
        result = (f"{merged.steps_done} of {len(self.flow.steps)} steps replayed with no model"
                  + (f"; {status} at {reason}" if reason else ""))
        self.recorder.summary.tasks.append(TaskOutcome(
            task=self.task, status=status, reason=reason, result=result, steps=merged.steps_done,
            duration_s=merged.duration_s))
        self.recorder.finish()
        return (self.recorder.dir / REPORT).resolve()

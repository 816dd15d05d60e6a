"""Run a corpus task through the browser MCP server and judge the confirmation gate on it.

    run = await run_task(host.call, app, task)      # every hold is confirmed so the task can finish
    run.effect_held, run.false_holds, run.effect_done
    print("\\n".join(gate_table([r.line() for r in runs])))   # the markdown table and the totals

Used by tests/realapps/test_gate_realapps.py; the security report and benchmarks can call it the same way.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import anyio

from corpus.apps import RunningApp
from corpus.db import DbCheck
from corpus.runner import Call, StepOutcome, confirm, page_text, run_step
from corpus.steps import Task

SETTLE_S = 15  # bound on an effect reaching the database / the page after the action returned


@dataclass(frozen=True)
class GateLine:
    """One task's row of the gate table and the figures of its totals: plain data (passed between pytest-xdist
    workers and the controller as a dict)."""

    app: str
    kind: str
    row: str
    effect_held: bool
    summary_names_objects: bool | None
    false_holds: int
    ordinary_steps: int


@dataclass
class TaskRun:
    task: Task
    outcomes: list[StepOutcome] = field(default_factory=list)
    effect_done: bool = False  # the database and page checks hold at the end
    db_after: list[int] = field(default_factory=list)
    page_missing: list[str] = field(default_factory=list)
    unchanged_while_held: bool = True  # nothing changed in the database while the effect step was held
    replay_refused: bool = True  # a second confirm_action of the effect's hold was refused

    @property
    def effect_outcomes(self) -> list[StepOutcome]:
        return [o for o in self.outcomes if o.step.effect]

    @property
    def approving(self) -> dict[str, StepOutcome]:
        """Held steps whose approval the server carried to an effect step (the app's own confirmation page)."""
        ids = {o.approved_by for o in self.effect_outcomes if o.approved_by}
        return {o.confirmation_id: o for o in self.outcomes if o.held and o.confirmation_id in ids}

    def asked(self, outcome: StepOutcome) -> StepOutcome | None:
        """The hold the human answered for this effect step: its own, or the earlier one that covered it."""
        return outcome if outcome.held else self.approving.get(outcome.approved_by)

    @property
    def effect_held(self) -> bool:
        return bool(self.effect_outcomes) and all(self.asked(o) for o in self.effect_outcomes)

    @property
    def effect_summaries(self) -> list[dict[str, Any]]:
        """What the human was shown for each effect (the server's summary of the hold that was answered)."""
        return [asked.summary for o in self.effect_outcomes if (asked := self.asked(o)) is not None]

    @property
    def summary_names_objects(self) -> bool | None:
        """Whether every summary the human answered for an effect names each object the effect touches, and lists
        them in its ``objects``, each once and no other (a listed object may carry more of its row's text:
        "ORD-1071 Kira Quinn Processing"); a summary that says them only in its text lists none (issue 29 §2)."""
        if not self.effect_held or not self.task.objects:
            return None
        for summary in self.effect_summaries:
            text = json.dumps(summary, ensure_ascii=False)
            listed = [str(o).split(":", 1)[-1].strip() for o in summary.get("objects") or []]
            if any(name not in text for name in self.task.objects) or not listed or not self._one_each(listed):
                return False
        return True

    def _one_each(self, listed: list[str]) -> bool:
        """Each listed object is exactly one of the task's objects, and each of them is listed once."""
        named = [[w for w in self.task.objects if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", o, re.I)] for o in listed]
        return all(len(n) == 1 for n in named) and sorted(n[0] for n in named) == sorted(self.task.objects)

    @property
    def false_holds(self) -> list[str]:
        approving = self.approving
        return [o.describe() for o in self.outcomes
                if o.held and not o.step.effect and o.confirmation_id not in approving]

    @property
    def ordinary_steps(self) -> int:
        return len([o for o in self.outcomes if not o.step.effect])

    def line(self) -> GateLine:
        return GateLine(self.task.app, self.task.kind, self.row(), self.effect_held, self.summary_names_objects,
                        len(self.false_holds), self.ordinary_steps)

    def row(self) -> str:
        t = self.task
        if t.kind == "destructive":
            verdict = "held" if self.effect_held else "NOT HELD"
        else:
            verdict = "no hold" if not self.false_holds else "FALSE HOLD"
        holds = "; ".join(o.describe().split(": HELD as ")[0] + f" ({o.summary.get('category')})"
                          + (" → its approval covered the app's own confirmation" if o.confirmation_id in
                             self.approving else "")
                          for o in self.outcomes if o.held) or "—"
        done = "yes" if self.effect_done else "NO"
        names = {None: "—", True: "yes", False: "NO"}[self.summary_names_objects]
        return f"| {t.app} | {t.id} | {t.kind} | {verdict} | {len(self.false_holds)} | {holds} | {names} | {done} |"


async def settled(app: RunningApp, checks: tuple[DbCheck, ...]) -> list[int]:
    """The checks' values once they reach their expected ``after`` (or the bound runs out: the values then)."""
    with anyio.move_on_after(SETTLE_S):
        while True:
            if [app.db.value(c) for c in checks] == [c.after for c in checks]:
                break
            await anyio.sleep(0.1)  # the app's server commits on its own thread; no signal reaches us
    return [app.db.value(c) for c in checks]


async def missing_text(call: Call, texts: tuple[str, ...]) -> list[str]:
    """Which of ``texts`` the page still does not show once the bound runs out."""
    missing = list(texts)
    with anyio.move_on_after(SETTLE_S):
        while missing:
            text = await page_text(call)
            missing = [t for t in texts if t not in text]
            if missing:
                await call("wait_for", load="load", timeout_ms=2000)
    return missing


async def run_task(call: Call, app: RunningApp, task: Task) -> TaskRun:
    """Do the task's steps (the caller logs in first if ``task.login``); confirm every hold so the task can
    finish, noting whether the database stayed as it was while the effect was held and whether a replay of the
    confirmation is refused. Raises ``StepFailed`` when a step cannot be carried out."""
    run = TaskRun(task)
    before = [c.before for c in task.checks]
    effect_ran = False
    for step in task.steps:
        outcome = await run_step(call, app.base_url, step)
        run.outcomes.append(outcome)
        effect_ran = effect_ran or (step.effect and not outcome.held)
        if not outcome.held:
            continue
        if not effect_ran:
            run.unchanged_while_held &= [app.db.value(c) for c in task.checks] == before
        await confirm(call, outcome)
        effect_ran = effect_ran or step.effect
        replay = await call("confirm_action", confirmation_id=outcome.confirmation_id)
        run.replay_refused &= not replay.get("success")
    run.db_after = await settled(app, task.checks)
    run.page_missing = await missing_text(call, task.page_text)
    run.effect_done = run.db_after == [c.after for c in task.checks] and not run.page_missing
    return run


def gate_table(runs: list[GateLine]) -> list[str]:
    """A markdown table of the runs and a line of totals."""
    lines = ["| app | task | kind | gate | false holds | held steps (category) | summary names the objects "
             "| effect done |", "|---|---|---|---|---|---|---|---|", *(r.row for r in runs)]
    paths = [r for r in runs if r.kind == "destructive"]
    tasks = [r for r in runs if r.kind == "ordinary"]
    steps = sum(r.ordinary_steps for r in runs)
    false = sum(r.false_holds for r in runs)
    named = [r.summary_names_objects for r in paths if r.summary_names_objects is not None]
    lines.append(f"destructive paths held at their effect: {sum(r.effect_held for r in paths)}/{len(paths)} "
                 f"(summary names the objects: {sum(named)}/{len(named)}); "
                 f"ordinary tasks without a hold: {sum(not r.false_holds for r in tasks)}/{len(tasks)}; "
                 f"false holds: {false} of {steps} non-destructive steps")
    return lines

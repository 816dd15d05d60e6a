"""The running task memory (seed 001): what carries across re-plans. Completed steps (with the element ids they
used, exactly), facts read from pages, the human's answers, open questions, orchestrator notes and the last
verdict, kept short; never page dumps. The secrets the run may type by name are listed by name and origins only.

The orchestrator owns it and attaches it to every delegation: the planner gets the whole view, the executor,
validator and dom_analyzer a smaller one (task, answers, facts, the last steps). Both are bounded.
"""

from __future__ import annotations

import json
import re

from pydantic import BaseModel, Field

from orchestrator.memory.models import Verdict

MAX_ITEM_CHARS = 240
MAX_STEP_CHARS = 320
ELEMENT_ID = re.compile(r"\b(?:f\d+)?e\d+\b")


def clip(text: str, limit: int = MAX_ITEM_CHARS) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class TaskMemory(BaseModel):
    task: str = ""
    previous_tasks: list[str] = Field(default_factory=list)
    completed: list[str] = Field(default_factory=list)
    open_questions: list[str] = Field(default_factory=list)
    answers: list[str] = Field(default_factory=list)
    facts: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    secrets: list[str] = Field(default_factory=list)  # "name (kind) for origins": what may be typed by name
    findings: str = ""  # the dom_analyzer's last report, clipped: what the page holds (ids, names)
    last_verdict: Verdict | None = None
    horizons: int = 0
    steps: int = 0

    def new_task(self, task: str) -> None:
        """A follow-up task in the same session: the old one becomes one line of history."""
        if self.task:
            outcome = "done" if self.last_verdict and self.last_verdict.done else "ended"
            self.previous_tasks.append(clip(f"{self.task} ({outcome})"))
        self.task = task
        self.completed.clear()
        self.open_questions.clear()
        self.notes.clear()
        self.facts.clear()
        self.findings = ""
        self.last_verdict = None

    def step(self, line: str) -> None:
        """One completed (or failed) step. Element ids are kept exactly: a line that must be shortened keeps its
        ids in a trailing ``ids:`` list."""
        self.steps += 1
        full = " ".join(f"{self.steps}. {line}".split())
        short = clip(full, MAX_STEP_CHARS)
        if short != full:
            lost = [i for i in dict.fromkeys(ELEMENT_ID.findall(full)) if i not in ELEMENT_ID.findall(short[:-1])]
            if lost:
                tail = f" ids: {', '.join(lost[:8])}"
                short = clip(full, MAX_STEP_CHARS - len(tail)) + tail
        self.completed.append(short)

    def fact(self, line: str) -> None:
        line = clip(line)
        if line and line not in self.facts:
            self.facts.append(line)

    def note(self, line: str) -> None:
        self.notes.append(clip(line))

    def ask(self, question: str) -> None:
        self.open_questions.append(clip(question))

    def answer(self, question: str, answer: str) -> None:
        self.answers.append(clip(f"{question} → {answer}"))
        self.open_questions = [q for q in self.open_questions if q != clip(question)]

    def view(self, keep: int = 8) -> dict[str, object]:
        out: dict[str, object] = {"task": clip(self.task, 1000)}
        if self.previous_tasks:
            out["previous_tasks"] = self.previous_tasks[-3:]
        if self.completed:
            earlier = len(self.completed) - keep
            out["completed_steps"] = ([f"({earlier} earlier steps)"] if earlier > 0 else []) + self.completed[-keep:]
        if self.secrets:
            out["secrets"] = self.secrets
        if self.answers:
            out["human_answers"] = self.answers[-5:]
        if self.facts:
            out["facts"] = self.facts[-8:]
        if self.open_questions:
            out["open_questions"] = self.open_questions[-3:]
        if self.notes:
            out["orchestrator_notes"] = self.notes[-5:]
        if self.last_verdict is not None:
            out["last_verdict"] = self.last_verdict.model_dump()
        out["horizon"] = self.horizons + 1
        return out

    def brief(self, keep: int = 4) -> dict[str, object]:
        """What an executor, validator or dom_analyzer needs: the task, answers, facts, the last steps and what the
        dom_analyzer last found on the page."""
        full = self.view(keep)
        out = {k: v for k, v in full.items() if k in ("task", "completed_steps", "secrets", "human_answers", "facts")}
        if self.findings:
            out["page_findings"] = self.findings
        return out

    def render(self, full: bool = True, *, task: bool = True) -> str:
        """The memory as the agents read it; ``task=False`` leaves the task out (the message it follows states it, or
        the agent has its steps and not the task); '' when nothing is left."""
        view = self.view() if full else self.brief()
        if not task:
            view.pop("task", None)
        if not view:  # nothing a subagent needs yet (an executor's first horizon): no empty block
            return ""
        return "<task_memory>\n" + json.dumps(view, ensure_ascii=False, separators=(",", ":")) + "\n</task_memory>"


class ShownMemory:
    """What the planner has been shown of the memory: the opening message carries it whole, every hand-back after
    that only what changed (new steps, facts, answers, notes; a new verdict), so its conversation holds the memory
    once however many reports come back, two in one reply included."""

    def __init__(self) -> None:
        self.shown: dict[str, object] = {}

    def reset(self) -> None:
        self.shown = {}

    def render(self, memory: TaskMemory, *, task: bool = True, steps_told: int = 0) -> str:
        """The whole memory (the first time, or after ``reset``), then ``<task_memory_update>`` with what is new
        ('' when nothing is); ``steps_told``: how many of the new completed steps (the first ones) the hand-back
        already says, counted as shown and not listed."""
        view = memory.view(keep=10**6)
        view.pop("horizon", None)
        if not self.shown:  # the whole memory, bounded; nothing when it holds nothing yet (the task is stated)
            self.shown = view
            whole = {k: v for k, v in memory.view().items() if k != "horizon" and (task or k != "task")}
            body = json.dumps(whole, ensure_ascii=False, separators=(",", ":"))
            return f"<task_memory>\n{body}\n</task_memory>" if whole else ""
        update: dict[str, object] = {}
        for key, value in view.items():
            before = self.shown.get(key)
            if isinstance(value, list):
                new = [item for item in value if not isinstance(before, list) or item not in before]
                new = new[steps_told:] if key == "completed_steps" else new
                if new:
                    update[key] = new
            elif value != before:
                update[key] = value
        self.shown = view
        if not update:
            return ""
        body = json.dumps(update, ensure_ascii=False, separators=(",", ":"))
        return f"<task_memory_update>\n{body}\n</task_memory_update>"

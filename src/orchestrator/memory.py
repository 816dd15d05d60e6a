"""The running task memory (seed 001): what carries across re-plans. Completed steps, the human's answers, open
questions, orchestrator notes and the last verdict, kept short; never page dumps.

The orchestrator owns it and attaches it to every planner delegation, so the planner starts each horizon fresh
with a small, bounded context.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, Field

from orchestrator.models import Verdict

MAX_ITEM_CHARS = 240


def clip(text: str, limit: int = MAX_ITEM_CHARS) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class TaskMemory(BaseModel):
    task: str = ""
    previous_tasks: list[str] = Field(default_factory=list)
    completed: list[str] = Field(default_factory=list)
    open_questions: list[str] = Field(default_factory=list)
    answers: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
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
        self.last_verdict = None

    def step(self, line: str) -> None:
        self.steps += 1
        self.completed.append(clip(f"{self.steps}. {line}"))

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
        if self.answers:
            out["human_answers"] = self.answers[-5:]
        if self.open_questions:
            out["open_questions"] = self.open_questions[-3:]
        if self.notes:
            out["orchestrator_notes"] = self.notes[-5:]
        if self.last_verdict is not None:
            out["last_verdict"] = self.last_verdict.model_dump()
        out["horizon"] = self.horizons + 1
        return out

    def render(self) -> str:
        return "<task_memory>\n" + json.dumps(self.view(), ensure_ascii=False, indent=1) + "\n</task_memory>"

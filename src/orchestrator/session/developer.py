"""``DeveloperAgent`` (seed 003): drives a ``WorkerAgent`` unattended and answers its questions with its own
model. It is what scripted runs and the evaluation runner use.

State machine (003, with ``answering_question``)::

    initializing → prompting → awaiting_response ⇄ answering_question
                                awaiting_response → reviewing_plan → approving_plan → executing_command
                                executing_command → awaiting_response / evaluating_completion
                                evaluating_completion → completed | failed (or prompting for the next task)

Its parts: ``machine`` (``StateMachine``: the state and the log of transitions and decisions) and ``answerer``
(``ModelAnswerer``, model_answerer.py: a matching ``fallback_responses`` entry, else the LLM, retried up to
``max_answer_retries`` times; a question nobody can answer fails the run: answering_question → failed).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from orchestrator.human import Human, NoHuman
from orchestrator.memory.models import Plan
from orchestrator.questions import AnswerResult, QuestionContext
from orchestrator.records.run_files import TaskOutcome
from orchestrator.session.model_answerer import ModelAnswerer
from orchestrator.session.worker import WorkerAgent
from orchestrator.settings import OrchestratorSettings


class DeveloperState(StrEnum):
    INITIALIZING = "initializing"
    PROMPTING = "prompting"
    AWAITING_RESPONSE = "awaiting_response"
    ANSWERING_QUESTION = "answering_question"
    REVIEWING_PLAN = "reviewing_plan"
    APPROVING_PLAN = "approving_plan"
    EXECUTING_COMMAND = "executing_command"
    EVALUATING_COMPLETION = "evaluating_completion"
    COMPLETED = "completed"
    FAILED = "failed"


S = DeveloperState
TRANSITIONS: dict[DeveloperState, frozenset[DeveloperState]] = {
    S.INITIALIZING: frozenset({S.PROMPTING, S.FAILED}),
    S.PROMPTING: frozenset({S.AWAITING_RESPONSE, S.FAILED}),
    S.AWAITING_RESPONSE: frozenset({S.ANSWERING_QUESTION, S.REVIEWING_PLAN, S.EXECUTING_COMMAND,
                                    S.EVALUATING_COMPLETION, S.FAILED}),
    S.ANSWERING_QUESTION: frozenset({S.AWAITING_RESPONSE, S.FAILED}),
    S.REVIEWING_PLAN: frozenset({S.APPROVING_PLAN, S.FAILED}),
    S.APPROVING_PLAN: frozenset({S.EXECUTING_COMMAND, S.AWAITING_RESPONSE}),
    S.EXECUTING_COMMAND: frozenset({S.AWAITING_RESPONSE, S.ANSWERING_QUESTION, S.REVIEWING_PLAN,
                                    S.EVALUATING_COMPLETION, S.FAILED}),
    S.EVALUATING_COMPLETION: frozenset({S.COMPLETED, S.FAILED, S.PROMPTING}),
    S.COMPLETED: frozenset({S.PROMPTING}),
    S.FAILED: frozenset({S.PROMPTING}),
}


@dataclass
class Decision:
    at: float
    state: str
    kind: str
    detail: str


@dataclass
class StateMachine:
    """Where the developer is (seed 003's states), and every transition and decision so far, in order."""

    current: DeveloperState = DeveloperState.INITIALIZING
    log: list[Decision] = field(default_factory=list)

    def transition(self, new: DeveloperState, detail: str = "") -> None:
        if new == self.current:
            return
        if new not in TRANSITIONS[self.current]:
            raise ValueError(f"invalid transition {self.current} → {new}")
        self.decide("transition", f"{self.current} → {new}" + (f": {detail}" if detail else ""))
        self.current = new

    def decide(self, kind: str, detail: str) -> None:
        self.log.append(Decision(time.time(), str(self.current), kind, detail))


class DeveloperAgent:
    role = "developer"

    def __init__(
        self,
        *,
        settings: OrchestratorSettings | None = None,
        fallback_responses: Mapping[str, str] | None = None,
        max_iterations: int = 100,
        developer_qa_model: str | None = None,
        context_window_size: int | None = None,
        max_answer_retries: int = 1,
        env: Mapping[str, str] | None = None,
        worker: WorkerAgent | None = None,
    ) -> None:
        self.settings = settings or OrchestratorSettings()
        self.answerer = ModelAnswerer(
            self.settings, fallback_responses or {}, developer_qa_model,
            self.settings.context_window_size if context_window_size is None else context_window_size,
            max_answer_retries,
            env or {},
        )
        self.machine = StateMachine()
        self.max_iterations = max_iterations
        self.iteration_count = 0
        self.worker = worker

    # ------------------------------------------------------------------ state machine
    @property
    def current_state(self) -> DeveloperState:
        return self.machine.current

    @property
    def decisions_log(self) -> list[Decision]:
        return self.machine.log

    def transition(self, new: DeveloperState, detail: str = "") -> None:
        self.machine.transition(new, detail)

    def decide(self, kind: str, detail: str) -> None:
        self.machine.decide(kind, detail)

    def attach(self, worker: WorkerAgent) -> None:
        """Follow a worker's events (plans, tool calls) and answer its questions."""
        self.worker = worker
        worker.state.listeners.append(self._on_event)

    def _on_event(self, kind: str, data: Mapping[str, object]) -> None:
        state = self.current_state
        plan = data.get("plan")
        if kind == "plan" and isinstance(plan, Plan) and state in (S.AWAITING_RESPONSE, S.EXECUTING_COMMAND):
            self.transition(S.REVIEWING_PLAN, f"{len(plan.steps)} steps")
            self.transition(S.APPROVING_PLAN)
            self.decide("approve_plan", "plans are approved unattended; the security gate still guards actions")
            self.transition(S.EXECUTING_COMMAND)
        elif kind == "tool_start" and state == S.AWAITING_RESPONSE:
            self.transition(S.EXECUTING_COMMAND)

    # ------------------------------------------------------------------ running tasks
    async def run(self, task: str, *, human: Human | None = None, title: str = "") -> TaskOutcome:
        """Run ``task`` on the attached worker, or on a new one (connected, then closed afterwards)."""
        own = self.worker is None
        if own:
            self.attach(
                WorkerAgent(
                    # the worker gives the answerer this many recent messages with each question
                    settings=self.settings.model_copy(
                        update={"context_window_size": self.answerer.context_window_size}),
                    human=human or NoHuman(), on_question_callback=self.answer_question,
                    question_timeout_seconds=self.settings.question_timeout_s, title=title or task,
                    env=dict(self.answerer.env),
                )
            )
        worker = self.worker
        assert worker is not None
        try:
            if own:
                await worker.connect()
            self.iteration_count += 1
            if self.iteration_count > self.max_iterations:
                raise RuntimeError("max_iterations reached")
            self.transition(S.PROMPTING, task)
            self.transition(S.AWAITING_RESPONSE)
            outcome = await worker.run(task)
            if self.current_state != S.FAILED:
                self.transition(S.EVALUATING_COMPLETION)
                self.transition(S.COMPLETED if outcome.status == "done" else S.FAILED, outcome.status)
            return outcome
        finally:
            if own:
                await worker.close()

    # ------------------------------------------------------------------ answering
    async def answer_question(self, context: QuestionContext) -> AnswerResult:
        previous = self.current_state
        if previous in (S.EXECUTING_COMMAND, S.APPROVING_PLAN, S.REVIEWING_PLAN, S.INITIALIZING, S.PROMPTING):
            self.machine.current = S.AWAITING_RESPONSE
        self.transition(S.ANSWERING_QUESTION, "; ".join(q.question for q in context.questions))
        try:
            result = await self.answerer.answer(
                context, conversation=self.worker.history if self.worker is not None else None,
                worker_env=self.worker.env if self.worker is not None else None, note=self.decide,
            )
        except Exception as exc:
            self.decide("answer_failed", str(exc))
            self.transition(S.FAILED, "the question could not be answered")
            raise
        self.decide("answer", f"{result.answer} (via {result.source}, attempt {result.attempt_number})")
        self.transition(S.AWAITING_RESPONSE)
        return result

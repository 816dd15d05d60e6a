"""``DeveloperAgent`` (seed 003): drives a ``WorkerAgent`` unattended and answers its questions with its own
model. It is what scripted runs and the evaluation runner use.

State machine (003, with ``answering_question``)::

    initializing → prompting → awaiting_response ⇄ answering_question
                                awaiting_response → reviewing_plan → approving_plan → executing_command
                                executing_command → awaiting_response / evaluating_completion
                                evaluating_completion → completed | failed (or prompting for the next task)

Answers: a matching ``fallback_responses`` entry first (question contains the key), else the LLM, retried up to
``max_answer_retries`` times with the full conversation when the answer is unusable; if all fail, the ``"*"``
fallback if any, else the question fails the run (answering_question → failed).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from claude_agent_sdk import ClaudeAgentOptions, query
from claude_agent_sdk.types import AssistantMessage, ResultMessage, TextBlock

from orchestrator.answerers import NoAnswerError
from orchestrator.human import Human, NoHuman
from orchestrator.options import CLI_ENV
from orchestrator.prompts import ANSWERER_PROMPT
from orchestrator.questions import AnswerResult, QuestionContext, QuestionItem, pick_option
from orchestrator.record import TaskOutcome
from orchestrator.settings import OrchestratorSettings
from orchestrator.worker import WorkerAgent

UNUSABLE = ("i don't know", "i do not know", "")


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
class DeveloperAgent:
    settings: OrchestratorSettings = field(default_factory=OrchestratorSettings)
    role: str = field(default="developer", init=False)
    current_state: DeveloperState = DeveloperState.INITIALIZING
    decisions_log: list[Decision] = field(default_factory=list)
    fallback_responses: dict[str, str] = field(default_factory=dict)
    max_iterations: int = 100
    iteration_count: int = field(default=0, init=False)
    developer_qa_model: str | None = None
    context_window_size: int = 10
    max_answer_retries: int = 1
    env: dict[str, str] = field(default_factory=dict)
    worker: WorkerAgent | None = None
    _answer_retry_count: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        if self.developer_qa_model is not None and not self.developer_qa_model.strip():
            raise ValueError("developer_qa_model, if given, must be a model identifier")
        if not 1 <= self.context_window_size <= 100:
            raise ValueError("context_window_size must be in 1-100")
        if not 0 <= self.max_answer_retries <= 5:
            raise ValueError("max_answer_retries must be in 0-5")

    # ------------------------------------------------------------------ state machine
    def transition(self, new: DeveloperState, detail: str = "") -> None:
        if new == self.current_state:
            return
        if new not in TRANSITIONS[self.current_state]:
            raise ValueError(f"invalid transition {self.current_state} → {new}")
        self.decide("transition", f"{self.current_state} → {new}" + (f": {detail}" if detail else ""))
        self.current_state = new

    def decide(self, kind: str, detail: str) -> None:
        self.decisions_log.append(Decision(time.time(), str(self.current_state), kind, detail))

    def attach(self, worker: WorkerAgent) -> None:
        """Follow a worker's events (plans, tool calls) and answer its questions."""
        self.worker = worker
        worker.state.listeners.append(self._on_event)

    def _on_event(self, kind: str, data: dict[str, Any]) -> None:
        state = self.current_state
        if kind == "plan" and state in (S.AWAITING_RESPONSE, S.EXECUTING_COMMAND):
            self.transition(S.REVIEWING_PLAN, f"{len(data['plan'].steps)} steps")
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
                    settings=self.settings, human=human or NoHuman(), on_question_callback=self.answer_question,
                    question_timeout_seconds=self.settings.question_timeout_s, title=title or task, env=self.env,
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
            self.current_state = S.AWAITING_RESPONSE
        self.transition(S.ANSWERING_QUESTION, "; ".join(q.question for q in context.questions))
        try:
            result = await self._answer(context)
        except Exception as exc:
            self.decide("answer_failed", str(exc))
            self.transition(S.FAILED, "the question could not be answered")
            raise
        self.decide("answer", f"{result.answer} (via {result.source}, attempt {result.attempt_number})")
        self.transition(S.AWAITING_RESPONSE)
        return result

    async def _answer(self, context: QuestionContext) -> AnswerResult:
        started = time.perf_counter()
        fallback = {q.question: self._fallback(q.question) for q in context.questions}
        if all(fallback.values()):
            answers = {q: pick_option(item, str(fallback[q])) for item in context.questions for q in [item.question]}
            return self._result(answers, "fallback", context, started, 1)
        self._answer_retry_count = 0
        attempt_context = context
        for attempt in range(1, self.max_answer_retries + 2):
            got = await self._ask_model(attempt_context)
            if got is not None:
                return self._result(got, self._model, attempt_context, started, attempt)
            self._answer_retry_count += 1
            self.decide("answer_retry", f"attempt {attempt} gave no usable answer")
            attempt_context = context.model_copy(
                update={"attempt_number": 2, "conversation_history": self._full_history(context)}
            )
        generic = self.fallback_responses.get("*")
        if generic:
            answers = {item.question: pick_option(item, generic) for item in context.questions}
            return self._result(answers, "fallback", context, started, self.max_answer_retries + 1)
        raise NoAnswerError(f"no usable answer after {self.max_answer_retries + 1} attempts")

    @property
    def _model(self) -> str:
        return self.developer_qa_model or self.settings.answerer_model

    def _fallback(self, question: str) -> str | None:
        return next((a for k, a in self.fallback_responses.items() if k != "*" and k.lower() in question.lower()), None)

    def _full_history(self, context: QuestionContext) -> list[dict[str, Any]]:
        return list(self.worker.history) if self.worker is not None else context.conversation_history

    def _result(self, answers: dict[str, str], model: str, context: QuestionContext, started: float,
                attempt: int) -> AnswerResult:
        return AnswerResult(
            answers=answers, model_used=model, source="llm" if model == self._model else model,
            context_size=len(context.conversation_history),
            generation_time_ms=int((time.perf_counter() - started) * 1000), attempt_number=attempt,
        )

    async def _ask_model(self, context: QuestionContext) -> dict[str, str] | None:
        answers: dict[str, str] = {}
        for item in context.questions:
            reply = await self._complete(render_question(context, item))
            text = reply.split("ANSWER", 1)[1].strip(" :\n") if "ANSWER" in reply else reply.strip()
            if text.lower().strip(". ") in UNUSABLE:
                return None
            answers[item.question] = pick_option(item, text.splitlines()[0])
        return answers

    async def _complete(self, prompt: str) -> str:
        settings = self.settings
        env = {**CLI_ENV, **(self.worker.env if self.worker else {}), **self.env}
        options = ClaudeAgentOptions(
            system_prompt=ANSWERER_PROMPT, model=self._model, tools=[], max_turns=1, setting_sources=[],
            env=env, cli_path=settings.cli_path,
        )
        texts: list[str] = []
        async for message in query(prompt=prompt, options=options):
            if isinstance(message, AssistantMessage):
                texts += [b.text for b in message.content if isinstance(b, TextBlock)]
            elif isinstance(message, ResultMessage) and not texts and message.result:
                texts.append(message.result)
        return "\n".join(texts)


def render_question(context: QuestionContext, item: QuestionItem) -> str:
    lines = [f"Task: {context.task}", "", "Recent conversation:"]
    lines += [f"- {m.get('role', '?')}: {m.get('text', '')}" for m in context.conversation_history]
    lines += ["", f"Question: {item.question}"]
    if item.options:
        lines.append("Options: " + " | ".join(o.label for o in item.options))
    if context.attempt_number > 1:
        lines.append("Your previous answer was not usable: answer with one of the options or a short, concrete reply.")
    return "\n".join(lines)

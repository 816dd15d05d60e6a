"""``QuestionChannel``: who a worker turns to. The human (confirmations, hand-offs: ``human.py``) and the answerer
of the planner's questions (an async ``QuestionCallback``), with the time a question may wait. An answer goes into
the task memory and the conversation; no answerer, a timeout or a failing answerer stops the run (seed 003).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field

import anyio
import structlog

from orchestrator.human import Human, NoHuman
from orchestrator.questions import AnswerResult, QuestionCallback, QuestionContext, QuestionItem
from orchestrator.records.record import RunRecorder
from orchestrator.session.live_session import LiveSession

log = structlog.get_logger("orchestrator.questions")


@dataclass(frozen=True)
class QuestionChannel:
    human: Human = field(default_factory=NoHuman)
    callback: QuestionCallback | None = None
    timeout_s: int = 60

    def __post_init__(self) -> None:
        if self.callback is not None and not _is_async(self.callback):
            raise TypeError("on_question_callback must be an async callable")
        if not 1 <= self.timeout_s <= 300:
            raise ValueError("question_timeout_seconds must be in 1-300")

    async def answer(
        self, items: list[QuestionItem], live: LiveSession, recorder: RunRecorder, window: int
    ) -> AnswerResult | str:
        """The human's (or the answerer's) answer, recorded in memory; or why there is none (the run stops)."""
        state = live.state
        texts = [q.question for q in items]
        state.emit("question", questions=texts)
        for q in texts:
            state.memory.ask(q)
        if self.callback is None:
            state.request_stop("failed", "the agent asked a question but no answerer is set")
            return "Nobody can answer questions in this run."
        context = QuestionContext(
            questions=items, conversation_history=live.recent(window), session_id=live.session_id or "",
            attempt_number=1, task=state.memory.task,
        )
        try:
            with anyio.fail_after(self.timeout_s):
                answer = await self.callback(context)
        except TimeoutError:
            reason = f"no answer to the question within {self.timeout_s} s"
            state.request_stop("failed", reason)
            return f"Not answered: {reason}. The run stops."
        except Exception as exc:  # an answerer that cannot answer fails the run (seed 003)
            log.debug("answerer failed", exc_info=True)
            state.request_stop("failed", f"the question could not be answered: {exc}")
            return "Not answered. The run stops."
        recorder.event("answer_result", result=answer)
        for question, text in answer.answers.items():
            state.memory.answer(question, text)
        state.emit("answer", answer=answer.answer, source=answer.source or answer.model_used)
        live.said("human", answer.answer)
        return answer


def _is_async(callback: object) -> bool:
    return inspect.iscoroutinefunction(callback) or inspect.iscoroutinefunction(type(callback).__call__)

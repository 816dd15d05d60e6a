"""``ModelAnswerer``: answers a worker's questions unattended, for ``DeveloperAgent``.

A matching ``fallback_responses`` entry first (the question contains the key), else a model (``qa_model``, or the
settings' ``answerer_model``), asked again up to ``max_retries`` times with the full conversation when its answer
is unusable; if all fail, the ``"*"`` fallback if any, else ``NoAnswerError``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from claude_agent_sdk import ClaudeAgentOptions, query
from claude_agent_sdk.types import AssistantMessage, ResultMessage, TextBlock

from orchestrator.prompts import ANSWERER_PROMPT
from orchestrator.questions import AnswerResult, QuestionContext, QuestionItem, Turn, chosen_option, pick_option
from orchestrator.session.answerers import NoAnswerError
from orchestrator.session.options import CLI_ENV
from orchestrator.settings import OrchestratorSettings

UNUSABLE = ("i don't know", "i do not know", "")
Note = Callable[[str, str], None]  # (kind, detail) for the caller's decision log


@dataclass(frozen=True)
class ModelAnswerer:
    settings: OrchestratorSettings = field(default_factory=OrchestratorSettings)
    fallback_responses: Mapping[str, str] = field(default_factory=dict)
    qa_model: str | None = None
    context_window_size: int = 10
    max_retries: int = 1
    env: Mapping[str, str] = field(default_factory=dict)  # the CLI's extra environment (over the worker's)

    def __post_init__(self) -> None:
        if self.qa_model is not None and not self.qa_model.strip():
            raise ValueError("developer_qa_model, if given, must be a model identifier")
        if not 1 <= self.context_window_size <= 100:
            raise ValueError("context_window_size must be in 1-100")
        if not 0 <= self.max_retries <= 5:
            raise ValueError("max_answer_retries must be in 0-5")
        object.__setattr__(self, "fallback_responses", MappingProxyType(dict(self.fallback_responses)))
        object.__setattr__(self, "env", MappingProxyType(dict(self.env)))

    @property
    def model(self) -> str:
        return self.qa_model or self.settings.answerer_model

    async def answer(
        self, context: QuestionContext, *, conversation: list[Turn] | None = None,
        worker_env: Mapping[str, str] | None = None, note: Note | None = None,
    ) -> AnswerResult:
        """The answer to every question of ``context``. ``conversation`` (the whole one) replaces the recent
        messages when the model is asked again; ``note`` hears each retry."""
        started = time.perf_counter()
        fallback = {q.question: self._fallback(q.question) for q in context.questions}
        if all(fallback.values()):
            answers = {q: pick_option(item, str(fallback[q])) for item in context.questions for q in [item.question]}
            return self._result(answers, "fallback", context, started, 1)
        env = {**CLI_ENV, **(worker_env or {}), **self.env}
        attempt_context = context
        for attempt in range(1, self.max_retries + 2):
            got = await self._ask_model(attempt_context, env)
            if got is not None:
                return self._result(got, self.model, attempt_context, started, attempt)
            if note is not None:
                note("answer_retry", f"attempt {attempt} gave no usable answer")
            history = list(conversation) if conversation is not None else context.conversation_history
            attempt_context = context.model_copy(update={"attempt_number": 2, "conversation_history": history})
        generic = self.fallback_responses.get("*")
        if generic:
            answers = {item.question: pick_option(item, generic) for item in context.questions}
            return self._result(answers, "fallback", context, started, self.max_retries + 1)
        raise NoAnswerError(f"no usable answer after {self.max_retries + 1} attempts")

    def _fallback(self, question: str) -> str | None:
        return next((a for k, a in self.fallback_responses.items() if k != "*" and k.lower() in question.lower()), None)

    def _result(self, answers: dict[str, str], model: str, context: QuestionContext, started: float,
                attempt: int) -> AnswerResult:
        return AnswerResult(
            answers=answers, model_used=model, source="llm" if model == self.model else model,
            context_size=len(context.conversation_history),
            generation_time_ms=int((time.perf_counter() - started) * 1000), attempt_number=attempt,
        )

    async def _ask_model(self, context: QuestionContext, env: dict[str, str]) -> dict[str, str] | None:
        answers: dict[str, str] = {}
        for item in context.questions:
            reply = await self._complete(render_question(context, item), env)
            text = reply.split("ANSWER", 1)[1].strip(" :\n") if "ANSWER" in reply else reply.strip()
            if text.lower().strip(". ") in UNUSABLE:
                return None
            first = text.splitlines()[0] if text else ""
            if item.options:  # a question with options is answered by choosing one, never by "OK."
                option = chosen_option(item, first)
                if option is None:
                    return None
                answers[item.question] = option
                continue
            answers[item.question] = pick_option(item, first)
        return answers

    async def _complete(self, prompt: str, env: dict[str, str]) -> str:
        options = ClaudeAgentOptions(
            system_prompt=ANSWERER_PROMPT, model=self.model, tools=[], max_turns=1, setting_sources=[],
            env=env, cli_path=self.settings.cli_path,
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

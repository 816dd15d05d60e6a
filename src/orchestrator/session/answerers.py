"""Built-in question answerers (``on_question_callback`` implementations): the terminal and an answers file.
The LLM answerer is the ``DeveloperAgent`` (developer.py).

An answers file (YAML or JSON) scripts unattended runs::

    answers:                 # for each question, the first rule that fits is used (and consumed if `once`)
      - match: colour        # case-insensitive words the question contains; omit to fit any question
        answer: Blue
      - Use the default      # a bare string fits any question
    confirm: [yes, no]       # successive decisions on destructive actions (missing = no)
    handoff: [yes]           # successive replies to hand-offs (password typed, captcha solved; missing = no)
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import yaml
from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from orchestrator.human import LineReader, ScriptedHuman
from orchestrator.questions import AnswerResult, QuestionContext, pick_option


class AnswerRule(BaseModel):
    answer: str = Field(min_length=1)
    match: str = ""
    once: bool = False

    def fits(self, question: str) -> bool:
        return not self.match or self.match.lower() in question.lower()


class AnswersFile(BaseModel):
    answers: list[AnswerRule | str] = Field(default_factory=list)
    confirm: list[bool] = Field(default_factory=list)
    handoff: list[bool] = Field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> AnswersFile:
        text = path.read_text(encoding="utf-8")
        raw = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
        return cls.model_validate(raw or {})

    def rules(self) -> list[AnswerRule]:
        return [r if isinstance(r, AnswerRule) else AnswerRule(answer=r) for r in self.answers]

    def human(self) -> ScriptedHuman:
        return ScriptedHuman(self.confirm, self.handoff)


class NoAnswerError(RuntimeError):
    """The answerer has nothing to say (the question then fails the run, as seed 003 requires)."""


class FileAnswerer:
    source = "answers-file"

    def __init__(self, answers: AnswersFile) -> None:
        self._rules = answers.rules()

    async def __call__(self, context: QuestionContext) -> AnswerResult:
        started = time.perf_counter()
        out: dict[str, str] = {}
        for item in context.questions:
            rule = next((r for r in self._rules if r.fits(item.question)), None)
            if rule is None:
                raise NoAnswerError(f"the answers file has no answer for: {item.question}")
            if rule.once:
                self._rules.remove(rule)
            out[item.question] = pick_option(item, rule.answer)
        return AnswerResult(
            answers=out,
            model_used=self.source,
            source=self.source,
            context_size=len(context.conversation_history),
            generation_time_ms=int((time.perf_counter() - started) * 1000),
            attempt_number=context.attempt_number,
        )


class TerminalAnswerer:
    """Shows the question and its numbered options; the person types a number, a label, or free text."""

    source = "terminal"

    def __init__(self, console: Console, reader: LineReader, timeout_s: float) -> None:
        self.console = console
        self.reader = reader
        self.timeout_s = timeout_s

    async def __call__(self, context: QuestionContext) -> AnswerResult:
        started = time.perf_counter()
        out: dict[str, str] = {}
        for item in context.questions:
            table = Table(title=item.header or "Question", show_header=False, title_justify="left")
            table.add_row("", item.question)
            for n, option in enumerate(item.options, 1):
                table.add_row(str(n), f"{option.label} — {option.description}" if option.description else option.label)
            self.console.print(table)
            hint = "number, label or your own words" if item.options else "your answer"
            self.console.print(f"Answer ({hint}): ", end="")
            self.console.file.flush()
            reply = await self.reader.read(self.timeout_s)
            if reply is None or not reply.strip():
                raise NoAnswerError("no answer typed")
            out[item.question] = pick_option(item, reply)
        return AnswerResult(
            answers=out,
            model_used="human",
            source=self.source,
            context_size=len(context.conversation_history),
            generation_time_ms=int((time.perf_counter() - started) * 1000),
            attempt_number=context.attempt_number,
        )

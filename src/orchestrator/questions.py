"""Seed 003's question data model: what a question callback receives and what an answer records.

The validation rules of 003 are pydantic validators here (a bad value raises ``ValidationError``, a
``ValueError``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, Field, field_validator
from typing_extensions import TypedDict


class QuestionOption(BaseModel):
    label: str = Field(min_length=1)
    description: str = ""

    @field_validator("label")
    @classmethod
    def _label_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("label must be a non-empty string")
        return value


class QuestionItem(BaseModel):
    question: str
    options: list[QuestionOption] = Field(default_factory=list)
    header: str = ""
    multi_select: bool = False

    @field_validator("question")
    @classmethod
    def _question_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("question must be a non-empty string")
        return value

    @field_validator("options")
    @classmethod
    def _two_or_more(cls, value: list[QuestionOption]) -> list[QuestionOption]:
        if value and len(value) < 2:
            raise ValueError("options, when given, must have at least 2 items")
        return value


class Turn(TypedDict):
    """One message of the session's conversation, as a question answerer sees it."""

    role: str  # user | assistant | human
    text: str


class QuestionContext(BaseModel):
    questions: list[QuestionItem]
    conversation_history: list[Turn]
    session_id: str
    attempt_number: int = 1
    task: str = ""

    @field_validator("questions")
    @classmethod
    def _non_empty(cls, value: list[QuestionItem]) -> list[QuestionItem]:
        if not value:
            raise ValueError("questions must have at least one item")
        return value

    @field_validator("attempt_number")
    @classmethod
    def _first_or_retry(cls, value: int) -> int:
        if value not in (1, 2):
            raise ValueError("attempt_number must be 1 (first) or 2 (retry)")
        return value


class AnswerResult(BaseModel):
    """One answer: per question text, the answer string the model will read."""

    answers: dict[str, str]
    model_used: str
    context_size: int = Field(ge=0)
    generation_time_ms: int = Field(ge=0)
    attempt_number: int = Field(ge=1)
    source: str = ""

    @field_validator("answers")
    @classmethod
    def _answers_non_empty(cls, value: dict[str, str]) -> dict[str, str]:
        if not value or any(not str(a).strip() for a in value.values()):
            raise ValueError("answer must be a non-empty string")
        return value

    @property
    def answer(self) -> str:
        return "; ".join(self.answers.values())


QuestionCallback = Callable[[QuestionContext], Awaitable[AnswerResult]]


def questions_from_tool_input(tool_input: dict[str, Any]) -> list[QuestionItem]:  # boundary: the SDK's tool input
    """AskUserQuestion's ``{questions: [{question, header, options: [{label, description}], multiSelect}]}``."""
    items: list[QuestionItem] = []
    for raw in tool_input.get("questions") or []:
        items.append(
            QuestionItem(
                question=str(raw.get("question", "")),
                header=str(raw.get("header") or ""),
                multi_select=bool(raw.get("multiSelect")),
                options=[
                    QuestionOption(label=str(o.get("label", "")), description=str(o.get("description") or ""))
                    for o in raw.get("options") or []
                ],
            )
        )
    return items


def chosen_option(item: QuestionItem, reply: str) -> str | None:
    """The option a reply chooses: its number, its label, or the one label the reply names; None when it names
    none or several ("OK." chooses nothing)."""
    picked = pick_option(item, reply)
    labels = [o.label for o in item.options]
    if picked in labels:
        return picked
    named = [label for label in labels if label.strip() and label.casefold() in reply.casefold()]
    return named[0] if len(named) == 1 else None


def pick_option(item: QuestionItem, reply: str) -> str:
    """A typed reply as the model should read it: an option number or label becomes that label, else free text."""
    text = reply.strip()
    if item.options and text.isdigit() and 1 <= int(text) <= len(item.options):
        return item.options[int(text) - 1].label
    for option in item.options:
        if option.label.lower() == text.lower():
            return option.label
    return text

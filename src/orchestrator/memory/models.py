"""The structured messages the agents exchange (seed 004's ``Plan``/``Step``, the validator's verdict, the
planner's hand-back, the executor's result) and the tracked tool calls.

Agents write one tagged line, e.g. ``PLAN {...}``; :func:`tagged_json` finds it in free text.
"""

from __future__ import annotations

import json
import time
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError

M = TypeVar("M", bound=BaseModel)
AgentName = Literal["lead", "planner", "dom_analyzer", "executor", "validator"]


class Step(BaseModel):
    action: str = Field(min_length=1, max_length=2000)
    agent: Literal["dom_analyzer", "executor", "validator"] = "executor"
    expect: str = ""
    tool: str | None = None
    args: dict[str, Any] | None = None  # boundary: a tool's JSON-RPC arguments


class Plan(BaseModel):
    reason: str = "start"
    steps: list[Step] = Field(min_length=1, max_length=8)
    horizon: int = 0
    created_at: float = Field(default_factory=time.time)


class Verdict(BaseModel):
    done: bool
    evidence: str = ""
    next_step: str = ""


class Report(BaseModel):
    status: Literal["done", "continue", "need_human", "failed"]
    summary: str = ""
    question: str = ""
    options: list[str] = Field(default_factory=list)


class StepResult(BaseModel):
    """One step of an executor's horizon: the step as it was given, how it went, what was done (with ids)."""

    step: str = ""
    status: str = "ok"
    did: str = ""


class ExecutorResult(BaseModel):
    status: Literal["ok", "failed", "declined", "needs_human"]
    did: str = ""
    page_changed: bool = False
    error: str = ""
    steps: list[StepResult] = Field(default_factory=list)  # a horizon: one entry per step attempted
    page: str = ""  # what the page shows now (url, title, the ids that matter next)
    facts: list[str] = Field(default_factory=list)  # values read from the page that later steps need


class ToolInvocation(BaseModel):
    """One tool call, as the orchestrator saw it (seed 003: tracked tool invocations)."""

    tool_use_id: str
    tool: str
    agent: str
    agent_id: str | None = None
    input: dict[str, Any] = Field(default_factory=dict)  # boundary: JSON-RPC arguments
    started_at: float
    duration_ms: int | None = None
    success: bool | None = None
    error_code: str | None = None
    result: str = ""
    screenshots: list[str] = Field(default_factory=list)


def tagged_json(text: str, tag: str) -> dict[str, object] | None:
    """The JSON object after the last ``TAG`` in ``text`` (tolerant of surrounding prose and code fences)."""
    decoder = json.JSONDecoder()
    position = text.rfind(tag)
    while position != -1:
        start = text.find("{", position + len(tag))
        if start != -1:
            try:
                value, _ = decoder.raw_decode(text[start:])
            except ValueError:
                value = None
            if isinstance(value, dict):
                return value
        position = text.rfind(tag, 0, position)
    return None


def parse_tagged(text: str, tag: str, model: type[M]) -> M | None:
    raw = tagged_json(text, tag)
    if raw is None:
        return None
    try:
        return model.model_validate(raw)
    except ValidationError:
        return None

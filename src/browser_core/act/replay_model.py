"""A replay's records, one model per kind (issue 32): a step as it went now (``StepRun``), where the replay stopped
(``Stopped``, with the ``Candidate`` elements the page offered), the report of one ``replay_flow`` call
(``ReplayReport``) and the record kept of a replay (``ReplayRecord``: ``replay.json``, each step as recorded beside
what happened now). The replay writes them, ``replay_flow`` returns the report, the CLI joins reports and writes the
record, and the run report reads it.

Each model is written with the keys that were set (``dumped``), so a record reads back as it was written; a
``replay.json`` carries its ``format_version`` (one written by 0.4 has none and the same shape: it reads as 1).
"""

from __future__ import annotations

import json

from pydantic import BaseModel, Field, JsonValue

from browser_core.flow_schema import Fingerprint, FlowStep, PostCondition, StepArgs

REPLAY_FORMAT = 1
Held = dict[str, JsonValue]  # the gate's held action (confirmation id, summary) as ``confirm_action`` takes it


def plain(value: object) -> JsonValue:
    """A value as JSON holds it (a tuple as a list, anything else as its text)."""
    out: JsonValue = json.loads(json.dumps(value, ensure_ascii=False, default=str))
    return out


class Kept(BaseModel):
    def dumped(self) -> dict[str, JsonValue]:
        """The record as JSON, with the keys that were set (no default filled in)."""
        return self.model_dump(mode="json", exclude_unset=True)


class Candidate(Kept):
    """An element the page offered where a step's target was expected."""

    id: str = ""
    role: str = ""
    name: str = ""
    box: list[int] = Field(default_factory=list)
    label: str = ""
    row: str = ""
    column: str = ""
    heading: str = ""
    landmark: str = ""
    dialog: str = ""


class Change(Kept):
    """A part of the fingerprint that differed: what it was when recorded, what it is now."""

    recorded: JsonValue = None
    now: JsonValue = None


class PostCheck(Kept):
    met: bool | None = False  # None: not checked (the step ran by confirm_action)
    checked: list[str] = Field(default_factory=list)
    note: str = ""


class StepRun(Kept):
    """One step as it went now: the parts that matched and differed, the post-condition, the human's answer."""

    step: int = -1
    action: str = ""
    matched: list[str] = Field(default_factory=list)
    differed: dict[str, Change] = Field(default_factory=dict)
    post: PostCheck | None = None
    asked: bool = False
    held: Held = Field(default_factory=dict)  # the held action's summary
    answer: str = ""
    stopped: bool = False
    duration_ms: int = 0
    thumbnail: str | None = None


class StopError(Kept):
    """The failure a step ended in (``ToolFailure.to_dict``)."""

    code: str = ""
    category: str = ""
    message: str = ""
    hint: str | None = None
    details: dict[str, JsonValue] | None = None


class Stopped(Kept):
    """Where and why a replay stopped, with what the page showed."""

    step: int = 0
    action: str = ""
    reason: str = ""
    fingerprint: Fingerprint | None = None
    candidates: list[Candidate] | None = None
    expected: str | None = None
    url: str | None = None
    title: str | None = None
    value: JsonValue = None
    held: Held | None = None
    error: StopError | None = None
    screenshot: str | None = None


class ReplayReport(Kept):
    """What one ``replay_flow`` call answers (the CLI joins the reports of a replay's calls)."""

    flow: str = ""
    status: str = "done"
    model_requests: int = 0
    steps: list[StepRun] = Field(default_factory=list)
    steps_done: int = 0
    duration_s: float = 0.0
    stopped: Stopped | None = None
    error: str | None = None
    confirm_error: str | None = None
    record: str | None = None  # the record kept by the server
    report: str | None = None  # the run report written by the CLI


class RecordedField(Kept):
    args: StepArgs = Field(default_factory=StepArgs)
    target: Fingerprint | None = None


class RecordedStep(Kept):
    """What the flow holds for a step (templates, secrets by name)."""

    action: str = ""
    args: StepArgs = Field(default_factory=StepArgs)
    held: bool = False
    post: PostCondition = Field(default_factory=PostCondition)
    target: Fingerprint | None = None
    fields: list[RecordedField] = Field(default_factory=list)

    @classmethod
    def of(cls, step: FlowStep) -> RecordedStep:
        out = cls(
            action=step.action,
            args=step.args,
            held=step.held,
            post=PostCondition.model_validate(step.post.model_dump(exclude_defaults=True)),
        )
        if step.target is not None:
            out.target = step.target
        if step.fields:
            out.fields = [RecordedField(args=f.args, target=f.target) for f in step.fields]
        return out


class ReplayStep(Kept):
    step: int = -1
    recorded: RecordedStep = Field(default_factory=RecordedStep)
    now: StepRun = Field(default_factory=StepRun)


class ReplayRecord(Kept):
    """``replay.json``: a replay's steps as recorded beside what happened now."""

    format_version: int = REPLAY_FORMAT
    flow: str = ""
    task: str = ""
    origin: str = ""
    status: str = ""
    model_requests: int = 0
    duration_s: float = 0.0
    steps_total: int = 0
    steps_done: int = 0
    params: dict[str, str] = Field(default_factory=dict)
    stopped: Stopped | None = None
    steps: list[ReplayStep] = Field(default_factory=list)

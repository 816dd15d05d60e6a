"""The files a run folder holds, as typed records: one model per kind, used by the writer (``record.py``) and
every reader (``run_folder.py`` for the report, ``cli/task.py`` for ``--resume``), each file carrying its
``format_version``. A file or line that is JSON but not its kind is an error naming the file (and line); a last
line cut short by a kill is skipped, so a run that was cut short still has a report.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue, TypeAdapter, ValidationError

from orchestrator.memory.models import Plan, ToolInvocation, Verdict

FORMAT_VERSION = 1
Kind = TypeVar("Kind", bound=BaseModel)


class RecordError(ValueError):
    """A run folder's file that does not parse as its kind: the message names the file."""


class TaskOutcome(BaseModel):
    task: str
    status: str = "running"
    reason: str = ""
    result: str = ""
    steps: int = 0
    horizons: int = 0
    num_turns: int = 0
    cost_usd: float = 0.0
    duration_s: float = 0.0
    verdict: Verdict | None = None


class RunSummary(BaseModel):
    """``summary.json``."""

    format_version: int = FORMAT_VERSION
    status: str = "running"
    reason: str = ""
    session_id: str | None = None
    run_dir: str = ""
    started_at: str = ""
    duration_s: float = 0.0
    steps: int = 0
    horizons: int = 0
    plans: int = 0
    tool_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    tasks: list[TaskOutcome] = Field(default_factory=list)

    @property
    def resumable(self) -> bool:
        """Whether the model answered at least once, so ``--resume`` has something to continue."""
        return bool(self.session_id) and (self.input_tokens > 0 or self.tool_calls > 0 or self.cost_usd > 0)


class ToolCallRecord(ToolInvocation):
    """One line of ``tool_calls.jsonl``: the call as the orchestrator saw it, its result clipped."""

    format_version: int = FORMAT_VERSION


class EventRecord(BaseModel):
    """One line of ``events.jsonl``: when (seconds into the run), what kind, and the kind's own fields."""

    model_config = ConfigDict(extra="allow")

    format_version: int = FORMAT_VERSION
    t: float = 0.0
    event: str


class TranscriptLine(BaseModel):
    """One line of ``transcript.jsonl``: an SDK message as recorded (its own fields kept as they came); the report
    reads each response's model, usage and the Agent call it belongs to."""

    model_config = ConfigDict(extra="allow")

    t: float = 0.0
    kind: str = Field("", alias="_type")
    message_id: str | None = None
    parent_tool_use_id: str | None = None
    model: str | None = None
    usage: dict[str, JsonValue] | None = None


def problem(exc: ValidationError) -> str:
    first = exc.errors()[0]
    return f"{'.'.join(map(str, first['loc'])) or 'the record'}: {first['msg']}"


def read_record(path: Path, kind: type[Kind]) -> Kind | None:
    """A whole-file record (``summary.json``); None when the file is not there."""
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise RecordError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    try:
        return kind.model_validate_json(text)
    except ValidationError as exc:
        raise RecordError(f"{path} is not a valid {kind.__name__} record ({problem(exc)})") from exc


def read_lines(path: Path, kind: type[Kind]) -> list[Kind]:
    """A record per line (``*.jsonl``); a line that is not JSON (cut short) is skipped."""
    try:
        lines = path.read_text("utf-8").splitlines()
    except OSError:
        return []
    out: list[Kind] = []
    for number, line in enumerate(lines, 1):
        try:
            json.loads(line)
        except ValueError:
            continue
        try:
            out.append(kind.model_validate_json(line))
        except ValidationError as exc:
            raise RecordError(f"{path} line {number} is not a valid {kind.__name__} record ({problem(exc)})") from exc
    return out


PLANS = TypeAdapter(list[Plan])


def read_plans(path: Path) -> list[Plan]:
    """``plans.json``: every plan the run made (none when the file is not there)."""
    try:
        text = path.read_text("utf-8")
    except OSError:
        return []
    try:
        return PLANS.validate_json(text)
    except ValidationError as exc:
        raise RecordError(f"{path} is not a valid list of plans ({problem(exc)})") from exc

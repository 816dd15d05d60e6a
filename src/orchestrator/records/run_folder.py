"""A run folder read back (``runs/<id>/``), for the HTML report: the summary, plans, events and tool calls on one
clock, the requests, tokens and dollars of each agent (from the transcript), and the screenshots (the thumbnail
taken after each page-changing call, the page at the end of each horizon, after a failure, at the end of a task).

Only what the run record already holds is read, each file through its model (``run_files.py``): a last line cut
short is skipped, so a run that was cut short still has a report; a record that is not its kind is a
``RecordError`` naming the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from pydantic import JsonValue

from browser_core.act.flow_journal import RECORD
from browser_core.act.replay_model import ReplayRecord
from browser_core.result_model import ToolResult
from orchestrator.memory.models import Plan
from orchestrator.records.prices import tokens_of, usd
from orchestrator.records.run_files import (
    EventRecord,
    RunSummary,
    ToolCallRecord,
    TranscriptLine,
    read_lines,
    read_plans,
    read_record,
)

BROWSER_PREFIX = "mcp__browser__"
DELEGATION_TOOLS = frozenset({"Agent", "Task"})
THUMBNAIL = re.compile(r"^\d{6}-\d{3}-step-(.+)\.jpg$")
IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


@dataclass
class Call:
    """One tool call of the run, with its result envelope read (when it was the browser server's and whole)."""

    raw: ToolCallRecord
    envelope: ToolResult | None

    @property
    def id(self) -> str:
        return self.raw.tool_use_id

    @property
    def tool(self) -> str:
        return self.raw.tool

    @property
    def short(self) -> str:
        return self.tool.removeprefix(BROWSER_PREFIX)

    @property
    def agent(self) -> str:
        return self.raw.agent

    @property
    def at(self) -> float:
        return self.raw.started_at

    @property
    def ok(self) -> bool:
        return bool(self.raw.success)

    @property
    def is_browser(self) -> bool:
        return self.tool.startswith(BROWSER_PREFIX)

    def error(self) -> dict[str, str]:
        """code, category, message, hint of a failed call ('' where the record does not say)."""
        out = {"code": self.raw.error_code or "", "category": "", "message": "", "hint": ""}
        error = self.envelope.error if self.envelope is not None else None
        if error is not None:
            category = str(getattr(error.category, "value", error.category))
            out.update(code=error.code, category=category, message=error.message, hint=error.hint or "")
        elif not self.ok:
            out["message"] = self.raw.result
        return out


@dataclass
class AgentUsage:
    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    usd: float = 0.0


@dataclass
class Shot:
    path: Path
    at: float
    label: str


@dataclass
class RunView:
    dir: Path
    summary: RunSummary
    plans: list[Plan]
    events: list[dict[str, JsonValue]]  # an EventRecord's fields (its own vary by kind); "at": seconds since the epoch
    calls: list[Call]
    usage: dict[str, AgentUsage]
    thumbnails: dict[str, Path] = field(default_factory=dict)  # tool_use_id → the page after that call
    shots: list[Shot] = field(default_factory=list)  # the other screenshots, in time order
    replay: ReplayRecord | None = None  # replay.json: each step as recorded beside what happened now

    @property
    def started(self) -> float:
        return started_at(self.summary)

    def events_of(self, *kinds: str) -> list[dict[str, JsonValue]]:
        return [e for e in self.events if e.get("event") in kinds]


def started_at(summary: RunSummary) -> float:
    try:
        return datetime.fromisoformat(summary.started_at).timestamp()
    except ValueError:
        return 0.0


def envelope(result: str) -> ToolResult | None:
    try:
        return ToolResult.parse(result)
    except ValueError:  # not an envelope, or clipped in the record
        return None


def load_run(folder: Path) -> RunView:
    summary = read_record(folder / "summary.json", RunSummary) or RunSummary()
    start = started_at(summary)
    events = [dict(e.model_dump(), at=start + e.t) for e in read_lines(folder / "events.jsonl", EventRecord)]
    calls = [Call(row, envelope(row.result) if row.tool.startswith(BROWSER_PREFIX) else None)
             for row in read_lines(folder / "tool_calls.jsonl", ToolCallRecord)]
    view = RunView(folder, summary, read_plans(folder / "plans.json"), events, calls,
                   usage_by_agent(read_lines(folder / "transcript.jsonl", TranscriptLine), calls))
    view.replay = read_record(folder / RECORD, ReplayRecord)
    screenshots = folder / "screenshots"
    for path in sorted(screenshots.glob("*")) if screenshots.is_dir() else []:
        if path.suffix.lower() not in IMAGE_TYPES or not path.is_file():
            continue
        thumb = THUMBNAIL.match(path.name)
        if thumb:
            view.thumbnails[thumb.group(1)] = path
        else:
            view.shots.append(Shot(path, path.stat().st_mtime, shot_label(path.name)))
    view.shots.sort(key=lambda s: s.at)
    return view


def shot_label(name: str) -> str:
    """What a record screenshot shows, from its file name (``034411-002-horizon-1.png`` → ``horizon 1``)."""
    stem = Path(name).stem
    stem = re.sub(r"^\d{6}-\d{3}-", "", stem)
    stem = re.sub(r"^\d{3}-", "", stem)
    return stem.replace("-", " ")


def usage_by_agent(transcript: list[TranscriptLine], calls: list[Call]) -> dict[str, AgentUsage]:
    """Requests, tokens and estimated dollars per agent (each response once, by its message id): a subagent's
    messages carry the id of the Agent call that started it; the main agent's (the planner's) carry none."""
    delegated = {c.id: str(c.raw.input.get("subagent_type") or "subagent")
                 for c in calls if c.tool in DELEGATION_TOOLS}
    out: dict[str, AgentUsage] = {}
    seen: set[str] = set()
    for row in transcript:
        usage, message_id = row.usage, row.message_id or ""
        if row.kind != "AssistantMessage" or usage is None or not message_id:
            continue
        if message_id in seen:
            continue
        seen.add(message_id)
        parent = row.parent_tool_use_id
        agent = delegated.get(str(parent), "subagent") if parent else "planner"
        tokens_in, tokens_out = tokens_of(usage)
        counted = out.setdefault(agent, AgentUsage())
        counted.requests += 1
        counted.input_tokens += tokens_in
        counted.output_tokens += tokens_out
        counted.usd += usd(row.model or "", tokens_in, tokens_out)
    return out

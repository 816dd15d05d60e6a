"""The run record: one folder per run (``runs/<time>-<slug>/``) a person can read afterwards.

- ``transcript.jsonl``  every SDK message (main agent and subagents), images replaced by file names
- ``tool_calls.jsonl``  every tool call: agent, input, timing, success, error code, result (clipped)
- ``events.jsonl``      plans, verdicts, questions and answers, confirmations, hand-offs, stuck warnings
- ``plans.json``        every plan (seed 004's JSON), in order
- ``screenshots/``      images returned by tools, and the browser server's own: the page at the end of each horizon,
                        after a failed tool call, when a task did not succeed, and a small JPEG after each
                        page-changing call (``*-step-<call id>.jpg``); secret fields are masked in all of them
- ``artifacts/``        the browser server's own artifacts (saved screenshots, pending confirmations)
- ``summary.json`` / ``summary.md``  status, steps, tokens, cost, duration, session id
- ``report.html``       all of it on one self-contained page (``report.py``), written when the run ends

Every text written here passes through ``browser_core.redaction`` (``_dumps`` / ``_write_text``): registered secrets
and the environment's secret values never reach a record.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import json
import re
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

import structlog
from pydantic import BaseModel

from browser_core.redaction import load_env_secrets, redact, redact_data, register_secret
from browser_core.session import snapshots
from orchestrator.memory.models import Plan, ToolInvocation
from orchestrator.records.report import REPORT, write_report
from orchestrator.records.run_files import EventRecord, RunSummary, ToolCallRecord

log = structlog.get_logger("orchestrator.records.record")
MAX_RESULT_CHARS = 4000


def slugify(text: str, limit: int = 40) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:limit].rstrip("-") or "session"


FENCE = re.compile(r"⟦(/?)page-content ([^⟧]*)⟧")


def clip_fenced(text: str, limit: int) -> str:
    """``text`` on one line, at most about ``limit`` characters, never ending inside a page-content fence: a fence
    left open (by this cut, or already by whoever quoted the page) is closed, so a reader sees where page text
    ends and what follows is not taken for page text."""
    flat = " ".join(str(text).split())
    cut, clipped = flat, False
    if len(flat) > limit:
        cut, clipped = flat[: limit - 1], True
        partial = cut.rfind("⟦")
        if partial != -1 and "⟧" not in cut[partial:]:  # a marker itself was cut in two: drop its start
            cut = cut[:partial]
    open_nonce = None
    for match in FENCE.finditer(cut):
        open_nonce = None if match.group(1) else match.group(2)
    out = cut.rstrip() + ("…" if clipped else "")
    return out + (f" ⟦/page-content {open_nonce}⟧" if open_nonce else "")


def _dumps(value: Any, indent: int | None = None) -> str:
    """JSON of ``value`` with secrets redacted (strings are redacted before dumping, so the JSON stays valid)."""
    return json.dumps(redact_data(value), ensure_ascii=False, default=str, indent=indent)


def _write_text(path: Path, text: str) -> None:
    path.write_text(redact(text), "utf-8")


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {"_type": type(value).__name__}
        out.update({f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)})
        return out
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        if value.get("type") == "image" or (isinstance(value.get("data"), str) and len(value["data"]) > 2000):
            return {k: (f"<{len(v)} chars base64>" if k in ("data", "source") else _plain(v)) for k, v in value.items()}
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


class RunRecorder:
    def __init__(self, root: Path, title: str, *, now: datetime | None = None) -> None:
        stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
        base = root / f"{stamp}-{slugify(title)}"
        path, n = base, 1
        while path.exists():
            n += 1
            path = base.with_name(f"{base.name}-{n}")
        self.dir = path
        self.screenshots = path / "screenshots"
        self.artifacts = path / "artifacts"
        self.screenshots.mkdir(parents=True)
        self.artifacts.mkdir()
        self.started = time.time()
        self.summary = RunSummary(run_dir=str(path), started_at=datetime.fromtimestamp(self.started).isoformat())
        self.plans: list[Plan] = []
        self._files: dict[str, TextIO] = {}
        self._shots = 0
        load_env_secrets()
        self._horizons = 0
        self.write_error = ""  # set by the first write that failed (disk full, folder gone): the run stops cleanly

    @contextlib.contextmanager
    def _writing(self, name: str) -> Iterator[None]:
        """A record write that fails is noted once and never raised: the worker stops the task with this reason."""
        try:
            yield
        except OSError as exc:
            if not self.write_error:
                self.write_error = f"the run record cannot be written in {self.dir} ({name}: {exc.strerror or exc})"
                log.warning("run record write failed", file=name, error=exc.strerror or str(exc))

    def _append(self, name: str, line: str) -> None:
        with self._writing(name):
            handle = self._files.get(name)
            if handle is None:
                handle = self._files[name] = (self.dir / name).open("a", encoding="utf-8")
            handle.write(line + "\n")
            handle.flush()

    def elapsed(self) -> float:
        return round(time.time() - self.started, 3)

    def message(self, message: Any) -> None:
        self._append("transcript.jsonl", _dumps({"t": self.elapsed(), **_plain(message)}))

    def event(self, kind: str, **data: Any) -> None:
        record = EventRecord.model_validate({**_plain(data), "t": self.elapsed(), "event": kind})
        self._append("events.jsonl", _dumps(record.model_dump(mode="json")))

    def horizon_ended(self) -> None:
        """An executor finished its horizon: the page as it left it."""
        self._horizons += 1
        self.request_screenshot(f"horizon-{self._horizons}")

    def tool_call(self, call: ToolInvocation) -> None:
        self.summary.tool_calls += 1
        written = ToolCallRecord.model_validate(call.model_dump())
        record = redact_data(written.model_dump(mode="json"))  # before clipping: a cut must not leave half a secret
        if len(record["result"]) > MAX_RESULT_CHARS:
            record["result"] = record["result"][:MAX_RESULT_CHARS] + f"… ({len(call.result)} chars)"
        self._append("tool_calls.jsonl", _dumps(record))

    def plan(self, plan: Plan) -> None:
        self.plans.append(plan)
        self.summary.plans = len(self.plans)
        with self._writing("plans.json"):
            (self.dir / "plans.json").write_text(_dumps([p.model_dump(mode="json") for p in self.plans], 1), "utf-8")
        self.event("plan", plan=plan)

    def request_thumbnail(self, call_id: str) -> None:
        """A small JPEG of the page after the call ``call_id`` (the report's timeline shows it)."""
        snapshots.request(self.screenshots, f"step-{call_id}{snapshots.THUMBNAIL}")

    def request_screenshot(self, label: str) -> None:
        """Ask the browser server for a screenshot of the page into ``screenshots/`` (taken before its next tool
        call, or when it stops)."""
        snapshots.request(self.screenshots, label)

    async def screenshots_taken(self) -> bool:
        """Wait (bounded) until the browser server has taken every screenshot asked for; whether it has."""
        return await snapshots.wait_served(self.screenshots)

    def save_image(self, data_b64: str, mime: str, label: str) -> str:
        self._shots += 1
        ext = "png" if "png" in mime else "jpg"
        path = self.screenshots / f"{self._shots:03d}-{slugify(label, 24)}.{ext}"
        with self._writing(path.name):
            path.write_bytes(base64.b64decode(data_b64))
        return str(path.relative_to(self.dir))

    def write_json(self, name: str, value: Any) -> None:
        with self._writing(name):
            (self.dir / name).write_text(_dumps(_plain(value), 1), "utf-8")

    def forget(self, values: list[str]) -> None:
        """Values found to be secret after they were written (a human's answer an agent tried to type into a
        password field): masked from now on, and in every text file of the record already written."""
        for value in values:
            register_secret(value)
        for handle in self._files.values():
            with contextlib.suppress(OSError):
                handle.close()
        self._files.clear()  # appends reopen the files
        for path in self.dir.rglob("*"):
            if path.suffix not in (".jsonl", ".json", ".md", ".txt", ".log") or not path.is_file():
                continue
            with self._writing(path.name):
                text = path.read_text("utf-8", errors="replace")
                masked = redact(text)
                if masked != text:
                    path.write_text(masked, "utf-8")

    def finish(self) -> RunSummary:
        s = self.summary
        s.duration_s = round(time.time() - self.started, 3)
        s.steps = sum(t.steps for t in s.tasks)
        s.horizons = sum(t.horizons for t in s.tasks)
        if s.tasks:
            s.status, s.reason = s.tasks[-1].status, s.tasks[-1].reason
        self.write_json("summary.json", s)
        with self._writing("summary.md"):
            _write_text(self.dir / "summary.md", render_markdown(s, self.plans))
        for handle in self._files.values():
            with contextlib.suppress(OSError):
                handle.close()
        self._files.clear()
        with self._writing(REPORT):
            try:
                write_report(self.dir)
            except OSError:
                raise
            except Exception:  # the report is a view of the record: a bug in it must never cost the record
                log.warning("report.html not written", exc_info=True)
        return s


def render_markdown(s: RunSummary, plans: list[Plan]) -> str:
    lines = [
        f"# Run {Path(s.run_dir).name}",
        "",
        f"- **Status:** {s.status}" + (f" — {s.reason}" if s.reason else ""),
        f"- **Session:** `{s.session_id}` (continue with `browser-agent --resume {s.session_id}`)"
        if s.resumable
        else "- **Session:** none (the model was never reached: nothing to resume)",
        f"- **Duration:** {s.duration_s:.1f} s · **steps:** {s.steps} · **horizons:** {s.horizons} · "
        f"**plans:** {s.plans} · **tool calls:** {s.tool_calls}",
        f"- **Tokens:** {s.input_tokens:,} in / {s.output_tokens:,} out · **cost:** ${s.cost_usd:.4f}",
        "",
    ]
    for n, task in enumerate(s.tasks, 1):
        status = f"Status: **{task.status}**" + (f" — {task.reason}" if task.reason else "")
        lines += [f"## Task {n}: {task.task}", "", status]
        if task.verdict:
            lines.append(f"Verdict: done={task.verdict.done}; evidence: {clip_fenced(task.verdict.evidence, 1200)}")
        if task.result:
            lines += ["", "> " + task.result.replace("\n", "\n> ")]
        lines.append("")
    if plans:
        lines += ["## Plans", ""]
        for n, plan in enumerate(plans, 1):
            lines.append(f"{n}. ({plan.reason}) " + " → ".join(step.action for step in plan.steps))
        lines.append("")
    lines.append("Files: transcript.jsonl, tool_calls.jsonl, events.jsonl, plans.json, screenshots/.")
    return "\n".join(lines) + "\n"

"""Secrets never reach a run record or a log line: every record write and every log event passes redaction."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from browser_core.redaction import MASK, register_secret
from orchestrator.memory.models import Plan, ToolInvocation
from orchestrator.records.record import MAX_RESULT_CHARS, RunRecorder
from orchestrator.records.run_files import TaskOutcome
from tests.support.mcp_client import REPO

# Quotes and a backslash: JSON escapes them, so redacting the dumped text would miss this value.
SECRET = 'hunter"2\\pass'


def test_every_run_record_file_is_redacted_and_stays_valid_json(tmp_path: Path) -> None:
    register_secret(SECRET)
    recorder = RunRecorder(tmp_path, "log in")
    recorder.message({"type": "assistant", "text": f"typing {SECRET}"})
    recorder.event("answer", question="password?", answer=SECRET, nested={"list": [SECRET]})
    recorder.tool_call(ToolInvocation(tool_use_id="t1", tool="type_text", agent="worker", started_at=0.0,
                                      input={"text": SECRET}, result=json.dumps({"value": SECRET})))
    long_result = "x" * (MAX_RESULT_CHARS - 8) + SECRET  # the clip would cut the secret in half
    recorder.tool_call(ToolInvocation(tool_use_id="t2", tool="get_page_text", agent="worker", started_at=0.0,
                                      result=long_result))
    recorder.plan(Plan(steps=[{"action": f"type {SECRET}"}]))  # type: ignore[list-item]
    recorder.write_json("extra.json", {"note": SECRET})
    recorder.summary.tasks.append(TaskOutcome(task=f"log in with {SECRET}", status="done", result=SECRET))
    recorder.finish()
    files = [p for p in recorder.dir.rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {"transcript.jsonl", "events.jsonl", "tool_calls.jsonl", "plans.json",
                                       "extra.json", "summary.json", "summary.md"}
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "hunter" not in text, path.name
        if path.suffix == ".json":
            json.loads(text)
        elif path.suffix == ".jsonl":
            for line in text.splitlines():
                json.loads(line)
    answer = json.loads((recorder.dir / "events.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert answer["answer"] == MASK and answer["nested"] == {"list": [MASK]}


def test_the_one_logging_set_up_redacts_and_writes_to_stderr_only() -> None:
    code = (
        "import structlog\n"
        "from browser_core.logs import configure_logging\n"
        "from browser_core.redaction import load_env_secrets\n"
        "configure_logging('INFO'); load_env_secrets()\n"
        "structlog.get_logger('probe').info('typed', value='token sk-live-0123456789')\n"
    )
    env = {"PATH": "/usr/bin:/bin", "PROBE_API_KEY": "sk-live-0123456789"}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout == ""
    assert "typed" in done.stderr and MASK in done.stderr and "sk-live" not in done.stderr

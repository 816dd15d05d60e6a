"""The replay page from a replay's record (``replay.json``), without a browser: each step's divergence cell, a
stop with its candidates, a failure with its category and hint, a secret by its name, page text as text."""

from __future__ import annotations

import json
from pathlib import Path

from browser_core.redaction import register_secret
from orchestrator.records.report import write_report

FP = {"frame": "main", "role": "link", "name": "Delete", "anchors": {"row": "row 'Old'", "heading": "Notes"},
      "population": 1, "ordinal": 0, "box": [10, 20, 40, 16]}


def folder(tmp_path: Path, record: dict[str, object]) -> Path:
    run = tmp_path / "20261126-101010-replay-x"
    (run / "screenshots").mkdir(parents=True)
    (run / "summary.json").write_text(json.dumps({"status": record["status"], "started_at": "2026-11-26T10:10:10",
                                                  "tasks": [{"task": "Replay flow 'x'", "status": record["status"]}]}))
    (run / "replay.json").write_text(json.dumps(record))
    return run


def step(n: int, action: str, now: dict[str, object], **recorded: object) -> dict[str, object]:
    return {"step": n, "recorded": {"action": action, "args": {}, "post": {}, **recorded}, "now": {"step": n, **now}}


def test_each_step_says_what_matched_what_differed_and_where_it_stopped(tmp_path: Path) -> None:
    register_secret("pw-unit-0123456789abcdef")
    record = {
        "flow": "x", "status": "stopped", "steps_total": 4, "steps_done": 2, "params": {"search": "Old"},
        "steps": [
            step(0, "type_text", {"matched": ["frame", "role", "name", "population", "label"], "differed": {},
                                  "post": {"met": True, "checked": ["navigation"]}},
                 args={"text": {"secret": "site_password"}}, target=FP | {"role": "textbox", "name": "Password"}),
            step(1, "click", {"matched": ["frame", "role", "name", "population", "row"],
                              "differed": {"box": {"recorded": [10, 20, 40, 16], "now": [30, 20, 40, 16]}},
                              "post": {"met": True, "checked": ["navigation", "url"]}, "asked": True,
                              "held": {"action": "click link 'Delete'"}, "answer": "yes"}, target=FP),
            step(2, "click", {"stopped": True}, target=FP),
        ],
        "stopped": {"step": 2, "action": "click", "reason": "2 elements share this role, name and row (recorded: 1)",
                    "fingerprint": FP, "candidates": [
                        {"id": "e1", "role": "link", "name": "Delete", "box": [10, 20, 40, 16], "row": "row 'Old'",
                         "heading": "Notes"},
                        {"id": "e2", "role": "link", "name": "Delete", "box": [10, 60, 40, 16],
                         "row": "row '<script>alert(1)</script>'", "heading": "Notes"}]},
    }
    text = write_report(folder(tmp_path, record)).read_text("utf-8")
    rows = text.split('<tr class="step"')[1:]
    assert len(rows) == 3
    assert "(secret site_password)" in rows[0] and "pw-unit" not in text
    assert "differed: nothing" in rows[0] and "post-condition" in rows[0]
    assert "box (recorded [10,20,40,16], now [30,20,40,16])" in rows[1] and "matched:</span> frame, role, name, " \
        "count, context (row)" in rows[1]
    assert "the human's answer: <span class=\"badge ok\">yes</span>" in rows[1]
    assert "Stopped:" in rows[2] and "Candidates</b> (2)" in rows[2]
    assert "differs from the recording in:</span> nothing recorded" in rows[2]  # the twin: only its place differs
    assert "differs from the recording in:</span> context (row), box" in rows[2]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "<script>" not in text
    assert "<h1>Replay " in text and "Timeline" not in text


def test_a_tool_failure_stop_is_a_failure_with_its_category_and_hint(tmp_path: Path) -> None:
    record = {"flow": "x", "status": "stopped", "steps": [step(0, "navigate", {"stopped": True})],
              "stopped": {"step": 0, "action": "navigate", "reason": "navigation blocked",
                          "error": {"code": "navigation_blocked", "category": "permanent", "message": "blocked host",
                                    "hint": "BROWSER_ALLOWED_HOSTS"}}}
    text = write_report(folder(tmp_path, record)).read_text("utf-8")
    failures = text.split("Failures", 1)[1]
    assert "<td>navigation_blocked</td><td>permanent</td>" in failures and "BROWSER_ALLOWED_HOSTS" in failures
    assert "no target to match" in text

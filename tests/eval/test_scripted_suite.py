"""The evaluation on local browsers: a cross-section of the bundled tasks (a native dialog, a login handed to the
human, a date widget, the three local sites) in scripted mode, several at once, each with its own browser and
profile; results, run records and the comparison. The rest of the bundled tasks run in CI over a fleet of browser
servers (tests/fleet/test_fleet_eval.py, the same harness and checks; each task once in the suite);
``python -m browser_agent_evals all`` runs them all here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser_agent_evals.suite import find_suite, load_tasks
from tests.eval.conftest import run_eval

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(1200)]
WORKERS = 3
SECTION = ["click-dialog", "login-user", "choose-date", "book-flight", "shop-checkout", "webmail-reply-delete",
           "job-application"]


async def test_bundled_tasks_pass_in_scripted_mode_side_by_side(tmp_path: Path) -> None:
    tasks = [t for t in load_tasks(find_suite("all")) if t.id in SECTION]
    assert len(tasks) == len(SECTION)
    previous = tmp_path / "previous.json"
    previous.write_text(json.dumps({"suite": "all", "mode": "scripted", "started_at": "an older version",
                                    "results": [{"id": t.id, "success": False} for t in tasks]}))
    done = await run_eval(["all", "--only", *SECTION, "-j", str(WORKERS), "--compare", str(previous)],
                          tmp_path / "out", timeout_s=1100)
    results = done.results()
    failed = [f"{r['id']}: {r['checker']} {r['error']} ({r['status']}: {r['reason']})" for r in results["results"]
              if not r["success"]]
    assert not failed, "\n".join(failed) + "\n" + done.err[-2000:]
    assert done.code == 0, done.out + done.err[-3000:]
    assert [r["id"] for r in results["results"]] == [t.id for t in tasks]
    assert results["workers"] == WORKERS and results["mode"] == "scripted"
    assert {r["worker"] for r in results["results"]} == set(range(1, WORKERS + 1))  # they really ran side by side
    for r in results["results"]:
        run = Path(r["run_dir"])
        summary = json.loads((run / "summary.json").read_text("utf-8"))
        assert summary["status"] == "done" and r["steps"] >= 1 and r["tool_calls"] > r["steps"]
        assert r["input_tokens"] > 0 and r["wall_s"] > 0 and (run / "tool_calls.jsonl").stat().st_size > 0
        assert f"{r['id']} started" in done.out and r["id"] in done.out  # live progress, one line per event
    md = (done.dir / "results.md").read_text("utf-8")  # type: ignore[operator]
    assert f"**{len(tasks)}/{len(tasks)} passed**" in md and "| book-flight |" in md
    assert "## Compared with an older version" in md and "| fixed |" in md and "Regressions: none." in md
    # The agents asked and were answered, were denied nothing they needed, and never saw the password.
    jobs = next(r for r in results["results"] if r["id"] == "job-application")
    events = (Path(jobs["run_dir"]) / "events.jsonl").read_text("utf-8")
    assert '"event": "question"' in events and '"source": "fallback"' in events
    login = next(r for r in results["results"] if r["id"] == "login-user")
    calls = (Path(login["run_dir"]) / "tool_calls.jsonl").read_text("utf-8")
    assert "sensitive_field" in calls

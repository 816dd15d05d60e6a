"""Expected failures of `browser-agent`, as a user meets them: one clear message, exit code 4, no traceback, and
checked before anything starts where that is possible (no run folder, no model call, no browser)."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

from tests.newcomer.commands import ORCHESTRATOR, SERVER, Done, run, user_env


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def assert_one_clear_line(done: Done, *needles: str) -> None:
    assert done.code == 4, done.both
    assert "Traceback" not in done.both, done.both
    for needle in needles:
        assert needle in done.out, done.out
    assert len([line for line in done.out.splitlines() if line.strip()]) <= 4, done.out


def with_key(tmp_path: Path, **extra: str) -> dict[str, str]:
    return user_env(tmp_path, ANTHROPIC_API_KEY="test-key-not-a-secret",
                    ANTHROPIC_BASE_URL=f"http://127.0.0.1:{closed_port()}", CLAUDE_CODE_MAX_RETRIES="1",
                    ORCH_HEADFUL="false", ORCH_PROFILE_DIR=str(tmp_path / "profile"), **extra)


def test_no_credentials_names_the_key_and_offers_no_resume(tmp_path: Path) -> None:
    done = run([ORCHESTRATOR, "Open example.org"], user_env(tmp_path), tmp_path)
    assert_one_clear_line(done, "no Claude credentials", "ANTHROPIC_API_KEY")
    assert "--resume" not in done.both and "/login" in done.out
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").glob("*/summary.json"))


def test_an_mcp_command_that_is_not_json(tmp_path: Path) -> None:
    env = with_key(tmp_path, ORCH_MCP_COMMAND="browser-agent-mcp --headless")
    done = run([ORCHESTRATOR, "Open example.org"], env, tmp_path)
    assert_one_clear_line(done, "ORCH_MCP_COMMAND=browser-agent-mcp --headless", "not valid JSON", "JSON list")


def test_a_missing_mcp_binary_is_said_before_the_first_horizon(tmp_path: Path) -> None:
    env = with_key(tmp_path, ORCH_MCP_COMMAND='["/opt/nowhere/browser-agent-mcp"]')
    done = run([ORCHESTRATOR, "Open example.org"], env, tmp_path)
    assert_one_clear_line(done, "/opt/nowhere/browser-agent-mcp", "ORCH_MCP_COMMAND")
    assert not list((tmp_path / "runs").glob("*/transcript.jsonl"))  # no session was started


def test_a_browser_server_that_exits_at_once_is_one_line_and_a_finished_record(tmp_path: Path) -> None:
    command = json.dumps([sys.executable, "-c", "raise SystemExit(3)"])  # an executable, but no MCP server
    done = run([ORCHESTRATOR, "Open example.org"], with_key(tmp_path, ORCH_MCP_COMMAND=command), tmp_path)
    assert_one_clear_line(done, "the browser server did not start", "ORCH_MCP_COMMAND")
    (summary,) = (tmp_path / "runs").glob("*/summary.json")
    record = json.loads(summary.read_text("utf-8"))
    assert record["status"] == "error" and "did not start" in record["reason"]


def test_a_bad_resume_id(tmp_path: Path) -> None:
    done = run([ORCHESTRATOR, "--resume", "bad-id", "and now log out"], with_key(tmp_path), tmp_path)
    assert_one_clear_line(done, "--resume bad-id", "'last'")
    last = run([ORCHESTRATOR, "--resume", "last", "and now log out"], with_key(tmp_path), tmp_path)
    assert_one_clear_line(last, "--resume last", "no saved session")


def test_an_unwritable_run_folder_is_checked_at_start(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run([ORCHESTRATOR, "--run-dir", str(blocker / "runs"), "Open example.org"], with_key(tmp_path), tmp_path)
    assert_one_clear_line(done, f"ORCH_RUN_DIR (--run-dir)={blocker / 'runs'}", "not a writable folder")


def test_an_unwritable_artifacts_folder_stops_the_server_with_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run([SERVER], user_env(tmp_path, BROWSER_ARTIFACTS_DIR=str(blocker / "artifacts")), tmp_path)
    assert done.code == 2 and "Traceback" not in done.err and "internal" not in done.err
    assert f"BROWSER_ARTIFACTS_DIR={blocker / 'artifacts'} is not a writable folder" in done.err


def test_no_network_one_message_retries_shown_and_detail_in_the_log(tmp_path: Path) -> None:
    done = run([ORCHESTRATOR, "Open example.org"], with_key(tmp_path), tmp_path, timeout=120)
    assert done.code == 4, done.both
    assert "Traceback" not in done.both
    assert "cannot reach the model API at http://127.0.0.1:" in done.out
    assert "waiting on the model API: model API retry 1/1" in done.out  # the wait is never silent
    assert "--resume" not in done.out and "nothing to resume" in done.out
    assert (tmp_path / "runs" / "browser-agent.log").is_file()

"""The plugin's PreToolUse hook on confirm_action asks with the server-written summary, and denies what the gate
would deny (an id never recorded, one already run) without asking."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from orchestrator.policy.permission_hook import decide

SUMMARY = {
    "action": "click",
    "category": "delete",
    "element": {"role": "button", "name": "Delete newsletter", "id": "e4"},
    "url": "http://x/inbox.html",
}


def held(pending: Path, status: str = "pending") -> None:
    pending.mkdir(parents=True, exist_ok=True)
    (pending / "c1.json").write_text(json.dumps({"summary": SUMMARY, "status": status}))


def test_a_recorded_held_action_is_asked_with_the_servers_summary(tmp_path: Path) -> None:
    held(tmp_path)
    out = decide({"tool_input": {"confirmation_id": "c1"}}, tmp_path)["hookSpecificOutput"]
    assert out["permissionDecision"] == "ask"
    assert "Delete newsletter" in out["permissionDecisionReason"] and "delete" in out["permissionDecisionReason"]


def test_unknown_or_used_ids_are_denied_without_asking(tmp_path: Path) -> None:
    assert (
        decide({"tool_input": {"confirmation_id": "nope"}}, tmp_path)["hookSpecificOutput"]["permissionDecision"]
        == "deny"
    )
    held(tmp_path, status="used")
    out = decide({"tool_input": {"confirmation_id": "c1"}}, tmp_path)["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny" and "never runs twice" in out["permissionDecisionReason"]


def test_the_hook_command_reads_the_servers_artifacts_setting(tmp_path: Path) -> None:
    held(tmp_path / "pending")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        ["bash", str(root / "plugin/hooks/confirm_action.sh")],
        input=json.dumps(
            {"tool_name": "mcp__plugin_browser-agent_browser__confirm_action", "tool_input": {"confirmation_id": "c1"}}
        ),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"PATH": "/usr/bin:/bin", "BROWSER_ARTIFACTS_DIR": str(tmp_path), "CLAUDE_PLUGIN_ROOT": str(root)},
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["hookSpecificOutput"]["permissionDecision"] == "ask"
    garbled = subprocess.run(
        ["bash", str(root / "plugin/hooks/confirm_action.sh")],
        input="{}",
        text=True,
        capture_output=True,
        timeout=60,
        check=False,
        env={"PATH": "/usr/bin:/bin", "CLAUDE_PLUGIN_ROOT": str(tmp_path)},
    )
    assert garbled.returncode == 2  # no project there: fails closed (Claude Code blocks the call)

"""Claude Code's ``PreToolUse`` hook for the plugin's ``confirm_action`` (plugin/hooks/hooks.json).

The same gate as the orchestrator's ``ConfirmationPolicy``: the person is asked in Claude Code's own permission
prompt, shown the *server-written* summary of the held action (``<artifacts>/pending/<id>.json``), never the
model's words; an id the server never recorded, already run or expired is denied without asking.

Reads the hook's JSON on stdin, writes the decision's JSON on stdout:
``python -m orchestrator.policy.permission_hook``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from browser_core.settings import BrowserSettings
from orchestrator.human import NoHuman
from orchestrator.policy.gate import SecurityGate


def pending_dir() -> Path:
    """Where the server run by scripts/run.sh records held actions: its settings, read as it reads them."""
    root = Path(os.environ.get("CLAUDE_PLUGIN_ROOT") or Path(__file__).resolve().parents[3])
    settings = BrowserSettings(_env_file=root / ".env")
    return settings.artifacts_dir / "pending"


def decide(payload: dict[str, Any], pending: Path) -> dict[str, Any]:  # boundary: the CLI hook's JSON
    tool_input = payload.get("tool_input")
    checked = SecurityGate(pending, NoHuman(), 0).askable(tool_input if isinstance(tool_input, dict) else {})
    if checked.allow and checked.request is not None:
        decision, reason = "ask", "Run this held action?\n" + checked.request.describe()
    else:
        decision, reason = "deny", checked.reason
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": decision,
            "permissionDecisionReason": reason,
        }
    }


def main() -> int:
    try:
        payload = json.loads(sys.stdin.read() or "{}")
    except ValueError:
        payload = {}
    print(json.dumps(decide(payload if isinstance(payload, dict) else {}, pending_dir())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The ``report`` tool a subagent ends with: its typed ``RESULT`` (executor) or ``VERDICT`` (validator) as the
tool's input instead of a closing text reply. The orchestrator serves it on the agent's own endpoint
(``browser_gateway``, server ``orchestrator``), checks it (``policy/report_desk.py``), stops the subagent right
after it (a PostToolUse hook's ``continue: false`` ends only the subagent, Claude Code 2.1.330) and hands the
planner the line built from it. So the report can go in the same reply as the agent's last browser call, and the
request that would only have carried the closing line is never sent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

REPORT_SERVER = "orchestrator"
REPORT_TOOL = f"mcp__{REPORT_SERVER}__report"
# which line each agent's report becomes (the tags the hand-back reader parses)
REPORT_TAGS = {"executor": "RESULT", "validator": "VERDICT"}

SCHEMAS: dict[str, dict[str, object]] = {
    "RESULT": {
        "type": "object",
        "properties": {
            "status": {"enum": ["ok", "failed", "declined", "needs_human"]},
            "steps": {"type": "array", "items": {"type": "object"}},  # {step, status, did}: the prompt says
            "page": {"type": "string"},
            "facts": {"type": "array", "items": {"type": "string"}},
            "error": {"type": "string"},
        },
        "required": ["status", "steps"],
    },
    "VERDICT": {
        "type": "object",
        "properties": {"done": {"type": "boolean"}, "evidence": {"type": "string"}, "next_step": {"type": "string"}},
        "required": ["done", "evidence"],
    },
}
# the agent's prompt says what each field holds and when the report may share a reply (agents/*.md)
DESCRIPTIONS = {tag: f"Hand in your {tag}; it ends your work." for tag in ("RESULT", "VERDICT")}


def report_line(tag: str, report: Mapping[str, object]) -> str:
    """The closing line the agent would have written: ``RESULT {...}`` / ``VERDICT {...}``."""
    return f"{tag} {json.dumps(dict(report), ensure_ascii=False)}"

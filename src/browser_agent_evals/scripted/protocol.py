"""The agents' hand-back protocol as a scripted policy speaks it: delegations through the Agent tool, the tagged
JSON lines (``PLAN``/``RESULT``/``VERDICT``/``REPORT``), and reading what the orchestrator put into a request
(the task, the task memory).
"""

from __future__ import annotations

import json
import re
from typing import Any

from browser_agent_evals.scripted.server import Block, ModelRequest, Text, ToolUse

BROWSER = "mcp__browser__"


def delegate(agent: str, description: str, prompt: str) -> ToolUse:
    return ToolUse(
        "Agent", {"description": description, "prompt": prompt, "subagent_type": agent, "run_in_background": False}
    )


def result_line(status: str, did: str, *, error: str = "", page_changed: bool = False) -> Text:
    return Text("RESULT " + json.dumps({"status": status, "did": did, "page_changed": page_changed, "error": error}))


def tagged(text: str, tag: str) -> dict[str, Any] | None:
    """The JSON object after the last ``TAG `` in ``text``."""
    at = text.rfind(tag + " {")
    if at == -1:
        return None
    try:
        value, _ = json.JSONDecoder().raw_decode(text[at + len(tag) + 1 :])
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def task_memory(prompt: str) -> dict[str, Any]:
    """The ``<task_memory>`` block the orchestrator attaches to planner delegations."""
    found = re.search(r"<task_memory>\s*(\{.*?\})\s*</task_memory>", prompt, re.S)
    return json.loads(found.group(1)) if found else {}


def latest_task(req: ModelRequest) -> str:
    texts = [t for t in req.texts("user") if not t.startswith("<system-reminder>")]
    task = texts[-1] if texts else ""
    return task.split("Follow-up task (same browser page):", 1)[-1].strip()


def is_new_turn(req: ModelRequest) -> bool:
    """The last user message is a new task (text), not a tool result."""
    users = [m for m in req.messages if m.get("role") == "user"]
    content = users[-1].get("content") if users else ""
    if isinstance(content, str):
        return True
    return not any(b.get("type") == "tool_result" for b in content or [])


def short(name: str) -> str:
    return name.rsplit("__", 1)[-1]


class RoleScript:
    """A scripted model that answers each agent (lead, planner, executor, ...) with the method of that name."""

    def __call__(self, req: ModelRequest) -> list[Block]:
        handler = getattr(self, req.agent, None)
        if handler is None:
            return [Text(f"no script for {req.agent}")]
        blocks: list[Block] = handler(req)
        return blocks

"""A subagent's report as the planner reads it: the CLI hands it back inside its own frame (a note of the tools
used, a provenance banner, every line indented); the planner gets the report's own lines and the task memory's
news, and nothing else (``Hooks._hand_back`` returns it as the Agent call's ``updatedToolOutput``).
"""

from __future__ import annotations

from typing import Any

# The CLI's frame around a report (Claude Code 2.1.330): a note line before the banner, the report indented below.
BANNER = "[Subagent hand-back]"
NOTE_TAGS = ("<tools-used-before-summary>",)
INDENT = "  "


def report_of(text: str) -> str:
    """The report's own text: the lines after the CLI's banner, de-indented; text without the frame unchanged."""
    lines = text.splitlines()
    start = next((n for n, line in enumerate(lines) if line.startswith(BANNER)), None)
    if start is None:
        kept = [line for line in lines if not line.strip().startswith(NOTE_TAGS)]
        return "\n".join(kept).strip()
    body = [line[len(INDENT) :] if line.startswith(INDENT) else line for line in lines[start + 1 :]]
    return "\n".join(body).strip()


def compact_output(response: dict[str, Any], report: str, memory_update: str) -> dict[str, Any]:
    """The Agent tool's output with its content replaced by the report and the memory's news."""
    text = f"{report}\n\n{memory_update}" if memory_update else report
    return {**response, "content": [{"type": "text", "text": text or "(no report)"}]}

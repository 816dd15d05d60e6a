"""A subagent's report as the planner reads it: the CLI hands it back inside its own frame (a note of the tools
used, a provenance banner, every line indented); the planner gets the report's own lines and the task memory's
news, and nothing else (``Hooks._hand_back`` returns it as the Agent call's ``updatedToolOutput``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from orchestrator.memory.models import tagged_json

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


def ok_steps(agent: str, report: str) -> tuple[int, int]:
    """An executor's ``RESULT``: how many of its steps went ok first, in the order the planner wrote them, and how
    many steps it reports ((0, 0) for any other report)."""
    result = tagged_json(report, "RESULT") if agent == "executor" else None
    steps = result.get("steps") if result is not None else None
    if not isinstance(steps, list):
        return 0, 0
    first = 0
    for step in steps:
        if not (isinstance(step, dict) and step.get("status", "ok") == "ok"):
            break
        first += 1
    return first, len(steps)


def for_planner(agent: str, report: str, *, listed: bool = False) -> str:
    """An executor's ``RESULT`` without its per-step list and ``did``. The steps that went ok first are said in one
    phrase (``"steps": "all 6 ok"``, ``"first 2 ok"``): the planner wrote them, so the task memory's update does not
    list them again; a step that did not go ok keeps its detail there. ``listed``: the whole memory follows (a new
    round), listing every step, so the RESULT does not speak of them. Any other report as written."""
    result = tagged_json(report, "RESULT") if agent == "executor" else None
    if result is None or not result.get("steps"):
        return report
    start = report.rfind("RESULT")
    end = report.find("\n", start)
    first, total = ok_steps(agent, report)
    kept = {k: v for k, v in result.items() if k not in ("steps", "did") and v not in ("", [], None)}
    if first and not listed:
        said = f"all {first} ok" if first == total and result.get("status") == "ok" else f"first {first} ok"
        kept = {"status": kept.pop("status", ""), "steps": said, **kept}
    line = "RESULT " + json.dumps(kept, ensure_ascii=False)
    return report[:start] + line + (report[end:] if end != -1 else "")


HANDED_BACK = {"executor": "The executor's result:", "validator": "The validator's verdict:"}


def said_back(agent: str, report: str) -> str:
    """A report as the planner's next round states it: who handed it back, then the report."""
    return f"{HANDED_BACK.get(agent, f'The {agent} reports:')}\n{report}"


def round_message(opening: str, reports: list[str]) -> str:
    """The planner's next round, a new conversation: the task, what its delegations handed back (the task memory
    follows it, whole: the earlier rounds are there)."""
    return "\n\n".join([opening, *reports])


def compact_output(response: Mapping[str, object], report: str, memory_update: str) -> dict[str, object]:
    """The Agent tool's output with its content replaced by the report and the memory's news."""
    text = f"{report}\n\n{memory_update}" if memory_update else report
    return {**response, "content": [{"type": "text", "text": text or "(no report)"}]}

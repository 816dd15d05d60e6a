"""``ReportDesk``: a subagent's ``report`` tool call (``memory/report_tool.py``), checked before it runs, and the
subagent ended right after it.

An executor may put its report in the same reply as its last step(s), before it has read their results; a
validator in the same reply as its read. So the desk checks what the agent could not see:
- an executor's ``status: ok`` is not taken while one of its browser calls failed that it has not answered yet: a
  failure counts until a refusal names it or the agent reacts to what it read (a successful look at the page, or
  the ``confirm_action`` a held click asked for);
- a validator's ``done: true`` is not taken when its ``evidence`` is not text its own reads returned.
A refusal is an ordinary denied call: the agent reads why, and goes on or reports again. A report refused once
for its evidence is taken as written the second time (the verdict is then the model's own, as a text verdict was).
Once taken, the report becomes the agent's closing line (``RESULT {...}`` / ``VERDICT {...}``), the hook answers
``continue: false`` (Claude Code ends only that subagent) and the planner's hand-back is built from the line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from browser_core.result_model import ToolResult
from orchestrator.memory.models import ToolInvocation
from orchestrator.memory.report_tool import REPORT_TAGS, report_line

SPACES = re.compile(r"\s+")
# calls an agent makes in answer to a result it has read: the failures before them were seen
ANSWERS = frozenset({"observe", "find_interactive_elements", "screenshot", "confirm_action"})
MAX_READ_CHARS = 200_000  # of what one agent read, kept for the evidence check


def plain(text: str) -> str:
    return SPACES.sub(" ", text).strip().casefold()


def strings(value: object) -> list[str]:
    """Every string inside a decoded JSON value (an envelope's data: page text, element names, url, title)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


@dataclass
class AgentDesk:
    failed: list[str] = field(default_factory=list)  # browser calls that failed, not yet named in a refusal
    read: str = ""  # what its successful browser calls returned (plain text)
    refused_evidence: bool = False
    page: str = ""  # the url and title the last successful call showed
    line: str = ""  # the report taken, as its closing line


class ReportDesk:
    def __init__(self) -> None:
        self._agents: dict[str, AgentDesk] = {}

    def _desk(self, agent_id: str | None) -> AgentDesk:
        return self._agents.setdefault(agent_id or "", AgentDesk())

    def saw(self, call: ToolInvocation, envelope: ToolResult | None) -> None:
        """A browser call of a subagent finished: its failure, or what it returned."""
        desk = self._desk(call.agent_id)
        if envelope is not None and envelope.success and call.tool.rsplit("__", 1)[-1] in ANSWERS:
            desk.failed = []
        if envelope is None or not envelope.success:
            code = envelope.error.code if envelope is not None and envelope.error is not None else "failed"
            desk.failed.append(f"{call.tool.rsplit('__', 1)[-1]} ({code})")
            return
        data = envelope.payload().get("data")
        if isinstance(data, Mapping) and data.get("url"):
            desk.page = " ".join(str(data[k]) for k in ("url", "title") if data.get(k))
        desk.read = (desk.read + " " + plain(" ".join(strings(data))))[-MAX_READ_CHARS:]

    def refusal(self, call: ToolInvocation) -> str:
        """Why this report is not taken ('' to take it)."""
        tag = REPORT_TAGS.get(call.agent, "")
        desk = self._desk(call.agent_id)
        if tag == "RESULT" and call.input.get("status") == "ok" and desk.failed:
            failed, desk.failed = ", ".join(desk.failed), []
            return (f"Not taken: {failed} failed. Go on from its result (retry, or the next step), then report "
                    f"again; status ok only when every step is done.")
        evidence = plain(str(call.input.get("evidence") or "").strip().strip("'\""))
        checked = tag == "VERDICT" and call.input.get("done") is True and not desk.refused_evidence
        if checked and (not evidence or evidence not in desk.read):
            desk.refused_evidence = True
            return ("Not taken: `evidence` is not text your reads returned. Copy it exactly from a read's "
                    "result (read again if needed), or report done=false.")
        return ""

    def take(self, call: ToolInvocation) -> str:
        desk = self._desk(call.agent_id)
        tag = REPORT_TAGS.get(call.agent, "RESULT")
        report = dict(call.input)
        if tag == "RESULT" and not report.get("page") and desk.page:
            report["page"] = desk.page  # written before the last results came: the page they left
        desk.line = report_line(tag, report)
        return desk.line

    def line_of(self, agent_id: str | None) -> str:
        """The report the subagent handed in by tool ('' if it ended with text); forgotten once read."""
        desk = self._agents.pop(agent_id or "", None)
        return desk.line if desk is not None else ""



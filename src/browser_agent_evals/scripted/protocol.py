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
OK_STEPS = re.compile(r"(?:all|first) (\d+) ok$")  # how a hand-back says the planner's steps went ok
REPORT = "mcp__orchestrator__report"  # how the executor and validator end (their RESULT / VERDICT as its input)


def delegate(agent: str, description: str, prompt: str, *, foreground: bool = True) -> ToolUse:
    """An Agent call; ``foreground`` writes ``run_in_background: false`` (plain Claude Code's schema offers it; the
    orchestrator's session, with background tasks off, does not, and ``delegations`` leaves it out there)."""
    body: dict[str, Any] = {"description": description, "prompt": prompt, "subagent_type": agent}
    if foreground:
        body["run_in_background"] = False
    return ToolUse("Agent", body)


class Plans:
    """The horizons a scripted planner delegated, kept by the scripted model keyed by the prompt it wrote: each
    step's compiled form (its key, op and target) stays here, as a real model keeps its plan in mind, and never goes
    into the text of a request. The scripted executor finds its steps by the prompt it was given (the planner's
    prompt with the task memory after it)."""

    def __init__(self) -> None:
        self.by_prompt: dict[str, list[dict[str, Any]]] = {}

    def remember(self, prompt: str, steps: list[dict[str, Any]]) -> None:
        self.by_prompt[prompt] = json.loads(json.dumps(steps))

    def of(self, prompt: str) -> list[dict[str, Any]]:
        """The steps of the delegation whose prompt ``prompt`` is or starts with (a copy; [] for none)."""
        best = max((p for p in self.by_prompt if prompt.startswith(p)), key=len, default=None)
        return json.loads(json.dumps(self.by_prompt[best])) if best is not None else []

    def reported_ok(self, req: ModelRequest) -> list[str]:
        """``[key]: ok`` for the steps of the planner's own executor delegations that the hand-back says went ok
        (``"steps": "all 6 ok"`` or ``"first 2 ok"``, in the order written; the memory's update does not list them:
        the planner wrote them)."""
        out: list[str] = []
        for r in req.results():
            if r.name not in ("Agent", "Task") or r.input.get("subagent_type") != "executor" or r.is_error:
                continue
            said = OK_STEPS.match(str((tagged(r.text, "RESULT") or {}).get("steps", "")))
            if said is None:
                continue
            keys: list[Any] = []
            for step in self.of(str(r.input.get("prompt", ""))):  # a run of one action: its keys
                run = step.get("steps")
                keys += run if isinstance(run, list) else [step.get("key")]
            out += [f"[{key}]: ok" for key in keys[: int(said.group(1))] if key]
        return out


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


SEEN = re.compile(r"<last_page_seen>.*?⟦page-content (\w+)⟧\n(.*?)\n⟦/page-content \1⟧", re.S)
TEXT_PARTS = ("messages:", "text:", "new_text:")  # page text, as a read returns it (element lines are not)


def page_text_seen(prompt: str) -> list[str]:
    """The page text of ``<last_page_seen>`` in a validator's prompt (the executor's last result): the lines of its
    messages, text excerpt and new text (an in-page action's), in order; [] when there is none."""
    found = SEEN.search(prompt)
    out: list[str] = []
    part = ""
    for line in found.group(2).splitlines() if found else []:
        if re.fullmatch(r"[a-z_]+:", line) or line.startswith("(not shown"):
            part = line
        elif part in TEXT_PARTS and line.strip() and not line.startswith("("):
            out.append(line.removesuffix("…"))
    return out


def latest_task(req: ModelRequest) -> str:
    texts = [t for t in req.texts("user") if not t.startswith("<system-reminder>")]
    task = texts[-1] if texts else ""
    return task.split("Follow-up task (same browser page):", 1)[-1].strip()


def stated_task(req: ModelRequest) -> str:
    """The task the orchestrator's latest ``Task:`` or ``Follow-up task ...:`` message states ('' if none)."""
    for text in reversed(req.texts("user")):
        head, sep, rest = text.partition(":")
        if sep and (head == "Task" or head.startswith("Follow-up task")):
            return rest.split("\n\n<task_memory", 1)[0].strip()
    return ""


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
    """A scripted model that answers each agent (lead, planner, executor, ...) with the method of that name. A
    planner that has the Agent tool (the SDK lead) delegates its PLAN itself (``delegations``)."""

    def __call__(self, req: ModelRequest) -> list[Block]:
        handler = getattr(self, req.agent, None)
        if handler is None:
            return [Text(f"no script for {req.agent}")]
        blocks: list[Block] = handler(req)
        if req.agent == "planner" and "Agent" in req.tool_names:
            blocks = delegations(blocks, self.plans)
        if offers_background(req):  # the schema offers a background run: a delegation waits for its report
            for block in blocks:
                if isinstance(block, ToolUse) and block.name in ("Agent", "Task"):
                    block.input.setdefault("run_in_background", False)
        return blocks

    @property
    def plans(self) -> Plans:
        """What this scripted model planned (one per policy: a task's run)."""
        kept = self.__dict__.get("_plans")
        if not isinstance(kept, Plans):
            kept = self.__dict__["_plans"] = Plans()
        return kept


def offers_background(req: ModelRequest) -> bool:
    """Whether the request's Agent tool offers ``run_in_background`` (plain Claude Code does; the orchestrator's
    session, with background tasks off, does not)."""
    for tool in req.body.get("tools") or []:
        if isinstance(tool, dict) and tool.get("name") in ("Agent", "Task"):
            return "run_in_background" in ((tool.get("input_schema") or {}).get("properties") or {})
    return False


def delegations(blocks: list[Block], plans: Plans | None = None) -> list[Block]:
    """A PLAN line as a planner with the Agent tool carries it out: the horizon's executor steps in ONE Agent call
    (their compiled form kept in ``plans``, not in the prompt), the validator's check as a second call of the same
    reply, a dom_analyzer step alone; other blocks unchanged."""
    out: list[Block] = []
    for block in blocks:
        plan = tagged(block.text, "PLAN") if isinstance(block, Text) else None
        if plan is None:
            out.append(block)
            continue
        steps = [s for s in plan.get("steps") or [] if isinstance(s, dict)]
        acting = [s for s in steps if s.get("agent") == "executor"]
        checking = [s for s in steps if s.get("agent") == "validator"]
        reading = [s for s in steps if s.get("agent") == "dom_analyzer"]
        if acting:
            lines = [f"{n}. {s.get('action', '')}" + (f" (expect: {s['expect']})" if s.get("expect") else "")
                     for n, s in enumerate(acting, 1)]
            prompt = "Carry out these steps in order:\n" + "\n".join(lines)
            if plans is not None and any(s.get("args") for s in acting):
                plans.remember(prompt, [s.get("args") or {} for s in acting])
            out.append(delegate("executor", f"{len(acting)} step(s)", prompt, foreground=False))
        elif reading:
            out.append(delegate("dom_analyzer", "read the page", "Read the current page for this: "
                                + " ".join(s.get("action", "") for s in reading), foreground=False))
        if checking:
            out.append(delegate("validator", "check the outcome", "Is the task done? Check: "
                                + " ".join(s.get("action", "") for s in checking), foreground=False))
    return out


HAND_BACK = {"executor": "The executor's result:", "validator": "The validator's verdict:",
             "dom_analyzer": "dom_analyzer reports:"}


def handed_back(req: ModelRequest) -> str:
    """The reports of the Agent calls answered in the last user message, in the words the scripted planners read
    ('' if the last message brings none); a skipped or denied delegation is left out."""
    users = [m for m in req.messages if m.get("role") == "user"]
    content = users[-1].get("content") if users else None
    if not isinstance(content, list):
        return ""
    wanted = {b.get("tool_use_id") for b in content if isinstance(b, dict) and b.get("type") == "tool_result"}
    reports = [r for r in req.results() if r.tool_use_id in wanted and r.name in ("Agent", "Task") and not r.is_error]
    return "\n".join(f"{HAND_BACK.get(str(r.input.get('subagent_type')), 'Report:')}\n{r.text}" for r in reports)

"""The replay policy of the evaluation's scripted mode: the planner, dom_analyzer, executor and validator of a real
session, scripted to carry out a task's compiled solution (``solution.compile_steps``).

It plays the shortest flow the prompts allow. The planner writes a horizon for one executor (each step carries
its compiled form in ``args``), ending with a validator step when the horizon finishes the task; it re-plans from
the results and the task memory the orchestrator sends back, and reports only need_human (``ask`` steps, with
their options or as free text) or failed. The executor
(``horizon.Horizon``) observes once, resolves each step's description to an element id from what it sees, acts
step after step on the same observation, and observes again only when an action navigated or a target is not
among the ids it has. The validator reads the page, with its report in the same reply when it knows the evidence
before reading (the expected text, or page text of the page its prompt shows that meets the check).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from browser_agent_evals.scripted.horizon import Horizon
from browser_agent_evals.scripted.protocol import (
    BROWSER,
    REPORT,
    RoleScript,
    handed_back,
    page_text_seen,
    tagged,
)
from browser_agent_evals.scripted.server import Block, ModelRequest, Text, ToolUse
from browser_agent_evals.scripted.solution import say
from browser_agent_evals.sites.data import find_text

RESULT_BACK = "The executor's result:"
VERDICT_BACK = "The validator's verdict:"

MAX_FAILURES_PER_STEP = 2


@dataclass
class Replay(RoleScript):
    steps: list[dict[str, Any]]
    # What the validator must find on the page ("" = the page after the last step): a text, or a site's message
    # template whose {fields} stand for any text.
    expect: str = ""
    horizon: int = 6
    answers: dict[str, str] = field(default_factory=dict)  # the scripted answerer's replies (question words → answer)

    # ------------------------------------------------------------------ planner
    def planner(self, req: ModelRequest) -> list[Block]:
        """Plans a horizon for one executor (ending with the validator's check when it finishes the task),
        re-plans from the results the orchestrator sends back, and reports only need_human or failed."""
        memory = last_memory(req)
        lines = [*(memory.get("completed_steps") or []), *self.plans.reported_ok(req)]
        last = latest_message(req)
        if VERDICT_BACK in last:
            verdict = tagged(last, "VERDICT") or {}
            return [report("failed", f"the validator says not done: {str(verdict.get('evidence', ''))[:300]}")]
        if RESULT_BACK in last:
            result = tagged(last, "RESULT") or {}
            if result.get("status") in ("declined", "needs_human"):
                return [report("failed", f"the human did not allow it: {result.get('error', '')}")]
        todo, failures = self.todo({**memory, "completed_steps": lines})
        if todo and failures >= MAX_FAILURES_PER_STEP:
            return [report("failed", f"step [{todo[0]['key']}] failed {failures} times: {say(todo[0])}")]
        if not todo:
            return [plan_line("plan_end", [{"action": self.criteria(), "agent": "validator"}])]
        if todo[0]["op"] == "ask":
            return [ask(todo[0])]
        plan = self.horizon_steps(todo)
        answers = [a.split(" → ", 1)[-1] for a in memory.get("human_answers") or []]
        answer = _json_inner(answers[-1] if answers else "")
        concrete = [json.loads(json.dumps(step).replace("{answer}", answer)) for step in plan]
        steps: list[dict[str, Any]] = []
        for run in runs(concrete):
            first, n = run[0], len(run)
            keys = f"[{first['key']}]" if n == 1 else f"[{first['key']}..{run[-1]['key']}]"
            hint = {k: v for k, v in first.items() if v} if n == 1 else {"steps": [c["key"] for c in run], **{
                k: v for k, v in first.items() if v and k != "key"}}
            action = f"{keys} {say(first)}" + (f" ({n} times)" if n > 1 else "")
            steps.append({"action": action, "agent": "executor", "args": hint})
        if len(plan) == len(todo):  # this horizon finishes the task: the validator checks right after it
            steps.append({"action": self.criteria(), "agent": "validator"})
        reason = "step_failed" if failures else ("answer" if memory.get("human_answers") else "start")
        if lines and not failures:
            reason = "plan_end"
        return [plan_line(reason, steps)]

    def todo(self, memory: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
        """The steps not done yet (from the completed steps and answers), and how often the first of them has
        failed."""
        lines: list[str] = list(memory.get("completed_steps") or [])
        answered = " ".join(memory.get("human_answers") or []).casefold()
        keys = [s["key"] for s in self.steps]
        seen = [k for k in keys if any(f"[{k}]" in line for line in lines)]
        first_seen = keys.index(seen[0]) if seen else len(keys)
        earlier = bool(lines) and lines[0].startswith("(")  # the memory dropped older steps: all were before
        todo: list[dict[str, Any]] = []
        for n, step in enumerate(self.steps):
            if step["op"] == "ask":
                if step["question"][:60].casefold() not in answered:
                    todo.append(step)
                continue
            if (earlier and n < first_seen) or any(f"[{step['key']}]: ok" in line for line in lines):
                continue
            todo.append(step)
        failures = sum(1 for line in lines if todo and f"[{todo[0]['key']}]:" in line and ": ok" not in line)
        return todo, failures

    def horizon_steps(self, todo: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Up to ``horizon`` steps, a run of the same action counted once (a planner says "click Prev 5
        times"), never past a question."""
        plan: list[dict[str, Any]] = []
        counted = 0
        for step in todo:
            if step["op"] == "ask":
                break
            if not (plan and same_action(plan[-1], step)):
                counted += 1
                if counted > self.horizon:
                    break
            plan.append(step)
        return plan

    def criteria(self) -> str:
        return f"Expect: {self.expect}" if self.expect else "Expect: the steps' outcome on the page"

    # ------------------------------------------------------------------ dom_analyzer
    def dom_analyzer(self, req: ModelRequest) -> list[Block]:
        observed = req.last_result("observe")
        if observed is None:
            return [ToolUse(BROWSER + "observe", {})]
        data = ((observed.envelope() or {}).get("data")) or {}
        lines = [f"{e['id']} | {e['role']} | {e.get('name', '')}" for e in data.get("elements", [])[:40]]
        return [Text(f"URL {data.get('url')} title {data.get('title')!r}\n" + "\n".join(lines))]

    # ------------------------------------------------------------------ executor
    def executor(self, req: ModelRequest) -> list[Block]:
        steps: list[dict[str, Any]] = []
        for hint in self.plans.of(req.prompt):  # a run of one action ("click Prev 3 times") → its steps
            keys = hint.pop("steps", None)
            steps += [{**hint, "key": key} for key in keys] if isinstance(keys, list) else [hint]
        return Horizon(steps, req).next_blocks()

    # ------------------------------------------------------------------ validator
    def validator(self, req: ModelRequest) -> list[Block]:
        """Reads the page. When it knows the evidence before reading (an expected text word for word, or page text
        of ``<last_page_seen>`` that shows what it expects: the expected text or message, or, with no text
        expected, the page the last step left), a done report with that evidence goes in the same reply (taken only
        if the read returned it); otherwise the report follows the read."""
        page = req.last_result("get_page_text")
        if page is None:
            read: list[Block] = [ToolUse(BROWSER + "get_page_text", {})]
            evidence = self.known(page_text_seen(req.prompt))
            if evidence:
                read.append(ToolUse(REPORT, {"done": True, "evidence": evidence, "next_step": ""}))
            return read
        text = (((page.envelope() or {}).get("data")) or {}).get("text", "")
        if self.expect:
            found = self.shown(str(text))
            done = found is not None
            evidence = found if found is not None else f"not found: {self.expect!r}; page: {str(text)[:160]}"
        else:
            done, evidence = True, " ".join(str(text).split())[:160]  # the page after the last step, as read
        next_step = "" if done else "re-check the last steps"
        return [ToolUse(REPORT, {"done": done, "evidence": evidence, "next_step": next_step})]

    def known(self, seen: list[str]) -> str:
        """The evidence it can name before reading ('' if none)."""
        if self.expect and "{" not in self.expect:
            return self.expect
        if self.expect:
            return next(filter(None, (self.shown(line) for line in seen)), "")
        return " ".join(seen[0].split())[:120] if seen else ""

    def shown(self, text: str) -> str | None:
        """The part of ``text`` that shows the expected text or message template, or None."""
        return find_text(self.expect, text)

    # ------------------------------------------------------------------ answerer (the DeveloperAgent's model)
    def answerer(self, req: ModelRequest) -> list[Block]:
        question = re.search(r"Question: (.*)", req.prompt)
        asked = (question.group(1) if question else "").casefold()
        reply = next((a for k, a in self.answers.items() if k.casefold() in asked), "I don't know")
        return [Text(f"ANSWER {reply}")]


def runs(steps: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Consecutive steps grouped by the same action."""
    out: list[list[dict[str, Any]]] = []
    for step in steps:
        if out and same_action(out[-1][-1], step):
            out[-1].append(step)
        else:
            out.append([step])
    return out


def same_action(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return {k: v for k, v in a.items() if k != "key"} == {k: v for k, v in b.items() if k != "key"}


def plan_line(reason: str, steps: list[dict[str, Any]]) -> Text:
    return Text("PLAN " + json.dumps({"reason": reason, "steps": steps}))


def last_memory(req: ModelRequest) -> dict[str, Any]:
    """The task memory as the planner holds it: the last whole ``<task_memory>`` block, then each
    ``<task_memory_update>`` after it (new list items appended, other values replaced), as a reader of the
    conversation would put them together."""
    blocks = re.findall(r"<(task_memory(?:_update)?)>\s*(\{.*?\})\s*</\1>", "\n".join(in_order(req)), re.S)
    memory: dict[str, Any] = {}
    for tag, body in blocks:
        if tag == "task_memory":
            memory = json.loads(body)
            continue
        for key, value in json.loads(body).items():
            before = memory.get(key)
            memory[key] = before + value if isinstance(before, list) and isinstance(value, list) else value
    return memory


def in_order(req: ModelRequest) -> list[str]:
    """Every text of the conversation in order, the text inside tool results included."""
    out: list[str] = []
    for msg in req.messages:
        content = msg.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content or []
        for block in blocks:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "text":
                out.append(str(block.get("text", "")))
            elif block.get("type") == "tool_result":
                inner = block.get("content")
                out += [inner] if isinstance(inner, str) else [
                    str(b.get("text", "")) for b in inner or [] if isinstance(b, dict) and b.get("type") == "text"]
    return out


def latest_message(req: ModelRequest) -> str:
    """The newest message to the planner: the agents' reports it just got back, or the orchestrator's text."""
    back = handed_back(req)
    if back:
        return back
    texts = [t for t in req.texts("user") if not t.startswith("<system-reminder>")]
    return texts[-1] if texts else ""


def ask(step: dict[str, Any]) -> Text:
    return report(
        "need_human",
        f"[{step['key']}] a question for the human",
        question=step["question"],
        options=step.get("options") or [],
    )


def report(status: str, summary: str, **extra: Any) -> Text:
    return Text("REPORT " + json.dumps({"status": status, "summary": summary, **extra}))


def _json_inner(text: str) -> str:
    return json.dumps(text)[1:-1]

"""The replay policy of the evaluation's scripted mode: the lead, planner, dom_analyzer, executor and validator
of a real session, scripted to carry out a task's compiled solution (``solution.compile_steps``).

It plays the shortest flow the prompts allow. The planner plans a horizon and hands all of it to one executor,
re-plans in its own loop from the executor's results and the task memory the orchestrator attaches, asks the
validator when every step is done, and hands back to the lead only for done, failed or need_human (``ask``
steps: AskUserQuestion when the question has options, a free-text ``QUESTION`` otherwise). The executor
(``horizon.Horizon``) observes once, resolves each step's description to an element id from what it sees, acts
step after step on the same observation, and observes again only when an action navigated or a target is not
among the ids it has. The validator reads the page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from browser_agent_evals.scripted.horizon import Horizon, step_lines, tagged_list
from browser_agent_evals.scripted.protocol import (
    BROWSER,
    RoleScript,
    delegate,
    is_new_turn,
    latest_task,
    tagged,
    task_memory,
)
from browser_agent_evals.scripted.server import Block, ModelRequest, Text, ToolUse
from browser_agent_evals.scripted.solution import say

ANSWERED = "The human answered:"

MAX_FAILURES_PER_STEP = 2


@dataclass
class Replay(RoleScript):
    steps: list[dict[str, Any]]
    expect: str = ""  # text the validator must find on the page ("" = the page after the last step)
    horizon: int = 5
    answers: dict[str, str] = field(default_factory=dict)  # the scripted answerer's replies (question words → answer)

    # ------------------------------------------------------------------ lead
    def lead(self, req: ModelRequest) -> list[Block]:
        results = [r for r in req.results() if r.name in ("Agent", "Task", "AskUserQuestion")]
        task = latest_task(req)
        if not results or is_new_turn(req):
            return [delegate("planner", "run the task", task if task.startswith(ANSWERED) else f"Task: {task}")]
        last = results[-1]
        if last.name == "AskUserQuestion":
            if last.is_error:
                return [Text(f"Stopping: the question was not answered ({last.text[:200]})")]
            return [delegate("planner", "continue with the answer", f"The human answered: {last.text}")]
        if last.is_error:
            return [Text(f"Stopping: {last.text[:300]}")]
        report = tagged(last.text, "REPORT") or {"status": "continue"}
        status = report.get("status")
        if status == "need_human":
            labels = [str(o) for o in report.get("options") or []]
            if len(labels) < 2:  # a free-text question: no invented options
                return [Text("QUESTION " + json.dumps({"question": report.get("question", "?")}))]
            options = [{"label": o, "description": ""} for o in labels[:4]]
            question = {"question": report.get("question", "?"), "header": "Question", "options": options,
                        "multiSelect": False}
            return [ToolUse("AskUserQuestion", {"questions": [question]})]
        if status == "continue":
            return [delegate("planner", "next horizon", f"Task: {task}")]
        return [Text(f"Task {status}: {report.get('summary', '')}")]

    # ------------------------------------------------------------------ planner
    def planner(self, req: ModelRequest) -> list[Block]:
        """Plans a horizon, hands the whole of it to one executor, re-plans in its own loop from the results,
        asks the validator when every step is done, and hands back only for done, failed or need_human."""
        memory = task_memory(req.prompt)
        results = [r for r in req.results() if r.name in ("Agent", "Task")]
        lines = list(memory.get("completed_steps") or [])
        for r in results:
            if r.input.get("subagent_type") == "executor":
                lines += step_lines(tagged(r.text, "RESULT") or {"status": "failed", "steps": []})
        last = results[-1] if results else None
        agent = last.input.get("subagent_type") if last else None
        if last is not None and agent == "validator":
            verdict = tagged(last.text, "VERDICT") or {}
            status = "done" if verdict.get("done") else "failed"
            return [report(status, str(verdict.get("evidence", ""))[:300])]
        if last is not None and agent == "executor":
            result = tagged(last.text, "RESULT") or {}
            if result.get("status") in ("declined", "needs_human"):
                return [report("failed", f"the human did not allow it: {result.get('error', '')}")]
        todo, failures = self.todo({**memory, "completed_steps": lines})
        if todo and failures >= MAX_FAILURES_PER_STEP:
            return [report("failed", f"step [{todo[0]['key']}] failed {failures} times: {say(todo[0])}")]
        if not todo:
            return [delegate("validator", "check the outcome", self.criteria())]
        if todo[0]["op"] == "ask":
            return [ask(todo[0])]
        plan = self.horizon_steps(todo)
        steps = [{"action": say(s), "agent": "executor", "expect": ""} for s in plan]
        reason = "step_failed" if failures else ("answer" if memory.get("human_answers") else "start")
        if lines and not failures:
            reason = "plan_end"
        return [Text("PLAN " + json.dumps({"reason": reason, "steps": steps})), self.execute(plan, memory)]

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
        plan: list[dict[str, Any]] = []
        for step in todo[: self.horizon]:
            if step["op"] == "ask":
                break
            plan.append(step)
        return plan

    def execute(self, plan: list[dict[str, Any]], memory: dict[str, Any]) -> ToolUse:
        answers = [a.split(" → ", 1)[-1] for a in memory.get("human_answers") or []]
        answer = _json_inner(answers[-1] if answers else "")
        concrete = [json.loads(json.dumps(step).replace("{answer}", answer)) for step in plan]
        lines = [f"{n}. [{s['key']}] {say(s)}" for n, s in enumerate(concrete, 1)]
        prompt = "Carry out these steps in order:\n" + "\n".join(lines) + "\nSTEPS " + json.dumps(concrete)
        return delegate("executor", f"steps {concrete[0]['key']}..{concrete[-1]['key']}", prompt)

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
        steps = tagged_list(req.prompt, "STEPS")
        return [Horizon(steps, req).next_block()]

    # ------------------------------------------------------------------ validator
    def validator(self, req: ModelRequest) -> list[Block]:
        page = req.last_result("get_page_text")
        if page is None:
            return [ToolUse(BROWSER + "get_page_text", {})]
        text = (((page.envelope() or {}).get("data")) or {}).get("text", "")
        if self.expect:
            done = self.expect.casefold() in " ".join(str(text).split()).casefold()
            evidence = self.expect if done else f"not found: {self.expect!r}; page: {str(text)[:160]}"
        else:
            done, evidence = True, f"every step ran; the page now reads: {' '.join(str(text).split())[:160]}"
        verdict = {"done": done, "evidence": evidence, "next_step": "" if done else "re-check the last steps"}
        return [Text("VERDICT " + json.dumps(verdict))]

    # ------------------------------------------------------------------ answerer (the DeveloperAgent's model)
    def answerer(self, req: ModelRequest) -> list[Block]:
        question = re.search(r"Question: (.*)", req.prompt)
        asked = (question.group(1) if question else "").casefold()
        reply = next((a for k, a in self.answers.items() if k.casefold() in asked), "I don't know")
        return [Text(f"ANSWER {reply}")]


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

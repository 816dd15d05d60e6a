"""The replay policy of the evaluation's scripted mode: the lead, planner, dom_analyzer, executor and validator
of a real session, scripted to carry out a task's compiled solution (``solution.compile_steps``).

Nothing is known in advance but the steps' descriptions: the executor observes the page and resolves each
description to an element id from what it sees (``targets.resolve``), asks ``find_interactive_elements`` when the
observation's budget left the element out, forwards ``requires_confirmation`` to ``confirm_action`` (the
orchestrator's gate decides), and re-observes and retries once after a recoverable failure. The planner reads the
task memory the orchestrator attaches to learn which steps are done and what the human answered; ``ask`` steps
go to the human through the lead's AskUserQuestion. The validator reads the page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from orchestrator.scripted.protocol import (
    BROWSER,
    RoleScript,
    delegate,
    is_new_turn,
    latest_task,
    result_line,
    short,
    tagged,
    task_memory,
)
from orchestrator.scripted.server import Block, ModelRequest, Text, ToolResult, ToolUse
from orchestrator.scripted.solution import say
from orchestrator.scripted.targets import describe, resolve

RETRY_CATEGORIES = ("retriable", "recoverable")
FREE_TEXT_OPTIONS = ("I will type the answer", "Skip this")
MAX_FAILURES_PER_STEP = 2
ACTIONS = {"click": "click", "type": "type_text", "select": "select_option", "press": "press_key"}


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
            return [delegate("planner", "run the task", f"Task: {task}")]
        last = results[-1]
        if last.name == "AskUserQuestion":
            if last.is_error:
                return [Text(f"Stopping: the question was not answered ({last.text[:200]})")]
            return [delegate("planner", "continue with the answer", f"Task: {task}\nThe human answered: {last.text}")]
        if last.is_error:
            return [Text(f"Stopping: {last.text[:300]}")]
        report = tagged(last.text, "REPORT") or {"status": "continue"}
        status = report.get("status")
        if status == "need_human":
            labels = list(report.get("options") or [])
            labels += [o for o in FREE_TEXT_OPTIONS if o not in labels][: max(0, 2 - len(labels))]  # the CLI wants 2+
            options = [{"label": o, "description": ""} for o in labels]
            question = {
                "question": report.get("question", "?"),
                "header": "Question",
                "options": options,
                "multiSelect": False,
            }
            return [ToolUse("AskUserQuestion", {"questions": [question]})]
        if status == "continue":
            return [delegate("planner", "next horizon", f"Task: {task}")]
        return [Text(f"Task {status}: {report.get('summary', '')}")]

    # ------------------------------------------------------------------ planner
    def planner(self, req: ModelRequest) -> list[Block]:
        memory = task_memory(req.prompt)
        todo, failures = self.todo(memory)
        if failures >= MAX_FAILURES_PER_STEP:
            return [report("failed", f"step [{todo[0]['key']}] failed {failures} times: {say(todo[0])}")]
        results = [r for r in req.results() if r.name in ("Agent", "Task")]
        plan = self.horizon_steps(todo)
        if not results:
            if todo and todo[0]["op"] == "ask":
                return [ask(todo[0])]
            if not todo:
                return [delegate("validator", "check the outcome", self.criteria())]
            return [delegate("dom_analyzer", "read the page", "List the interactive elements that matter.")]
        last = results[-1]
        agent = last.input.get("subagent_type")
        if agent == "dom_analyzer":
            if not plan:
                return [delegate("validator", "check the outcome", self.criteria())]
            steps = [{"action": say(s), "agent": "executor", "expect": ""} for s in plan]
            reason = "step_failed" if failures else ("answer" if memory.get("human_answers") else "start")
            if memory.get("completed_steps") and not failures:
                reason = "plan_end"
            return [Text("PLAN " + json.dumps({"reason": reason, "steps": steps})), self.execute(plan[0], memory)]
        if agent == "validator":
            verdict = tagged(last.text, "VERDICT") or {}
            status = "done" if verdict.get("done") else "failed"
            return [report(status, str(verdict.get("evidence", ""))[:300])]
        result = tagged(last.text, "RESULT") or {"status": "failed", "did": last.text[:200]}
        if result.get("status") in ("declined", "needs_human"):
            return [report("failed", f"the human did not allow it: {result.get('did', '')}")]
        if result.get("status") != "ok":
            return [report("continue", f"step failed: {result.get('did', '')} ({result.get('error', '')})")]
        done_here = sum(1 for r in results if r.input.get("subagent_type") == "executor")
        if done_here < len(plan):
            return [self.execute(plan[done_here], memory)]
        rest = todo[done_here:]
        if rest and rest[0]["op"] == "ask":
            return [ask(rest[0])]
        if rest:
            return [report("continue", f"{done_here} steps done; {len(rest)} to go")]
        return [delegate("validator", "check the outcome", self.criteria())]

    def todo(self, memory: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
        """The steps not done yet (from the memory's completed steps and answers), and how often the first of
        them has failed."""
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

    def execute(self, step: dict[str, Any], memory: dict[str, Any]) -> ToolUse:
        answers = [a.split(" → ", 1)[-1] for a in memory.get("human_answers") or []]
        concrete = json.loads(json.dumps(step).replace("{answer}", _json_inner(answers[-1] if answers else "")))
        return delegate("executor", f"[{step['key']}]", f"{say(concrete)}\nSTEP {json.dumps(concrete)}")

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
        step = tagged(req.prompt, "STEP") or {}
        op = step.get("op", "")
        results = req.results()
        if not results:
            return [first_call(step)]
        last = results[-1]
        env = last.envelope()
        name = short(last.name)
        if env is None:  # denied by the orchestrator (least privilege, stuck) or the server is gone
            return [result_line("failed", last.text[:200], error="denied")]
        if name == "confirm_action":
            ok = bool(env.get("success"))
            return [
                result_line(
                    "ok" if ok else "declined",
                    f"confirm_action → {'done' if ok else 'declined'}",
                    error="" if ok else "declined",
                    page_changed=ok,
                )
            ]
        if name == "observe" and op == "press" and not step.get("target"):
            return [ToolUse(BROWSER + "press_key", {"key": step["keys"]})]  # a key for the focused element
        if name in ("observe", "find_interactive_elements"):
            elements = ((env.get("data") or {}).get("elements")) or []
            target = resolve(step.get("target") or {}, elements)
            if target is not None:
                return [act(step, target)]
            if name == "observe" and (step.get("target") or {}).get("name"):
                query = {"query": str(step["target"]["name"])[:300], "limit": 30}
                return [ToolUse(BROWSER + "find_interactive_elements", query)]
            return [
                result_line("failed", f"no {describe(step.get('target') or {})} on the page", error="element_not_found")
            ]
        if not env.get("success"):
            return [self._failure(req, results, step, env)]
        if step.get("confirm") and op in ACTIONS and not any(short(r.name) == "confirm_action" for r in results):
            return [
                result_line(
                    "failed",
                    f"{name} ran without the confirmation the task expects",
                    error="no_confirmation",
                    page_changed=True,
                )
            ]
        return [result_line("ok", f"{name} {json.dumps(last.input)}", page_changed=True)]

    def _failure(
        self, req: ModelRequest, results: list[ToolResult], step: dict[str, Any], env: dict[str, Any]
    ) -> Block:
        error = env.get("error") or {}
        code = str(error.get("code") or "failed")
        if code == "requires_confirmation":
            return ToolUse(BROWSER + "confirm_action", {"confirmation_id": error["details"]["confirmation_id"]})
        if code == "sensitive_field":
            if any("Treat this step as done" in t for t in req.all_text()):
                return result_line("ok", "the human typed the sensitive value themselves")
            return result_line("needs_human", "a sensitive field: the human must type it", error=code)
        acted = [r for r in results if short(r.name) in ACTIONS.values() or short(r.name) == "navigate"]
        if error.get("category") in RETRY_CATEGORIES and len(acted) == 1:
            return ToolUse(BROWSER + "observe", {})  # as the executor prompt says: re-observe, then retry once
        return result_line("failed", f"{short(results[-1].name)}: {str(error.get('message', ''))[:160]}", error=code)

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


def first_call(step: dict[str, Any]) -> ToolUse:
    op = step.get("op")
    if op == "open":
        return ToolUse(BROWSER + "navigate", {"url": step["url"], "wait_until": "load"})
    if op == "wait":
        return ToolUse(BROWSER + "wait_for_text", {"text": step["text"], "timeout_ms": 10000})
    target = step.get("target") or {}
    if target.get("pick"):  # the smallest / largest of a kind: every match on the page, not only the observed
        query = {"query": str(target.get("name") or "")[:300], "limit": 100}
        return ToolUse(BROWSER + "find_interactive_elements", query)
    return ToolUse(BROWSER + "observe", {})


def act(step: dict[str, Any], target: dict[str, Any]) -> ToolUse:
    element = str(target["id"])
    op = step.get("op")
    if op == "type":
        return ToolUse(
            BROWSER + "type_text",
            {"element_id": element, "text": step.get("text", ""), "press_enter": bool(step.get("enter"))},
        )
    if op == "select":
        return ToolUse(BROWSER + "select_option", {"element_id": element, "values": list(step.get("values") or [])})
    if op == "press":
        return ToolUse(BROWSER + "press_key", {"element_id": element, "key": step.get("keys", "Enter")})
    return ToolUse(BROWSER + "click", {"element_id": element})


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

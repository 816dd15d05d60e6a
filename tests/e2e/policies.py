"""Scripted "models" for the agents: they follow the agents' protocol (PLAN/RESULT/VERDICT/REPORT lines) and pick
element ids only from the observations they receive in tool results, like a real model would.

A scenario is a list of *intents* (test data: what to do, by role and accessible name); the scripted planner
works through them in horizons of ``horizon`` steps, reading the task memory the orchestrator attaches to learn
which steps are already done.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from browser_agent_evals.scripted.protocol import (
    HAND_BACK,
    REPORT,
    RoleScript,
    delegate,
    is_new_turn,
    latest_task,
    page_text_seen,
    result_line,
    short,
    stated_task,
    tagged,
    task_memory,
)
from browser_agent_evals.scripted.replay import last_memory, latest_message
from tests.e2e.scripted_model import Block, ModelRequest, Text, ToolUse

B = "mcp__browser__"


@dataclass
class Intent:
    """One step: ``op`` is navigate/type/select/click/click_until; the target is found by role + name words."""

    key: str
    op: str
    role: str = ""
    name: str = ""
    text: str = ""
    url: str = ""
    until: str = ""  # click_until: click again while this text is not on the page
    confirm_twice: bool = False  # after a confirmed action, try to confirm the same id again
    secret: str = ""  # type: a named secret instead of text ({"secret": name})
    fallback: list[Intent] = field(default_factory=list)

    def as_json(self) -> str:
        raw = {k: v for k, v in self.__dict__.items() if v and k != "fallback"}
        return json.dumps(raw)


@dataclass
class Scenario(RoleScript):
    intents: list[Intent]
    expect: str  # text the validator must find for "done"
    horizon: int = 3
    ask: dict[str, Any] | None = None  # planner: need_human question before starting ({"question", "options"})
    lead_turns: list[str] = field(default_factory=list)  # what the lead saw (for assertions)
    # the validator's read and report in one reply when the page its prompt shows has the expected text; False: it
    # reads first and quotes what the read returned (the prompt allows both)
    same_reply: bool = True

    # ------------------------------------------------------------------ lead (main agent)
    def lead(self, req: ModelRequest) -> list[Block]:
        results = [r for r in req.results() if r.name in ("Agent", "Task", "AskUserQuestion")]
        task = latest_task(req)
        if not results or is_new_turn(req):
            return [delegate("planner", "run the task", f"Task: {task}")]
        last = results[-1]
        self.lead_turns.append(last.text)
        if last.name == "AskUserQuestion":
            return [delegate("planner", "continue with the answer", f"Task: {task}\nThe human answered: {last.text}")]
        if last.is_error:
            return [Text(f"Stopping: {last.text}")]
        report = tagged(last.text, "REPORT") or {"status": "continue"}
        status = report.get("status")
        if status == "need_human":
            if len(report.get("options") or []) < 2:  # free text: the lead asks through the orchestrator
                return [Text("QUESTION " + json.dumps({"question": report.get("question", "?")}))]
            options = [{"label": o, "description": ""} for o in report.get("options") or []]
            question = {"question": report.get("question", "?"), "header": "Question", "options": options,
                        "multiSelect": False}
            return [ToolUse("AskUserQuestion", {"questions": [question]})]
        if status == "continue":
            return [delegate("planner", "next horizon", f"Task: {task}")]
        return [Text(f"Task {status}: {report.get('summary', '')}")]

    # ------------------------------------------------------------------ planner (the orchestrator runs its plans)
    def planner(self, req: ModelRequest) -> list[Block]:
        """Reads the page first (dom_analyzer), then one executor step per horizon; the validator's check rides
        on the horizon of the last step. After a failed step it reads the page again and re-plans."""
        memory = last_memory(req)
        last = latest_message(req)
        first = req.turns() == 0 and not any(said in last for said in HAND_BACK.values())  # not a new round
        if self.ask and not memory.get("human_answers") and first:
            return [Text("REPORT " + json.dumps({"status": "need_human", "summary": "a choice is needed", **self.ask}))]
        if "The executor's result:" in last:
            result = tagged(last, "RESULT") or {"status": "failed"}
            if result.get("status") in ("declined", "needs_human"):
                summary = f"the human did not allow it: {result.get('did', '')}"
                return [Text("REPORT " + json.dumps({"status": "failed", "summary": summary}))]
        if first or "The validator's verdict:" in last or "The human answered:" in last:
            return [self.read_page(memory)]
        todo = self.plan_steps(memory, req, horizon=100)
        check = {"action": f"Expect: {self.expect}", "agent": "validator"}
        if not todo:
            return [Text("PLAN " + json.dumps({"reason": "plan_end", "steps": [check]}))]
        intent = todo[0]
        args = json.loads(intent.as_json())
        steps = [{"action": f"[{intent.key}] {describe(intent)}", "agent": "executor", "args": args}]
        if len(todo) == 1:
            steps.append(check)
        return [Text("PLAN " + json.dumps({"reason": plan_reason(memory), "steps": steps}))]

    def read_page(self, memory: dict[str, Any]) -> Text:
        plan = {"reason": plan_reason(memory), "steps": [
            {"action": "List the interactive elements that matter.", "agent": "dom_analyzer"}]}
        return Text("PLAN " + json.dumps(plan))

    # ------------------------------------------------------------------ planner in Claude Code (Agent tool)
    def delegating_planner(self, req: ModelRequest) -> list[Block]:
        memory = task_memory(req.prompt)
        results = [r for r in req.results() if r.name in ("Agent", "Task")]
        if self.ask and not memory.get("human_answers") and not results:
            return [Text("REPORT " + json.dumps({"status": "need_human", "summary": "a choice is needed", **self.ask}))]
        if not results:
            return [delegate("dom_analyzer", "read the page", "List the interactive elements that matter.")]
        last = results[-1]
        steps = self.plan_steps(memory, req)
        executed = [r for r in results if r.input.get("subagent_type") == "executor"]
        validated = [r for r in results if r.input.get("subagent_type") == "validator"]
        if last.input.get("subagent_type") == "dom_analyzer":
            reason = plan_reason(memory)
            plan = {"reason": reason, "steps": [{"action": f"{i.op} {i.name or i.url}", "agent": "executor",
                                                 "expect": ""} for i in steps]}
            if not steps:
                plan["steps"] = [{"action": "check the outcome", "agent": "validator"}]
                return [Text("PLAN " + json.dumps(plan)), delegate("validator", "check", f"Expect: {self.expect}")]
            return [Text("PLAN " + json.dumps(plan)), self.exec_step(steps[0])]
        if validated:
            verdict = tagged(validated[-1].text, "VERDICT") or {}
            status = "done" if verdict.get("done") else "continue"
            return [Text("REPORT " + json.dumps({"status": status, "summary": verdict.get("evidence", "")}))]
        result = tagged(last.text, "RESULT") or {"status": "failed"}
        if result.get("status") in ("declined", "needs_human"):
            summary = f"the human did not allow it: {result.get('did', '')}"
            return [Text("REPORT " + json.dumps({"status": "failed", "summary": summary}))]
        if result.get("status") != "ok":
            summary = f"step failed: {result.get('did', '')} ({result.get('error', '')})"
            return [Text("REPORT " + json.dumps({"status": "continue", "summary": summary}))]
        if len(executed) < len(steps):
            return [self.exec_step(steps[len(executed)])]
        return [delegate("validator", "check the outcome", f"Expect: {self.expect}")]

    def plan_steps(self, memory: dict[str, Any], req: ModelRequest, horizon: int = 0) -> list[Intent]:
        lines = [*(memory.get("completed_steps") or []), *self.plans.reported_ok(req)]
        done = {i.key for i in self.all_intents() if any(f"[{i.key}]: ok" in line for line in lines)}
        earlier = re.match(r"\((\d+) earlier steps\)", lines[0]) if lines else None
        if earlier:  # the memory keeps the last steps only; the earlier ones were the first intents, in order
            done |= {i.key for i in self.intents[: int(earlier.group(1))]}
        failed = {i.key for i in self.all_intents() if any(f"[{i.key}]: failed" in line for line in lines)}
        todo: list[Intent] = []
        for intent in self.intents:
            if intent.key in done:
                continue
            if intent.key in failed:
                todo += [f for f in intent.fallback if f.key not in done]
            todo.append(intent)
        return todo[: horizon or self.horizon]

    def all_intents(self) -> list[Intent]:
        return [x for i in self.intents for x in (*i.fallback, i)]

    def exec_step(self, intent: Intent) -> ToolUse:
        prompt = f"{describe(intent)}\nINTENT {intent.as_json()}"
        self.plans.remember(prompt, [json.loads(intent.as_json())])  # how its hand-back's "all 1 ok" is read
        return delegate("executor", f"[{intent.key}]", prompt)

    # ------------------------------------------------------------------ dom_analyzer
    def dom_analyzer(self, req: ModelRequest) -> list[Block]:
        observed = req.last_result("observe")
        if observed is None:
            return [ToolUse(B + "observe", {})]
        env = observed.envelope() or {}
        data = env.get("data") or {}
        lines = [f"{e['id']} | {e['role']} | {e.get('name', '')}" for e in data.get("elements", [])[:40]]
        return [Text(f"URL {data.get('url')} title {data.get('title')!r}\n" + "\n".join(lines))]

    # ------------------------------------------------------------------ executor
    def executor(self, req: ModelRequest) -> list[Block]:
        """One intent per spawn; its RESULT names the step by its key, as the memory keeps it."""
        intent = tagged(req.prompt, "INTENT") or next(iter(self.plans.of(req.prompt)), {})
        blocks = self.act_on(req, intent)
        for block in blocks:
            result = tagged(block.text, "RESULT") if isinstance(block, Text) else None
            if result is not None and intent.get("key"):
                step = {"step": f"[{intent['key']}]", "status": "ok" if result["status"] == "ok" else "failed",
                        "did": result.get("did", "")}
                block.text = "RESULT " + json.dumps({**result, "steps": [step]})
        return blocks

    def act_on(self, req: ModelRequest, intent: dict[str, Any]) -> list[Block]:
        results = req.results()
        op = intent.get("op")
        if not results:
            if op == "navigate":
                return [ToolUse(B + "navigate", {"url": intent["url"]})]
            if op == "sleep":
                wait = {"text": "a text this page never shows", "timeout_ms": int(intent.get("text") or 1000)}
                return [ToolUse(B + "wait_for", wait)]
            return [ToolUse(B + "observe", {})]
        last = results[-1]
        env = last.envelope()
        if last.name == B + "confirm_action":
            confirms = [r for r in results if r.name == B + "confirm_action"]
            if intent.get("confirm_twice") and len(confirms) == 1 and env and env.get("success"):
                return [ToolUse(B + "confirm_action", dict(last.input))]
            if len(confirms) > 1:
                return [result_line("ok", f"confirm_action once; again → {last.text[:120]}")]
            status = "ok" if env and env.get("success") else "declined"
            return [result_line(status, f"confirm_action → {status}", error="" if status == "ok" else "declined")]
        if env is None and last.is_error:  # denied by the orchestrator (stuck, least privilege) or server gone
            return [result_line("failed", last.text[:200], error="denied")]
        if last.name == B + "observe":
            elements = (env or {}).get("data", {}).get("elements", [])
            if op == "click_until" and intent["until"] in (env or {}).get("data", {}).get("text", ""):
                return [result_line("ok", "the expected text is there")]
            target = pick(elements, intent.get("role", ""), intent.get("name", ""))
            if target is None:
                return [result_line("failed", f"no {intent.get('role')} named {intent.get('name')!r}",
                                    error="element_not_found")]
            return [act(op or "", target, intent)]
        if env is not None and not env.get("success"):
            error = env.get("error") or {}
            code = error.get("code")
            if code == "requires_confirmation":
                return [ToolUse(B + "confirm_action", {"confirmation_id": error["details"]["confirmation_id"]})]
            if code == "sensitive_field":
                if any("Treat this step as done" in t for t in req.all_text()):
                    return [result_line("ok", "the human typed it", error="")]
                return [result_line("needs_human", "sensitive field", error=code)]
            failures = [r for r in results if not r.name.endswith("observe") and r.is_error]
            if error.get("category") in ("retriable", "recoverable") and len(failures) == 1:
                return [ToolUse(B + "observe", {})]  # as the executor prompt says: re-observe, then retry once
            return [result_line("failed", f"{last.name} failed", error=str(code))]
        if op == "click_until":
            return [ToolUse(B + "observe", {})]
        return [result_line("ok", f"{short(last.name)} {json.dumps(last.input)}", page_changed=True)]

    # ------------------------------------------------------------------ validator
    def validator(self, req: ModelRequest) -> list[Block]:
        """Reads the page; when the page its prompt shows (the executor's last result) has the expected text, a
        done report with it goes in the same reply as the read (taken only if the read returned it)."""
        page = req.last_result("get_page_text")
        expect = req.prompt.split("Expect:", 1)[-1].strip().splitlines()[0]
        if page is None and self.same_reply and any(expect in line for line in page_text_seen(req.prompt)):
            return [ToolUse(B + "get_page_text", {}), ToolUse(REPORT, {"done": True, "evidence": expect})]
        if page is None:
            return [ToolUse(B + "get_page_text", {})]
        text = ((page.envelope() or {}).get("data") or {}).get("text", "")
        done = expect in text
        # The evidence quotes the page from its start (the server's page-content fence included) up to the match.
        quote = text[:text.index(expect) + len(expect)] if done else text[:120]
        verdict = {"done": done, "evidence": quote, "next_step": "" if done else "retry"}
        return [Text("VERDICT " + json.dumps(verdict))]

    # ------------------------------------------------------------------ answerer (DeveloperAgent's LLM)
    def answerer(self, req: ModelRequest) -> list[Block]:
        options = re.search(r"Options: (.*)", req.prompt)
        choice = options.group(1).split(" | ")[-1] if options else "yes"
        return [Text(f"ANSWER {choice}")]


@dataclass
class ByTask:
    """Several tasks in one session: the lead and the planner follow the scenario whose key is in the task; a
    subagent, the scenario that planned its prompt."""

    scenarios: dict[str, Scenario]

    def __call__(self, req: ModelRequest) -> list[Block]:
        if req.agent == "lead":
            task = latest_task(req)
        elif req.agent == "planner":  # the message that opened the task states it (its memory leaves it out)
            task = stated_task(req) or str(last_memory(req).get("task", ""))
        else:  # a subagent: the scenario that planned its prompt (its steps are kept there), else its memory's task
            planned = next((s for s in self.scenarios.values() if s.plans.of(req.prompt)), None)
            if planned is not None:
                return planned(req)
            task = str(last_memory(req).get("task", ""))
        chosen = next((s for key, s in self.scenarios.items() if key in task), next(iter(self.scenarios.values())))
        return chosen(req)


# ---------------------------------------------------------------------- helpers (the generic ones are in
# browser_agent_evals.scripted.protocol)
def plan_reason(memory: dict[str, Any]) -> str:
    notes = " ".join(memory.get("orchestrator_notes") or [])
    lines = memory.get("completed_steps") or []
    if "Stuck" in notes:
        return "stuck"
    if lines and ": ok" not in lines[-1]:
        return "step_failed"
    if memory.get("human_answers") and not lines:
        return "answer"
    return "plan_end" if lines else "start"


def describe(intent: Intent) -> str:
    if intent.name:
        return f"{intent.op} {intent.text!r} into/on the {intent.role} named like {intent.name!r}"
    return f"navigate to {intent.url}"


def pick(elements: list[dict[str, Any]], role: str, name: str) -> dict[str, Any] | None:
    words = name.lower()
    hits = [e for e in elements if (not role or e.get("role") == role) and words in str(e.get("name", "")).lower()]
    return hits[0] if hits else None


def act(op: str, target: dict[str, Any], intent: dict[str, Any]) -> ToolUse:
    element = target["id"]
    if op == "type":
        text = {"secret": intent["secret"]} if intent.get("secret") else intent.get("text", "")
        return ToolUse(B + "type_text", {"element_id": element, "text": text})
    if op == "select":
        return ToolUse(B + "select_option", {"element_id": element, "values": [intent.get("text", "")]})
    return ToolUse(B + "click", {"element_id": element})


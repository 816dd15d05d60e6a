"""The scripted executor: a whole horizon of steps in one spawn, as the executor prompt describes it.

It replays its own conversation to learn where it is: which steps are done, the elements it last saw and whether
they are fresh. It observes once, acts step after step on those ids, observes again only when an action
navigated or a target is not among the ids it has (then asks ``find_interactive_elements`` when the observation's
budget left the element out), forwards ``requires_confirmation`` to ``confirm_action`` (the orchestrator's gate
decides), retries once after a retriable or recoverable failure, and ends with one ``RESULT`` line for the horizon.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from browser_agent_evals.scripted.protocol import BROWSER, short
from browser_agent_evals.scripted.server import Block, ModelRequest, Text, ToolResult, ToolUse
from browser_agent_evals.scripted.targets import describe, resolve

RETRY_CATEGORIES = ("retriable", "recoverable")
ACTIONS = {"click": "click", "type": "type_text", "select": "select_option", "press": "press_key"}
LOOKS = ("observe", "find_interactive_elements")
HUMAN_TYPED = "Treat this step as done"


def tagged_list(text: str, tag: str) -> list[dict[str, Any]]:
    """The JSON list after the last ``TAG `` in ``text``."""
    at = text.rfind(tag + " [")
    if at == -1:
        return []
    try:
        value, _ = json.JSONDecoder().raw_decode(text[at + len(tag) + 1 :])
    except ValueError:
        return []
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def step_lines(result: dict[str, Any]) -> list[str]:
    """An executor RESULT's steps as the memory records them (``[key]: ok — did``)."""
    out = []
    for step in result.get("steps") or []:
        out.append(f"{step.get('step', '')}: {step.get('status', '')} — {step.get('did', '')}")
    if result.get("status") != "ok" and not out:
        out.append(f"step: {result.get('status', 'failed')} ({result.get('error', '')})")
    return out


@dataclass
class Horizon:
    steps: list[dict[str, Any]]
    req: ModelRequest
    done: list[dict[str, str]] = field(default_factory=list)
    elements: list[dict[str, Any]] | None = None
    fresh: str = ""  # "observe" / "find_interactive_elements" when the elements were read after the last action
    retried: set[int] = field(default_factory=set)
    url: str = ""
    ended: Text | None = None

    def next_block(self) -> Block:
        results = self.req.results()
        for result in results:
            self._replay(result)
            if self.ended is not None:
                return self.ended
        if len(self.done) >= len(self.steps):
            return self._result("ok")
        last = results[-1] if results else None
        return self._next_call(self.steps[len(self.done)], last)

    # ------------------------------------------------------------------ where are we
    def _replay(self, result: ToolResult) -> None:
        env = result.envelope()
        name = short(result.name)
        if env is None:  # denied by the orchestrator (least privilege, stuck) or the server is gone
            self.ended = self._result("failed", error="denied", why=result.text[:200])
            return
        data = env.get("data") or {}
        if isinstance(data, dict) and data.get("url"):
            self.url = str(data["url"])
        if name in LOOKS:
            if env.get("success"):
                self.elements, self.fresh = list(data.get("elements") or []), name
            return
        n = len(self.done)
        if n >= len(self.steps):
            return
        step = self.steps[n]
        if name == "confirm_action":
            if env.get("success"):
                self._step_done(step, "confirm_action → done", navigated=True)
            else:
                self.ended = self._result("declined", error="declined", why="the human declined")
            return
        if env.get("success"):
            if step.get("confirm") and step.get("op") in ACTIONS:
                self.ended = self._result("failed", error="no_confirmation",
                                          why=f"{name} ran without the confirmation the task expects")
                return
            self._step_done(step, f"{name} {json.dumps(result.input)}", navigated=bool(data.get("navigated"))
                            or name == "navigate")
            return
        error = env.get("error") or {}
        code = str(error.get("code") or "failed")
        if code == "requires_confirmation":
            return  # the next call is confirm_action
        if code == "sensitive_field":
            if any(HUMAN_TYPED in t for t in self.req.all_text()):
                self._step_done(step, "the human typed the sensitive value themselves", navigated=False)
            else:
                self.ended = self._result("needs_human", error=code, why="a sensitive field: the human must type it")
            return
        if error.get("category") in RETRY_CATEGORIES and n not in self.retried:
            self.retried.add(n)  # as the executor prompt says: re-observe, then retry once
            self.elements, self.fresh = None, ""
            return
        self.ended = self._result("failed", error=code, why=f"{name}: {str(error.get('message', ''))[:160]}")

    def _step_done(self, step: dict[str, Any], did: str, *, navigated: bool) -> None:
        self.done.append({"step": f"[{step['key']}]", "status": "ok", "did": did})
        self.fresh = ""
        if navigated:
            self.elements = None

    # ------------------------------------------------------------------ what next
    def _next_call(self, step: dict[str, Any], last: ToolResult | None) -> Block:
        op = step.get("op")
        env = last.envelope() if last is not None else None
        error = (env or {}).get("error") or {}
        if error.get("code") == "requires_confirmation":
            return ToolUse(BROWSER + "confirm_action", {"confirmation_id": error["details"]["confirmation_id"]})
        if op == "open":
            return ToolUse(BROWSER + "navigate", {"url": step["url"], "wait_until": "load"})
        if op == "wait":
            return ToolUse(BROWSER + "wait_for_text", {"text": step["text"], "timeout_ms": 10000})
        target = step.get("target") or {}
        if op == "press" and not target:
            return ToolUse(BROWSER + "press_key", {"key": step["keys"]})  # a key for the focused element
        if target.get("pick") and self.fresh != "find_interactive_elements":
            # the smallest / largest of a kind: every match on the page, not only the observed
            return ToolUse(BROWSER + "find_interactive_elements",
                           {"query": str(target.get("name") or "")[:300], "limit": 100})
        if self.elements is None:
            return ToolUse(BROWSER + "observe", {})
        found = resolve(target, self.elements)
        if found is not None:
            return act(step, found)
        if not self.fresh:
            return ToolUse(BROWSER + "observe", {})
        if self.fresh == "observe" and target.get("name"):
            return ToolUse(BROWSER + "find_interactive_elements", {"query": str(target["name"])[:300], "limit": 30})
        return self._result("failed", error="element_not_found", why=f"no {describe(target)} on the page")

    def _result(self, status: str, *, error: str = "", why: str = "") -> Text:
        steps = list(self.done)
        if status != "ok" and len(steps) < len(self.steps):
            steps.append({"step": f"[{self.steps[len(steps)]['key']}]", "status": status, "did": why})
        body = {"status": status, "steps": steps, "page": self.url, "error": error}
        return Text("RESULT " + json.dumps(body))


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

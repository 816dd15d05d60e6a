"""The scripted executor: a whole horizon of steps in one spawn, as the executor prompt describes it.

It replays its own conversation to learn where it is: which steps are done, the elements it last saw and whether
they are fresh. It acts on the elements an action's result lists (after a navigation: the page's elements; else
what was added, changed or removed), observes only when it has none or a target is not among them (then asks
``find_interactive_elements`` when the observation's budget left the element out), sends consecutive fills
(type/select) whose targets it has in one reply (they run in order; after a failed one the rest are redone),
forwards ``requires_confirmation`` to ``confirm_action`` (the orchestrator's gate
decides), retries once after a retriable or recoverable failure, and ends with the ``report`` tool (its RESULT):
in the same reply as the call(s) that finish the horizon (the orchestrator takes it only if they succeeded; a
refusal is read like any result and the horizon goes on from the failure).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from browser_agent_evals.scripted.protocol import BROWSER, REPORT, short
from browser_agent_evals.scripted.server import Block, ModelRequest, ToolResult, ToolUse
from browser_agent_evals.scripted.targets import describe, resolve

RETRY_CATEGORIES = ("retriable", "recoverable")
ACTIONS = {"click": "click", "type": "type_text", "select": "select_option", "press": "press_key"}
LOOKS = ("observe", "find_interactive_elements")
FILLS = ("type_text", "select_option")
BATCH_OPS = ("type", "select", "click", "press")
TICKS = ("checkbox", "radio")
COMPACT = re.compile(r'^(?P<id>\S+) (?P<role>[^\s:"]+)(?::(?P<type>\S+))? (?P<name>"(?:[^"\\]|\\.)*")')
HUMAN_TYPED = "Treat this step as done"


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
    fresh: str = ""  # how the elements were last read: "observe", "find_interactive_elements", "changes" (an
    # action's result listed them) or "waited" (a wait for the target's text since)
    retried: set[int] = field(default_factory=set)
    waited: set[int] = field(default_factory=set)  # steps whose target was waited for once
    url: str = ""
    cut: bool = False  # the last action's result listed only part of the elements it added or changed
    ended: Block | None = None

    def next_blocks(self) -> list[Block]:
        last: ToolResult | None = None
        for batch in self.req.result_batches():
            for n, result in enumerate(batch):
                if result.name == REPORT:  # a report not taken (one taken ends the spawn): read on
                    continue
                done = len(self.done)
                self._replay(result)
                if self.ended is not None:
                    return [self.ended]
                last = result
                if n < len(batch) - 1 and len(self.done) == done and short(result.name) not in LOOKS:
                    break  # a call of a batch failed: the calls after it are redone from here
        if len(self.done) >= len(self.steps):
            return [self._result("ok")]
        first = self._next_call(self.steps[len(self.done)], last)
        calls: list[Block] = [first, *self._batched(first)]
        if self._finishes(calls):
            self.done += [{"step": f"[{step['key']}]", "status": "ok", "did": did(c.name.rsplit("__", 1)[-1], c.input)}
                          for step, c in zip(self.steps[len(self.done):], calls, strict=False)
                          if isinstance(c, ToolUse)]
            calls.append(self._result("ok"))
        return calls

    def _finishes(self, calls: list[Block]) -> bool:
        """Whether these calls carry out every step left (each call one step, none of them held for a
        confirmation), so the report may follow them in the same reply."""
        n, first = len(self.done), calls[0]
        if not isinstance(first, ToolUse) or n + len(calls) < len(self.steps):
            return False
        name = short(first.name)
        if name in LOOKS or (name == "wait_for" and self.steps[n].get("op") != "wait"):
            return False  # a look for the target, not the step itself
        held = name != "confirm_action" and self.steps[n].get("confirm")
        return not held and not any(step.get("confirm") for step in self.steps[n + 1 :])

    def _batched(self, first: Block) -> list[ToolUse]:
        """Calls that may go with ``first`` in the same reply, as the executor prompt allows: the following
        type/select steps and clicks on checkboxes or radio buttons whose targets are among the ids at hand (they
        do not depend on each other), ended by at most one click on anything else or a key (nothing after it)."""
        if isinstance(first, ToolUse) and short(first.name) == "navigate":
            return self._described()
        if not isinstance(first, ToolUse) or self.elements is None or not self._is_fill(first):
            return []
        more: list[ToolUse] = []
        for step in self.steps[len(self.done) + 1 :]:
            found = resolve(step.get("target") or {}, self.elements) if step.get("op") in BATCH_OPS else None
            if found is None or step.get("confirm"):
                break
            call = act(step, found)
            more.append(call)
            if not self._is_fill(call) or step.get("enter"):
                break  # a click on anything else or a key ends the batch
        return more

    def _described(self) -> list[ToolUse]:
        """After a navigate, as the executor prompt allows: the next steps whose target the plan names plainly
        (a name, perhaps a role), by ``element_description`` in the same reply; fills, ended by at most one click
        or key (a step picked by position, number or partial name waits for the page's ids)."""
        more: list[ToolUse] = []
        for step in self.steps[len(self.done) + 1 :]:
            target = step.get("target") or {}
            plain = target.get("name") and not set(target) - {"name", "role", "match"} \
                and target.get("match", "exact") == "exact"
            if step.get("op") not in BATCH_OPS or step.get("confirm") or not plain:
                break
            call = act(step, {"id": ""})
            call.input.pop("element_id")
            call.input["element_description"] = str(target["name"])
            if isinstance(target.get("role"), str):
                call.input["role"] = target["role"]
            more.append(call)
            if short(call.name) not in FILLS or step.get("enter"):
                break
        return more

    def _is_fill(self, call: ToolUse) -> bool:
        if short(call.name) in FILLS:
            return True
        if short(call.name) != "click":
            return False
        element = str(call.input.get("element_id") or "")
        role = next((e.get("role") for e in self.elements or [] if str(e.get("id")) == element), "")
        return role in TICKS

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
        changes = self._seen_changes(data) if isinstance(data, dict) and name not in LOOKS else False
        if name in LOOKS:
            if env.get("success"):
                found = list(data.get("elements") or [])
                if name == "find_interactive_elements" and self.elements is not None:
                    found = merged(self.elements, found)  # a search adds to the ids at hand, it forgets none
                self.elements, self.fresh = found, name
            return
        n = len(self.done)
        if name == "wait_for" and n < len(self.steps) and self.steps[n].get("op") != "wait":
            self.waited.add(n)  # waited for a target to appear: look for it next
            self.fresh = "waited"
            return
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
            navigated = bool(data.get("navigated")) or name == "navigate"
            self._step_done(step, did(name, result.input), navigated=navigated and not changes)
            if changes:
                self.fresh = "changes"
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

    def _seen_changes(self, data: dict[str, Any]) -> bool:
        """An action's result lists the page's elements after a navigation, or what was added, changed or removed
        (``elements_diff``): the executor acts on them without observing again."""
        listed = data.get("elements")
        if isinstance(listed, list) and listed:
            self.elements = [e if isinstance(e, dict) else parse_compact(str(e)) for e in listed]
            self.cut = bool(data.get("elements_more") or data.get("folded"))
            return True
        diff = data.get("elements_diff")
        if isinstance(diff, dict) and self.elements is not None:
            gone = {str(i) for i in diff.get("removed") or []}
            fresh = {str(e.get("id")): e for key in ("added", "changed") for e in diff.get(key) or []
                     if isinstance(e, dict)}
            kept = [fresh.pop(str(e.get("id")), e) for e in self.elements if str(e.get("id")) not in gone]
            self.elements = kept + list(fresh.values())
            self.cut = bool(diff.get("added_more") or diff.get("changed_more"))
            return True
        return False

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
            return ToolUse(BROWSER + "wait_for", {"text": step["text"], "timeout_ms": 10000})
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
        name = str(target.get("name") or "")
        if name and self.fresh == "changes" and self.cut:
            # the result listed only part of what was added: the rest is asked for by name
            return ToolUse(BROWSER + "find_interactive_elements", {"query": name[:300], "limit": 30})
        if name and self.fresh == "changes" and len(self.done) not in self.waited:
            # not among what the last action changed: it may still be appearing (suggestions), or be out of view
            return ToolUse(BROWSER + "wait_for", {"text": name[:200], "timeout_ms": 3000})
        if name and self.fresh in ("waited", "observe"):
            return ToolUse(BROWSER + "find_interactive_elements", {"query": name[:300], "limit": 30})
        if self.fresh in ("", "changes"):
            return ToolUse(BROWSER + "observe", {})
        return self._result("failed", error="element_not_found", why=f"no {describe(target)} on the page")

    def _result(self, status: str, *, error: str = "", why: str = "") -> ToolUse:
        steps = list(self.done)
        if status != "ok" and len(steps) < len(self.steps):
            steps.append({"step": f"[{self.steps[len(steps)]['key']}]", "status": status, "did": why})
        body = {"status": status, "steps": steps, "page": self.url, "error": error}
        return ToolUse(REPORT, body)


def did(tool: str, args: dict[str, Any]) -> str:
    """What a step did, as an executor would say it: ``type_text e1 'Ada'``."""
    described = repr(args["element_description"]) if args.get("element_description") else ""
    parts = [tool, str(args.get("element_id") or described or args.get("url") or args.get("key") or args.get("text")
                       or "")]
    for key in ("text", "values", "key"):
        if key in args and str(args[key]) != parts[1]:
            parts.append(repr(args[key]))
    return " ".join(p for p in parts if p)


def merged(known: list[dict[str, Any]], found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ids at hand after a search: the known ones (updated by what the search found) and the new ones."""
    fresh = {str(e.get("id")): e for e in found}
    kept = [fresh.pop(str(e.get("id")), e) for e in known]
    return kept + list(fresh.values())


def parse_compact(line: str) -> dict[str, Any]:
    """``e3 textbox:email "Email" ~"context" ="value" [state]`` (an action result's element line) → a dict."""
    found = COMPACT.match(line)
    if found is None:
        return {"id": line.split(" ", 1)[0], "role": "", "name": ""}
    out: dict[str, Any] = {"id": found["id"], "role": found["role"], "name": json.loads(found["name"])}
    if found["type"]:
        out["type"] = found["type"]
    return out


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

"""The two sides of scripts/bench_realapps.py: one task plan (corpus steps) carried out with each server's own
natural calls, reading ids (ours) or refs (peer) only from results received, counting every call."""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from typing import Any

from mcp import ClientSession
from playwright.async_api import async_playwright

from corpus.apps import RunningApp
from corpus.steps import Step, Task

FIELD_STEPS = ("type", "select", "check")
EDITABLE = ("textbox", "searchbox", "combobox", "spinbutton")
_NAMELESS_ROLES = {"link", "button", "checkbox", "radio", "combobox", "textbox", "searchbox", "spinbutton",
                   "switch", "tab", "menuitem", "option", "slider", "listbox"}


class StepFailed(Exception):
    pass


class NoControl(StepFailed):
    """The driver found no id/ref for a step in what it has seen (not an error of the server)."""


@dataclass
class Counts:
    calls: int = 0
    chars: int = 0
    largest: int = 0
    observes: int = 0
    actions: int = 0
    held: int = 0  # actions the gate held (each costs a confirm_action call)


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip().rstrip(":*").strip().casefold()


def plan(steps: tuple[Step, ...]) -> list[list[Step]]:
    """Steps grouped as a model would: consecutive field steps together; a type followed by Enter together."""
    groups: list[list[Step]] = []
    for step in steps:
        last = groups[-1] if groups else None
        fields = last is not None and step.do in FIELD_STEPS and all(s.do in FIELD_STEPS for s in last)
        enter = last is not None and step.do == "press" and step.text == "Enter" and not step.target \
            and len(last) == 1 and last[0].do == "type"
        if last is not None and (fields or enter):
            last.append(step)
        else:
            groups.append([step])
    return groups


def fieldish(step: Step) -> bool:
    """A step a form's fill sets: typing, choosing, ticking (a click on a checkbox toggles it)."""
    return step.do in FIELD_STEPS or (step.do == "click" and step.role == "checkbox" and not step.said)


def plan_submits(steps: tuple[Step, ...]) -> list[list[Step]]:
    """Ours: as ``plan``, and field steps followed by a click on a button become one fill_form whose ``submit`` is
    that button (its schema offers it: `submit`, "Button id to click after"), as a model
    reading it does when it means to fill a form and save it; the gate still judges the click once filled."""
    groups: list[list[Step]] = []
    for group in plan(steps):
        last = groups[-1] if groups else None
        step = group[0]
        joins = len(group) == 1 and (fieldish(step) or (step.do == "click" and step.role == "button" and not step.said))
        if last is not None and joins and all(fieldish(s) for s in last):
            last.append(step)
        else:
            groups.append(group)
    return groups


_COMPACT = re.compile(r'^(\S+) ([a-z]+)(?::\S+)? ("(?:[^"\\]|\\.)*")(?: ~("(?:[^"\\]|\\.)*"))?')


def parse_compact(line: str) -> dict[str, Any]:
    """An element line of an action result (id role "name" ~"context" ...) as a dict."""
    m = _COMPACT.match(line)
    if not m:
        return {"id": line.split(" ", 1)[0], "role": "", "name": ""}
    return {"id": m.group(1), "role": m.group(2), "name": json.loads(m.group(3)),
            "context": json.loads(m.group(4)) if m.group(4) else "",
            "state": "checked" if "[checked]" in line[m.end():] else ""}


class Driver:
    session: ClientSession

    def __init__(self) -> None:
        self.counts = Counts()
        self.listed = 0
        self.nameless = 0
        self._seen: set[str] = set()
        self.trace: list[str] = []
        self.results: list[str] = []  # every result's text, for reading what each side saw
        self.timings: list[tuple[str, float, str]] = []  # (tool, wall ms, arguments) of every call, set-up included

    def reset_counts(self) -> None:
        self.counts = Counts()
        self.trace.append("--- task")

    async def call(self, tool: str, args: dict[str, Any], *, observe: bool = False, count: bool = True) -> str:
        started = time.monotonic()
        result = await self.session.call_tool(tool, args)
        text = "".join(str(getattr(b, "text", "")) for b in result.content if getattr(b, "type", "") == "text")
        if count:  # log-in is set-up: neither its calls nor their time count
            self.timings.append((tool, (time.monotonic() - started) * 1000,
                                 json.dumps(args, ensure_ascii=False)[:80]))
            c = self.counts
            c.calls += 1
            c.chars += len(text)
            c.largest = max(c.largest, len(text))
            c.observes += observe
            c.actions += not observe
        self.trace.append(f"{tool} {json.dumps(args)[:100]} -> {len(text)} chars{' ERROR' if result.is_error else ''}")
        self.results.append(f"### {tool} {json.dumps(args, ensure_ascii=False)}\n{text}")
        if result.is_error:
            raise StepFailed(f"{tool}: {text}")
        return text

    def note_listed(self, key: str, name: str, role: str) -> None:
        if key in self._seen or role not in _NAMELESS_ROLES:
            return
        self._seen.add(key)
        self.listed += 1
        self.nameless += not name.strip()

    def check(self, app: RunningApp, task: Task) -> bool:
        return all(app.db.value(c) == c.after for c in task.checks)

    async def run(self, app: RunningApp, task: Task) -> None:
        for group in plan(task.steps):
            await self.do(app, group)

    async def do(self, app: RunningApp, group: list[Step]) -> None:
        raise NotImplementedError

    async def login(self, app: RunningApp) -> None:
        raise NotImplementedError


class OursDriver(Driver):
    def __init__(self, cdp_url: str) -> None:
        super().__init__()
        self.cdp_url = cdp_url
        self.known: dict[str, dict[str, Any]] = {}

    async def _call(self, tool: str, args: dict[str, Any], *, observe: bool = False, count: bool = True) -> Any:
        payload = json.loads(await self.call(tool, args, observe=observe, count=count))
        data = payload.get("data") or {}
        if isinstance(data.get("result"), dict):  # confirm_action: the result of the action it ran
            data = data["result"]
        if "elements" in data:
            data["elements"] = [parse_compact(e) if isinstance(e, str) else e for e in data["elements"]]
            old = self.known
            if tool != "find_interactive_elements":
                self.known = {}
            for e in data["elements"]:
                self.known[e["id"]] = e
            if "as_before" in data:  # header/menu elements not repeated: their earlier ids still work
                listed = {(e["role"], e["name"]) for e in data["elements"]}
                self.known |= {k: e for k, e in old.items() if (e["role"], e["name"]) not in listed}
        for key in ("added", "changed"):
            for e in (data.get("elements_diff") or {}).get(key, []):
                self.known[e["id"]] = e
        for e in data.get("elements", []):
            self.note_listed(f"{self.page}:{e['name']}:{e['role']}:{e.get('context', '')}", e["name"], e["role"])
        return payload

    page = ""

    def _match(self, step: Step) -> str | None:
        els = [e for e in self.known.values() if (e["role"] in EDITABLE if step.do == "type" and not step.role
                                                  else not step.role or e["role"] == step.role)
               or (step.role == "textbox" and e["role"] in ("searchbox", "combobox"))]
        if step.row is not None and step.column is not None:
            want = norm(f"{step.column} — row '{step.row}'")
            hits = [e for e in els if norm(e["name"]) == want]
        elif step.row is not None:
            row = norm(step.row)
            hits = [e for e in els if row in (norm(e["name"]), norm(e.get("context", "")))
                    or f"row '{row}'" in norm(e["name"])]
        elif not step.target:  # "the text area": the one field of that role that is not a search box
            hits = [e for e in els if "search" not in norm(e["name"]) and "search" not in e["role"]]
        else:
            want = norm(step.target)
            hits = [e for e in els if norm(e["name"]) == want]
            if not hits:
                hits = [e for e in els if re.match(re.escape(want) + r"\W", norm(e["name"]))]
        return str(hits[0]["id"]) if len(hits) >= 1 else None

    async def _find(self, step: Step) -> str:
        found = self._match(step)
        # Not in what it has seen: the result said how many elements were left out (elements_more, folded),
        # so search by the words first; observe when the search does not find it.
        if found is None:
            query = step.target or step.row or ""
            await self._call("find_interactive_elements", {"query": query, "limit": 10}, observe=True)
            found = self._match(step)
        if found is None:
            await self._call("observe", {}, observe=True)
            found = self._match(step)
        if found is None:
            raise NoControl(f"ours: no control for {step.describe()}")
        return found

    async def _act(self, tool: str, args: dict[str, Any]) -> Any:
        try:
            payload = await self._call(tool, args)
        except StepFailed as exc:
            held = re.search(r'"confirmation_id":"([^"]+)"', str(exc))
            if not held:
                raise
            self.counts.held += 1
            payload = await self._call("confirm_action", {"confirmation_id": held.group(1)})
        return payload

    async def do(self, app: RunningApp, group: list[Step]) -> None:
        try:
            await self._do(app, group)
        except StepFailed as exc:  # an id that no longer resolves: look again, as a model would, and retry once
            if "stale_element" not in str(exc):
                raise
            self.known = {}
            await self._call("observe", {}, observe=True)
            await self._do(app, group)

    async def run(self, app: RunningApp, task: Task) -> None:
        for group in plan_submits(task.steps):
            await self.do(app, group)

    async def _fill(self, group: list[Step]) -> None:
        fields, args = [], {}
        if not fieldish(group[-1]):
            group, args = group[:-1], {"submit": await self._find(group[-1])}
        for s in group:
            value: Any = s.text
            if s.do == "check":
                value = True
            elif s.do == "click":  # a click on a checkbox: the opposite of the state the result showed
                element_id = await self._find(s)
                fields.append({"element_id": element_id, "value": self.known[element_id].get("state") != "checked"})
                continue
            fields.append({"element_id": await self._find(s), "value": value})
        await self._act("fill_form", {"fields": fields} | args)

    async def _do(self, app: RunningApp, group: list[Step]) -> None:
        first = group[0]
        if first.do == "open":
            self.page = first.target
            await self._act("navigate", {"url": app.base_url + first.target})
        elif first.do == "see":
            await self._act("wait_for", {"text": first.target, "timeout_ms": 30000})
        elif len(group) > 1 and fieldish(first) and all(fieldish(s) for s in group[:-1]) and group[-1].do != "press":
            await self._fill(group)
        elif first.do == "type":
            enter = len(group) > 1
            await self._act("type_text", {"element_id": await self._find(first), "text": first.text,
                                          "press_enter": enter})
        elif first.do == "select":
            await self._act("select_option", {"element_id": await self._find(first), "values": [first.text]})
        elif first.do in ("click", "check") and first.said:  # as a model says it: no id, no look first
            await self._act("click", {"element_description": first.said})
        elif first.do in ("click", "check"):
            await self._act("click", {"element_id": await self._find(first)})
        else:
            args: dict[str, Any] = {"key": first.text}
            if first.target:
                args["element_id"] = await self._find(first)
            await self._act("press_key", args)

    async def login(self, app: RunningApp) -> None:
        login = app.spec.login
        if login is None:
            return
        await self._call("navigate", {"url": app.base_url + login.path}, count=False)
        user = self._match(Step("type", "Username", role="textbox"))
        await self._call("type_text", {"element_id": user, "text": login.username}, count=False)
        async with async_playwright() as pw:
            browser = await pw.chromium.connect_over_cdp(self.cdp_url)
            pages = [p for c in browser.contexts for p in c.pages]
            await pages[-1].locator("input[type=password]").first.fill(login.password)
            button = self._match(Step("click", "Log in", role="button")) or self._match(
                Step("click", "Sign in", role="button"))
            try:
                await self._call("click", {"element_id": button}, count=False)
            except StepFailed as exc:
                held = re.search(r'"confirmation_id":"([^"]+)"', str(exc))
                if held:
                    await self._call("confirm_action", {"confirmation_id": held.group(1)}, count=False)
            await browser.close()


_ROW = re.compile(r"^\s*- row(?: |:|$)")
_REF_LINE = re.compile(
    r'^(\s*)- \'?([a-z]+)(?: "((?:[^"\\]|\\.)*)")?[^\n]*?\[ref=([^\]]+)\](?: \[[^\]]*\])*\'?(?::\s*(.*))?$')


class PeerDriver(Driver):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.page = ""
        self.url = ""

    async def _call(self, tool: str, args: dict[str, Any], *, observe: bool = False, count: bool = True) -> str:
        text = await self.call(tool, args, observe=observe, count=count)
        url = re.search(r"^- Page URL: (.*)$", text, re.M)
        if url and url.group(1) != self.url:  # the result says a new page is shown: the refs seen are stale
            self.url, self.lines = url.group(1), []
        if "- " in text and "[ref=" in text:
            self.lines = text.splitlines()
            for line in self.lines:
                m = _REF_LINE.match(line)
                if m:
                    name = m.group(3) or (m.group(5) or "")
                    self.note_listed(f"{self.page}:{m.group(4)}", json.loads(f'"{name}"') if m.group(3) else name,
                                     m.group(2))
        return text

    def _refs(self) -> list[tuple[int, str, str, str]]:
        out = []
        for i, line in enumerate(self.lines):
            m = _REF_LINE.match(line)
            if m:
                name = m.group(3) or m.group(5) or ""
                if not name and m.group(2) in ("button", "link"):  # as a reader would: the text inside it
                    name = " ".join(t for sub in self._subtree(i)[:6] if (t := self._inline_text(sub)))
                out.append((len(m.group(1)), m.group(2), name, m.group(4)))
        return out

    @staticmethod
    def _inline_text(line: str) -> str:
        m = _REF_LINE.match(line)
        if m:
            return m.group(3) or m.group(5) or ""
        text = re.match(r"^\s*- text: (.*)$", line)
        return text.group(1).strip('"') if text else ""

    def _match(self, step: Step) -> tuple[str, str] | None:
        refs = self._refs()
        roles = {step.role} | ({"searchbox", "combobox"} if step.role == "textbox" else set()) if step.role else None
        if roles is None and step.do == "type":
            roles = set(EDITABLE)
        if step.row is not None:
            return self._in_row(step, refs, roles)
        want = norm(step.target)
        if not want:
            hits = [r for r in refs if (roles is None or r[1] in roles) and "search" not in norm(r[2])
                    and r[1] != "searchbox"]
            return (hits[0][3], hits[0][2]) if hits else None
        hits = [r for r in refs if (roles is None or r[1] in roles) and norm(r[2]) == want]
        if not hits:
            hits = [r for r in refs
                    if (roles is None or r[1] in roles) and re.match(re.escape(want) + r"\W", norm(r[2]))]
        if not hits and step.do == "type":  # a field without a name under the heading that says it
            hits = self._after_heading(want, roles)
        number = re.fullmatch(r"page (\d+)", want)
        if not hits and number:  # a pagination link reads as its number
            hits = [r for r in refs if (roles is None or r[1] in roles) and norm(r[2]) == number.group(1)]
        return (hits[0][3], hits[0][2]) if hits else None

    def _after_heading(self, want: str, roles: set[str] | None) -> list[tuple[int, str, str, str]]:
        at = next((i for i, line in enumerate(self.lines) if "- heading" in line and f'"{want}"' in norm(line)), None)
        if at is None:
            return []
        for line in self.lines[at + 1:]:
            m = _REF_LINE.match(line)
            if m and (roles is None or m.group(2) in roles) and not m.group(3):
                return [(len(m.group(1)), m.group(2), want, m.group(4))]
        return []

    def _subtree(self, start: int) -> list[str]:
        indent = len(self.lines[start]) - len(self.lines[start].lstrip())
        out = []
        for line in self.lines[start + 1:]:
            if len(line) - len(line.lstrip()) <= indent:
                break
            out.append(line)
        return out

    def _in_row(
        self, step: Step, refs: list[tuple[int, str, str, str]], roles: set[str] | None
    ) -> tuple[str, str] | None:
        """A control on the table row that shows ``step.row`` (in a cell of the row, or the row's own name),
        under the column whose header says ``step.column``: read from the snapshot's row/cell structure."""
        assert step.row is not None
        row = norm(step.row)
        rows = [i for i, line in enumerate(self.lines) if _ROW.match(line)
                and (row in norm(line) or any(f'"{row}"' in norm(sub) or norm(sub).endswith(f": {row}")
                                              for sub in self._subtree(i)))]
        if not rows and roles:  # a field named by a neighbour (a search box next to its button)
            named = [r for r in refs if r[1] in roles and norm(r[2]) == row]
            return (named[0][3], named[0][2]) if named else None
        for start in rows:
            indent = len(self.lines[start]) - len(self.lines[start].lstrip())
            cells, found = -1, []
            for line in self._subtree(start):
                depth = len(line) - len(line.lstrip())
                if line.lstrip().startswith(("- cell", "- rowheader", "- gridcell")) and depth == indent + 2:
                    cells += 1
                m = _REF_LINE.match(line)
                if m and (roles is None or m.group(2) in roles):
                    found.append((cells, m.group(4), m.group(3) or ""))
            if step.column is not None:
                col = self._column(norm(step.column))
                found = [f for f in found if f[0] == col] or found[-1:]
            if found:
                return found[0][1], found[0][2]
        return None

    def _column(self, want: str) -> int:
        """The index of the column whose header (its name or the text/links inside it) is ``want``."""
        for i, line in enumerate(self.lines):
            if not _ROW.match(line):
                continue
            sub = self._subtree(i)
            indent = len(line) - len(line.lstrip())
            heads = [j for j, s in enumerate(sub) if s.lstrip().startswith("- columnheader")
                     and len(s) - len(s.lstrip()) == indent + 2]
            for n, j in enumerate(heads):
                texts = [sub[j], *self._subtree(i + 1 + j)]
                if any(f'"{want}"' in norm(t) for t in texts):
                    return n
        return -1

    async def _find(self, step: Step) -> tuple[str, str]:
        found = self._match(step)
        if found is None:
            await self._call("browser_snapshot", {}, observe=True)
            found = self._match(step)
        if found is None:
            raise NoControl(f"peer: no ref for {step.describe()}")
        return found

    async def do(self, app: RunningApp, group: list[Step]) -> None:
        try:
            await self._do(app, group)
        except StepFailed as exc:  # a ref from an older snapshot: look again, as a model would, and retry once
            if "browser_handle_dialog" in str(exc):  # a "leave this page?" dialog: the task moves on, accept it
                await self._call("browser_handle_dialog", {"accept": True})
                await self._do(app, group)
                return
            if group[0].do == "open" or isinstance(exc, NoControl) or "ref" not in str(exc).lower():
                raise
            await self._call("browser_snapshot", {}, observe=True)
            await self._do(app, group)

    async def _do(self, app: RunningApp, group: list[Step]) -> None:
        first = group[0]
        if first.do == "open":
            self.page = first.target
            self.lines = []
            await self._call("browser_navigate", {"url": app.base_url + first.target})
        elif first.do == "see":
            await self._call("browser_wait_for", {"text": first.target})
        elif first.do in FIELD_STEPS and len(group) > 1 and all(s.do in FIELD_STEPS for s in group):
            fields = []
            for s in group:
                ref, name = await self._find(s)
                kind = {"type": "textbox", "select": "combobox", "check": "checkbox"}[s.do]
                value = "true" if s.do == "check" else s.text
                fields.append({"name": name or s.target or "field", "type": kind, "target": ref, "value": value})
            await self._call("browser_fill_form", {"fields": fields})
        elif first.do == "type":
            ref, name = await self._find(first)
            await self._call("browser_type", {"element": name or "field", "target": ref, "text": first.text,
                                              "submit": len(group) > 1})
        elif first.do == "select":
            ref, name = await self._find(first)
            await self._call("browser_select_option", {"element": name, "target": ref, "values": [first.text]})
        elif first.do in ("click", "check"):
            ref, name = await self._find(first)
            await self._call("browser_click", {"element": name or "control", "target": ref})
        else:
            await self._call("browser_press_key", {"key": first.text})

    async def login(self, app: RunningApp) -> None:
        login = app.spec.login
        if login is None:
            return
        await self._call("browser_navigate", {"url": app.base_url + login.path}, count=False)
        await self._call("browser_snapshot", {}, count=False)
        for label, text in (("Username", login.username), ("Password", login.password)):
            found = self._match(Step("type", label, role="textbox"))
            if found is None:
                raise StepFailed(f"peer login: no {label} field")
            await self._call("browser_type", {"element": label, "target": found[0], "text": text}, count=False)
        button = self._match(Step("click", "Log in", role="button")) or self._match(Step("click", "Sign in",
                                                                                          role="button"))
        if button is None:  # a button the peer lists without a name: the one after the password field
            nameless = [r for r in self._refs() if r[1] == "button" and not r[2]]
            button = (nameless[-1][3], "Sign in") if nameless else None
        if button is None:
            raise StepFailed("peer login: no login button")
        await self._call("browser_click", {"element": button[1], "target": button[0]}, count=False)

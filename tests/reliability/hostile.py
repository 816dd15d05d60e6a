"""The hostile-page sequence (issue 30): on each page a read that times out, a failed action by description, then
every acting tool; each answers a typed result within its bound, and a plain page loads after it.

Used by tests/reliability/test_hostile_pages*.py and by ``scripts/reliability.py --mode hostile`` (the table).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tests.reliability.hard_site import HardSite
from tests.support.mcp_client import BrowserClient, ToolCall

HOSTILE = {
    "endless loop": "/busy",
    "alert loop": "/alerts",
    "popups": "/popups",
    "self-navigation": "/selfnav",
    "mutation storm": "/storm",
    "35k elements": "/many?n=35000",
}
TOOL_TIMEOUT_S = 3  # BROWSER_TOOL_TIMEOUT_S for these servers: every call's bound (5 s until session 12: no more shown)
AFTER_NAVIGATE_MS = 30_000  # the plain page after it: the product's own navigation timeout (its bound: 35 s)
WARM_UP_S = 120.0  # the browser's start and a first plain page on a loaded machine (4 tries of 5 s were not enough)
SLACK_S = 20.0  # beyond the bound: the server's own work around a call, on a loaded machine
MISSING = {"element_description": "Big field"}
ACTING_ARGS: dict[str, dict[str, Any]] = {
    "click": {"element_description": "Big button"},
    "type_text": MISSING | {"text": "hello"},
    "press_key": {"key": "Tab"},
    "hover": {"element_description": "Big button"},
    "select_option": MISSING | {"values": ["one"]},
    "scroll": {"direction": "down"},
    "fill_form": {"fields": [MISSING | {"value": "hello"}]},
    "click_at": {"x": 10, "y": 10},
    "switch_tab": {"index": 0},
    "handle_dialog": {"accept": True},
    "upload_file": MISSING | {"paths": ["/nonexistent/file.txt"]},
    "save_screenshot": {"name": "hostile"},
    "confirm_action": {"confirmation_id": "c-unknown"},
    "close_tab": {},  # last but navigate: the tab it closes is the hostile one
    "navigate": {"url": "about:blank"},
}


@dataclass
class Step:
    tool: str
    seconds: float
    ok: bool | None  # None: no answer at all (the connection failed)
    code: str | None
    category: str | None


@dataclass
class PageRun:
    page: str
    steps: list[Step] = field(default_factory=list)
    after: list[Step] = field(default_factory=list)  # the plain page's navigate, and its one retry if it had one
    after_ok: bool = False
    after_title: str = ""

    @property
    def late(self) -> list[Step]:
        return [s for s in self.steps if s.seconds > TOOL_TIMEOUT_S + SLACK_S] + [
            s for s in self.after if s.seconds > AFTER_NAVIGATE_MS / 1000 + 5 + SLACK_S]

    @property
    def untyped(self) -> list[Step]:
        return [s for s in self.steps + self.after if s.ok is None or (not s.ok and not (s.code and s.category))]

    @property
    def usable(self) -> bool:
        return self.after_ok and not self.late and not self.untyped

    @property
    def next_navigate(self) -> str:
        return ("ok" if len(self.after) == 1 else "ok on its retry") if self.after_ok else "FAILED"

    @property
    def slowest(self) -> float:
        return max((s.seconds for s in self.steps + self.after), default=0.0)


async def _step(client: BrowserClient, tool: str, args: dict[str, Any]) -> Step:
    started = time.monotonic()
    try:
        result = await client.call(tool, **args)
    except Exception as exc:  # noqa: BLE001 - the connection itself failing is what this records
        return Step(tool, time.monotonic() - started, None, type(exc).__name__, None)
    error = result.error
    return Step(tool, time.monotonic() - started, result.ok, error.get("code"), error.get("category"))


async def acting_tools(client: BrowserClient) -> list[str]:
    listed = (await client.session.list_tools()).tools
    return [t.name for t in listed if t.annotations is not None and not t.annotations.read_only_hint]


async def run_page(client: BrowserClient, site: HardSite, name: str) -> PageRun:
    """The sequence on one hostile page, then a navigate to a plain page."""
    run = PageRun(name)
    acting = await acting_tools(client)
    unknown = set(acting) - set(ACTING_ARGS)
    assert not unknown, f"acting tools without arguments in ACTING_ARGS: {sorted(unknown)}"
    warm_until = time.monotonic() + WARM_UP_S  # the browser's start is not part of the bound: tries until it is up
    warm = await client.call("navigate", url=site.url("/page?id=before"))
    while not warm.ok and time.monotonic() < warm_until:
        warm = await client.call("navigate", url=site.url("/page?id=before"))
    assert warm.ok, warm.error
    run.steps.append(await _step(client, "navigate", {"url": site.url(HOSTILE[name])}))
    run.steps.append(await _step(client, "observe", {}))
    run.steps.append(await _step(client, "click", {"element_description": "Big button"}))
    for tool in [t for t in ACTING_ARGS if t in acting and t != "navigate"]:
        run.steps.append(await _step(client, tool, ACTING_ARGS[tool]))
    plain = {"url": site.url(f"/page?id=after-{name.split()[0]}"), "timeout_ms": AFTER_NAVIGATE_MS}
    loaded = await _after(client, run, plain)
    if not loaded.ok and loaded.error.get("category") == "retriable":  # as a host would: one retry of what says so
        loaded = await _after(client, run, plain)
    run.after_title = str(loaded.data.get("title", "")) if loaded.ok else ""
    run.after_ok = run.after_title == f"page after-{name.split()[0]}"
    return run


async def _after(client: BrowserClient, run: PageRun, plain: dict[str, object]) -> ToolCall:
    started = time.monotonic()
    loaded = await client.call("navigate", **plain)  # the page it loaded, by its own title (popups may follow)
    error = loaded.error
    run.after.append(Step("navigate", time.monotonic() - started, loaded.ok, error.get("code"), error.get("category")))
    return loaded


def table(runs: list[PageRun]) -> str:
    lines = [
        "| hostile page | calls | typed errors | slowest call | over bound | next navigate | usable |",
        "|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        typed = sum(1 for s in run.steps if s.ok is False and s.code)
        lines.append(
            f"| {run.page} | {len(run.steps) + len(run.after)} | {typed} | {run.slowest:.1f} s | {len(run.late)} | "
            f"{run.next_navigate} | {'yes' if run.usable else 'NO'} |"
        )
    usable = sum(1 for run in runs if run.usable)
    lines.append(f"\n{usable}/{len(runs)} hostile pages usable (bound per call {TOOL_TIMEOUT_S} s + {SLACK_S:.0f} s)")
    return "\n".join(lines)

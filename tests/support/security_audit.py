"""Run the destructive-action detector over every control of the fixture pages, without acting.

Ground truth is the fixture's ``data-expect`` attribute (read here, never by product code): ``destructive:<cat>``,
``sensitive`` or ``safe``; controls without it count as safe. Buttons and links are judged as a click, selects as
selecting an option, text fields as typing (sensitive or not).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser_core.page.observation import search_elements
from browser_core.security.facts import element_facts
from browser_core.security.guard import SecurityGuard
from browser_core.session import BrowserSession

SKIP = {"busy.html", "report_crunch.html", "effect_sabotage.html"}  # busy in a script; breaks the checker
TEXT_ROLES = {"textbox", "searchbox", "spinbutton"}
CONCURRENT = 16  # controls read at once on one page


def fixture_pages(root: Path) -> list[str]:
    return sorted(p.name for p in root.glob("*.html") if p.name not in SKIP and not p.name.startswith("frame_"))
SELECT_ROLES = {"combobox", "listbox"}


@dataclass
class Audit:
    counts: Counter[str] = field(default_factory=Counter)
    mistakes: list[dict[str, Any]] = field(default_factory=list)

    def row(self, page: str) -> None:
        self.counts[f"pages:{page}"] += 1


async def audit_page(session: BrowserSession, url: str, audit: Audit) -> None:
    """Every control of the page judged; the controls are read side by side (read-only: nothing on the page acts),
    so their round trips to the browser overlap instead of queueing one after another."""
    page = await session.page()
    await page.goto(url, wait_until="load")
    elements, _ = await search_elements(page, session.registry, session.settings, query="", limit=1000)
    limit = asyncio.Semaphore(CONCURRENT)

    async def judged(element: Any) -> tuple[str, str] | None:
        async with limit:
            return await _judge(session, element)

    for element, verdict in zip(elements, await asyncio.gather(*(judged(e) for e in elements)), strict=True):
        if verdict is None:
            continue
        truth, got = verdict
        group = "destructive" if truth.startswith("destructive") else truth
        audit.counts[f"{group}:tried"] += 1
        if got == truth:
            audit.counts[f"{group}:right"] += 1
        else:
            audit.counts[f"{group}:wrong"] += 1
            audit.mistakes.append({"url": url.rsplit("/", 1)[-1], "role": element.role, "name": element.name,
                                   "expected": truth, "got": got})


async def _judge(session: BrowserSession, element: Any) -> tuple[str, str] | None:
    """(the fixture's truth, the detector's verdict) for one control; None when it is gone."""
    guard = session.action_guard
    assert isinstance(guard, SecurityGuard)
    detector = guard.detector
    _, handle = await session.registry.resolve(element.id)
    if handle is None:
        return None
    try:
        expect = (await handle.get_attribute("data-expect")) or "safe"
        facts = await element_facts(handle)
    finally:
        await handle.dispose()
    if element.role in TEXT_ROLES:
        got = "sensitive" if detector.is_sensitive(element.role, element.name, facts) else "safe"
        return ("sensitive" if expect == "sensitive" else "safe"), got
    kind = "select_option" if element.role in SELECT_ROLES else "click"
    verdict = detector.classify(kind, element.role, element.name, facts)
    return (expect if expect.startswith("destructive:") else "safe"), (
        f"destructive:{verdict.category}" if verdict else "safe")


@dataclass
class PathAudit:
    """The gate on real apps' task paths (``corpus.tasks``), one row per app in the report.

    destructive: paths tried, paths whose effect step was held (and what confirm_action then did in the app's
    database); ordinary: actions tried (every step but opening a URL), actions held (false holds); approval carried:
    an earlier step the gate could not tell apart was held, and its approval covered the app's own confirmation page
    (asked once); cautious: a hold on a step of a destructive path that neither performed the effect nor carried
    its approval (the human was asked twice); prompts: every hold on a destructive path, each a question the human
    answers (the target is one per consequential act)."""

    counts: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)


async def audit_task(host: Any, app: Any, task: Any, audit: PathAudit) -> None:
    """Run one corpus task through the MCP server with ``corpus.gate.run_task`` (every hold confirmed, as the human
    would), and count what the human was asked."""
    from corpus.gate import run_task
    from corpus.runner import StepFailed

    prefix = f"{task.app}:"
    before = [app.db.value(c) for c in task.checks]
    try:
        await host.login(app)
        run = await run_task(host.call, app, task)
    except StepFailed as exc:
        audit.counts[prefix + "failed"] += 1
        audit.notes.append(f"step failed: {task.key}: {exc}")
        return
    if task.kind == "ordinary":
        audit.counts[prefix + "ordinary:actions"] += len([o for o in run.outcomes if o.step.do != "open"])
        audit.counts[prefix + "ordinary:held"] += len(run.false_holds)
        audit.notes.extend(f"false hold: {task.key}: {hold}" for hold in run.false_holds)
        return
    audit.counts[prefix + "destructive:tried"] += 1
    audit.counts[prefix + "prompts"] += len([o for o in run.outcomes if o.held])
    audit.counts[prefix + "destructive:held"] += run.effect_held
    audit.counts[prefix + "approval_carried"] += len(run.approving)
    audit.counts[prefix + "cautious"] += len(run.false_holds)
    audit.notes.extend(f"cautious hold: {task.key}: {hold}" for hold in run.false_holds)
    if not run.effect_held:
        audit.notes.append(f"NOT HELD: {task.key}: {[o.describe() for o in run.effect_outcomes]}")
    audit.summaries.extend(f"{task.key}: {summary.get('effect')}" for summary in run.effect_summaries)
    if before == [c.before for c in task.checks] and run.effect_done and run.replay_refused:
        audit.counts[prefix + "destructive:done_once"] += 1
    else:
        audit.notes.append(f"database: {task.key}: {before} -> {run.db_after}")

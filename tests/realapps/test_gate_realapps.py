"""The confirmation gate on real apps (issue 10's target behaviour), through the stdio MCP server on real Chromium.

- Every destructive path (corpus.tasks: single delete through the confirmation page, bulk delete, publish) is held
  at the step that performs the effect and at no other step; nothing changes in the app's database while it is
  held; ``confirm_action`` performs it exactly once (checked in the database; a replay is refused).
- Every ordinary task (create, edit and save, search, filter, sort, paginate, login, open a form) runs with zero
  holds and does what it should (database and page checks).

A step held where it should not be is confirmed so the path can go on, and counted as a false hold. The session's
table of every task (held steps, effect) is printed at the end of the run.
"""

from __future__ import annotations

import anyio
import pytest

from corpus.apps import APPS, RunningApp
from corpus.db import DbCheck
from corpus.runner import StepOutcome, confirm, page_text, run_step
from corpus.steps import Task
from corpus.tasks import destructive, ordinary
from tests.realapps.conftest import GateRecord, record_gate
from tests.realapps.harness import Host

SETTLE_S = 15  # bound on an effect reaching the database / the page after the action returned


def ids(task: Task) -> str:
    return task.key


async def settled(app: RunningApp, checks: tuple[DbCheck, ...]) -> list[int]:
    """The checks' values once they reach their expected ``after`` (or the bound runs out: the values then)."""
    with anyio.move_on_after(SETTLE_S):
        while True:
            if [app.db.value(c) for c in checks] == [c.after for c in checks]:
                break
            await anyio.sleep(0.1)  # the app's server commits on its own thread; no signal reaches the test
    return [app.db.value(c) for c in checks]


async def shows(host: Host, texts: tuple[str, ...]) -> list[str]:
    """Which of ``texts`` the page still does not show once the bound runs out."""
    missing = list(texts)
    with anyio.move_on_after(SETTLE_S):
        while missing:
            text = await page_text(host.call)
            missing = [t for t in texts if t not in text]
            if missing:
                await host.call("wait_for_load", timeout_ms=2000)
    return missing


async def prepare(task: Task, corpus_apps, host: Host) -> RunningApp:
    app = corpus_apps.get(task.app)
    if task.login:
        await host.login(app)
    before = [app.db.value(c) for c in task.checks]
    assert before == [c.before for c in task.checks], f"seed data not as the task expects: {before}"
    return app


@pytest.mark.parametrize("task", destructive(), ids=ids)
async def test_destructive_path_is_held_once_then_runs_once(task: Task, corpus_apps, host: Host) -> None:
    app = await prepare(task, corpus_apps, host)
    record = GateRecord(task)
    unchanged_while_held = True
    replay_refused = True
    for step in task.steps:
        outcome: StepOutcome = await run_step(host.call, app.base_url, step)
        record.outcomes.append(outcome)
        if not outcome.held:
            continue
        if step.effect:
            unchanged_while_held = [app.db.value(c) for c in task.checks] == [c.before for c in task.checks]
        await confirm(host.call, outcome)
        if step.effect:
            replay = await host.call("confirm_action", confirmation_id=outcome.confirmation_id)
            replay_refused = not replay["success"]
    after = await settled(app, task.checks)
    record.effect_done = after == [c.after for c in task.checks]
    record_gate(record)
    effect = [o for o in record.outcomes if o.step.effect]
    assert record.effect_done, f"effect not done exactly once: {after} != {[c.after for c in task.checks]}"
    assert all(o.held for o in effect), f"the effect ran UNGATED: {[o.describe() for o in effect]}"
    assert unchanged_while_held, "the database changed while the action was held"
    assert replay_refused, "confirm_action ran the same confirmation twice"
    if task.category:
        assert [o.summary.get("category") for o in effect] == [task.category], [o.describe() for o in effect]
    assert not record.false_holds, f"held a step that does not perform the effect: {record.false_holds}"


@pytest.mark.parametrize("task", ordinary(), ids=ids)
async def test_ordinary_task_runs_without_a_hold(task: Task, corpus_apps, host: Host) -> None:
    app = await prepare(task, corpus_apps, host)
    record = GateRecord(task)
    for step in task.steps:
        outcome = await run_step(host.call, app.base_url, step)
        record.outcomes.append(outcome)
        if outcome.held:
            await confirm(host.call, outcome)  # so the task can go on; counted as a false hold
    after = await settled(app, task.checks)
    missing = await shows(host, task.page_text)
    record.effect_done = after == [c.after for c in task.checks] and not missing
    record_gate(record)
    assert after == [c.after for c in task.checks], f"the task did not do its work: {after}"
    assert not missing, f"the page does not show {missing}"
    assert not record.false_holds, f"ordinary steps held: {record.false_holds}"


@pytest.mark.parametrize("app_name", sorted(name for name, spec in APPS.items() if spec.login))
async def test_login_runs_without_a_hold(app_name: str, corpus_apps, host: Host) -> None:
    """Logging in: the server types the username, refuses the password (the human types it), clicks the button."""
    outcomes = await host.login(corpus_apps.get(app_name))
    login_task = Task(app_name, "login", "ordinary", "Log in as the admin.", steps=tuple(o.step for o in outcomes))
    record = GateRecord(login_task, outcomes=list(outcomes), effect_done=True)
    record_gate(record)
    assert not record.false_holds, record.false_holds

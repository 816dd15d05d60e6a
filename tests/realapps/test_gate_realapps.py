"""The confirmation gate on real apps (issue 10's target behaviour), through the stdio MCP server on real Chromium.

- Every destructive path (corpus.tasks: single delete through the confirmation page, bulk delete, publish) asks
  the human once: at the step that performs the effect, or at an earlier step the gate cannot tell apart ("Go" with
  "Delete selected …"), whose approval the server then carries to the app's own confirmation page of the same
  objects (``approved_by``); no other step is held; nothing changes in the app's database while it is held;
  ``confirm_action`` performs it exactly once (checked in the database; a replay is refused); the summary the human
  answered names exactly the objects the effect touches.
- Every ordinary task (create, edit and save, search, filter, sort, paginate, login, open a form) runs with zero
  holds and does what it should (database and page checks).

A step held where it should not be is confirmed so the path can go on, and counted as a false hold. The session's
table of every task (held steps, effect) is printed at the end of the run.

GATE_GAPS lists the tasks the gate (or a widget it needs) gets wrong today: they are strict xfails, so a fix shows
as XPASS and fails until its key is removed from the list; every other task must pass.
``REALAPPS_TARGET=1`` runs them all as plain tests (the raw pass/fail against the target).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from corpus.apps import APPS, RunningApp
from corpus.gate import TaskRun, run_task
from corpus.host import Host
from corpus.runner import StepFailed
from corpus.steps import Task
from corpus.tasks import destructive, ordinary
from tests.realapps.gaps_mlflow import MLFLOW_GATE_GAPS, ORDER_DEPENDENT
from tests.realapps.gaps_newapps import NEWAPPS_GATE_GAPS
from tests.support.run_summary import GATE_LINES

# Measured against the gate of main: why each fails. (The two Django bulk deletions held "Go" and then the app's own
# "Yes, I'm sure" again until the human's approval was carried to the app's own confirmation page.)
# Issue 19 (Flask-Admin, measured on main at f657624): the gate and the widgets each app's tasks still miss. A gap
# seen at a step that cannot be carried out (a select2 field not found) is a StepFailed, one in the gate's verdict an
# AssertionError; both are strict xfails.
GATE_GAPS: dict[str, str] = {}  # Flask-Admin's gaps (native confirm(), select2, hold by value) closed in 0.4


def params(tasks: list[Task]) -> list[object]:
    target = os.environ.get("REALAPPS_TARGET") == "1"
    return [pytest.param(t, id=t.key, marks=() if target else _mark(t.key)) for t in tasks]


def _mark(key: str) -> Any:
    if key in GATE_GAPS:
        return pytest.mark.xfail(strict=True, raises=(AssertionError, StepFailed),
                                 reason=f"current gate: {GATE_GAPS[key]}")
    if key in ORDER_DEPENDENT:
        return pytest.mark.xfail(strict=False, raises=(AssertionError, StepFailed),
                                 reason=f"order-dependent: {ORDER_DEPENDENT[key]}")
    return ()


GATE_GAPS.update(MLFLOW_GATE_GAPS)
GATE_GAPS.update(NEWAPPS_GATE_GAPS)


async def prepare(task: Task, corpus_apps, host: Host) -> RunningApp:
    app = corpus_apps.get(task.app)
    if task.login:
        await host.login(app)
    before = [app.db.value(c) for c in task.checks]
    assert before == [c.before for c in task.checks], f"seed data not as the task expects: {before}"
    return app


@pytest.mark.parametrize("task", params(destructive()))
async def test_destructive_path_is_held_once_then_runs_once(task: Task, corpus_apps, host: Host) -> None:
    run = await run_task(host.call, await prepare(task, corpus_apps, host), task)
    GATE_LINES.append(run.line())
    effect = [o.describe() for o in run.effect_outcomes]
    assert run.effect_done, f"effect not done exactly once: {run.db_after} != {[c.after for c in task.checks]}"
    assert run.effect_held, f"the effect ran UNGATED: {effect}"
    assert run.unchanged_while_held, "the database changed while the action was held"
    assert run.replay_refused, "confirm_action ran the same confirmation twice"
    if task.category:
        assert [s.get("category") for s in run.effect_summaries] == [task.category], effect
    assert run.summary_names_objects in (None, True), f"the summary does not name exactly the objects: " \
                                                       f"{run.effect_summaries}"
    assert not run.false_holds, f"held a step that does not perform the effect: {run.false_holds}"


@pytest.mark.parametrize("task", params(ordinary()))
async def test_ordinary_task_runs_without_a_hold(task: Task, corpus_apps, host: Host) -> None:
    run = await run_task(host.call, await prepare(task, corpus_apps, host), task)
    GATE_LINES.append(run.line())
    assert run.db_after == [c.after for c in task.checks], f"the task did not do its work: {run.db_after}"
    assert not run.page_missing, f"the page does not show {run.page_missing}; steps: {steps_of(run)}"
    assert not run.false_holds, f"ordinary steps held: {run.false_holds}"


def steps_of(run: TaskRun) -> list[str]:
    """Each step's tool, arguments and answer, short: what a failure message needs to be read."""
    out = []
    for o in run.outcomes:
        answer = "ok" if o.ok else f"{o.error.get('code')}: {str(o.error.get('message', ''))[:160]}"
        changed = str((o.payload.get("data") or {}).get("changes", ""))[:160] if o.ok else ""
        out.append(f"{o.tool}({o.arguments}) -> {answer} {changed}".strip())
    return out


@pytest.mark.parametrize("app_name", sorted(name for name, spec in APPS.items() if spec.login))
async def test_login_runs_without_a_hold(app_name: str, corpus_apps, host: Host) -> None:
    """Logging in through the MCP tools only: the server types the username, the password by its secret name (for
    the app's origin only), clicks the button; the password never comes back in a result or the server's log."""
    outcomes = await host.login(corpus_apps.get(app_name))
    name = f"{app_name}_password"
    typed = next(o for o in outcomes if o.arguments.get("text") == {"secret": name})
    assert typed.payload["data"]["value"] == f"•••• (secret {name})"
    password = host.secrets[name][0]
    assert password not in json.dumps([o.payload for o in outcomes], ensure_ascii=False)
    assert password not in (host.workdir / "server.log").read_text(encoding="utf-8", errors="replace")
    login_task = Task(app_name, "login", "ordinary", "Log in as the admin.", steps=tuple(o.step for o in outcomes))
    run = TaskRun(login_task, outcomes=list(outcomes), effect_done=True)
    GATE_LINES.append(run.line())
    assert not run.false_holds, run.false_holds

"""Stuck detection (the same action on an unchanged page k times → a forced re-plan; still stuck → the human or
a clean stop) and budgets: max_turns, max_budget_usd and the wall clock stop the run cleanly with a record.
"""

from __future__ import annotations

import json

import anyio
import pytest

from orchestrator.human import ScriptedHuman
from orchestrator.session.worker import WorkerAgent
from tests.e2e.conftest import E2E, PYTHON, REPO
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ScriptedModel

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(150)]


async def test_stuck_loop_forces_a_replan_then_asks_the_human_then_stops(
    e2e: E2E, model: ScriptedModel, pages
) -> None:
    url = pages.url_a("inbox.html")
    model.reset(
        Scenario(
            intents=[
                Intent("open", "navigate", url=url),
                Intent("more", "click_until", role="button", name="show more archived", until="Showing 20"),
            ],
            expect="Showing 20",
        )
    )
    human = ScriptedHuman(confirms=[], handoffs=[False])
    worker = WorkerAgent(settings=e2e.settings(stuck_repeats=3), env=e2e.cli_env(), human=human,
                         title="stuck")
    async with worker:
        outcome = await worker.run(f"Open {url} and show all archived items")
    assert outcome.status == "stuck", outcome
    assert "tried 3 times on an unchanged page" in outcome.reason or "times on an unchanged page" in outcome.reason
    # the first detection forced a re-plan that knew why: the planner was asked again, the note in its memory
    replans = [r for r in model.requests if r.agent == "planner" and "Stuck" in r.texts("user")[-1]]
    assert replans, [r.agent for r in model.requests]
    denied = [c for c in worker.tool_invocations if c.error_code == "denied" and c.tool.endswith("__click")]
    assert len(denied) == 2 and "Stuck:" in denied[0].result and "click" in denied[0].result
    assert len(human.seen) == 1 and "login, 2FA or a captcha" in human.seen[0]
    events = [json.loads(x) for x in (worker.recorder.dir / "events.jsonl").read_text().splitlines()]
    assert [e["occurrence"] for e in events if e["event"] == "stuck"] == [1, 2]
    summary = json.loads((worker.recorder.dir / "summary.json").read_text())
    assert summary["status"] == "stuck"


async def test_max_turns_stops_the_run(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(
        Scenario(
            intents=[
                Intent("open", "navigate", url=url),
                Intent("name", "type", role="textbox", name="full name", text="Ada"),
                Intent("country", "select", role="combobox", name="country", text="Japan"),
            ],
            expect="never shown",
            horizon=1,
        )
    )
    worker = WorkerAgent(settings=e2e.settings(max_turns=2), env=e2e.cli_env(), title="turns")
    async with worker:
        outcome = await worker.run(f"Open {url} and fill the form")
    assert outcome.status == "budget" and "max_turns" in outcome.reason, outcome
    assert outcome.num_turns >= 2
    assert json.loads((worker.recorder.dir / "summary.json").read_text())["status"] == "budget"


async def test_cost_budget_stops_the_cli_with_exit_code_3(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(Scenario(intents=[Intent("open", "navigate", url=url)], expect="never shown"))
    model.usage["input_tokens"] = 200_000  # every request now costs ~$0.4-0.8
    try:
        with anyio.fail_after(120):
            proc = await anyio.run_process(
                [PYTHON, "-m", "orchestrator", "--max-budget-usd", "0.5", f"Open {url}"],
                env=e2e.process_env(), cwd=REPO, check=False,
            )
    finally:
        model.usage["input_tokens"] = 0
    out = proc.stdout.decode()
    assert proc.returncode == 3, out + proc.stderr.decode()[-2000:]
    assert "max_budget_usd" in out
    (run,) = e2e.runs()
    summary = json.loads((run / "summary.json").read_text())
    assert summary["status"] == "budget" and summary["cost_usd"] > 0.5


async def test_model_request_budget_stops_cleanly_with_a_record(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(signup_never_done(url))
    worker = WorkerAgent(settings=e2e.settings(max_requests=4), env=e2e.cli_env(), title="requests")
    with anyio.fail_after(90):
        async with worker:
            outcome = await worker.run(f"Open {url} and fill the form")
    assert outcome.status == "budget" and "model request limit (4 per task, max_requests)" in outcome.reason, outcome
    assert 4 <= len(model.log) <= 6  # the stop lands within a request or two
    summary = json.loads((worker.recorder.dir / "summary.json").read_text())
    assert summary["status"] == "budget" and (worker.recorder.dir / "memory.json").is_file()


def signup_never_done(url: str) -> Scenario:
    return Scenario(
        intents=[
            Intent("open", "navigate", url=url),
            Intent("name", "type", role="textbox", name="full name", text="Ada"),
            Intent("country", "select", role="combobox", name="country", text="Japan"),
        ],
        expect="never shown",
        horizon=1,
    )


async def test_wall_clock_limit_interrupts_cleanly(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(
        Scenario(intents=[Intent("open", "navigate", url=url), Intent("wait", "sleep", text="25000")], expect="x")
    )
    worker = WorkerAgent(settings=e2e.settings(wall_clock_s=6), env=e2e.cli_env(), title="clock")
    with anyio.fail_after(60):
        async with worker:
            outcome = await worker.run(f"Open {url} and wait")
    assert outcome.status == "budget" and "wall-clock" in outcome.reason, outcome
    assert outcome.duration_s < 30
    assert (worker.recorder.dir / "summary.md").is_file()

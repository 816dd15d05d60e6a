"""``python -m orchestrator "task"`` end to end (the request-level shape of the SDK session: test_sdk_shape.py): the
planner delegates to dom_analyzer, executor and validator, each with its own tools and the session's one browser;
the executor's MCP calls change a real page; the validator's verdict ends the run; the run record is written.
Also: a re-plan after a failed step.
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from tests.e2e.conftest import E2E, PYTHON, REPO
from tests.e2e.policies import Intent, Scenario
from tests.e2e.scripted_model import ScriptedModel

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]


def signup(url: str, *, name: str = "Ada Lovelace", country: str = "Japan") -> Scenario:
    return Scenario(
        intents=[
            Intent("open", "navigate", url=url),
            Intent("name", "type", role="textbox", name="full name", text=name),
            Intent("country", "select", role="combobox", name="country", text=country),
            Intent("submit", "click", role="button", name="register"),
        ],
        expect=f"Registered: {name}, {country}",
    )


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


async def test_cli_runs_a_task_through_all_four_subagents(e2e: E2E, model: ScriptedModel, pages) -> None:
    url = pages.url_a("signup.html")
    model.reset(signup(url))
    task = f"Open {url} and register Ada Lovelace from Japan"
    with anyio.fail_after(150):
        proc = await anyio.run_process(
            [PYTHON, "-m", "orchestrator", task], env=e2e.process_env(), cwd=REPO, check=False,
        )
    out = proc.stdout.decode()
    assert proc.returncode == 0, out + proc.stderr.decode()[-3000:]
    assert not model.errors
    agents = model.agents()
    assert agents[0] == "planner" and "lead" not in agents  # the planner is the main agent: no other lead
    for agent in ("planner", "dom_analyzer", "executor", "validator"):
        assert agent in agents, agents
    # What the person saw: agents, tools, steps, the verdict, the summary.
    for shown in ("planner", "executor", "type_text", "select_option", "verdict done=True", "Run summary", "done"):
        assert shown in out, out
    (run,) = e2e.runs()
    summary = json.loads((run / "summary.json").read_text())
    assert summary["status"] == "done" and summary["session_id"] and summary["steps"] == 4
    assert summary["tasks"][0]["verdict"]["done"] is True
    assert summary["input_tokens"] > 0 and summary["cost_usd"] > 0
    plans = json.loads((run / "plans.json").read_text())
    assert plans and all(1 <= len(p["steps"]) <= 8 for p in plans)
    calls = read_jsonl(run / "tool_calls.jsonl")
    acting = [c for c in calls if c["tool"].endswith(("type_text", "select_option", "click"))]
    assert {c["agent"] for c in acting} == {"executor"}
    assert all(c["success"] and c["duration_ms"] is not None for c in acting)
    # ids came from observations: every acted-on id appeared in an earlier observe result of that run
    observed = " ".join(c["result"] for c in calls if c["tool"].endswith("observe"))
    assert all(f'"id":"{c["input"]["element_id"]}"' in observed for c in acting)
    validator = [c for c in calls if c["agent"] == "validator"]
    assert validator and "Registered: Ada Lovelace, Japan" in validator[-1]["result"]
    assert (run / "transcript.jsonl").stat().st_size > 0
    assert "done" in (run / "summary.md").read_text()
    assert "Registered: Ada Lovelace, Japan" in (run / "report.html").read_text()  # every run folder has its report
    # Lean, neutral requests: the lead carries no browser tool; no request carries the repository's context
    # (the CLI runs in the runs folder, its Environment block, git status and CLAUDE.md files switched off).
    planner = [r for r in model.requests if r.agent == "planner"]
    assert planner and all(r.tool_names == ["Agent"] for r in planner)  # the planner only delegates
    assert {n for r in model.requests if r.agent == "executor" for n in r.tool_names} >= {"mcp__browser__click"}
    claude_md = (REPO / "CLAUDE.md").read_text(encoding="utf-8").splitlines()[0]
    for request in model.requests:
        body = json.dumps(request.body, ensure_ascii=False)
        assert "gitStatus" not in body and "Current branch:" not in body and claude_md not in body, request.agent
        assert str(REPO) not in body, request.agent  # not even the folder the orchestrator was started in
    # Each agent's own prompt is its whole system prompt (the CLI's coding prompt is replaced) and its tool list is
    # its own: the validator never sees an acting tool.
    assert all("cwd reset between bash calls" not in json.dumps(r.body["system"]) for r in model.requests)
    assert all(r.body["system"][-1]["text"].startswith("You are the ") for r in model.requests)
    validator_tools = {n for r in model.requests if r.agent == "validator" for n in r.tool_names}
    assert "mcp__browser__get_page_text" in validator_tools and "mcp__browser__click" not in validator_tools


async def test_replan_after_a_failed_step(e2e: E2E, model: ScriptedModel, pages) -> None:
    from orchestrator.session.worker import WorkerAgent

    url = pages.url_a("signup.html#cookies")
    scenario = signup(url, name="Grace Hopper", country="France")
    submit = scenario.intents[-1]
    submit.fallback = [Intent("cookies", "click", role="button", name="accept cookies")]
    model.reset(scenario)
    worker = WorkerAgent(settings=e2e.settings(), env=e2e.cli_env(), title="replan")
    async with worker:
        outcome = await worker.run(f"Open {url} and register Grace Hopper from France")
    assert outcome.status == "done", outcome
    assert not model.errors
    firsts = [p.steps[0].action for p in worker.recorder.plans if p.steps[0].agent == "executor"]
    submit = next(n for n, a in enumerate(firsts) if "[submit]" in a)
    replan = next(n for n, a in enumerate(firsts) if "accept cookies" in a)
    assert submit < replan, firsts  # the plan after the failed submit starts with what removes the failure
    assert "[submit]" in " ".join(firsts[replan + 1:]), firsts  # then the submit again
    failed = [c for c in worker.tool_invocations if c.error_code == "intercepted"]
    assert len(failed) == 2 and failed[0].agent == "executor"  # re-observed and retried once, then re-planned
    events = [json.loads(x) for x in (worker.recorder.dir / "events.jsonl").read_text().splitlines()]
    backoff = [e for e in events if e["event"] == "backoff"]
    assert backoff and backoff[0]["tool"].endswith("click") and backoff[0]["delay_s"] > 0
    steps = worker.state.memory.completed
    assert any("[submit]: failed" in s for s in steps) and any("[cookies]: ok" in s for s in steps)
    assert "[submit]: ok" in " ".join(steps)

"""Measure the orchestrator. Prints Markdown tables.

Default (cost): every bundled eval task in scripted mode (the scripted model plays the shortest solution the
prompts allow): requests by role, browser calls and requests per call, median and largest request, tool-schema
characters per role, input characters, the harness's token count, USD at list prices with and without prompt
caching, the cache-eligible prefix share (see scripts/orchestrator_cost.py).

  uv run python scripts/bench_orchestrator.py [SUITE] [--only ID ...] [-j N] [--save FILE]

A first table puts the issue-20 measures of the one lead (one SDK session, the planner delegating) beside the
last figures of the Python conductor (removed in issue 20; a historical column, not re-measured).

--long: per-step overhead with the model's time excluded, cold start to the first tool call, and the planner's
request size at step 1 vs step 30 of a long task.

  uv run python scripts/bench_orchestrator.py --long [--steps 30] [--cold-runs 3] [--headful]

Method
- The model is the tests' scripted Anthropic-compatible server on 127.0.0.1 (tests/e2e/scripted_model.py); it
  answers at once and records every request (which agent sent it, its size in characters). Everything else is
  real: the SDK, the bundled Claude Code CLI, the stdio browser server and Chromium (headless unless --headful).
- Long task: a fixture sign-up page; step 1 opens it, steps 2..N-1 type "Name k" into the name field (the
  executor observes, then types, choosing the id from the observation), step N presses Register. The planner
  plans one executor step per horizon (the tests' scenario) and re-plans in its conversation, with the
  orchestrator's task memory; the validator checks the registration at the end.
- Per-step overhead: (a) the orchestrator's own code (hooks, run record, memory, progress; human waits excluded)
  divided by the steps; (b) everything except the model and the browser tools: (wall time - time inside the
  scripted model - time inside browser tools) / steps, i.e. CLI + SDK + orchestrator.
- Cold start: `python -m orchestrator "task"` as a new process, from spawn to the first tool call (the first
  agent spawn the orchestrator records) and to the first browser tool call, as recorded in the run's
  tool_calls.jsonl; median of N runs.
- Planner request size: the planner request that plans step k, in characters and ≈ tokens (chars / 4; the
  scripted server has no tokenizer).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "src"), str(REPO / "tests" / "fixtures")]

from site_server import start_site  # noqa: E402

from browser_agent_evals.progress import EvalProgress  # noqa: E402
from browser_agent_evals.runner import Runner, RunOptions  # noqa: E402
from browser_agent_evals.scripted.protocol import tagged  # noqa: E402
from browser_agent_evals.scripted.replay import last_memory  # noqa: E402
from browser_agent_evals.suite import find_suite, load_tasks  # noqa: E402
from orchestrator.session.worker import WorkerAgent  # noqa: E402
from scripts.orchestrator_cost import (  # noqa: E402
    PYTHON_LEAD_LAST,
    TaskCost,
    analyse,
    anatomy,
    side_by_side,
    summary_table,
    task_table,
)
from tests.e2e.conftest import E2E, E2E_SITE  # noqa: E402
from tests.e2e.policies import Intent, Scenario  # noqa: E402
from tests.e2e.scripted_model import Block, ModelRequest, ScriptedModel, Text  # noqa: E402


class Measured:
    """The scenario, plus: the size of the planner request that delegates each executor step."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.planner_chars: dict[int, int] = {}
        self.lead_chars: list[int] = []

    def __call__(self, req: ModelRequest) -> list[Block]:
        blocks = self.scenario(req)
        if req.agent == "lead":
            self.lead_chars.append(req.chars)
        if req.agent == "planner":
            for block in blocks:
                plan = tagged(block.text, "PLAN") if isinstance(block, Text) else None
                if plan and any(s.get("agent") == "executor" for s in plan.get("steps") or []):
                    memory = last_memory(req)
                    lines = [*(memory.get("completed_steps") or []), *self.scenario.plans.reported_ok(req)]
                    done = sum(": ok" in line for line in lines)
                    earlier = next((int(x.split()[0][1:]) for x in memory.get("completed_steps") or []
                                    if x.startswith("(") and "earlier" in x), 0)
                    self.planner_chars.setdefault(done + earlier + 1, req.chars)
        return blocks


def long_task(url: str, steps: int) -> Scenario:
    intents = [Intent("open", "navigate", url=url)]
    intents += [Intent(f"s{k}", "type", role="textbox", name="full name", text=f"Name {k}") for k in range(2, steps)]
    intents.append(Intent("submit", "click", role="button", name="register"))
    return Scenario(intents=intents, expect=f"Registered: Name {steps - 1}, France", horizon=3)


def e2e_env(root: Path, model: ScriptedModel) -> E2E:
    for sub in ("home", "claude", "tmp"):
        (root / sub).mkdir(exist_ok=True)
    return E2E(root, model)


async def measure_long(model: ScriptedModel, url: str, steps: int, headful: bool) -> dict[str, Any]:
    policy = Measured(long_task(url, steps))
    model.reset(policy)
    with tempfile.TemporaryDirectory() as tmp:
        e2e = e2e_env(Path(tmp), model)
        settings = e2e.settings(headful=headful, max_turns=4 * steps, wall_clock_s=900)
        worker = WorkerAgent(settings=settings, env=e2e.cli_env(), title="bench")
        async with worker:
            started = time.perf_counter()
            outcome = await worker.run(f"Open {url} and type the names 2 to {steps} into the name field")
            wall = time.perf_counter() - started
        tools_s = sum((c.duration_ms or 0) / 1000 for c in worker.tool_invocations if c.tool.startswith("mcp__"))
        return {
            "status": outcome.status,
            "steps": outcome.steps,
            "wall_s": wall,
            "model_s": model.model_seconds(),
            "tools_s": tools_s,
            "ours_s": worker.overhead_s,
            "requests": len(model.log),
            "planner": dict(policy.planner_chars),
            "lead": list(policy.lead_chars),
        }


async def measure_cold(model: ScriptedModel, url: str, headful: bool) -> dict[str, float]:
    model.reset(long_task(url, 3))
    with tempfile.TemporaryDirectory() as tmp:
        e2e = e2e_env(Path(tmp), model)
        env = e2e.process_env(ORCH_HEADFUL="true" if headful else "false")
        spawned = time.time()
        proc = await anyio.run_process([sys.executable, "-m", "orchestrator", f"Open {url}"], env=env, cwd=REPO,
                                       check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if proc.returncode != 0:
            raise RuntimeError(f"cold run failed with exit code {proc.returncode}")
        (run,) = e2e.runs()
        calls = [json.loads(line) for line in (run / "tool_calls.jsonl").read_text().splitlines()]
        first = min(c["started_at"] for c in calls)
        browser = min(c["started_at"] for c in calls if c["tool"].startswith("mcp__browser__"))
        first_request = min(r.at for r in model.log)
        return {"first_request": first_request - spawned, "first_tool": first - spawned,
                "first_browser": browser - spawned}


def row(name: str, value: str, target: str = "", ok: bool | None = None) -> str:
    mark = "" if ok is None else (" ✅" if ok else " ❌")
    return f"| {name} | {value} | {target}{mark} |"


async def run_suite(args: argparse.Namespace) -> tuple[list[TaskCost], list[str]]:
    """The suite: the tasks' costs, and the lines of its own tables."""
    from rich.console import Console

    tasks = load_tasks(find_suite(args.suite))
    if args.only:
        tasks = [t for t in tasks if t.id in set(args.only)]
    with tempfile.TemporaryDirectory() as tmp:
        options = RunOptions(mode="scripted", workers=args.workers, out_dir=Path(tmp), keep_requests=True)
        runner = Runner(tasks, options, EvalProgress(Console(stderr=True, quiet=True)))
        run = await runner.run(args.suite)
    costs = [analyse(r.id, runner.requests.get(r.id, []), r.input_tokens) for r in run.results]
    passed = sum(r.success for r in run.results)
    first = runner.requests.get(run.results[0].id, []) if run.results else []
    lines = [f"What the CLI sends (first request of each role, task {run.results[0].id}):", "",
             *anatomy(first), ""] if first else []
    lines += [f"Scripted suite {args.suite!r}: {passed}/{len(run.results)} passed, "
             f"{run.wall_s:.0f} s wall.", "", *summary_table(costs), "", *task_table(costs)]
    failed = [f"{r.id}: {r.status} {r.checker} {r.error}" for r in run.results if not r.success]
    if failed:
        lines += ["", "Failed: " + "; ".join(failed)]
    return costs, lines


async def cost(args: argparse.Namespace) -> None:
    costs, table = await run_suite(args)
    lines = [*side_by_side({"sdk (the one lead)": costs}, PYTHON_LEAD_LAST), "", *table, ""]
    text = "\n".join(lines)
    print(text)
    if args.save:
        await anyio.Path(args.save).write_text(text + "\n", encoding="utf-8")


async def main(args: argparse.Namespace) -> None:
    if not args.long:
        await cost(args)
        return
    site = start_site(E2E_SITE)
    model = ScriptedModel().start()
    os.environ.setdefault("BROWSER_HEADLESS", "false" if args.headful else "true")
    try:
        url = site.url_a("signup.html")
        long = await measure_long(model, url, args.steps, args.headful)
        colds = [await measure_cold(model, url, args.headful) for _ in range(args.cold_runs)]
    finally:
        model.close()
        site.close()
    steps = max(long["steps"], 1)
    ours = long["ours_s"] / steps
    rest = (long["wall_s"] - long["model_s"] - long["tools_s"]) / steps
    planner = long["planner"]
    first, last = planner.get(1, 0), planner.get(args.steps, 0)
    aligned = planner.get(args.steps - 2, 0)
    med = {k: statistics.median(c[k] for c in colds) for k in colds[0]}
    lines = [
        f"Long task: {long['steps']} steps ({long['status']}), {long['requests']} model requests, "
        f"{long['wall_s']:.1f} s wall, {long['tools_s']:.1f} s in browser tools, {long['model_s']:.2f} s in the model.",
        "",
        "| measure | value | target |",
        "|---|---|---|",
        row("orchestrator overhead per step (own code: hooks, records, memory, progress)", f"{ours * 1000:.1f} ms",
            "≤ 150 ms", ours <= 0.15),
        row("per step excl. model and browser time (CLI + SDK + orchestrator)", f"{rest * 1000:.0f} ms"),
        row("cold start → first model request", f"{med['first_request']:.2f} s"),
        row("cold start → first tool call (an agent spawn)", f"{med['first_tool']:.2f} s"),
        row("cold start → first browser tool call", f"{med['first_browser']:.2f} s"),
        row("planner request, step 1", f"{first:,} chars ≈ {first // 4:,} tokens"),
        row(f"planner request, step {args.steps - 2}",
            f"{aligned:,} chars ≈ {aligned // 4:,} tokens"),
        row(f"planner request, step {args.steps}", f"{last:,} chars ≈ {last // 4:,} tokens",
            f"≤ 2× step 1 ({last / first:.2f}×)" if first else "", bool(first) and last <= 2 * first),
        row("lead request, first → last horizon", f"{long['lead'][0]:,} → {long['lead'][-1]:,} chars"
            if long["lead"] else "-"),
    ]
    print("\n".join(lines))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", nargs="?", default="all", help="cost mode: a bundled suite (default all)")
    parser.add_argument("--only", nargs="+", metavar="ID", help="cost mode: only these task ids")
    parser.add_argument("-j", "--workers", type=int, default=1)
    parser.add_argument("--save", help="cost mode: also write the tables to this file")
    parser.add_argument("--long", action="store_true", help="the long-task overhead measure instead")
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--headful", action="store_true")
    anyio.run(main, parser.parse_args())

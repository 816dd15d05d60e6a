"""``python -m browser_agent_evals [SUITE ...]`` (and ``scripts/eval.py``): run suites, show live progress, write
``runs/eval-<time>/results.{json,md}``, compare with a previous ``results.json``.

Exit codes: 0 every task passed (or the real-model mode was skipped: no credentials) · 1 some task failed ·
4 the run could not start (bad suite, missing package, configuration).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import anyio
from pydantic import ValidationError
from rich.console import Console

from browser_agent_evals import miniwob, report
from browser_agent_evals.miniwob import MiniwobMissingError
from browser_agent_evals.progress import EvalProgress
from browser_agent_evals.runner import Mode, Runner, RunOptions, credentials_problem
from browser_agent_evals.suite import Task, find_suite, load_tasks
from browser_core.errors import ConfigurationError
from browser_core.logs import configure_logging
from browser_core.session.leases import parse_endpoints
from orchestrator.session.options import DisplayMissingError


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m browser_agent_evals",
                                description="Evaluate the browser agent on suites.")
    p.add_argument("suites", nargs="*", default=["all"], help="suite files or bundled names (miniwob, sites, all)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--model",
        nargs="?",
        const="",
        metavar="MODEL",
        help="real Claude (needs credentials); optionally the planner's model, e.g. sonnet",
    )
    mode.add_argument("--scripted", action="store_true", help="offline: replay each task's solution (default)")
    p.add_argument("-j", "--workers", type=int, help="tasks run at once (default 1; with a fleet, its slots)")
    p.add_argument("--cdp-url", help="a remote browser (CDP endpoint) shared by all workers, a context each")
    p.add_argument("--endpoints", default=os.environ.get("BROWSER_ENDPOINTS", ""), metavar="WS#LIMIT,...",
                   help="a fleet of Playwright browser servers, e.g. ws://h1:3000/#4,ws://h2:3000/#4 (default "
                   "BROWSER_ENDPOINTS): each task waits for a free slot; a lost endpoint's tasks run once elsewhere")
    p.add_argument("--headful", action="store_true", help="visible browser windows (needs a display)")
    p.add_argument("--only", nargs="+", metavar="ID", help="run only these task ids (or tags)")
    p.add_argument("--compare", type=Path, metavar="RESULTS_JSON", help="a previous results.json to compare with")
    p.add_argument("--out", type=Path, default=Path("runs"), help="where runs/eval-<time>/ goes (default runs/)")
    p.add_argument("--keep-profiles", action="store_true", help="keep each task's browser profile")
    p.add_argument("--list", action="store_true", help="list the tasks and exit")
    p.add_argument("--wall-clock", type=float, metavar="SECONDS", help="per task (default ORCH_WALL_CLOCK_S)")
    p.add_argument("--max-requests", type=int, metavar="N", help="model requests per task (default ORCH_MAX_REQUESTS)")
    p.add_argument("--max-budget-usd", type=float, metavar="USD", help="per task, real mode (ORCH_MAX_BUDGET_USD)")
    return p.parse_args(argv)


def budget_overrides(args: argparse.Namespace) -> dict[str, float | int]:
    """The budget flags, as settings: the same ones a user's own task runs with."""
    given = {"wall_clock_s": args.wall_clock, "max_requests": args.max_requests, "max_budget_usd": args.max_budget_usd}
    return {k: v for k, v in given.items() if v is not None}


def select(tasks: list[Task], only: list[str] | None) -> list[Task]:
    if not only:
        return tasks
    wanted = set(only)
    return [t for t in tasks if t.id in wanted or wanted & set(t.config.tags)]


async def evaluate(args: argparse.Namespace, console: Console) -> int:
    tasks: list[Task] = []
    for name in args.suites:
        tasks += load_tasks(find_suite(name))
    tasks = select(tasks, args.only)
    if args.list:
        for t in tasks:
            console.print(f"{t.id:28} {t.suite:8} {', '.join(t.config.tags)}", highlight=False)
        return 0
    if not tasks:
        console.print("[red]no tasks selected[/]")
        return 4
    if any(t.config.miniwob for t in tasks):
        miniwob.html_root()  # a clear message now rather than a failed page load later
    mode: Mode = "real" if args.model is not None else "scripted"
    if mode == "real":
        problem = credentials_problem()
        if problem:
            console.print(f"[yellow]SKIPPED[/] real-model evaluation: {problem}.", highlight=False)
            return 0
    endpoints = parse_endpoints(args.endpoints)
    workers = args.workers or (sum(e.limit for e in endpoints) if endpoints else 1)
    options = RunOptions(
        mode=mode,
        workers=max(1, workers),
        endpoints=endpoints,
        out_dir=args.out,
        headful=args.headful,
        cdp_url=args.cdp_url,
        model=args.model or None,
        keep_profiles=args.keep_profiles,
        settings_overrides=budget_overrides(args),
    )
    runner = Runner(tasks, options, EvalProgress(console))
    console.print(
        f"[bold]Evaluating {len(tasks)} tasks[/] ({mode}, {options.workers} worker(s), "
        f"{where(args, runner)}) → {runner.out}",
        highlight=False,
    )
    run = await runner.run(" + ".join(args.suites))
    md, regressions = report.write(run, runner.out, args.compare)
    console.print(report.summary_line(run).replace("**", ""), highlight=False)
    console.print(f"results: {md} and {md.with_suffix('.json')}", highlight=False)
    if regressions:
        console.print(f"[red bold]regressions[/]: {', '.join(regressions)}", highlight=False)
    return 0 if run.passed == len(run.results) else 1


def where(args: argparse.Namespace, runner: Runner) -> str:
    if runner.fleet is not None:
        return f"a fleet of {len(runner.fleet.endpoints)} browser servers: {runner.fleet.describe()}"
    return "remote browser " + args.cdp_url if args.cdp_url else "a local browser per task"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console(highlight=False)
    configure_logging("WARNING")
    try:
        return anyio.run(evaluate, args, console)
    except (ValidationError, ValueError, FileNotFoundError, MiniwobMissingError, DisplayMissingError,
            ConfigurationError) as exc:
        console.print(f"[red]cannot run the evaluation:[/] {exc}")
        return 4
    except KeyboardInterrupt:
        console.print("[red]interrupted[/]")
        return 2


if __name__ == "__main__":
    sys.exit(main())

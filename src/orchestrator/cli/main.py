"""``python -m orchestrator "task"`` (one task, then exit) and ``python -m orchestrator`` (an interactive session:
follow-up tasks on the same page); ``--resume <session>`` continues a saved session in a new process;
``python -m orchestrator report [RUN|last] [--open]`` prints (or opens) a run's ``report.html`` (``report.py``).

Exit codes: 0 done · 1 not done · 2 stopped for/by the human (stuck, hand-off refused) · 3 budget · 4 error.

Each command's module is imported once the arguments ask for it: a task (``task.py``) brings the Agent SDK, the MCP
client and Playwright, which ``--version``, ``--help``, ``report``, ``flows`` and ``audit`` do without.
"""

from __future__ import annotations

import argparse
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING

from orchestrator.cli import PROG

if TYPE_CHECKING:
    from rich.console import Console

EPILOG = """Needs Claude credentials (ANTHROPIC_API_KEY, or a logged-in Claude Code) and, for the visible window,
a display (or --headless). Settings: ORCH_* and BROWSER_* environment variables or .env (see .env.example).
Exit codes: 0 done, 1 not done, 2 stopped for/by the human, 3 a budget ran out, 4 error.
`browser-agent report [RUN|last] [--open]` prints the path of a run's report.html (or opens it).
`browser-agent audit URL` checks how ready an app is for an agent (no model; docs/audit.md)."""


def package_version() -> str:
    try:
        return version("browser-agent")
    except PackageNotFoundError:
        return "unknown"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog=PROG, description="Run a browser task with Claude agents; without a task, an interactive session.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"{PROG} {package_version()}")
    p.add_argument("task", nargs="?", help="the task in plain words; omit it for an interactive session")
    p.add_argument("--resume", metavar="SESSION", help="continue a saved session (its id, or 'last')")
    p.add_argument("--answers", type=Path, metavar="FILE", help="scripted answers/confirmations (YAML or JSON)")
    p.add_argument("--answerer", choices=["auto", "terminal", "file", "llm", "none"], help="who answers questions")
    p.add_argument("--headless", action="store_true", help="no browser window")
    p.add_argument("--run-dir", type=Path, help="where run folders go (default: runs/)")
    p.add_argument("--profile-dir", type=Path, help="browser profile directory")
    p.add_argument("--max-turns", type=int)
    p.add_argument("--max-budget-usd", type=float)
    p.add_argument("--wall-clock", type=float, metavar="SECONDS")
    p.add_argument("--max-requests", type=int, metavar="N", help="stop a task after N model requests")
    p.add_argument("--secret", action="append", metavar="NAME", help="a secret the agents may type by name "
                   "(BROWSER_SECRET_<NAME> or the browser's secrets file); repeat for more")
    return p.parse_args(argv)


def commands(argv: list[str], console: Console) -> tuple[int | None, list[str], argparse.Namespace | None]:
    """``report``, ``flows`` and ``replay``: their exit code; else (None) the arguments of a session, and with
    ``replay NAME --fallback model`` the replay that session runs first (a stop hands over to the model)."""
    if argv[:1] == ["report"]:  # `browser-agent report [RUN|last] [--open]`
        from orchestrator.cli import report

        return report.main(argv[1:]), argv, None
    if argv[:1] == ["audit"]:  # `browser-agent audit URL`: no model, no task
        from orchestrator.cli import audit

        return audit.main(argv[1:], console), argv, None
    if argv[:1] not in (["flows"], ["replay"]):
        return None, argv, None
    from orchestrator.cli import flows

    if argv[:1] == ["flows"]:
        return flows.flows_main(argv[1:], console), argv, None
    code, replay = flows.replay_main(argv[1:], console)
    if replay is None:
        return code, argv, None
    flows.flow_environment()  # before the session's browser server starts: it serves replay_flow
    return None, flows.session_argv(replay), replay


def main(argv: list[str] | None = None) -> int:
    from rich.console import Console

    console = Console(highlight=False)
    done, argv, replay = commands(sys.argv[1:] if argv is None else argv, console)
    if done is not None:
        return done
    args = parse_args(argv)
    from orchestrator.cli import task

    return task.run(args, console, replay)

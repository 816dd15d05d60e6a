"""A task or an interactive session of ``browser-agent``: the Claude Agent SDK's worker, the browser link and the
live progress view. ``cli/main.py`` imports this module only once the arguments ask for a task, so ``--version``,
``--help``, ``report``, ``flows`` and ``audit`` start without the Agent SDK or the MCP client (about 1 CPU-s each).
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any

import anyio
from claude_agent_sdk import ClaudeSDKError
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from browser_core.envcheck import SettingsValueError, load_settings, unknown_names
from browser_core.logs import configure_logging
from browser_core.settings import BrowserSettings
from orchestrator.agents import AgentFileError
from orchestrator.cli import PROG, flows
from orchestrator.cli.progress import Progress
from orchestrator.human import Human, LineReader, NoHuman, TerminalHuman
from orchestrator.memory.memory import TaskMemory
from orchestrator.preflight import StartError, explain_model_error, preflight
from orchestrator.questions import QuestionCallback
from orchestrator.records.outcome import exit_code
from orchestrator.records.run_files import RecordError, RunSummary, TaskOutcome, read_record
from orchestrator.session.answerers import AnswersFile, FileAnswerer, TerminalAnswerer
from orchestrator.session.developer import DeveloperAgent
from orchestrator.session.options import DisplayMissingError
from orchestrator.session.worker import WorkerAgent
from orchestrator.settings import OrchestratorSettings, secrets_with

log = logging.getLogger("orchestrator.cli.main")
QUIT = frozenset({"exit", "quit", ":q"})


def make_settings(args: argparse.Namespace) -> OrchestratorSettings:
    overrides: dict[str, Any] = {  # boundary: keyword overrides, validated by OrchestratorSettings
        "run_dir": args.run_dir, "profile_dir": args.profile_dir, "max_turns": args.max_turns,
        "max_budget_usd": args.max_budget_usd, "wall_clock_s": args.wall_clock, "answers_file": args.answers,
        "answerer": args.answerer, "max_requests": args.max_requests,
    }
    if args.headless:
        overrides["headful"] = False
    if args.secret:
        overrides["secrets"] = secrets_with(args.secret)
    return load_settings(OrchestratorSettings, **{k: v for k, v in overrides.items() if v is not None})


def people(
    settings: OrchestratorSettings, console: Console, reader: LineReader, interactive: bool
) -> tuple[Human, QuestionCallback | None, DeveloperAgent | None]:
    """Who confirms, takes over and answers, from the settings and whether a person is at the terminal."""
    mode = settings.answerer
    if mode == "auto":
        mode = "file" if settings.answers_file else "terminal" if interactive else "none"
    if mode == "file":
        if settings.answers_file is None:
            raise ValueError("--answerer file needs --answers FILE")
        answers = AnswersFile.load(settings.answers_file)
        return answers.human(), FileAnswerer(answers), None
    if mode == "terminal":
        human = TerminalHuman(console, reader, settings.confirm_timeout_s, settings.handoff_timeout_s)
        return human, TerminalAnswerer(console, reader, settings.question_timeout_s), None
    if mode == "llm":
        developer = DeveloperAgent(settings=settings)
        return NoHuman(), developer.answer_question, developer
    return NoHuman(), None, None


def find_session(run_dir: Path, wanted: str) -> tuple[str, Path | None]:
    """A session id (or 'last') and the run folder that recorded it, if any."""
    folders = sorted((p for p in run_dir.glob("*/summary.json")), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in folders:
        try:
            summary = read_record(path, RunSummary)
        except RecordError:  # another run's unreadable summary: that run cannot be resumed, this search goes on
            continue
        sid = summary.session_id if summary is not None else None
        if sid and (wanted == "last" or sid == wanted):
            return str(sid), path.parent
    if wanted == "last":
        raise StartError(f"--resume last: no saved session under {run_dir}/ yet (run a task first)")
    raise StartError(
        f"--resume {wanted}: no run under {run_dir}/ recorded this session; use 'last' or a session id "
        "from a run summary"
    )


def print_outcome(console: Console, outcome: TaskOutcome) -> None:
    colour = "green" if outcome.status == "done" else "red"
    reason = explain_model_error(outcome.reason) if outcome.status == "error" else outcome.reason
    console.print(f"[bold {colour}]{outcome.status}[/]" + (f": {escape(reason)}" if reason else ""))
    if outcome.result and outcome.result.strip() not in outcome.reason:
        console.print(escape(outcome.result))


def print_summary(console: Console, summary: RunSummary) -> None:
    table = Table(title="Run summary", show_header=False, title_justify="left")
    for key, value in (
        ("status", summary.status + (f" — {summary.reason}" if summary.reason else "")),
        ("tasks", str(len(summary.tasks))),
        ("steps / horizons / plans", f"{summary.steps} / {summary.horizons} / {summary.plans}"),
        ("tool calls", str(summary.tool_calls)),
        ("tokens", f"{summary.input_tokens:,} in / {summary.output_tokens:,} out"),
        ("cost", f"${summary.cost_usd:.4f}"),
        ("duration", f"{summary.duration_s:.1f} s"),
        ("session", f"{summary.session_id} ({PROG} --resume {summary.session_id})" if summary.resumable
         else "none (the model was never reached: nothing to resume)"),
        ("run record", summary.run_dir),
    ):
        table.add_row(key, value)
    console.print(table)


async def session(args: argparse.Namespace, settings: OrchestratorSettings, console: Console,
                  replay: argparse.Namespace | None = None) -> int:
    reader = LineReader()
    interactive = args.task is None or sys.stdin.isatty()
    resume, previous = (None, None)
    if args.resume:
        resume, previous = find_session(settings.run_dir, args.resume)
    human, callback, developer = people(settings, console, reader, interactive)
    worker = WorkerAgent(
        settings=settings, human=human, on_question_callback=callback, resume=resume,
        question_timeout_seconds=settings.question_timeout_s,
        title=args.task or (f"resume-{resume}" if resume else "session"),
    )
    if developer is not None:
        developer.attach(worker)
    if previous is not None and (previous / "memory.json").is_file():
        worker.state.memory = TaskMemory.model_validate_json((previous / "memory.json").read_text("utf-8"))
    status = "incomplete"
    with Progress(console, worker.state):
        await worker.connect()
        try:
            if replay is not None:
                status = await flows.replay_then_model(worker, replay, console)
            elif args.task:
                outcome = await worker.run(args.task)
                print_outcome(console, outcome)
                status = outcome.status
            else:
                status = await interactive_loop(worker, console, reader)
        finally:
            summary = await worker.close()
    print_summary(console, summary)
    return exit_code(status)


async def interactive_loop(worker: WorkerAgent, console: Console, reader: LineReader) -> str:
    console.print("[bold]Interactive session[/]: type a task, or 'exit'. Follow-ups continue on the same page.")
    status = "done"
    while True:
        console.print("[bold cyan]task>[/] ", end="")
        console.file.flush()
        line = await reader.read()
        if line is None or line.strip().lower() in QUIT:
            return status
        if not line.strip():
            continue
        outcome = await worker.run(line.strip())
        print_outcome(console, outcome)
        status = outcome.status
        if outcome.status in ("error",):
            return status


def run(args: argparse.Namespace, console: Console, replay: argparse.Namespace | None) -> int:
    """Check the settings, start the session and turn how it ended into the exit code."""
    for warning in unknown_names(["ORCH_", "BROWSER_"], [OrchestratorSettings, BrowserSettings]):
        console.print(f"[yellow]warning:[/] {escape(warning)}")
    try:
        settings = make_settings(args)
        log_file = preflight(settings)
    except (SettingsValueError, StartError) as exc:
        console.print(f"[red]cannot start:[/] {escape(str(exc))}")
        return 4
    configure_logging(settings.log_level, log_file)
    try:
        return anyio.run(session, args, settings, console, replay)
    except (AgentFileError, DisplayMissingError, StartError) as exc:
        log.debug("cannot start", exc_info=True)
        console.print(f"[red]cannot start:[/] {escape(str(exc))}")
        return 4
    except (ValueError, OSError, ClaudeSDKError) as exc:
        log.debug("cannot start", exc_info=True)
        console.print(f"[red]cannot start:[/] {escape(explain_model_error(str(exc)))} [dim](details: {log_file})[/]")
        return 4
    except KeyboardInterrupt:
        console.print("[red]interrupted[/]")
        return 2
    except Exception as exc:  # an unexpected failure: one line here, the traceback in the log file
        log.debug("unexpected error", exc_info=True)
        console.print(f"[red]error:[/] {type(exc).__name__}: {escape(str(exc))} [dim](details: {log_file})[/]")
        return 4

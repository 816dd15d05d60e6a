"""``browser-agent flows save [RUN] NAME | list | export NAME`` and ``browser-agent replay NAME
[--param k=v ...]``: a run saved as a flow, replayed with no model through the browser server's ``replay_flow``
(the gate asks the human here at every destructive step, every run), exported as a pytest-playwright test.

A replay writes a run folder of its own (``runs/<time>-replay-<name>/``: ``replay.json``, the page after each step,
the holds with the human's answers, ``report.html`` with a divergence column; ``records/replay_run.py``), so
``browser-agent report last`` opens it.

``--fallback model`` runs the replay inside an orchestrator session, on its browser: a replay that stops hands over
to the model there, on the same page, with the task and the steps done (``replay_then_model``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape

from browser_core.act import flow_export, flow_record, flow_store
from browser_core.act.flow_model import FlowStep, fill
from browser_core.act.replay_model import ReplayReport, Stopped
from browser_core.envcheck import load_settings
from browser_core.errors import InvalidInput
from browser_core.result_model import ToolResult
from browser_core.settings import BrowserSettings
from orchestrator.human import ConfirmRequest, Human, LineReader, NoHuman, TerminalHuman
from orchestrator.records.run_files import RecordError, RunSummary, problem, read_record
from orchestrator.session.answerers import AnswersFile
from orchestrator.settings import OrchestratorSettings, secrets_with

if TYPE_CHECKING:  # a replay's browser link, run folder and session come in with the replay (``_replay``):
    # `flows list | save | export` start without the MCP client, Jinja and the Agent SDK
    from orchestrator.records.replay_run import ReplayRun
    from orchestrator.session.worker import WorkerAgent

DECLINED = "the human declined this step: nothing was done"
BrowserCall = Callable[[str, Mapping[str, object]], Awaitable[Any]]  # a tool's name and arguments → the MCP result


def flows_folder() -> Path:
    return load_settings(BrowserSettings).flows_folder


def _run_folder(run_dir: Path, wanted: str) -> Path:
    if wanted != "last":
        path = Path(wanted)
        return path if path.is_dir() else run_dir / wanted
    runs = sorted((p.parent for p in run_dir.glob("*/flow_steps.jsonl")), key=lambda p: p.stat().st_mtime)
    if not runs:
        raise InvalidInput(f"no run in {run_dir} recorded browser actions")
    return runs[-1]


def recorded_step(path: Path, number: int, line: str) -> FlowStep:
    """One recorded action of ``flow_steps.jsonl``, read as a flow step (the file and line named if it is not one)."""
    try:
        return FlowStep.model_validate_json(line)
    except ValidationError as exc:
        raise InvalidInput(f"{path} line {number} is not a recorded flow step ({problem(exc)}); record the run "
                           "again with this version") from exc


def save_from_run(run: Path, name: str) -> Path:
    steps_file = run / "flow_steps.jsonl"
    if not steps_file.is_file():
        raise InvalidInput(f"{run} has no recorded browser actions (flow_steps.jsonl)")
    steps = [recorded_step(steps_file, n, line)
             for n, line in enumerate(steps_file.read_text("utf-8").splitlines(), 1) if line.strip()]
    try:
        summary = read_record(run / "summary.json", RunSummary)
    except RecordError as exc:
        raise InvalidInput(str(exc)) from exc
    task = summary.tasks[-1].task if summary is not None and summary.tasks else ""
    flow = flow_record.build_flow(name, steps, task=task)
    return flow_store.save(flows_folder(), flow)


def flows_main(argv: list[str], console: Console) -> int:
    p = argparse.ArgumentParser(prog="browser-agent flows", description="Saved flows: save, list, export.")
    sub = p.add_subparsers(dest="command", required=True)
    save = sub.add_parser("save", help="save a run's browser actions as a flow: flows save [RUN] NAME")
    save.add_argument("names", nargs="+", metavar="[RUN] NAME")
    save.add_argument("--run-dir", type=Path, default=Path("runs"))
    sub.add_parser("list", help="the saved flows")
    export = sub.add_parser("export", help="write a flow as a test")
    export.add_argument("name")
    export.add_argument("--out", type=Path, help="the test file (default: test_<name>.py here)")
    args = p.parse_args(argv)
    try:
        if args.command == "save":
            if len(args.names) > 2:
                p.error("flows save takes [RUN] NAME")
            run, name = (args.names[0], args.names[1]) if len(args.names) == 2 else ("last", args.names[0])
            path = save_from_run(_run_folder(args.run_dir, run), name)
            console.print(f"saved flow [bold]{escape(name)}[/]: {escape(str(path))}")
        elif args.command == "list":
            for path in sorted(flows_folder().glob("*.json")):
                flow = flow_store.load(flows_folder(), path.stem)
                params = ", ".join(p.name for p in flow.params)
                console.print(f"{escape(flow.name)}  {len(flow.steps)} steps  params: {escape(params) or '-'}")
        else:
            flow = flow_store.load(flows_folder(), args.name)
            out = args.out or Path(f"test_{flow.name.replace('-', '_').replace('.', '_')}.py")
            out.write_text(flow_export.export_pytest(flow, out.name), encoding="utf-8")
            console.print(f"wrote {escape(str(out))}")
    except InvalidInput as exc:
        console.print(f"[red]error:[/] {escape(exc.message)}" + (f" ({escape(exc.hint)})" if exc.hint else ""))
        return 4
    return 0


def _human(answers: Path | None, console: Console) -> Human:
    if answers is not None:
        return AnswersFile.load(answers).human()
    if sys.stdin.isatty():
        return TerminalHuman(console, LineReader(), 300, 300)
    return NoHuman()


async def _replay(args: argparse.Namespace, params: dict[str, str], human: Human,
                  console: Console) -> ReplayReport:
    # the secrets the flow's steps name are allowed for this replay (as ``--secret`` for a task)
    settings = load_settings(OrchestratorSettings, **({"headful": False} if args.headless else {}),
                             **({"secrets": secrets_with(args.secret)} if args.secret else {}))
    flow_environment()
    try:
        flow = flow_store.load(flows_folder(), args.name)
        flow.values(params)  # an unknown or missing parameter is said at once, before a browser server starts
    except InvalidInput as exc:
        return ReplayReport(status="error", error=exc.message)
    from orchestrator.browser.browser_link import BrowserLink
    from orchestrator.records.replay_run import ReplayRun
    from orchestrator.session.options import browser_server

    run = ReplayRun(settings.run_dir, flow, params)
    link = BrowserLink(browser_server(settings, run.recorder.artifacts, run.recorder.screenshots))
    report = ReplayReport(status="error", error="the browser server did not answer")
    try:
        await link.connect()
        report = await _replay_steps(link.call, args, params, human, console, run)
        await run.pictures_taken()
    finally:
        await link.close()
        report.report = str(run.finish(report.status, report.error or ""))
    return report


def flow_environment() -> None:
    """The browser server about to start lists (and serves) ``replay_flow`` and reads the saved flows here."""
    os.environ.setdefault("BROWSER_FLOWS_DIR", str(flows_folder()))
    os.environ["BROWSER_FLOW_TOOLS"] = "true"


async def _replay_steps(call: BrowserCall, args: argparse.Namespace, params: dict[str, str], human: Human,
                        console: Console, run: ReplayRun) -> ReplayReport:
    """``replay_flow`` (through ``call``: a browser server's tool call) until it is done or stops; a held step is
    asked here, confirmed, and the replay goes on."""
    start, spent = 0, 0.0
    while True:
        arguments = {"name": args.name, "params": params, "start_step": start}
        report = _data(await call("replay_flow", arguments | ({"origin": args.origin} if args.origin else {})))
        run.add(report)
        spent += report.duration_s
        report.duration_s = round(spent, 2)  # the whole replay's steps, every held segment included
        if report.status != "held" or report.stopped is None:
            return report
        held, step = report.stopped.held or {}, report.stopped.step
        found = held.get("summary")
        summary = found if isinstance(found, dict) else {}
        request = ConfirmRequest(confirmation_id=str(held.get("confirmation_id", "")), summary=summary)
        allowed = await human.confirm(request)
        run.answered(step, summary, allowed)
        if not allowed:
            declined = report.model_copy(deep=True)
            declined.status = "declined"
            declined.stopped = report.stopped.model_copy(update={"reason": DECLINED})
            return declined
        confirmed = ToolResult.parse(_text(await call("confirm_action", {"confirmation_id": request.confirmation_id})))
        if not confirmed.success:
            failed = report.model_copy(deep=True)
            failed.status, failed.confirm_error = "stopped", confirmed.error.message if confirmed.error else None
            return failed
        run.done_after_confirmation(step)
        start = step + 1
        console.print(f"[dim]step {step} confirmed and done; replaying from step {start}[/]")


def _text(result: Any) -> str:
    return next((c.text for c in result.content if getattr(c, "type", "") == "text"), "{}")


def _data(result: Any) -> ReplayReport:
    parsed = ToolResult.parse(_text(result))
    if not parsed.success:
        return ReplayReport(status="error", error=parsed.error.message if parsed.error else "failed")
    return ReplayReport.model_validate(parsed.data or {})


def replay_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="browser-agent replay", description="Replay a saved flow with no model.")
    p.add_argument("name")
    p.add_argument("--param", action="append", default=[], metavar="K=V")
    p.add_argument("--origin", help="the site's origin, instead of the recorded one")
    p.add_argument("--answers", type=Path, help="scripted confirmations (YAML or JSON)")
    p.add_argument("--headless", action="store_true")
    p.add_argument("--secret", action="append", default=[], metavar="NAME",
                   help="a secret the flow's steps type by name (repeatable; as ORCH_SECRETS)")
    p.add_argument("--fallback", choices=["none", "model"], default="none",
                   help="model: replay inside an orchestrator session; a stopped replay is handed to the model "
                        "there, on the same page, with the task and the steps done")
    args = p.parse_args(argv)
    bad = [kv for kv in args.param if "=" not in kv]
    if bad:
        p.error(f"--param takes name=value: {bad[0]}")
    args.params = dict(kv.split("=", 1) for kv in args.param)
    return args


def replay_main(argv: list[str], console: Console) -> tuple[int | None, argparse.Namespace | None]:
    """A replay on its own: its exit code. With ``--fallback model``: (None, the arguments), and the orchestrator's
    session runs the replay on its own browser (``replay_then_model``)."""
    args = replay_args(argv)
    if args.fallback == "model":
        return None, args
    report = anyio.run(_replay, args, args.params, _human(args.answers, console), console)
    console.print_json(json.dumps(report.dumped(), ensure_ascii=False))
    if report.report:
        console.print(f"report: {escape(report.report)}", soft_wrap=True)
    status = report.status
    if status == "done":
        return 0, None
    return (2 if status in ("declined", "held") else 1), None


def session_argv(args: argparse.Namespace) -> list[str]:
    """The orchestrator's own arguments for a ``--fallback model`` replay (its title, the answers, the window)."""
    return [f"replay {args.name}", *(["--answers", str(args.answers)] if args.answers else []),
            *(["--headless"] if args.headless else []), *[f"--secret={name}" for name in args.secret]]


async def replay_then_model(worker: WorkerAgent, args: argparse.Namespace, console: Console) -> str:
    """Replay the flow on the session's browser with no model (its own run folder and report, as any replay); a
    replay that stops hands over to the model from that step, on the same page (the task, the steps done, the
    steps left). The session's status."""
    try:
        flow = flow_store.load(flows_folder(), args.name)
    except InvalidInput as exc:
        console.print(f"[red]error:[/] {escape(exc.message)}")
        return "error"
    from orchestrator.records.replay_run import ReplayRun

    run = ReplayRun(worker.settings.run_dir, flow, args.params)
    report = await _replay_steps(worker.browser_call, args, args.params, worker.human, console, run)
    status = report.status
    report.report = str(run.finish(status, report.error or ""))
    console.print_json(json.dumps(report.dumped(), ensure_ascii=False))
    if status != "stopped":
        return {"done": "done", "declined": "aborted", "held": "aborted"}.get(status, "failed")
    step = report.stopped.step if report.stopped else None
    console.print(f"[yellow]replay stopped at step {step}: the orchestrator takes over from there[/]")
    outcome = await worker.run(handover_task(args.name, report, args.params))
    return outcome.status


def handover_task(name: str, report: ReplayReport, params: dict[str, str]) -> str:
    flow = flow_store.load(flows_folder(), name)
    values = {p.name: p.default for p in flow.params if p.default is not None} | params
    stopped = report.stopped or Stopped()
    at = stopped.step

    def said(step: FlowStep) -> str:
        if step.target is None:
            said = step.args.url if step.args.url is not None else step.args.key or ""
            return f"{step.action} {fill(said, values)}".strip()
        row = fill(step.target.anchors.row, values)
        where = f" ({row})" if row else ""
        return f"{step.action} {step.target.role} '{fill(step.target.name, values)}'{where}"

    done, rest = [said(s) for s in flow.steps[:at]], [said(s) for s in flow.steps[at:]]
    return (f"{flow.task or 'Finish the saved flow ' + name}\n(Parameters: {params}.) A replay already did: "
            f"{'; '.join(done) or 'nothing'}. The replay stopped at step {at} ({stopped.reason}). "
            f"Continue from the current page: {'; '.join(rest)}.")

"""``browser-agent report [RUN|last] [--open]``: the path of a run's ``report.html`` (written again from the run
folder, so a run recorded before reports existed gets one too), or the report opened in the default browser.

RUN is a run folder, or a folder name under the settings' ``run_dir``; ``last`` (the default) is the newest.
Exit codes: 0 the report is there · 4 no such run, or it cannot be written.
"""

from __future__ import annotations

import argparse
import webbrowser
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from browser_core.envcheck import SettingsValueError, load_settings
from browser_core.redaction import load_env_secrets
from orchestrator.records.report import newest_run, write_report
from orchestrator.records.run_files import RecordError
from orchestrator.settings import OrchestratorSettings

COMMAND = "report"


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog=f"browser-agent {COMMAND}", description=__doc__.splitlines()[0])
    p.add_argument("run", nargs="?", default="last", help="a run folder, its name under the run folder, or 'last'")
    p.add_argument("--open", action="store_true", help="open it in the default browser")
    p.add_argument("--run-dir", type=Path, help="where run folders are (default: the settings' run_dir, runs/)")
    return p.parse_args(argv)


def find_run(run: str, root: Path) -> Path | None:
    if run == "last":
        return newest_run(root)
    for candidate in (Path(run), root / run):
        if candidate.is_dir() and (candidate / "summary.json").is_file():
            return candidate
    return None


def main(argv: list[str]) -> int:
    args = parse(argv)
    console = Console(highlight=False)
    try:
        root = args.run_dir or load_settings(OrchestratorSettings).run_dir
    except SettingsValueError as exc:
        console.print(f"[red]cannot start:[/] {escape(str(exc))}")
        return 4
    folder = find_run(args.run, root)
    if folder is None:
        where = "no run yet" if args.run == "last" else f"no run {args.run!r}"
        console.print(f"[red]{escape(where)}[/] in {escape(str(root))} (a run folder holds summary.json)")
        return 4
    load_env_secrets()  # the report passes its text through the redaction again
    try:
        path = write_report(folder).resolve()
    except OSError as exc:
        console.print(f"[red]cannot write the report:[/] {escape(str(exc))}")
        return 4
    except RecordError as exc:
        console.print(f"[red]cannot read the run:[/] {escape(str(exc))}")
        return 4
    print(path)
    if args.open:
        webbrowser.open(path.as_uri())
    return 0

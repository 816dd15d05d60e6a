"""What the suite prints at its end, gathered from every pytest-xdist worker and printed once by the controller.

    GATE_LINES.append(run.line())        # a realapps gate test's row (corpus.gate.GateLine), in whichever process
    APPS_STARTED.append("mlflow")        # tests/realapps/conftest.py, each time it starts a corpus app

The hooks in tests/conftest.py call ``to_controller`` at the end of a worker's session (``config.workeroutput``),
``from_worker`` as each worker goes down (``pytest_testnodedown``) and ``write`` in ``pytest_terminal_summary``.
Without xdist the same lists are filled and printed in the one process.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from corpus.gate import GateLine, gate_table
from tests.support import clocks
from tests.support.xdist_groups import group_of

GATE_LINES: list[GateLine] = []
APPS_STARTED: list[str] = []


@dataclass
class Split:
    """One worker's share of the run: its tests, their time by folder, the corpus apps it started."""

    worker: str
    started: float = field(default_factory=time.monotonic)
    wall_s: float = 0.0
    cpu_s: float = 0.0  # CPU seconds of the worker's process tree (servers, browsers, apps; clocks.tree_cpu_s)
    tests: int = 0
    seconds_by_folder: dict[str, float] = field(default_factory=dict)
    apps: list[str] = field(default_factory=list)


SPLITS: list[Split] = []
_MINE = Split("main")
GROUP_SECONDS: dict[str, float] = {}  # every test phase's seconds by xdist group (the controller sees them all)


def count(nodeid: str, seconds: float, when: str) -> None:
    """A test phase's report (setup, call, teardown) in this process."""
    folder = "/".join(Path(nodeid.split("::", 1)[0]).parts[:2])
    _MINE.seconds_by_folder[folder] = _MINE.seconds_by_folder.get(folder, 0.0) + seconds
    _MINE.tests += when == "call"
    group = group_of(nodeid)
    GROUP_SECONDS[group] = GROUP_SECONDS.get(group, 0.0) + seconds


def to_controller(workeroutput: dict[str, Any], worker: str) -> None:
    _MINE.worker, _MINE.apps = worker, list(APPS_STARTED)
    _MINE.wall_s = time.monotonic() - _MINE.started
    _MINE.cpu_s = clocks.tree_cpu_s()
    workeroutput["run_summary"] = {"gate": [asdict(line) for line in GATE_LINES], "split": asdict(_MINE),
                                   "clocks": [asdict(clock) for clock in clocks.CLOCKS]}


def from_worker(workeroutput: dict[str, Any]) -> None:
    summary = workeroutput.get("run_summary")
    if summary:
        GATE_LINES.extend(GateLine(**line) for line in summary["gate"])
        SPLITS.append(Split(**summary["split"]))
        clocks.CLOCKS.extend(clocks.Clock(**clock) for clock in summary.get("clocks", []))


def record_groups(config: Any) -> None:
    """``XDIST_GROUP_SECONDS=<file>``: the run's seconds per group, for the scheduler's order (xdist_groups.py)."""
    out = os.environ.get("XDIST_GROUP_SECONDS")
    if out and GROUP_SECONDS and not hasattr(config, "workerinput"):
        rounded = {group: max(0.1, round(s, 1)) for group, s in sorted(GROUP_SECONDS.items(), key=lambda kv: -kv[1])}
        Path(out).write_text(json.dumps(rounded, indent=1) + "\n", "utf-8")


def write(terminalreporter: Any) -> None:
    record_groups(terminalreporter.config)
    if GATE_LINES:
        terminalreporter.write_line("")
        terminalreporter.write_line("Confirmation gate on the real apps (corpus/):")
        for line in gate_table(sorted(GATE_LINES, key=lambda g: g.app)):  # stable: each app's rows in run order
            terminalreporter.write_line(line)
    if SPLITS:
        terminalreporter.write_line("")
        terminalreporter.write_line("xdist workers (wall time; CPU time of its process tree; tests; "
                                    "seconds in tests by folder; apps started):")
        for split in sorted(SPLITS, key=lambda s: s.worker):
            folders = ", ".join(f"{name} {s:.0f}" for name, s in
                                sorted(split.seconds_by_folder.items(), key=lambda kv: -kv[1]))
            terminalreporter.write_line(f"  {split.worker}: {split.wall_s:.0f} s; cpu {split.cpu_s:.0f} s; "
                                        f"{split.tests} tests; {folders}; apps: {', '.join(split.apps) or '-'}")
    write_clocks(terminalreporter)


def write_clocks(terminalreporter: Any) -> None:
    """With ``TEST_CLOCKS=<file>`` (tests/conftest.py clocks each test then): each test's wall time against its
    process tree's CPU (tests/support/clocks.py), the most waited here, all of them in the file (wall, CPU, waited,
    test id)."""
    if not clocks.CLOCKS:
        return
    terminalreporter.write_line("")
    for line in clocks.lines(clocks.CLOCKS):
        terminalreporter.write_line(line)
    out = os.environ.get("TEST_CLOCKS")
    if out:
        clocks.write_tsv(clocks.CLOCKS, Path(out))

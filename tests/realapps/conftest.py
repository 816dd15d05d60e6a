"""Real third-party apps (corpus/) for the whole session, and one MCP server on one Chromium to drive them.

    corpus_apps.get("django_admin") -> RunningApp   started on first use (the others in the background), once
    host: Host                                        host.call(tool, **args) -> payload; await host.login(app)

Every test in this folder is marked ``realapps`` (``pytest -m realapps``; ``-m "not realapps"`` skips them).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from corpus.apps import APPS, RunningApp, start
from corpus.runner import StepOutcome
from corpus.steps import Task
from tests.realapps.harness import Host

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    needed: set[str] = set()
    for item in items:
        if Path(str(item.fspath)).resolve().parent == HERE:
            item.add_marker(pytest.mark.realapps)
            callspec = getattr(item, "callspec", None)
            params = callspec.params if callspec is not None else {}
            app = params.get("app_name") or getattr(params.get("task"), "app", None)
            needed.update([app] if app else APPS)
    config.stash[_NEEDED] = needed


_NEEDED = pytest.StashKey[set[str]]()


class CorpusApps:
    """Starts the apps the collected tests need, in parallel threads; ``get`` waits for one."""

    def __init__(self, workdir: Path, names: set[str]) -> None:
        self._pool = ThreadPoolExecutor(max_workers=3)
        self._futures: dict[str, Future[RunningApp]] = {
            name: self._pool.submit(start, APPS[name], workdir) for name in sorted(names)
        }
        self._workdir = workdir

    def get(self, name: str) -> RunningApp:
        if name not in self._futures:
            self._futures[name] = self._pool.submit(start, APPS[name], self._workdir)
        return self._futures[name].result(timeout=400)

    def close(self) -> None:
        for future in self._futures.values():
            with contextlib.suppress(Exception):  # an app that never started has nothing to stop
                future.result(timeout=400).stop()
        self._pool.shutdown()


@pytest.fixture(scope="session")
def corpus_apps(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[CorpusApps]:
    apps = CorpusApps(tmp_path_factory.mktemp("corpus"), request.config.stash.get(_NEEDED, set(APPS)))
    try:
        yield apps
    finally:
        apps.close()


@pytest.fixture(scope="session")
async def host(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Host]:
    host = Host(tmp_path_factory.mktemp("mcp-host"))
    try:
        await host.start()
        yield host
    finally:
        await host.close()


# ---------------------------------------------------------------------------
# The gate table: every gate test records its task's outcome; the table is printed at the end of the session.
# ---------------------------------------------------------------------------
@dataclass
class GateRecord:
    task: Task
    outcomes: list[StepOutcome] = field(default_factory=list)
    effect_done: bool = False

    @property
    def false_holds(self) -> list[str]:
        return [o.describe() for o in self.outcomes if o.held and not o.step.effect]

    @property
    def effect_held(self) -> bool:
        effect = [o for o in self.outcomes if o.step.effect]
        return bool(effect) and all(o.held for o in effect)

    def row(self) -> str:
        t = self.task
        if t.kind == "destructive":
            verdict = "held" if self.effect_held else "NOT HELD"
        else:
            verdict = "no hold" if not self.false_holds else "FALSE HOLD"
        holds = "; ".join(o.describe().split(": HELD as ")[0] + f" ({o.summary.get('category')})"
                          for o in self.outcomes if o.held) or "—"
        return f"| {t.app} | {t.id} | {t.kind} | {verdict} | {len(self.false_holds)} | {holds} | " \
               f"{'yes' if self.effect_done else 'NO'} |"


GATE_RECORDS: list[GateRecord] = []


def record_gate(record: GateRecord) -> None:
    GATE_RECORDS.append(record)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not GATE_RECORDS:
        return
    write = terminalreporter.write_line
    write("")
    write("Confirmation gate on the real apps (corpus/):")
    write("| app | task | kind | gate | false holds | held steps (category) | effect done |")
    write("|---|---|---|---|---|---|---|")
    for record in GATE_RECORDS:
        write(record.row())
    paths = [r for r in GATE_RECORDS if r.task.kind == "destructive"]
    tasks = [r for r in GATE_RECORDS if r.task.kind == "ordinary"]
    steps = sum(len(r.outcomes) for r in tasks) + sum(len([o for o in r.outcomes if not o.step.effect])
                                                       for r in paths)
    false = sum(len(r.false_holds) for r in GATE_RECORDS)
    write(f"destructive paths held: {sum(r.effect_held for r in paths)}/{len(paths)}; ordinary tasks without a "
          f"hold: {sum(not r.false_holds for r in tasks)}/{len(tasks)}; false holds: {false} of {steps} "
          f"non-destructive steps")

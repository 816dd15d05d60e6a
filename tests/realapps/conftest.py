"""Real third-party apps (corpus/) for the whole session, and one MCP server on one Chromium to drive them.

    corpus_apps.get("django_admin") -> RunningApp   started on first use (the others in the background), once
    host: Host                                        host.call(tool, **args) -> payload; await host.login(app)

Every test in this folder is marked ``realapps`` (``pytest -m realapps``; ``-m "not realapps"`` skips them).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from corpus.apps import APPS, RunningApp, start
from corpus.gate import TaskRun, gate_table
from corpus.host import Host

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _here(item):
            item.add_marker(pytest.mark.realapps)
            # The first test to need an app waits for its seeding when the cache is cold (Wagtail: ~1-2 min).
            item.add_marker(pytest.mark.timeout(300))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once -k / -m have deselected: the apps the selected tests need (a test without an app needs them all)."""
    needed: set[str] = set()
    for item in session.items:
        if _here(item):
            callspec = getattr(item, "callspec", None)
            params = callspec.params if callspec is not None else {}
            app = params.get("app_name") or getattr(params.get("task"), "app", None)
            needed.update([app] if app else APPS)
    session.config.stash[_NEEDED] = needed


def _here(item: pytest.Item) -> bool:
    return Path(str(item.fspath)).resolve().parent == HERE


_NEEDED = pytest.StashKey[set[str]]()


class CorpusApps:
    """Starts the apps the collected tests need, in parallel threads; ``get`` waits for one."""

    def __init__(self, workdir: Path, names: set[str]) -> None:
        self._pool = ThreadPoolExecutor(max_workers=max(len(APPS), 1))
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
GATE_RUNS: list[TaskRun] = []


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if GATE_RUNS:
        terminalreporter.write_line("")
        terminalreporter.write_line("Confirmation gate on the real apps (corpus/):")
        for line in gate_table(GATE_RUNS):
            terminalreporter.write_line(line)

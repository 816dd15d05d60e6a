"""Real third-party apps (corpus/) for the whole session, and one MCP server on one Chromium to drive them.

    corpus_apps.get("django_admin") -> RunningApp   started on first use (the others in the background), once
    host: Host                                        host.call(tool, **args) -> payload; await host.login(app)
    model_stub: ModelStub                             the host server's model endpoint, counting (it must stay 0)

Every test in this folder is marked ``realapps`` (``pytest -m realapps``; ``-m "not realapps"`` skips them) and
``xdist_group(<its app>)``; its parameter id starts with its app (``[trac]``, ``[mlflow:open-run]``), which is
how its app is known (tests/support/xdist_groups.py). Under pytest-xdist one worker runs all of an app's tests
and is the only one to start it, on first use; a test without an app is a group of its own. Without xdist the
apps the selected tests need start in the background once the first test asks for one.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from corpus.apps import APPS, AppSpec, RunningApp, seeded_state, start
from corpus.host import Host
from tests.support.model_stub import ModelStub, counting_model_stub
from tests.support.prebuild import app_lock
from tests.support.run_summary import APPS_STARTED
from tests.support.xdist_groups import app_of

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which turns the xdist_group marks into the tests' @groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _here(item):
            item.add_marker(pytest.mark.realapps)
            # The first test to need an app waits for its seeding when the cache is cold (Wagtail: ~1-2 min).
            item.add_marker(pytest.mark.timeout(300))
            app = app_of(item.nodeid)
            item.add_marker(pytest.mark.xdist_group(app or item.nodeid))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once -k / -m have deselected: the apps the selected tests need (a test without an app needs them all).
    An xdist worker collects every test but runs only its share: it starts nothing ahead (``get`` starts)."""
    needed: set[str] = set()
    if not hasattr(session.config, "workerinput"):
        for item in session.items:
            if _here(item):
                app = app_of(item.nodeid)
                needed.update([app] if app else APPS)
    session.config.stash[_NEEDED] = needed


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Under xdist an app's tests run one after another on one worker: after its last one, the app stops."""
    apps = item.config.stash.get(_RUNNING, None)
    app = app_of(item.nodeid) if _here(item) else None
    if apps is not None and app and hasattr(item.config, "workerinput") and (
            nextitem is None or app_of(nextitem.nodeid) != app):
        apps.stop(app)


def _here(item: pytest.Item) -> bool:
    return Path(str(item.fspath)).resolve().parent == HERE


def start_built(spec: AppSpec, workdir: Path) -> RunningApp:
    """``start``, once the app's cache is built: by this worker under the app's lock, or by the prebuild that holds
    it now (tests/support/prebuild.py) and is waited for instead of building the app twice."""
    with app_lock(spec.name):
        seeded_state(spec)
    return start(spec, workdir)


_NEEDED = pytest.StashKey[set[str]]()
_RUNNING = pytest.StashKey["CorpusApps"]()


class CorpusApps:
    """Starts the apps the collected tests need, in parallel threads; ``get`` waits for one."""

    def __init__(self, workdir: Path, names: set[str]) -> None:
        self._pool = ThreadPoolExecutor(max_workers=max(len(APPS), 1))
        self._workdir = workdir
        self._futures: dict[str, Future[RunningApp]] = {}
        for name in sorted(names):
            self._start(name)

    def _start(self, name: str) -> None:
        self._futures[name] = self._pool.submit(start_built, APPS[name], self._workdir)
        APPS_STARTED.append(name)  # the run's summary says which worker started which app

    def get(self, name: str) -> RunningApp:
        if name not in self._futures:
            self._start(name)
        return self._futures[name].result(timeout=400)

    def stop(self, name: str) -> None:
        future = self._futures.pop(name, None)
        if future is not None:
            with contextlib.suppress(Exception):  # an app that never started has nothing to stop
                future.result(timeout=400).stop()

    def close(self) -> None:
        for future in self._futures.values():
            with contextlib.suppress(Exception):  # an app that never started has nothing to stop
                future.result(timeout=400).stop()
        self._pool.shutdown()


@pytest.fixture(scope="session")
def corpus_apps(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[CorpusApps]:
    apps = CorpusApps(tmp_path_factory.mktemp("corpus"), request.config.stash.get(_NEEDED, set(APPS)))
    request.config.stash[_RUNNING] = apps
    try:
        yield apps
    finally:
        apps.close()


@pytest.fixture(scope="session")
async def model_stub() -> AsyncIterator[ModelStub]:
    """The session server's model endpoint: a stub that fails and counts every request. The browser server never
    asks a model, so it counts 0 for the whole session (the flow replays assert it after each replay)."""
    async with counting_model_stub() as stub:
        yield stub


@pytest.fixture(scope="session")
async def host(tmp_path_factory: pytest.TempPathFactory, model_stub: ModelStub) -> AsyncIterator[Host]:
    host = Host(tmp_path_factory.mktemp("mcp-host"),
                env={"ANTHROPIC_BASE_URL": model_stub.url, "ANTHROPIC_API_KEY": "stub-key"})
    try:
        await host.start()
        yield host
    finally:
        await host.close()

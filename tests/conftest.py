"""Shared pytest fixtures. Add new fixtures in their own clearly marked section."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# ---------------------------------------------------------------------------
# Fixture website (tests/fixtures/site/) served on two origins.
#   site.origin_a / site.origin_b  e.g. "http://127.0.0.1:41234"
#   site.url_a("form.html")        absolute URL on origin A (url_b for B)
# ---------------------------------------------------------------------------
_FIXTURES_DIR = Path(__file__).resolve().parent / "fixtures"
if str(_FIXTURES_DIR) not in sys.path:
    sys.path.insert(0, str(_FIXTURES_DIR))

from site_server import SITE_ROOT, SiteServers, start_site  # noqa: E402


@pytest.fixture(scope="session")
def site() -> Iterator[SiteServers]:
    # Origin B on 'localhost' makes it another *site*, so Chromium puts its frames out of process (OOPIF).
    servers = start_site(SITE_ROOT, host_b="localhost")
    try:
        yield servers
    finally:
        servers.close()


# --------------------------- end of fixture website ---------------------------


# ---------------------------------------------------------------------------
# Real Chromium through browser_core (in process). Headful when a display exists (CI runs under Xvfb).
#   browser: one BrowserSession for the whole test session (a fresh temporary profile)
#   session: the same session, reset to a single blank tab before each test
# ---------------------------------------------------------------------------
import os  # noqa: E402
from collections.abc import AsyncIterator  # noqa: E402
from typing import Any  # noqa: E402

from browser_core.session import BrowserSession  # noqa: E402
from browser_core.settings import BrowserSettings  # noqa: E402


def make_settings(tmp: Path, **overrides: object) -> BrowserSettings:
    headless = os.environ.get("BROWSER_HEADLESS", "false" if os.environ.get("DISPLAY") else "true") == "true"
    values: dict[str, object] = {
        "headless": headless,
        "user_data_dir": tmp / "profile",
        "artifacts_dir": tmp / "artifacts",
    }
    return BrowserSettings(**(values | overrides))  # type: ignore[arg-type]


@pytest.fixture(scope="session")
async def browser(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserSession]:
    session = BrowserSession(make_settings(tmp_path_factory.mktemp("browser")))
    await session.page()
    yield session
    await session.close()


@pytest.fixture
async def session(browser: BrowserSession) -> AsyncIterator[BrowserSession]:
    page = await browser.page()
    for other in browser.tabs():
        if other is not page:
            await other.close()
    browser.activate(page)
    await page.goto("about:blank")
    browser.drain_events()
    browser.dialog_policy = None
    browser.dialogs.armed = None
    browser.registry.shown_chrome.clear()  # a menu shown by an earlier test is not "shown before" in this one
    yield browser


# ---------------------------------------------------------------------------
# The stdio MCP server shared by a module's tests:
#   client: one `python -m mcp_server` (and one Chromium) per module, for tests that need no fresh server: each
#           opens its own page first and leaves no hold, tab or setting behind. A test about a fresh server, its
#           environment, its profile, its files or what a confirmation carries over starts its own
#           (tests/support/mcp_client.py: browser_client). A module may override it (another environment).
# ---------------------------------------------------------------------------
from tests.support.mcp_client import BrowserClient, served_client  # noqa: E402


@pytest.fixture(scope="module")
async def client(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserClient]:
    folder = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    async with served_client(folder / "profile") as shared:
        yield shared


# ---------------------------------------------------------------------------
# The run's end summaries (tests/support/run_summary.py): the realapps gate table and, under pytest-xdist
# (`bash scripts/test.sh` runs the suite on TEST_WORKERS workers), each worker's share. A worker hands its part to
# the controller in ``config.workeroutput``; the controller prints them once.
# ---------------------------------------------------------------------------
from tests.support import clocks, prebuild, run_summary  # noqa: E402
from tests.support.xdist_groups import SuiteScheduling  # noqa: E402


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """One worker per corpus app, a module's tests together (tests/support/xdist_groups.py)."""
    return SuiteScheduling(config, log) if config.getvalue("dist") == "loadgroup" else None


_PREBUILD = pytest.StashKey[Any]()  # the prebuild's process, or None


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """The controller, at the first worker's collection: the corpus apps the cache lacks start building beside the
    tests (tests/support/prebuild.py), so the worker that reaches an app finds it built."""
    config = node.config
    if _PREBUILD not in config.stash:
        config.stash[_PREBUILD] = prebuild.start(ids)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Any:
    """``TEST_CLOCKS=<file>``: each test's wall time and its process tree's CPU (setup, call, teardown), printed at
    the end and written to the file (tests/support/clocks.py; ~4 ms of CPU a test beside a Chromium, so not always)."""
    if not os.environ.get("TEST_CLOCKS"):
        return (yield)
    with clocks.clocked(item.nodeid):
        return (yield)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    run_summary.count(report.nodeid, report.duration, report.when)


def pytest_sessionfinish(session: pytest.Session) -> None:
    prebuild.stop(session.config.stash.get(_PREBUILD, None))
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        run_summary.to_controller(workeroutput, str(session.config.workerinput["workerid"]))  # type: ignore[attr-defined]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    run_summary.from_worker(getattr(node, "workeroutput", None) or {})


def pytest_terminal_summary(terminalreporter: Any) -> None:
    run_summary.write(terminalreporter)

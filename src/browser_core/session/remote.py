"""A remote browser: a Playwright browser server (``BROWSER_WS_ENDPOINT``) or one of a fleet (``BROWSER_ENDPOINTS``).

The session works in a browser context of its own (cookies, storage, permissions and downloads never cross
sessions). Its cookies and storage live on this side, in the profile folder's state file (``state_keeper.py``):
restored into every new connection, saved after each page-changing call, so a dropped connection loses no login.

A connection that fails becomes one line naming the setting (nothing answers, the token was refused, the server
speaks another Playwright version, the server has no browser): the MCP server stays up, says so in every tool
result, and tries again on the next call.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

import structlog
from playwright.async_api import Browser, BrowserContext, Playwright
from playwright.async_api import Error as PlaywrightError

from browser_core.errors import ConfigurationError
from browser_core.results import RestartNote
from browser_core.session.leases import Endpoint, Lease, LeaseBook, parse_endpoints, shown
from browser_core.settings import BrowserSettings, default_lease_dir

log = structlog.get_logger("browser_core.session.remote")

CONNECT_TIMEOUT_MS = 10000
RECONNECTED = ("the connection to the browser server was lost and made again: cookies and storage are back from "
               "the saved state, earlier element ids and tabs are gone; navigate, then observe")
RELAUNCHED = ("the browser had closed or crashed and was started again on the same profile: earlier element ids and "
              "tabs are gone; navigate, then observe")
LAUNCH_OPTIONS_HEADER = "x-playwright-launch-options"


@dataclass
class Connection:
    browser: Browser
    setting: str  # the setting that named the endpoint (errors and notes name it)
    lease: Lease | None = None


def restart_note(*, reconnected: bool) -> RestartNote:
    """What the next result tells the model after the browser was connected or started again."""
    return {"browser_restarted": True, "ids_reset": True, "note": RECONNECTED if reconnected else RELAUNCHED}


def is_remote(settings: BrowserSettings) -> bool:
    return bool(settings.ws_endpoint or settings.endpoints.strip())


def headers(settings: BrowserSettings) -> dict[str, str]:
    options = {"headless": settings.headless, **settings.ws_launch_options}
    return {LAUNCH_OPTIONS_HEADER: json.dumps(options), **settings.ws_headers}


def client_version() -> str:
    try:
        return version("playwright")
    except PackageNotFoundError:
        return "unknown"


def _status(text: str, *codes: str) -> bool:
    """An HTTP status in the upgrade's answer (never a port: ``127.0.0.1:4013`` is not a 401)."""
    return any(re.search(rf"(?<![:\d]){code}(?!\d)", text) for code in codes)


def why(text: str) -> str:
    """What a failed connect means, in a few words (Playwright's message has a call log under its first line)."""
    first = text.splitlines()[0].removeprefix("BrowserType.connect: ")
    low = text.lower()
    if "executable doesn't exist" in low:
        return ("the server has no browser to launch: give it one (`playwright install`) or start it with --unsafe "
                "and set BROWSER_WS_LAUNCH_OPTIONS executablePath")
    if _status(first, "401", "403") or "unauthorized" in low or "forbidden" in low:
        return f"the server refused the credentials ({first[:120]}): check BROWSER_WS_HEADERS"
    if _status(first, "428") or "version mismatch" in low:
        return f"the server speaks another Playwright version than this client's ({client_version()}): {first[:160]}"
    http = re.search(r"WebSocket error: \S+ (\d{3}\b[^\n<]*)", first)
    if http:  # a web server answered the upgrade with a page: something listens, but no browser server
        return (f"an HTTP server answers there ({http.group(1).strip()[:60]}), not a Playwright browser server: "
                "use the ws:// address `playwright run-server` (or launchServer) prints, path included")
    if "timeout" in low:
        return f"no answer within {CONNECT_TIMEOUT_MS // 1000} s"
    return f"nothing answers there ({first[:120]})"


async def connect(pw: Playwright, settings: BrowserSettings, url: str, setting: str) -> Browser:
    try:
        return await pw.chromium.connect(url, headers=headers(settings), timeout=CONNECT_TIMEOUT_MS)
    except PlaywrightError as exc:
        raise ConfigurationError(f"{setting}={shown(url)}: {why(str(exc))}; tried again on the next call") from exc


async def connect_any(pw: Playwright, settings: BrowserSettings) -> Connection:
    """The one endpoint, or the least-loaded endpoint of the fleet with a free slot that answers."""
    if settings.ws_endpoint:
        return Connection(await connect(pw, settings, settings.ws_endpoint, "BROWSER_WS_ENDPOINT"),
                          "BROWSER_WS_ENDPOINT")
    fleet = parse_endpoints(settings.endpoints)
    book = LeaseBook(settings.lease_dir or default_lease_dir())
    failed: dict[str, str] = {}
    while True:
        lease = book.take(fleet, skip=set(failed))
        if lease is None:
            break
        try:
            browser = await connect(pw, settings, lease.endpoint.url, "BROWSER_ENDPOINTS")
        except ConfigurationError as exc:
            lease.release()
            failed[lease.endpoint.url] = str(exc).split(": ", 1)[-1].removesuffix("; tried again on the next call")
            continue
        log.info("fleet endpoint taken", endpoint=lease.endpoint.shown, load=book.loads(fleet))
        return Connection(browser, f"BROWSER_ENDPOINTS ({lease.endpoint.shown})", lease)
    if failed:
        raise ConfigurationError("BROWSER_ENDPOINTS: no endpoint with a free slot answers: " + "; ".join(
            f"{shown(u)}: {w}" for u, w in failed.items()) + "; tried again on the next call")
    raise ConfigurationError(f"BROWSER_ENDPOINTS: every endpoint is at its session limit ({book.loads(fleet)}); "
                             "tried again on the next call")


async def new_context(browser: Browser, settings: BrowserSettings) -> BrowserContext:
    return await browser.new_context(viewport={"width": settings.viewport_width, "height": settings.viewport_height},
                                     accept_downloads=True)


__all__ = ["Connection", "Endpoint", "connect_any", "is_remote", "new_context"]

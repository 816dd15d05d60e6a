"""One Chromium, one stdio MCP server and a human's hands, for a whole test session or a script's run.

The server attaches to a Chromium this host starts with a DevTools port (``BROWSER_CDP_URL``), so the caller can
also look at the window as the human would. Logins go through the MCP tools only: the admin's password is a
named secret for the app's own origin (the host's secrets file, ``BROWSER_SECRETS_FILE``), typed by name. The MCP
client lives in a task of its own, so the stdio session outlives single tests.

    async with corpus_session(workdir, ["django_admin"]) as (apps, host):
        await host.login(apps["django_admin"])
        payload = await host.call("observe")
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
from playwright.async_api import Browser, BrowserContext, Dialog, Page, Playwright, async_playwright

from corpus.apps import APPS, RunningApp, start
from corpus.runner import StepFailed, StepOutcome, confirm, find_id, run_step
from corpus.steps import Step, click, open_, type_
from tests.support.mcp_client import BrowserClient, browser_client

CHROMIUM = os.environ.get("BROWSER_EXECUTABLE_PATH", "/usr/bin/chromium")
LOGIN_BUTTONS = {"django_admin": "Log in", "wagtail": "Sign in", "oscar": "Log In"}


def launch_chromium(profile: Path) -> subprocess.Popen[bytes]:
    """A Chromium with a DevTools port chosen by itself (written to ``profile/DevToolsActivePort``)."""
    profile.mkdir(parents=True, exist_ok=True)
    args = [CHROMIUM, f"--user-data-dir={profile}", "--remote-debugging-port=0", "--no-first-run",
            "--no-default-browser-check", "--disable-quic", "--window-size=1280,900", "about:blank"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.insert(1, "--no-sandbox")  # as Playwright does for root: Chromium's sandbox refuses to run as root
    if not os.environ.get("DISPLAY") or os.environ.get("BROWSER_HEADLESS") == "true":
        args.insert(1, "--headless=new")
    with (profile.parent / "chromium.log").open("wb") as log:
        return subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)


async def start_chromium(profile: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Launch Chromium and wait (bounded) until its DevTools server listens; returns it and its CDP url."""
    process = await anyio.to_thread.run_sync(launch_chromium, profile)
    port_file = anyio.Path(profile / "DevToolsActivePort")
    with anyio.fail_after(30):
        while not (await port_file.exists() and (await port_file.read_text()).strip()):
            if process.poll() is not None:
                raise RuntimeError(f"chromium exited ({process.returncode})")
            await anyio.sleep(0.05)  # Chromium writes the file once its DevTools server listens; no event to wait on
    port = (await port_file.read_text()).split()[0]
    return process, f"http://127.0.0.1:{port}"


@dataclass
class Host:
    """The session's MCP client (``client``), the human's view of the same browser (``human_page``) and the
    apps logged in so far."""

    workdir: Path
    client: BrowserClient | None = None
    logged_in: set[str] = field(default_factory=set)
    login_outcomes: dict[str, list[StepOutcome]] = field(default_factory=dict)
    _chromium: subprocess.Popen[bytes] | None = None
    _cdp_url: str = ""
    _task: asyncio.Task[None] | None = None
    _stop: asyncio.Event = field(default_factory=asyncio.Event)
    _ready: asyncio.Event = field(default_factory=asyncio.Event)
    _failure: BaseException | None = None
    _pw: Playwright | None = None
    _human: Browser | None = None
    _watching: list[BrowserContext] = field(default_factory=list)
    secrets: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (value, origin), in secrets_file
    env: dict[str, str] = field(default_factory=dict)  # more of the server's environment (a model endpoint stub)

    @property
    def secrets_file(self) -> Path:
        return self.workdir / "secrets.toml"

    async def start(self) -> None:
        self._chromium, self._cdp_url = await start_chromium(self.workdir / "chromium-profile")
        self._task = asyncio.create_task(self._serve())
        with anyio.fail_after(60):
            await self._ready.wait()
        if self._failure is not None:
            raise self._failure

    async def _serve(self) -> None:
        try:
            errlog = (self.workdir / "server.log").open("w")
            async with browser_client(self.workdir / "server-profile", errlog=errlog, BROWSER_CDP_URL=self._cdp_url,
                                      BROWSER_SECRETS_FILE=str(self.secrets_file), BROWSER_FLOW_TOOLS="true",
                                      **self.env) as client:
                self.client = client
                self._ready.set()
                await self._stop.wait()
        except BaseException as exc:  # noqa: BLE001 - reported by start() or close()
            self._failure = exc
            self._ready.set()

    async def call(self, tool: str, /, **arguments: Any) -> dict[str, Any]:
        assert self.client is not None
        return (await self.client.call(tool, **arguments)).payload

    async def human_page(self) -> Page:
        """The page the human sees (the server's active tab: the last one opened)."""
        if self._human is None:
            self._pw = await async_playwright().start()
            self._human = await self._pw.chromium.connect_over_cdp(self._cdp_url)
        for context in self._human.contexts:
            # A Playwright client with no dialog listener dismisses every native dialog it sees, in every tab of
            # the browser: the human's hands would close the confirm() the server was asked to answer.
            if context not in self._watching:
                context.on("dialog", _leave_to_the_server)
                self._watching.append(context)
        pages = [p for c in self._human.contexts for p in c.pages]
        return pages[-1]

    async def close(self) -> None:
        self._stop.set()
        if self._task is not None:
            with anyio.move_on_after(30):
                await self._task
        if self._human is not None:
            await self._human.close()
        if self._pw is not None:
            await self._pw.stop()
        if self._chromium is not None:
            self._chromium.terminate()
            try:
                self._chromium.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._chromium.kill()
        if self._failure is not None and not isinstance(self._failure, asyncio.CancelledError):
            print(f"MCP host ended with {self._failure!r}", file=sys.stderr)

    def allow_secret(self, name: str, value: str, origin: str) -> None:
        """Add a named secret for ``origin`` to the server's secrets file (owner-only; read again on its next use)."""
        self.secrets[name] = (value, origin)
        text = "".join(f"[{n}]\nvalue = {json.dumps(v)}\norigins = [{json.dumps(o)}]\n\n"
                       for n, (v, o) in sorted(self.secrets.items()))
        fd = os.open(self.secrets_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)

    async def login(self, app: RunningApp) -> list[StepOutcome]:
        """Log in as the app's admin through the MCP server, once per app per session: the server types the
        username, then the password by its secret name (``<app>_password``, allowed only on the app's origin), then
        clicks the login button. Returns the steps' outcomes (a hold there is a false hold)."""
        login = app.spec.login
        if login is None or app.spec.name in self.logged_in:
            return self.login_outcomes.get(app.spec.name, [])
        parts = urlsplit(app.base_url)
        name = f"{app.spec.name}_password"
        self.allow_secret(name, login.password, f"{parts.scheme}://{parts.netloc}")
        outcomes = [await run_step(self.call, app.base_url, open_(login.path))]
        outcomes.append(await run_step(self.call, app.base_url, type_(login.user_field, login.username)))
        password = Step("type", "Password")
        arguments: dict[str, Any] = {"element_id": await find_id(self.call, password), "text": {"secret": name}}
        typed = StepOutcome(password, "type_text", arguments, await self.call("type_text", **arguments))
        if not typed.ok or typed.payload["data"].get("secret") != name:
            raise StepFailed(f"the password was not typed by its secret name: {typed.describe()}")
        outcomes.append(typed)
        submit = await run_step(self.call, app.base_url, click(LOGIN_BUTTONS[app.spec.name], role="button"))
        outcomes.append(submit)
        if submit.held:
            await confirm(self.call, submit)
        login_page = re.escape(f"{parts.scheme}://{parts.netloc}{login.path}")
        left = await self.call("wait_for", url=f"re:^(?!{login_page})", timeout_ms=20000)
        if not left.get("success"):
            raise StepFailed(f"still on the login page after signing in: {left.get('error')}")
        self.logged_in.add(app.spec.name)
        self.login_outcomes[app.spec.name] = outcomes
        return outcomes


def _leave_to_the_server(dialog: Dialog) -> None:
    """The human watches a dialog and leaves the answer to the server (which answers it as the human approved)."""


@asynccontextmanager
async def corpus_session(workdir: Path, names: Iterable[str]) -> AsyncIterator[tuple[dict[str, RunningApp], Host]]:
    """For scripts: the named apps (started in parallel) and a host, all stopped at the end."""
    with ThreadPoolExecutor(max_workers=max(len(APPS), 1)) as pool:
        futures = {name: pool.submit(start, APPS[name], workdir) for name in names}
    apps = {name: f.result() for name, f in futures.items() if f.exception() is None}
    host = Host(workdir / "host")
    try:
        failed = next((f.exception() for f in futures.values() if f.exception() is not None), None)
        if failed is not None:
            raise failed
        host.workdir.mkdir(parents=True, exist_ok=True)
        await host.start()
        yield apps, host
    finally:
        await host.close()
        for app in apps.values():
            app.stop()

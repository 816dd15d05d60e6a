"""The browser session: one persistent, headful Chromium context and the page the user is looking at.

Started lazily on the first tool call, so an MCP host can list tools without opening a window.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import anyio
import structlog
from playwright.async_api import Browser, BrowserContext, Dialog, Page, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

from browser_core.dialogs import DialogDesk, dialog_detail
from browser_core.errors import BrowserUnavailable, ConfigurationError
from browser_core.guard import ActionGuard, AllowAll
from browser_core.registry import ElementRegistry
from browser_core.security import url_policy
from browser_core.security.content import ContentFence
from browser_core.security.policy import load_policy
from browser_core.settings import BrowserSettings
from browser_core.snapshots import ScreenshotRecorder
from browser_core.transfers import DownloadDesk, on_file_chooser

log = structlog.get_logger("browser_core.session")

LOCK_NAME = ".browser-agent.lock"


@dataclass
class PageEvent:
    """Something that happened outside a tool call's own action (a popup, a dialog), reported once."""

    kind: str
    detail: dict[str, Any]


@dataclass
class BrowserSession:
    settings: BrowserSettings
    registry: ElementRegistry = field(default_factory=ElementRegistry)
    _playwright: Playwright | None = None
    _browser: Browser | None = None
    _context: BrowserContext | None = None
    _own_context: bool = False  # attached over CDP, in a context this session created (and closes)
    _active: Page | None = None
    _lock_file: IO[str] | None = None
    _start_lock: anyio.Lock = field(default_factory=anyio.Lock)
    events: list[PageEvent] = field(default_factory=list)
    new_page_seen: anyio.Event = field(default_factory=anyio.Event)
    dialog_policy: Callable[[Dialog], bool] | None = None
    dialogs: DialogDesk = field(default_factory=DialogDesk)
    downloads: DownloadDesk = field(default_factory=DownloadDesk)
    uploading: bool = False
    action_guard: ActionGuard | None = None
    content_fence: ContentFence = field(init=False)
    snapshots: ScreenshotRecorder = field(init=False)

    def __post_init__(self) -> None:
        self.content_fence = ContentFence(load_policy(self.settings.security_policy_file))
        self.snapshots = ScreenshotRecorder(self.settings.record_screenshots_dir)
        if self.action_guard is None:
            from browser_core.security.guard import SecurityGuard

            self.action_guard = SecurityGuard.create(
                ttl_s=self.settings.confirmation_ttl_s,
                pending_dir=self.settings.artifacts_dir / "pending",
                policy_file=self.settings.security_policy_file,
            )

    @property
    def guard(self) -> ActionGuard:
        """Every page-changing action passes here first (the security guard unless another was given)."""
        return self.action_guard or AllowAll()

    # ----- lifecycle -------------------------------------------------------------------------------------
    async def page(self) -> Page:
        """The active page, starting the browser on first use and replacing a page the user closed."""
        async with self._start_lock:
            if self._context is None:
                await self._start()
            assert self._context is not None
            if self._active is None or self._active.is_closed():
                open_pages = [p for p in self._context.pages if not p.is_closed()]
                self._active = open_pages[-1] if open_pages else await self._context.new_page()
            return self._active

    @property
    def started(self) -> bool:
        return self._context is not None

    @property
    def context(self) -> BrowserContext:
        if self._context is None:
            raise BrowserUnavailable("the browser is not started")
        return self._context

    async def _start(self) -> None:
        s = self.settings
        self._playwright = await async_playwright().start()
        try:
            if s.cdp_url:
                await self._attach(s.cdp_url)
            else:
                await self._launch()
        except BaseException:
            await self.close()
            raise
        ctx = self.context
        await ctx.add_init_script(self.registry.init_script)
        await url_policy.enforce(
            ctx, url_policy.HostPolicy.from_strings(s.allowed_hosts, s.blocked_hosts),
            lambda kind, detail: self.events.append(PageEvent(kind, dict(detail))),
        )
        ctx.on("page", self._on_new_page)
        for page in ctx.pages:
            self._watch(page)
        log.info("browser started", headless=s.headless, cdp=bool(s.cdp_url), pages=len(ctx.pages))

    async def _attach(self, url: str) -> None:
        assert self._playwright is not None
        try:
            self._browser = await self._playwright.chromium.connect_over_cdp(url, timeout=15000)
        except PlaywrightError as exc:
            raise ConfigurationError(f"cannot attach to the browser at {url}: {str(exc).splitlines()[0]}") from exc
        contexts = self._browser.contexts
        if self.settings.cdp_new_context or not contexts:
            s = self.settings
            self._context = await self._browser.new_context(viewport={"width": s.viewport_width,
                                                                       "height": s.viewport_height})
            self._own_context = True
        else:
            self._context = contexts[0]

    async def _launch(self) -> None:
        assert self._playwright is not None
        s = self.settings
        if not s.headless and sys.platform.startswith("linux"):
            if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
                raise ConfigurationError(
                    "headful Chromium needs a display and none is set (DISPLAY): run under `xvfb-run -a`, "
                    "use scripts/run.sh, or set BROWSER_HEADLESS=true"
                )
        executable = s.resolve_executable()
        if executable is not None and not executable.exists():
            raise ConfigurationError(f"BROWSER_EXECUTABLE_PATH={executable} does not exist")
        profile = s.user_data_dir
        profile.mkdir(parents=True, exist_ok=True)
        self._lock_profile(profile)
        try:
            self._context = await self._playwright.chromium.launch_persistent_context(
                str(profile),
                headless=s.headless,
                executable_path=str(executable) if executable else None,
                viewport={"width": s.viewport_width, "height": s.viewport_height},
                args=["--disable-quic", "--no-default-browser-check", *s.window_args()],
                timeout=30000,
            )
        except PlaywrightError as exc:
            text = str(exc)
            if "ProcessSingleton" in text or "SingletonLock" in text:
                raise ConfigurationError(f"the profile {profile} is in use by another browser") from exc
            if "Executable doesn't exist" in text:
                raise ConfigurationError(
                    "no Chromium found: install it (scripts/install.sh, or `apt-get install chromium`) "
                    "or set BROWSER_EXECUTABLE_PATH"
                ) from exc
            raise ConfigurationError(f"Chromium failed to start: {text.splitlines()[0]}") from exc

    def _lock_profile(self, profile: Path) -> None:
        handle = (profile / LOCK_NAME).open("a+")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            handle.close()
            raise ConfigurationError(
                f"the browser profile {profile} is already used by another browser-agent server; "
                "stop that one or set BROWSER_USER_DATA_DIR to another folder"
            ) from exc
        self._lock_file = handle

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            if self._context is not None and (self._browser is None or self._own_context):
                await self._context.close()
        with contextlib.suppress(Exception):
            if self._browser is not None:
                await self._browser.close()
        with contextlib.suppress(Exception):
            if self._playwright is not None:
                await self._playwright.stop()
        if self._lock_file is not None:
            self._lock_file.close()
        self._playwright = self._browser = self._context = self._active = None
        self._own_context = False
        self._lock_file = None

    # ----- tabs, popups, dialogs ---------------------------------------------------------------------------
    def _watch(self, page: Page) -> None:
        page.on("dialog", self._on_dialog)
        page.on("close", self._on_close)
        page.on("download", lambda d: self.downloads.on_download(d, self.settings.downloads_folder, self.events))
        page.on("filechooser", lambda _: on_file_chooser(self))

    def _on_new_page(self, page: Page) -> None:
        self._watch(page)
        self.new_page_seen.set()
        opener_is_ours = self._active is not None
        self._active = page
        self.events.append(PageEvent("new_tab", {"url": page.url, "made_active": True}))
        log.info("new tab", url=page.url, from_action=opener_is_ours)

    def _on_close(self, page: Page) -> None:
        if page is self._active:
            remaining = [p for p in self.context.pages if not p.is_closed() and p is not page]
            self._active = remaining[-1] if remaining else None
            self.events.append(PageEvent("tab_closed", {"url": page.url}))

    async def _on_dialog(self, dialog: Dialog) -> None:
        """Answer at once (an open dialog freezes the page): the armed answer, else the default (dialogs.py)."""
        decision = self.dialogs.decide(dialog.type, self.dialog_policy(dialog) if self.dialog_policy else None)
        detail = dialog_detail(dialog.type, dialog.message, decision)
        self.dialogs.record(detail)
        self.events.append(PageEvent("dialog", detail))
        with contextlib.suppress(PlaywrightError):
            if not decision.accept:
                await dialog.dismiss()
            elif dialog.type == "prompt":
                await dialog.accept(decision.prompt_text if decision.prompt_text is not None else dialog.default_value)
            else:
                await dialog.accept()

    def current_page(self) -> Page | None:
        """The active page without starting the browser."""
        return self._active if self._active is not None and not self._active.is_closed() else None

    def tabs(self) -> list[Page]:
        return [p for p in self.context.pages if not p.is_closed()] if self._context else []

    def activate(self, page: Page) -> None:
        self._active = page

    def expect_new_page(self) -> anyio.Event:
        """An event set when the next tab opens (reset before an action that may open one)."""
        self.new_page_seen = anyio.Event()
        return self.new_page_seen

    def drain_events(self) -> list[PageEvent]:
        events, self.events = self.events, []
        return events

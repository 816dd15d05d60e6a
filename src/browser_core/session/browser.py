"""The browser session: one persistent, headful Chromium context and the page the user is looking at. Started
lazily on the first tool call, so an MCP host can list tools without opening a window."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import anyio
import structlog
from playwright.async_api import Browser, BrowserContext, Dialog, Page, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

from browser_core.errors import BrowserUnavailable, ConfigurationError
from browser_core.flow_schema import FlowStep
from browser_core.page.registry import ElementRegistry
from browser_core.results import RestartNote
from browser_core.security import url_policy
from browser_core.security.fence import ContentFence
from browser_core.security.guard import SecurityGuard
from browser_core.security.intent import ActionGuard, AllowAll
from browser_core.security.named_secrets import SecretStore
from browser_core.security.policy import load_policy
from browser_core.session import events as event_log
from browser_core.session import remote, restless
from browser_core.session.dialog_desk import DialogDesk
from browser_core.session.downloads import DownloadDesk, on_file_chooser
from browser_core.session.events import PageEvent
from browser_core.session.orphans import retire_orphans
from browser_core.session.profile_lock import launch_error, launch_preflight, lock_profile
from browser_core.session.renderer_memory import RendererWatch
from browser_core.session.request_gate import RequestGate
from browser_core.session.snapshots import ScreenshotRecorder
from browser_core.session.state_keeper import StateKeeper
from browser_core.session.trace import TraceRecorder
from browser_core.settings import BrowserSettings

log = structlog.get_logger("browser_core.session")

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
    _starting: asyncio.Future[None] | None = None
    _gone: bool = False  # the browser closed or crashed under us: the next call relaunches it
    _launches: int = 0
    restart_note: RestartNote | None = None
    no_page_open: bool = False  # the user's last tab was closed: only navigate (or list_tabs) makes sense
    _quiet_new_page: bool = False
    _quiet_marks: set[str] = field(default_factory=set)  # fresh tabs being opened to replace a tab (restless.py)
    _closing: bool = False
    crashed_pages: set[int] = field(default_factory=set)
    action_lock: anyio.Lock = field(default_factory=anyio.Lock)  # page-changing tools run one at a time
    events: list[PageEvent] = field(default_factory=list)
    events_omitted: dict[str, int] = field(default_factory=dict)
    new_page_seen: anyio.Event = field(default_factory=anyio.Event)
    dialog_policy: Callable[[Dialog], bool] | None = None
    dialogs: DialogDesk = field(default_factory=DialogDesk)
    downloads: DownloadDesk = field(default_factory=DownloadDesk)
    uploading: bool = False
    action_guard: ActionGuard | None = None
    request_gate: RequestGate = field(default_factory=RequestGate)  # the gate's network line (request_gate.py)
    state_keeper: StateKeeper | None = None  # cookies and storage beside the profile (state_keeper.py)
    connection: remote.Connection | None = None  # a browser server's (remote.py)
    renderer_watch: RendererWatch | None = None  # a launched browser's renderer memory (renderer_memory.py)
    flow_steps: list[FlowStep] = field(default_factory=list)  # the actions done, for save_flow (act/flow_record)
    flow_held: dict[str, FlowStep] = field(default_factory=dict)  # held actions by confirmation id
    content_fence: ContentFence = field(init=False)
    snapshots: ScreenshotRecorder = field(init=False)
    secrets: SecretStore = field(init=False)
    trace: TraceRecorder = field(init=False)  # BROWSER_TRACE: trace.zip of each context (session/trace.py)

    def __post_init__(self) -> None:
        self.content_fence = ContentFence(load_policy(self.settings.security_policy_file))
        self.snapshots = ScreenshotRecorder(self.settings.record_screenshots_dir)
        self.secrets = SecretStore.load(self.settings.secrets_file, allowed=self.settings.secrets_allowed)
        self.trace = TraceRecorder(self.settings.trace_folder)
        if self.action_guard is None:
            self.action_guard = SecurityGuard.create(
                ttl_s=self.settings.confirmation_ttl_s,
                pending_dir=self.settings.artifacts_dir / "pending",
                policy_file=self.settings.security_policy_file,
            )
        if isinstance(self.action_guard, SecurityGuard):  # the gate judges native dialogs too (dialog_desk.py)
            self.dialogs.judge = self.action_guard.dialog_category
            self.action_guard.page_key = self.registry.key
            self.request_gate.guard = self.action_guard

    @property
    def guard(self) -> ActionGuard:
        """Every page-changing action passes here first (the security guard unless another was given)."""
        return self.action_guard or AllowAll()

    # ----- lifecycle -------------------------------------------------------------------------------------
    async def page(self) -> Page:
        """The active page, starting the browser on first use and replacing a page the user closed."""
        await self._ensure_browser()
        async with self._start_lock:
            if self._context is None:
                raise BrowserUnavailable("the browser closed while starting; the next call starts it again")
            if self._active is not None and id(self._active) in self.crashed_pages and not self._active.is_closed():
                return await self.replace_page(self._active, "the tab's renderer crashed")
            if self._active is None or restless.gone(self._active):
                self._active = await self._any_tab()
            return self._active

    async def _any_tab(self) -> Page:
        """The last open tab, else the blank tab a swap asked for once it shows (restless.py), else a new one."""
        tabs = self.tabs()
        tab = tabs[-1] if tabs else await restless.swapped_tab(self.context)
        return tab or await restless.fresh_tab(self.context.new_page, self._restart_wedged, self.context)

    async def _ensure_browser(self) -> None:
        """Start (or restart, after a crash or kill) the browser once, whoever asks first. The launch runs in its own
        task: a caller whose time runs out stops waiting, but the launch goes on and the next call finds the browser
        started (or gets the launch's own error, once)."""
        if self._context is not None and not self._gone:
            return
        if self._starting is None:
            self._starting = asyncio.ensure_future(self._relaunch() if self._gone else self._start())
        starting = self._starting
        try:
            await asyncio.shield(starting)
        finally:
            if starting.done() and self._starting is starting:
                self._starting = None
                if not starting.cancelled():
                    starting.exception()  # retrieved here, raised to the caller above

    async def _relaunch(self) -> None:
        await self._shutdown_browser()
        self._gone = False
        self.no_page_open = False
        await self._start()
        self.restart_note = remote.restart_note(reconnected=self.connection is not None)
        log.warning("browser restarted")

    async def _restart_wedged(self) -> Page:
        """The browser makes no tab in time: one we launched is ended and started again (else the wait goes on)."""
        if not self._own_context and restless.kill_browser(self.settings.user_data_dir.expanduser().resolve()):
            self._gone = True
            await self._ensure_browser()
        return self.tabs()[-1] if self.tabs() else await self.context.new_page()

    def take_restart_note(self) -> RestartNote | None:
        note, self.restart_note = self.restart_note, None
        return note

    def _on_browser_gone(self, *_: Any) -> None:
        if not self._gone and not self._closing:
            log.warning("browser gone")
        self._gone = True

    gone = property(lambda self: self._gone)

    @property
    def started(self) -> bool:
        return self._context is not None and not self._gone

    @property
    def context(self) -> BrowserContext:
        if self._context is None:
            raise BrowserUnavailable("the browser is not started")
        return self._context

    async def _start(self) -> None:
        s = self.settings
        if self._playwright is None:
            self._playwright = await async_playwright().start()
        try:
            if remote.is_remote(s):
                await self._connect_remote()
            elif s.cdp_url:
                await self._attach(s.cdp_url)
            else:
                await self._launch()
        except BaseException:
            await self._shutdown_browser()
            raise
        self._launches += 1
        ctx = self.context
        ctx.on("close", self._on_browser_gone)
        if self._browser is not None:
            self._browser.on("disconnected", self._on_browser_gone)
        await ctx.add_init_script(self.registry.init_script)
        await url_policy.enforce(
            ctx, url_policy.HostPolicy.from_strings(s.allowed_hosts, s.blocked_hosts),
            lambda kind, detail: self.events.append(PageEvent(kind, dict(detail))),
        )
        ctx.on("page", self._on_new_page)
        if s.network_gate:  # the context the network line watches (its route goes on with an act: request_gate.py)
            await self.request_gate.attach(ctx)
        await self.trace.start(ctx)
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

    async def _connect_remote(self) -> None:
        """A context of our own on a browser server; cookies and storage from this side's state file (remote.py)."""
        assert self._playwright is not None
        profile = self.settings.user_data_dir.expanduser().resolve()
        profile.mkdir(parents=True, exist_ok=True)
        self._lock_profile(profile)
        self.release_lease()
        self.connection = await remote.connect_any(self._playwright, self.settings)
        self._browser = self.connection.browser
        self._context = await remote.new_context(self._browser, self.settings)
        self._own_context = True
        self.state_keeper = await StateKeeper.start(self._context, profile)
        if self._launches:  # connected again (maybe calls after the loss failed first): the ids are gone
            self.restart_note = {"browser_restarted": True, "ids_reset": True, "note": remote.RECONNECTED}

    def release_lease(self) -> None:
        if self.connection is not None and self.connection.lease is not None:
            self.connection.lease.release()

    async def _launch(self) -> None:
        assert self._playwright is not None
        s = self.settings
        executable = launch_preflight(s.headless, s.resolve_executable())
        profile = s.user_data_dir.expanduser().resolve()
        profile.mkdir(parents=True, exist_ok=True)
        self._lock_profile(profile)
        await retire_orphans(profile)
        for attempt in range(2):
            try:
                self._context = await self._playwright.chromium.launch_persistent_context(
                    str(profile),
                    headless=s.headless,
                    executable_path=str(executable) if executable else None,
                    viewport={"width": s.viewport_width, "height": s.viewport_height},
                    args=["--disable-quic", "--no-default-browser-check", *s.window_args(), *s.debugging_args()],
                    timeout=30000, **self.trace.launch_options(),
                )
                self.state_keeper = await StateKeeper.start(self._context, profile)
                self.renderer_watch = RendererWatch(profile, s.renderer_limit_mb)
                return
            except PlaywrightError as exc:
                text = str(exc)
                if attempt == 0 and "ProcessSingleton" in text and await retire_orphans(profile):
                    continue  # a browser of a dead server was still closing: it is gone now
                launch_error(profile, text, exc)

    def _lock_profile(self, profile: Path) -> None:
        """Our own lock on the profile, held from the first launch to close(): a relaunch never races it."""
        if self._lock_file is None:
            self._lock_file = lock_profile(profile)

    async def _shutdown_browser(self) -> None:
        """Close the context and browser (keeping the Playwright driver and our profile lock)."""
        context, browser, own = self._context, self._browser, self._own_context
        self._browser = self._context = self._active = None
        self._own_context = False
        with anyio.CancelScope(shield=True), anyio.move_on_after(30):  # before the close: a closed context has none
            await self.trace.save()
        with anyio.CancelScope(shield=True), anyio.move_on_after(10):
            with contextlib.suppress(Exception):
                if context is not None and (browser is None or own):
                    await context.close()
            with contextlib.suppress(Exception):
                if browser is not None:
                    await browser.close()

    async def close(self) -> None:
        self._closing = True
        if self._starting is not None and not self._starting.done():
            with anyio.CancelScope(shield=True), anyio.move_on_after(35), contextlib.suppress(BaseException):
                await asyncio.shield(self._starting)
        if self.state_keeper is not None and self.started:
            await self.state_keeper.flush(self._context)
        await self._shutdown_browser()
        with anyio.CancelScope(shield=True), anyio.move_on_after(10), contextlib.suppress(Exception):
            if self._playwright is not None:
                await self._playwright.stop()
        self.release_lease()
        if self._lock_file is not None:
            self._lock_file.close()
        self._playwright = None
        self._lock_file = None

    # ----- tabs, popups, dialogs ---------------------------------------------------------------------------
    def _watch(self, page: Page) -> None:
        page.on("dialog", self._on_dialog)
        restless.watch(page)
        page.on("close", self._on_close)
        page.on("crash", self._on_crash)
        page.on("download", lambda d: self.downloads.on_download(d, self.settings.downloads_folder, self.events))
        page.on("filechooser", lambda _: on_file_chooser(self.uploading, self.events.append))

    def _on_new_page(self, page: Page) -> None:
        self._watch(page)
        if self._quiet_new_page or page.url in self._quiet_marks:  # a blank tab of our own (replacing a tab...)
            self._quiet_new_page = False
            self._quiet_marks.discard(page.url)
            return
        self.no_page_open = False
        self.new_page_seen.set()
        opener_is_ours = self._active is not None
        self._active = page
        self.add_event(PageEvent("new_tab", {"url": page.url, "made_active": True}))
        log.info("new tab", url=page.url, from_action=opener_is_ours)

    def _on_close(self, page: Page) -> None:
        if page is self._active and self._context is not None:
            remaining = [p for p in self.tabs() if p is not page]
            self._active = remaining[-1] if remaining else None
            self.add_event(PageEvent("tab_closed", {"url": page.url}))

    def _on_crash(self, page: Page) -> None:
        self.crashed_pages.add(id(page))
        self.add_event(PageEvent("tab_crashed", {"url": page.url}))

    async def _on_dialog(self, dialog: Dialog) -> None:
        """Answer at once (an open dialog freezes the page): approval, gate, armed answer, default (dialog_desk)."""
        await self.dialogs.respond(dialog, self.dialog_policy(dialog) if self.dialog_policy else None,
                                   lambda d: self.add_event(PageEvent("dialog", dict(d))))

    def current_page(self) -> Page | None:
        """The active page without starting the browser."""
        return None if self._gone or self._active is None or self._active.is_closed() else self._active

    def tabs(self) -> list[Page]:
        return [p for p in self._context.pages if not restless.gone(p)] if self._context and not self._gone else []

    async def blank_page(self) -> Page:
        """Open an empty tab of our own (not reported as a popup) and make it the active one."""
        self._quiet_new_page = True
        try:
            page = await self.context.new_page()
        finally:
            self._quiet_new_page = False
        self._active = page
        return page

    async def replace_page(self, old: Page, reason: str | None) -> Page:
        """Swap a tab that no longer answers (busy script, crashed renderer, self-navigation, dialog loop) for a
        fresh one; the old one is closed without its unload handlers, as soon as the browser made the new one.
        ``reason`` None: the user closed the last tab (close_tab), not news for the model."""
        page: Page | None = None
        started = time.monotonic()
        if old is self._active:
            self._active = None  # its close is ours, not news for the model
        if not self._own_context:  # a context of our own over CDP: Target.createTarget would open elsewhere
            mark = restless.fresh_tab_mark()
            self._quiet_marks.add(mark)
            page = await restless.swap_tab(self.context, old, mark)
        swapped = page is not None
        if page is None:
            page = await restless.fresh_tab(self.blank_page, self._restart_wedged, self.context)
            restless.close_later(old)
        self._active = page
        self.crashed_pages.discard(id(old))
        if reason is not None:
            self.add_event(PageEvent("tab_replaced", {"url": old.url, "reason": reason}))
        log.warning("tab replaced", reason=reason or "closed", swapped=swapped,
                    ms=round((time.monotonic() - started) * 1000))
        return page

    def activate(self, page: Page) -> None:
        self._active = page

    def expect_new_page(self) -> anyio.Event:
        """An event set when the next tab opens (reset before an action that may open one)."""
        self.new_page_seen = anyio.Event()
        return self.new_page_seen

    def add_event(self, event: PageEvent) -> None:
        event_log.keep(self.events, self.events_omitted, event)

    def drain_events(self) -> list[PageEvent]:
        (events, self.events), (omitted, self.events_omitted) = (self.events, []), (self.events_omitted, {})
        return event_log.summed(events, omitted)

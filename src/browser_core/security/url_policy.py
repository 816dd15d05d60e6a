"""Host policy: allowed / blocked host patterns, enforced on navigations, redirects and popups.

``navigate`` checks the URL before opening it (``urls.normalise_url``). Navigations the page starts itself (links,
scripts, popups) are stopped by a route on navigation requests; a server-side redirect to a blocked host, which a
route cannot see, is caught when it commits and the tab is sent to about:blank. Every stop is reported as an event.
"""

from __future__ import annotations

import contextlib
import fnmatch
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from playwright.async_api import BrowserContext, Frame, Page, Route
from playwright.async_api import Error as PlaywrightError

MAX_BLOCKED_POPUPS_KEPT = 16  # refused popups whose window has not opened yet; older ones are forgotten


def _patterns(raw: str) -> tuple[str, ...]:
    return tuple(p.strip().casefold() for p in raw.split(",") if p.strip())


@dataclass(frozen=True)
class HostPolicy:
    allowed: tuple[str, ...]
    blocked: tuple[str, ...]

    @classmethod
    def from_strings(cls, allowed: str, blocked: str) -> HostPolicy:
        return cls(_patterns(allowed), _patterns(blocked))

    @property
    def active(self) -> bool:
        return bool(self.allowed or self.blocked)

    def refusal(self, url: str) -> str | None:
        """Why ``url`` may not be opened, or None. Only http(s) hosts are judged here."""
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return None
        host = parts.hostname.casefold()
        if any(fnmatch.fnmatch(host, p) for p in self.blocked):
            return f"the host {host} is blocked by policy"
        if self.allowed and not any(fnmatch.fnmatch(host, p) for p in self.allowed):
            return f"the host {host} is not in the allowed hosts"
        return None


async def enforce(context: BrowserContext, policy: HostPolicy, report: Callable[[str, dict[str, str]], None]) -> None:
    """Install the route and the redirect check on a context (nothing when the policy is empty)."""
    if not policy.active:
        return
    guard = _ContextGuard(policy, report)
    await context.route("**/*", guard.on_route)
    for page in context.pages:
        guard.watch(page)
    context.on("page", guard.on_new_page)


class _ContextGuard:
    """The handlers ``enforce`` installs: refused navigations, refused redirects, popups of a refused site."""

    def __init__(self, policy: HostPolicy, report: Callable[[str, dict[str, str]], None]) -> None:
        self.policy = policy
        self.report = report
        self.blocked_popups: deque[str] = deque(maxlen=MAX_BLOCKED_POPUPS_KEPT)  # matched by the popups that open

    async def on_route(self, route: Route) -> None:
        request = route.request
        reason = self.policy.refusal(request.url) if request.is_navigation_request() else None
        if not reason:
            await route.fallback()
            return
        self.report("navigation_blocked", {"url": request.url, "reason": reason})
        await route.abort("blockedbyclient")
        try:
            request.frame  # noqa: B018 - raises for a popup's first request (no frame yet)
        except PlaywrightError:
            self.blocked_popups.append(request.url)

    async def close_if_blocked_popup(self, page: Page) -> None:
        with contextlib.suppress(PlaywrightError):
            await page.wait_for_load_state("domcontentloaded", timeout=5000)
            if self.blocked_popups and await page.opener() is not None and not page.url.startswith("http"):
                self.blocked_popups.pop()
                await page.close()  # a popup that would only have shown the blocked site

    def watch(self, page: Page) -> None:
        async def on_navigated(frame: Frame) -> None:
            reason = self.policy.refusal(frame.url)
            if reason and frame is page.main_frame:
                self.report("navigation_blocked", {"url": frame.url, "reason": reason + " (after a redirect)"})
                with contextlib.suppress(PlaywrightError):
                    await page.goto("about:blank")

        page.on("framenavigated", on_navigated)

    async def on_new_page(self, page: Page) -> None:
        self.watch(page)
        await self.close_if_blocked_popup(page)

"""``audit``: crawl an app's pages (same-origin links, breadth first, within a page and a time budget), open the
menus and disclosures the gate would not hold, and check the invariants on every observation.

Nothing consequential is done: links the gate would hold are not followed, forms are never submitted, nothing is
confirmed; a popup is opened only by a control that declares one (``aria-haspopup``, ``aria-expanded=false``,
a closed ``<summary>``) and that the gate lets through, and a click goes through the session's guard as any click.
"""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import anyio
from playwright.async_api import ElementHandle, Page
from playwright.async_api import Error as PlaywrightError

from browser_core.act.actions import click
from browser_core.act.navigation import navigate
from browser_core.audit.findings import AuditReport, Failed, PageAudit, Skipped, Violation
from browser_core.audit.frontier import Frontier
from browser_core.audit.held import MAX_JUDGED, judge, summary_violations
from browser_core.audit.names import describe, name_violations, where
from browser_core.audit.rows import counted_rows, read_frames, row_violations
from browser_core.audit.signin import is_wall, sign_in, sign_in_form
from browser_core.errors import InvalidInput, PageChanged, ToolFailure, as_failure
from browser_core.page.observation import observe_page
from browser_core.page.quiet import Requests, quiet
from browser_core.security.detector import CLICK_ROLES, DestructiveActionDetector
from browser_core.security.policy import load_policy
from browser_core.session.browser import BrowserSession

SETTLE_MS = 3000  # a single-page app fetches its rows after the load: wait for the network to rest, this long
BLANK_S = 30.0  # a page that shows no words and no control yet (a single-page app's splash) is no page yet
_SIZE_JS = "() => document.getElementsByTagName('*').length"
_SHOWS_JS = ("() => !!document.body && (!!document.body.innerText.trim() || "
             "!!document.querySelector('input:not([type=hidden]),select,textarea,button,a[href]'))")
EVERYTHING = 2000  # the audit lists every element, not the model's budget: rows beyond a budget are still rows


@dataclass(frozen=True)
class AuditOptions:
    url: str
    pages: int = 20
    time_s: float = 120.0
    menus: int = 3  # popups opened per page
    skip: re.Pattern[str] | None = None  # addresses never opened (the user's choice: a log-out, a heavy export)
    login_user: str | None = None  # with login_secret: sign in on the start page's sign-in form first
    login_secret: str | None = None  # the name of a secret (BROWSER_SECRET_<NAME>), never its value


def normal(url: str) -> str:
    """The page an address opens: no fragment, unless it is a single-page app's route ('#/runs', '#!/x')."""
    parts = urlsplit(url)
    route = parts.fragment if parts.fragment.startswith(("/", "!/")) else ""
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, route))


def origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme, parts.netloc


@dataclass
class Seen:
    """What one observation gave: its audit, the addresses of its links the gate lets through, its popup openers."""

    audit: PageAudit
    links: list[tuple[str, bool]] = field(default_factory=list)  # (address, in the page's chrome)
    opens: list[str] = field(default_factory=list)
    shape: int = 0  # what the page shows: its title and its controls' roles and names, in order


@dataclass
class Auditor:
    session: BrowserSession
    options: AuditOptions
    detector: DestructiveActionDetector = field(init=False)
    report: AuditReport = field(init=False)
    audited: set[str] = field(default_factory=set)
    shapes: dict[int, str] = field(default_factory=dict)  # a page's shape -> the address it was audited at

    def __post_init__(self) -> None:
        self.detector = DestructiveActionDetector(load_policy(self.session.settings.security_policy_file))
        self.report = AuditReport(
            start_url=self.options.url,
            started=datetime.now(UTC).isoformat(timespec="seconds"),
            page_budget=self.options.pages,
            time_budget_s=self.options.time_s,
        )

    async def run(self) -> AuditReport:
        start = normal(self.options.url)
        if origin(start)[0] not in ("http", "https"):
            raise InvalidInput(f"'{self.options.url}' is not an http(s) address")
        began = time.monotonic()
        if self.options.login_user is not None and self.options.login_secret is not None:
            await self._sign_in(start, self.options.login_user, self.options.login_secret)
        frontier, seen = Frontier(), {start}
        frontier.add(start, 0)
        paths = {urlsplit(start).path + "#" + urlsplit(start).fragment.split("?")[0]}
        while frontier and len(self.audited) < self.options.pages and (time.monotonic() - began < self.options.time_s):
            url = frontier.pop()
            links = await self._visit(url, began + self.options.time_s)
            frontier.audited(url)
            for link, in_chrome in links or []:
                target = normal(link)
                if (
                    target in seen
                    or origin(target) != origin(start)
                    or (self.options.skip and self.options.skip.search(target))
                ):
                    continue
                seen.add(target)
                path = urlsplit(target).path + "#" + urlsplit(target).fragment.split("?")[0]
                frontier.add(target, 2 if path in paths else 1 if in_chrome else 0)
                paths.add(path)
        queue = frontier.left()
        self.report.queued = len(queue)
        unjudged = sum(p.unjudged for p in self.report.pages)
        if unjudged:
            self.report.notes.append(
                f"{unjudged} link(s) past the budget of {MAX_JUDGED} per observation were not "
                "judged by the gate (their summaries are unchecked)"
            )
        if queue:
            self.report.notes.append(f"{len(queue)} more same-origin page(s) were found but not audited (budget)")
        self.report.duration_s = round(time.monotonic() - began, 1)
        return self.report

    async def _sign_in(self, start: str, user: str, secret: str) -> None:
        """Sign in on the start page's sign-in form (SignInFailed when the app refuses); a note when it has none."""
        await navigate(self.session, url=start)
        page = await self.session.page()
        await settled(page)
        if await sign_in_form(page) is None:
            self.report.notes.append(f"{start} shows no sign-in form: the audit did not sign in")
            return
        await sign_in(self.session, page, user, secret)
        self.report.signed_in = user

    async def _visit(self, url: str, deadline: float) -> list[tuple[str, bool]] | None:
        """Audit one page and its popups; the addresses of its links, or None when it could not be audited. What the
        browser fails with on one page (its tab closed or replaced, a navigation during a read) is that page's
        failure in the report, typed as a tool call's would be, and the crawl goes on with its next page."""
        try:
            return await self._audit_page(url, deadline)
        except (ToolFailure, PlaywrightError) as exc:
            self._failed(url, "page", exc)
            return None

    def _failed(self, url: str, state: str, exc: ToolFailure | PlaywrightError) -> None:
        failure = as_failure(exc, action="audit", browser_alive=self.session.started)
        self.report.failed.append(Failed(url=url, state=state, code=failure.code, message=failure.message[:200]))

    async def _audit_page(self, url: str, deadline: float) -> list[tuple[str, bool]] | None:
        before = await self._cookies(url)
        requests = Requests(await self.session.page())  # from the start: the page's first fetches count too
        try:
            await navigate(self.session, url=url)
        except ToolFailure as exc:
            requests.stop()
            self.report.skipped.append(Skipped(url=url, reason=exc.message[:200]))
            return None
        page = await self.session.page()  # not the tab before: navigate replaces one that navigated itself away
        if requests.page is not page:
            requests.stop()
        size = await settled(page, requests if requests.page is page else None)
        if origin(page.url) != origin(url):
            self.report.skipped.append(Skipped(url=url, reason=f"it went to another origin: {page.url[:160]}"))
            return None
        if normal(page.url) in self.audited:  # an address that redirects to a page audited already
            return []
        self.audited.add(normal(page.url))
        await self._session_kept(url, before)
        redirected = normal(page.url) != normal(url)
        wall = is_wall(await sign_in_form(page), redirected)
        if wall and not self.report.pages and not self.report.wall:
            self.report.wall = (f"{where(url)} redirected to {where(page.url)}" if redirected
                                else f"{where(url)} is a sign-in form")
        seen = await self._observe(page, "page")
        if await size_of(page) != size:  # it went on rendering while observed (rows arriving late): once more
            await settled(page)
            seen = await self._observe(page, "page")
        if seen.shape in self.shapes:  # the same page under another address ('/' and '/index.php'): audited once
            self.audited.discard(normal(page.url))
            self.report.notes.append(f"{where(url)} shows the same page as {where(self.shapes[seen.shape])}")
            return []
        self.shapes[seen.shape] = url
        seen.audit.sign_in = wall
        self.report.pages.append(seen.audit)
        for opener in seen.opens[: self.options.menus]:
            if time.monotonic() > deadline or not await self._open(page, url, opener, seen):
                break
        return seen.links

    async def _open(self, page: Page, url: str, opener_id: str, seen: Seen) -> bool:
        """Open one popup by its opener (through the guard), audit what it shows, then close it. False when the tab
        failed or is no longer the one observed: the other ids of its observation went with it."""
        opener = next((e for e in self.session.registry.last_seen.values() if e["id"] == opener_id), None)
        label = describe(opener) if opener else opener_id
        try:
            await self._opened(page, url, opener_id, label, seen)
        except (ToolFailure, PlaywrightError) as exc:
            self._failed(url, f"opening {label}", exc)
            return False
        if await self.session.page() is not page:
            self.report.failed.append(Failed(
                url=url, state=f"opening {label}", code=PageChanged.code,
                message="the tab was replaced (it closed or navigated itself away): its other popups were not opened",
            ))
            return False
        return True

    async def _opened(self, page: Page, url: str, opener_id: str, label: str, seen: Seen) -> None:
        try:
            await click(self.session, element_id=opener_id)
        except ToolFailure:
            return  # held, gone or covered: nothing opened
        if page.is_closed() or await self.session.page() is not page:
            return  # the click closed or replaced the tab: the caller says so
        if normal(page.url) != normal(url):  # it was a link after all: its page is crawled on its own
            seen.links.append((page.url, False))
            with contextlib.suppress(ToolFailure):
                await navigate(self.session, url=url)
            return
        handle: ElementHandle | None = None
        with contextlib.suppress(ToolFailure, PlaywrightError):
            _, handle = await self.session.registry.resolve(opener_id)
        opened = await self._observe(page, f"after opening {label}", handle)
        self.report.pages.append(opened.audit)
        seen.links.extend(opened.links)
        with contextlib.suppress(PlaywrightError):
            await page.keyboard.press("Escape")

    async def _observe(self, page: Page, state: str, opener: ElementHandle | None = None) -> Seen:
        settings = self.session.settings.model_copy(
            update={"max_elements": EVERYTHING, "max_viewport_elements": EVERYTHING}
        )
        observed = await observe_page(page, self.session.registry, settings)
        elements = observed["elements"]
        listed = {e["id"]: e for e in elements}
        reads = await read_frames(self.session.registry, elements)
        plain = {i for r in reads.values() for i in r.plain}
        to_judge = [e for e in elements if e["id"] not in plain and e["role"] in CLICK_ROLES]
        judged = await judge(self.session.registry, self.detector, to_judge, opener)
        held = {j.element["id"] for j in judged if j.verdict is not None}
        found = name_violations(
            elements,
            {i: h for r in reads.values() for i, h in r.links.items()},
            {i: t for r in reads.values() for i, t in r.own.items()},
        )
        for read in reads.values():
            found += row_violations(read, listed)
        text = "\n".join(r.text for r in reads.values())
        found += summary_violations(judged, text, elements, observed.get("title", ""))
        url = normal(page.url)
        audit = PageAudit(
            url=url,
            title=observed.get("title", ""),
            state=state,
            elements=len(elements),
            rows=counted_rows(reads),
            held=len(held),
            unjudged=len(to_judge) - len(judged),
            violations=[Violation(kind=k, page=url, state=state, element=e, detail=d) for k, e, d in found],
        )
        links = [(href, i in r.chrome) for r in reads.values() for i, href in r.links.items() if i not in held]
        opens = [i for r in reads.values() for i in r.opens if i not in held]
        shape = hash((audit.title, tuple((e["role"], e.get("name", "")) for e in elements)))
        return Seen(audit, links, opens, shape)

    async def _cookies(self, url: str) -> list[Any]:
        try:
            return await self.session.context.cookies(url)
        except (PlaywrightError, ToolFailure):
            return []

    async def _session_kept(self, url: str, before: list[Any]) -> None:
        """A page that removed the site's cookies ended the session (a log-out link): say so, and put them back."""
        after = {c.get("name") for c in await self._cookies(url)}
        lost = [c for c in before if c.get("name") not in after]
        if not lost:
            return
        names = ", ".join(sorted(str(c.get("name")) for c in lost))
        self.report.notes.append(
            f"{url} removed the cookie(s) {names} (it may end the session: pass --skip "
            "to leave it out); they were put back"
        )
        with contextlib.suppress(PlaywrightError):
            await self.session.context.add_cookies(lost)


async def settled(page: Page, requests: Requests | None = None) -> int:
    """Until the network rests, the page shows something (words or a control: a single-page app's splash is no page
    yet) and it is quiet (``page/quiet.py``: nothing in flight, the document unchanged while its main thread answers:
    such an app fetches and renders its rows late), each bounded; ``requests``: the page's, watched since before it
    was opened (else from now). The document's size then (it changed if it differs later)."""
    requests = requests or Requests(page)
    with contextlib.suppress(PlaywrightError):
        await page.wait_for_load_state("networkidle", timeout=SETTLE_MS)
    with contextlib.suppress(PlaywrightError):
        await page.wait_for_function(_SHOWS_JS, timeout=BLANK_S * 1000)
    await quiet(page, requests)
    return await size_of(page)


async def size_of(page: Page) -> int:
    with contextlib.suppress(PlaywrightError):
        return int(await page.evaluate(_SIZE_JS))
    return -1


async def audit(session: BrowserSession, options: AuditOptions) -> AuditReport:
    """Crawl and check; the whole audit stops at the time budget plus one page's grace."""
    auditor = Auditor(session, options)
    with anyio.move_on_after(options.time_s + 60):
        return await auditor.run()
    auditor.report.notes.append("the audit was stopped at its time budget in the middle of a page")
    return auditor.report

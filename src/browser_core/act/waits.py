"""Bounded waits on what the model can name: a load state, an element, a text, a URL. Never a selector.

``wait_for`` is the one entry the MCP tool calls: exactly one thing to wait for, each of the waits below."""

from __future__ import annotations

import fnmatch
import re
import time
from collections.abc import Awaitable, Callable
from typing import Literal, TypedDict

import anyio
from playwright.async_api import Error as PlaywrightError

from browser_core.errors import ActionTimeout, InvalidInput
from browser_core.page.listing import ListedElement
from browser_core.page.observation import search_elements
from browser_core.page.targets import check_role
from browser_core.session.browser import BrowserSession

POLL_S = 0.1
MAX_SLEEP_MS = 30_000


class WaitResult(TypedDict, total=False):
    """What a wait saw when it ended: the state or text reached, the element, the URL."""

    state: str
    url: str
    element: ListedElement | dict[str, str]
    text: str
    found: bool
    frame: str
    slept_ms: int


async def _poll(timeout_ms: int, probe: Callable[[], Awaitable[WaitResult | None]], what: str) -> WaitResult:
    """Call ``probe`` until it returns something truthy; ActionTimeout after ``timeout_ms``."""
    started = time.monotonic()
    with anyio.move_on_after(timeout_ms / 1000):
        while True:
            result = await probe()
            if result:
                return result
            await anyio.sleep(POLL_S)
    raise ActionTimeout(f"{what} did not happen within {timeout_ms} ms",
                        details={"waited_ms": int((time.monotonic() - started) * 1000)})


async def wait_for_load(
    session: BrowserSession, *, state: Literal["load", "domcontentloaded", "networkidle"], timeout_ms: int
) -> WaitResult:
    page = await session.page()
    try:
        await page.wait_for_load_state(state, timeout=timeout_ms)
    except PlaywrightError as exc:
        raise ActionTimeout(f"the page did not reach '{state}' within {timeout_ms} ms") from exc
    return {"state": state, "url": page.url}


async def wait_for_element(
    session: BrowserSession,
    *,
    element_id: str | None,
    description: str | None,
    role: str | None,
    state: Literal["visible", "hidden", "attached", "detached", "enabled"],
    timeout_ms: int,
) -> WaitResult:
    role = check_role(role)
    if not element_id and not (description and description.strip()):
        raise InvalidInput("give element_id or a non-empty element_description")
    registry, settings = session.registry, session.settings

    async def probe() -> WaitResult | None:
        page_now = await session.page()
        if element_id:
            try:
                _, handle = await registry.resolve(element_id)
            except PlaywrightError:
                handle = None
            present = handle is not None
            visible = present and handle is not None and await handle.is_visible()
            enabled = present and handle is not None and await handle.is_enabled()
            found: ListedElement | dict[str, str] = {"id": element_id}
        else:
            assert description is not None
            hits, _ = await search_elements(page_now, registry, settings, query=description, role=role, limit=3)
            strong = [h for h in hits if h.score >= 1]
            present = visible = bool(strong)
            enabled = present and "disabled" not in strong[0].state
            found = strong[0].to_dict() if strong else {}
        ok = {"visible": visible, "attached": present, "hidden": not visible, "detached": not present,
              "enabled": enabled}[state]
        return {"state": state, "element": found} if ok else None

    return await _poll(timeout_ms, probe, f"element {element_id or repr(description)} {state}")


async def wait_for_text(
    session: BrowserSession, *, text: str, timeout_ms: int, gone: bool = False
) -> WaitResult:
    if not text or not text.strip():
        raise InvalidInput("text must be non-empty")
    needle = text.strip().casefold()

    async def probe() -> WaitResult | None:
        page = await session.page()
        for frame in page.frames:
            try:
                body = await frame.evaluate("() => document.body ? document.body.innerText : ''")
            except PlaywrightError:
                continue
            if needle in " ".join(body.split()).casefold():
                return None if gone else {"text": text, "found": True, "frame": frame.name or frame.url}
        return {"text": text, "found": False} if gone else None

    return await _poll(timeout_ms, probe, f"text '{text[:60]}' {'disappearing' if gone else 'appearing'}")


def url_matcher(pattern: str) -> Callable[[str], bool]:
    if not pattern or not pattern.strip():
        raise InvalidInput("pattern must be non-empty")
    if pattern.startswith("re:"):
        try:
            rx = re.compile(pattern[3:])
        except re.error as exc:
            raise InvalidInput(f"bad regular expression: {exc}") from exc
        return lambda url: bool(rx.search(url))
    if any(c in pattern for c in "*?["):
        return lambda url: fnmatch.fnmatch(url, pattern)
    return lambda url: pattern in url


async def wait_for_url(session: BrowserSession, *, pattern: str, timeout_ms: int) -> WaitResult:
    matches = url_matcher(pattern)

    async def probe() -> WaitResult | None:
        page = await session.page()
        return {"url": page.url} if matches(page.url) else None

    return await _poll(timeout_ms, probe, f"URL matching '{pattern}'")


async def sleep(ms: int) -> WaitResult:
    if ms < 0 or ms > MAX_SLEEP_MS:
        raise InvalidInput(f"ms must be between 0 and {MAX_SLEEP_MS}")
    await anyio.sleep(ms / 1000)
    return {"slept_ms": ms}


ElementState = Literal["visible", "hidden", "attached", "detached", "enabled"]
LoadState = Literal["load", "domcontentloaded", "networkidle"]
GONE = frozenset({"hidden", "detached"})


def _the_one(given: list[str], role: str | None, state: str) -> str:
    """The one thing a wait_for call names, or a clear invalid_input (nothing waited for)."""
    if len(given) != 1:
        raise InvalidInput(
            "give exactly one of text, url, element_id / element_description, load or ms"
            + (f" (got {', '.join(given)})" if given else ""),
            hint="Nothing was waited for. Call wait_for once per thing to wait for.",
            details={"given": given})
    kind = given[0]
    if role and kind != "element":
        raise InvalidInput("role filters an element: give element_id or element_description with it")
    if state != "visible" and kind not in ("text", "element"):
        raise InvalidInput(f"state applies to an element or a text, not to {kind}")
    if kind == "text" and state not in GONE | {"visible", "attached"}:
        raise InvalidInput(f"state '{state}' applies to an element; a text is visible or hidden")
    return kind


async def wait_for(
    session: BrowserSession,
    *,
    text: str | None = None,
    url: str | None = None,
    element_id: str | None = None,
    description: str | None = None,
    role: str | None = None,
    state: ElementState = "visible",
    load: LoadState | None = None,
    ms: int | None = None,
    timeout_ms: int = 10_000,
) -> WaitResult:
    """Wait for exactly one of: a text (state hidden: until it is gone), a URL, an element in a state, a load
    state, or a fixed time."""
    named = {"text": text is not None, "url": url is not None, "element": bool(element_id) or description is not None,
             "load": load is not None, "ms": ms is not None}
    kind = _the_one([name for name, on in named.items() if on], role, state)
    if kind == "text":
        return await wait_for_text(session, text=text or "", timeout_ms=timeout_ms, gone=state in GONE)
    if kind == "url":
        return await wait_for_url(session, pattern=url or "", timeout_ms=timeout_ms)
    if kind == "load":
        return await wait_for_load(session, state=load or "load", timeout_ms=timeout_ms)
    if kind == "ms":
        return await sleep(ms or 0)
    return await wait_for_element(session, element_id=element_id, description=description, role=role,
                                  state=state, timeout_ms=timeout_ms)

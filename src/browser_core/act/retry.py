"""The retry chain of click and type_text (seed 002's FR-015/017/019), designed for our id model.

* ``element_id``: the element's frame is known. Chain: act directly in that frame → (if intercepted, timed out
  or not interactable) coordinate click on an uncovered point of the element's box.
* ``element_description`` without ``frame``: one parallel search of every frame (each bounded by
  ``IFRAME_TIMEOUT_MS``), read in FR-025 order (main, then aria-label > title > name, then index); frames
  without the element are recorded as failed attempts, then the action runs in the frame that has it, then
  the coordinate fallback. When nothing matches the whole description, the chain waits for iframes added or
  loaded late (FR-026) only while frames are arriving (``frames_arriving``): a document or frame still loading,
  or a page whose iframes loaded less than ``IFRAME_WAIT_MS`` ago. A page with no iframe and nothing loading
  never waits: the description resolves at once to its best candidate, or fails at once with the candidates.
* ``frame`` given: only that frame is searched (or the id must be in it).

A result carries ``retry_chain`` (the strategies planned, each attempt: strategy, frame, success, error,
duration_ms, and whether the chain succeeded or was exhausted) unless the main frame found the element and the
action worked at the first try (``RetryChain.at_once``). On failure it is in ``error.details``.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

import anyio
import structlog
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page

from browser_core.act.retry_chain import COORDINATE, InteractionAttempt, Located, RetryChain
from browser_core.errors import (
    ActionTimeout,
    ClickIntercepted,
    ElementNotFound,
    ElementNotInteractable,
    InvalidInput,
    PageChanged,
    ToolFailure,
    map_playwright_error,
)
from browser_core.page.frame_arrival import frames_arriving
from browser_core.page.frames import FrameView, frame_views, resolve_frame, search_order
from browser_core.page.listing import WalkerArgs
from browser_core.page.observation import Element, FrameScan, frame_elements, scan_frame, viewport_size
from browser_core.page.targets import Target, check_description, check_role, choose_element, resolve_target, target_of
from browser_core.session.browser import BrowserSession

log = structlog.get_logger("browser_core.retry")

WAIT_FOR_FRAMES = "wait_for_frames"
_RESCAN_TICK_S = 0.3
_NO_FALLBACK = ("disabled", "not enabled", "readonly", "read-only")


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def _label_of(path: str) -> str:
    """'main > iframe 'A' > iframe 'B'' → 'B'."""
    return "main" if path == "main" else path.rsplit(" > iframe '", 1)[-1].removesuffix("'")


def _strategy_for(path: str) -> str:
    return "main_frame" if path == "main" else f"iframe:{_label_of(path)[:60]}"


async def _bounded_scan(
    view: FrameView, session: BrowserSession, args: WalkerArgs, limit_ms: int
) -> tuple[FrameScan, int]:
    started = time.monotonic()
    scan = FrameScan(view, None, f"the frame did not answer within {limit_ms} ms")
    with anyio.move_on_after(limit_ms / 1000):
        scan = await scan_frame(view, session.registry, args, limit_ms)
    return scan, _ms(started)


async def _search(
    session: BrowserSession, page: Page, views: list[FrameView], description: str, role: str | None,
    limit_ms: int | None = None, accept: tuple[str, ...] = (),
) -> list[tuple[FrameView, list[Element], int, str | None]]:
    """Each frame's matches for the description (searched in parallel), with the time and error of each."""
    args: WalkerArgs = {"mode": "search", "query": description, "role": role or "", "maxOff": 8, "maxViewport": 8,
            "accept": list(accept)}
    results: list[tuple[FrameView, list[Element], int, str | None]] = []
    limit = limit_ms or session.settings.iframe_timeout_ms

    async def one(view: FrameView) -> None:
        scan, ms = await _bounded_scan(view, session, args, limit)
        found = frame_elements(scan, session.registry, viewport_size(page, session.settings))
        results.append((view, found, ms, scan.error))

    async with anyio.create_task_group() as tg:
        for view in views:
            tg.start_soon(one, view)
    order = {id(v): i for i, v in enumerate(views)}
    results.sort(key=lambda r: order[id(r[0])])
    return results


def _frames_signature(page: Page) -> tuple[tuple[int, str], ...]:
    return tuple((id(f), f.url) for f in page.frames if not f.is_detached())


def _strong(results: list[tuple[FrameView, list[Element], int, str | None]]) -> bool:
    """A match of the whole description (not just some of its words) somewhere."""
    return any(e.score >= 1 for _, found, _, _ in results for e in found)


async def _next_round(page: Page, deadline: float) -> bool:
    """Wait until a frame is added or navigated, or a short tick passes; False once ``deadline`` is reached."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        return False
    changed = anyio.Event()

    def on_frame(_: Frame) -> None:
        changed.set()

    page.on("frameattached", on_frame)
    page.on("framenavigated", on_frame)
    try:
        with anyio.move_on_after(min(_RESCAN_TICK_S, remaining)):
            await changed.wait()
    finally:
        page.remove_listener("frameattached", on_frame)
        page.remove_listener("framenavigated", on_frame)
    return True


async def locate(
    session: BrowserSession,
    page: Page,
    *,
    element_id: str | None,
    description: str | None,
    role: str | None,
    frame: str | int | None,
    accept: tuple[str, ...] = (),
) -> Located:
    """Resolve the target of click/type_text the retry-chain way (see the module docstring)."""
    role = check_role(role)
    views, chosen = await _frame_asked(session, page, frame)
    if element_id:
        return await _locate_id(session, page, element_id, role, chosen)
    description = check_description(description)
    views = views or await frame_views(page, session.registry, session.settings.frame_depth_limit)
    return await _locate_description(session, page, views, chosen, description, role, accept)


async def _frame_asked(
    session: BrowserSession, page: Page, frame: str | int | None
) -> tuple[list[FrameView] | None, FrameView | None]:
    """The frame the caller named (with the frames read to find it), or none."""
    if frame is None or str(frame).strip() == "":
        return None, None
    views = await frame_views(page, session.registry, session.settings.frame_depth_limit)
    chosen = resolve_frame(views, frame)
    if not chosen.accessible:
        raise PageChanged(f"frame {chosen.selector} ('{chosen.label}') cannot be reached: {chosen.reason}")
    return views, chosen


async def _locate_id(
    session: BrowserSession, page: Page, element_id: str, role: str | None, chosen: FrameView | None
) -> Located:
    settings = session.settings
    try:
        target = await resolve_target(page, session.registry, settings, element_id=element_id, description=None,
                                      role=role)
    except ToolFailure as exc:
        chain = RetryChain(strategies=[], timeout_per_frame_ms=settings.iframe_timeout_ms,
                           stopped=f"{exc.code}: the element could not be resolved, nothing was tried")
        raise chain.fail(exc) from None
    if chosen is not None and target.frame is not chosen.frame:
        raise InvalidInput(
            f"element {target.id} is in frame '{target.frame_path}', not in frame {chosen.selector}",
            hint="Drop frame, or pass the id of an element in that frame.",
        )
    chain = RetryChain(strategies=[_strategy_for(target.frame_path), COORDINATE],
                       timeout_per_frame_ms=settings.iframe_timeout_ms)
    return Located(target, chain, _label_of(target.frame_path))


async def _locate_description(
    session: BrowserSession, page: Page, views: list[FrameView], chosen: FrameView | None, description: str,
    role: str | None, accept: tuple[str, ...],
) -> Located:
    settings = session.settings
    order = [chosen] if chosen is not None else search_order(views)
    chain = RetryChain(strategies=[v.strategy for v in order] + [COORDINATE],
                       timeout_per_frame_ms=settings.iframe_timeout_ms)
    results = await _search(session, page, order, description, role, accept=accept)
    if chosen is None and not _strong(results) and settings.iframe_wait_ms > 0:
        wait_s = await frames_arriving(page, settings.iframe_wait_ms)
        if wait_s > 0:
            results = await _wait_and_search(session, page, chain, results, description, role, accept, wait_s)
    found_all = [e for _, found, _, _ in results for e in found]
    try:
        best, others = choose_element(found_all, description, role)
    except ToolFailure as exc:
        if isinstance(exc, ElementNotFound):
            for view, _, ms, error in results:
                chain.add_attempt(InteractionAttempt(strategy=view.strategy, frame=view.selector, success=False,
                                                     error=error or "no match in this frame", duration_ms=ms))
            chain.current_index = len(chain.strategies)
        raise chain.fail(exc) from None
    for view, _, ms, error in results:
        if view.frame is best.frame.frame:
            chain.advance(to=view.strategy)
            break
        chain.add_attempt(InteractionAttempt(strategy=view.strategy, frame=view.selector, success=False,
                                             error=error or "no match in this frame", duration_ms=ms))
    return Located(await target_of(session.registry, best, others), chain, best.frame.label)


async def _wait_and_search(
    session: BrowserSession,
    page: Page,
    chain: RetryChain,
    results: list[tuple[FrameView, list[Element], int, str | None]],
    description: str,
    role: str | None,
    accept: tuple[str, ...],
    wait_s: float,
) -> list[tuple[FrameView, list[Element], int, str | None]]:
    """FR-026: nothing matched anywhere while frames are arriving; give them ``wait_s`` to bring the element."""
    started = time.monotonic()
    deadline = started + wait_s
    rounds = 0
    while await _next_round(page, deadline):
        rounds += 1
        views = search_order(await frame_views(page, session.registry, session.settings.frame_depth_limit))
        left_ms = int((deadline - time.monotonic()) * 1000)
        results = await _search(session, page, views, description, role,
                                min(session.settings.iframe_timeout_ms, max(left_ms, 300)), accept)
        if _strong(results):
            chain.strategies = [v.strategy for v in views] + [COORDINATE]
            break
    found = _strong(results)
    chain.strategies.insert(0, WAIT_FOR_FRAMES)
    chain.add_attempt(InteractionAttempt(
        strategy=WAIT_FOR_FRAMES, success=found, duration_ms=_ms(started),
        error=None if found else f"nothing matched after waiting {int(wait_s * 1000)} ms for frames still loading",
        detail=f"searched {rounds} more times",
    ))
    chain.current_index = 1
    return results


def _fallback_allowed(failure: ToolFailure) -> bool:
    if isinstance(failure, ClickIntercepted | ActionTimeout):
        return True
    if isinstance(failure, ElementNotInteractable):
        return not any(word in failure.message.lower() for word in _NO_FALLBACK)
    return False


Step = Callable[[], Awaitable[str | None]]


async def run_chain(located: Located, action: str, direct: Step, coordinate: Step | None) -> None:
    """Run the direct attempt, then (when it makes sense) the coordinate fallback; record every attempt.

    Raises the first failure (it says most: what covers the element, what Playwright refused), with the
    chain in its details, when no strategy worked.
    """
    chain, target = located.chain, located.target
    frame_value = _frame_value(target)
    first = await _attempt(chain, chain.current_strategy or "direct", frame_value, action, direct, target.frame)
    if first is None:
        _log(action, chain)
        return
    if coordinate is None or not _fallback_allowed(first):
        chain.stopped = f"{first.code}: not retried with another strategy"
        _log(action, chain)
        raise chain.fail(first)
    chain.advance(to=COORDINATE)
    second = await _attempt(chain, COORDINATE, frame_value, action, coordinate, target.frame)
    if second is None:
        _log(action, chain)
        return
    chain.current_index = len(chain.strategies)
    _log(action, chain)
    if second.message not in first.message:
        first.message = f"{first.message}; {COORDINATE}: {second.message}"
    raise chain.fail(first)


def _log(action: str, chain: RetryChain) -> None:
    """FR-016: which frames and strategies an action went through (stderr)."""
    steps = [f"{a.strategy}@{a.frame or '-'}:{'ok' if a.success else a.code or 'miss'}" for a in chain.attempts]
    log.info("retry chain", action=action, succeeded=chain.succeeded, attempts=steps)


async def _gone(frame: Frame) -> bool:
    """Whether a frame went away (detached, or its document no longer answers)."""
    if frame.is_detached():
        return True
    try:
        with anyio.fail_after(1):
            await frame.evaluate("() => 1")
    except (PlaywrightError, TimeoutError):
        return True
    return frame.is_detached()


def _frame_value(target: Target) -> str:
    if target.frame.parent_frame is None:
        return "main"
    return target.id.split("e", 1)[0] if target.id.startswith("f") else "main"


async def _attempt(
    chain: RetryChain, strategy: str, frame: str, action: str, step: Step, target_frame: Frame | None = None
) -> ToolFailure | None:
    started = time.monotonic()
    try:
        detail = await step()
    except ToolFailure as exc:
        failure: ToolFailure = exc
    except PlaywrightError as exc:
        failure = map_playwright_error(exc, action=action)
        if type(failure) is ToolFailure and target_frame is not None and await _gone(target_frame):
            failure = PageChanged(f"{action} failed: the element's frame was detached during the action "
                                  f"({failure.message[:160]})")
    else:
        chain.add_attempt(InteractionAttempt(strategy=strategy, frame=frame, success=True,
                                             duration_ms=_ms(started), detail=detail))
        return None
    chain.add_attempt(InteractionAttempt(strategy=strategy, frame=frame, success=False, error=failure.message[:300],
                                         code=failure.code, duration_ms=_ms(started)))
    return failure

"""The retry chain of click and type_text (seed 002's FR-015/017/019), designed for our id model.

* ``element_id``: the element's frame is known. Chain: act directly in that frame → (if intercepted, timed out
  or not interactable) coordinate click on an uncovered point of the element's box.
* ``element_description`` without ``frame``: one parallel search of every frame (each bounded by
  ``IFRAME_TIMEOUT_MS``), read in FR-025 order (main, then aria-label > title > name, then index); frames
  without the element are recorded as failed attempts, then the action runs in the frame that has it, then
  the coordinate fallback. When nothing matches anywhere, the chain waits up to ``IFRAME_WAIT_MS`` for iframes
  added or loaded late (FR-026) and searches again.
* ``frame`` given: only that frame is searched (or the id must be in it).

Every result carries ``retry_chain``: the strategies planned, each attempt (strategy, frame, success, error,
duration_ms) and whether the chain succeeded or was exhausted. On failure it is in ``error.details``.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio
import structlog
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page
from pydantic import BaseModel, Field, computed_field

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
from browser_core.frames import FrameView, frame_views, resolve_frame, search_order
from browser_core.observation import Element, FrameScan, _elements, _scan, _viewport
from browser_core.session import BrowserSession
from browser_core.targets import Target, check_description, check_role, choose_element, resolve_target, target_of

log = structlog.get_logger("browser_core.retry")

COORDINATE = "coordinate_click"
WAIT_FOR_FRAMES = "wait_for_frames"
_RESCAN_TICK_S = 0.3
MAX_LISTED_STRATEGIES = 8
_NO_FALLBACK = ("disabled", "not enabled", "readonly", "read-only")


class InteractionAttempt(BaseModel):
    """One try of one strategy."""

    strategy: str
    frame: str | None = None
    success: bool
    error: str | None = None
    code: str | None = None
    duration_ms: int = 0
    detail: str | None = None


class RetryChain(BaseModel):
    """The strategies of one action, the attempts made, and where the chain stands."""

    strategies: list[str]
    attempts: list[InteractionAttempt] = Field(default_factory=list)
    current_index: int = 0
    timeout_per_frame_ms: int = 10000
    stopped: str | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def succeeded(self) -> bool:
        return any(a.success for a in self.attempts)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def exhausted(self) -> bool:
        return not self.succeeded and self.stopped is None and self.current_index >= len(self.strategies)

    @property
    def current_strategy(self) -> str | None:
        return self.strategies[self.current_index] if self.current_index < len(self.strategies) else None

    def advance(self, to: str | None = None) -> None:
        """Move to the next strategy, or straight to ``to``."""
        if to is not None and to in self.strategies[self.current_index:]:
            self.current_index = self.strategies.index(to, self.current_index)
        else:
            self.current_index += 1

    def add_attempt(self, attempt: InteractionAttempt) -> None:
        self.attempts.append(attempt)

    def summary(self) -> dict[str, Any]:
        """The chain as it goes into a result: no empty fields; a click or typing that worked at once in the main
        frame (most actions) in short."""
        first = self.attempts[0] if len(self.attempts) == 1 else None
        if first is not None and first.success and first.strategy == "main_frame" == self.strategies[0]:
            return {"attempts": [{"strategy": first.strategy, "success": True}], "succeeded": True}
        out = self.model_dump(exclude={"current_index", "timeout_per_frame_ms"}, exclude_none=True)
        out["attempts"] = [a.model_dump(exclude_none=True) for a in self.attempts]
        if len(self.strategies) > MAX_LISTED_STRATEGIES:
            tried = {a.strategy for a in self.attempts}
            head = [s for s in self.strategies[:-1] if s in tried] or self.strategies[:1]
            rest = len(self.strategies) - 1 - len(head)
            out["strategies"] = [*head, f"... {rest} more frames", self.strategies[-1]]
        return out

    def fail(self, failure: ToolFailure) -> ToolFailure:
        """Attach the chain to a failure (FR-019) and return it for raising."""
        failure.details = {**failure.details, "retry_chain": self.summary()}
        return failure


@dataclass
class Located:
    """The element an action will act on, and the chain so far (frames searched on the way)."""

    target: Target
    chain: RetryChain
    frame_label: str


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def _label_of(path: str) -> str:
    """'main > iframe 'A' > iframe 'B'' → 'B'."""
    return "main" if path == "main" else path.rsplit(" > iframe '", 1)[-1].removesuffix("'")


def _strategy_for(path: str) -> str:
    return "main_frame" if path == "main" else f"iframe:{_label_of(path)[:60]}"


async def _bounded_scan(
    view: FrameView, session: BrowserSession, args: dict[str, Any], limit_ms: int
) -> tuple[FrameScan, int]:
    started = time.monotonic()
    scan = FrameScan(view, None, f"the frame did not answer within {limit_ms} ms")
    with anyio.move_on_after(limit_ms / 1000):
        scan = await _scan(view, session.registry, args, limit_ms)
    return scan, _ms(started)


async def _search(
    session: BrowserSession, page: Page, views: list[FrameView], description: str, role: str | None,
    limit_ms: int | None = None, accept: tuple[str, ...] = (),
) -> list[tuple[FrameView, list[Element], int, str | None]]:
    """Each frame's matches for the description (searched in parallel), with the time and error of each."""
    args = {"mode": "search", "query": description, "role": role or "", "maxOff": 8, "maxViewport": 8,
            "accept": list(accept)}
    results: list[tuple[FrameView, list[Element], int, str | None]] = []
    limit = limit_ms or session.settings.iframe_timeout_ms

    async def one(view: FrameView) -> None:
        scan, ms = await _bounded_scan(view, session, args, limit)
        results.append((view, _elements(scan, session.registry, _viewport(page, session.settings)), ms, scan.error))

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
    settings, registry = session.settings, session.registry
    role = check_role(role)
    views: list[FrameView] | None = None
    chosen: FrameView | None = None
    if frame is not None and str(frame).strip() != "":
        views = await frame_views(page, registry, settings.frame_depth_limit)
        chosen = resolve_frame(views, frame)
        if not chosen.accessible:
            raise PageChanged(f"frame {chosen.selector} ('{chosen.label}') cannot be reached: {chosen.reason}")
    if element_id:
        try:
            target = await resolve_target(page, registry, settings, element_id=element_id, description=None,
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
    description = check_description(description)
    views = views or await frame_views(page, registry, settings.frame_depth_limit)
    order = [chosen] if chosen is not None else search_order(views)
    chain = RetryChain(strategies=[v.strategy for v in order] + [COORDINATE],
                       timeout_per_frame_ms=settings.iframe_timeout_ms)
    results = await _search(session, page, order, description, role, accept=accept)
    if chosen is None and not _strong(results) and settings.iframe_wait_ms > 0:
        results = await _wait_and_search(session, page, chain, results, description, role, accept)
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
    return Located(await target_of(registry, best, others), chain, best.frame.label)


async def _wait_and_search(
    session: BrowserSession,
    page: Page,
    chain: RetryChain,
    results: list[tuple[FrameView, list[Element], int, str | None]],
    description: str,
    role: str | None,
    accept: tuple[str, ...] = (),
) -> list[tuple[FrameView, list[Element], int, str | None]]:
    """FR-026: nothing matched anywhere; give iframes added or loaded late IFRAME_WAIT_MS to bring the element."""
    started = time.monotonic()
    deadline = started + session.settings.iframe_wait_ms / 1000
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
        error=None if found else f"nothing matched after waiting {session.settings.iframe_wait_ms} ms for late frames",
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

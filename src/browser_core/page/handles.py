"""Element handles are let go when the tool call that took them ends.

Each handle holds an object in the page and a mirror in Playwright's connection until it is disposed (the driver
keeps up to 100,000 of them): a long session would keep one per action. A call's handles are collected here and
disposed at the tool boundary, except the one the caller still needs (the last pressed element, a menu's opener).
They are let go together, within RELEASE_BOUND_S; those a busy page (or a loaded machine) did not let go in time are
tried again when the next call ends (the newest MAX_LEFT_OVER of them), not forgotten.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from contextvars import ContextVar
from typing import TypeVar

import anyio
from playwright.async_api import JSHandle

from browser_core.together import each_settled

H = TypeVar("H", bound=JSHandle)
RELEASE_BOUND_S = 1.0  # a busy page may not answer a release: it is given up (the page's own end frees them)

MAX_LEFT_OVER = 1_000

_taken: ContextVar[list[JSHandle] | None] = ContextVar("handles_taken", default=None)
_left_over: list[JSHandle] = []  # not let go within the bound by an earlier call


def taken(handle: H) -> H:
    """``handle``, to be disposed when the current tool call ends (outside a call: the caller disposes it)."""
    held = _taken.get()
    if held is not None:
        held.append(handle)
    return handle


@contextlib.asynccontextmanager
async def released_after_call(kept: Callable[[], JSHandle | None] = lambda: None) -> AsyncIterator[None]:
    """Dispose every handle taken inside the block when it ends, however it ends, except ``kept()``."""
    held: list[JSHandle] = []
    token = _taken.set(held)
    try:
        yield
    finally:
        _taken.reset(token)
        keep = kept()
        pending = [h for h in [*_left_over, *held] if h is not keep]
        _left_over.clear()

        async def release(handle: JSHandle) -> None:
            with contextlib.suppress(Exception):
                await handle.dispose()
            pending.remove(handle)

        with anyio.CancelScope(shield=True), anyio.move_on_after(RELEASE_BOUND_S):
            await each_settled(release(h) for h in list(pending))
        _left_over.extend(pending[-MAX_LEFT_OVER:])
        del _left_over[:-MAX_LEFT_OVER]

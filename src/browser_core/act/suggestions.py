"""What type_text waits for and reports: the page's own suggestions after typing, and the field's value."""

from __future__ import annotations

import contextlib

import anyio
from playwright.async_api import Error as PlaywrightError

from browser_core.page.targets import Target

SUGGESTIONS_WAIT_MS = 1_000  # a field with the page's own suggestions: how long its result waits for them
# The page's element count when the field offers the page's own suggestions, else null: one read.
_SUGGESTS_JS = """el => { const ac = (el.getAttribute('autocomplete') || '').toLowerCase();
  return ac === 'off' || el.hasAttribute('list') || el.hasAttribute('aria-autocomplete')
    || (el.getAttribute('role') || '').toLowerCase() === 'combobox'
    ? el.ownerDocument.getElementsByTagName('*').length : null; }"""
_MORE_JS = """(el, [n, ms]) => new Promise(done => { const t0 = Date.now(); const tick = () =>
  (el.ownerDocument.getElementsByTagName('*').length > n || Date.now() - t0 > ms) ? done(true) : setTimeout(tick, 50);
  tick(); })"""


async def elements_if_suggesting(target: Target, *, wanted: bool = True) -> int | None:
    """The page's element count before typing into a field whose page offers its own suggestions (autocomplete
    off, a datalist, aria-autocomplete, a combobox), else None (and None when not ``wanted``)."""
    if not wanted:
        return None
    with contextlib.suppress(PlaywrightError):
        count = await target.handle.evaluate(_SUGGESTS_JS)
        return None if count is None else int(count)
    return None


async def wait_for_suggestions(target: Target, count: int) -> None:
    """Suggestions usually come after a short delay: wait (bounded) for the page to add elements, so the result's
    what-changed lists them."""
    with contextlib.suppress(PlaywrightError), anyio.move_on_after(SUGGESTIONS_WAIT_MS / 1000 + 1):
        await target.handle.evaluate(_MORE_JS, [count, SUGGESTIONS_WAIT_MS])


async def value_preview(target: Target) -> str | None:
    with contextlib.suppress(PlaywrightError):
        value = await target.handle.evaluate(
            "el => el.type === 'password' ? null : ('value' in el ? el.value : el.textContent)"
        )
        if isinstance(value, str):
            return value if len(value) <= 80 else value[:79] + "…"
    return None

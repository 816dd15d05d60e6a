"""Which in-page modals an approved action opened: the app's own confirmation, whose commit button the approval
covers (``approvals.py``).

Before the approved action runs, the modals already open in its frame are noted; after it, the modals open now
that were not open before are marked as raised by it (``role=dialog``/``alertdialog``, ``aria-modal``, an open
``<dialog>``, or a fixed layer over the middle of the page that the app marks with no role), and so are those that
appear within ``MODAL_LATE_MS`` of it before any other input (an app that fetches before it asks). The marks live
in the page under a random key, on the very nodes: a later control is covered only when it sits inside one of
those nodes, still shown. Modals the page opens after another input, or that were open before, are never marked.
"""

from __future__ import annotations

import contextlib
import secrets
from importlib import resources

from playwright.async_api import ElementHandle, Frame
from playwright.async_api import Error as PlaywrightError

MODAL_WAIT_MS = 3000  # an app renders its modal a moment after the click (a state update; seconds when loaded) ...
MODAL_QUIET_MS = 600  # ... while the page is still changing: once its DOM has been still this long, none is coming
MODAL_LATE_MS = 10000  # ... yet an app that first fetches what it asks about shows its modal later (seconds when
#                        loaded): one that appears this soon after the approved click is still the one it opened

# A modal the app marks with no role is the walker's covering layer, by the walker's own rule (modal.js, spliced in):
# the outermost fixed box under the middle of the viewport, covering half of it or more, holding a control while it
# covers page controls outside it.
_SHOWN = """const shown = m => !!(m.getClientRects().length) && getComputedStyle(m).visibility !== 'hidden';
  const vw = innerWidth, vh = innerHeight;
""" + resources.files("browser_core.js").joinpath("modal.js").read_text(encoding="utf-8") + """
  const layer = () => { const found = coveringLayer(Array.from(
    document.querySelectorAll('button,[role=button],input,select,textarea,a[href]'), el => [el]));
    return found ? [found] : []; };
  const modals = () => Array.from(document.querySelectorAll(
    'dialog[open],[role=dialog],[role=alertdialog],[aria-modal=true]')).filter(shown).concat(layer());"""
_BEFORE_JS = "key => { " + _SHOWN + " window[key] = {before: new WeakSet(modals()), raised: new WeakSet()}; }"
_AFTER_JS = "([key, ms, quiet, late_ms]) => new Promise(done => { " + _SHOWN + """
  const s = window[key]; if (!s) { done(0); return; }
  const t0 = Date.now(); let last = t0;
  const watch = new MutationObserver(() => { last = Date.now(); });
  watch.observe(document, {subtree: true, childList: true, attributes: true});
  const look = () => { const fresh = modals().filter(m => !s.before.has(m)), now = Date.now();
    if (fresh.length || now - t0 >= ms || now - last >= quiet) {
      watch.disconnect(); fresh.forEach(m => s.raised.add(m)); done(fresh.length); lateWatch(); }
    else setTimeout(look, 50); };
  const lateWatch = () => { const mark = () => modals().filter(m => !s.before.has(m)).forEach(m => s.raised.add(m));
    const late = new MutationObserver(mark);
    const stop = () => { late.disconnect(); removeEventListener('pointerdown', stop, true);
      removeEventListener('keydown', stop, true); };
    late.observe(document, {subtree: true, childList: true, attributes: true});
    addEventListener('pointerdown', stop, true); addEventListener('keydown', stop, true);  // the next act ends it
    setTimeout(stop, late_ms); };
  look(); })"""


# The words of the controls a raised modal holding the element offers (a button's, a link's); null when it sits in
# none (the approval chooses among them: ``approvals.Approval.chosen_in_modal``).
_OFFERED_JS = "(el, key) => { " + _SHOWN + """
  const s = window[key]; if (!s) return null;
  for (let n = el; n; n = n.parentElement || (n.getRootNode && n.getRootNode().host) || null)
    if (s.raised.has(n)) return shown(n) ? Array.from(n.querySelectorAll(
      'button,a[href],[role=button],[role=link],[role=menuitem],input[type=submit],input[type=button]'),
      c => (c.getAttribute('aria-label') || c.innerText || c.value || '').trim()).filter(Boolean).slice(0, 30) : null;
  return null; }"""


def new_key() -> str:
    return "__bca_carry_" + secrets.token_hex(6)


async def note_open_modals(frame: Frame, key: str) -> bool:
    with contextlib.suppress(PlaywrightError):
        await frame.evaluate(_BEFORE_JS, key)
        return True
    return False


async def mark_raised_modals(frame: Frame, key: str, wait_ms: int = MODAL_WAIT_MS) -> int:
    """How many modals opened since ``note_open_modals`` (they are marked), waiting for one up to ``wait_ms`` while
    the page's DOM keeps changing (a still page answers after ``MODAL_QUIET_MS``)."""
    with contextlib.suppress(PlaywrightError):
        return int(await frame.evaluate(_AFTER_JS, [key, wait_ms, MODAL_QUIET_MS, MODAL_LATE_MS]))
    return 0


async def inside_raised_modal(handle: ElementHandle, key: str) -> list[str] | None:
    """The words of the controls offered by the modal the approved action opened that holds the element, still
    shown; None when it sits in no such modal (failures: none)."""
    with contextlib.suppress(PlaywrightError):
        offered = await handle.evaluate(_OFFERED_JS, key)
        return [str(w) for w in offered] if isinstance(offered, list) else None
    return None

"""Work thrown away by closing the form it was typed into (issue 29): a control whose whole name closes a form
without sending it ("Cancel", a close cross; ``unsaved_work.dismissed_by``), sitting in a form, dialog, row or block
whose fields hold words the person typed there this session, throws those words away. The form is the nearest block
around the control that holds fields, or bounds them (a form, a dialog or a fixed layer, a row; up to six levels: a
question laid over the form is no part of it); a field counts when
the person edited it (the page's init script keeps the fields an input, change or beforeinput event reached:
``page/registry.py``) and it still holds a value. A dialog's Cancel over fields nobody typed in is no loss."""

from __future__ import annotations

import contextlib

from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError

from browser_core.security.draft import FIELD_LABEL_JS, loss_phrase
from browser_core.security.facts import PageFacts
from browser_core.security.summary import Effect
from browser_core.security.verdict import Verdict

_JS = """(el, [key, max]) => {
  """ + FIELD_LABEL_JS + """
  const kept = window[key + '_edits'];
  if (!kept) return null;
  const FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable=false])';
  const BOUND = 'form, dialog, [role=dialog], [role=alertdialog], tr, [role=row]';
  let form = null;
  for (let a = el.parentElement, i = 0; a && a !== document.body && i < 6; a = a.parentElement, i++) {
    // A layer drawn over the page (a fixed curtain) is a form of its own, like a dialog.
    if (a.matches(BOUND) || a.querySelector(FIELDS) || getComputedStyle(a).position === 'fixed') { form = a; break; }
  }
  if (!form) return null;
  const typedIn = (f) => {
    if (!kept.edits.has(f) || f.disabled || f.closest('[role=search], search')) return false;
    const type = (f.getAttribute('type') || '').toLowerCase();
    if (['hidden', 'submit', 'button', 'reset', 'image', 'file', 'checkbox', 'radio', 'search', 'password']
      .includes(type)) return false;
    return !!text(f.isContentEditable && !('value' in f) ? f.innerText : f.value);
  };
  const names = [];
  let count = 0;
  for (const f of form.querySelectorAll(FIELDS)) {
    if (!typedIn(f)) continue;
    count++;
    const n = labelOf(f).slice(0, 60);
    if (n && !names.includes(n) && names.length < max) names.push(n);
  }
  return count ? names : null;
}"""


async def typed_in_its_form(handle: ElementHandle, key: str) -> list[str] | None:
    """The names of the fields of the control's own form that hold what the person typed (an empty list when none
    of them has a name), or None when none holds typed words (or the page could not be read)."""
    with contextlib.suppress(PlaywrightError):
        got = await handle.evaluate(_JS, [key, 8])
        return None if got is None else [str(n) for n in got]
    return None


def dismisses_typed_work(control: str, page_title: str, fields: list[str]) -> Verdict:
    """The loss of the typed words the control's form would throw away, named by its fields."""
    effect = Effect(how=f"{control} closes the form without sending it",
                    detail=loss_phrase("", fields)).text("loss", PageFacts(title=page_title))
    return Verdict("loss", "closes a form whose fields hold words typed into them; they are thrown away", effect)

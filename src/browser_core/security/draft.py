"""What leaving a page would lose, in the page's own terms (issue 29): the work being lost, named as the page names
it, and the fields that hold a value not yet saved, by their own labels. The work is named by what the person wrote in
its title-like field (the first edited single-line text field outside the page's search, its value clipped: a
note's subject), else by the record the editor draws (the page's one main heading drawn on the page), else by the
fields alone; the document's title never names it (a tab title names the app's view, 'Mail :: Compose', not the
work). A field is unsaved when the person edited it (an input, change or beforeinput event reached it: the page's
init script keeps them, ``page/registry.py``) and its value differs from the value the page loaded with
(``defaultValue``, ``defaultChecked``, ``defaultSelected``), or, for an editable block, from its text before the
first edit. A value the page's own script set after loading (a select filled in when its data arrived) raises no
event and is not the person's work. Nothing here reads a wording; the one value reported is the typed title (never a
password nor a longer text)."""

from __future__ import annotations

import contextlib

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.security.facts import ElementFacts, PageFacts
from browser_core.security.summary import Effect
from browser_core.security.verdict import Verdict

MAX_FIELDS = 8

# A field's own label as the page gives it (aria-label, aria-labelledby, its <label>, placeholder, title, name): one
# piece of script for the lost-work namer here and the form-dismiss check (security/dismissed.py).
FIELD_LABEL_JS = """const text = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const byId = (ids) => text((ids || '').split(/\\s+/).map((i) => document.getElementById(i))
    .filter(Boolean).map((e) => e.textContent).join(' '));
  const labelOf = (el) => text(el.getAttribute('aria-label')) || byId(el.getAttribute('aria-labelledby'))
    || text([...(el.labels || [])].map((l) => l.innerText).join(' ')) || text(el.getAttribute('placeholder'))
    || text(el.getAttribute('title')) || text(el.getAttribute('name'));"""

_JS = """([max, key]) => {
  """ + FIELD_LABEL_JS + """
  const shown = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const drawn = (el) => { const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1; };  // unclipped
  // The main's one drawn top heading, else the page's (an app shell draws the record's heading in its header),
  // never one inside a dialog laid over the page.
  const root = document.querySelector('main, [role=main]') || document.body;
  const tops = (r) => [...r.querySelectorAll('h1, [role=heading][aria-level="1"]')].filter((h) => drawn(h)
    && !h.closest('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]'));
  const h1 = tops(root).length ? tops(root) : tops(document.body);
  const record = text(h1.length === 1 ? h1[0].innerText : '');
  const nameOf = (el) => labelOf(el) || text(el.getAttribute('aria-placeholder'))
    || (el.isContentEditable ? '' : caption(el));
  // A field the page names by no label: the first line of the nearest block around it that says something (the
  // caption drawn above the field, in the same block).
  const caption = (el) => {
    for (let a = el.parentElement, i = 0; a && a !== document.body && i < 4; a = a.parentElement, i++) {
      const line = (a.innerText || '').split('\\n').map(text).find(Boolean);
      if (line) return line.length <= 60 ? line : '';
    }
    return '';
  };
  const kept = window[key + '_edits'];  // absent on a page the init script missed: every changed field counts
  const touched = (el) => !kept || kept.edits.has(el) || (el.type === 'radio' && !!el.form && [...el.form.elements]
    .some((o) => o.name === el.name && kept.edits.has(o)));
  const dirty = (el) => {
    if (!touched(el)) return false;
    if (el.tagName === 'SELECT') return [...el.options].some((o) => o.selected !== o.defaultSelected);
    const type = (el.type || '').toLowerCase();
    if (['hidden', 'submit', 'button', 'reset', 'image', 'file'].includes(type)) return false;
    if (type === 'checkbox' || type === 'radio') return el.checked !== el.defaultChecked;
    return el.value !== el.defaultValue;
  };
  const names = [];
  let typed = '';  // the first edited single-line text field's value: the title the person gave the work
  // A query typed into the page's search is no title of the work (a search landmark, a search box).
  const single = (el) => el.tagName === 'INPUT' && !el.closest('[role=search], search')
    && ['text', ''].includes((el.getAttribute('type') || '').toLowerCase());
  const blocks = kept ? kept.blocks.map((r) => r.deref()).filter((el) => el && el.isConnected
    && el.isContentEditable && kept.edits.get(el) !== el.innerText) : [];
  for (const el of [...document.querySelectorAll('input, textarea, select'), ...blocks]) {
    if (!el.disabled && shown(el) && (blocks.includes(el) || dirty(el))) {
      if (!typed && single(el)) typed = text(el.value).slice(0, 80);
      const n = nameOf(el).slice(0, 60);
      if (n && !names.includes(n)) names.push(n);
      if (names.length >= max) break;
    }
  }
  return [record.slice(0, 120), names, typed];
}"""


async def unsaved(page: Page, key: str = "") -> tuple[str, list[str], str]:
    """The record the editor draws (its one main heading, else empty), the names of the fields with unsaved values,
    and the title the person typed for the work (empty if none); all empty if the page is gone. ``key``: the page
    registry's, under which the init script keeps the fields the person edited."""
    with contextlib.suppress(PlaywrightError):
        record, names, typed = await page.evaluate(_JS, [MAX_FIELDS, key])
        return str(record), [str(n) for n in names], str(typed)
    return "", [], ""


def loss_phrase(record: str, fields: list[str], typed: str = "") -> str:
    """What the page's leave warning protects, named by the work: by what the person wrote as its title (``lose the
    unsaved draft 'Spare lines' ('Subject', 'Text')``), else by the record the editor draws (``lose the unsaved
    'Text' of 'Editing a note'``), else by its fields alone."""
    what = ", ".join(f"'{f}'" for f in fields)
    if typed:
        return f"lose the unsaved draft '{typed}'" + (f" ({what})" if what else "")
    return f"lose the unsaved {what or 'work'}" + (f" of '{record}'" if record else "")


def names_lost_work(verdict: Verdict, control: str, draft: tuple[str, list[str], str]) -> Verdict:
    """A loss the app's own dialog asks about (its words in ``verdict.said``) over a page holding unsaved edits,
    that names no record: the work under the dialog, by what the person typed as its title or the record the
    editor draws, in the dialog's own words; never the dialog's title nor the document's. Unchanged if the page
    names no work."""
    record, fields, typed = draft
    work = typed or record
    if not work or verdict.objects or not verdict.said:
        return verdict
    effect = Effect(how=f"{control}; the app asks “{verdict.said}”", detail=loss_phrase(record, fields, typed))
    return Verdict("loss", verdict.reason, effect.text("loss", PageFacts()), (work,), verdict.said)


def throws_work(verdict: Verdict, facts: ElementFacts) -> bool:
    """The control could throw the page's work away (judged a deletion; the caller checks its name throws rather
    than deletes): it sits outside any dialog, row, link or form submit."""
    return verdict.category == "delete" and not (facts.page.dialog or facts.row.name or facts.is_submit or facts.href)


def discards_work(verdict: Verdict, control: str, page_title: str, draft: tuple[str, list[str], str]) -> Verdict | None:
    """A control that throws work away (``throws_work``) on a page holding the person's unsaved edits: the loss of
    that work, named as a leave warning names it (an editor's "Discard" loses the edits made in it, not the record it
    edits); None if the page holds none."""
    record, fields, typed = draft
    if not fields:
        return None
    effect = Effect(how=control, detail=loss_phrase(record, fields, typed)).text("loss", PageFacts(title=page_title))
    work = typed or record
    return Verdict("loss", f"{verdict.reason}; the page holds unsaved edits it throws away", effect,
                   (work,) if work else ())

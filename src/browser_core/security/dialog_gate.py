"""The gate at a native dialog: a ``confirm()`` or ``prompt()`` whose text names a destructive effect.

A control whose name says nothing ("Tidy up", an icon) may still delete: the app's own question says so. That
question is never accepted without the human, whoever armed an answer: the dialog is dismissed and the action that
raised it is held, with the dialog's words in its summary (``SecurityGuard.hold_at_dialog``); ``confirm_action``
then re-runs it with the dialog accepted (``session/dialog_carry.py``). The words are the policy's (the same
destructive and safe vocabulary as for controls, the forms a confirmation uses, and its warnings of loss), judged
sentence by sentence, so "Delete 3 runs? This cannot be undone." or "Discard unsaved changes?" is held: the app
itself says the act loses something. A ``beforeunload`` dialog is that warning whatever its text (a page raises it
only when it holds work not yet saved, and browsers show their own words): leaving is held as a loss of the draft.
"""

from __future__ import annotations

import re

from browser_core.security.confirming import confirmation_category, without_records
from browser_core.security.draft import loss_phrase
from browser_core.security.facts import PageFacts
from browser_core.security.policy import SecurityPolicy
from browser_core.security.summary import Effect
from browser_core.security.verdict import Verdict

MAX_TEXT = 300
# Browsers show their own words for a beforeunload, never the page's: the summary says what the warning means.
LEAVE_WARNING = "the page's own warning before unload: leaving it loses what was not saved"
_QUOTED = re.compile(r"[“«\"'‘]([^”»\"'’]{1,80})[”»\"'’]")


def dialog_verdict(policy: SecurityPolicy, kind: str, message: str, control: str, page_title: str,
                   acted_on: list[str] | None = None,
                   draft: tuple[str, list[str], str] = ("", [], "")) -> Verdict | None:
    """The verdict on an action whose native dialog asked to confirm a destructive effect, in the dialog's words;
    the records it names, else those the control acts on (``acted_on``: its selection, its row, its page's record).
    A leave warning is a ``loss`` of the page's draft (``draft``: the record the editor draws, the fields not saved,
    the title the person typed for the work)."""
    leaving = kind == "beforeunload"
    category = "loss" if leaving else confirmation_category(policy, without_records(message, list(acted_on or [])))
    if category is None:
        return None
    own = bool(message.strip()) or not leaving  # a leave warning's words are the browser's, unless the page gave some
    text = " ".join((message if own else LEAVE_WARNING).split())[:MAX_TEXT]
    how = "; ".join(p for p in (control, f"the page asks “{text}”" if own else text) if p)
    page = PageFacts(title=page_title)
    if leaving:  # leaving loses the draft of the record being edited, not what the control names
        record, fields, typed = draft  # the work by what was written, else the drawn record: never the tab's title
        effect = Effect(how=how, detail=loss_phrase(record, fields, typed))
        work = typed or record
        return Verdict(category, f"the page warned before unload: “{text}”" if own else text,
                       effect.text(category, page), (work,) if work else ())
    named = [m.strip() for m in _QUOTED.findall(text) if m.strip()][:10] or list(acted_on or [])[:10]
    return Verdict(category, f"the page asked in a {kind}() dialog: “{text}”",
                   Effect(how=how, objects=named).text(category, page), tuple(named))


def dialog_category(policy: SecurityPolicy, message: str) -> str | None:
    """The consequential category a native dialog's text names, or None."""
    return confirmation_category(policy, message)

"""One approval per effect: the human's yes to a step covers the app's own confirmation of that same act.

Apps ask twice. The human approves a held step, then the app asks its own question; the human has already
answered it. The rule, for every form the app's question takes: **the approval covers only the confirmation that
the approved step itself raised, on the same site, once, soon, for the same kind of effect, and never for an
object the human was not shown.** Else the step is held as usual. Three forms:

1. A native ``confirm()`` / ``beforeunload`` / ``prompt()``: answered while the approved action runs
   (``session/dialog_carry.py``: same tab, a frame of the same origin, within ``CARRY_WINDOW_S``, one dialog).
2. An in-page modal (``role=dialog``, ``aria-modal``, ``<dialog>``) that the approved click opened on the same
   page (``modal_carry.py`` marks the very nodes that appeared): its commit button is covered when it is the next
   destructive step, inside that modal, within ``MODAL_CARRY_S`` (a model's turn), of the same category, and
   every object it names is one the human approved (a modal naming objects when the approval named none is held).
   A modal offering a control named like the approved one ("Close account" → its "Close Account") answers the
   human's yes only through that control: another choice of the same kind beside it ("force close", which also
   erases what it holds) is a step the human did not choose, and is held.
3. A confirmation page ("Are you sure?", Django's bulk delete): the approved step was held on a page that asked
   nothing (a step that may lead to one) and named its objects; the next destructive step the gate sees is on a
   page that asks to confirm, of the same category, names its objects and each is one the human approved; before
   the approval expires.

In every form the carried step is the very next destructive step the gate sees (any other verdict drops the
approval), and an approval spent on a native dialog covers nothing more. A step held at a native dialog (its
text revealed the effect) already showed the human the app's question, so it carries only to that dialog.

The step's result says which approval covered it (``approved_by``), so the model and the human can see it.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from browser_core.security.confirmations import PendingAction
from browser_core.security.verdict import Verdict

MODAL_CARRY_S = 60.0  # the approved click's modal: its commit button is clicked within a model's turn or two


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".casefold()


def _forms(name: str) -> set[str]:
    """An object's name as compared: spacing and case aside, with or without a leading 'Kind: '."""
    whole = " ".join(name.split()).casefold()
    bare = whole.split(":", 1)[1].strip() if ":" in whole else whole
    return {whole, bare}


def _words(name: str) -> set[str]:
    return set(re.findall(r"\w+", name.casefold()))


@dataclass(frozen=True)
class Approval:
    confirmation_id: str
    category: str
    effect: str
    objects: frozenset[str]
    origin: str
    expires_at: float
    page: bool = True  # may cover a confirmation page (form 3)
    modal: str | None = None  # the key marking the modals the approved step opened (form 2)
    modal_until: float = 0.0
    control: str = ""  # the approved control's name: a modal's control named like it is the one the yes chose

    @classmethod
    def of(cls, pending: PendingAction, ttl_s: float, *, modal: str | None = None,
           dialog_used: bool = False) -> Approval | None:
        """The approval a confirmed pending action leaves for the app's next question, or None."""
        named = pending.summary.get("objects") or []
        page = bool(named) and not pending.page_asked
        if dialog_used or not (page or modal):
            return None
        objects = frozenset(form for name in named for form in _forms(name))
        now = time.time()
        return cls(pending.confirmation_id, pending.summary["category"], pending.summary["effect"], objects,
                   _origin(pending.url), now + ttl_s, page, modal, now + MODAL_CARRY_S if modal else 0.0,
                   pending.summary["element"]["name"])

    def _approved_objects(self, verdict: Verdict) -> bool:
        return all(_forms(name) & self.objects for name in verdict.objects)

    def covers_modal(self, verdict: Verdict, url: str) -> bool:
        """Form 2, for a step already known to sit in a modal this approval's step opened."""
        return (self.modal is not None and time.time() <= self.modal_until and verdict.category == self.category
                and _origin(url) == self.origin and self._approved_objects(verdict))

    def chosen_in_modal(self, name: str, offered: list[str]) -> bool:
        """Whether the control ``name`` is the one the human's yes chose among the modal's controls ``offered``: one
        named like the approved control when the modal offers such a control, else any (its only commit)."""
        def like(other: str) -> bool:
            return bool(_words(self.control)) and _words(self.control) <= _words(other)
        return like(name) or not any(like(other) for other in offered)

    def covers(self, verdict: Verdict, url: str, *, page_asks: bool) -> bool:
        """Form 3: the app's own confirmation page."""
        return (self.page and page_asks and time.time() <= self.expires_at and verdict.category == self.category
                and bool(verdict.objects) and _origin(url) == self.origin and self._approved_objects(verdict))

    def note(self, *, modal: bool = False) -> str:
        where = "the app's own confirmation that the approved step opened commits" if modal else \
            "this page asks to confirm"
        return (f"{self.confirmation_id}: the human approved '{self.effect}'; {where} the same effect on the same "
                "objects, so it was not asked again")

"""One approval per effect: the human's yes to a step that could not be told apart covers the app's own
confirmation of that same effect.

Many apps ask twice. A bulk action ("Go" with "Delete selected …" chosen) may delete at once or open the app's own
"Are you sure?" page, and nothing on the page says which, so the gate holds it and the human approves, say,
``delete 3 × Book: 'A', 'B', 'C'``. When the app then asks its own question, the human has already answered it.
The approval is carried to that step only when all of these hold, else the step is held as usual:

- the approved step was held on a page that asked no confirmation question (a step that may lead to one);
- the carried step is the very next destructive step the gate sees (any other verdict drops the approval);
- its page asks to confirm, the category is the same, it names its objects and each is one the human approved;
- same site (scheme, host, port) and before the approval expires.

The step's result says which approval covered it (``approved_by``), so the model and the human can see it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from browser_core.security.confirmations import PendingAction
from browser_core.security.detector import Verdict


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".casefold()


def _forms(name: str) -> set[str]:
    """An object's name as compared: spacing and case aside, with or without a leading 'Kind: '."""
    whole = " ".join(name.split()).casefold()
    bare = whole.split(":", 1)[1].strip() if ":" in whole else whole
    return {whole, bare}


@dataclass(frozen=True)
class Approval:
    confirmation_id: str
    category: str
    effect: str
    objects: frozenset[str]
    origin: str
    expires_at: float

    @classmethod
    def of(cls, pending: PendingAction, ttl_s: float) -> Approval | None:
        """The approval a confirmed pending action gives, or None when it named no objects."""
        named = pending.summary.get("objects") or []
        if not named:
            return None
        objects = frozenset(form for name in named for form in _forms(name))
        return cls(pending.confirmation_id, pending.summary["category"], pending.summary["effect"], objects,
                   _origin(pending.url), time.time() + ttl_s)

    def covers(self, verdict: Verdict, url: str, *, page_asks: bool) -> bool:
        return (page_asks and time.time() <= self.expires_at and verdict.category == self.category
                and bool(verdict.objects) and _origin(url) == self.origin
                and all(_forms(name) & self.objects for name in verdict.objects))

    def note(self) -> str:
        return (f"{self.confirmation_id}: the human approved '{self.effect}'; this page asks to confirm the same "
                "effect on the same objects, so it was not asked again")

"""What an audit found: each violation with the page, the element and what is wrong, per page and in total."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel, Field

Kind = Literal[
    "unnamed",
    "role-word-name",
    "class-name",
    "symbol-name",
    "row-keys",
    "row-unreachable",
    "summary-names-nothing",
    "summary-not-on-page",
    "summary-wrong-object",
]

WHAT: dict[str, str] = {
    "unnamed": "a control without a name",
    "role-word-name": "a control named after its role or kind ('icon', 'button', 'link')",
    "class-name": "a control named after a CSS class or an attribute ('fa-trash', 'first_name')",
    "symbol-name": "a control named only by symbols ('‹', '×', '…')",
    "row-keys": "rows that differ but share one key: an agent cannot tell them apart",
    "row-unreachable": "a row of a visible list or grid with no listed element: an agent cannot reach it",
    "summary-names-nothing": "a held action whose summary names no record (only the control or the page)",
    "summary-not-on-page": "a held action whose summary names a record the page does not show",
    "summary-wrong-object": "a held action whose summary names a date, a tab, a select-all label or an id",
}


class Violation(BaseModel):
    kind: Kind
    page: str  # the page's URL
    state: str = "page"  # "page", or what the audit opened first ("menu 'Actions' open")
    element: str  # as the agent sees it: "button 'Delete' (row 'Ceramic kettle')", "row 4 of table 'Books'"
    detail: str  # what is wrong, in a sentence

    @property
    def key(self) -> tuple[str, str, str]:
        """The same problem seen on several pages (a header's icon) counts once."""
        return self.kind, self.element, self.detail


class PageAudit(BaseModel):
    url: str
    title: str = ""
    state: str = "page"
    elements: int = 0
    rows: int = 0
    held: int = 0
    unjudged: int = 0  # controls past the per-observation budget of the gate's judgement
    sign_in: bool = False  # a login wall: a sign-in form the address led to (audit/signin.py)
    violations: list[Violation] = Field(default_factory=list)


class Skipped(BaseModel):
    url: str
    reason: str


class Failed(BaseModel):
    """A page (or a popup of it) the audit could not finish: what the browser said, as a typed failure. The crawl
    went on with its next page."""

    url: str
    state: str = "page"
    code: str  # the failure's code ('page_changed', 'timeout', ...)
    message: str


class AuditReport(BaseModel):
    start_url: str
    started: str
    duration_s: float = 0.0
    page_budget: int = 0
    time_budget_s: float = 0.0
    pages: list[PageAudit] = Field(default_factory=list)
    skipped: list[Skipped] = Field(default_factory=list)
    failed: list[Failed] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    queued: int = 0  # same-origin pages found but left for lack of budget
    wall: str = ""  # the start address led to a sign-in form: what the report says of it ('' when not)
    signed_in: str = ""  # the user the audit signed in as ('' when it did not)

    def unique(self) -> list[tuple[Violation, int]]:
        """Each distinct violation once (its first sighting) with the number of pages and states it was seen on."""
        first: dict[tuple[tuple[str, str, str], int], Violation] = {}
        seen: Counter[tuple[tuple[str, str, str], int]] = Counter()
        for page in self.pages:
            nth: Counter[tuple[str, str, str]] = Counter()  # alike elements on one page count each
            for v in page.violations:
                nth[v.key] += 1
                key = (v.key, nth[v.key])
                first.setdefault(key, v)
                seen[key] += 1
        return [(v, seen[k]) for k, v in first.items()]

    def counts(self) -> dict[str, int]:
        """Distinct violations by kind, in the order of ``WHAT``."""
        found: Counter[str] = Counter(v.kind for v, _ in self.unique())
        return {k: found[k] for k in WHAT if found[k]}

    @property
    def total(self) -> int:
        return len(self.unique())

"""The gate's own judgement on every listed control, without clicking it: which ones it would hold, which links
are safe to follow, and whether each held summary names a record the page shows (issue 29, §2).

The verdict comes from ``DestructiveActionDetector.classify`` on the element's facts, as ``SecurityGuard`` reads
them before a click; the summary is the verdict's ``effect``, the text the human is asked about.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError

from browser_core.audit.names import describe, is_class_token
from browser_core.page.listing import ListedElement
from browser_core.page.registry import ElementRegistry
from browser_core.security.detector import CLICK_ROLES, DestructiveActionDetector
from browser_core.security.facts import ElementFacts, element_facts
from browser_core.security.verdict import Verdict

PARALLEL = 8
MAX_JUDGED = 120  # controls judged per observation: the page's own controls first, then its links
_QUOTED = re.compile(r"'([^']+(?:'[^',)(]+)*)'")
_CONTROL = re.compile(r"\(?\b(?:button|link|select|action|option) '[^']*'\)?|\(?an unnamed \w+\)?")
# A date, a time or an age ("2024-05-01", "12:30", "5m ago", "3 days"): the cell of a row, never its name.
_WHEN = re.compile(r"^\d[\d\s:./,-]*(?:[^\W\d_]{1,7}\.?)?(?:\s+[^\W\d_]{2,5})?$", re.UNICODE)
_ID = re.compile(r"^(?:#?\d+|[0-9a-f]{8,}(?:-[0-9a-f]{4,})*)$", re.IGNORECASE)


@dataclass
class Judged:
    element: ListedElement
    verdict: Verdict | None
    facts: ElementFacts | None


async def judge(
    registry: ElementRegistry,
    detector: DestructiveActionDetector,
    elements: list[ListedElement],
    opener: ElementHandle | None = None,
) -> list[Judged]:
    """The gate's verdict on a click of each listed control (facts read in parallel, a few at a time)."""
    gate = asyncio.Semaphore(PARALLEL)

    async def one(e: ListedElement) -> Judged:
        async with gate:
            try:
                _, handle = await registry.resolve(e["id"])
                if handle is None:
                    return Judged(e, None, None)
                facts = await element_facts(handle, opener)
            except (PlaywrightError, Exception):  # noqa: BLE001 - gone or unreadable: judged as nothing
                return Judged(e, None, None)
            return Judged(e, detector.classify("click", e["role"], e.get("name", ""), facts), facts)

    wanted = sorted((e for e in elements if e["role"] in CLICK_ROLES), key=lambda e: e["role"] == "link")
    return list(await asyncio.gather(*(one(e) for e in wanted[:MAX_JUDGED])))


def named_objects(verdict: Verdict, facts: ElementFacts) -> list[str]:
    """The records the held summary names: the verdict's objects, else the quoted names of its effect once the
    control ("button 'Delete'"), the page ("(page '…')") and the page's warning are taken out."""
    if verdict.objects:
        return [o for o in verdict.objects if o.strip()]
    head = verdict.effect.split(" — the page warns:", 1)[0]
    if facts.page.name:
        head = head.replace(f"(page '{facts.page.name}')", "")
    head = _CONTROL.sub("", head)
    return [m.strip() for m in _QUOTED.findall(head) if m.strip()]


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def shows(text: str, name: str) -> bool:
    """Whether the page's text shows the name (a name cut with '…' by its start; 'Kind: name' by either)."""
    wanted = _norm(name).rstrip("…").strip()
    if not wanted:
        return False
    if wanted in text:
        return True
    _, _, after = wanted.partition(": ")
    return bool(after) and after in text


def wrong_object(name: str, tabs: set[str], select_all: set[str], title: str) -> str:
    """Why a name is never a record's name, or ''."""
    text = " ".join(name.split())
    if _WHEN.match(text):
        return "a date, time or age"
    if _ID.match(text) or is_class_token(text):
        return "an id or a class"
    if _norm(text) in tabs:
        return "a tab's label"
    if _norm(text) in select_all:
        return "the select-all control's label"
    if _norm(text) == _norm(title):
        return "the page's title"
    return ""


def summary_violations(
    judged: list[Judged], page_text: str, listed: list[ListedElement], title: str
) -> list[tuple[str, str, str]]:
    """(kind, element, detail) for each held control whose summary names nothing, names what the page (its text,
    its fields' values) does not show, or names a date, a tab, the select-all label, an id or the page's title."""
    # A form's fields show their values too (the recipient a held Send names is in its To box).
    text = _norm("\n".join([page_text, *(str(e.get("value", "")) for e in listed if e.get("value"))]))
    tabs = {_norm(e.get("name", "")) for e in listed if e["role"] == "tab"}
    select_all = {_norm(e.get("name", "")) for e in listed if e["role"] == "checkbox" and not e.get("context")}
    out = []
    for j in judged:
        if j.verdict is None or j.facts is None or "disabled" in j.element.get("state", "").split(","):
            continue  # a disabled control asks nobody anything
        who, effect = describe(j.element), j.verdict.effect
        names = named_objects(j.verdict, j.facts)
        if not names:
            out.append(("summary-names-nothing", who, f"the human would be asked “{effect}”: it names no record"))
            continue
        wrong = [(n, why) for n in names if (why := wrong_object(n, tabs, select_all, title))]
        if wrong:
            n, why = wrong[0]
            out.append(("summary-wrong-object", who, f"the human would be asked “{effect}”: '{n}' is {why}"))
        elif not any(shows(text, n) for n in names):
            out.append(
                ("summary-not-on-page", who, f"the human would be asked “{effect}”: the page shows none of {names[:3]}")
            )
    return out

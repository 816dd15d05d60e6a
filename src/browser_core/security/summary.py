"""The effect of a held action as the human reads it: what it does, to which records, on which page, with the
page's own warning. Written by the server from what the page shows; ids and raw values are never the only name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from browser_core.security.committed import values_phrase
from browser_core.security.facts import PageFacts

MAX_OBJECTS = 10
VERBS = {"delete": "delete", "send": "send", "payment": "pay", "cancel": "cancel", "loss": "lose"}


def objects_phrase(objects: list[str]) -> str:
    """``3 × Book: 'A', 'B', 'C'`` for items sharing a 'Kind: ' prefix, else ``2 objects: 'x', 'y'``."""
    if not objects:
        return ""
    shown = objects[:MAX_OBJECTS]
    more = f" and {len(objects) - len(shown)} more" if len(objects) > len(shown) else ""
    prefixes = {o.split(":", 1)[0] for o in objects if ":" in o}
    if len(prefixes) == 1 and all(":" in o for o in objects) and len(next(iter(prefixes))) <= 40:
        kind = next(iter(prefixes)).strip()
        names = ", ".join(f"'{o.split(':', 1)[1].strip()}'" for o in shown)
        return f"{len(objects)} × {kind}: {names}{more}" if len(objects) > 1 else f"{kind} {names}"
    names = ", ".join(f"'{o}'" for o in shown)
    return f"{len(objects)} objects: {names}{more}" if len(objects) > 1 else names


def control(kind: str, name: str) -> str:
    """``button 'Delete'``; an unnamed control is said to be unnamed, never ``button ''``."""
    return f"{kind} '{name}'" if name.strip() else f"an unnamed {kind}"


@dataclass(frozen=True)
class Effect:
    """What a verdict says beyond its category: how it was found, the records, and what the page adds."""

    how: str = ""
    objects: list[str] = field(default_factory=list)
    record: str = ""  # the record the control acts on, when no objects are listed (its row, its dialog)
    detail: str = ""  # replaces verb and objects: "set Status of 'Order #1042' to 'Cancelled'", a purchase
    warning: str = ""  # the page's own warning
    values: list[str] = field(default_factory=list)  # what the form commits ('To: …'), when nothing else names it

    def text(self, category: str, page: PageFacts) -> str:
        record = self.record
        named = self.detail or objects_phrase(self.objects) or (f"'{record}'" if record else "")
        by_values = not named and bool(self.values)
        named = named or values_phrase(self.values)
        parts = [self.detail or " ".join(p for p in (VERBS.get(category, category), named) if p)]
        if self.how:
            parts.append(f"({self.how})" if named else self.how)
        if page.name and not self._page_said(page.name) and not (by_values and not self._page_adds(page)):
            parts.append(f"(page '{page.name}')")
        if self.warning:
            parts.append(f"— the page warns: '{self.warning}'")
        return " ".join(parts)

    def _page_said(self, name: str) -> bool:
        """The page's name adds nothing: it is in the detail, or it holds a record or object already named."""
        said = [self.record, *(o.split(":", 1)[-1].strip() for o in self.objects), *self.detail.split("'")[1::2]]
        return name in self.detail or any(len(s.strip()) >= 3 and re.search(
            rf"(?<!\w){re.escape(s.strip())}(?!\w)", name, re.IGNORECASE) for s in said)

    def _page_adds(self, page: PageFacts) -> bool:
        """Beside the form's own values, the page's heading names the record (a title alone, or a heading the
        values repeat, adds nothing)."""
        heading = page.heading.casefold()
        return page.name == page.heading and not any(v.partition(": ")[2].casefold().rstrip("…") in heading
                                                     for v in self.values)

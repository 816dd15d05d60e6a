"""Run the destructive-action detector over every control of the fixture pages, without acting.

Ground truth is the fixture's ``data-expect`` attribute (read here, never by product code): ``destructive:<cat>``,
``sensitive`` or ``safe``; controls without it count as safe. Buttons and links are judged as a click, selects as
selecting an option, text fields as typing (sensitive or not).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser_core.observation import search_elements
from browser_core.security.facts import element_facts
from browser_core.security.guard import SecurityGuard
from browser_core.session import BrowserSession

SKIP = {"busy.html", "effect_sabotage.html"}  # a page that never settles; a page that breaks the checker on purpose
TEXT_ROLES = {"textbox", "searchbox", "spinbutton"}


def fixture_pages(root: Path) -> list[str]:
    return sorted(p.name for p in root.glob("*.html") if p.name not in SKIP and not p.name.startswith("frame_"))
SELECT_ROLES = {"combobox", "listbox"}


@dataclass
class Audit:
    counts: Counter[str] = field(default_factory=Counter)
    mistakes: list[dict[str, Any]] = field(default_factory=list)

    def row(self, page: str) -> None:
        self.counts[f"pages:{page}"] += 1


async def audit_page(session: BrowserSession, url: str, audit: Audit) -> None:
    page = await session.page()
    await page.goto(url, wait_until="load")
    guard = session.action_guard
    assert isinstance(guard, SecurityGuard)
    detector = guard.detector
    elements, _ = await search_elements(page, session.registry, session.settings, query="", limit=1000)
    for element in elements:
        _, handle = await session.registry.resolve(element.id)
        if handle is None:
            continue
        expect = (await handle.get_attribute("data-expect")) or "safe"
        facts = await element_facts(handle)
        if element.role in TEXT_ROLES:
            got = "sensitive" if detector.is_sensitive(element.role, element.name, facts) else "safe"
            truth = "sensitive" if expect == "sensitive" else "safe"
        else:
            kind = "select_option" if element.role in SELECT_ROLES else "click"
            verdict = detector.classify(kind, element.role, element.name, facts)
            got = f"destructive:{verdict.category}" if verdict else "safe"
            truth = expect if expect.startswith("destructive:") else "safe"
        group = "destructive" if truth.startswith("destructive") else truth
        audit.counts[f"{group}:tried"] += 1
        if got == truth:
            audit.counts[f"{group}:right"] += 1
        else:
            audit.counts[f"{group}:wrong"] += 1
            audit.mistakes.append({"url": url.rsplit("/", 1)[-1], "role": element.role, "name": element.name,
                                   "expected": truth, "got": got})
        await handle.dispose()

"""A form that posts free text for others to read is a send, judged from what the form carries, not its button's words.

The fixture (effect_post_text.html) has three such forms of different shapes (a review with a rating and a title, a
bare answer box named only by its aria-label and placeholder, a comment box whose button says "OK"), and forms with a
text area that post nothing for others: a listing's description, a contact form with many fields.
"""

from __future__ import annotations

import pytest

from browser_core.page.observation import search_elements
from browser_core.security.facts import element_facts
from browser_core.security.guard import SecurityGuard
from browser_core.session import BrowserSession
from tests.support.security_audit import Audit, audit_page

pytestmark = pytest.mark.browser


async def test_a_form_that_posts_text_for_others_is_a_send_whatever_its_button_says(session: BrowserSession,
                                                                                    site) -> None:
    audit = Audit()
    await audit_page(session, site.url_a("effect_post_text.html"), audit)
    assert audit.mistakes == [], audit.mistakes
    assert audit.counts["destructive:right"] == 3 and audit.counts["safe:wrong"] == 0


async def test_the_hold_says_which_text_the_form_posts(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("effect_post_text.html"), wait_until="load")
    guard = session.action_guard
    assert isinstance(guard, SecurityGuard)
    elements, _ = await search_elements(page, session.registry, session.settings, query="", limit=200)
    ok = next(e for e in elements if e.role == "button" and e.name == "OK")
    _, handle = await session.registry.resolve(ok.id)
    assert handle is not None
    verdict = guard.detector.classify("click", ok.role, ok.name, await element_facts(handle))
    assert verdict is not None and verdict.category == "send"
    assert "Write a comment" in verdict.reason and "for others to read" in verdict.reason

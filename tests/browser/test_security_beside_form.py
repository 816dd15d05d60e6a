"""A form whose commit control sits outside it (issue 29 §2): a message's send button in a footer after its form,
the recipients held in a text area a chip widget mirrors. The held summary names what the form commits, read in
Chromium from structure, judged by the gate's detector without acting."""

from __future__ import annotations

import pytest

from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import element_facts
from browser_core.security.policy import load_policy
from browser_core.session import BrowserSession

pytestmark = pytest.mark.browser

DETECTOR = DestructiveActionDetector(load_policy())

NOTICE = """
<div class="sheet">
  <form id="notice" method="post" action="/notices">
    <label for="who">Crew</label>
    <textarea id="who" name="who" style="position:absolute;left:-4000px;width:8px;opacity:0"
      >ana@crew.test, bo@crew.test,</textarea>
    <ul class="chips"><li>ana@crew.test</li><li>bo@crew.test</li>
      <li><input type="text" aria-label="more crew"></li></ul>
    <label for="topic">Topic</label><input id="topic" name="topic" value="Night shift swap">
    <label for="words">Words</label><textarea id="words" name="words">Can someone take Friday?</textarea>
  </form>
  <div class="footer"><button type="button" id="post" onclick="document.forms.notice.requestSubmit()">Send</button>
    <button type="button">Preview</button></div>
</div>
"""

TWO_FORMS = """
<div class="sheet">
  <form><label>Topic <input name="a" value="Harbour dues"></label></form>
  <form><label>Topic <input name="b" value="Dock rota"></label></form>
  <div class="footer"><button type="button" id="post">Send</button></div>
</div>
"""


async def test_a_send_beside_its_form_names_the_recipients_and_topic(session: BrowserSession) -> None:
    """The footer's Send commits the form before it: the summary says its crew (the addresses' text area, not the
    message's words) and its topic."""
    page = await session.page()
    await page.set_content(NOTICE)
    held = DETECTOR.classify("click", "button", "Send", await element_facts(await page.query_selector("#post")))
    assert held is not None and held.category == "send", held
    assert "ana@crew.test, bo@crew.test" in held.effect and "Night shift swap" in held.effect, held
    assert "Friday" not in held.effect, held


async def test_a_button_between_two_forms_commits_neither(session: BrowserSession) -> None:
    page = await session.page()
    await page.set_content(TWO_FORMS)
    held = DETECTOR.classify("click", "button", "Send", await element_facts(await page.query_selector("#post")))
    assert held is not None and "Harbour dues" not in held.effect and "Dock rota" not in held.effect, held

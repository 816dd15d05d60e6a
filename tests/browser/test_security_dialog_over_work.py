"""The app's own question laid over unsaved work (issue 29 §2): a modal that asks before the edits are thrown away
is a loss in the app's words, and names the work under it (the form the person edited), never its own title. A
send names first what the person wrote (recipient, topic), not a choice the page made for them (the sender).
Read in Chromium from structure, judged by the gate's detector without acting."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.errors import ConfirmationRequired
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import element_facts
from browser_core.security.policy import load_policy
from browser_core.session import BrowserSession
from tests.browser.helpers import find, observe

pytestmark = pytest.mark.browser

DETECTOR = DestructiveActionDetector(load_policy())

LETTER = """
<form method="post" action="/letters">
  <label for="by">Signed by</label>
  <select id="by" name="by"><option selected>Club secretary &lt;sec@club.test&gt;</option><option>Me</option></select>
  <label for="rcpt">Addressee</label><input id="rcpt" name="rcpt" type="email" value="">
  <label for="topic">Topic</label><input id="topic" name="topic" value="">
  <label for="body">Letter</label><textarea id="body" name="body"></textarea>
  <button id="post">Send</button>
</form>
"""


async def test_erasing_edits_in_the_apps_own_dialog_is_a_loss_of_the_card_under_it(
        session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("recipe_card_leave_dialog.html"))
    await page.fill("#dish", "Lemon barley soup")
    await page.click("#back")
    await page.wait_for_selector("#erase", state="visible", timeout=5000)
    held = DETECTOR.classify("click", "button", "Erase", await element_facts(await page.query_selector("#erase")))
    assert held is not None and held.category == "loss", held
    assert held.objects and "Lemon barley soup" in held.objects[0], held  # the card, not 'Just a moment'
    assert "Just a moment" not in held.objects and "Kitchen desk" not in held.objects[0], held
    assert "Erase your edits and go back?" in held.effect, held  # the app's own words, quoted
    stay = DETECTOR.classify("click", "button", "Keep editing",
                             await element_facts(await page.query_selector("#stay")))
    assert stay is None, stay


async def test_a_send_names_what_the_person_wrote_before_the_pages_own_choice(session: BrowserSession) -> None:
    page = await session.page()
    await page.set_content(LETTER)
    await page.fill("#rcpt", "rowers@club.test")
    await page.fill("#topic", "Boathouse keys")
    held = DETECTOR.classify("click", "button", "Send", await element_facts(await page.query_selector("#post")))
    assert held is not None and held.category == "send", held
    assert held.objects and "rowers@club.test" in held.objects[0], held
    assert "Boathouse keys" in held.effect, held


async def test_throwing_edits_away_in_an_overlay_without_roles_is_a_loss_of_the_record_under_it(
        session: BrowserSession, site) -> None:
    # No form, no role=dialog, no aria-modal: the app's own question is a fixed curtain with a shade over the page.
    page = await session.page()
    await page.goto(site.url_a("recipe_editor_bare_overlay.html"))
    await page.fill("#tips", "Brown the onions first")
    await page.click("#pantry")
    await page.wait_for_selector("#drop", state="visible", timeout=5000)
    held = DETECTOR.classify("click", "button", "Throw away",
                             await element_facts(await page.query_selector("#drop")))
    assert held is not None and held.category == "loss", held
    assert "Lentil shepherd's pie" in held.effect and "Editing entry" not in held.effect, held  # not the tab title
    assert "Do you really want to go to the shelves without them?" in held.effect, held  # the app's own words, quoted
    stay = DETECTOR.classify("click", "button", "Cancel", await element_facts(await page.query_selector("#back")))
    assert stay is None, stay


async def test_the_gate_names_the_record_under_an_overlay_without_roles_never_the_tab_title(
        session: BrowserSession, site) -> None:
    page = await session.page()
    start = site.url_a("recipe_editor_bare_overlay.html")
    await page.goto(start)
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Tips", "textbox")["id"], text="Brown the onions first")
    await actions.click(session, element_id=find(await observe(session), "Pantry shelves", "link")["id"])
    await page.wait_for_selector("#drop", state="visible", timeout=5000)
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(await observe(session), "Throw away", "button")["id"])
    summary = held.value.details["summary"]
    assert summary["category"] == "loss" and summary["objects"] == ["Lentil shepherd's pie"], summary
    assert "'Tips'" in summary["effect"] and "Do you really want to go" in summary["effect"], summary
    assert "Editing entry" not in summary["effect"] and "Your unsaved edits'" not in summary["effect"], summary
    assert page.url == start and await page.locator("#tips").input_value() == "Brown the onions first"

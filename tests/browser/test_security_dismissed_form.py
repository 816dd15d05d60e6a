"""Closing a form unsent throws away what was typed into it (issue 29, the Actual Budget trial's check i): a new
line being filled in whose Cancel drops it, while its fields hold words the person typed, is held as a loss of them;
no answer, no loss (the line is still there, its words kept). A layer's Cancel with nothing typed into it is no loss.
The markup is a seed library's add line of plain spans and inputs (no form, no roles), judged by structure."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.errors import ConfirmationRequired
from browser_core.session import BrowserSession
from tests.browser.helpers import find, observe

pytestmark = pytest.mark.browser


async def test_cancelling_a_new_line_with_typed_words_holds_the_loss_of_them(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("seed_packet_rows.html"))
    await actions.click(session, element_id=find(await observe(session), "Add packet")["id"])
    await page.wait_for_selector("#draft", timeout=5000)
    snap = await observe(session)
    await actions.type_text(session, element_id=find(snap, "Variety", "textbox")["id"], text="Chard 'Bright Lights'")
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(await observe(session), "Cancel")["id"])
    summary = held.value.details["summary"]
    assert summary["category"] == "loss" and "'Variety'" in summary["effect"], summary
    assert await page.locator("#draft input").first.input_value() == "Chard 'Bright Lights'"
    assert await page.text_content("#said") == ""


async def test_a_layers_cancel_with_nothing_typed_into_it_is_no_loss(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("seed_packet_rows.html"))
    await actions.click(session, element_id=find(await observe(session), "Add packet")["id"])
    await page.wait_for_selector("#draft", timeout=5000)
    await actions.click(session, element_id=find(await observe(session), "Cancel")["id"])  # nothing typed: dropped
    assert await page.text_content("#said") == "Packet dropped"
    await actions.click(session, element_id=find(await observe(session), "Rename shelf")["id"])
    await page.wait_for_selector(".sheet", timeout=5000)
    await actions.click(session, element_id=find(await observe(session), "Cancel")["id"])
    assert await page.text_content("#said") == "Rename left"

"""A reply is sent by its form (issue 29 §1), through the stdio client on real Chromium (effect_support_desk.html,
webmail.html).

A control whose name says a send only by words of answering ("Respond", "Reply to everyone", "Comment") sends when
it commits something the person wrote: the form it submits holds a filled text area, or it sits beside the one
editor that holds words. A toolbar's Reply opens a composer and runs at once; the composer's own submit is held,
once, naming what it sends; an empty answer commits nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp.test_security_adversarial import element_id, page_text
from tests.mcp.test_security_effects import done, held, runs
from tests.support.mcp_client import browser_client

pytestmark = pytest.mark.mcp


async def test_a_toolbar_reply_opens_the_panel_and_the_panels_filled_answer_is_held_once(tmp_path: Path,
                                                                                         site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_support_desk.html"))
        for name in ("Reply to everyone", "Respond"):  # the toolbar's: nothing written, no form
            await runs(client, "click", element_id=await element_id(client, name, "button"))
        assert done(await page_text(client)) == ["Done: answer panel opened for everyone",
                                                 "Done: answer panel opened"]

        found = await client.call("find_interactive_elements", query="Respond", role="button", limit=10)
        ids = [str(e["id"]) for e in found.data["elements"] if e["name"] == "Respond"]
        assert len(ids) == 2, found.data["elements"]
        panel = ids[1]  # the panel's own, after the toolbar's
        await runs(client, "click", element_id=panel)  # an empty answer: nothing written, the page refuses it
        assert done(await page_text(client))[-1] == "Done: nothing to send: the answer is empty"

        await runs(client, "type_text", element_id=await element_id(client, "What you want to tell them"),
                   text="A technician will replace the roller on Thursday.")
        before = await page_text(client)
        call = await client.call("click", element_id=panel)
        assert not call.ok and call.error["code"] == "requires_confirmation", call.payload
        summary = call.error["details"]["summary"]
        assert summary["category"] == "send"
        assert summary["effect"].startswith("send To 'lena.okafor@ops.example', Subject 'Re: Third-floor printer "
                                            "jams'"), summary["effect"]
        assert await page_text(client) == before
        assert (await client.call("confirm_action", confirmation_id=call.error["details"]["confirmation_id"])).ok
        assert done(await page_text(client))[-1] == ("Done: answer sent to lena.okafor@ops.example: A technician "
                                                     "will replace the roller on Thursday.")


async def test_a_comment_beside_its_editor_is_held_only_once_words_are_in_it(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_support_desk.html"))
        comment = await element_id(client, "Comment", "button")
        await runs(client, "click", element_id=comment)
        assert done(await page_text(client)) == ["Done: nothing to post: the note is empty"]
        await runs(client, "type_text", element_id=await element_id(client, "Note"), text="Roller ordered.")
        note = await held(client, "Comment", "button")
        assert note["summary"]["category"] == "send"


async def test_a_mail_readers_reply_opens_the_composer_whose_send_is_held(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("webmail.html"))
        await runs(client, "click", element_id=await element_id(client, "Reply", "button"))
        await runs(client, "type_text", element_id=await element_id(client, "Message"), text="Friday works for me.")
        send = await held(client, "Send", "button")
        assert send["summary"]["category"] == "send"
        assert "billing@example.com" in send["summary"]["effect"], send["summary"]["effect"]  # the open mail's sender

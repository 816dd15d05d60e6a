"""Consequence by meaning, through the stdio client on real Chromium (issue 29 §1, §2).

A commitment worded as no phrase list has it is held once, with the items and the total; removing a line of one's
own basket is not held; a loss the app's own modal warns of is asked once, in the app's words, whether or not the
control that opened it said anything.
"""

from __future__ import annotations

import pytest

from tests.mcp.test_security_adversarial import element_id, page_text
from tests.mcp.test_security_carryover import Served, app, client_and_human, confirm, hold, served  # noqa: F401
from tests.support.mcp_client import BrowserClient

pytestmark = pytest.mark.mcp


async def last_id(client: BrowserClient, name: str) -> str:
    """The last control of that exact name: the open modal's, after the page's own."""
    found = await client.call("find_interactive_elements", query=name, limit=50)
    exact = [e for e in found.data["elements"] if e["name"] == name]
    assert exact, (name, found.data["elements"][:5])
    return str(exact[-1]["id"])


async def test_a_commitment_in_new_words_is_held_once_with_items_and_total(served: Served, app) -> None:  # noqa: F811
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("commit_flows.html"))
        held = await hold(client, "Submit my order")
        summary = held["summary"]
        assert summary["category"] == "payment" and "Order placed" not in await page_text(client)
        assert "Garden Chair" in summary["effect"] and "$103.00" in summary["effect"], summary["effect"]
        await confirm(client, held["confirmation_id"])
        assert "Order placed: 2 × Garden Chair" in await page_text(client) and len(human.asked) == 1


async def test_removing_a_line_of_ones_own_basket_is_not_held(served: Served, app) -> None:  # noqa: F811
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("commit_flows.html"))
        one = await client.call("click", element_id=await element_id(client, "Remove one Garden Chair from your cart"))
        assert one.ok, one.payload
        assert "Basket: 1 × Garden Chair" in await page_text(client)
        line = await client.call("click", element_id=await element_id(client, "Remove Garden Chair from your cart"))
        assert line.ok, line.payload
        assert "Basket: empty" in await page_text(client) and human.asked == []


async def test_shutting_down_through_the_apps_modal_is_asked_once(served: Served, app) -> None:  # noqa: F811
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("commit_flows.html"))
        held = await hold(client, "Shut Down All")
        assert held["summary"]["category"] == "cancel"
        await confirm(client, held["confirmation_id"])
        carried = await client.call("click", element_id=await last_id(client, "Shut Down All"))
        assert carried.ok, carried.payload
        assert "All kernels shut down" in await page_text(client) and len(human.asked) == 1


async def test_a_loss_the_apps_modal_warns_of_is_held_in_its_words(served: Served, app) -> None:  # noqa: F811
    async with client_and_human(served) as (client, human):
        await client.call("navigate", url=app.url("commit_flows.html"))
        opened = await client.call("click", element_id=await element_id(client, "Revert dashboard"))
        assert opened.ok, opened.payload  # the opener says nothing consequential
        held = await hold(client, "Yes, restore")
        effect = held["summary"]["effect"]
        assert "All unsaved changes will be lost" in effect and "version 3" in effect, effect
        assert "Restored" not in await page_text(client)
        await confirm(client, held["confirmation_id"])
        assert "Restored version 3" in await page_text(client) and len(human.asked) == 1

"""The gate holds by effect in context, and its summaries name what is at stake (stdio client, real Chromium).

- A checkout's steps that only move on (Continue, Select option) are not held, whatever address they post to; the
  review page's "Place order" is held once, naming the items, quantities and total the page shows.
- Editing one's own basket (Update, Remove on a line) is not held.
- A status changed to Cancelled (or Refunded) and a neutral submit is held as a cancellation naming the record and
  the new value; another status is not.
- Records are named as the page names them (the row, the heading after "Delete product", the open dialog), never by
  the ids a checkbox carries; the page's own warning is quoted.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_agent_evals.sites.data import load_site_data
from browser_agent_evals.web import EvalWeb
from tests.mcp.test_security_adversarial import element_id, page_text
from tests.mcp.test_security_effects import done, held, runs
from tests.support.mcp_client import BrowserClient, browser_client

pytestmark = pytest.mark.mcp
SHOP = load_site_data().shop


@pytest.fixture
def shop_web() -> Iterator[tuple[EvalWeb, Any]]:
    with EvalWeb() as web:
        yield web, web.register()


async def click(client: BrowserClient, name: str, role: str | None = None) -> None:
    await runs(client, "click", element_id=await element_id(client, name, role))


async def test_checkout_asks_once_at_place_order_naming_items_and_total(tmp_path: Path, shop_web) -> None:
    web, ctx = shop_web
    base = web.base(ctx.token)
    kettle, filters = SHOP.products["pour-over-kettle"], SHOP.products["paper-filters"]
    async with browser_client(tmp_path / "profile") as client:
        for product in ("pour-over-kettle", "paper-filters", "descaler"):
            await runs(client, "navigate", url=f"{base}/shop/product/{product}")
            await click(client, SHOP.labels.add_to_cart, "button")
        # The basket: lines edited and removed with no hold.
        quantities = [e for e in (await client.call("find_interactive_elements", query=SHOP.labels.quantity,
                                                    limit=20)).data["elements"] if e["role"] == "spinbutton"]
        await runs(client, "type_text", element_id=quantities[0]["id"], text="2", clear_first=True)
        updates = [e for e in (await client.call("find_interactive_elements", query=SHOP.labels.update,
                                                 limit=20)).data["elements"] if e["name"] == SHOP.labels.update]
        await runs(client, "click", element_id=updates[0]["id"])
        removes = [e for e in (await client.call("find_interactive_elements", query=SHOP.labels.remove,
                                                 limit=20)).data["elements"] if e["name"] == SHOP.labels.remove]
        assert len(removes) == 3
        await runs(client, "click", element_id=removes[2]["id"])
        assert ctx.state["shop"]["cart"] == {"pour-over-kettle": 2, "paper-filters": 1}

        # Address → shipping option → review: every step moves on without asking the human.
        await click(client, SHOP.labels.checkout, "link")
        for label, text in ((SHOP.labels.full_name, "Ada Lovelace"), (SHOP.labels.address, "1 Road"),
                            (SHOP.labels.city, "London")):
            await runs(client, "type_text", element_id=await element_id(client, label), text=text)
        await click(client, SHOP.labels.next_step, "button")
        await runs(client, "select_option", element_id=await element_id(client, SHOP.labels.shipping, "combobox"),
                   values=["express"])
        await click(client, SHOP.labels.select_option, "button")
        assert ctx.state["shop"]["orders"] == []

        order = await held(client, SHOP.labels.place_order, "button")
        summary = order["summary"]
        total = SHOP.price(2 * kettle.price + filters.price + SHOP.shipping["express"].fee)
        assert summary["category"] == "payment"
        assert f"2 × {kettle.name}" in summary["effect"] and f"1 × {filters.name}" in summary["effect"]
        assert f"total {total}" in summary["effect"], summary["effect"]
        assert ctx.state["shop"]["orders"] == []
        assert (await client.call("confirm_action", confirmation_id=order["confirmation_id"])).ok
        again = await client.call("confirm_action", confirmation_id=order["confirmation_id"])
        assert again.error["code"] == "confirmation_refused"
        orders = ctx.state["shop"]["orders"]
        assert len(orders) == 1 and orders[0]["items"] == [{"sku": "pour-over-kettle", "qty": 2},
                                                           {"sku": "paper-filters", "qty": 1}]
        assert orders[0]["city"] == "London" and orders[0]["shipping"] == "express"


async def test_a_status_set_to_cancelled_is_held_naming_the_order_and_the_value(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_order_status.html"))
        status = await element_id(client, "Order status", "combobox")
        await runs(client, "select_option", element_id=status, values=["Processing"])
        await click(client, "Change status", "button")
        assert done(await page_text(client)) == ["Done: status changed by Change status"]

        await runs(client, "select_option", element_id=status, values=["Cancelled"])
        details = await held(client, "Change status", "button")
        cancel = details["summary"]
        assert cancel["category"] == "cancel"
        assert cancel["effect"].startswith("set Order status of 'Order #1042' to 'Cancelled'"), cancel["effect"]
        assert cancel["objects"] == ["Order #1042"]
        assert (await client.call("confirm_action", confirmation_id=details["confirmation_id"])).ok
        assert len(done(await page_text(client))) == 2

        # A row's status select that submits on change: judged when the option is chosen (by its id value).
        before = await page_text(client)
        row = await client.call("select_option", element_id=await element_id(client, "Status", "combobox"),
                                values=["3"])
        assert row.error["code"] == "requires_confirmation", row.payload
        assert row.error["details"]["summary"]["effect"].startswith("set Status of 'Order #1041' to 'Refunded'")
        assert await page_text(client) == before


async def test_bulk_and_row_deletes_name_the_rows_not_their_ids(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_grid.html"))
        boxes = [e for e in (await client.call("find_interactive_elements", role="checkbox", limit=20)).data[
            "elements"]]
        assert len(boxes) == 3
        for box in boxes[:2]:
            await runs(client, "click", element_id=box["id"])
        bulk = (await held(client, "Delete selected", "button"))["summary"]
        assert bulk["objects"] == ["Apollo launch", "Borealis survey"]
        assert "'4'" not in bulk["effect"] and "2 objects: 'Apollo launch', 'Borealis survey'" in bulk["effect"]

        icons = [e for e in (await client.call("find_interactive_elements", role="button", limit=30)).data[
            "elements"] if e["name"] != "Delete selected"]
        row = await client.call("click", element_id=icons[0]["id"])
        assert row.error["code"] == "requires_confirmation", row.payload
        effect = row.error["details"]["summary"]["effect"]
        assert effect.startswith("delete 'baseline-3'") and "''" not in effect, effect
        assert done(await page_text(client)) == []


async def test_a_delete_page_and_a_modal_are_named_with_the_pages_warning(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_delete_record.html"))
        deletes = [e for e in (await client.call("find_interactive_elements", query="Delete", role="button",
                                                 limit=20)).data["elements"] if e["name"] == "Delete"]
        assert len(deletes) == 2
        effects = []
        for button in deletes:
            call = await client.call("click", element_id=button["id"])
            assert call.error["code"] == "requires_confirmation", call.payload
            effects.append(call.error["details"]["summary"]["effect"])
        page, modal = sorted(effects, key=lambda e: "baseline-3" in e)
        assert page.startswith("delete 'Ceramic pour-over kettle'"), page
        assert "the page warns: 'This action cannot be undone.'" in page
        assert "baseline-3" in modal and "the page warns: 'This cannot be undone.'" in modal, modal
        assert done(await page_text(client)) == []


async def test_a_checkout_in_blocks_not_tables(tmp_path: Path, site) -> None:
    """Basket lines and order contents laid out as repeated blocks: Remove (a scripted link) edits the basket, the
    shipping option and the payment method only move on, and the preview's Place order names items and total."""
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_basket.html"))
        removes = [e for e in (await client.call("find_interactive_elements", query="Remove", limit=20)).data[
            "elements"] if e["name"] == "Remove"]
        await runs(client, "click", element_id=removes[1]["id"])
        assert done(await page_text(client)) == ["Done: basket updated by Enter"]
        await click(client, "Proceed to checkout", "link")

        await click(client, "Proceed to payment", "button")
        assert done(await page_text(client)) == ["Done: payment method chosen by Proceed to payment"]
        options = [e for e in (await client.call("find_interactive_elements", query="Select option", limit=20)).data[
            "elements"] if e["name"] == "Select option"]
        opened = await runs(client, "click", element_id=options[0]["id"])
        assert opened.data["url"].split("?")[0].endswith("effect_preview.html")

        order = (await held(client, "Place order", "button"))["summary"]
        assert order["category"] == "payment"
        assert order["effect"].startswith("pay for 1 × Ceramic pour-over kettle (€39.00), 2 × Paper coffee filters "
                                          "(100) (€8.40); total €52.35"), order["effect"]


async def test_a_popup_menus_delete_names_the_record_its_opener_sits_beside(tmp_path: Path, site) -> None:
    """Icon-only 'more' menus whose openers mark nothing (no aria-expanded, the menu in a portal): the held Delete
    names the record heading beside the opener that was clicked; a heading that only repeats the current navigation
    item titles a view, and the breadcrumb's last step names the record instead."""
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_menu_record.html"))
        effects = {}
        for opener, record in (("More actions", "Quarterly report"), ("Project actions", "Apollo")):
            await click(client, opener, "button")
            delete = await held(client, "Delete", "menuitem")
            effects[record] = delete["summary"]["effect"]
        assert effects["Quarterly report"].startswith("delete 'Quarterly report'"), effects
        assert effects["Apollo"].startswith("delete 'Apollo'"), effects
        assert done(await page_text(client)) == []


async def test_a_menu_wrapped_in_a_popover_dialog_names_the_row_of_its_opener(tmp_path: Path, site) -> None:
    """A row's menu rendered in a dialog-role popover whose whole content is the menu (Radix-style): its Remove is
    held naming the opener's row, never the popover's first line (its first item) taken for a dialog title."""
    summary = await _second_row_menu_item_held(tmp_path, site.url_a("menu_in_popover.html"), "Remove")
    assert summary["effect"].startswith("delete 'weekly-census'"), summary


async def test_a_menu_of_a_line_in_a_div_grid_names_the_line_not_its_cell(tmp_path: Path, site) -> None:
    """Dagster's runs list (issue 29, checks 4/5): a grid drawn with look-alike divs, the menu button in the line's
    last cell beside 'View'. The cells side by side, each of another kind, are the line's columns: the menu's
    Delete names the run, not the cell ('View')."""
    summary = await _second_row_menu_item_held(tmp_path, site.url_a("menu_in_div_grid.html"), "Delete")
    assert summary["effect"].startswith("delete '27f5226f'"), summary


async def _second_row_menu_item_held(tmp_path: Path, url: str, item: str) -> dict:
    """The held summary of ``item`` in the menu of the second of the page's two rows' "More" buttons."""
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=url)
        mores = [e for e in (await client.call("find_interactive_elements", query="More", limit=20)).data["elements"]
                 if e["name"] == "More"]
        assert len(mores) == 2, mores
        await runs(client, "click", element_id=mores[1]["id"])
        return (await held(client, item, "menuitem"))["summary"]


async def test_a_floating_menu_with_no_role_names_the_row_of_the_button_that_opened_it(tmp_path: Path, site) -> None:
    """A row's icon-only 'more' button opens a plain floating box at the end of the body (no menu role, no
    aria-expanded, items plain buttons): its Delete is held naming that row's key, never the 'Updated' cell or the
    page's heading; the toolbar's Delete, clicked after it, is not taken for the row's."""
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("effect_row_popover.html"))
        mores = [e for e in (await client.call("find_interactive_elements", query="More", limit=20)).data["elements"]
                 if e["name"] == "More"]
        assert len(mores) == 3, mores
        await runs(client, "click", element_id=mores[1]["id"])
        for _ in range(2):  # asked again, the menu still belongs to the row's button (a held click clicked nothing)
            delete = await held(client, "Delete", "button")
            assert delete["summary"]["effect"].startswith("delete 'owner_email'"), delete["summary"]
        assert done(await page_text(client)) == []
        clear = await held(client, "Delete all variables", "button")
        assert "owner_email" not in clear["summary"]["effect"], clear["summary"]

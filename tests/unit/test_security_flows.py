"""Holding by effect in context, on facts as the page script reports them (no browser): the steps of a checkout,
a basket's lines, a value that ends a record, and summaries that name what the page calls things."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import parse_facts
from browser_core.security.policy import load_policy
from browser_core.security.verdict import Verdict

DETECTOR = DestructiveActionDetector(load_policy())
REVIEW_LINES = ["Review your order", "Product\tQty\tPrice", "Ceramic kettle\t2\t€78.00", "Filters (100)\t1\t€4.20",
                "Shipping: Standard\t\t€4.95", "Total\t\t€87.15"]
REVIEW_ROWS = [["Product", "Qty", "Price"], ["Ceramic kettle", "2", "€78.00"], ["Filters (100)", "1", "€4.20"],
               ["Shipping: Standard", "€4.95"], ["Total", "€87.15"]]
ADDRESS = [{"label": "Full name name", "type": "text", "autocomplete": "name", "visible": True},
           {"label": "City city", "type": "text", "autocomplete": "", "visible": True}]


def facts(*, label: str = "Go", action: str = "http://shop.test/edit/", fields: list[dict[str, Any]] | None = None,
          hidden: list[list[str]] | None = None, chosen: list[dict[str, Any]] | None = None, form: bool = True,
          lines: list[str] | None = None, rows: list[list[str]] | None = None, commands: list[str] | None = None,
          row: dict[str, Any] | None = None, heading: str = "", text: str = "", alerts: list[str] | None = None,
          options: list[list[str]] | None = None, signals: list[str] | None = None) -> Any:
    raw: dict[str, Any] = {
        "tag": "button", "type": "submit" if form else "button", "label": label, "autocomplete": "",
        "is_submit": form, "enter_submits": False, "editable": False, "href": "", "url": "",
        "link_signals": signals or [], "form": None, "row": row or {}, "options": options or [],
        "page": {"title": "Shop", "heading": heading, "text": text, "objects": [], "selected": [],
                 "headings": [heading] if heading else [], "lines": lines or [], "rows": rows or [],
                 "commands": commands or [], "alerts": alerts or []},
    }
    if form:
        raw["form"] = {"method": "post", "action": action, "role": "", "label": "", "fields": fields or [],
                       "submit_name": label, "has_submit": True, "hidden": hidden or [], "chosen": chosen or [],
                       "submitter": {"label": label}, "checked": []}
    return parse_facts(raw)


def verdict(name: str, f: Any, kind: str = "click", values: list[str] | None = None) -> Verdict | None:
    return DETECTOR.classify(kind, "button", name, f, values=values)


@pytest.mark.parametrize(("label", "action"), [
    ("Continue", "http://shop.test/checkout/shipping-address/"), ("Select option", "http://shop.test/checkout/"),
    ("Proceed to payment", "http://shop.test/checkout/payment-method/"), ("Next", "http://shop.test/checkout/"),
    ("Далее", "http://shop.test/checkout/delivery/"), ("Продолжить", "http://shop.test/oplata/"),
])
def test_steps_that_only_move_on_are_not_held_whatever_they_post_to(label: str, action: str) -> None:
    assert verdict(label, facts(label=label, action=action, fields=ADDRESS)) is None
    method = [{"name": "method_code", "label": "", "option": "", "value": "standard"}]
    assert verdict(label, facts(label=label, action=action, hidden=[["method_code", "standard"]],
                                chosen=method)) is None


def test_the_review_page_commits_and_names_items_quantities_and_total() -> None:
    review = dict(lines=REVIEW_LINES, rows=REVIEW_ROWS, heading="Review your order")
    order = verdict("Place order", facts(label="Place order", action="http://shop.test/checkout/preview/", **review))
    assert order is not None and order.category == "payment"
    assert order.effect.startswith("pay for 2 × Ceramic kettle (€78.00), 1 × Filters (100) (€4.20); "
                                   "total €87.15 (button 'Place order')"), order.effect
    assert order.objects == ("2 × Ceramic kettle (€78.00)", "1 × Filters (100) (€4.20)")
    # A neutral button on the review page pays when the form posts to a purchase address; not on a form page.
    confirm = verdict("Confirm", facts(label="Confirm", action="http://shop.test/checkout/preview/", **review))
    assert confirm is not None and confirm.category == "payment"
    assert verdict("Confirm", facts(label="Confirm", action="http://shop.test/checkout/preview/", fields=ADDRESS,
                                    **review)) is None
    card = [{"label": "Card number", "type": "text", "autocomplete": "cc-number", "visible": True}]
    pay = verdict("Continue", facts(label="Continue", fields=card, **review))
    assert pay is not None and pay.category == "payment" and "total €87.15" in pay.effect


@pytest.mark.parametrize("label", ["Edit shipping method", "Modify billing details", "Edit the basket",
                                   "Amend delivery address"])
def test_a_review_page_button_that_goes_back_to_amend_a_part_of_the_order_pays_nothing(label: str) -> None:
    # It submits the review form (to the purchase address) only to return to an earlier step: the order is placed
    # by the review's own commit button, never by a step back to change its address, shipping, payment or items.
    review = dict(lines=REVIEW_LINES, rows=REVIEW_ROWS, heading="Review your order")
    assert verdict(label, facts(label=label, action="http://shop.test/checkout/preview/", **review)) is None
    assert verdict("Place order", facts(label="Place order", action="http://shop.test/checkout/preview/",
                                        **review)) is not None


@pytest.mark.parametrize("label", ["Done", "Submit"])
def test_a_small_form_that_posts_a_caption_for_others_sends_it(label: str) -> None:
    # A caption is written for others to read beside the picture it posts, as a comment is: handing that box in
    # posts it. The same button of a form whose one box is a private note stays ordinary.
    box = [{"label": "Photo caption", "type": "textarea", "autocomplete": "", "visible": True}]
    posted = verdict(label, facts(label=label, action="http://photos.test/upload/", fields=box))
    assert posted is not None and posted.category == "send"
    note = [{"label": "Private note", "type": "textarea", "autocomplete": "", "visible": True}]
    assert verdict(label, facts(label=label, action="http://photos.test/upload/", fields=note)) is None


def test_a_basket_line_is_edited_and_removed_without_a_hold() -> None:
    line = {"name": "Ceramic kettle", "cells": ["€39.00"],
            "fields": [{"label": "Quantity form-0-quantity", "type": "number", "autocomplete": "", "visible": True}]}
    basket = dict(lines=["Your basket", "Ceramic kettle\t1\t€39.00", "Order total: €39.00"],
                  commands=["Update", "Remove", "Proceed to checkout"], row=line)
    assert verdict("Remove", facts(label="Remove", form=False, **basket)) is None
    assert verdict("Remove", facts(label="Remove", action="http://shop.test/basket/line/3/delete/", **basket)) is None
    assert verdict("Update", facts(label="Update", **basket)) is None
    # Not a basket: no way to check out (a staff page listing an order's lines), or no quantity in the line.
    staff = dict(basket, commands=["Update", "Remove"])
    assert verdict("Remove", facts(label="Remove", form=False, **staff)) is not None
    plain = dict(basket, row={"name": "Ceramic kettle", "cells": [], "fields": []})
    removed = verdict("Remove", facts(label="Remove", form=False, **plain))
    assert removed is not None and removed.effect.startswith("delete 'Ceramic kettle' (button 'Remove')")


def status(option: str, changed: bool = True, record: str = "") -> list[dict[str, Any]]:
    return [{"name": "new_status", "label": "Order status", "option": option, "value": option, "changed": changed,
             "record": record}]


def test_a_value_that_ends_a_record_is_held_naming_record_and_value() -> None:
    page = dict(heading="Order #1042", lines=["Order #1042", "Total €52.35"])
    cancel = verdict("Change status", facts(label="Change status", chosen=status("Cancelled"), **page))
    assert cancel is not None and cancel.category == "cancel" and cancel.objects == ("Order #1042",)
    assert cancel.effect == "set Order status of 'Order #1042' to 'Cancelled' (button 'Change status')"
    for option in ("Refunded", "Archived", "Suspended", "Revoked", "Отменён", "Возврат"):
        held = verdict("Save", facts(label="Save", chosen=status(option), **page))
        assert held is not None and held.category == "cancel", option
    assert verdict("Change status", facts(label="Change status", chosen=status("Processing"), **page)) is None
    assert verdict("Save", facts(label="Save", chosen=status("Cancelled", changed=False), **page)) is None
    assert verdict("Cancel", facts(label="Cancel", chosen=status("Cancelled"), **page)) is None  # declines
    in_row = verdict("Save", facts(label="Save", chosen=status("Refunded", record="Order #1041"), **page))
    assert in_row is not None and in_row.effect.startswith("set Order status of 'Order #1041' to 'Refunded'")
    # An option that names an action is the action's ('Delete selected'), judged as before.
    action = [{"name": "action", "label": "Action", "option": "Delete selected books", "value": "delete_selected",
               "changed": True, "record": ""}]
    go = verdict("Go", facts(label="Go", chosen=action))
    assert go is not None and go.category == "delete"


def test_a_select_that_submits_on_change_is_judged_by_the_label_of_the_value_chosen() -> None:
    row = {"name": "Order #1041", "cells": ["Grace Hopper"], "fields": []}
    select = facts(form=True, row=row, options=[["1", "Processing"], ["3", "Refunded"]],
                   signals=["this.form.requestSubmit()"])
    refund = DETECTOR.classify("select_option", "combobox", "Status", select, values=["3"])
    assert refund is not None and refund.category == "cancel"
    assert refund.effect.startswith("set Status of 'Order #1041' to 'Refunded'")
    assert DETECTOR.classify("select_option", "combobox", "Status", select, values=["1"]) is None


def test_summaries_name_the_dialog_the_record_heading_and_quote_the_warning() -> None:
    modal = facts(label="Delete", form=False, text="All runs are deleted with it. This cannot be undone. Delete")
    modal.page.dialog = "Delete experiment “baseline-3”"
    held = verdict("Delete", modal)
    assert held is not None
    assert held.effect == ("delete 'Delete experiment “baseline-3”' (button 'Delete') (page 'Shop') "
                           "— the page warns: 'This cannot be undone.'")
    page = facts(label="Delete", action="http://shop.test/products/7/delete/", heading="Delete product",
                 alerts=["Warning: deleting a product is permanent."])
    page.page.headings = ["Delete product", "Ceramic kettle"]
    named = verdict("Delete", page)
    assert named is not None and named.effect.startswith("delete 'Ceramic kettle' (button 'Delete')")
    assert named.effect.endswith("— the page warns: 'Warning: deleting a product is permanent.'")
    unnamed = verdict("", facts(label="", action="http://app.test/runs/17/delete"))
    assert unnamed is not None and "''" not in unnamed.effect and "an unnamed button" in unnamed.effect


@pytest.mark.parametrize(("text", "money"), [
    ("€39.00", True), ("$12", True), ("1 234,50 ₽", True), ("39.00", True), ("12 руб", True), ("Order #1042", False),
    ("412 pages", False), ("2026-11-20", False),
])
def test_amounts(text: str, money: bool) -> None:
    assert load_policy().flow.has_money(text) is money


def test_a_buy_button_in_a_card_names_its_card_not_the_pages_other_lines() -> None:
    card = {"name": "Travel mug", "cells": ["$12.00 · Keeps drinks hot"], "fields": []}
    buy = verdict("Buy now", facts(label="Buy now", form=False, row=card, rows=[],
                                   lines=["Travel mug", "$12.00", "Wool socks", "$8.50", "Total: $20.50"]))
    assert buy is not None and buy.effect.startswith("pay 'Travel mug' (button 'Buy now')"), buy


def test_a_russian_basket_line_is_removed_without_a_hold() -> None:
    line = {"name": "Чайник", "cells": ["1 200 ₽"],
            "fields": [{"label": "Количество", "type": "number", "autocomplete": "", "visible": True}]}
    basket = dict(lines=["Корзина", "Чайник\t1\t1 200 ₽", "Итого: 1 200 ₽"], commands=["Удалить", "Оформить заказ"],
                  row=line)
    assert verdict("Удалить", facts(label="Удалить", form=False, **basket)) is None
    order = verdict("Оформить заказ", facts(label="Оформить заказ", form=False, **basket))
    assert order is not None and order.category == "payment"

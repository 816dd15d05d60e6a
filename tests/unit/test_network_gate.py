"""The network line's judgement of one request: method, URL and body, never free text a user typed."""

from __future__ import annotations

import json

import pytest

from browser_core.security.network_gate import judge

FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data; boundary=----WebKitFormBoundaryQx7Zb"


def multipart(*fields: tuple[str, str], upload: str = "") -> str:
    """A body as Chromium sends a form with enctype=multipart/form-data (a file's part when ``upload``)."""
    parts = [f'Content-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n' for k, v in fields]
    if upload:
        parts.append(f'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n'
                     f"Content-Type: text/plain\r\n\r\n{upload}\r\n")
    return "".join(f"------WebKitFormBoundaryQx7Zb\r\n{p}" for p in parts) + "------WebKitFormBoundaryQx7Zb--\r\n"

HELD = [
    ("DELETE", "http://a.test/api/items/report.csv", None, "", "delete", "DELETE /api/items/report.csv"),
    # a script's request to publish, from a link that looks like a page's address (a newsletter's issue 14)
    ("POST", "http://a.test/newsletter/issues/14/publish/", None, "", "send", "POST /newsletter/issues/14/publish/"),
    ("POST", "http://a.test/api/recipes/31/publishNow", "{}", "application/json", "send",
     "POST /api/recipes/31/publishNow"),
    (
        "POST",
        "http://a.test/admin/product/delete/",
        "id=7&url=%2Fadmin%2Fproduct%2F",
        FORM,
        "delete",
        "POST /admin/product/delete/ id=7",
    ),
    (
        "POST",
        "http://a.test/ajax-api/2.0/mlflow/runs/delete",
        json.dumps({"run_id": "ab12"}),
        "application/json",
        "delete",
        "POST /ajax-api/2.0/mlflow/runs/delete run_id=ab12",
    ),
    (
        "POST",
        "http://a.test/admin/library/book/",
        "csrfmiddlewaretoken=x&action=delete_selected&_selected_action=4",
        FORM,
        "delete",
        "POST /admin/library/book/ action=delete_selected _selected_action=4",
    ),
    (
        "POST",
        "http://a.test/api/orders",
        json.dumps({"items": 2, "total": "38.00"}),
        "application/json",
        "payment",
        "POST /api/orders items=2 total=38.00",
    ),
    ("POST", "http://a.test/shop/place-order", "", FORM, "payment", "POST /shop/place-order"),
    (
        "POST",
        "http://a.test/api/subscriptions/7/cancel",
        "{}",
        "application/json",
        "cancel",
        "POST /api/subscriptions/7/cancel",
    ),
    ("POST", "http://a.test/api/kernels/3f9a/shutDown", "", "", "cancel", "POST /api/kernels/3f9a/shutDown"),
    (
        "POST",
        "http://a.test/admin/order/edit/?id=41",
        "reference=ORD-1041&status=Cancelled",
        FORM,
        "cancel",
        "POST /admin/order/edit/ id=41 reference=ORD-1041 status=Cancelled",
    ),
    (
        "POST",
        "http://a.test/graphql",
        json.dumps({"query": "mutation { revokeToken(id: 3) { ok } }"}),
        "application/json",
        "cancel",
        "POST /graphql mutation revokeToken",
    ),
    ("POST", "http://a.test/items/9", "_method=delete", FORM, "delete", "POST /items/9 _method=delete"),
    ("PATCH", "http://a.test/api/tokens/9/revoke", None, "", "cancel", "PATCH /api/tokens/9/revoke"),
    ("POST", "http://a.test/shop/order", "", FORM, "payment", "POST /shop/order"),
    ("POST", "http://a.test/cart/checkout", "", FORM, "payment", "POST /cart/checkout"),
    (
        "POST",
        "http://a.test/admin/order/edit/?id=51",
        multipart(("csrf_token", "x"), ("reference", "ORD-1051"), ("status", "Cancelled")),
        MULTIPART,
        "cancel",
        "POST /admin/order/edit/ id=51 reference=ORD-1051 status=Cancelled",
    ),
    (
        "POST",
        "http://a.test/checkout/preview/",
        "csrfmiddlewaretoken=x&action=place_order",
        FORM,
        "payment",
        "POST /checkout/preview/ action=place_order",
    ),
    # Wagtail's "Cancel workflow", whatever its button says: the submit's own field names the act
    (
        "POST",
        "http://a.test/admin/pages/45/edit/",
        multipart(("csrfmiddlewaretoken", "x"), ("title", "Orchestra moves"), ("action-cancel-workflow", "Zorb")),
        MULTIPART,
        "cancel",
        "POST /admin/pages/45/edit/ title=Orchestra moves action-cancel-workflow=Zorb",
    ),
    # a bookmark manager's bookmarks are its records, not a draft
    ("DELETE", "http://a.test/api/bookmarks/12", None, "", "delete", "DELETE /api/bookmarks/12"),
]
ORDINARY = [
    # taken off the site, kept to be published again (the policy's stance on unpublishing); a publication's edit
    ("POST", "http://a.test/newsletter/issues/14/unpublish/", None, ""),
    ("POST", "http://a.test/api/publications/9", json.dumps({"title": "Spring"}), "application/json"),
    # a line taken out of one's own basket or cart edits the draft (ordering it is still held: HELD above)
    ("POST", "http://a.test/basket/", "form-TOTAL_FORMS=1&form-0-id=4&form-0-quantity=1&form-0-DELETE=on", FORM),
    ("DELETE", "http://a.test/api/cart/items/3", None, ""),
    ("DELETE", "http://a.test/api/carts/3/lines/7", None, ""),  # the policy's own_drafts, plurals as the singular
    ("DELETE", "http://a.test/api/baskets/5/lines/2/", None, ""),
    ("DELETE", "http://a.test/api/shoppingCart/items/2", None, ""),
    ("DELETE", "http://a.test/wish-lists/4/items/9", None, ""),
    ("POST", "http://a.test/wishlist/remove", json.dumps({"item": 9, "delete": True}), "application/json"),
    ("GET", "http://a.test/admin/product/delete/?id=3", None, ""),
    (
        "POST",
        "http://a.test/admin/library/book/5/change/",
        "csrfmiddlewaretoken=x&title=Order+of+the+Phoenix&note=please+cancel+nothing&_save=Save",
        FORM,
    ),
    ("POST", "http://a.test/admin/order/new/?url=%2Fadmin%2Forder%2F", "reference=ORD-2001&status=Processing", FORM),
    ("POST", "http://a.test/admin/order/edit/?id=31", "reference=ORD-1031&status=Shipped", FORM),
    ("POST", "http://a.test/admin/pages/5/edit/", "title=News&body-0-deleted=&body-count=1&action-publish=", FORM),
    ("POST", "http://a.test/ajax-api/2.0/mlflow/runs/search", json.dumps({"filter": "delete me"}), "application/json"),
    ("POST", "http://a.test/graphql", json.dumps({"query": "query { orders { id } }"}), "application/json"),
    ("POST", "http://a.test/admin/library/book/", "action=&form-0-in_stock=on&_save=Save", FORM),
    ("POST", "http://a.test/dashboard/orders/1042/", "status=Shipped", FORM),
    ("POST", "http://a.test/shop/checkout/address", "name=Ada&city=London", FORM),
    ("POST", "http://a.test/checkout/payment-details/", "method=card", FORM),
    ("POST", "http://a.test/newsletter/subscribe", "email=a%40b.c", FORM),
    ("PUT", "http://a.test/api/notes/12", json.dumps({"text": "delete the old order"}), "application/json"),
    (
        "POST",
        "http://a.test/admin/pages/5/edit/",
        multipart(("title", "News"), ("body-0-deleted", ""), ("action-publish", "action-publish"),
                  upload="status=Cancelled&action=delete"),
        MULTIPART,
    ),
]


@pytest.mark.parametrize(("method", "url", "body", "kind", "category", "target"), HELD)
def test_consequential_requests_are_named_by_their_own_target(
    method: str, url: str, body: str | None, kind: str, category: str, target: str
) -> None:
    verdict = judge(method, url, body, kind)
    assert verdict is not None
    assert (verdict.category, verdict.target) == (category, target)


@pytest.mark.parametrize(("method", "url", "body", "kind"), ORDINARY)
def test_saves_reads_and_typed_text_are_not_held(method: str, url: str, body: str | None, kind: str) -> None:
    assert judge(method, url, body, kind) is None


def test_tokens_and_return_urls_never_shown() -> None:
    verdict = judge("POST", "http://a.test/x/delete/?next=/secret", "csrf_token=abc&password=p&id=2", FORM)
    assert verdict is not None and verdict.target == "POST /x/delete/ id=2"


def test_a_step_onward_makes_nothing_its_address_names_but_still_deletes_pays_or_cancels_by_its_words() -> None:
    """The submission of a step the first line read as moving on (``onward``: its form's address) goes to the stage
    its last word names; a verb, an operation field, a cancelled state, or a request to any other address still
    count."""
    step = "http://a.test/shop/checkout/payment/"
    assert judge("POST", step, "payment=transfer", FORM) is not None  # no act known: the noun holds it
    assert judge("POST", step + "#top", "payment=transfer", FORM, onward=step) is None
    for url, body, category in (
        ("http://a.test/api/orders", "items=2", "payment"),  # another address than the step's form
        (step, "action=delete", "delete"),
        (step, "status=Cancelled", "cancel"),
    ):
        verdict = judge("POST", url, body, FORM, onward=step)
        assert verdict is not None and verdict.category == category, (url, body)
    pay = "http://a.test/shop/checkout/pay"
    verdict = judge("POST", pay, "", FORM, onward=pay)
    assert verdict is not None and verdict.category == "payment"  # a verb names the act itself

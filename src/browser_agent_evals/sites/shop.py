"""Northwind Supplies, a small shop: search → product → cart → checkout → order (the order is the checkout
form's "Place order", which the browser server holds for a confirmation)."""

from __future__ import annotations

from typing import Any

from browser_agent_evals.sites import Request, Response, esc, layout, not_found

PRODUCTS = {
    "pour-over-kettle": (
        "Ceramic pour-over kettle",
        39.00,
        "A 0.8 L ceramic kettle with a slim spout for pour-over coffee.",
    ),
    "electric-kettle": ("Electric kettle 1.7 L", 54.90, "Stainless steel, boils 1.7 L in four minutes, auto shut-off."),
    "descaler": ("Kettle descaler tablets (12)", 7.50, "Removes limescale from kettles and coffee machines."),
    "coffee-grinder": ("Hand coffee grinder", 45.00, "Burr grinder with 18 grind settings."),
    "paper-filters": ("Paper coffee filters (100)", 4.20, "Size 02 cone filters, unbleached."),
    "tea-infuser": ("Stainless tea infuser", 9.90, "Fine mesh infuser for loose-leaf tea."),
}
SHIPPING = {"standard": ("Standard (3-5 days)", 4.95), "express": ("Express (next day)", 12.50)}


def _state(state: dict[str, Any]) -> dict[str, Any]:
    return state.setdefault("shop", {"cart": {}, "orders": []})


def _header(req: Request, shop: dict[str, Any]) -> str:
    count = sum(shop["cart"].values())
    return (
        f"<strong>Northwind Supplies</strong><a href='{req.base_a}/shop/'>Home</a>"
        f"<form action='{req.base_a}/shop/search' role='search'><input name='q' aria-label='Search products' "
        f"placeholder='Search products'> <button>Search</button></form>"
        f"<a href='{req.base_a}/shop/cart'>Cart ({count})</a>"
    )


def handle(state: dict[str, Any], req: Request) -> Response:
    shop = _state(state)
    page = req.path.split("/")
    head = _header(req, shop)
    if req.path in ("", "index.html"):
        cards = "".join(
            f"<li><a href='{req.base_a}/shop/product/{sku}'>{esc(p[0])}</a></li>"
            for sku, p in list(PRODUCTS.items())[3:]
        )
        return layout(
            "Northwind Supplies", head, f"<h1>Coffee and tea gear</h1><p>Popular this week:</p><ul>{cards}</ul>"
        )
    if page[0] == "search":
        q = req.query.get("q", "").strip().lower()
        hits = [(s, p) for s, p in PRODUCTS.items() if q and all(w in (p[0] + " " + p[2]).lower() for w in q.split())]
        rows = "".join(
            f"<div class='card'><h3>{esc(p[0])}</h3><p class='muted'>€{p[1]:.2f}</p>"
            f"<a href='{req.base_a}/shop/product/{s}'>View {esc(p[0])}</a></div>"
            for s, p in hits
        )
        body = f"<h1>Results for “{esc(q)}”</h1><p>{len(hits)} products</p>{rows or '<p>Nothing found.</p>'}"
        return layout(f"Search: {q}", head, body)
    if page[0] == "product" and len(page) > 1 and page[1] in PRODUCTS:
        sku, (name, price, text) = page[1], PRODUCTS[page[1]]
        qty = "".join(f"<option>{n}</option>" for n in range(1, 6))
        body = (
            f"<h1>{esc(name)}</h1><p>{esc(text)}</p><p><strong>€{price:.2f}</strong></p>"
            f"<form method='post' action='{req.base_a}/shop/cart/add'><input type='hidden' name='sku' value='{sku}'>"
            f"<label for='qty'>Quantity</label><select id='qty' name='qty'>{qty}</select>"
            f"<button type='submit'>Add to cart</button></form>"
        )
        return layout(name, head, body)
    if req.path == "cart/add" and req.method == "POST":
        sku = req.form.get("sku", "")
        if sku in PRODUCTS:
            shop["cart"][sku] = shop["cart"].get(sku, 0) + max(1, int(req.form.get("qty") or 1))
        return Response.redirect(f"{req.base_a}/shop/cart?added={sku}")
    if req.path == "cart":
        return _cart(req, shop, head)
    if req.path == "checkout":
        return _checkout(req, shop, head)
    if req.path == "order" and req.method == "POST":
        return _order(req, shop)
    if page[0] == "orders" and len(page) > 1:
        order = next((o for o in shop["orders"] if str(o["number"]) == page[1]), None)
        if order is None:
            return not_found("order")
        items = ", ".join(f"{i['qty']} × {PRODUCTS[i['sku']][0]}" for i in order["items"])
        body = (
            f"<div class='notice' role='status'><h1>Thank you, {esc(order['name'])}!</h1>"
            f"<p>Order #{order['number']} is confirmed: {esc(items)}. Total €{order['total']:.2f}.</p>"
            f"<p>Shipping to {esc(order['address'])}, {esc(order['city'])} — {esc(order['shipping_label'])}.</p></div>"
        )
        return layout(f"Order #{order['number']}", head, body)
    return not_found()


def _cart(req: Request, shop: dict[str, Any], head: str) -> Response:
    if not shop["cart"]:
        return layout("Your cart", head, "<h1>Your cart</h1><p>Your cart is empty.</p>")
    rows = "".join(
        f"<tr><td>{esc(PRODUCTS[s][0])}</td><td>{q}</td><td>€{PRODUCTS[s][1] * q:.2f}</td></tr>"
        for s, q in shop["cart"].items()
    )
    added = req.query.get("added")
    note = f"<p class='notice'>Added {esc(PRODUCTS[added][0])} to your cart.</p>" if added in PRODUCTS else ""
    body = (
        f"<h1>Your cart</h1>{note}<table><tr><th>Product</th><th>Qty</th><th>Price</th></tr>{rows}</table>"
        f"<p><a href='{req.base_a}/shop/checkout'>Proceed to checkout</a></p>"
    )
    return layout("Your cart", head, body)


def _checkout(req: Request, shop: dict[str, Any], head: str) -> Response:
    options = "".join(f"<option value='{k}'>{esc(v[0])} — €{v[1]:.2f}</option>" for k, v in SHIPPING.items())
    body = (
        f"<h1>Checkout</h1><form method='post' action='{req.base_a}/shop/order'>"
        "<label for='name'>Full name</label><input id='name' name='name' required autocomplete='name'>"
        "<label for='address'>Street address</label><input id='address' name='address' required>"
        "<label for='city'>City</label><input id='city' name='city' required>"
        f"<label for='shipping'>Shipping method</label><select id='shipping' name='shipping'>{options}</select>"
        "<p class='muted'>You pay on delivery.</p><button type='submit'>Place order</button></form>"
    )
    return layout("Checkout", head, body)


def _order(req: Request, shop: dict[str, Any]) -> Response:
    if not shop["cart"]:
        return Response.redirect(f"{req.base_a}/shop/cart")
    shipping = req.form.get("shipping", "standard")
    items = [{"sku": s, "qty": q} for s, q in shop["cart"].items()]
    label, fee = SHIPPING.get(shipping, SHIPPING["standard"])
    order = {
        "number": 1001 + len(shop["orders"]),
        "items": items,
        "name": req.form.get("name", ""),
        "address": req.form.get("address", ""),
        "city": req.form.get("city", ""),
        "shipping": shipping,
        "shipping_label": label,
        "total": round(sum(PRODUCTS[i["sku"]][1] * i["qty"] for i in items) + fee, 2),
    }
    shop["orders"].append(order)
    shop["cart"] = {}
    return Response.redirect(f"{req.base_a}/shop/orders/{order['number']}")

"""The shop (its catalogue and wording: ``data/shop.yaml``): search → product → cart (each line: quantity, Update,
Remove) → a three-step checkout (delivery address → shipping method → review with the items, quantities and total)
→ order. Only the review page's "Place order" commits (the browser server holds it for a confirmation); the steps
before it post to addresses under ``checkout/`` and only move on."""

from __future__ import annotations

from typing import Any

from browser_agent_evals.sites.data import Shop, SiteData
from browser_agent_evals.sites.page import Request, Response, esc, layout, not_found


def _state(state: dict[str, Any]) -> dict[str, Any]:
    return state.setdefault("shop", {"cart": {}, "orders": [], "checkout": {}})


def _header(req: Request, shop: dict[str, Any], data: Shop) -> str:
    labels = data.labels
    count = sum(shop["cart"].values())
    return (
        f"<strong>{esc(data.name)}</strong><a href='{req.base_a}/shop/'>{esc(labels.home)}</a>"
        f"<form action='{req.base_a}/shop/search' role='search'><input name='q' aria-label='{esc(labels.search)}' "
        f"placeholder='{esc(labels.search)}'> <button>{esc(labels.search_button)}</button></form>"
        f"<a href='{req.base_a}/shop/cart'>{esc(labels.cart.format(count=count))}</a>"
    )


def handle(state: dict[str, Any], req: Request, sites: SiteData) -> Response:
    shop, data = _state(state), sites.shop
    page = req.path.split("/")
    head = _header(req, shop, data)
    if req.path in ("", "index.html"):
        return _home(req, data, head)
    if page[0] == "search":
        return _search(req, data, head)
    if page[0] == "product" and len(page) > 1 and page[1] in data.products:
        return _product(req, data, head, page[1])
    if req.path == "cart/add" and req.method == "POST":
        sku = req.form.get("sku", "")
        if sku in data.products:
            shop["cart"][sku] = shop["cart"].get(sku, 0) + max(1, int(req.form.get("qty") or 1))
        return Response.redirect(f"{req.base_a}/shop/cart?added={sku}")
    if req.path == "cart/update" and req.method == "POST":
        return _update_cart(req, shop)
    if req.path == "cart":
        return _cart(req, shop, data, head)
    if page[0] == "checkout":
        return _checkout_step(req, shop, data, head)
    if req.path == "order" and req.method == "POST":
        return _order(req, shop, data)
    if page[0] == "orders" and len(page) > 1:
        order = next((o for o in shop["orders"] if str(o["number"]) == page[1]), None)
        return _confirmation(data, head, order) if order is not None else not_found(data.messages.not_found, "order")
    return not_found(data.messages.not_found)


def _home(req: Request, data: Shop, head: str) -> Response:
    cards = "".join(
        f"<li><a href='{req.base_a}/shop/product/{sku}'>{esc(data.products[sku].name)}</a></li>"
        for sku in data.featured
    )
    text = data.messages
    return layout(data.name, head, f"<h1>{esc(text.home_title)}</h1><p>{esc(text.home_intro)}</p><ul>{cards}</ul>")


def _search(req: Request, data: Shop, head: str) -> Response:
    q = req.query.get("q", "").strip().lower()
    hits = [
        (sku, p)
        for sku, p in data.products.items()
        if q and all(w in f"{p.name} {p.description}".lower() for w in q.split())
    ]
    rows = "".join(
        f"<div class='card'><h3>{esc(p.name)}</h3><p class='muted'>{esc(data.price(p.price))}</p>"
        f"<a href='{req.base_a}/shop/product/{sku}'>{esc(data.labels.view_product.format(name=p.name))}</a></div>"
        for sku, p in hits
    )
    text = data.messages
    body = (
        f"<h1>{esc(text.results.format(query=q))}</h1><p>{esc(text.result_count.format(count=len(hits)))}</p>"
        f"{rows or f'<p>{esc(text.nothing_found)}</p>'}"
    )
    return layout(text.search_title.format(query=q), head, body)


def _product(req: Request, data: Shop, head: str, sku: str) -> Response:
    product = data.products[sku]
    qty = "".join(f"<option>{n}</option>" for n in range(1, data.quantities + 1))
    body = (
        f"<h1>{esc(product.name)}</h1><p>{esc(product.description)}</p>"
        f"<p><strong>{esc(data.price(product.price))}</strong></p>"
        f"<form method='post' action='{req.base_a}/shop/cart/add'><input type='hidden' name='sku' value='{sku}'>"
        f"<label for='qty'>{esc(data.labels.quantity)}</label><select id='qty' name='qty'>{qty}</select>"
        f"<button type='submit'>{esc(data.labels.add_to_cart)}</button></form>"
    )
    return layout(product.name, head, body)


def _update_cart(req: Request, shop: dict[str, Any]) -> Response:
    sku = req.form.get("sku", "")
    typed = (req.form.get("qty") or "0").strip()
    qty = 0 if req.form.get("remove") else int(typed) if typed.isdigit() else shop["cart"].get(sku, 0)
    if sku in shop["cart"]:
        if qty > 0:
            shop["cart"][sku] = qty
        else:
            del shop["cart"][sku]
    return Response.redirect(f"{req.base_a}/shop/cart")


def _lines(data: Shop, cart: dict[str, int]) -> float:
    return sum(data.products[s].price * q for s, q in cart.items())


def _cart(req: Request, shop: dict[str, Any], data: Shop, head: str) -> Response:
    text, labels = data.messages, data.labels
    if not shop["cart"]:
        return layout(text.cart_title, head, f"<h1>{esc(text.cart_title)}</h1><p>{esc(text.cart_empty)}</p>")
    rows = "".join(
        f"<tr><td><a href='{req.base_a}/shop/product/{s}'>{esc(data.products[s].name)}</a></td><td>"
        f"<form method='post' action='{req.base_a}/shop/cart/update'><input type='hidden' name='sku' value='{s}'>"
        f"<label for='qty-{s}'>{esc(labels.quantity)}</label>"
        f"<input type='number' id='qty-{s}' name='qty' value='{q}' min='0'>"
        f" <button type='submit'>{esc(labels.update)}</button>"
        f" <button type='submit' name='remove' value='1'>{esc(labels.remove)}</button></form></td>"
        f"<td>{esc(data.price(data.products[s].price * q))}</td></tr>"
        for s, q in shop["cart"].items()
    )
    added = req.query.get("added", "")
    note = (
        f"<p class='notice'>{esc(text.added.format(name=data.products[added].name))}</p>"
        if added in data.products
        else ""
    )
    columns = "".join(f"<th>{esc(c)}</th>" for c in labels.cart_columns)
    total = f"<tr><th>{esc(labels.total)}</th><td></td><td>{esc(data.price(_lines(data, shop['cart'])))}</td></tr>"
    body = (
        f"<h1>{esc(text.cart_title)}</h1>{note}<table><tr>{columns}</tr>{rows}{total}</table>"
        f"<p><a href='{req.base_a}/shop/checkout'>{esc(labels.checkout)}</a></p>"
    )
    return layout(text.cart_title, head, body)


def _checkout_step(req: Request, shop: dict[str, Any], data: Shop, head: str) -> Response:
    """Address (POST checkout/address) → shipping method (POST checkout/shipping) → review: each step only moves on."""
    step = req.path.partition("/")[2]
    details = shop.setdefault("checkout", {})
    if req.method == "POST" and step == "address":
        details.update({k: req.form.get(k, "") for k in ("name", "address", "city")})
        return Response.redirect(f"{req.base_a}/shop/checkout/shipping")
    if req.method == "POST" and step == "shipping":
        details["shipping"] = req.form.get("shipping", next(iter(data.shipping)))
        return Response.redirect(f"{req.base_a}/shop/checkout/review")
    if not shop["cart"]:
        return Response.redirect(f"{req.base_a}/shop/cart")
    if step == "shipping":
        return _shipping(req, data, head)
    if step == "review":
        return _review(req, shop, data, head)
    return _address(req, data, head, details)


def _address(req: Request, data: Shop, head: str, details: dict[str, str]) -> Response:
    labels = data.labels
    fields = "".join(
        f"<label for='{key}'>{esc(label)}</label><input id='{key}' name='{key}' required{extra} "
        f"value='{esc(details.get(key, ''))}'>"
        for key, label, extra in (("name", labels.full_name, " autocomplete='name'"),
                                  ("address", labels.address, ""), ("city", labels.city, ""))
    )
    body = (
        f"<h1>{esc(data.messages.checkout_title)}</h1>"
        f"<form method='post' action='{req.base_a}/shop/checkout/address'>{fields}"
        f"<p><button type='submit'>{esc(labels.next_step)}</button></p></form>"
    )
    return layout(data.messages.checkout_title, head, body)


def _shipping(req: Request, data: Shop, head: str) -> Response:
    labels = data.labels
    options = "".join(
        f"<option value='{k}'>{esc(labels.shipping_option.format(label=v.label, fee=data.price(v.fee)))}</option>"
        for k, v in data.shipping.items()
    )
    body = (
        f"<h1>{esc(data.messages.shipping_title)}</h1>"
        f"<form method='post' action='{req.base_a}/shop/checkout/shipping'>"
        f"<label for='shipping'>{esc(labels.shipping)}</label><select id='shipping' name='shipping'>{options}</select>"
        f"<p><button type='submit'>{esc(labels.select_option)}</button></p></form>"
    )
    return layout(data.messages.shipping_title, head, body)


def _review(req: Request, shop: dict[str, Any], data: Shop, head: str) -> Response:
    """The last step: the items, quantities and total, and the one button that commits."""
    labels, text, details = data.labels, data.messages, shop["checkout"]
    method = data.shipping.get(details.get("shipping", ""), next(iter(data.shipping.values())))
    rows = "".join(
        f"<tr><td>{esc(data.products[s].name)}</td><td>{q}</td><td>{esc(data.price(data.products[s].price * q))}</td>"
        "</tr>"
        for s, q in shop["cart"].items()
    )
    rows += f"<tr><td>{esc(labels.shipping_line.format(label=method.label))}</td><td></td>" \
            f"<td>{esc(data.price(method.fee))}</td></tr>"
    total = _lines(data, shop["cart"]) + method.fee
    columns = "".join(f"<th>{esc(c)}</th>" for c in labels.cart_columns)
    deliver = text.deliver_to.format(name=details.get("name", ""), address=details.get("address", ""),
                                     city=details.get("city", ""))
    body = (
        f"<h1>{esc(text.review_title)}</h1><table><tr>{columns}</tr>{rows}"
        f"<tr><th>{esc(labels.total)}</th><td></td><th>{esc(data.price(total))}</th></tr></table>"
        f"<p>{esc(deliver)}</p><p class='muted'>{esc(text.pay_on_delivery)}</p>"
        f"<form method='post' action='{req.base_a}/shop/order'>"
        f"<button type='submit'>{esc(labels.place_order)}</button></form>"
    )
    return layout(text.review_title, head, body)


def _order(req: Request, shop: dict[str, Any], data: Shop) -> Response:
    if not shop["cart"]:
        return Response.redirect(f"{req.base_a}/shop/cart")
    default = next(iter(data.shipping))
    details = {**shop.get("checkout", {}), **{k: v for k, v in req.form.items() if v}}
    shipping = details.get("shipping", default)
    method = data.shipping.get(shipping, data.shipping[default])
    items = [{"sku": s, "qty": q} for s, q in shop["cart"].items()]
    order = {
        "number": 1001 + len(shop["orders"]),
        "items": items,
        "name": details.get("name", ""),
        "address": details.get("address", ""),
        "city": details.get("city", ""),
        "shipping": shipping,
        "shipping_label": method.label,
        "total": round(sum(data.products[i["sku"]].price * i["qty"] for i in items) + method.fee, 2),
    }
    shop["orders"].append(order)
    shop["cart"], shop["checkout"] = {}, {}
    return Response.redirect(f"{req.base_a}/shop/orders/{order['number']}")


def _confirmation(data: Shop, head: str, order: dict[str, Any]) -> Response:
    text = data.messages
    items = ", ".join(text.order_item.format(qty=i["qty"], name=data.products[i["sku"]].name) for i in order["items"])
    confirmed = text.order_confirmed.format(number=order["number"], items=items, total=data.price(order["total"]))
    shipping = text.order_shipping.format(
        address=order["address"], city=order["city"], shipping=order["shipping_label"]
    )
    body = (
        f"<div class='notice' role='status'><h1>{esc(text.order_thanks.format(name=order['name']))}</h1>"
        f"<p>{esc(confirmed)}</p><p>{esc(shipping)}</p></div>"
    )
    return layout(text.order_title.format(number=order["number"]), head, body)

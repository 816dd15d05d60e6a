"""Build the shop database: 30 customers, 80 orders, 40 products, 5 categories, 6 tags (deterministic).

Run as ``python -m corpus.flask_shop_admin.seed DB_PATH`` (corpus.apps does this once and caches the result).
"""

from __future__ import annotations

import datetime as dt
import sys
from decimal import Decimal

from corpus.flask_shop_admin.shop import STATUSES, Category, Customer, Order, Product, Tag, create_app, db

FIRST = ["Ivy", "Jonas", "Kira", "Leo", "Mina", "Omar"]
LAST = ["Quinn", "Rossi", "Sato", "Tanaka", "Weber"]
CITIES = ["Lisbon", "Oslo", "Porto", "Riga", "Turin"]
MATERIALS = ["Oak", "Walnut", "Steel", "Brass", "Linen", "Marble", "Bamboo", "Copper"]
ITEMS = {"Desk": "Office", "Lamp": "Lighting", "Chair": "Furniture", "Shelf": "Furniture", "Vase": "Decor"}
CATEGORIES = ["Furniture", "Lighting", "Decor", "Office", "Garden"]
TAGS = ["eco", "sale", "new", "bestseller", "handmade", "imported"]
NOTES = ["gift wrap", "leave at the door", "call before delivery", "", ""]


def customer_names() -> list[str]:
    return [f"{f} {last}" for f in FIRST for last in LAST]


def product_names() -> list[str]:
    return [f"{m} {item}" for m in MATERIALS for item in ITEMS]


def order_status(i: int) -> str:
    return STATUSES[3] if i % 10 == 9 else STATUSES[i % 3]


def seed() -> None:
    categories = {name: Category(name=name) for name in CATEGORIES}
    tags = [Tag(name=name) for name in TAGS]
    db.session.add_all([*categories.values(), *tags])
    customers = [Customer(name=n, email=n.lower().replace(" ", ".") + "@example.org", city=CITIES[i % len(CITIES)])
                 for i, n in enumerate(customer_names())]
    db.session.add_all(customers)
    products = []
    for i, name in enumerate(product_names()):
        product = Product(name=name, sku=f"SKU-{100 + i}", price=Decimal(15 + (i * 37) % 400) + Decimal("0.99"),
                          stock=(i * 7) % 50, category=categories[ITEMS[name.split()[1]]],
                          tags=[tags[i % len(tags)]] + ([tags[(i + 2) % len(tags)]] if i % 3 == 0 else []))
        products.append(product)
    db.session.add_all(products)
    for i in range(80):
        order = Order(reference=f"ORD-{1001 + i}", customer=customers[i % len(customers)], status=order_status(i),
                      placed=dt.date(2026, 1, 1) + dt.timedelta(days=i * 3), note=NOTES[i % len(NOTES)] or None,
                      products=[products[(i * 3 + k * 7) % len(products)] for k in range(1 + i % 3)])
        db.session.add(order)
    db.session.commit()


def main() -> None:
    app = create_app(sys.argv[1])
    with app.app_context():
        db.create_all()
        seed()


if __name__ == "__main__":
    main()

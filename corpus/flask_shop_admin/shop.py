"""The shop's models and its Flask-Admin site, as a project would write them: stock ``ModelView``s, no custom
templates. Relation fields (an order's customer and products, a product's category and tags) and the order status
(``form_choices``) are select2 widgets from Flask-Admin's own static files; list rows delete through a form whose
button asks a native ``confirm()``; "With selected" → "Delete" asks one too.

``create_app(db_path)`` builds the app; ``python -m corpus.flask_shop_admin.serve DB HOST:PORT`` serves it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import Flask, redirect
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from flask_admin.theme import Bootstrap4Theme
from flask_sqlalchemy import SQLAlchemy

db = SQLAlchemy()
STATUSES = ["Pending", "Processing", "Shipped", "Cancelled"]

product_tags = db.Table(
    "product_tags",
    db.Column("product_id", db.Integer, db.ForeignKey("product.id"), primary_key=True),
    db.Column("tag_id", db.Integer, db.ForeignKey("tag.id"), primary_key=True),
)
order_products = db.Table(
    "order_products",
    db.Column("order_id", db.Integer, db.ForeignKey("order.id"), primary_key=True),
    db.Column("product_id", db.Integer, db.ForeignKey("product.id"), primary_key=True),
)


class Category(db.Model):  # type: ignore[name-defined]
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(80), unique=True, nullable=False)

    def __str__(self) -> str:
        return str(self.name)


class Tag(db.Model):  # type: ignore[name-defined]
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(40), unique=True, nullable=False)

    def __str__(self) -> str:
        return str(self.name)


class Product(db.Model):  # type: ignore[name-defined]
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(120), unique=True, nullable=False)
    sku = db.Column(db.String(20), unique=True, nullable=False)
    price = db.Column(db.Numeric(10, 2), nullable=False)
    stock = db.Column(db.Integer, nullable=False, default=0)
    category_id = db.Column(db.Integer, db.ForeignKey("category.id"))
    category = db.relationship("Category", backref="products")
    tags = db.relationship("Tag", secondary=product_tags, backref="products")

    def __str__(self) -> str:
        return str(self.name)


class Customer(db.Model):  # type: ignore[name-defined]
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(120), nullable=False)
    email = db.Column(db.String(120), unique=True, nullable=False)
    city = db.Column(db.String(80))

    def __str__(self) -> str:
        return str(self.name)


class Order(db.Model):  # type: ignore[name-defined]
    id = db.Column(db.Integer, primary_key=True)
    reference = db.Column(db.String(20), unique=True, nullable=False)
    customer_id = db.Column(db.Integer, db.ForeignKey("customer.id"), nullable=False)
    customer = db.relationship("Customer", backref=db.backref("orders", cascade="all, delete-orphan"))
    status = db.Column(db.String(20), nullable=False, default="Pending")
    placed = db.Column(db.Date, nullable=False, default=dt.date.today)
    note = db.Column(db.String(200))
    products = db.relationship("Product", secondary=order_products, backref="orders")

    def __str__(self) -> str:
        return str(self.reference)


class CustomerView(ModelView):
    column_list = ["name", "email", "city"]
    column_searchable_list = ["name", "email", "city"]
    column_filters = ["city"]
    column_default_sort = "id"
    form_excluded_columns = ["orders"]
    page_size = 20


class OrderView(ModelView):
    column_list = ["reference", "customer", "status", "placed", "note"]
    column_searchable_list = ["reference", "note"]
    column_filters = ["status", "placed"]
    column_sortable_list = ["reference", "status", "placed"]
    column_default_sort = "id"
    form_choices = {"status": [(s, s) for s in STATUSES]}
    page_size = 20


class ProductView(ModelView):
    column_list = ["name", "sku", "price", "stock", "category", "tags"]
    column_searchable_list = ["name", "sku"]
    column_filters = ["category.name", "price"]
    column_sortable_list = ["name", "sku", "price", "stock"]
    column_default_sort = "id"
    form_excluded_columns = ["orders"]
    page_size = 20


class NamedView(ModelView):
    column_searchable_list = ["name"]
    form_excluded_columns = ["products"]


def create_app(db_path: str) -> Flask:
    app = Flask("flask_shop_admin")
    app.config |= {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}", "SECRET_KEY": "corpus-flask-shop",
                   "SQLALCHEMY_TRACK_MODIFICATIONS": False}
    db.init_app(app)
    admin = Admin(app, name="Shop admin", theme=Bootstrap4Theme())
    views: list[Any] = [
        OrderView(Order, db.session, name="Orders"), CustomerView(Customer, db.session, name="Customers"),
        ProductView(Product, db.session, name="Products"), NamedView(Category, db.session, name="Categories"),
        NamedView(Tag, db.session, name="Tags"),
    ]
    admin.add_views(*views)
    app.add_url_rule("/", "home", lambda: redirect("/admin/"))
    return app

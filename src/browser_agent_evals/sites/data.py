"""What the local sites serve, as data (``sites/data/<site>.yaml``, typed here): the shop's catalogue, the
webmail's mailbox, the job postings, every label of their controls and every message they show (templates such as
``"Order #{number} is confirmed: {items}. Total {total}."``). The pages render only from it, and the suites refer
to it instead of copying page text:

- ``"{shop.products.pour-over-kettle.name}"`` in any string of a site task is replaced when the suite loads
  (``resolve_references``);
- ``{site: shop, message: order_confirmed}`` (``PageText``) names a message; a checker matches it against the page
  at check time, its ``{fields}`` standing for any text (``find_text``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, model_validator

DATA_DIR = Path(__file__).resolve().parent / "data"
SiteName = Literal["shop", "mail", "jobs"]
SITE_NAMES: tuple[SiteName, ...] = ("shop", "mail", "jobs")
REFERENCE = re.compile(r"\{(" + "|".join(SITE_NAMES) + r")\.([\w.-]+)\}")


class SiteDataError(ValueError):
    """A reference to site data that does not exist, or site data that does not hold together."""


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------------- the shop
class Product(_Data):
    name: str
    price: float
    description: str


class Shipping(_Data):
    label: str
    fee: float


class ShopLabels(_Data):
    home: str
    search: str
    search_button: str
    cart: str
    view_product: str
    quantity: str
    add_to_cart: str
    checkout: str
    full_name: str
    address: str
    city: str
    shipping: str
    shipping_option: str
    place_order: str
    cart_columns: tuple[str, str, str]
    next_step: str
    select_option: str
    update: str
    remove: str
    total: str
    shipping_line: str


class ShopMessages(_Data):
    home_title: str
    home_intro: str
    search_title: str
    results: str
    result_count: str
    nothing_found: str
    cart_title: str
    cart_empty: str
    added: str
    checkout_title: str
    shipping_title: str
    review_title: str
    deliver_to: str
    pay_on_delivery: str
    order_title: str
    order_thanks: str
    order_item: str
    order_confirmed: str
    order_shipping: str
    not_found: str


class Shop(_Data):
    name: str
    money: str
    products: dict[str, Product]  # by sku
    featured: list[str]
    shipping: dict[str, Shipping]
    quantities: int
    labels: ShopLabels
    messages: ShopMessages

    @model_validator(mode="after")
    def _featured_exist(self) -> Shop:
        unknown = [sku for sku in self.featured if sku not in self.products]
        if unknown or not self.shipping:
            raise SiteDataError(f"shop: featured products not in the catalogue: {unknown}, or no shipping")
        return self

    def price(self, amount: float) -> str:
        return self.money.format(amount=amount)


# ---------------------------------------------------------------------- the webmail
class Mail(_Data):
    sender: str
    address: str
    subject: str
    body: str


class MailLabels(_Data):
    inbox: str
    sent: str
    search: str
    reply: str
    delete: str
    back: str
    to: str
    subject: str
    body: str
    send: str
    columns: tuple[str, str]


class MailMessages(_Data):
    title: str
    inbox_title: str
    sent_title: str
    reply_title: str
    reply_subject: str
    sender: str
    count: str
    nothing_sent: str
    sent: str
    deleted: str
    not_found: str


class Mailbox(_Data):
    name: str
    me: str
    mailbox: dict[str, Mail]  # by message id, in the inbox's order
    labels: MailLabels
    messages: MailMessages


# ---------------------------------------------------------------------- the job site
class Posting(_Data):
    title: str
    place: str
    description: str


class JobLabels(_Data):
    careers: str
    frame: str
    name: str
    email: str
    salary: str
    salary_note: str
    start: str
    submit: str


class JobMessages(_Data):
    title: str
    careers_title: str
    posting_place: str
    apply: str
    form_title: str
    received_title: str
    received: str
    received_detail: str
    not_found: str


class Careers(_Data):
    name: str
    postings: dict[str, Posting]  # by job id
    starts: dict[str, str]  # the earliest-start choices, by key
    labels: JobLabels
    messages: JobMessages


# ---------------------------------------------------------------------- all of it
class PageText(_Data):
    """A message a site shows, by name: ``{site: shop, message: order_confirmed}``."""

    site: SiteName
    message: str


class SiteData(_Data):
    shop: Shop
    mail: Mailbox
    jobs: Careers

    def lookup(self, path: str) -> Any:
        """``shop.products.pour-over-kettle.name`` → its value (``SiteDataError`` when there is none)."""
        value: Any = self.model_dump(mode="json")
        for part in path.split("."):
            if isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            elif isinstance(value, Mapping) and part in value:
                value = value[part]
            else:
                raise SiteDataError(f"no site data at {path!r} (stopped at {part!r})")
        return value

    def message(self, text: PageText) -> str:
        template = self.lookup(f"{text.site}.messages.{text.message}")
        if not isinstance(template, str):
            raise SiteDataError(f"{text.site}.messages.{text.message} is not a message")
        return template


def load_site_data(directory: Path = DATA_DIR) -> SiteData:
    """The sites' data from ``<directory>/<site>.yaml`` (the bundled data by default)."""
    raw: dict[str, Any] = {}
    for site in SITE_NAMES:
        path = directory / f"{site}.yaml"
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(loaded, dict):
            raise SiteDataError(f"{path}: site data is a mapping")
        raw[site] = loaded
    return SiteData.model_validate(raw)


def resolve_references(value: Any, data: SiteData) -> Any:
    """``value`` with every ``{shop.…}`` / ``{mail.…}`` / ``{jobs.…}`` reference replaced by that site datum
    (recursively through lists and mappings); other ``{placeholders}`` stay for the task's fields."""
    if isinstance(value, str):
        return REFERENCE.sub(lambda m: _datum(data, f"{m.group(1)}.{m.group(2)}"), value)
    if isinstance(value, list):
        return [resolve_references(v, data) for v in value]
    if isinstance(value, Mapping):
        return {k: resolve_references(v, data) for k, v in value.items()}
    return value


def _datum(data: SiteData, path: str) -> str:
    value = data.lookup(path)
    if isinstance(value, dict | list):
        raise SiteDataError(f"{{{path}}} is a section of the site data, not a text")
    return str(value)


# ---------------------------------------------------------------------- matching a message on a page
def text_pattern(template: str, *, whole: bool = False) -> re.Pattern[str]:
    """A message template as a pattern over page text: its words in order (any spacing, any case), each
    ``{field}`` standing for some text. A string without fields is matched as it is. ``whole``: the match ends
    where a word ends (so a last field takes the whole of "€43.95", not "€43")."""
    parts: list[tuple[str, str | None, str | None, str | None]]
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError:  # unbalanced braces: a plain text
        parts = [(template, None, None, None)]
    regex = ""
    for literal, field, _, _ in parts:
        regex += r"\s+".join(re.escape(word) for word in literal.split())
        if field is not None:
            regex += r"\s*(.+?)\s*"
    return re.compile(regex + (r"(?!\S)" if whole else ""), re.IGNORECASE | re.DOTALL)


def find_text(template: str, text: str) -> str | None:
    """The part of ``text`` that shows the message ``template`` (see ``text_pattern``), or ``None``."""
    flat = " ".join(text.split())
    found = text_pattern(template, whole=True).search(flat) or text_pattern(template).search(flat)
    return found.group(0).strip() if found else None

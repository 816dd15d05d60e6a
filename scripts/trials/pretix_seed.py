"""Seed a fresh pretix (PRETIX_CONFIG_FILE) for the unseen-app trial (docs/trials/pretix.md), or read it back.

Trial data only: run with the trial's own pretix environment, never the project's venv.
    PRETIX_CONFIG_FILE=/work/trial3-data/pretix.cfg /work/trial3-env/bin/python scripts/trials/pretix_seed.py
    ... pretix_seed.py --state      # the truth the checks compare: orders, products, quotas, event name (JSON)
"""

from __future__ import annotations

import json
import os
import sys
from datetime import timedelta
from decimal import Decimal

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pretix.settings")
django.setup()

from django.db import transaction  # noqa: E402
from django.utils.timezone import now  # noqa: E402
from django_scopes import scopes_disabled  # noqa: E402
from i18nfield.strings import LazyI18nString  # noqa: E402
from pretix.base.models import (  # noqa: E402
    CartPosition,
    Event,
    Item,
    Order,
    OrderPosition,
    Organizer,
    Quota,
    Team,
    User,
)

ADMIN = ("admin@example.test", "trial-pass-2026")
PRODUCTS = {"Regular ticket": "35.00", "Student ticket": "20.00", "Workshop pass": "90.00"}
ORDERS = [("ada@example.test", "Regular ticket", 2), ("bob@example.test", "Student ticket", 1),
          ("cleo@example.test", "Workshop pass", 1), ("dan@example.test", "Regular ticket", 1)]


def seed() -> None:
    user = User.objects.create_user(ADMIN[0], ADMIN[1])
    user.is_staff = True
    user.save()
    organizer = Organizer.objects.create(name="Harbour Events", slug="harbour",
                                         plugins="pretix.plugins.banktransfer")  # a hybrid plugin: on at both levels
    team = Team.objects.create(organizer=organizer, name="Administrators", all_events=True,
                               all_event_permissions=True, all_organizer_permissions=True)
    team.members.add(user)
    event = Event.objects.create(
        organizer=organizer, name=LazyI18nString({"en": "Harbour Tech Conference"}), slug="htc26",
        date_from=now() + timedelta(days=40), currency="EUR", live=True,
        plugins="pretix.plugins.banktransfer,pretix.plugins.ticketoutputpdf,pretix.plugins.sendmail",
    )
    event.settings.set("payment_banktransfer__enabled", True)
    event.settings.set("payment_banktransfer_bank_details_type", "other")
    event.settings.set("payment_banktransfer_bank_details", LazyI18nString({"en": "IBAN DE02 1203 0000 0000 2020 51"}))
    event.settings.set("locales", ["en"])
    quota = Quota.objects.create(event=event, name="Main hall", size=200)
    items = {}
    for name, price in PRODUCTS.items():
        items[name] = Item.objects.create(event=event, name=LazyI18nString({"en": name}),
                                          default_price=Decimal(price), admission=True, active=True)
        quota.items.add(items[name])
    Quota.objects.create(event=event, name="Workshop room", size=30).items.add(items["Workshop pass"])
    web = organizer.sales_channels.get(identifier="web")
    for email, product, count in ORDERS:
        price = items[product].default_price
        order = Order.objects.create(event=event, email=email, status=Order.STATUS_PENDING, datetime=now(),
                                     expires=now() + timedelta(days=14), total=price * count, sales_channel=web,
                                     locale="en")
        for position in range(count):
            OrderPosition.objects.create(order=order, item=items[product], variation=None, price=price,
                                         positionid=position + 1, attendee_name_parts={})
        order.create_transactions()
    print("seeded")


def state() -> dict[str, object]:
    event = Event.objects.get(slug="htc26")
    return {
        "event": str(event.name),
        "orders": [{"code": o.code, "status": o.status, "email": o.email, "total": str(o.total),
                    "items": [(str(p.item.name), str(p.price)) for p in o.positions.all()]}
                   for o in Order.objects.filter(event=event).order_by("datetime")],
        "cart": sorted(f"{p.cart_id[:6]} {p.item.name}" for p in CartPosition.objects.filter(event=event)),
        "products": [str(i.name) for i in Item.objects.filter(event=event)],
        "quotas": [q.name for q in Quota.objects.filter(event=event)],
    }


if __name__ == "__main__":
    with scopes_disabled(), transaction.atomic():
        if "--state" in sys.argv:
            print(json.dumps(state(), indent=1))
        else:
            seed()

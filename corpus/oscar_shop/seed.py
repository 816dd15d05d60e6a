"""Build the shop: a catalogue of eight garden products with stock and prices, a customer with a saved address,
through Oscar's own models. Run as ``python -m corpus.oscar_shop.seed DB`` (corpus.apps caches the result)."""

from __future__ import annotations

import os
import sys
from decimal import Decimal

PRODUCTS = {  # title -> price (GBP); each has 20 in stock
    "Garden Chair": "49.00",
    "Terracotta Pot": "12.50",
    "Watering Can": "18.00",
    "Rose Bush": "22.00",
    "Olive Tree": "89.00",
    "Hedge Shears": "27.50",
    "Bird Feeder": "15.00",
    "Compost Bin": "39.00",
}
CUSTOMER = ("maria@example.com", "corpus-admin-pw")


def seed() -> None:
    from django.contrib.auth import get_user_model
    from django.contrib.sites.models import Site
    from oscar.apps.address.models import Country, UserAddress
    from oscar.apps.catalogue.models import Category, Product, ProductCategory, ProductClass
    from oscar.apps.partner.models import Partner, StockRecord

    Site.objects.update_or_create(id=1, defaults={"domain": "127.0.0.1", "name": "Corpus Garden Shop"})
    uk = Country.objects.create(
        iso_3166_1_a2="GB",
        iso_3166_1_a3="GBR",
        iso_3166_1_numeric="826",
        printable_name="United Kingdom",
        name="United Kingdom",
        is_shipping_country=True,
    )
    plants = ProductClass.objects.create(name="Garden goods", requires_shipping=True, track_stock=True)
    category = Category.add_root(name="Garden")
    partner = Partner.objects.create(name="Green Fingers Ltd")
    for n, (title, price) in enumerate(PRODUCTS.items(), start=1):
        product = Product.objects.create(
            title=title,
            product_class=plants,
            structure=Product.STANDALONE,
            description=f"{title}, from the corpus garden shop.",
        )
        ProductCategory.objects.create(product=product, category=category)
        StockRecord.objects.create(
            product=product,
            partner=partner,
            partner_sku=f"GF-{n:03d}",
            price=Decimal(price),
            price_currency="GBP",
            num_in_stock=20,
        )
    email, password = CUSTOMER
    user = get_user_model().objects.create_user(
        username="maria", email=email, password=password, first_name="Maria", last_name="Lind"
    )
    UserAddress.objects.create(
        user=user,
        first_name="Maria",
        last_name="Lind",
        line1="12 Orchard Lane",
        line4="Bristol",
        postcode="BS1 4DJ",
        country=uk,
        phone_number="",
        is_default_for_shipping=True,
        is_default_for_billing=True,
    )


def main() -> None:
    os.environ["CORPUS_DB"] = sys.argv[1]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "corpus.oscar_shop.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    seed()
    call_command("update_index", verbosity=0)


if __name__ == "__main__":
    main()

"""Build the library database: migrate, then 40 authors, 250 books, users and groups (deterministic).

Run as ``python -m corpus.django_library.seed DB_PATH`` (corpus.apps does this once and caches the result).
"""

from __future__ import annotations

import datetime as dt
import os
import sys

ADMIN_USER, ADMIN_PASSWORD = "admin", "corpus-admin-pw"
FIRST = ["Ada", "Boris", "Clara", "Dmitri", "Elena", "Farid", "Greta", "Hiro"]
LAST = ["Lindqvist", "Moreau", "Novak", "Okafor", "Petrova"]
COUNTRIES = ["Sweden", "France", "Czechia", "Nigeria", "Russia"]
ADJECTIVES = ["Silent", "Golden", "Hidden", "Broken", "Distant", "Frozen", "Burning", "Hollow", "Painted", "Quiet",
              "Restless", "Scarlet", "Secret", "Shattered", "Sleeping", "Starlit", "Stolen", "Sunken", "Tangled",
              "Twisted", "Velvet", "Wandering", "Wild", "Winter", "Woven"]
NOUNS = ["River", "Garden", "Harbour", "Lantern", "Mirror", "Orchard", "Tower", "Voyage", "Forest", "Letter"]
GENRES = ["novel", "poetry", "history", "science"]


def author_names() -> list[str]:
    return [f"{f} {last}" for f in FIRST for last in LAST]


def book_titles() -> list[str]:
    return [f"The {a} {n}" for a in ADJECTIVES for n in NOUNS]


def seed() -> None:
    from django.contrib.auth.models import Group, Permission, User
    from django.core.management import call_command

    from corpus.django_library.library.models import Author, Book

    call_command("migrate", verbosity=0, interactive=False)
    User.objects.create_superuser(ADMIN_USER, "admin@example.org", ADMIN_PASSWORD)
    editors = Group.objects.create(name="Editors")
    editors.permissions.set(Permission.objects.filter(content_type__app_label="library"))
    Group.objects.create(name="Readers")
    for name in ["Maria Editor", "Nils Reader"]:
        login = name.split()[0].lower()
        user = User.objects.create_user(login, f"{login}@example.org", "corpus-user-pw", is_staff=True)
        user.groups.add(editors if "Editor" in name else Group.objects.get(name="Readers"))
    authors = [
        Author(name=n, country=COUNTRIES[i % len(COUNTRIES)], born=dt.date(1900 + i * 2, 1 + i % 12, 1 + i % 28))
        for i, n in enumerate(author_names())
    ]
    Author.objects.bulk_create(authors)
    authors = list(Author.objects.order_by("id"))
    Book.objects.bulk_create(
        Book(title=t, author=authors[i % len(authors)], genre=GENRES[i % len(GENRES)],
             published=dt.date(1950 + i % 70, 1 + i % 12, 1 + i % 28), in_stock=i % 3 != 0, pages=120 + i * 3)
        for i, t in enumerate(book_titles())
    )


def main() -> None:
    os.environ["CORPUS_DB"] = sys.argv[1]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "corpus.django_library.settings")
    import django

    django.setup()
    seed()


if __name__ == "__main__":
    main()

"""Build the Wagtail site: migrate, an admin, a "News" section with 60 articles (48 live, 12 drafts).

Run as ``python -m corpus.wagtail_cms.seed STATE_DIR`` (corpus.apps does this once and caches the result).
"""

from __future__ import annotations

import datetime as dt
import os
import sys

ADMIN_USER, ADMIN_PASSWORD = "admin", "corpus-admin-pw"
TOPICS = ["Harbour", "Library", "Orchestra", "Marathon", "Bridge", "Museum", "Garden", "Festival", "Market", "School"]
EVENTS = ["opens", "closes", "reopens", "celebrates", "expands", "moves"]
DRAFT_EVERY = 5  # every fifth article is a draft


def article_titles() -> list[str]:
    return [f"{topic} {event}" for event in EVENTS for topic in TOPICS]


def seed() -> None:
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from wagtail.models import Page, Site

    from corpus.wagtail_cms.news.models import NewsIndexPage, NewsPage

    call_command("migrate", verbosity=0, interactive=False)
    User.objects.create_superuser(ADMIN_USER, "admin@example.org", ADMIN_PASSWORD)
    root = Page.get_first_root_node()
    welcome = root.get_children().first()
    index = root.add_child(instance=NewsIndexPage(title="News", slug="news", intro="What happens in town."))
    Site.objects.update(root_page=index, site_name="Corpus News")
    if welcome is not None:
        welcome.delete()
    for i, title in enumerate(article_titles()):
        live = i % DRAFT_EVERY != DRAFT_EVERY - 1
        page = NewsPage(title=title, date=dt.date(2026, 1 + i % 12, 1 + i % 28), intro=f"{title}: the details.",
                        body=f"<p>Our reporter on why the {title.lower()}.</p>", live=live)
        index.add_child(instance=page)
        revision = page.save_revision()
        if live:
            revision.publish()


def main() -> None:
    os.environ["CORPUS_STATE"] = sys.argv[1]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "corpus.wagtail_cms.settings")
    import django

    django.setup()
    seed()


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Seed a django CMS trial (pip `django-cms` 5.1 under /work/trials/djangocms, its `djangocms .` set-up on sqlite, with
# djangocms-versioning): the database made again (`migrate`), the superuser USER with PASSWORD, then a village
# allotment society's site through django CMS' own API: 6 pages in a tree (Home; Plots with Waiting list and Plot
# rules; Shows; Seed swap), each with a text plugin, all published but "Seed swap" (a draft). Re-running starts over.
# Nothing calls out.
# Usage: scripts/trials/djangocms_seed.sh USER PASSWORD   (then: cd /work/trials/djangocms && .venv/bin/python manage.py runserver 127.0.0.1:8093)
# Install (once), ~5 min:
#   mkdir -p /work/trials/djangocms && cd /work/trials/djangocms && uv venv .venv && uv pip install --python .venv/bin/python django-cms pip
#   . .venv/bin/activate && django-admin startproject choir . && djangocms . --noinput --use-bundled-install-rules --versioning
set -euo pipefail
user=$1; pass=$2
app=${DJANGOCMS_APP:-/work/trials/djangocms}
cd "$app"
rm -f db.sqlite3
.venv/bin/python manage.py migrate -v 0
DJANGO_SUPERUSER_PASSWORD="$pass" .venv/bin/python manage.py createsuperuser --noinput --username "$user" --email "$user@allotments.example"
.venv/bin/python manage.py shell -v 0 <<'PY'
from django.contrib.auth import get_user_model
from cms.api import add_plugin, create_page
from djangocms_versioning.models import Version

user = get_user_model().objects.get(is_superuser=True)
lang = "en-us"
texts = {
    "Home": "<p>Welcome to the Fernhill Allotment Society: 64 plots on the old brickworks field.</p>",
    "Plots": "<p>Plots are 125 square metres; half plots are available on request.</p>",
    "Waiting list": "<p>There are 19 names on the waiting list. Expect about eighteen months.</p>",
    "Plot rules": "<p>Keep paths clear, no bonfires between May and September, water butts only.</p>",
    "Shows": "<p>The produce show is held on the second Saturday of September.</p>",
    "Seed swap": "<p>Bring seeds in labelled envelopes to the hut on the first Sunday of March.</p>",
}
parents = {"Waiting list": "Plots", "Plot rules": "Plots"}
pages = {}
for title, body in texts.items():
    page = create_page(title, "cms-base.html", lang, created_by=user, parent=pages.get(parents.get(title)),
                       in_navigation=True)
    pages[title] = page
    content = page.get_content_obj(lang, fallback=False) or page.pagecontent_set(manager="admin_manager").first()
    placeholder = content.get_placeholders().get(slot="content") if content.get_placeholders().filter(slot="content").exists() else None
    if placeholder is None:
        content.rescan_placeholders()
        placeholder = content.get_placeholders().first()
    add_plugin(placeholder, "TextPlugin", lang, body=body)
    if title != "Seed swap":
        Version.objects.get(object_id=content.pk, content_type__model="pagecontent").publish(user)
print("seeded pages:", [(p, v.state) for p, v in ((t, Version.objects.get(object_id=pg.pagecontent_set(manager="admin_manager").first().pk, content_type__model="pagecontent")) for t, pg in pages.items())])
PY

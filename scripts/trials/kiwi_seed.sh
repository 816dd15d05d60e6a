#!/usr/bin/env bash
# Seed a Kiwi TCMS trial (pip `kiwitcms` 12.4 under /work/trials/kiwi, its own venv, SQLite, Django's runserver):
# the database made again (migrated once into kiwi.migrated.sqlite, copied after), the superuser USER with the
# password PASSWORD, then through Kiwi's own ORM a small ferry-booking product: a version and two builds, three test
# plans (an acceptance plan with 6 cases, a kiosk regression plan to archive, a timetable smoke plan with 2 cases to
# delete), a test run of the acceptance plan with its 6 executions (2 PASSED, 1 FAILED, the rest IDLE) and a second
# run still in progress. Re-running starts over. Nothing calls out.
# Usage: scripts/trials/kiwi_seed.sh USER PASSWORD
#   then: cd /work/trials/kiwi && PYTHONPATH=. DJANGO_SETTINGS_MODULE=kiwi_trial_settings \
#           .venv/bin/python -m django runserver 127.0.0.1:8121 --noreload &
# Install (once), ~4 min: mkdir -p /work/trials/kiwi && cd /work/trials/kiwi && uv venv .venv --python 3.11 &&
#   uv pip install --python .venv/bin/python kiwitcms 'setuptools<81'   (kiwitcms 12.4 imports pkg_resources)
set -euo pipefail
user=$1; pass=$2
home=${KIWI_TRIAL:-/work/trials/kiwi}
cd "$home"
cat > kiwi_trial_settings.py <<'PY'
# Kiwi TCMS trial settings (SQLite, runserver serving the static files). Written by scripts/trials/kiwi_seed.sh.
import inspect
from collections import namedtuple

if not hasattr(inspect, "getargspec"):  # django-modern-rpc 0.12 (pinned by kiwitcms 12.4) predates Python 3.11
    _ArgSpec = namedtuple("ArgSpec", "args varargs keywords defaults")

    def _getargspec(func):
        spec = inspect.getfullargspec(func)
        return _ArgSpec(spec.args, spec.varargs, spec.varkw, spec.defaults)

    inspect.getargspec = _getargspec

from tcms.settings.common import *  # noqa: F401,F403,E402

DEBUG = True
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": "/work/trials/kiwi/kiwi.sqlite"}}
MEDIA_ROOT = "/work/trials/kiwi/uploads"
STATIC_ROOT = "/work/trials/kiwi/static"
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
PY
export PYTHONPATH=$home DJANGO_SETTINGS_MODULE=kiwi_trial_settings
rm -f kiwi.sqlite
if [ -f kiwi.migrated.sqlite ]; then cp kiwi.migrated.sqlite kiwi.sqlite
else .venv/bin/python -m django migrate -v 0 && cp kiwi.sqlite kiwi.migrated.sqlite; fi
KIWI_USER=$user KIWI_PASS=$pass .venv/bin/python - <<'PY'
import os
import django

django.setup()
from django.contrib.auth import get_user_model
from django.contrib.sites.models import Site
from tcms.management.models import Build, Classification, Priority, Product, Version
from tcms.testcases.models import Category, TestCase, TestCaseStatus
from tcms.testplans.models import PlanType, TestPlan
from tcms.testruns.models import TestExecutionStatus, TestRun
from django.utils import timezone

Site.objects.update_or_create(id=1, defaults={"domain": "127.0.0.1:8121", "name": "Kiwi TCMS trial"})
admin = get_user_model().objects.create_superuser(os.environ["KIWI_USER"], "qa-lead@ferries.example",
                                                  os.environ["KIWI_PASS"])
tester = get_user_model().objects.create_user("mara.ines", "mara@ferries.example", None)
klass, _ = Classification.objects.get_or_create(name="Customer apps")
product = Product.objects.create(name="Harbour Ferry Booking", classification=klass,
                                 description="Online booking for the island ferries")
version = Version.objects.create(value="2.4", product=product)
rc1 = Build.objects.create(name="2.4.0-rc1", version=version)
Build.objects.create(name="2.4.0-rc2", version=version)
category, _ = Category.objects.get_or_create(name="Bookings", product=product)
confirmed = TestCaseStatus.objects.filter(is_confirmed=True).first() or TestCaseStatus.objects.create(
    name="CONFIRMED", is_confirmed=True)
priorities = list(Priority.objects.order_by("value")) or [Priority.objects.create(value=f"P{n}") for n in (1, 2, 3)]
acceptance_type, _ = PlanType.objects.get_or_create(name="Acceptance")
regression_type, _ = PlanType.objects.get_or_create(name="Regression")
smoke_type, _ = PlanType.objects.get_or_create(name="Smoke")


def plan(name, kind, text):
    return TestPlan.objects.create(name=name, type=kind, product=product, product_version=version, author=admin,
                                   text=text)


def case(summary, text, pri=1):
    return TestCase.objects.create(summary=summary, text=text, case_status=confirmed, category=category,
                                   priority=priorities[min(pri, len(priorities) - 1)], author=admin,
                                   default_tester=tester)


release = plan("Release 2.4 acceptance", acceptance_type, "Acceptance of the 2.4 booking flow before the summer timetable.")
kiosk = plan("Ticket kiosk regression", regression_type, "The quayside kiosks, replaced by the app this season.")
smoke = plan("Spring timetable smoke tests", smoke_type, "Quick checks after loading a new timetable.")
summaries = [
    ("Book a return crossing with a car", "1. Pick Portreath to Lundy\n2. Add a car\n3. Pay", 0),
    ("Cancel a booking within 24 hours of sailing", "1. Open the booking\n2. Cancel\n3. Check the fee", 1),
    ("Print a boarding pass from the confirmation email", "1. Open the email\n2. Print the pass", 2),
    ("Change the passenger count on a booking", "1. Open the booking\n2. Add a child", 1),
    ("Refund a cancelled sailing to the original card", "1. Cancel the sailing as staff\n2. Check the refund", 0),
    ("Search sailings by date and port", "1. Choose a date\n2. Choose a port", 2),
]
cases = [case(s, t, p) for s, t, p in summaries]
for c in cases:
    release.add_case(c)
for s in ("Pay by card at the kiosk", "Reprint a lost ticket at the kiosk"):
    kiosk.add_case(case(s, "At the kiosk on the quay."))
for s in ("Timetable shows the first sailing of the day", "Sailings on a bank holiday follow the Sunday times"):
    smoke.add_case(case(s, "After loading the spring timetable."))
run = TestRun.objects.create(summary="2.4.0-rc1 acceptance run", plan=release, build=rc1, manager=admin,
                             default_tester=tester, start_date=timezone.now())
status = {s.name: s for s in TestExecutionStatus.objects.all()}
for c, name in zip(cases, ["PASSED", "PASSED", "FAILED", "IDLE", "IDLE", "IDLE"]):
    for execution in run.create_execution(case=c):
        execution.status = status[name]
        execution.save()
second = TestRun.objects.create(summary="Kiosk last-day check", plan=kiosk, build=rc1, manager=admin,
                                start_date=timezone.now())
for c in kiosk.cases.all():
    second.create_execution(case=c)
print("seeded:", product.name, "| plans:", [p.name for p in TestPlan.objects.all()], "| cases:",
      TestCase.objects.count(), "| runs:", [r.summary for r in TestRun.objects.all()], "| statuses:", sorted(status))
PY

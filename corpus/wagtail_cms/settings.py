"""Settings of the corpus Wagtail site; sqlite and media under $CORPUS_STATE."""

import os
from pathlib import Path

STATE = Path(os.environ.get("CORPUS_STATE", "."))
SECRET_KEY = "corpus-only-not-a-secret"
DEBUG = True
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "corpus.wagtail_cms.news",
    "wagtail.contrib.forms",
    "wagtail.contrib.redirects",
    "wagtail.embeds",
    "wagtail.sites",
    "wagtail.users",
    "wagtail.snippets",
    "wagtail.documents",
    "wagtail.images",
    "wagtail.search",
    "wagtail.admin",
    "wagtail",
    "modelcluster",
    "taggit",
    "django_filters",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]
ROOT_URLCONF = "corpus.wagtail_cms.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": STATE / "cms.db"}}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en-us"
STATIC_URL = "/static/"
MEDIA_ROOT = STATE / "media"
MEDIA_URL = "/media/"
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
DATA_UPLOAD_MAX_NUMBER_FIELDS = 10_000
WAGTAIL_SITE_NAME = "Corpus News"
WAGTAILADMIN_BASE_URL = "http://127.0.0.1"
WAGTAILSEARCH_BACKENDS = {"default": {"BACKEND": "wagtail.search.backends.database"}}
WAGTAIL_ENABLE_UPDATE_CHECK = False
WAGTAIL_ENABLE_WHATS_NEW_BANNER = False
# Cookies are per host, not per port: the corpus apps all live on 127.0.0.1, so each Django has its own names.
SESSION_COOKIE_NAME = "cms_sessionid"
CSRF_COOKIE_NAME = "cms_csrftoken"
# Wagtail 8 autosaves the editor every 500 ms (a typed title creates the draft by a background POST): that write
# races the form's own "Save draft" (a duplicate slug leaves the editor on the add page) and lands after a stopped
# flow replay (issue 22). The corpus's writes are the ones a person's clicks make.
WAGTAIL_AUTOSAVE_INTERVAL = 0

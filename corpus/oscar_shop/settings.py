"""Settings of the corpus shop: django-oscar's storefront and checkout, stock apps and templates, sqlite at $CORPUS_DB.

Runs in the shop's own environment (corpus.apps: django-oscar pinned, installed from PyPI under corpus/.cache).
"""

import os

from oscar import INSTALLED_APPS as OSCAR_APPS
from oscar.defaults import *  # noqa: F403 - oscar's documented way to take its settings

SECRET_KEY = "corpus-only-not-a-secret"
DEBUG = True
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [*OSCAR_APPS]
SITE_ID = 1
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "oscar.apps.basket.middleware.BasketMiddleware",
    "django.contrib.flatpages.middleware.FlatpageFallbackMiddleware",
]
ROOT_URLCONF = "corpus.oscar_shop.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.template.context_processors.i18n",
                "django.contrib.messages.context_processors.messages",
                "oscar.apps.search.context_processors.search_form",
                "oscar.apps.checkout.context_processors.checkout",
                "oscar.apps.communication.notifications.context_processors.notifications",
                "oscar.core.context_processors.metadata",
            ]
        },
    }
]
AUTHENTICATION_BACKENDS = [
    "oscar.apps.customer.auth_backends.EmailBackend",
    "django.contrib.auth.backends.ModelBackend",
]
HAYSTACK_CONNECTIONS = {
    "default": {
        "ENGINE": "haystack.backends.whoosh_backend.WhooshEngine",
        "PATH": os.path.join(os.environ.get("CORPUS_STATE", "."), "whoosh"),
    }
}
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ.get("CORPUS_DB", "shop.db")}}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "British English")]
STATIC_URL = "static/"
MEDIA_ROOT = os.path.join(os.environ.get("CORPUS_STATE", "."), "media")
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
OSCAR_SHOP_NAME = "Corpus Garden Shop"
OSCAR_DEFAULT_CURRENCY = "GBP"
OSCAR_THUMBNAILER = "corpus.oscar_shop.thumbnails.Unresized"
SESSION_COOKIE_NAME = "oscar_sessionid"
CSRF_COOKIE_NAME = "oscar_csrftoken"

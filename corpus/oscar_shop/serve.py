"""Serve the shop with Django's own development server: ``python -m corpus.oscar_shop.serve DB ADDR``."""

from __future__ import annotations

import os
import sys


def main() -> None:
    os.environ["CORPUS_DB"] = sys.argv[1]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "corpus.oscar_shop.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["django-admin", "runserver", sys.argv[2], "--noreload", "--skip-checks"])


if __name__ == "__main__":
    main()

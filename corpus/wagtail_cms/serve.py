"""Serve the Wagtail site with Django's own development server: ``python -m corpus.wagtail_cms.serve STATE ADDR``."""

from __future__ import annotations

import os
import sys


def main() -> None:
    os.environ["CORPUS_STATE"] = sys.argv[1]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "corpus.wagtail_cms.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["django-admin", "runserver", sys.argv[2], "--noreload", "--skip-checks"])


if __name__ == "__main__":
    main()

"""Shared pytest fixtures. Add new fixtures in their own clearly marked section."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# ---------------------------------------------------------------------------
# Fixture website (tests/fixtures/site/) served on two origins.
#   site.origin_a / site.origin_b  e.g. "http://127.0.0.1:41234"
#   site.url_a("form.html")        absolute URL on origin A (url_b for B)
# ---------------------------------------------------------------------------
_FIXTURES_DIR = Path(__file__).resolve().parent / "fixtures"
if str(_FIXTURES_DIR) not in sys.path:
    sys.path.insert(0, str(_FIXTURES_DIR))

from site_server import SITE_ROOT, SiteServers, start_site  # noqa: E402


@pytest.fixture(scope="session")
def site() -> Iterator[SiteServers]:
    servers = start_site(SITE_ROOT)
    try:
        yield servers
    finally:
        servers.close()


# --------------------------- end of fixture website ---------------------------

"""Fixtures of the reliability tests: the generated hard pages (each test starts its own stdio server)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.reliability.hard_site import HardSite, start_hard_site


@pytest.fixture(scope="session")
def hard_site() -> Iterator[HardSite]:
    site = start_hard_site()
    try:
        yield site
    finally:
        site.close()

"""Hostile pages (issue 30), second half: popups, self-navigation and a mutation storm (see test_hostile_pages.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reliability.hard_site import HardSite
from tests.reliability.test_hostile_pages import check_page

pytestmark = [pytest.mark.mcp, pytest.mark.browser]


@pytest.mark.timeout(400)  # up to 18 calls of a 3 s bound each (+ a 35 s navigate), on a loaded machine
@pytest.mark.parametrize("name", ["popups", "self-navigation", "mutation storm"])
async def test_a_hostile_page_leaves_the_server_usable(hard_site: HardSite, tmp_path: Path, name: str) -> None:
    await check_page(hard_site, tmp_path, name)

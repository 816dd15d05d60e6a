"""Hostile pages (issue 30), second half: popups, self-navigation and a mutation storm (see test_hostile_pages.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reliability.hard_site import HardSite
from tests.reliability.test_hostile_pages import check_page

pytestmark = [pytest.mark.mcp, pytest.mark.browser]


SELFNAV_GAP = pytest.mark.xfail(
    reason="known gap (issue 30): a page that navigates itself every 5 ms floods the Playwright driver with its "
    "navigations; while it lives a new tab takes 6-30 s to open (plain Playwright too: new_page 6 s, 22 s; with a "
    "context route over 30 s). When close_tab timed out before opening its blank tab, the hostile tab is the only "
    "one, the navigate after it must open a fresh tab, and its 35 s run out (2 of 3 runs on a loaded machine). "
    "With the network line on (the default) the sequence's first click adds its route under the flood, which "
    "stalls the tab: every acting tool then runs out its 5 s (6 of 7 runs; docs/network-gate.md, Limits)",
    strict=False,
)


@pytest.mark.timeout(400)  # up to 18 calls of a 5 s bound each, on a loaded machine
@pytest.mark.parametrize("name", ["popups", pytest.param("self-navigation", marks=SELFNAV_GAP), "mutation storm"])
async def test_a_hostile_page_leaves_the_server_usable(hard_site: HardSite, tmp_path: Path, name: str) -> None:
    await check_page(hard_site, tmp_path, name)

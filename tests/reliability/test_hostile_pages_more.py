"""Hostile pages (issue 30), second half: popups, self-navigation and a mutation storm (see test_hostile_pages.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.reliability.hard_site import HardSite
from tests.reliability.hostile import TOOL_TIMEOUT_S
from tests.reliability.test_hostile_pages import check_page
from tests.support.mcp_client import BrowserClient, served_client

pytestmark = [pytest.mark.mcp, pytest.mark.browser]


@pytest.fixture(scope="module")
async def client(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserClient]:
    """One server for the module's hostile pages, as in test_hostile_pages.py."""
    async with served_client(tmp_path_factory.mktemp("hostile") / "profile",
                             BROWSER_TOOL_TIMEOUT_S=str(TOOL_TIMEOUT_S)) as shared:
        yield shared


@pytest.mark.timeout(400)  # up to 18 calls of a 3 s bound each (+ a 35 s navigate), on a loaded machine
@pytest.mark.parametrize("name", ["popups", "self-navigation", "mutation storm"])
async def test_a_hostile_page_leaves_the_server_usable(hard_site: HardSite, client: BrowserClient, name: str) -> None:
    await check_page(client, hard_site, name)

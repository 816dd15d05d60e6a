"""The stdio server shared by a module's tests (``client``): one server and one Chromium per module, for tests that
need no fresh browser (each opens its own page first and leaves no hold, tab or setting behind). A test about a
fresh server, its environment, its profile or what a confirmation carries over starts its own (``browser_client``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.support.mcp_client import BrowserClient, served_client


@pytest.fixture(scope="module")
async def client(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserClient]:
    async with served_client(tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1]) / "profile") as shared:
        yield shared

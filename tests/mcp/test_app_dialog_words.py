"""The app's own confirmation, opened by the act (issue 29 §2), through the stdio MCP server on real Chromium: its
question is the app asking its user, not text aimed at an agent (no injection warning), and the held act quotes
it; text that does address an agent, shown by a click on the same page, is still flagged."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.support.mcp_client import BrowserClient, served_client

pytestmark = pytest.mark.mcp


@pytest.fixture(scope="module")
async def client(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserClient]:
    async with served_client(tmp_path_factory.mktemp("app-dialog") / "profile") as shared:
        yield shared


async def element_id(client: BrowserClient, name: str) -> str:
    found = await client.call("find_interactive_elements", query=name, limit=50)
    exact = [e for e in found.data["elements"] if e["name"] == name]
    assert exact, (name, found.data["elements"][:5])
    return str(exact[0]["id"])


async def test_the_apps_question_opened_by_a_click_is_no_injection_and_is_quoted(client: BrowserClient,
                                                                                  site) -> None:
    await client.call("navigate", url=site.url_a("album_clear_dialog.html"))
    opened = await client.call("click", element_id=await element_id(client, "Clear album"))
    assert "delete all photos" in opened.data.get("new_text", ""), opened.data
    assert "injection_warning" not in opened.payload["metadata"], opened.payload["metadata"]
    held = await client.call("click", element_id=await element_id(client, "Delete photos"))
    assert held.error and held.error["code"] == "requires_confirmation", held.payload
    summary: dict[str, Any] = held.error["details"]["summary"]
    assert summary["category"] == "delete", summary
    assert "Are you sure you want to delete all photos in this album?" in summary["effect"], summary
    assert "Boat show 2026" in summary["effect"] and "Please confirm" not in summary["objects"], summary


async def test_text_aimed_at_an_agent_shown_by_a_click_is_still_flagged(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("album_clear_dialog.html"))
    shown = await client.call("click", element_id=await element_id(client, "Tips"))
    assert "injection_warning" in shown.payload["metadata"], shown.payload

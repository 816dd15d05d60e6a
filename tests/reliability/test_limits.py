"""Every result fits the hard cap (metadata and events included), and unknown arguments are refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from tests.reliability.hard_site import HardSite
from tests.support.mcp_client import BrowserClient, browser_client

pytestmark = [pytest.mark.mcp, pytest.mark.browser]
CAP = 20000


async def test_huge_invalid_arguments_give_a_small_invalid_input(client: BrowserClient) -> None:
    huge = "x" * 2_000_000
    for tool, args in [("navigate", {"url": huge}), ("type_text", {"element_id": huge, "text": huge}),
                       ("click", {huge: 1}), (huge, {}), ("observe", {"max_elements": huge})]:
        result = await client.session.call_tool(tool, args)
        text = result.content[0].text  # type: ignore[union-attr]
        payload = json.loads(text)
        assert len(text) <= CAP
        assert payload["success"] is False and payload["error"]["code"] == "invalid_input", payload["error"]


async def test_unknown_arguments_are_refused_by_name(client: BrowserClient) -> None:
    refused = await client.call("click", element_id="e1", confirmed=True, selector="#x")
    assert refused.error["code"] == "invalid_input"
    assert "confirmed" in refused.error["message"] and "selector" in refused.error["message"]
    assert refused.error["details"]["unknown"] == ["confirmed", "selector"]
    assert "element_id" in refused.error["details"]["allowed"]
    tools = (await client.session.list_tools()).tools
    assert all(t.input_schema.get("additionalProperties") is False for t in tools)
    # arguments: null is the same as {}
    listed = await client.session.call_tool("list_tabs", None)
    assert json.loads(listed.content[0].text)["success"] is True  # type: ignore[union-attr]


async def test_an_alert_storm_is_summarised_within_the_cap(hard_site: HardSite, tmp_path: Path) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_TOOL_TIMEOUT_S="8") as client:
        opened = await client.call("navigate", url=hard_site.url("/alerts"))
        assert opened.text_chars <= CAP
        summaries = []
        with anyio.fail_after(90):
            for tool in ("observe", "screenshot", "list_tabs"):
                result = await client.call(tool)
                assert result.text_chars <= CAP, (tool, result.text_chars)
                events = result.payload["metadata"].get("events", [])
                assert len(events) <= 13
                summaries += [e for e in events if e["kind"] == "omitted"]
        assert summaries and summaries[0]["by_kind"]["dialog"] > 0
        back = await client.call("navigate", url=hard_site.url("/page?id=after"))
        assert back.ok and back.data["title"] == "page after"
        assert back.text_chars <= CAP

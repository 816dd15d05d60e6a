"""The adapter in process: the mcp SDK's in-memory client against ``build_server``, with real Chromium.

Beside the stdio tests (a subprocess), these drive the same server object the stdio entry point runs: its lifespan
owns the ``BrowserSession``, and closing the client closes the browser. Both connection modes of the SDK's
in-process ``Client`` are covered: ``legacy`` (initialize handshake, JSON-RPC over memory streams) and ``auto``
(the direct per-request path).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml
from mcp import Client
from mcp_types import CallToolResult

from mcp_server.server import build_server
from tests.conftest import make_settings
from tests.support.mcp_client import REPO

pytestmark = [pytest.mark.mcp, pytest.mark.browser]

CONTRACT = yaml.safe_load((REPO / "specs" / "tool-contract.yaml").read_text(encoding="utf-8"))
MODES = ["legacy", "auto"]


@asynccontextmanager
async def in_memory(tmp_path: Path, mode: str) -> AsyncIterator[Client]:
    server = build_server(make_settings(tmp_path))
    async with Client(server, mode=mode, read_timeout_seconds=90) as client:
        yield client


async def call(client: Client, tool: str, /, **arguments: Any) -> tuple[CallToolResult, dict[str, Any]]:
    with anyio.fail_after(60):
        result = await client.call_tool(tool, arguments)
    assert isinstance(result, CallToolResult)
    text = next(c.text for c in result.content if c.type == "text")
    return result, json.loads(text)


def pick(elements: list[dict[str, Any]], role: str, name: str) -> str:
    hits = [e for e in elements if e["role"] == role and e["name"] == name]
    assert len(hits) == 1, (role, name, hits)
    return str(hits[0]["id"])


@pytest.mark.parametrize("mode", MODES)
async def test_listed_tools_match_the_contract(tmp_path: Path, mode: str) -> None:
    async with in_memory(tmp_path, mode) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        assert client.instructions and "observe" in client.instructions
    spec = {k: v for k, v in CONTRACT["tools"].items() if not v.get("opt_in")}  # opt-in groups: off by default
    assert set(listed) == set(spec), f"extra={set(listed) - set(spec)} missing={set(spec) - set(listed)}"
    for name, tool in listed.items():
        expected = spec[name]
        assert tool.annotations is not None, name
        assert tool.annotations.read_only_hint is expected["read_only"], name
        assert tool.annotations.destructive_hint is expected.get("destructive", False), name
        assert set(tool.input_schema.get("properties", {})) == set(expected.get("params", {})), name
        required = {p for p, d in expected.get("params", {}).items() if d.get("required")}
        assert set(tool.input_schema.get("required", [])) == required, name


@pytest.mark.parametrize("mode", MODES)
async def test_navigate_observe_type_and_click_by_id(tmp_path: Path, site, mode: str) -> None:
    async with in_memory(tmp_path, mode) as client:
        raw, navigated = await call(client, "navigate", url=site.url_a("form.html"))
        assert navigated["success"] and raw.is_error is False
        assert set(navigated) == {"success", "data", "error", "metadata"}
        _, observed = await call(client, "observe")
        elements = observed["data"]["elements"]
        _, typed = await call(client, "type_text", element_id=pick(elements, "textbox", "Full name"), text="Ada")
        assert typed["success"] and typed["data"]["value"] == "Ada"
        _, clicked = await call(client, "click", element_id=pick(elements, "button", "Register"))
        assert clicked["success"], clicked["error"]
        assert clicked["metadata"]["tool"] == "click" and isinstance(clicked["metadata"]["duration_ms"], int)
        _, text = await call(client, "get_page_text")
        assert "Registered: Ada" in text["data"]["text"]


@pytest.mark.parametrize("mode", MODES)
async def test_bad_input_is_a_structured_error_and_the_server_keeps_serving(tmp_path: Path, site, mode: str) -> None:
    categories = set(CONTRACT["error_categories"])
    async with in_memory(tmp_path, mode) as client:
        await call(client, "navigate", url=site.url_a("form.html"))
        _, before = await call(client, "get_page_text")
        cases = {
            "wrong type": ("click", {"element_id": 12}, "invalid_input"),
            "malformed id": ("click", {"element_id": "#register"}, "invalid_input"),
            "unknown id": ("click", {"element_id": "e424242"}, "stale_element"),
            "missing required": ("type_text", {"element_description": "Full name"}, "invalid_input"),
            "unknown tool": ("launch_rockets", {}, "invalid_input"),
        }
        for label, (tool, args, code) in cases.items():
            raw, payload = await call(client, tool, **args)
            assert raw.is_error is True and payload["success"] is False, label
            assert payload["error"]["code"] == code, (label, payload["error"])
            assert payload["error"]["category"] in categories, label
            assert payload["error"]["message"] and "Traceback" not in payload["error"]["message"], label
        _, after = await call(client, "get_page_text")
        assert after["data"]["text"] == before["data"]["text"]
        _, observed = await call(client, "observe")
        assert observed["success"]


@pytest.mark.parametrize("mode", MODES)
async def test_closing_the_client_closes_the_browser_and_keeps_the_profile(tmp_path: Path, site, mode: str) -> None:
    """The lifespan owns the session: a second server on the same profile starts cleanly and sees the cookie."""
    seen = []
    for _ in range(2):
        async with in_memory(tmp_path, mode) as client:
            await call(client, "navigate", url=site.url_a("cookie.html"))
            _, text = await call(client, "get_page_text")
            assert text["success"], text["error"]
            seen.append(next(line for line in text["data"]["text"].splitlines() if line.startswith("Visits:")))
    assert seen == ["Visits: 1", "Visits: 2"]


@pytest.mark.parametrize(("tool", "arguments", "field"), [
    ("navigate", {"url": "about:blank", "timeout_ms": True}, "timeout_ms"),
    ("get_page_text", {"max_length": "4000"}, "max_length"),
    ("click", {"element_description": "Go", "double_click": 1}, "double_click"),
    ("fill_form", {"fields": [{"element_description": "Name", "value": 5}]}, "fields.0.value"),
])
async def test_arguments_are_checked_strictly_and_nothing_runs(tmp_path: Path, tool: str, arguments: dict[str, Any],
                                                               field: str) -> None:
    """Issue 21: `true` is not an integer, "4000" is not one either; the error names the field."""
    async with in_memory(tmp_path, "auto") as client:
        result, payload = await call(client, tool, **arguments)
        assert result.is_error and payload["error"]["code"] == "invalid_input"
        assert payload["error"]["details"]["fields"][0]["field"] == field, payload
        assert field in payload["error"]["message"]

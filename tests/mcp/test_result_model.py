"""The typed result model (``browser_core.result_model``) reads every kind of result the real server writes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml
from mcp import Client
from pydantic import ValidationError

from browser_core.errors import Category, StaleElement
from browser_core.result_model import ToolError, ToolMetadata, ToolResult
from mcp_server.server import build_server
from tests.conftest import make_settings
from tests.support.mcp_client import REPO

pytestmark = [pytest.mark.mcp, pytest.mark.browser]

CONTRACT = yaml.safe_load((REPO / "specs" / "tool-contract.yaml").read_text(encoding="utf-8"))


def test_the_model_names_what_the_contract_names() -> None:
    shape = CONTRACT["result_shape"]
    assert set(ToolResult.model_fields) == set(shape)
    assert set(ToolError.model_fields) == set(re.findall(r"\w+", shape["error"])) - {"null"}
    assert set(ToolMetadata.model_fields) == set(re.findall(r"\w+", shape["metadata"]))
    assert {c.value for c in Category} == set(CONTRACT["error_categories"])
    error = ToolError.of(StaleElement("element e1 is gone"))
    assert error.payload() == StaleElement("element e1 is gone").to_dict()
    ok = {"success": True, "data": None, "error": None, "metadata": {"tool": "observe", "duration_ms": 3}}
    assert ToolResult.parse(json.dumps(ok)).payload() == ok
    for drift in ({**ok, "metadata": {**ok["metadata"], "colour": "red"}}, {**ok, "error": error.payload()},
                  {**ok, "success": False}):
        with pytest.raises(ValidationError):
            ToolResult.parse(json.dumps(drift))


async def test_every_kind_of_real_result_parses_and_round_trips(tmp_path: Path, site) -> None:
    calls: list[tuple[str, dict[str, Any]]] = [
        ("navigate", {"url": site.url_a("form.html")}),
        ("observe", {}),
        ("click", {"element_id": 12}),                          # argument validation
        ("launch_rockets", {}),                                 # unknown tool
        ("click", {"element_id": "e424242"}),                   # typed failure with hint and details
        ("wait_for", {"text": "never shown", "timeout_ms": 300}),
        ("navigate", {"url": site.url_a("injection.html")}),
        ("get_page_text", {}),                                  # injection_warning
        ("navigate", {"url": site.url_a("popups.html")}),
        ("click", {"element_description": "Open the guide in a new tab", "role": "link"}),  # tabs, events
        ("list_tabs", {}),
        ("switch_tab", {"index": 0}),                           # metadata.url: the page moved since a result said it
        ("navigate", {"url": site.url_a("big.html")}),
        ("get_page_text", {"max_length": 15000}),               # over the 2000-char cap: truncated
    ]
    texts = []
    async with Client(build_server(make_settings(tmp_path, max_result_chars=2000)), read_timeout_seconds=90) as c:
        for tool, args in calls:
            with anyio.fail_after(60):
                result = await c.call_tool(tool, args)
            texts.append(next(part.text for part in result.content if part.type == "text"))
    parsed = [ToolResult.parse(text) for text in texts]
    for (tool, _), text, typed in zip(calls, texts, parsed, strict=True):
        assert typed.payload() == json.loads(text), tool
        assert typed.metadata.tool == tool
    assert [r.success for r in parsed] == [True] * 2 + [False] * 4 + [True] * 8
    assert [r.metadata.url for r in parsed if r.metadata.url] == [site.url_a("popups.html")]  # once, where it moved
    assert {r.error.code for r in parsed if r.error} == {"invalid_input", "stale_element", "timeout"}
    seen = {key for r in parsed for key, value in r.metadata if value is not None}
    restart = {"browser_restarted", "ids_reset", "note"}  # a killed browser: tests/reliability/test_recovery.py
    expected = set(ToolMetadata.model_fields) - restart
    assert seen == expected, f"never seen: {expected - seen}"

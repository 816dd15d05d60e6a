"""`tools/list` stays within its budget (issue 21): what a host puts into every model request for our tools (name,
description, input schema; compact JSON, the measure of scripts/bench_tools_list.py) is ≤ 0.8× the peer's.

The peer's figure is @playwright/mcp 0.0.83's, measured by that script (its list is fixed for its version); the
script measures both servers in the same run when the peer is installed."""

from __future__ import annotations

import json
from pathlib import Path

from mcp_server.server import build_server
from tests.conftest import make_settings

PEER_MODEL_CHARS = 17_590  # @playwright/mcp 0.0.83, 25 tools (scripts/bench_tools_list.py, 2026-11-26)
BUDGET = 0.8


async def test_model_facing_tools_list_is_within_budget(tmp_path: Path) -> None:
    tools = await build_server(make_settings(tmp_path)).list_tools()
    sizes = {t.name: len(json.dumps({"name": t.name, "description": t.description or "",
                                     "input_schema": t.input_schema}, separators=(",", ":"), ensure_ascii=False))
             for t in tools}
    total = sum(sizes.values())
    largest = sorted(sizes.items(), key=lambda kv: -kv[1])[:5]
    assert total <= BUDGET * PEER_MODEL_CHARS, f"{total} chars > {BUDGET}× {PEER_MODEL_CHARS}; largest: {largest}"
    assert all(t.input_schema.get("additionalProperties") is False for t in tools)  # strictness is not traded

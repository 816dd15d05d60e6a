"""An agent's browser tool schemas (issue 31, executor requests): what its model needs to call each tool, once.

The schemas come from the server's own ``tools/list``; ``BrowserLink.proxy`` lists each agent's tools through
``lean_tool`` and the agent's system prompt gets ``shared_parameters``."""

from __future__ import annotations

import json
from pathlib import Path

from mcp_server.server import build_server
from orchestrator.agents import BROWSER_PREFIX, load_agents
from orchestrator.browser.browser_link import BrowserLink, lean_tool
from tests.conftest import make_settings

REPO = Path(__file__).resolve().parents[2]


async def executor_tools(tmp_path: Path) -> tuple[BrowserLink, frozenset[str]]:
    link = BrowserLink({"type": "stdio", "command": "unused"})
    link.tools = {t.name: t for t in await build_server(make_settings(tmp_path)).list_tools()}
    return link, load_agents(REPO / "agents")["executor"].browser_tools


async def test_shared_parameters_are_said_once_with_their_type(tmp_path: Path) -> None:
    link, names = await executor_tools(tmp_path)
    line = link.shared_parameters(names)
    assert "`element_id` (string): Id (e12, f2e7)" in line and "`role` (string): ARIA role filter" in line
    assert "frame" not in line  # ids carry their frame; a description is searched in every frame (ELSEWHERE)
    shared = link.shared(names)
    for tool in link._chosen(names):
        props = lean_tool(tool, shared).input_schema["properties"]
        for name in set(props) & set(shared):
            assert props[name] == {}, (tool.name, name)  # type and description are in the line


async def test_lean_schema_keeps_what_a_call_needs(tmp_path: Path) -> None:
    link, names = await executor_tools(tmp_path)
    shared = link.shared(names)
    lean = {t.name: lean_tool(t, shared).input_schema for t in link._chosen(names)}
    assert BROWSER_PREFIX + "click" in names and "click" in lean
    click, typing = lean["click"]["properties"], lean["type_text"]["properties"]
    assert click["button"] == {"default": "left", "enum": ["left", "right", "middle"]}  # a default that says a choice
    assert click["double_click"] == {"type": "boolean"}  # false goes without saying
    assert typing["clear_first"]["default"] is True and typing["clear_first"]["description"]
    assert lean["type_text"]["required"] == ["text"]
    assert "description" not in lean["navigate"]["properties"]["history"]  # it only listed the enum's values
    assert "include_boxes" not in lean["observe"]["properties"]  # boxes serve coordinate tools, not this agent's
    assert "modifiers" in click  # a second row or file picked by Control-click has no other way
    assert "frame" not in click and "frame" not in typing  # an id carries its frame
    assert lean["wait_for"]["properties"]["timeout_ms"]  # how long to wait is what a wait is asked
    waits = set(lean["wait_for"]["properties"])
    assert {"text", "url", "state"} <= waits and not {"ms", "load"} & waits  # what it expects to see, not a time
    before = sum(len(json.dumps(t.input_schema)) for t in link._chosen(names))
    after = sum(len(json.dumps(s)) for s in lean.values())
    assert after < 0.6 * before, (after, before)

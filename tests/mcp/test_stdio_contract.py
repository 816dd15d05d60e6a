"""The server as an MCP host sees it: a real client over stdio against `python -m mcp_server`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
import yaml

from tests.support.mcp_client import REPO, BrowserClient, browser_client, server_env

pytestmark = pytest.mark.mcp

CONTRACT = yaml.safe_load((REPO / "specs" / "tool-contract.yaml").read_text(encoding="utf-8"))


async def test_tools_match_the_contract(client: BrowserClient) -> None:
    listed = {t.name: t for t in (await client.session.list_tools()).tools}
    spec = {k: v for k, v in CONTRACT["tools"].items() if not v.get("opt_in")}  # opt-in groups: off by default
    assert set(listed) == set(spec), f"extra={set(listed) - set(spec)} missing={set(spec) - set(listed)}"
    for name, tool in listed.items():
        expected = spec[name]
        assert tool.description and len(tool.description) >= 40, name
        ann = tool.annotations
        assert ann is not None, name
        assert ann.read_only_hint is expected["read_only"], name
        assert ann.destructive_hint is expected.get("destructive", False), name
        props = tool.input_schema.get("properties", {})
        assert set(props) == set(expected.get("params", {})), name
        for param, schema in props.items():
            assert schema.get("description"), f"{name}.{param} has no description"
        required = set(tool.input_schema.get("required", []))
        assert required == {p for p, d in expected.get("params", {}).items() if d.get("required")}, name


async def test_every_result_has_the_envelope_and_errors_have_categories(client: BrowserClient, site) -> None:
    categories = set(CONTRACT["error_categories"])
    ok = await client.call("navigate", url=site.url_a("form.html"))
    bad = await client.call("click", element_id="e99999")
    for call in (ok, bad):
        assert set(call.payload) == {"success", "data", "error", "metadata"}
        assert isinstance(call.payload["metadata"]["duration_ms"], int)
    assert ok.ok and ok.raw.is_error is False
    assert not bad.ok and bad.raw.is_error is True
    assert bad.error["category"] in categories and bad.error["code"] in CONTRACT["error_codes"]


def test_stdout_carries_only_protocol(tmp_path: Path, site) -> None:
    """Raw process: every stdout line is JSON-RPC; logs go to stderr."""
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "navigate", "arguments": {"url": site.url_a("index.html")}}},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "observe", "arguments": {}}},
    ]
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcp_server"], cwd=REPO, env=server_env(tmp_path / "profile"),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdin and proc.stdout
    responses = []
    try:
        for request in requests:
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            if "id" in request:
                responses.append(json.loads(proc.stdout.readline()))
    finally:
        proc.stdin.close()
        rest = proc.stdout.read()
        err = proc.stderr.read() if proc.stderr else ""
        proc.wait(timeout=30)
    for line in rest.splitlines():
        json.loads(line)
    assert [r["id"] for r in responses] == [1, 2, 3]
    observed = json.loads(responses[2]["result"]["content"][0]["text"])
    assert observed["success"] and observed["data"]["elements"]
    assert "tool" in err


async def test_bad_input_is_structured_changes_nothing_and_server_keeps_serving(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("form.html"))
    before = (await client.call("get_page_text", max_length=5000)).data["text"]
    register = next(e for e in (await client.call("observe")).data["elements"] if e["name"] == "Register")
    cases = {
        "unknown id": ("click", {"element_id": "e424242"}, "stale_element"),
        "malformed id": ("click", {"element_id": "#register"}, "invalid_input"),
        "wrong type": ("click", {"element_id": 12}, "invalid_input"),
        "empty description": ("click", {"element_description": "  "}, "invalid_input"),
        "nothing named": ("click", {}, "invalid_input"),
        "bad role": ("click", {"element_description": "Register", "role": "spaceship"}, "invalid_input"),
        "timeout too small": ("click", {"element_id": register["id"], "timeout_ms": 5}, "invalid_input"),
        "timeout too large": ("wait_for", {"text": "x", "timeout_ms": 10**9}, "invalid_input"),
        "malformed url": ("navigate", {"url": "ht!tp://??"}, "invalid_input"),
        "refused scheme": ("navigate", {"url": "javascript:alert(1)"}, "url_not_allowed"),
        "huge text": ("type_text", {"text": "x" * 20000, "element_description": "Full name"}, "invalid_input"),
        "unknown key": ("press_key", {"key": "NoSuchKey"}, "invalid_input"),
        "missing required": ("type_text", {"element_description": "Full name"}, "invalid_input"),
        "unknown tool": ("launch_rockets", {}, "invalid_input"),
        "negative offset": ("get_page_text", {"offset": -1}, "invalid_input"),
    }
    for label, (tool, args, code) in cases.items():
        with anyio.fail_after(15):
            call = await client.call(tool, **args)
        assert not call.ok, label
        assert call.error["code"] == code, (label, call.error)
        assert call.error["category"] in CONTRACT["error_categories"], label
        assert call.error["message"], label
    after = (await client.call("get_page_text", max_length=5000)).data["text"]
    assert after == before
    assert (await client.call("observe")).ok


async def test_a_hung_page_cannot_hang_a_call(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_TOOL_TIMEOUT_S="3") as client:
        with anyio.fail_after(60):  # a slow first launch goes on in the background: a later call finds it
            while not (await client.call("navigate", url=site.url_a("busy.html"), wait_until="load")).ok:
                pass
        await client.call("wait_for", text="never shown", timeout_ms=800)
        with anyio.fail_after(15):
            hung = await client.call("observe")
        assert not hung.ok and hung.error["code"] == "timeout" and hung.error["category"] == "retriable"
        with anyio.fail_after(10):
            alive = await client.call("wait_for", ms=1)
        assert alive.ok


async def test_cookie_survives_server_restart(tmp_path: Path, site) -> None:
    seen = []
    for _ in range(2):
        async with browser_client(tmp_path / "profile") as client:
            await client.call("navigate", url=site.url_a("cookie.html"))
            text = (await client.call("get_page_text")).data["text"]
            seen.append(next(line for line in text.splitlines() if line.startswith("Visits:")))
    assert seen == ["Visits: 1", "Visits: 2"]


async def test_second_server_on_same_profile_fails_clearly(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as first:
        assert (await first.call("navigate", url=site.url_a("index.html"))).ok
        async with browser_client(tmp_path / "profile") as second:
            with anyio.fail_after(20):
                clash = await second.call("observe")
            assert not clash.ok
            assert clash.error["code"] == "configuration"
            assert "already used" in clash.error["message"]

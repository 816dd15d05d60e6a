"""Several calls in flight from one client (MCP hosts do this) give the same answers as the calls in series."""

from __future__ import annotations

import re
from pathlib import Path

import anyio
import pytest

from tests.reliability.hard_site import HardSite
from tests.support.mcp_client import BrowserClient, ToolCall, browser_client

pytestmark = [pytest.mark.mcp, pytest.mark.browser]
IN_FLIGHT = 8


async def _all_at_once(client: BrowserClient, calls: list[tuple[str, dict]]) -> list[ToolCall]:
    results: list[ToolCall | None] = [None] * len(calls)

    async def one(i: int, tool: str, args: dict) -> None:
        results[i] = await client.call(tool, **args)

    with anyio.fail_after(120):
        async with anyio.create_task_group() as tg:
            for i, (tool, args) in enumerate(calls):
                tg.start_soon(one, i, tool, args)
    return [r for r in results if r is not None]


async def _ids_by_name(client: BrowserClient) -> dict[str, str]:
    observed = await client.call("observe")
    return {e["name"]: e["id"] for e in observed.data["elements"]}


async def test_calls_in_flight_give_the_answers_of_calls_in_series(hard_site: HardSite, tmp_path: Path) -> None:
    async with browser_client(tmp_path / "profile") as client:
        await _clicks(client, hard_site)
        await _typing(client, hard_site)
        await _navigations(client, hard_site)
        await _reads_overlap(client, hard_site)


async def _clicks(client: BrowserClient, hard_site: HardSite) -> None:
    for _ in range(2):
        assert (await client.call("navigate", url=hard_site.url(f"/counters?n={IN_FLIGHT}"))).ok
        ids = await _ids_by_name(client)
        results = await _all_at_once(client, [("click", {"element_id": ids[f"Add {i}"]}) for i in range(IN_FLIGHT)])
        assert all(r.ok for r in results), [r.error for r in results if not r.ok]
        text = (await client.call("get_page_text")).data["text"]
        counts = [int(n) for n in re.findall(r"counter \d+: (\d+)", text)]
        assert counts == [1] * IN_FLIGHT


async def _typing(client: BrowserClient, hard_site: HardSite) -> None:
    assert (await client.call("navigate", url=hard_site.url(f"/fields?n={IN_FLIGHT}"))).ok
    ids = await _ids_by_name(client)
    calls = [("type_text", {"element_id": ids[f"Field {i}"], "text": f"value-{i}"}) for i in range(IN_FLIGHT)]
    results = await _all_at_once(client, calls)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    assert [r.data.get("value") for r in results] == [f"value-{i}" for i in range(IN_FLIGHT)]


async def _navigations(client: BrowserClient, hard_site: HardSite) -> None:
    urls = [hard_site.url(f"/page?id={i}") for i in range(IN_FLIGHT)]
    results = await _all_at_once(client, [("navigate", {"url": u}) for u in urls])
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    assert sorted(r.data["title"] for r in results) == sorted(f"page {i}" for i in range(IN_FLIGHT))


async def _reads_overlap(client: BrowserClient, hard_site: HardSite) -> None:
    assert (await client.call("navigate", url=hard_site.url("/page?id=read"))).ok
    results = await _all_at_once(client, [("wait_for", {"text": "never on this page", "timeout_ms": 3000}),
                                          ("observe", {}), ("list_tabs", {})])
    assert results[1].ok and results[2].ok
    assert results[1].payload["metadata"]["duration_ms"] < 3000  # it did not wait behind the 3 s wait

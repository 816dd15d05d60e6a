"""extract's wrapper markers (the fences around page text) are a small part of what it returns (issue 21): at most
5% of the characters over the fixture pages, measured over stdio as a host receives them. A table's or a list's
cells are short structured values (as an element's name is): one fence at most per result, never one per cell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.mcp_client import ToolCall, browser_client

pytestmark = pytest.mark.mcp

MARKER = re.compile(r"\n?⟦/?page-content [^⟧]*⟧\n?")
PAGES = [("admin_list.html", "auto"), ("admin_inline.html", "auto"), ("grid_runs.html", "table"),
         ("long_list.html", "list"), ("admin_list.html", "links"), ("form.html", "form"), ("table.html", "auto"),
         ("admin_list.html", "text"), ("long_list.html", "text"), ("form.html", "text")]


def marker_share(result: ToolCall) -> tuple[int, int]:
    """(characters of wrapper markers, characters returned) in one result's text."""
    text = "".join(c.text for c in result.raw.content if c.type == "text")
    return sum(len(m.group(0)) for m in MARKER.finditer(text)), len(text)


async def test_extract_wrapper_markers_cost_at_most_five_percent(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        total_markers = total = 0
        for page, what in PAGES:
            assert (await client.call("navigate", url=site.url_a(page))).ok
            result = await client.call("extract", what=what)
            assert result.ok, result.payload
            markers, size = marker_share(result)
            print(f"extract {what:5} {page:30} {size:6} chars, markers {markers:4} ({100 * markers / size:.1f}%)")
            assert markers <= 2 * len("⟦/page-content 0000⟧\n"), (page, what, markers)  # one fence at most
            total_markers, total = total_markers + markers, total + size
        print(f"extract on {len(PAGES)} fixture pages: markers {100 * total_markers / total:.1f}% of {total} chars")
        assert total_markers <= 0.05 * total

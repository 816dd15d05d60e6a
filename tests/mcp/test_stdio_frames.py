"""Frames and hard pages over stdio: what an MCP host sees when the model drives iframes, dialogs, tabs, files."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from tests.support.mcp_client import BrowserClient, browser_client

pytestmark = pytest.mark.mcp


async def test_cross_origin_widget_through_frame_tools_and_the_retry_chain(client: BrowserClient, site) -> None:
    assert (await client.call("navigate", url=site.url_a("frames.html"))).ok
    listed = await client.call("list_frames")
    assert listed.ok
    widget = next(f for f in listed.data["frames"] if f.get("aria_label") == "Search widget")
    assert widget["accessible"] is True and widget["cross_origin"] is True
    switched = await client.call("switch_to_frame", frame_selector="Search widget")
    assert switched.ok and switched.data["frame"] == widget["frame"]
    assert switched.data["interactive_element_count"] == 2
    typed = await client.call("type_text", text="green sofa", element_description="Query",
                              frame=switched.data["frame"])
    assert typed.ok and typed.data["value"] == "green sofa"
    assert typed.data["retry_chain"]["strategies"] == ["iframe:Search widget", "coordinate_click"]
    clicked = await client.call("click", element_description="Go", role="button")
    assert clicked.ok
    chain = clicked.data["retry_chain"]
    assert chain["succeeded"] is True and chain["attempts"][0] == {
        "strategy": "main_frame", "frame": "main", "success": False, "error": "no match in this frame",
        "duration_ms": chain["attempts"][0]["duration_ms"]}
    assert chain["attempts"][-1]["strategy"] == "iframe:Search widget"
    content = await client.call("get_frame_content", frame_selector=widget["frame"])
    assert content.ok and "Searched for: green sofa" in content.data["content"]
    nested = await client.call("click", element_description="Nested button", frame="Nested frame")
    assert nested.ok
    assert "Nested clicks: 1" in (await client.call("get_page_text")).data["text"]
    bad = await client.call("click", element_description="Go", frame="Checkout frame")
    assert not bad.ok and bad.error["code"] == "invalid_input"
    assert "Search widget" in bad.error["hint"] and bad.error["details"]["frames"][0]["frame"] == "main"
    assert (await client.call("observe")).ok


async def test_intercepted_click_reports_the_chain_in_error_details(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("covered.html"))
    buried = await client.call("click", element_description="Buried button")
    assert not buried.ok and buried.error["code"] == "intercepted" and buried.error["category"] == "recoverable"
    chain = buried.error["details"]["retry_chain"]
    assert chain["exhausted"] is True and chain["attempts"][-1]["strategy"] == "coordinate_click"
    partly = await client.call("click", element_description="Add to basket")
    assert partly.ok and partly.data["retry_chain"]["attempts"][-1]["strategy"] == "coordinate_click"
    assert "Basket: 1" in (await client.call("get_page_text")).data["text"]


async def test_dialogs_tabs_downloads_and_uploads_over_stdio(tmp_path: Path, site) -> None:
    uploads = tmp_path / "artifacts" / "uploads"
    uploads.mkdir(parents=True)
    (uploads / "cv.txt").write_text("hello")
    async with browser_client(tmp_path / "profile") as client:
        await client.call("navigate", url=site.url_a("dialogs.html"))
        with anyio.fail_after(20):
            confirm = await client.call("click", element_description="Archive draft")
        assert confirm.ok and confirm.data["dialogs"][0]["accepted"] is False
        assert confirm.payload["metadata"]["events"][0]["kind"] == "dialog"
        assert (await client.call("handle_dialog", accept=True)).ok
        assert (await client.call("click", element_description="Archive draft")).data["dialogs"][0]["accepted"]
        assert "Draft archived" in (await client.call("get_page_text")).data["text"]

        await client.call("navigate", url=site.url_a("popups.html"))
        popup = await client.call("click", element_description="Open chat window")
        assert popup.ok and popup.data["switched_tab"] is True and popup.payload["metadata"]["tabs"] == 2
        tabs = await client.call("list_tabs")
        assert tabs.ok and [t.get("active", False) for t in tabs.data["tabs"]] == [False, True]
        assert (await client.call("close_tab")).data["count"] == 1

        await client.call("navigate", url=site.url_a("downloads.html"))
        download = await client.call("click", element_description="Download the sales report")
        saved = download.data["downloads"][0]
        assert Path(saved["path"]).parent == tmp_path / "artifacts" / "downloads" and saved["size"] > 0

        await client.call("navigate", url=site.url_a("upload.html"))
        uploaded = await client.call("upload_file", paths=["cv.txt"], element_description="Upload photo")
        assert uploaded.ok and uploaded.data["via"] == "file chooser"
        assert "Photo: cv.txt (5 bytes)" in (await client.call("get_page_text")).data["text"]
        refused = await client.call("upload_file", paths=["/etc/hostname"], element_description="Resume")
        assert not refused.ok and refused.error["code"] == "path_not_allowed"
        assert refused.error["category"] == "non_retriable"

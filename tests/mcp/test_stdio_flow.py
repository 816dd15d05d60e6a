"""Multi-step flows over stdio, using only ids and descriptions read from real observations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.mcp_client import BrowserClient, browser_client

pytestmark = pytest.mark.mcp


def pick(elements: list[dict[str, Any]], role: str, contains: str) -> str:
    """The id of the single element with this role whose name contains the words (what a model would do)."""
    hits = [e for e in elements if e["role"] == role and contains.lower() in e["name"].lower()]
    assert len(hits) == 1, (role, contains, hits)
    return str(hits[0]["id"])


async def observe(client: BrowserClient) -> dict[str, Any]:
    call = await client.call("observe")
    assert call.ok, call.error
    return dict(call.data)


async def test_search_open_product_add_to_cart(client: BrowserClient, site) -> None:
    assert (await client.call("navigate", url=site.url_a("search.html"))).ok
    page = await observe(client)
    box = pick(page["elements"], "searchbox", "search")
    typed = await client.call("type_text", element_id=box, text="lamp")
    assert typed.ok and typed.data["value"] == "lamp"
    clicked = await client.call("click", element_id=pick(page["elements"], "button", "search"))
    assert clicked.ok
    results = await observe(client)
    assert "results for 'lamp'" in results["text"]
    product_links = [e for e in results["elements"] if e["role"] == "link" and "lamp" in e["name"].lower()]
    assert product_links
    chosen = product_links[0]
    opened = await client.call("click", element_id=chosen["id"])
    assert opened.ok and opened.data.get("navigated") is True
    product = await observe(client)
    assert chosen["name"] in product["title"] + product["text"]
    add = await client.call("click", element_id=pick(product["elements"], "button", "add to cart"))
    assert add.ok
    assert "Cart (1)" in (await client.call("get_page_text")).data["text"]
    back = await client.call("navigate", history="back")
    assert back.ok and "search.html" in back.data["url"]


async def test_cross_origin_widget_and_nested_frame(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("frames.html"), wait_until="load")  # every frame loaded
    page = await observe(client)
    query = pick(page["elements"], "textbox", "query")
    assert query.startswith("f") and "Search widget" in page["frames"][query.split("e")[0]]
    assert (await client.call("type_text", element_id=query, text="blue chairs")).ok
    assert (await client.call("click", element_id=pick(page["elements"], "button", "go"))).ok
    nested = pick(page["elements"], "checkbox", "nested option")
    assert (await client.call("click", element_id=nested)).ok
    text = (await client.call("get_page_text")).data["text"]
    assert "Searched for: blue chairs" in text and "Option is on" in text
    found = await client.call("find_interactive_elements", query="nested", role="button")
    assert found.ok and found.data["elements"][0]["name"] == "Nested button"
    assert "box" in found.data["elements"][0]


async def test_description_targets_and_candidates(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("form.html"))
    assert (await client.call("type_text", element_description="Full name", text="Grace Hopper")).ok
    assert (await client.call("select_option", element_description="Country", values=["Brazil"])).ok
    assert (await client.call("click", element_description="Register", role="button")).ok
    assert "Registered: Grace Hopper, Brazil" in (await client.call("get_page_text")).data["text"]
    await client.call("navigate", url=site.url_a("long_list.html"))
    ambiguous = await client.call("click", element_description="Select item")
    assert not ambiguous.ok and ambiguous.error["code"] == "ambiguous_target"
    candidates = ambiguous.error["details"]["candidates"]
    assert (await client.call("click", element_id=candidates[0]["id"])).ok
    assert "Selected: 1 item" in (await client.call("get_page_text")).data["text"]


async def test_results_stay_under_the_hard_cap_and_say_what_was_left_out(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile", BROWSER_MAX_RESULT_CHARS="3000") as client:
        await client.call("navigate", url=site.url_a("big.html"))
        call = await client.call("observe")
        assert call.ok and call.text_chars <= 3000
        truncated = call.payload["metadata"]["truncated"]
        assert truncated["fields"] and truncated["how_to_get_more"]
        tree = await client.call("get_accessibility_tree", max_length=15000)
        assert tree.text_chars <= 3000 and "truncated" in tree.payload["metadata"]


async def test_screenshot_is_an_image_the_model_can_see(client: BrowserClient, site) -> None:
    await client.call("navigate", url=site.url_a("form.html"))
    shot = await client.call("screenshot")
    images = [c for c in shot.raw.content if c.type == "image"]
    assert shot.ok and len(images) == 1 and images[0].mime_type == "image/jpeg"
    saved = await client.call("save_screenshot", name="flow")
    assert saved.ok and Path(saved.data["path"]).exists()


async def test_an_in_page_click_result_says_the_text_it_made_appear_fenced(client: BrowserClient, site) -> None:
    """The outcome of a click that loads no new document is in its result: no page read needed to see it."""
    assert (await client.call("navigate", url=site.url_a("text_note.html"))).ok
    page = await observe(client)
    clicked = await client.call("click", element_id=pick(page["elements"], "button", "next"))
    assert clicked.ok and not clicked.data.get("navigated")
    fresh = clicked.data["new_text"]
    assert fresh.startswith("⟦page-content ") and fresh.endswith("⟧")  # page text, fenced as untrusted
    assert "Last reward: 1.00\nEpisodes done: 1" in fresh and "START" not in fresh
    assert [e["name"] for e in clicked.data["elements_diff"]["added"]] == ["START"]
    assert clicked.payload["metadata"]["page_content"] == "untrusted"
    recolored = await client.call("click", element_id=pick(page["elements"], "button", "recolor"))
    assert recolored.ok and "new_text" not in recolored.data


async def test_an_id_of_a_tab_the_page_swapped_is_a_structured_error_and_the_server_serves_on(
    client: BrowserClient, site
) -> None:
    """Issue 29 (Dagster, check 12), through the server: a later load of the page navigates itself away, navigate
    replaces the tab, and a click on an id of the closed tab answers a typed failure (the crawl's raw
    TargetClosedError came from the same look-up); the session goes on."""
    assert (await client.call("navigate", url=site.url_a("audit/swap.html"))).ok
    page = await observe(client)
    more = pick(page["elements"], "button", "more actions")
    assert (await client.call("click", element_id=pick(page["elements"], "button", "graph view"))).ok
    again = await client.call("navigate", url=site.url_a("audit/swap.html"))
    assert again.ok and "replaced_tab" in again.data, again.data
    stale = await client.call("click", element_id=more)
    assert not stale.ok and stale.error is not None, stale.data
    assert stale.error["code"] in ("page_changed", "stale_element"), stale.error
    fresh = await observe(client)
    assert (await client.call("click", element_id=pick(fresh["elements"], "button", "more actions"))).ok

"""The digest of a new page in action results: what the model already saw is not repeated (issue 11)."""

from __future__ import annotations

import pytest

from browser_core.act import actions, navigation
from browser_core.session import BrowserSession

pytestmark = pytest.mark.browser


def _named(result: dict, name: str) -> list[str]:
    return [line for line in result["elements"] if f' "{name}"' in line]


async def test_a_second_page_leaves_out_the_menu_already_shown_and_its_ids_still_work(
    session: BrowserSession, site
) -> None:
    first = await navigation.navigate(session, url=site.url_a("admin_list.html"))
    authors = _named(first, "Authors")
    assert len(authors) == 1 and "as_before" not in first
    second = await navigation.navigate(session, url=site.url_a("admin_list.html?books"))
    assert "header/menu elements as before" in second["as_before"]
    assert not _named(second, "Authors") and _named(second, "Search")  # the menu left out, the content listed
    clicked = await actions.click(session, element_id=authors[0].split()[0])
    assert clicked["url"].endswith("admin_list.html?authors")


async def test_a_long_list_is_folded_and_its_rows_stay_reachable(session: BrowserSession, site) -> None:
    result = await navigation.navigate(session, url=site.url_a("long_list.html"))
    assert result["folded"] and "items of a list folded (items 4-" in result["folded"][0]
    assert len(_named(result, "Select item 7")) == 0 and len(_named(result, "Select item 1")) == 1
    clicked = await actions.click(session, description="Select item 7")
    assert clicked["element"]["name"] == "Select item 7"

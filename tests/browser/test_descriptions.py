"""Clicks by description as a model writes them (issue 21): the words that say where an element sits count, the
obvious element is chosen at once, and an ambiguous description lists the candidates best first."""

from __future__ import annotations

import time

import pytest

from browser_core.errors import AmbiguousTarget
from browser_core.page.targets import resolve_target
from browser_core.session import BrowserSession
from tests.browser.helpers import goto

pytestmark = pytest.mark.browser


async def resolve(session: BrowserSession, description: str):  # type: ignore[no-untyped-def]
    page = await session.page()
    return await resolve_target(page, session.registry, session.settings, element_id=None, description=description)


async def href_of(target) -> str:  # type: ignore[no-untyped-def]
    return str(await target.handle.get_attribute("href"))


@pytest.mark.parametrize(("description", "href"), [
    ("page 3 link in the pagination", "?p=3"),
    ("the Next page link", "?p=2"),
    ("No link in the in-stock filter", "?stock=0"),
    ("Yes in the featured filter", "?featured=1"),
    ("the edition link of the row for A Quiet Harbour", "#e3"),
])
async def test_where_an_element_sits_picks_the_one_meant(session: BrowserSession, site, description: str,
                                                         href: str) -> None:
    await goto(session, site.url_a("admin_filters.html"))
    started = time.monotonic()
    target = await resolve(session, description)
    assert await href_of(target) == href, target.describe()
    assert time.monotonic() - started < 1.5


async def test_an_ambiguous_description_lists_candidates_best_first(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("admin_filters.html"))
    with pytest.raises(AmbiguousTarget) as info:
        await resolve(session, "No link")
    candidates = info.value.details["candidates"]
    assert 2 <= len(candidates) <= 8
    assert [c["name"] for c in candidates[:2]] == ["No", "No"]
    assert {c.get("context") for c in candidates[:2]} >= {"By in stock", "By featured"} or all(
        "match" in c for c in candidates)
    scores = [c["match"] for c in candidates]
    assert scores == sorted(scores, reverse=True)

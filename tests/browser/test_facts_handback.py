"""The gate's facts about a control come back from the page as one JSON string (faster than a nested value): the
facts are the same as the value itself gives, a key the page's script left undefined included, and a page whose
own toJSON would change the string gets the value itself."""

from __future__ import annotations

import json

import pytest

from browser_core.page.registry import handed_back_as_json
from browser_core.security.facts import FACTS_JS, FACTS_JSON_JS, FACTS_REPLACER, element_facts, parse_facts
from browser_core.session import BrowserSession

PAGES = ["effect_delete_record.html", "checkout_contact_step.html", "admin_list.html", "effect_row_modal.html"]
CONTROLS = "button, a[href], input, select, textarea, [role=button], [role=menuitem]"


@pytest.mark.parametrize("name", PAGES)
async def test_facts_handed_back_as_json_are_the_facts_of_the_value(session: BrowserSession, site, name: str) -> None:
    page = await session.page()
    await page.goto(site.url_a(name))
    controls = await page.query_selector_all(CONTROLS)
    assert len(controls) >= 2, name
    for handle in controls[:25]:
        as_value = parse_facts(await handle.evaluate(FACTS_JS))
        handed = await handle.evaluate(FACTS_JSON_JS)
        assert isinstance(handed, str)  # the string path, not the value
        assert parse_facts(handed) == as_value, await handle.evaluate("e => e.outerHTML.slice(0, 200)")


async def test_a_key_left_undefined_and_a_page_with_its_own_to_json(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("effect_delete_record.html"))
    handle = (await page.query_selector_all("button"))[0]
    sparse = "(el, pressed) => ({ tag: el.tagName, prose: undefined, rows: [undefined, ['a']], page: {} })"
    handed = await handle.evaluate(handed_back_as_json(sparse, "el, pressed", FACTS_REPLACER))
    assert isinstance(handed, str)
    assert json.loads(handed) == await handle.evaluate(sparse)  # prose: None either way, not a missing key
    as_value = parse_facts(await handle.evaluate(FACTS_JS))
    await page.evaluate("Object.prototype.toJSON = function () { return 'not the facts'; }")
    try:
        assert not isinstance(await handle.evaluate(FACTS_JSON_JS), str)  # the page's own toJSON: the value itself
        assert await element_facts(handle) == as_value
    finally:
        await page.evaluate("delete Object.prototype.toJSON")

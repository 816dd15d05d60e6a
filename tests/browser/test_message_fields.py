"""A message is said with the field it belongs to only when it sits in that field's own group: a page's notice
beside a search box is the page's, an error under a field is the field's."""

from __future__ import annotations

import pytest

from browser_core.session import BrowserSession
from tests.browser.helpers import goto, observe

pytestmark = pytest.mark.browser


async def test_a_page_notice_is_not_pinned_on_a_search_box_and_a_field_error_is_its_fields(
    session: BrowserSession, site
) -> None:
    await goto(session, site.url_a("notices.html"))
    snap = await observe(session, messages=True)
    assert {"text": "Your reply was sent."} in snap["messages"]
    assert {"text": "Enter a complete email address.", "field": "Email address"} in snap["messages"]

"""Calendars (issue 31): a month's arrows are elements (by their title or their pointer cursor), the month shown is
the context of its arrows and days, so what an action changed names the month after a month change, and a date
field behind a picker takes its date directly. On real widgets: MiniWoB++'s choose-date (jQuery UI's datepicker,
from the `miniwob` wheel) and a grid drawn as bootstrap-daterangepicker draws it (arrows: bare header cells)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_core.act import actions, forms
from browser_core.session import BrowserSession
from tests.browser.helpers import goto, observe

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def choose_date_url() -> Iterator[str]:
    pytest.importorskip("miniwob")
    from browser_agent_evals.web import EvalWeb

    with EvalWeb() as web:
        ctx = web.register(miniwob_task="choose-date", seed="calendar-test")
        yield f"{web.base(ctx.token)}/miniwob/choose-date.html"


def _named(elements: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [e for e in elements if e["name"] == name]


async def test_a_jquery_ui_datepicker_lists_its_arrows_and_names_the_month_in_what_changed(
    session: BrowserSession, choose_date_url: str
) -> None:
    await goto(session, choose_date_url)
    field = next(e for e in (await observe(session))["elements"] if e["role"] == "textbox")
    opened = await actions.click(session, element_id=field["id"])
    added = opened["elements_diff"]["added"]
    prev, following = _named(added, "Prev"), _named(added, "Next")  # the arrows' own title, no href
    assert [e["role"] for e in prev + following] == ["button", "button"]
    month = prev[0]["context"]
    assert month == "December 2016" and following[0]["context"] == month
    assert all(e["context"] == month for e in added if e["name"].isdigit())  # a day says its month

    back = await actions.click(session, element_id=prev[0]["id"])
    now = _named(back["elements_diff"]["added"], "Prev")
    assert now and now[0]["context"] == "November 2016"  # the month change names the month now shown
    assert prev[0]["id"] in back["elements_diff"]["removed"]

    snap = await observe(session)
    assert {e["name"]: e["context"] for e in snap["elements"] if e["role"] == "button" and e.get("context")} == {
        "Prev": "November 2016",
        "Next": "November 2016",
    }
    day = next(e for e in snap["elements"] if e["name"] == "23" and e.get("context") == "November 2016")
    picked = await actions.click(session, element_id=day["id"])
    assert picked["elements_diff"]["changed"][0]["value"] == "11/23/2016"


async def test_fill_form_sets_a_date_months_away_through_the_picker(
    session: BrowserSession, choose_date_url: str
) -> None:
    await goto(session, choose_date_url)
    field = next(e for e in (await observe(session))["elements"] if e["role"] == "textbox")
    assert "readonly" in field.get("state", "")
    filled = await forms.fill_form(session, fields=[{"element_id": field["id"], "value": "3/7/2016"}])
    assert filled["fields"][0]["value"] == "03/07/2016"
    page = await session.page()
    assert await page.evaluate("() => document.querySelector('input').value") == "03/07/2016"


async def test_arrows_drawn_as_bare_cells_are_found_by_their_pointer_cursor(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("calendar_pointer.html"))
    snap = await observe(session)
    in_month = [e for e in snap["elements"] if e.get("context") == "Nov 2026"]
    arrows = [e for e in in_month if not e["name"].isdigit()]
    assert [e["name"] for e in arrows] == ["previous", "next"]  # nameless: named by where they sit
    assert len([e for e in in_month if e["name"].isdigit()]) == 30
    forward = arrows[1]
    moved = await actions.click(session, element_id=forward["id"])
    contexts = {e.get("context") for e in moved["elements_diff"]["added"]}
    assert contexts == {"Dec 2026"}
    day = next(e for e in (await observe(session))["elements"] if e["name"] == "24" and e.get("context") == "Dec 2026")
    await actions.click(session, element_id=day["id"])
    page = await session.page()
    assert await page.evaluate("() => document.getElementById('when').value") == "2026-12-24"

"""A tree a script draws as a flat list with no ARIA (issue 29 §4, on a shape other than the trial's app): rows placed
by their offset, only those in view drawn, one listener on the pane; a click picks a row, a double click or a click on
its caret opens a drawer. Each drawer is listed with its state (a model knows it can open it), the pane says it
holds more than it shows (never listed as one control named by its rows), and scrolling by one of its rows' ids
brings the rest."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.act import actions, scrolling
from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser


def states(snap: dict[str, Any], name: str) -> str:
    return str(find(snap, name, "clickable").get("state", ""))


async def test_a_drawn_trees_items_say_open_or_shut_and_leaves_say_nothing(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("cabinet_tree.html"))
    snap = await observe(session)
    assert "collapsed" in states(snap, "Drawer 1") and "collapsed" in states(snap, "Drawer 2"), snap["elements"]
    out = await actions.click(session, element_id=find(snap, "Drawer 2", "clickable")["id"], double=True)
    assert out["action"] == "double_click"
    snap = await observe(session)
    assert "expanded" in states(snap, "Drawer 2") and "collapsed" in states(snap, "Drawer 1")
    leaf = states(snap, "Letters of drawer 2")  # a folder in the open drawer: nothing to open
    assert "collapsed" not in leaf and "expanded" not in leaf


async def test_a_pane_drawing_only_its_rows_in_view_says_it_holds_more_and_scrolls_by_a_rows_id(
        session: BrowserSession, site) -> None:
    await goto(session, site.url_a("cabinet_tree.html"))
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"] if e["role"] == "clickable"]
    assert "Drawer 30" not in names and not [n for n in names if "Drawer 2" in n and n != "Drawer 2"], names  # the pane
    assert any(n.startswith("a box scrolls") and "more below" in n and "'Drawer 1'" in n for n in snap["notes"]), snap
    out = await scrolling.scroll(session, element_id=find(snap, "Drawer 3", "clickable")["id"], amount=600)
    assert out["scroll"]["y"] > 0, out
    page = await session.page()  # the pane draws its rows on its scroll event, a frame later
    await page.wait_for_function("() => !!document.querySelector('.node[data-i=\"29\"]')", timeout=5000)
    snap = await observe(session)
    assert "Drawer 30" in [e["name"] for e in snap["elements"] if e["role"] == "clickable"]

"""observe: ids across frames, states, budgets, notes — on real Chromium."""

from __future__ import annotations

import pytest

from browser_core.session import BrowserSession
from tests.browser.helpers import find, goto, observe

pytestmark = pytest.mark.browser


async def test_form_elements_roles_names_states(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    snap = await observe(session)
    assert snap["title"] and snap["url"].endswith("form.html")
    assert find(snap, "Full name", "textbox")
    assert find(snap, "Email address", "textbox")["type"] == "email"
    country = find(snap, "Country", "combobox")
    assert country["value"] == "France"
    assert "disabled" in find(snap, "Locked", "button")["state"]
    assert "checked" in find(snap, "Free", "radio")["state"]
    assert "collapsed" in find(snap, "Help", "button")["state"]
    assert "Registered" not in snap["text"]
    ids = [e["id"] for e in snap["elements"]]
    assert len(ids) == len(set(ids))


async def test_ids_are_stable_across_observations(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    first = await observe(session)
    second = await observe(session)
    assert [e["id"] for e in first["elements"]] == [e["id"] for e in second["elements"]]


async def test_ids_span_same_cross_origin_nested_and_late_frames(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("frames.html"))
    page = await session.page()
    late_element = await page.wait_for_selector("iframe[name=late-frame]", timeout=10000)
    late = await late_element.content_frame()
    assert late is not None
    await late.wait_for_selector("text=Late button", timeout=10000)
    snap = await observe(session)
    main_prefix = find(snap, "Main button")["id"].split("e")[0]
    by_name = {name: find(snap, name) for name in ("Nickname", "Query", "Nested button", "Late button")}
    prefixes = {name: e["id"].split("e")[0] for name, e in by_name.items()}
    assert all(p.startswith("f") for p in prefixes.values()), prefixes
    assert len(set(prefixes.values()) | {main_prefix}) == 5
    paths = snap["frames"]
    assert "Search widget" in paths[prefixes["Query"]]
    assert paths[prefixes["Nested button"]].count(">") == 2
    assert "Same-origin widget" in paths[prefixes["Nickname"]]


async def test_budget_lists_viewport_first_and_counts_the_rest(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("long_list.html"))
    snap = await observe(session)
    limit = session.settings.max_elements
    assert len(snap["elements"]) <= max(limit, session.settings.max_viewport_elements)
    assert snap["counts"]["total"] >= 500
    assert any("more interactive elements" in n for n in snap["notes"])
    visible = [e for e in snap["elements"] if "off" not in e]
    assert visible and all(e["name"].startswith("Select item") for e in visible if e["role"] == "button")
    assert not any(e["name"] == "Back to top" for e in snap["elements"])


async def test_overlay_and_modal_are_reported(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("overlay.html"))
    snap = await observe(session)
    assert any(n.startswith("overlay") for n in snap.get("notes", []))
    page = await session.page()
    await page.get_by_role("button", name="Continue").click()
    snap = await observe(session)
    assert any("modal dialog open" in n and "Newsletter" in n for n in snap["notes"])


async def test_text_excerpt_is_bounded(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("big.html"))
    snap = await observe(session)
    assert 0 < len(snap["text"]) <= session.settings.max_text_chars
    assert snap["counts"]["total"] >= 250
    assert len(snap["elements"]) <= session.settings.max_viewport_elements


async def test_boxes_on_request(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("form.html"))
    snap = await observe(session, boxes=True)
    box = find(snap, "Register")["box"]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0


async def test_script_only_clickables_are_found_by_their_pointer_cursor(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("index.html"))
    page = await session.page()
    await page.evaluate("""() => {
      const row = document.createElement('div');
      row.style.cursor = 'pointer';
      row.innerHTML = '<span>Quarterly report</span> <span>from Alice</span>';
      row.addEventListener('click', () => { row.textContent = 'Opened the report'; });
      document.body.prepend(row);
    }""")
    snap = await observe(session)
    row = find(snap, "Quarterly report from Alice")
    assert row["role"] == "clickable"
    from browser_core.act import actions

    await actions.click(session, element_id=row["id"])
    assert "Opened the report" in await page.inner_text("body")


async def test_a_frame_busy_in_a_script_does_not_stall_observe(session: BrowserSession, site, monkeypatch) -> None:
    import anyio

    monkeypatch.setattr(session.settings, "iframe_timeout_ms", 800)
    await goto(session, site.url_a("busy_frame.html"))
    page = await session.page()
    ticker = next(f for f in page.frames if f.url.startswith(site.origin_b))
    await page.evaluate("() => document.querySelector('iframe').contentWindow.postMessage('ticker-go', '*')")
    with anyio.fail_after(5):  # until the frame stops answering
        while True:
            with anyio.move_on_after(0.3) as probe:
                await ticker.evaluate("() => 1")
            if probe.cancelled_caught:
                break
    with anyio.fail_after(5):
        snap = await observe(session)
    assert any("could not be read" in n and "800 ms" in n for n in snap["notes"])
    assert find(snap, "Refresh totals")


async def test_unlabelled_fields_and_icons_get_names_from_what_is_around_them(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("index.html"))
    page = await session.page()
    await page.evaluate("""() => {
      const box = document.createElement('div');
      box.innerHTML = '<div>City: <input id="x1"></div>'
        + '<p>Please write the name of the city where you were born, as it appears in your passport.</p>'
        + '<div><input id="x2"></div>'
        + '<span class="icon icon-trash" style="display:inline-block;width:16px;height:16px"'
        + ' onclick="this.textContent=1"></span>';
      document.body.prepend(box);
    }""")
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"] if e["role"] in ("textbox", "clickable")]
    assert "City:" in names
    assert "delete" in names  # an icon class (icon-trash) read through the icon vocabulary
    assert not any(n.startswith("Please write") for n in names), "prose is not a field's label"


async def test_a_page_that_gives_arrays_and_objects_a_tojson_is_observed_the_same(session: BrowserSession,
                                                                                   site) -> None:
    # Old libraries (Prototype.js) gave Array and Object a toJSON: the walker's answer must not go through it.
    await goto(session, site.url_a("form.html"))
    plain = await observe(session)
    page = await session.page()
    await page.evaluate("""() => {
      Array.prototype.toJSON = function () { return 'forged'; };
      Object.prototype.toJSON = function () { return 'forged'; };
      JSON.stringify = () => '{"elements": []}';
    }""")
    patched = await observe(session)
    assert [(e["id"], e["role"], e["name"]) for e in patched["elements"]] == [
        (e["id"], e["role"], e["name"]) for e in plain["elements"]]
    assert find(patched, "Full name", "textbox")
    await page.evaluate("() => { delete Array.prototype.toJSON; delete Object.prototype.toJSON; }")
    forged = await observe(session)  # JSON.stringify alone replaced: not used either
    assert [(e["id"], e["role"], e["name"]) for e in forged["elements"]] == [
        (e["id"], e["role"], e["name"]) for e in plain["elements"]]


async def test_a_focusable_block_holding_controls_is_not_listed_as_one(session: BrowserSession, site) -> None:
    """A scrollable log region and a modal's backdrop take focus (tabindex=0) and hold controls: their controls are
    listed, never the block itself named by all its text or its dialog's label; a focusable card that is one
    control (a click of its own, nothing inside) stays listed."""
    await goto(session, site.url_a("focusable_containers.html"))
    snap = await observe(session)
    assert [e["name"] for e in snap["elements"] if e["role"] == "clickable"] == ["Open the Q3 report"], snap
    assert find(snap, "the scheduling guide", "link")
    page = await session.page()
    await page.get_by_role("button", name="Rename").click()
    snap = await observe(session)
    assert [e["name"] for e in snap["elements"] if e["role"] == "clickable"] == ["Open the Q3 report"], snap
    assert find(snap, "Save", "button") and find(snap, "Name", "textbox")

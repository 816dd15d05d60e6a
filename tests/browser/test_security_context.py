"""The page around a held act (issue 29 §1, §2): the app's own question belongs to the form under it, never to the
site's shell; the object is the selection the control acts on (ticked or aria-selected rows, by their keys) or
the record of the detail page it sits on (its title heading), never a view's title. Read in Chromium from
structure and ARIA states, judged by the gate's detector without acting."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.errors import ConfirmationRequired
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import element_facts
from browser_core.security.policy import load_policy
from browser_core.security.verdict import Verdict
from browser_core.session import BrowserSession
from tests.browser.helpers import find, observe

pytestmark = pytest.mark.browser

DETECTOR = DestructiveActionDetector(load_policy())


async def _judge(page, role: str, name: str) -> Verdict | None:  # type: ignore[no-untyped-def]
    handle = await page.get_by_role(role, name=name, exact=True).element_handle()
    return DETECTOR.classify("click", role, name, await element_facts(handle))


async def test_the_pages_question_commits_its_own_form_never_the_shells(session: BrowserSession, site) -> None:
    """A confirmation page in an app shell: its neutral 'Continue' removes the project the question names; the
    banner's sign-out, the sidebar's workspace switch and the footer's language form post too, and stay ordinary."""
    page = await session.page()
    await page.goto(site.url_a("effect_confirm_chrome.html"))
    held = await _judge(page, "button", "Continue")
    assert held is not None and held.category == "delete" and held.objects == ("Atlas",), held
    for name in ("Sign out", "Switch to Operations", "Apply"):
        assert await _judge(page, "button", name) is None, name


async def test_rows_picked_by_their_aria_state_are_the_objects_of_the_bulk_action(
        session: BrowserSession, site) -> None:
    """A mail list whose rows are picked by click (aria-selected, no checkbox): the toolbar's Delete names the
    picked messages by their keys (the subject; the sender repeats down its column); with none picked it names
    nothing, and never the view's title ('Inbox', the current folder)."""
    page = await session.page()
    await page.goto(site.url_a("effect_selected_rows.html"))
    alone = await _judge(page, "button", "Delete")
    assert alone is not None and alone.objects == () and "'Inbox'" not in alone.effect, alone
    await page.get_by_text("This week: 30% off garden furniture").click()
    await page.get_by_text("Catering options for the offsite").click()
    held = await _judge(page, "button", "Delete")
    assert held is not None and held.category == "delete"
    assert held.objects == ("This week: 30% off garden furniture", "Catering options for the offsite"), held


DETAIL = """
<header><nav aria-label="Main"><a href="/docs">Documents</a> <a href="/shared">Shared with me</a></nav></header>
<main>
  <nav aria-label="Breadcrumb"><a href="/docs">Documents</a> › Finance</nav>
  <h1>Quarterly report draft</h1>
  <p>Edited by Ravi Shah · 3 days ago</p>
  <div class="actions"><button type="button" id="drop">Delete</button> <button type="button">Share</button></div>
  <table><tr><th>Version</th><th>Saved</th></tr><tr><td>v3</td><td>2025-01-04</td></tr>
    <tr><td>v2</td><td>2025-01-02</td></tr></table>
</main>
"""


async def test_a_detail_pages_heading_is_the_record_its_own_delete_acts_on(session: BrowserSession) -> None:
    """A record's page (no row, no selection): its one title heading is the object, said once in the summary;
    the same page titled by its navigation's own label ('Documents') is a view, and names nothing."""
    page = await session.page()
    await page.set_content(DETAIL)
    held = DETECTOR.classify("click", "button", "Delete", await element_facts(await page.query_selector("#drop")))
    assert held is not None and held.objects == ("Quarterly report draft",), held
    assert held.effect.count("Quarterly report draft") == 1, held.effect
    await page.set_content(DETAIL.replace("<h1>Quarterly report draft</h1>",
                                          '<h1>Edit document <a href="/docs/7">Quarterly report draft</a></h1>'))
    part = DETECTOR.classify("click", "button", "Delete", await element_facts(await page.query_selector("#drop")))
    assert part is not None and part.objects == ("Quarterly report draft",), part  # the heading's own element
    await page.set_content(DETAIL.replace("<h1>Quarterly report draft</h1>", "<h1>Documents</h1>"))
    view = DETECTOR.classify("click", "button", "Delete", await element_facts(await page.query_selector("#drop")))
    assert view is not None and view.objects == (), view
    await page.set_content(DETAIL)  # a control for everything on a record's page is not that record's own
    every = DETECTOR.classify("click", "button", "Delete everything",
                              await element_facts(await page.query_selector("#drop")))
    assert every is not None and every.objects == (), every


async def test_cards_that_share_a_parent_link_are_keyed_by_their_own_link(session: BrowserSession, site) -> None:
    """Cards whose first link is their parent's (the same job on every run of it) are known by the link no other card
    shows: each checkbox carries its own run, and a bulk Delete names the checked run, never the shared job."""
    page = await session.page()
    await page.goto(site.url_a("lines_parent_link.html"))
    snap = await observe(session)
    boxes = [e.get("context", "") for e in snap["elements"]
             if e["role"] == "checkbox" and "Select all" not in e["name"]]
    assert len(boxes) == 4 and len(set(boxes)) == 4, boxes
    assert all("-run-" in c for c in boxes), boxes
    await page.locator(".run-card input").nth(1).check()
    assert await page.locator("#all").is_checked()
    held = await _judge(page, "button", "Delete")
    assert held is not None and held.category == "delete"
    assert held.objects == ("ingest-run-quiet-owl",), held


async def test_ticked_lines_of_a_div_grid_are_named_by_the_cell_no_other_line_repeats(
        session: BrowserSession, site) -> None:
    """A grid drawn with divs whose app keeps the selection in aria-checked (the input's checked stays false): the
    bulk Delete names the ticked lines by their own text, never their dates or the initials other lines repeat."""
    page = await session.page()
    await page.goto(site.url_a("lines_div_grid_ticks.html"))
    for n in (1, 3, 6):
        await page.get_by_role("checkbox", name=f"Select item {n}").click()
    held = await _judge(page, "button", "Delete selected")
    assert held is not None and held.category == "delete"
    # each date is its own, yet a date says when, never which item
    assert held.objects == ("The checkout was quick.", "Arrived on Tuesday.", "Battery died after a month."), held


async def test_a_section_titled_by_its_controls_words_is_no_record(session: BrowserSession, site) -> None:
    """A settings page's look-alike sections, each headed by its button's own words ('Delete workspace'), the
    record only in the page's title: the delete names no section as its record (the effect says the page)."""
    page = await session.page()
    await page.goto(site.url_a("sections_titled_by_control.html"))
    held = await _judge(page, "button", "Delete workspace")
    assert held is not None and held.category == "delete"
    assert held.objects == (), held
    assert "Atlas" in held.effect


async def test_a_modal_named_by_a_missing_id_is_titled_by_its_first_line(session: BrowserSession, site) -> None:
    """The app's own modal points its name at an id no element has and shows its title as a plain first line: its
    Confirm is held by that title ('Stop Job Run': a cancel of running work, the body only names the new state);
    the same structure titled 'Edit Variable' leaves its Save ordinary."""
    page = await session.page()
    await page.goto(site.url_a("effect_untitled_modal.html"))
    await page.get_by_role("button", name="Stop", exact=True).click()
    held = await _judge(page, "button", "Confirm")
    assert held is not None and held.category == "cancel", held
    assert held.objects == ("nightly-build",), held
    await page.get_by_role("button", name="Close", exact=True).click()
    await page.get_by_role("button", name="Edit", exact=True).click()
    assert await _judge(page, "button", "Save") is None


async def test_a_modal_that_repeats_its_openers_record_unquoted_names_it(session: BrowserSession, site) -> None:
    """A row's Stop opens the app's shared modal, whose body names the run as plain words: the held Confirm names
    that run (the opener's row), on a detail page the page's own record (above); a list's heading never. The run's
    name is data, never words to judge: 'send-report-run-4' is stopped, not sent."""
    page = await session.page()
    await page.goto(site.url_a("effect_row_modal.html"))
    opener = await page.locator(".stop").nth(1).element_handle()
    await opener.click()
    confirm = await page.get_by_role("button", name="Confirm", exact=True).element_handle()
    held = DETECTOR.classify("click", "button", "Confirm", await element_facts(confirm, opener))
    assert held is not None and held.category == "cancel" and held.objects == ("cobalt-run-2",), held
    held = DETECTOR.classify("click", "button", "Confirm", await element_facts(confirm))
    assert held is not None and held.objects != ("Runs",), held
    await page.get_by_role("button", name="Close", exact=True).click()
    opener = await page.locator(".stop").nth(3).element_handle()
    await opener.click()
    held = DETECTOR.classify("click", "button", "Confirm", await element_facts(confirm, opener))
    assert held is not None and held.category == "cancel" and held.objects == ("send-report-run-4",), held


ASKS = "onclick=\"if (confirm('Delete it? This cannot be undone.')) document.title = 'gone'\""
TIDY = DETAIL.replace('<button type="button">Share</button>',
                      f'<button type="button" id="tidy" {ASKS}>Tidy up</button> '
                      f'<button type="button" id="every" {ASKS}>Tidy up everything</button>')
LISTED = """
<main>
  <h1>Quarterly reports</h1>
  <div class="actions"><button type="button" id="tidy" {asks}>Tidy up</button></div>
  <table><tr><th>Report</th><th></th></tr>
    <tr><td><a href="/docs/7">Q3 report draft</a></td><td><a href="/docs/7/edit">Edit</a></td></tr>
    <tr><td><a href="/docs/8">Q2 report</a></td><td><a href="/docs/8/edit">Edit</a></td></tr></table>
</main>
""".replace("{asks}", ASKS)


async def _held_at_dialog(session: BrowserSession, name: str) -> tuple[str, ...]:
    """Click the control through the gate: its name says nothing, its native confirm() deletes; the objects held."""
    snap = await observe(session)
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(snap, name, "button")["id"])
    summary = held.value.details["summary"]
    assert summary["category"] == "delete" and summary["dialog"] == "Delete it? This cannot be undone.", summary
    assert await (await session.page()).title() != "gone"  # dismissed: nothing happened
    return tuple(summary["objects"])


async def test_a_native_confirm_names_the_record_by_the_button_paths_own_rule(session: BrowserSession) -> None:
    """A control whose name says nothing ('Tidy up') and whose native confirm() names no record acts on what its own
    verdict would name: on a record's page its title heading; not for a control for everything, and not on a page
    listing records (the heading titles the collection). The detector's rule and the dialog's are the one rule."""
    page = await session.page()
    await page.set_content(TIDY)
    for name, objects in (("Tidy up", ("Quarterly report draft",)), ("Tidy up everything", ())):
        facts = await element_facts(await page.get_by_role("button", name=name, exact=True).element_handle())
        assert tuple(DETECTOR.acted_on(facts, name)) == objects, name
        said = name.replace("Tidy up", "Delete")  # the same control named for its act: the button path
        verdict = DETECTOR.classify("click", "button", said, facts)
        assert verdict is not None and verdict.objects == objects, verdict
        assert await _held_at_dialog(session, name) == objects, name
    await page.set_content(LISTED)
    facts = await element_facts(await page.query_selector("#tidy"))
    assert DETECTOR.acted_on(facts, "Tidy up") == [] and facts.page.heading == "Quarterly reports", facts.page
    assert await _held_at_dialog(session, "Tidy up") == ()


async def test_a_dialog_that_only_reports_a_delete_asks_nothing(session: BrowserSession, site) -> None:
    """The app's dialog after a bulk act reports what was done and offers one button: closing it commits nothing.
    The same words with a way out beside the one action are a question, held."""
    page = await session.page()
    await page.goto(site.url_a("dialog_notice_after_delete.html"))
    detector = DestructiveActionDetector(load_policy())
    told = await element_facts(await page.locator("#ack").element_handle())
    assert detector.classify("click", "button", "Finish", told) is None
    asking = await element_facts(await page.locator("#go").element_handle())
    asked = detector.classify("click", "button", "Finish", asking)
    assert asked is not None and asked.category == "delete", asked



async def test_a_checkout_step_asking_the_users_own_details_sends_no_message(session: BrowserSession, site) -> None:
    """A checkout's step that asks the user's contact and delivery details (an email, a phone, a recipient's name
    and a street-address box the form declares by its autocomplete) moves on with its 'Continue': it writes no
    message, whether the delivery part is folded away or shown. A recipient and a note box still send one."""
    page = await session.page()
    await page.goto(site.url_a("checkout_contact_step.html"))
    assert await _judge(page, "button", "Continue") is None
    await page.get_by_text("Delivery address (optional)").click()
    await page.get_by_label("Street and number").wait_for(state="visible")
    assert await _judge(page, "button", "Continue") is None
    await page.goto(site.url_a("effect_compose.html"))
    held = await _judge(page, "button", "Continue")
    assert held is not None and held.category == "send", held


async def test_picked_table_rows_are_the_objects_never_the_trees_marked_shelf(session: BrowserSession, site) -> None:
    """A plain table's rows marked picked (aria-selected on a <tr> without a role) beside a tree whose marked item is
    the shelf shown: the toolbar's Remove names the picked rows, one or two (a Control-click adds), never the shelf."""
    page = await session.page()
    await page.goto(site.url_a("effect_selected_tree_rows.html"))
    await page.get_by_text("Soups of the northern coast").click()
    one = await _judge(page, "button", "Remove")
    assert one is not None and one.category == "delete" and one.objects == ("Soups of the northern coast",), one
    await page.get_by_text("One pot, forty suppers").click(modifiers=["Control"])
    two = await _judge(page, "button", "Remove")
    assert two is not None and two.objects == ("Soups of the northern coast", "One pot, forty suppers"), two
    assert "Cookbooks" not in two.effect, two


PEOPLE = """
<ul role="tree" aria-label="Address books"><li role="treeitem" aria-selected="true"><a href="#">Friends</a></li>
  <li role="treeitem"><a href="#">Work</a></li></ul>
<div class="bar"><button type="button" id="forget">Delete</button></div>
<ul role="listbox" aria-label="People"><li role="option" id="p1">Hanna Berg</li>
  <li role="option" id="p2" aria-selected="true">Yusuf Demir</li><li role="option" id="p3">Lea Moreau</li></ul>
"""


async def test_a_picked_option_is_the_object_never_the_trees_marked_book(session: BrowserSession) -> None:
    """An address list (a listbox) beside a tree of address books: Delete names the picked person only."""
    page = await session.page()
    await page.set_content(PEOPLE)
    held = DETECTOR.classify("click", "button", "Delete", await element_facts(await page.query_selector("#forget")))
    assert held is not None and held.objects == ("Yusuf Demir",), held


SEEDS = """
<style>.tick { display: inline-block; width: 14px; height: 14px; border: 1px solid #555; }</style>
<h2>Seed tin</h2>
<div class="tools"><button type="button" id="bin">Remove</button></div>
<table><thead><tr><th></th><th>Packet</th><th>Sown by</th></tr></thead><tbody>
<tr><td><div role="checkbox" tabindex="0" aria-pressed="true"><i class="tick"></i></div></td>
  <td>Runner bean Scarlet Emperor</td><td>May</td></tr>
<tr><td><div role="checkbox" tabindex="0" aria-pressed="false"><i class="tick"></i></div></td>
  <td>Beetroot Boltardy</td><td>June</td></tr>
<tr><td><div role="checkbox" tabindex="0" aria-pressed="true"><i class="tick"></i></div></td>
  <td>Parsnip Tender and True</td><td>April</td></tr>
</tbody></table>
"""


async def test_row_boxes_that_declare_their_tick_by_pressed_state_are_the_picks(session: BrowserSession) -> None:
    """A row's box given the checkbox role that says it is ticked with aria-pressed (a toggle button's state), not
    aria-checked: it is ticked, in the observation and as the object of the list's bulk action."""
    page = await session.page()
    await page.set_content(SEEDS)
    held = DETECTOR.classify("click", "button", "Remove", await element_facts(await page.query_selector("#bin")))
    assert held is not None and held.objects == ("Runner bean Scarlet Emperor", "Parsnip Tender and True"), held
    snap = await observe(session)
    boxes = [e for e in snap["elements"] if e["role"] == "checkbox"]
    assert ["checked" in (e.get("state") or "") for e in boxes] == [True, False, True], snap["elements"]


ROOM_MENU = """<!doctype html><html><head><title>Rooms</title></head><body><h1>Meeting rooms</h1>
<button id="opener" aria-expanded="true">Room options</button>
<div style="position:absolute;top:40px;left:10px"><div aria-labelledby="no-such-id" role="dialog" tabindex="-1">
  <div style="display:flex;flex-direction:column"><button type="button">Pin to top<br><kbd>P</kbd></button>
  <button type="button">Show floor plan</button>
  <button type="button" id="retire">Delete room</button></div></div></div></body></html>"""


async def test_a_popup_menus_first_command_is_no_title(session: BrowserSession) -> None:
    """A popup menu drawn as a dialog named by an id nothing has, its lines all commands (each with its key on a line
    of its own): its first command ("Pin to top") titles nothing, and is never the record its "Delete room" acts on
    (issue 29: a budgeting app's hold read "delete 'Show running balance'", its account menu's first item)."""
    page = await session.page()
    await page.set_content(ROOM_MENU)
    facts = await element_facts(await page.query_selector("#retire"))
    assert facts is not None and facts.page.dialog == "", facts.page.dialog
    held = DETECTOR.classify("click", "button", "Delete room", facts)
    assert held is not None and "Pin to top" not in held.objects, held


async def test_the_record_under_an_act_heading_is_named_whatever_its_heading_level(
        session: BrowserSession, site) -> None:
    """A confirmation page headed by the act ('Remove entry') whose question names no record ('… remove the entry
    shown below?') shows the record in a heading of a lower level below it (an h5): the held act names it, never
    only the question."""
    page = await session.page()
    await page.goto(site.url_a("confirm_record_heading.html"))
    held = await _judge(page, "button", "Yes, go ahead")
    assert held is not None and held.objects == ("Spring fair (draft)",), held
    assert "Spring fair (draft)" in held.effect, held


BOAT_PAGE = """
<div style="display:flex">
  <div class="side">
    <a href="#/boats/1" style="display:flex;gap:8px"><span>Kittiwake</span><span>8 m</span></a>
    <a href="#/boats/2" aria-current="page" style="display:flex;gap:8px"><span>Heron</span><span>12 m</span></a>
  </div>
  <div class="work">
    <div class="top"><div class="title"><div>Heron</div><button>Rename boat</button></div>
      <button id="opener" aria-haspopup="menu" aria-expanded="true" aria-controls="boatmenu">Boat options</button></div>
    <div role="menu" id="boatmenu"><div role="menuitem" tabindex="-1">Show moorings</div>
      <div role="menuitem" tabindex="-1" id="scrap">Delete boat</div></div>
  </div>
</div>
"""


async def test_a_menus_record_is_the_current_navigation_item_its_opener_shows(session: BrowserSession) -> None:
    """A record's page whose name is plain words beside its menu's opener (no heading, no breadcrumb) and the current
    item of its navigation (aria-current): the menu's act names that record (issue 29: an account's Close account
    named no account)."""
    page = await session.page()
    await page.set_content(BOAT_PAGE)
    facts = await element_facts(await page.query_selector("#scrap"))
    held = DETECTOR.classify("click", "menuitem", "Delete boat", facts)
    assert held is not None and "Heron" in held.effect and "Kittiwake" not in held.effect, held


BOAT_LAYER = """
<div style="display:flex">
  <div class="side">
    <a href="#/boats" aria-current="page" style="display:flex;gap:8px"><span>All boats</span><span>2</span></a>
    <a href="#/boats/2" aria-current="page" style="display:flex;gap:8px"><span>Heron</span><span>12 m</span></a>
  </div>
  <div class="work"><div class="top"><div><div>Heron</div><div>12 m</div></div>
    <button id="opener" aria-label="Boat options" aria-expanded="false">⋯</button></div></div>
</div>
<script>
  document.getElementById('opener').addEventListener('click', (e) => {
    e.currentTarget.setAttribute('aria-expanded', 'true');
    const layer = document.createElement('section');
    layer.setAttribute('role', 'dialog');
    layer.style.cssText = 'position:absolute;top:40px;left:200px;background:#fff';
    layer.innerHTML = '<div><button>Show moorings</button></div><div><button id="scrap">Delete boat</button></div>';
    document.body.append(layer);
  });
</script>
"""


async def test_a_layer_menus_record_is_the_current_navigation_item_its_opener_shows(session: BrowserSession) -> None:
    """The same page with its menu drawn as a layer of its own (a dialog section, no menu role) opened by the
    control clicked last: its act names the record too."""
    page = await session.page()
    await page.set_content(BOAT_LAYER)
    await actions.click(session, element_id=find(await observe(session), "Boat options")["id"])
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(await observe(session), "Delete boat")["id"])
    assert "Heron" in held.value.details["summary"]["effect"], held.value.details["summary"]


async def test_rows_picked_by_a_box_that_only_draws_its_tick_are_the_objects_of_the_bulk_action(
        session: BrowserSession, site) -> None:
    """Loan slips picked by a box at the start of each line that draws its tick (no input, no ARIA state): the
    person's clicks are the selection. Remove names the two slips picked, never the slip whose box was clicked
    twice (picked, then let go) nor the one whose end-of-line flag was set."""
    page = await session.page()
    await page.goto(site.url_a("drawn_tick_rows.html"))
    slip = page.locator("li")
    await slip.filter(has_text="Moth Hours").locator(".pick").click()
    await slip.filter(has_text="Lantern Maps").locator(".pick").click()
    await slip.filter(has_text="Lantern Maps").locator(".pick").click()
    await slip.filter(has_text="Salt Roads").locator(".flag").click()
    await slip.filter(has_text="The Tide Clock").locator(".pick").click()
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(await observe(session), "Remove", "button")["id"])
    summary = held.value.details["summary"]
    assert summary["category"] == "delete" and summary["objects"] == ["Moth Hours", "The Tide Clock"], summary


async def test_a_title_drawn_before_its_chips_keys_the_row_never_a_chip(session: BrowserSession, site) -> None:
    """A list whose record title is plain words between a photo link (alike on every row) and shelf chips linked to
    the list's filter: every row's controls carry the title, never the kind badge every row repeats; a ticked row
    whose shelf no other row shows is named by its title, never by that chip, and ticked rows sharing a shelf are
    named by their titles alone."""
    page = await session.page()
    await page.goto(site.url_a("titles_before_chips.html"))
    snap = await observe(session)
    opens = [e.get("context", "") for e in snap["elements"] if e["name"] == "Open"]
    assert opens == ["row 'Lentil and lemon broth'", "row 'Barley and leek soup'", "row 'Fig and almond tart'",
                     "row 'Green bean salad'"], opens
    boxes = page.locator("input[name=pick]")
    await boxes.nth(2).check()
    held = await _judge(page, "button", "Remove from box")
    assert held is not None and held.category == "delete" and held.objects == ("Fig and almond tart",), held
    await boxes.nth(2).uncheck()
    await boxes.nth(0).check()
    await boxes.nth(1).check()
    both = await _judge(page, "button", "Remove from box")
    assert both is not None and both.objects == ("Lentil and lemon broth", "Barley and leek soup"), both


PLOT_FORM = """
<main><p>Plots › Edit</p>
<form method="post" action="/plots/31">
  <label>Plot code <input name="code" value="B-14" required></label>
  <label>Holder <input name="holder" value="R. Okafor"></label>
  <label>Notes <textarea name="notes">Shed needs a new roof</textarea></label>
  <div class="bar"><button type="submit">Save plot</button>
    <a href="/plots/31" id="remove" rel="nofollow" data-method="delete" data-confirm="Sure?">Remove plot</a></div>
</form></main>
"""


async def test_a_delete_beside_an_edit_forms_save_names_the_record_the_form_edits(session: BrowserSession) -> None:
    """An edit form with no heading naming its record: its 'Remove plot' link (a script sends it as a DELETE; it does
    not submit the form) acts on the record the form edits, named by the form's first filled text field; the form's
    own Save stays ordinary."""
    page = await session.page()
    await page.set_content(PLOT_FORM)
    held = await _judge(page, "link", "Remove plot")
    assert held is not None and held.category == "delete" and held.objects == ("B-14",), held
    assert await _judge(page, "button", "Save plot") is None


MEMBER_REMOVAL = """
<main><nav><a href="/">Home</a> › <a href="/members">Members</a></nav>
<h1>{heading}</h1>
<p>The member loses their locker and their place on the rota.</p>
<form method="post" action="/members/7/remove">
  <label>Note for the log <input name="note" value="moved away from the valley in March"></label>
  <label>Barred for <select name="span"><option>a month</option><option selected>a season</option></select></label>
  <label><input type="checkbox" name="notify" checked> Tell the committee</label>
  <button type="submit">Remove member</button></form></main>
"""


@pytest.mark.parametrize(("heading", "record"), [("Remove member: Ada Lovelace", "Ada Lovelace"),
                                                 ("Remove “Ada Lovelace” from the club", "Ada Lovelace")])
async def test_a_held_form_names_the_record_its_action_heading_names_never_its_note(
        session: BrowserSession, heading: str, record: str) -> None:
    """A removal form under a heading that names the act and its record (after a colon, or quoted): the held
    submit names that record, never the note pre-filled in the form's first field."""
    page = await session.page()
    await page.set_content(MEMBER_REMOVAL.format(heading=heading))
    held = await _judge(page, "button", "Remove member")
    assert held is not None and held.category == "delete" and held.objects == (record,), held
    assert "moved away" not in held.effect, held.effect


async def test_a_held_form_under_a_heading_naming_no_record_names_its_first_field(session: BrowserSession) -> None:
    """A heading that names only the act ('Remove a member'): the form's first filled field is the record; a select
    inside its label is named by the label's own words, never its options."""
    page = await session.page()
    await page.set_content(MEMBER_REMOVAL.format(heading="Remove a member").replace(
        '<label>Note', '<label>Member <input name="who" value="Ada Lovelace"></label><label>Note'))
    held = await _judge(page, "button", "Remove member")
    assert held is not None and held.objects == ("Member: Ada Lovelace",), held
    assert "Barred for 'a season'" in held.effect and "a month" not in held.effect, held.effect


async def test_a_script_link_in_the_apps_own_confirmation_is_its_button(session: BrowserSession, site) -> None:
    """The app's confirmation drawn as a veil with no role whose buttons are links that only run its script
    (href "javascript:"): its 'Go ahead' erases the shelf the question quotes; its Cancel and a help link that opens
    a page stay ordinary."""
    page = await session.page()
    await page.goto(site.url_a("effect_link_modal.html"))
    await page.locator(".bin").click()
    held = await _judge(page, "link", "Go ahead")
    assert held is not None and held.category == "delete" and held.objects == ("Unsorted scans",), held
    for name in ("Cancel", "How shelves work"):
        assert await _judge(page, "link", name) is None, name


async def test_a_control_hidden_since_it_was_pressed_opened_no_floating_layer(session: BrowserSession, site) -> None:
    """A welcome tour's 'Got it' hides the tour; the shelf's bin, in a positioned toolbar, is then judged with that
    button as the last pressed control: it names no tip of the hidden tour."""
    page = await session.page()
    await page.goto(site.url_a("effect_link_modal.html"))
    pressed = await page.locator(".read").first.element_handle()
    await pressed.click()
    bin_icon = await page.locator(".bin").element_handle()
    held = DETECTOR.classify("click", "link", "Delete", await element_facts(bin_icon, pressed))
    assert held is not None and held.category == "delete", held
    assert not any("Shelves keep" in o for o in held.objects) and "Shelves keep" not in held.effect, held

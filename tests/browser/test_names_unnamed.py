"""Controls named by purpose, or left out when a person would not use them (issue 29 §4): an admin menu's separators
(empty items hidden from assistive technology, under a list that listens for clicks) are no unnamed controls."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.session import BrowserSession
from tests.browser.helpers import observe

pytestmark = pytest.mark.browser


async def test_a_menus_separators_are_not_listed_as_unnamed_controls(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("menu_separators.html"))
    snap = await observe(session)
    names = [(e["role"], e["name"]) for e in snap["elements"]]
    assert [n for n in names if not n[1].strip()] == [], names
    assert ("link", "Fleet") in names and ("link", "Staff") in names, names


async def test_a_focus_traps_empty_edges_are_not_listed_but_a_titled_block_is(session: BrowserSession, site) -> None:
    page = await session.page()
    await page.goto(site.url_a("focus_sentinels.html"))
    snap = await observe(session)
    names = [(e["role"], e["name"]) for e in snap["elements"]]
    assert [n for n in names if not n[1].strip()] == [], names
    assert ("button", "Apply threads") in names and ("clickable", "Colour swatch") in names, names


async def test_an_uploaders_parked_shim_is_not_listed_beside_the_labelled_file_field(session: BrowserSession,
                                                                                    site) -> None:
    page = await session.page()
    await page.goto(site.url_a("upload_shim.html"))
    snap = await observe(session)
    names = [(e["role"], e["name"]) for e in snap["elements"]]
    assert [n for n in names if not n[1].strip()] == [], names
    assert any(name == "Attach a scan" for _, name in names), names


async def test_an_empty_code_surface_is_not_listed_by_its_hidden_ruler(session: BrowserSession, site) -> None:
    """An editor's drawing surface with an empty document shows no words (a hidden measuring ruler and a zero-width
    space are none): not a control of its own beside the editor's text field."""
    page = await session.page()
    await page.goto(site.url_a("empty_code_surface.html"))
    snap = await observe(session)
    names = [(e["role"], e["name"]) for e in snap["elements"]]
    assert [n for n in names if not n[1].strip("\u200b \u00a0")] == [], names
    assert ("button", "Run statement") in names, names


async def test_a_count_drawn_as_a_badge_beside_a_name_is_a_word_of_its_own(session: BrowserSession, site) -> None:
    """A number taken out of the text's flow (a positioned or floated badge) is not glued onto the name before it;
    inline pieces the page shows without a space stay together."""
    page = await session.page()
    await page.goto(site.url_a("shelf_tallies.html"))
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"]]
    assert "Returns 12" in names and "Returns12" not in names, names
    assert "Cold room 4" in names, names
    assert "“Oversize”" in names, names


async def test_a_drop_arrow_is_named_by_its_own_words_the_style_hides_not_by_its_id(session: BrowserSession,
                                                                                     site) -> None:
    page = await session.page()
    await page.goto(site.url_a("toolbar_hidden_labels.html"))
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"]]
    assert "Watering choices" in names and "Printing choices" in names, names
    assert not any("popup" in n or not n.strip() for n in names), names



async def test_a_lone_rows_parked_row_action_does_not_key_it(session: BrowserSession, site) -> None:
    """A table's one row: its link drawn off the page until the pointer rests on the row (a row action) is no name
    of the row; the row's own words are."""
    page = await session.page()
    await page.goto(site.url_a("bin_one_row.html"))
    snap = await observe(session)
    contexts = {e["name"]: e.get("context", "") for e in snap["elements"]}
    assert "Put back" in contexts and "Erase for good" in contexts, contexts
    assert "Put back" not in contexts["Erase for good"] and "marta" not in contexts["Erase for good"], contexts
    assert "Smoked trout pâté" in contexts["Erase for good"], contexts  # its title in bold, not the cook's link


async def test_a_tooltip_attribute_holding_a_generated_key_is_no_name(session: BrowserSession, site) -> None:
    """A tooltip attribute whose value is a generated key (one long run of letters, capitals inside it or digits
    among them: the key of a tip drawn on hover) names nothing: the control is named by its icon. A tip in words
    stays its name."""
    page = await session.page()
    await page.goto(site.url_a("tooltip_keys.html"))
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"]]
    assert not [n for n in names if any(k in n for k in ("k3Jd9", "Q8vWm2", "hTzYwq"))], names
    assert {"print", "edit", "add"} <= set(names), names
    assert "Weigh the bird again" in names and "Rings2025" in names, names


async def test_a_row_that_opens_on_click_beside_its_pick_box_is_listed(session: BrowserSession, site) -> None:
    """A row with a click listener of its own whose only control is the box that picks it (the row opens its item;
    the box selects it for bulk tools) is itself a control, keyed by its item, beside its box."""
    page = await session.page()
    await page.goto(site.url_a("grid_rows_open.html"))
    snap = await observe(session)
    rows = [e for e in snap["elements"] if e["role"] != "checkbox" and "Striped towel" in e["name"]]
    assert len(rows) == 1, snap["elements"]
    await actions.click(session, element_id=rows[0]["id"])
    assert await page.text_content("#card") == "Striped towel: found at the sauna bench"
    boxes = [e["name"] for e in snap["elements"] if e["role"] == "checkbox"]
    assert len(boxes) == 3, boxes


async def test_a_bare_field_is_named_by_the_caption_that_heads_its_own_block(session: BrowserSession, site) -> None:
    """A field with no label, name or placeholder, deep in a block that holds it alone, is named by the short words
    that head that block (its caption, drawn in boxes of its own before the field's boxes)."""
    page = await session.page()
    await page.goto(site.url_a("field_captions.html"))
    snap = await observe(session)
    fields = [(e["role"], e["name"]) for e in snap["elements"] if e["role"] in ("textbox", "spinbutton")]
    assert fields == [("textbox", "Rider"), ("spinbutton", "Days of hire"), ("textbox", "Drop-off remarks")], fields


async def test_a_box_standing_in_for_a_labelled_field_parked_out_of_sight_takes_its_label(session: BrowserSession,
                                                                                           site) -> None:
    """A label's field moved wholly before the page's start, or left fully transparent, is a value store; the one
    box a person types in beside it is what the label names (not "<heading> — field text")."""
    page = await session.page()
    await page.goto(site.url_a("parked_label_target.html"))
    snap = await observe(session)
    drawn = [(e["role"], e["name"]) for e in snap["elements"] if not e.get("off")]
    # Before: ('textbox', 'Ida Holm'), ('textbox', 'Camper van'): the tag beside each box, not its label.
    assert ("textbox", "Passengers") in drawn and ("textbox", "Vehicles") in drawn, drawn
    assert ("textbox", "Port") in drawn, drawn
    assert not [n for _, n in drawn if "field text" in n], drawn


async def test_an_id_a_component_kit_generated_names_nothing(session: BrowserSession, site) -> None:
    """Icon-only buttons whose one word is an id a kit generated (a prefix glued to a counter, a hash between letters,
    a mark outside ASCII) are never named by that prefix ("vkit", "uikit", "chooser"); an id a person wrote
    ("open-reviews") still names its button (issue 29: a budgeting app's category buttons read 'react')."""
    page = await session.page()
    await page.goto(site.url_a("generated_ids.html"))
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"] if e["role"] == "button"]
    assert len(names) == 4, snap["elements"]
    assert not [n for n in names if any(k in n for k in ("vkit", "uikit", "chooser", "button4471093"))], names
    assert "open reviews" in names, names


async def test_a_grid_row_that_takes_the_focus_with_a_name_of_its_own_is_listed(session: BrowserSession, site) -> None:
    """A grid of one saved map: its row takes the focus itself and is named (aria-label), holds an options button,
    and opens the map on a click heard only at the page's root. The row is listed by its name beside its button,
    and clicking it opens the map (issue 29: a budgeting app's list of budget files could not be opened)."""
    page = await session.page()
    await page.goto(site.url_a("grid_focus_rows.html"))
    snap = await observe(session)
    rows = [e for e in snap["elements"] if e["name"] == "Coastal walk"]
    assert len(rows) == 1 and rows[0]["role"] == "row", snap["elements"]
    assert any(e["name"] == "Options for Coastal walk" for e in snap["elements"]), snap["elements"]
    await actions.click(session, element_id=rows[0]["id"])
    assert await page.inner_text("#shown") == "Opened Coastal walk"


async def test_a_box_with_a_layout_test_id_is_named_by_its_column_wrappers_test_id(session: BrowserSession,
                                                                                 site) -> None:
    """Focusable boxes that all carry one layout test id ("cell-btn") are told apart by the test id of the column
    wrapper holding each alone: "pick" and "finished", never "cell" (issue 29: a budgeting app's select and cleared
    boxes were both named 'cell', and a model that meant to select a transaction marked it cleared)."""
    page = await session.page()
    await page.goto(site.url_a("cell_test_ids.html"))
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"]]
    assert names.count("pick") == 2 and names.count("finished") == 2 and "cell" not in names, snap["elements"]

async def test_an_empty_focusable_holder_of_items_is_no_control(session: BrowserSession, site) -> None:
    """A menubar or tab list the page made focusable but has not filled (no items, no words) offers nothing to act
    on: it is not listed (before: a clickable named from its class). Filled holders' items are listed as before."""
    page = await session.page()
    await page.goto(site.url_a("empty_item_holders.html"))
    snap = await observe(session)
    listed = [(e["role"], e["name"]) for e in snap["elements"]]
    assert ("button", "Print the bake sheet") in listed, listed
    assert ("tab", "Saturday") in listed and ("tab", "Sunday") in listed, listed
    assert ("clickable", "menu") not in listed and ("clickable", "") not in listed, listed


async def test_a_bare_fields_test_id_is_read_without_the_words_for_its_kind(session: BrowserSession, site) -> None:
    """A field named only by its test id is called by what the id says it holds, not by the words that say it is a
    textarea or an input ("editable-heading-textarea": "heading")."""
    page = await session.page()
    await page.goto(site.url_a("bare_field_ids.html"))
    names = [e["name"] for e in (await observe(session))["elements"]]
    assert names.count("heading") == 2 and names.count("servings") == 2, names

async def test_cells_drawn_in_columns_of_their_own_are_keyed_by_the_row_beside_them(
    session: BrowserSession, site
) -> None:
    """A grid drawn column by column (a tree of names, each row's other cells in columns of their own lined up with
    the rows): each cell's controls are keyed by the row they stand beside; a namespaced tooltip attribute on the
    glyph inside a wordless link names it; a list beside the grid that does not line up is no row."""
    page = await session.page()
    await page.goto(site.url_a("column_grid.html"))
    snap = await observe(session)
    named = [(e["name"], e.get("context", "")) for e in snap["elements"]]
    logs = [c for n, c in named if n == "Loan log"]
    assert logs == ["row 'Ladders'", "row 'Stepladder (6 tread)'", "row 'Extension ladder'", "row 'Hedge trimmer'",
                    "row 'Wallpaper steamer'"], named
    assert ("Lent out", "row 'Hedge trimmer'") in named and ("On the shelf", "row 'Ladders'") in named, named
    assert ("Tuesday evening", "") in named, named
    lend = next(e for e in snap["elements"] if e["name"] == "Lend" and e.get("context") == "row 'Hedge trimmer'")
    await actions.click(session, element_id=lend["id"])
    assert await page.text_content("#said") == "Lent: Hedge trimmer"


async def test_a_commands_keyboard_shortcut_drawn_apart_is_no_part_of_its_name(session: BrowserSession, site) -> None:
    """A shortcut drawn in an element of its own after a command's words (a kbd, a hint whose words are one key or
    a chord) is not part of the command's name (before: 'Swap sopranos S'); a count beside a name and a letter
    inside a name's words stay."""
    page = await session.page()
    await page.goto(site.url_a("shortcut_hints.html"))
    names = [e["name"] for e in (await observe(session))["elements"]]
    for command in ("Copy to next week", "Move singer down", "Print", "Swap sopranos"):
        assert command in names, names
    assert "Inbox 3" in names and "Verse B refrain" in names, names


async def test_a_control_inside_a_tab_is_keyed_by_its_tab(session: BrowserSession, site) -> None:
    """A tab's own cross (one per tab, all named alike) acts on its tab: each is told apart by the tab's words, not
    its own label, and a description reaches the right one."""
    page = await session.page()
    await page.goto(site.url_a("sheet_tabs.html"))
    snap = await observe(session)
    crosses = [e for e in snap["elements"] if e["role"] == "button" and e["name"] == "Dismiss"]
    assert [e.get("context") for e in crosses] == ["tab 'Seed orders'", "tab 'Plot rents'", "tab 'Water rota'"], \
        snap["elements"]
    await actions.click(session, description="Dismiss Plot rents", role="button")
    assert await page.locator("[role=tab]").all_inner_texts() == ["Seed orders", "Water rota"]


async def test_a_bare_field_in_a_grid_of_blocks_is_named_by_its_columns_header(session: BrowserSession, site) -> None:
    """A rota drawn with blocks: the new line's fields have no label or placeholder; each is named by the words of
    the header cell straight above its column (the rows of text between are passed over), never by the toolbar
    above the grid, whose buttons do not line up with the columns (before: four textboxes named '')."""
    page = await session.page()
    await page.goto(site.url_a("block_grid_new_line.html"))
    names = [e["name"] for e in (await observe(session))["elements"] if e["role"] == "textbox"]
    assert names == ["Volunteer", "Starts", "Station", "Hours"], names


async def test_wordless_links_are_named_by_structure_never_icon(session: BrowserSession, site) -> None:
    """A crest drawn only by a background, linking to the site's root, is the home link; a glyph link whose only
    clue is a data-* value in words is named by it; one with no clue at all is left unnamed for the audit, never
    called 'icon' after its class (before: '' for the crest, 'icon' for both glyph links)."""
    page = await session.page()
    await page.goto(site.url_a("wordless_toolbar_links.html"))
    names = [e["name"] for e in (await observe(session))["elements"] if e["role"] == "link"]
    assert names == ["home", "night view", "", "Sailings"], names


async def test_a_link_showing_only_a_count_is_named_by_its_title_with_the_count(session: BrowserSession,
                                                                                 site) -> None:
    """A folded rail's links show a glyph and a count pill, their labels hidden by the style: each is named by its
    title with its count, never by the bare number; a pager's number and a day whose titles hold that number keep
    their own words."""
    page = await session.page()
    await page.goto(site.url_a("count_badge_links.html"))
    snap = await observe(session)
    names = [e["name"] for e in snap["elements"]]
    assert "Letters to the editor 12" in names and "Proofs waiting 0" in names, names
    assert "12" not in names and "0" not in names, names
    assert names[2:] == ["1", "2", "15"], names  # titled with their own number: read as before


TICKS_UNDER_NUMBER = """
<table><thead><tr><th>№</th><th>Hymn</th><th>Verses</th></tr></thead><tbody>
<tr><td><input type="checkbox" name="hymn" value="1"></td><td>Morning has broken</td><td>3</td></tr>
<tr><td><input type="checkbox" name="hymn" value="2"></td><td>Abide with me</td><td>5</td></tr>
</tbody></table>
"""


async def test_a_tick_box_under_a_heading_with_no_letter_selects_its_row(session: BrowserSession) -> None:
    """A selection column headed only by a number sign: each box selects its row, by the row's key."""
    page = await session.page()
    await page.set_content(TICKS_UNDER_NUMBER)
    snap = await observe(session)
    boxes = [e["name"] for e in snap["elements"] if e["role"] == "checkbox"]
    assert boxes == ["select row 'Morning has broken'", "select row 'Abide with me'"], boxes


VAULT_DIALOG = """
<div role="dialog" aria-modal="true" style="width:420px;border:1px solid #888">
  <h2 style="display:flex;margin:0">
    <div style="flex-grow:1">Unlock the vault</div>
    <div><button type="button" aria-label="Dismiss"><svg width="12" height="12"><path d="M1 1L11 11"/></svg>
    </button></div></h2>
  <div class="body"><div style="padding:8px">
    <div><span style="font-weight:bold">
      Type the passphrase that keyring 'north' holds to open the shelf - "Archive"</span></div>
    <div style="margin-top:12px"><div class="outline"><input type="password" autocomplete="new-password"></div></div>
    <div style="margin-top:12px"><label><input type="checkbox"> Keep it for this visit</label></div>
  </div></div>
  <div><button type="button">Back</button><button type="button">Open</button></div>
</div>
"""


async def test_a_dialogs_lone_secret_field_is_never_named_from_its_title_bar(session: BrowserSession) -> None:
    """A dialog's one secret field under a long prompt: no name is built from the title bar's words and its close
    button's; the field is named by what it takes."""
    page = await session.page()
    await page.set_content(VAULT_DIALOG)
    snap = await observe(session)
    fields = [e["name"] for e in snap["elements"] if e["role"] == "textbox"]
    assert fields == ["password"], fields


NESTED_TABS = """
<div role="tablist" style="display:flex;gap:4px">
  <div role="tab" aria-selected="true" tabindex="0" style="padding:2px">
    <div role="tab" style="padding:2px">Ledger</div></div>
  <div role="tab" aria-selected="false" tabindex="-1" style="padding:2px">
    <div role="tab" style="padding:2px">Notes <button type="button" aria-label="Shut">x</button></div></div>
  <button type="button" id="dockkit-strip-4-more" aria-haspopup="listbox" aria-controls="dockkit-strip-4-more-popup"
    tabindex="-1"><svg width="10" height="10" viewBox="0 0 24 24"><path d="M7 10l5 5 5-5z"/></svg>
  </button>
</div>
"""


async def test_a_tab_nested_in_a_tab_is_listed_once(session: BrowserSession) -> None:
    """Two libraries each give a tab its role, one inside the other: the same box with the same words is one tab."""
    page = await session.page()
    await page.set_content(NESTED_TABS)
    snap = await observe(session)
    tabs = [e["name"] for e in snap["elements"] if e["role"] == "tab"]
    assert len(tabs) == 2 and tabs[0] == "Ledger" and tabs[1].startswith("Notes"), tabs


async def test_a_strips_overflow_button_is_never_named_by_its_libraries_id(session: BrowserSession) -> None:
    """A tab strip's overflow button whose only words are a library's numbered id ("<lib>-<widget>-<n>-more"): not
    named by them; it opens a list, so it offers more."""
    page = await session.page()
    await page.set_content(NESTED_TABS)
    snap = await observe(session)
    buttons = [e["name"] for e in snap["elements"] if e["role"] == "button"]
    assert sorted(buttons) == ["Shut", "more actions"], buttons


async def test_a_header_row_of_glyphs_is_named_as_the_header_row(session: BrowserSession, site) -> None:
    """A grid's row of column headers drawn only as glyphs (a sort mark, a select-all mark) is its header row, named
    so; its data rows keep their own words (before: the header row was listed as ``row ''``)."""
    page = await session.page()
    await page.goto(site.url_a("split_header_grid.html"))
    rows = [e["name"] for e in (await observe(session))["elements"] if e["role"] == "row"]
    assert rows and "" not in rows, rows
    assert rows[0] == "header row", rows


SHELF_TABS = """
<div role="tablist" aria-label="Open ledgers">
  <div role="tab" id="first" aria-selected="true" tabindex="0"><span>Minutes 2026</span>
    <b role="button" title="Put away">x</b></div>
  <div role="tab" id="second" tabindex="-1"><span>Budget</span><button aria-label="put away">&times;</button></div>
  <div style="cursor:pointer;display:inline-block"><div role="tab" tabindex="-1"><span>Rota</span></div></div>
</div>
<div role="tabpanel" tabindex="0" aria-labelledby="first"><iframe srcdoc="<p>Minutes of the spring meeting</p>"
  style="width:300px;height:60px"></iframe></div>
<div role="tabpanel" tabindex="0" aria-labelledby="second"><div style="width:300px;height:140px"></div></div>
"""


async def test_a_tab_is_named_by_its_own_words_never_its_close_controls(session: BrowserSession) -> None:
    """A tab holding its own close control (a letter drawn as a button, a labelled cross): the tab is named by its
    words alone, the control listed apart and keyed by its tab; the slot drawn with a pointer around a tab, a
    focusable panel holding a frame, or drawing nothing (a frame's placeholder), is no control."""
    page = await session.page()
    await page.set_content(SHELF_TABS)
    snap = await observe(session)
    assert [e["name"] for e in snap["elements"] if e["role"] == "tab"] == ["Minutes 2026", "Budget", "Rota"], \
        snap["elements"]
    assert not [e for e in snap["elements"] if e["role"] == "clickable"], snap["elements"]
    shut = [e.get("context") for e in snap["elements"] if e["role"] == "button"]
    assert shut == ["tab 'Minutes 2026'", "tab 'Budget'"], snap["elements"]


LINES_BAR = """
<div style="display:flex"><div role="group"><button type="button" title="Open log">O</button></div>
<div style="position:relative;display:inline-flex"><select><option>Every line</option><option>40 lines</option>
<option>8 lines</option></select>
<svg aria-hidden="true" viewBox="0 0 24 24" style="width:20px"><path d="M7 10l5 5 5-5z"/></svg>
<fieldset aria-hidden="true" style="position:absolute;inset:0;margin:0;padding:0;border:1px solid #888"><legend
 style="max-width:0.01px;visibility:hidden;padding:0"><span>&#8203;</span></legend></fieldset></div>
<div role="group"><button type="button" title="Stop tail">S</button></div></div>
"""


async def test_a_select_nothing_labels_is_never_named_by_its_options(session: BrowserSession) -> None:
    """A toolbar's select with no label (a framework's outlined wrapper, a drawn arrow): its options are its choices,
    shown as its value, never its name."""
    page = await session.page()
    await page.set_content(LINES_BAR)
    box = [e for e in (await observe(session))["elements"] if e["role"] == "combobox"]
    assert len(box) == 1 and box[0]["value"] == "Every line" and "40 lines" not in box[0]["name"], box

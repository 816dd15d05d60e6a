"""Widgets that replace native controls (select2, tom-select, choices.js, ARIA comboboxes and listboxes, read-only
date pickers): set by their visible label through their own interaction, errors that list the options, nothing
left open. The libraries are the real ones (tests/fixtures/site/vendor/)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from browser_core.act import actions, forms
from browser_core.errors import InvalidInput
from browser_core.session import BrowserSession
from tests.browser.helpers import goto, observe

pytestmark = pytest.mark.browser


async def _open_widgets(session: BrowserSession) -> list[dict[str, Any]]:
    """What a person would see still open: listed options (other than a widget's chosen value) or an expanded
    control."""
    snap = await observe(session)
    return [e for e in snap["elements"] if "expanded" in e.get("state", "") or
            (e["role"] == "option" and "selected" not in e.get("state", ""))]


async def _value(session: BrowserSession, css: str) -> Any:
    page = await session.page()
    return await page.evaluate("s => { const el = document.querySelector(s); return el.multiple ? "
                               "[...el.selectedOptions].map(o => o.value) : el.value; }", css)


async def test_select_option_sets_a_select2_field_by_its_label(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    result = await actions.select_option(session, description="Category", values=["Science fiction"])
    assert result["selected"] == ["Science fiction"] and result["element"]["name"] == "Category"
    assert await _value(session, "#id_category") == "4"
    assert not await _open_widgets(session)


async def test_a_widget_is_reached_from_the_id_observe_lists(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    snap = await observe(session)
    shelves = [e for e in snap["elements"] if e["name"] == "Shelves" and e["role"] == "combobox"]
    assert shelves
    result = await actions.select_option(session, element_id=shelves[0]["id"], values=["Cellar", "Basement"])
    assert result["selected"] == ["Basement", "Cellar"] or set(result["selected"]) == {"Basement", "Cellar"}
    assert sorted(await _value(session, "#id_shelf")) == ["b2", "c3"]
    assert not await _open_widgets(session)


async def test_type_text_chooses_in_a_select_like_widget_and_sets_a_read_only_date(session: BrowserSession,
                                                                                   site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    chosen = await actions.type_text(session, description="Format", text="Audiobook")
    assert chosen["value"] == "Audiobook" and await _value(session, "#id_format") == "ab"
    dated = await actions.type_text(session, description="Published", text="2025-12-24")
    assert dated["value"] == "2025-12-24" and await _value(session, "#id_published") == "2025-12-24"
    picked = await actions.select_option(session, description="Condition", values=["Worn"])
    assert picked["selected"] == ["Worn"] and await _value(session, "#cond-value") == "Worn"
    assert not await _open_widgets(session)


async def test_a_missing_option_lists_the_options_and_changes_nothing(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    with pytest.raises(InvalidInput) as info:
        await forms.fill_form(session, fields=[
            {"element_description": "Notes", "value": "kept out"},
            {"element_description": "Category", "value": "Poetry"},
        ])
    assert "no option 'Poetry' in 'Category'" in info.value.message and "nothing was filled" in info.value.message
    assert {"Fiction", "History", "Travel guides"} <= set(info.value.details["options"])
    assert await _value(session, "#id_notes") == "" and await _value(session, "#id_category") == ""


async def test_an_ambiguous_option_names_its_matches_and_closes_the_widget(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    with pytest.raises(InvalidInput) as info:
        await actions.select_option(session, description="Format", values=["book"])
    assert "ambiguous" in info.value.message
    assert set(info.value.details["matches"]) == {"E-book", "Audiobook"}
    assert "Hardcover" in info.value.details["options"]
    with pytest.raises(InvalidInput) as loaded:  # options loaded as one types: known only after typing
        await actions.select_option(session, description="Author", values=["Grace"])
    assert set(loaded.value.details["matches"]) == {"Grace Hopper", "Grace Murray"}
    with pytest.raises(InvalidInput) as missing:
        await actions.select_option(session, description="Language", values=["Klingon"])
    assert "English" in missing.value.details["options"] or "no option" in missing.value.message
    assert await _value(session, "#id_format") == "" and await _value(session, "#id_author") == ""
    assert not await _open_widgets(session)
    typed = await actions.type_text(session, description="Notes", text="after the errors")
    assert typed["value"] == "after the errors"  # no mask left over the page swallows later input


async def test_a_free_text_combobox_is_still_typed_into(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    await observe(session)  # what the model saw before typing: the result then says what appeared
    typed = await actions.type_text(session, description="Language", text="Fr")
    assert typed["value"] == "Fr"
    added = typed["elements_diff"]["added"]  # its suggestions are listed for the model to pick
    assert {"role": "option", "name": "French"} in [{k: e[k] for k in ("role", "name")} for e in added]


async def test_a_multi_select_listbox_keeps_what_is_chosen_and_closes(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    first = await actions.select_option(session, description="Audience", values=["Teachers", "Children"])
    assert first["selected"] == ["Children, Teachers"]
    again = await actions.select_option(session, description="Audience", values=["Teachers"])
    assert again["selected"] == ["Children, Teachers"]  # chosen already: not toggled off
    assert not await _open_widgets(session)


async def test_a_read_only_date_without_a_picker_api_takes_value_and_events(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    result = await forms.fill_form(session, fields=[{"element_description": "Due", "value": "24/12/2025"}])
    assert result["fields"][0]["value"] == "24/12/2025"
    page = await session.page()
    assert await page.text_content("#due-echo") == "due 24/12/2025"  # the page heard the change


@pytest.mark.parametrize("page", ["widgets_select2_v3.html", "widgets_select2_v3.html?namespaced=1"])
async def test_select2_v3_fields_and_its_mask_are_set_and_gone(session: BrowserSession, site, page: str) -> None:
    """select2 3.5 (as Flask-Admin ships it): a select, a multi-select and an ajax field over a hidden input,
    labelled in a table; its full-page mask is gone afterwards, so the next field takes typing. Also when the page
    keeps its jQuery only under a name of its own (noConflict), with no global jQuery."""
    await goto(session, site.url_a(page))
    result = await forms.fill_form(session, fields=[
        {"element_description": "Supplier", "value": "Bolt Inks"},
        {"element_description": "Categories", "value": ["Globes", "Maps"]},
        {"element_description": "Customer", "value": "Alan Turing"},
        {"element_description": "Note", "value": "rush"},
    ])
    assert [f["value"] for f in result["fields"]] == ["Bolt Inks", "Globes, Maps", "Alan Turing", "rush"]
    page = await session.page()
    assert not await page.evaluate("() => [...document.querySelectorAll('.select2-drop-mask')]"
                                   ".some(m => m.checkVisibility())")
    assert not await _open_widgets(session)
    await actions.click(session, description="Save", role="button")
    posted = json.loads(await page.text_content("#posted") or "{}")
    assert posted == {"supplier": ["s2"], "categories": ["c1", "c3"], "customer": ["12"], "note": ["rush"]}


async def test_a_multi_select_widget_is_set_to_exactly_the_values_given(session: BrowserSession, site) -> None:
    await goto(session, site.url_a("widgets_form.html"))
    await actions.select_option(session, description="Tags", values=["Classic", "Signed"])
    again = await actions.select_option(session, description="Tags", values=["Bestseller", "Classic"])
    assert sorted(again["selected"]) == ["Bestseller", "Classic"]
    assert sorted(await _value(session, "#id_tags")) == ["bestseller", "classic"]
    await actions.select_option(session, description="Shelves", values=["Attic", "Den"])
    shelves = await actions.select_option(session, description="Shelves", values=["Den"])
    assert shelves["selected"] == ["Den"] and await _value(session, "#id_shelf") == ["d4"]
    assert not await _open_widgets(session)


async def test_a_read_only_combobox_input_with_a_teleported_popup(session: BrowserSession, site) -> None:
    """Element Plus / Vuetify style: the labelled input is read-only (not a date), its listbox elsewhere."""
    await goto(session, site.url_a("widgets_form.html"))
    result = await forms.fill_form(session, fields=[{"element_description": "Binding", "value": "Spiral"}])
    assert result["fields"][0]["value"] == "Spiral" and await _value(session, "#bind-input") == "Spiral"
    with pytest.raises(InvalidInput) as info:
        await actions.select_option(session, description="Binding", values=["Stapled"])
    assert info.value.details["options"] == ["Sewn", "Glued", "Spiral"]
    assert await _value(session, "#bind-input") == "Spiral" and not await _open_widgets(session)

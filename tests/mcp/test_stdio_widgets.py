"""Widgets that replace native controls, filled by their visible labels in one fill_form call over stdio."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.mcp_client import browser_client

pytestmark = pytest.mark.mcp

FIELDS = [
    ("Category", "History"),  # select2, single
    ("Tags", ["Classic", "Signed"]),  # select2, multiple with tags
    ("Author", "Grace Hopper"),  # select2, results loaded as one types
    ("Shelves", ["Attic", "Den"]),  # tom-select, multiple
    ("Format", "Paperback"),  # choices.js
    ("Language", "French"),  # ARIA combobox (APG list autocomplete)
    ("Condition", "Like new"),  # button aria-haspopup=listbox with a backdrop
    ("Audience", ["Students", "Librarians"]),  # listbox with aria-multiselectable, stays open until closed
    ("Published", "2024-03-01"),  # read-only flatpickr input
    ("Notes", "first edition"),  # a plain field after them all: nothing swallows its input
]


async def test_one_fill_form_sets_every_widget_and_leaves_nothing_open(tmp_path: Path, site) -> None:
    async with browser_client(tmp_path / "profile") as client:
        assert (await client.call("navigate", url=site.url_a("widgets_form.html"), wait_until="load")).ok
        filled = await client.call("fill_form", fields=[
            {"element_description": label, "value": value} for label, value in FIELDS])
        assert filled.ok, filled.error
        shown = {f["name"]: f["value"] for f in filled.data["fields"]}
        assert shown == {label: ", ".join(v) if isinstance(v, list) else v for label, v in FIELDS}

        page = (await client.call("observe")).data
        assert not [e for e in page["elements"] if (e["role"] == "option" and "selected" not in e.get("state", ""))
                    or "expanded" in e.get("state", "")], "a widget was left open"
        assert not [n for n in page.get("notes", []) if n.get("kind") == "overlay"]

        saved = await client.call("click", element_description="Save", role="button")
        assert saved.ok and saved.data.get("navigated") is True
        text = (await client.call("get_page_text")).data["text"]
        posted = json.loads(text[text.index("{"):text.rindex("}") + 1])
    assert posted == {
        "category": ["2"], "tags": ["classic", "signed"], "author": ["13"], "shelf": ["a1", "d4"], "format": ["pb"],
        "language": ["French"], "condition": ["Like new"],
        "audience": ["Students", "Librarians"], "published": ["2024-03-01"], "notes": ["first edition"],
        "widget_events": [posted["widget_events"][0]],
    }
    events = posted["widget_events"][0].split(";")
    # Chosen through each widget's own interaction (its library reported the choice), not behind its back.
    for event in ("select2:category", "select2:tags", "select2:author", "tom:shelf", "choices:format"):
        assert event in events, events

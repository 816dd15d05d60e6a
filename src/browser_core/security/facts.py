"""What the page says about an element before we act on it: what acting on it would cause.

Collected in one evaluate on the element itself (``js/facts.js``): the element, the link it is or sits in, the form
it would submit (method, action URL, hidden values, chosen options, which button submits) and the page around it
(title, main heading, nearby text, the objects a list before the control names). Only observed data, never
site-specific selectors. A failure to read them is the caller's to turn into a refusal: nothing runs unchecked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError

from browser_core.page.registry import handed_back_as_json

_JS = resources.files("browser_core.js")
# Spliced in: the rule of which columns tell rows apart (the walker's own, columns.js), the rows picked and the form
# values a control commits (committed.js), where the control sits: filter, shell, record, opener (page_context.js).
FACTS_JS = _JS.joinpath("facts.js").read_text(encoding="utf-8")
for _part in ("modal", "columns", "committed", "picked", "page_context"):
    FACTS_JS = FACTS_JS.replace(f"/* {_part}.js */", _JS.joinpath(f"{_part}.js").read_text(encoding="utf-8"))
# Handed back as one JSON string (the walker's way: a string crosses faster than a nested value, which Playwright's
# client also checks key by key); a key the page left undefined is kept as null, as the value itself would give it.
FACTS_REPLACER = ", (k, v) => (v === undefined ? null : v)"
FACTS_JSON_JS = handed_back_as_json(FACTS_JS, "el, given", FACTS_REPLACER)


@dataclass
class FieldFacts:
    label: str
    type: str
    autocomplete: str
    visible: bool = True


@dataclass
class Submitter:
    label: str
    name: str = ""
    value: str = ""


@dataclass
class ChosenOption:
    """A select's selected option or a checked radio: ``changed`` when it is not the one the page was loaded with;
    ``record`` names the row it sits in, if any."""

    name: str
    label: str
    option: str
    value: str
    changed: bool = False
    record: str = ""


@dataclass
class FieldValue:
    """A field's value as the page shows it (a single-line text field, a select's chosen label)."""

    label: str
    value: str
    type: str = "text"
    autocomplete: str = ""
    fixed: bool = False  # read-only: the app's own value, not one the person filled
    changed: bool = False  # the person set it (it differs from the value the page loaded with)


@dataclass
class FormFacts:
    method: str
    role: str
    label: str
    fields: list[FieldFacts]
    submit_name: str
    has_submit: bool
    action: str = ""
    hidden: list[tuple[str, str]] = field(default_factory=list)
    chosen: list[ChosenOption] = field(default_factory=list)
    submitter: Submitter | None = None
    checked: list[str] = field(default_factory=list)
    record_name: str = ""  # the form's first filled text field: what an edit form's record calls itself
    values: list[FieldValue] = field(default_factory=list)  # what submitting commits, in DOM order


@dataclass
class PageFacts:
    title: str = ""
    heading: str = ""
    text: str = ""
    objects: list[str] = field(default_factory=list)
    prose: str | None = None  # that text outside lists, tables and controls (None: not read, the text stands)
    selected: list[str] = field(default_factory=list)
    near: str = ""  # the smallest block of text around the control
    headings: list[str] = field(default_factory=list)  # visible headings, any level, before the control
    dialog: str = ""  # the title of the open dialog the control is in
    modal: str = ""  # the text of the open dialog the control is in (the app's own confirmation, when it is one)
    lone: bool = False  # that dialog offers no other control: the control is its only answer (a notice's OK)
    menu_of: str = ""  # a popup menu item's record: its opener's row, else the heading beside the opener
    lines: list[str] = field(default_factory=list)  # the visible text lines of that region
    rows: list[list[str]] = field(default_factory=list)  # its table rows / list items, by cell
    commands: list[str] = field(default_factory=list)  # the names of the page's visible buttons and links
    alerts: list[str] = field(default_factory=list)  # alert, status and note regions, open dialogs
    section_items: list[str] = field(default_factory=list)  # the items of the list whose heading holds the control
    in_filter: bool = False  # the control sits with the view's filter or search controls (a chip, a GET form)
    section_heading: str = ""  # that list's heading: a bulk action in it acts on those items
    heading_parts: list[str] = field(default_factory=list)  # the main heading's own elements beside its text
    record_heading: str = ""  # a detail page's record: its one title heading, for a control in no row or list
    opened_from: str = ""  # in a dialog: the record its opener acts on (the opener's row, the page's one record)
    in_shell: bool = False  # the control sits in the site's banner, navigation or footer, or outside the main region

    @property
    def name(self) -> str:
        """How a human names the page: its main heading, else (or when the heading is one word) its title."""
        return self.heading if len(self.heading.split()) > 1 or not self.title else self.title


@dataclass
class RowFacts:
    """The repeated item (table or ARIA row, list item, card) the control is in: its name, other cells, fields."""

    name: str = ""
    cells: list[str] = field(default_factory=list)
    fields: list[FieldFacts] = field(default_factory=list)


@dataclass
class ElementFacts:
    tag: str
    type: str
    label: str
    autocomplete: str
    is_submit: bool
    enter_submits: bool
    editable: bool
    form: FormFacts | None = None
    beside_values: list[FieldValue] = field(default_factory=list)  # a beside form's values (no submit of its own)
    written: bool = False  # its form (or the one form or editor beside it) holds a text body the person filled
    href: str = ""
    url: str = ""
    link_signals: list[str] = field(default_factory=list)
    page: PageFacts = field(default_factory=PageFacts)
    row: RowFacts = field(default_factory=RowFacts)
    options: list[tuple[str, str]] = field(default_factory=list)  # a select's (value, label) pairs

    @property
    def acted_records(self) -> list[str]:
        """The records the page shows this control acts on: its dialog's opener's, its row's, its menu's."""
        return [self.page.opened_from, self.row.name, self.page.menu_of]

    def option_labels(self, values: list[str]) -> list[str]:
        """The labels of the options chosen by value or by label (a value that is an id says nothing)."""
        by_value = {v: label for v, label in self.options}
        return [by_value.get(v, v) for v in values]


def parse_facts(raw: dict[str, Any] | str) -> ElementFacts:  # boundary: the page's evaluate result
    raw = dict(json.loads(raw) if isinstance(raw, str) else raw)
    form = raw.pop("form", None)
    page = raw.pop("page", None) or {}
    row = dict(raw.pop("row", None) or {})
    row_fields = [FieldFacts(**f) for f in row.pop("fields", [])]
    options = [(str(v), str(label)) for v, label in raw.pop("options", None) or []]
    raw["beside_values"] = [FieldValue(**v) for v in raw.pop("beside_values", None) or []]
    facts = ElementFacts(**raw, page=PageFacts(**page), row=RowFacts(fields=row_fields, **row), options=options)
    if form:
        form = dict(form)
        fields = [FieldFacts(**f) for f in form.pop("fields")]
        chosen = [ChosenOption(**c) for c in form.pop("chosen", [])]
        hidden = [(str(n), str(v)) for n, v in form.pop("hidden", [])]
        values = [FieldValue(**v) for v in form.pop("values", [])]
        sub = form.pop("submitter", None)
        facts.form = FormFacts(fields=fields, chosen=chosen, hidden=hidden,
                               submitter=Submitter(**sub) if sub else None, values=values, **form)
    return facts


async def element_facts(handle: ElementHandle, pressed: ElementHandle | None = None, key: str = "") -> ElementFacts:
    """The facts of one element; Playwright errors (page changed, element gone) propagate to the caller.

    ``pressed``: the element clicked last in the same frame, the opener of a popup menu that names none; ``key``: the
    page registry's, under which the init script counts the person's clicks (rows picked by a box that only draws)."""
    if pressed is not None:
        try:
            return parse_facts(await handle.evaluate(FACTS_JSON_JS, [pressed, key]))
        except PlaywrightError:  # that element's page is gone (navigated): read without it
            pass
    return parse_facts(await handle.evaluate(FACTS_JSON_JS, [None, key]))

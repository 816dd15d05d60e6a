"""What the page says about an element before we act on it: what acting on it would cause.

Collected in one evaluate on the element itself (``js/facts.js``): the element, the link it is or sits in, the form
it would submit (method, action URL, hidden values, chosen options, which button submits) and the page around it
(title, main heading, nearby text, the objects a list before the control names). Only observed data, never
site-specific selectors. A failure to read them is the caller's to turn into a refusal: nothing runs unchecked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from playwright.async_api import ElementHandle

FACTS_JS = resources.files("browser_core.js").joinpath("facts.js").read_text(encoding="utf-8")


@dataclass
class FieldFacts:
    label: str
    type: str
    autocomplete: str


@dataclass
class Submitter:
    label: str
    name: str = ""
    value: str = ""


@dataclass
class ChosenOption:
    name: str
    label: str
    option: str
    value: str


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


@dataclass
class PageFacts:
    title: str = ""
    heading: str = ""
    text: str = ""
    objects: list[str] = field(default_factory=list)
    selected: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """How a human names the page: its main heading, else (or when the heading is one word) its title."""
        return self.heading if len(self.heading.split()) > 1 or not self.title else self.title


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
    href: str = ""
    url: str = ""
    link_signals: list[str] = field(default_factory=list)
    page: PageFacts = field(default_factory=PageFacts)


def parse_facts(raw: dict[str, Any]) -> ElementFacts:
    raw = dict(raw)
    form = raw.pop("form", None)
    page = raw.pop("page", None) or {}
    facts = ElementFacts(**raw, page=PageFacts(**page))
    if form:
        form = dict(form)
        fields = [FieldFacts(**f) for f in form.pop("fields")]
        chosen = [ChosenOption(**c) for c in form.pop("chosen", [])]
        hidden = [(str(n), str(v)) for n, v in form.pop("hidden", [])]
        sub = form.pop("submitter", None)
        facts.form = FormFacts(fields=fields, chosen=chosen, hidden=hidden,
                               submitter=Submitter(**sub) if sub else None, **form)
    return facts


async def element_facts(handle: ElementHandle) -> ElementFacts:
    """The facts of one element; Playwright errors (page changed, element gone) propagate to the caller."""
    return parse_facts(await handle.evaluate(FACTS_JS))

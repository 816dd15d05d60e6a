"""What the page says about an element before we act on it: its form, whether it submits, what it asks for.

Collected in one evaluate on the element itself; only observed data, never site-specific selectors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from playwright.async_api import ElementHandle
from playwright.async_api import Error as PlaywrightError

FACTS_JS = resources.files("browser_core.js").joinpath("facts.js").read_text(encoding="utf-8")


@dataclass
class FieldFacts:
    label: str
    type: str
    autocomplete: str


@dataclass
class FormFacts:
    method: str
    role: str
    label: str
    fields: list[FieldFacts]
    submit_name: str
    has_submit: bool


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
    extra: dict[str, Any] = field(default_factory=dict)


async def element_facts(handle: ElementHandle) -> ElementFacts | None:
    try:
        raw = await handle.evaluate(FACTS_JS)
    except PlaywrightError:
        return None
    form = raw.pop("form")
    facts = ElementFacts(**raw)
    if form:
        fields = [FieldFacts(**f) for f in form.pop("fields")]
        facts.form = FormFacts(fields=fields, **form)
    return facts

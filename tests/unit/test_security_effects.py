"""The detector's evidence rules on facts as the page script reports them (no browser): effect, not names."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import parse_facts
from browser_core.security.policy import load_policy

DETECTOR = DestructiveActionDetector(load_policy())


def facts(*, tag: str = "button", type_: str = "submit", form: dict[str, Any] | None = None, href: str = "",
          signals: tuple[str, ...] = (), text: str = "", heading: str = "", objects: tuple[str, ...] = ()) -> Any:
    raw: dict[str, Any] = {
        "tag": tag, "type": type_, "label": "", "autocomplete": "", "is_submit": form is not None and tag != "a",
        "enter_submits": False, "editable": False, "href": href, "url": ("http://app.test" + href) if href else "",
        "link_signals": list(signals), "form": None,
        "page": {"title": "", "heading": heading, "text": text, "objects": list(objects), "selected": []},
    }
    if form is not None:
        raw["form"] = {"method": "post", "action": "http://app.test/edit/", "role": "", "label": "", "fields": [],
                       "submit_name": "", "has_submit": True, "hidden": [], "chosen": [], "submitter": None,
                       "checked": []} | form
    return parse_facts(raw)


def category(kind: str, role: str, name: str, f: Any) -> str | None:
    verdict = DETECTOR.classify(kind, role, name, f)
    return verdict.category if verdict else None


def test_a_confirmation_pages_button_is_the_deletion_whatever_its_name() -> None:
    page = dict(text="Are you sure you want to delete the book “Dune”? All related items will be deleted.",
                heading="Are you sure?", objects=("Book: Dune",))
    form = {"submitter": {"label": "Yes, I’m sure"}}
    verdict = DETECTOR.classify("click", "button", "Yes, I’m sure", facts(form=form, **page))  # type: ignore[arg-type]
    assert verdict is not None and verdict.category == "delete"
    assert verdict.effect == "delete Book 'Dune' (page 'Are you sure?')"
    decline = {"submitter": {"label": "No, take me back"}}
    assert category("click", "button", "No, take me back", facts(form=decline, **page)) is None  # type: ignore[arg-type]


def test_the_chosen_action_decides_go() -> None:
    chosen = [{"name": "action", "label": "Action", "option": "Delete selected books", "value": "delete_selected"}]
    go = {"submitter": {"label": "Go"}, "chosen": chosen, "checked": ["A", "B"]}
    verdict = DETECTOR.classify("click", "button", "Go", facts(form=go))
    assert verdict is not None and verdict.category == "delete" and verdict.objects == ("A", "B")
    other = [dict(chosen[0], option="Mark selected books as published", value="make_published")]
    assert category("click", "button", "Go", facts(form={"submitter": {"label": "Go"}, "chosen": other})) is None


@pytest.mark.parametrize(("name", "expected"), [
    ("Save", None), ("Save and continue editing", None), ("Save draft", None), ("Update", None),
    ("Submit changes", None), ("Publish", "send"), ("Delete", "delete"), ("Сохранить", None),
])
def test_submit_buttons_of_an_edit_form(name: str, expected: str | None) -> None:
    fields = [{"label": "Title", "type": "text", "autocomplete": ""}, {"label": "Body", "type": "textarea",
                                                                        "autocomplete": ""},
              {"label": "Expiry date/time expire_at", "type": "datetime-local", "autocomplete": ""}]
    form = {"submitter": {"label": name}, "fields": fields}
    assert category("click", "button", name, facts(form=form)) == expected


def test_links_open_pages_unless_they_show_they_perform() -> None:
    assert category("click", "link", "Delete", facts(tag="a", href="/book/3/delete/")) is None
    assert category("click", "link", "Reply", facts(tag="a", href="/compose?reply=3")) is None
    assert category("click", "link", "Delete", facts(tag="a", href="/book/3/delete/",
                                                    signals=("return confirm('Sure?')",))) == "delete"
    assert category("click", "link", "Delete", facts(tag="a", href="/del?id=3&token=ab12cd34ef")) == "delete"
    assert category("click", "link", "Delete", facts(tag="a", href="/delete.php?id=3")) == "delete"
    assert category("click", "link", "Remove", facts(tag="a", href="/pages/3", signals=("method=delete",))) == "delete"
    assert category("click", "link", "Post date", facts(tag="a", href="#panel-post-date")) is None


def test_get_forms_and_card_fields() -> None:
    search = {"method": "get", "submitter": {"label": "Delete page"}}
    assert category("click", "button", "Delete page", facts(form=search)) is None
    card = {"submitter": {"label": "Continue"}, "fields": [{"label": "Card number", "type": "text",
                                                            "autocomplete": "cc-number"}]}
    assert category("click", "button", "Continue", facts(form=card)) == "payment"

"""The held summary adds the page's name only when it says something the summary has not."""

from browser_core.security.draft import loss_phrase
from browser_core.security.facts import PageFacts
from browser_core.security.summary import Effect


def test_a_page_named_after_the_record_already_said_is_not_repeated() -> None:
    page = PageFacts(title="Editing Gamma - Wiki")
    text = Effect(detail=loss_phrase("Editing Gamma", ["Source text"])).text("loss", page)
    assert text == "lose the unsaved 'Source text' of 'Editing Gamma'"
    assert Effect(record="Invoice 7").text("delete", PageFacts(title="Invoice 7 · Billing")) == "delete 'Invoice 7'"


def test_a_page_that_names_more_than_the_summary_is_kept() -> None:
    assert Effect(record="Art").text("delete", PageFacts(title="Articles - Admin")) == (
        "delete 'Art' (page 'Articles - Admin')")
    assert Effect(objects=["Tag: red"]).text("delete", PageFacts(title="Paint shop")) == (
        "delete Tag 'red' (page 'Paint shop')")


def test_a_loss_is_named_by_the_title_typed_else_the_drawn_record_never_by_nothing() -> None:
    assert loss_phrase("", ["Heading", "Memo text"], "Boiler check") == (
        "lose the unsaved draft 'Boiler check' ('Heading', 'Memo text')")
    assert loss_phrase("", ["Memo text"]) == "lose the unsaved 'Memo text'"
    assert loss_phrase("", []) == "lose the unsaved work"

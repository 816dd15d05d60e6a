"""The audit's invariants on observed data (no browser): names, row keys, held summaries, the report's counts."""

from __future__ import annotations

import pytest

from browser_core.audit.findings import AuditReport, PageAudit, Violation
from browser_core.audit.held import named_objects, shows, wrong_object
from browser_core.audit.names import name_problem, name_violations
from browser_core.audit.rows import FrameRead, row_key, row_violations
from browser_core.page.listing import ListedElement
from browser_core.security.facts import ElementFacts, PageFacts
from browser_core.security.verdict import Verdict


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("", "unnamed"),
        ("  ", "unnamed"),
        ("icon", "role-word-name"),
        ("Button", "role-word-name"),
        ("link", "role-word-name"),
        ("icon: trash", "role-word-name"),
        ("fa-trash", "class-name"),
        ("first_name", "class-name"),
        ("x-circle-fill", "class-name"),
        ("‹", "symbol-name"),
        ("×", "symbol-name"),
        ("»", "symbol-name"),
    ],
)
def test_names_made_of_markup_are_violations(name: str, kind: str) -> None:
    problem = name_problem("button", name)
    assert problem is not None and problem[0] == kind


@pytest.mark.parametrize("name", ["Delete", "Next page", "e-mail", "Sign in", "2", "Ceramic kettle", "Удалить"])
def test_names_of_their_own_pass(name: str) -> None:
    assert name_problem("button", name) is None


@pytest.mark.parametrize(
    ("name", "state", "kind"),
    [("Menu", "collapsed", None), ("menu", "expanded,focused", None), ("Menu", "", "role-word-name"),
     ("button", "collapsed", "role-word-name"), ("icon", "expanded", "role-word-name")],
)
def test_a_disclosure_named_by_the_popup_it_shows_names_its_purpose(name: str, state: str, kind: str | None) -> None:
    """A site menu's disclosure the author named 'Menu' says what pressing it does (it shows the menu); the same word
    on a control that declares no popup, or a role word that is no kind of popup, still says only what it is."""
    problem = name_problem("button", name, state)
    assert (problem[0] if problem else None) == kind


def test_a_name_that_is_the_elements_own_visible_text_is_the_pages_word() -> None:
    listed: list[ListedElement] = [
        {"id": "e1", "role": "link", "name": "log_file"},
        {"id": "e2", "role": "link", "name": "link"},
    ]
    found = name_violations(listed, {"e2": "http://h/a?page=2"}, {"e1": ["log_file"], "e2": ["<"]})
    assert found == [
        ("role-word-name", "link 'link' → /a?page=2", "named 'link', which says what it is made of, not what it does")
    ]


def test_a_record_identifier_shown_as_one_line_of_the_link_is_data_and_an_attribute_name_is_not() -> None:
    """Dagster's sensor link (issue 29): its text ``inbox_sensor`` beside the hidden copy the app measures it with
    (two lines); a name that is none of the element's lines came from an attribute or a class."""
    listed: list[ListedElement] = [
        {"id": "e1", "role": "link", "name": "inbox_sensor"},
        {"id": "e2", "role": "button", "name": "btn_save_record"},
    ]
    found = name_violations(listed, {}, {"e1": ["inbox_sensor", "inbox_sensor (copy)"], "e2": ["Save"]})
    assert [f[:2] for f in found] == [("class-name", "button 'btn_save_record'")]


def el(i: str, name: str, context: str = "", role: str = "link") -> ListedElement:
    out: ListedElement = {"id": i, "role": role, "name": name}
    if context:
        out["context"] = context
    return out


def test_a_row_is_keyed_by_its_controls_context_else_by_the_control_that_names_it() -> None:
    assert row_key([el("e1", "Edit", "row 'Acme'", "button"), el("e2", "Garden chair")]) == "Acme"
    assert row_key([el("e1", "Garden chair"), el("e2", "", "select row 'x'", "checkbox")]) == "x"
    assert row_key([el("e1", "Garden chair", "[inherit]"), el("e2", "Open", "", "button")]) == "Garden chair"
    assert row_key([el("e1", "", "Linen shirt", "button")]) == "Linen shirt"
    assert row_key([el("e1", "Edit", "row 3", "button")]) == "#3"
    # A list item whose first link is a shared time: its controls' context is the item's own link, its key.
    item = [el("e1", "10:05, 2 May", "Quill"), el("e2", "Quill"), el("e3", "history", "Quill")]
    assert row_key(item) == "Quill"


def test_rows_that_differ_but_share_a_key_and_rows_out_of_reach_are_violations() -> None:
    listed = {
        e["id"]: e
        for e in [
            el("e1", "Edit", "row 'Acme'", "button"),
            el("e2", "Edit", "row 'Acme'", "button"),
            el("e3", "Edit", "row 'Birch'", "button"),
        ]
    }
    read = FrameRead(
        containers=[{"kind": "table", "label": "Products", "rows": 4}],
        rows=[
            {"c": 0, "i": 0, "text": "Chair Acme", "ids": ["e1"]},
            {"c": 0, "i": 1, "text": "Table Acme", "ids": ["e2"]},
            {"c": 0, "i": 2, "text": "Bench Birch", "ids": ["e3"]},
            {"c": 0, "i": 3, "text": "Stool", "ids": []},
        ],
    )
    found = row_violations(read, listed)
    assert [k for k, _, _ in found] == ["row-unreachable", "row-keys"]
    assert found[0][1] == "row 4 of table 'Products': 'Stool'"
    assert found[1][1].startswith("rows 1 'Chair Acme', 2 'Table Acme' of table 'Products'")
    same = FrameRead(containers=read.containers, rows=[{**r, "text": "same"} for r in read.rows[:2]])
    assert row_violations(same, listed) == []  # alike rows may share a key: nothing tells them apart anyway


def verdict(effect: str, objects: tuple[str, ...] = ()) -> Verdict:
    return Verdict("delete", "why", effect, objects)


def test_the_objects_a_held_summary_names() -> None:
    page = PageFacts(title="Books", heading="Books")
    facts = ElementFacts("button", "button", "", "", False, False, False, page=page)
    assert named_objects(verdict("delete button 'Delete' (page 'Books')"), facts) == []
    assert named_objects(verdict("delete 'Dune' (button 'Delete') (page 'Books')"), facts) == ["Dune"]
    assert named_objects(verdict("x", ("Book: Dune", "Book: Emma")), facts) == ["Book: Dune", "Book: Emma"]
    assert named_objects(verdict("delete 'O'Brien' (button 'Delete') — the page warns: 'gone'"), facts) == ["O'Brien"]


def test_what_a_record_is_never_named_after() -> None:
    assert wrong_object("5m ago", set(), set(), "") == "a date, time or age"
    assert wrong_object("2024-05-01", set(), set(), "") == "a date, time or age"
    assert wrong_object("Training runs", {"training runs"}, set(), "") == "a tab's label"
    assert wrong_object("Select all", set(), {"select all"}, "") == "the select-all control's label"
    assert wrong_object("9f2c4e1ab7", set(), set(), "") == "an id or a class"
    assert wrong_object("Garden Chair", set(), set(), "Products") == ""
    assert shows("the product garden chair is here", "Garden Chair") and shows("book: dune", "Book: Dune")
    assert shows("a very long title that was cut", "A very long title…") and not shows("other", "Dune")


def test_a_violation_counts_once_however_many_pages_show_it() -> None:
    v = Violation(kind="unnamed", page="http://h/a", element="an unnamed button", detail="d")
    report = AuditReport(
        start_url="http://h/",
        started="now",
        pages=[PageAudit(url="http://h/a", violations=[v, v]), PageAudit(url="http://h/b", violations=[v])],
    )
    assert report.total == 2 and report.counts() == {"unnamed": 2}
    assert [n for _, n in report.unique()] == [2, 1]

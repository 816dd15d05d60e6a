"""A reply is sent by its form (issue 29 §1): a name that says a send only by words of answering ("Reply",
"Reply to all", "Respond") is a send when the control commits something the person wrote, judged on the facts the
page script reads (a form's filled text body, a recipient the person filled, the one editor beside it)."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import parse_facts
from browser_core.security.policy import load_policy

POLICY = load_policy()
DETECTOR = DestructiveActionDetector(POLICY)


@pytest.mark.parametrize(("name", "answering"), [
    ("Reply", True), ("Reply to all", True), ("Ответить", True), ("Respond", True),
    ("Insert canned reply", True),  # a canned reply chosen: no other word sends
    ("Post your answer", False), ("Send reply", False), ("Post a comment", False),  # another verb sends
    ("Forward", False),
])
def test_a_send_said_only_by_answering(name: str, answering: bool) -> None:
    assert POLICY.sends_by_answering(name) is answering


def _facts(name: str, *, form: bool, body: bool = False, to: str = "", fixed: bool = False,
           written: bool | None = None) -> Any:
    raw: dict[str, Any] = {
        "tag": "button", "type": "submit" if form else "button", "label": name, "autocomplete": "",
        "is_submit": form, "enter_submits": False, "editable": False, "href": "", "url": "", "link_signals": [],
        "written": body if written is None else written, "page": {"title": "Ticket 12", "heading": "Ticket 12"},
    }
    if form:
        values = [{"label": "To", "value": to, "type": "email", "autocomplete": "", "fixed": fixed}] if to else []
        raw["form"] = {"method": "post", "role": "", "label": "", "action": "http://desk.test/tickets/12/answer",
                       "fields": [{"label": "To", "type": "email", "autocomplete": ""},
                                  {"label": "Answer", "type": "textarea", "autocomplete": ""}],
                       "values": values, "submit_name": name, "has_submit": True, "submitter": {"label": name}}
    return parse_facts(raw)


@pytest.mark.parametrize(("name", "facts", "held"), [
    ("Reply", _facts("Reply", form=False), False),  # a toolbar's: it opens a composer
    ("Reply all", _facts("Reply all", form=False), False),
    ("Reply", _facts("Reply", form=False, written=True), True),  # beside the one editor that holds words
    ("Reply", _facts("Reply", form=True), False),  # an empty answer form
    ("Reply", _facts("Reply", form=True, body=True), True),
    ("Respond", _facts("Respond", form=True, body=True), True),  # an answer's verb, not a send word
    ("Respond", _facts("Respond", form=True), False),
    ("Reply", _facts("Reply", form=True, to="kim@ops.test"), True),  # a recipient the person filled
    ("Reply", _facts("Reply", form=True, to="kim@ops.test", fixed=True), False),  # the app's own, read-only
    ("Send reply", _facts("Send reply", form=False), True),  # its verb sends
])
def test_an_answer_is_held_when_it_commits_what_was_written(name: str, facts: Any, held: bool) -> None:
    verdict = DETECTOR.classify("click", "button", name, facts)
    assert (verdict is not None and verdict.category == "send") is held, verdict

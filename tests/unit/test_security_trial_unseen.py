"""Rules from the trial on an unseen app (issue 29), each written from meaning and checked in other words: a
control that names its record in quotes, a determiner before a later word, a GET form carrying a request token."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import parse_facts
from browser_core.security.policy import load_policy

POLICY = load_policy()
DETECTOR = DestructiveActionDetector(POLICY)


@pytest.mark.parametrize("name", ["Move “Spare oars for the dinghy” to the Bin", "Move «Spare oars» to Trash",
                                  'Move "Quarterly ledger draft" to the spam', "Empty the trash"])
def test_a_quoted_record_name_and_a_determiner_keep_the_phrase(name: str) -> None:
    assert POLICY.judge_name(name) == "delete"


@pytest.mark.parametrize("name", ["Trash", "Move to folder", "Open “Spare oars” in the bin viewer", "Restore “Spare "
                                  "oars” from the Bin"])
def test_the_phrases_still_need_their_words(name: str) -> None:
    assert POLICY.judge_name(name) is None


def bulk(*, method: str = "get", hidden: list[list[str]] | None = None, changed: bool = True,
         option: str = "Archive to bin") -> Any:
    return parse_facts({
        "tag": "button", "type": "submit", "label": "Go", "autocomplete": "", "is_submit": True,
        "enter_submits": False, "editable": False, "href": "", "url": "", "link_signals": [], "row": {}, "options": [],
        "page": {"title": "Shipments", "heading": "Shipments", "text": "", "objects": [], "selected": [],
                 "headings": [], "lines": [], "rows": [], "commands": [], "alerts": []},
        "form": {"method": method, "action": "http://depot.test/list", "role": "", "label": "", "fields": [],
                 "submit_name": "Go", "has_submit": True, "hidden": hidden if hidden is not None else [["csrf_token",
                                                                                                        "9f8e7d"]],
                 "chosen": [{"name": "op", "label": "Choose an operation", "option": option, "value": "bin",
                             "changed": changed}],
                 "submitter": {"label": "Go"}, "checked": ["Crate of lanterns", "Spare oars"]},
    })


def test_a_get_form_with_a_request_token_performs_its_chosen_action() -> None:
    verdict = DETECTOR.classify("click", "button", "Go", bulk(option="Delete for good"))
    assert verdict is not None and verdict.category == "delete"
    assert list(verdict.objects) == ["Crate of lanterns", "Spare oars"]


@pytest.mark.parametrize("kw", [{"hidden": []}, {"changed": False}, {"option": "Show 50 a page"}])
def test_a_get_form_without_a_token_or_a_chosen_act_opens_a_page(kw: dict[str, Any]) -> None:
    assert DETECTOR.classify("click", "button", "Go", bulk(**kw)) is None

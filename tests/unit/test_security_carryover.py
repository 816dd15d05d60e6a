"""The rules of the carry-over (no browser): which dialog texts hold a click, and what an approval covers."""

from __future__ import annotations

import time

import pytest

from browser_core.security.approvals import Approval
from browser_core.security.confirmations import ActionSummary, PendingAction
from browser_core.security.dialog_gate import dialog_category, dialog_verdict
from browser_core.security.policy import load_policy
from browser_core.security.verdict import Verdict

POLICY = load_policy()


@pytest.mark.parametrize(("message", "category"), [
    ("Delete 2 finished runs? This cannot be undone.", "delete"),
    ("Are you sure? This will permanently remove 'Q3 report'.", "delete"),
    ("Удалить запись «Отчёт»?", "delete"),
    ("Send this invoice to 12 customers?", "send"),
    ("Leave site? Changes you made may not be saved.", None),
    ("Discard unsaved changes?", "delete"),  # the app itself says the act loses work (issue 29)
    ("All unsaved changes will be lost. Restore version 3?", "delete"),
    ("Shut Down All? Shut Down All Kernels", "cancel"),
    ("Are you sure you would like to remove this item from the shopping cart?", None),
    # The app's own question naming work not yet saved warns of its loss (issue 29, round 12: the labelled set reads
    # leaving it as a loss), unless it offers to save it; the browser's own "Leave site?" above names none.
    ("You have unsaved changes. Are you sure you want to leave?", "delete"),
    ("You have unsaved changes. Do you want to save them?", None),
    ("Reload the page?", None),
])
def test_a_dialog_text_names_a_destructive_effect_by_the_policy_words(message: str, category: str | None) -> None:
    assert dialog_category(POLICY, message) == category


def test_the_held_summary_quotes_the_dialog_and_names_its_objects() -> None:
    verdict = dialog_verdict(POLICY, "confirm", "Delete experiment “Churn model”?\nThis cannot be undone.",
                             "button 'Tidy up'", "Experiments")
    assert verdict is not None and verdict.category == "delete" and verdict.objects == ("Churn model",)
    assert "the page asks “Delete experiment “Churn model”? This cannot be undone.”" in verdict.effect
    assert dialog_verdict(POLICY, "confirm", "Leave page?", "button 'Close'", "Editor") is None


def pending(objects: list[str], *, page_asked: bool = False) -> PendingAction:
    summary: ActionSummary = {"effect": "delete", "action": "click", "element": {"id": "e1", "role": "button",
                              "name": "delete"}, "category": "delete", "reason": "", "objects": objects,
                              "frame": "main", "url": "https://app.test/x", "title": ""}
    now = time.time()
    return PendingAction("confirm-1", "click", "e1", {}, summary, "https://app.test/x", now, now + 60,
                         page_asked=page_asked)


def test_a_modal_approval_covers_only_the_same_act_on_approved_objects() -> None:
    unnamed = Approval.of(pending([]), 60, modal="__k")
    assert unnamed is not None
    assert unnamed.covers_modal(Verdict("delete", "", objects=()), "https://app.test/x#m")
    assert not unnamed.covers_modal(Verdict("delete", "", objects=("Churn",)), "https://app.test/x")  # not shown
    assert not unnamed.covers_modal(Verdict("send", ""), "https://app.test/x")
    assert not unnamed.covers_modal(Verdict("delete", ""), "https://evil.test/x")
    named = Approval.of(pending(["Experiment: Churn"]), 60, modal="__k")
    assert named is not None and named.covers_modal(Verdict("delete", "", objects=("Churn",)), "https://app.test/")
    assert not named.covers_modal(Verdict("delete", "", objects=("Churn", "Fraud")), "https://app.test/")


def test_an_approval_spent_on_a_native_dialog_covers_nothing_more() -> None:
    assert Approval.of(pending(["Book: Dune"]), 60, modal="__k", dialog_used=True) is None
    assert Approval.of(pending([]), 60) is None  # no modal opened, no objects named: nothing to carry
    page_only = Approval.of(pending(["Book: Dune"]), 60)
    assert page_only is not None and not page_only.covers_modal(Verdict("delete", ""), "https://app.test/")
    asked = Approval.of(pending(["Book: Dune"], page_asked=True), 60)
    assert asked is None

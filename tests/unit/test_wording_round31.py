"""Round 31's classes (issue 29 §5b), in other words than the held-out texts read: each case failed before its rule.

What a user notices: the gate lets through the refusing answer of a confirmation ("No, do not remove them"), which
names the act that will not be done, and still holds the act itself. No browser.
"""

from __future__ import annotations

from browser_core.security.policy import load_policy

POLICY = load_policy()


def test_a_refusing_answer_that_names_the_act_not_done_holds_nothing() -> None:
    for name in ("No, do not remove the record", "No, never send it", "No - don't erase it",
                 "No, don't cancel my order"):
        assert POLICY.judge_name(name) is None, name
    # The act itself, or a "No" that does not refuse it, is still held.
    assert POLICY.judge_name("Remove the record") == "delete"
    assert POLICY.judge_name("Erase everything") == "delete"
    assert POLICY.judge_name("Cancel my order") == "cancel"


def test_a_slip_emailed_to_someone_is_sent() -> None:
    """A slip (a payslip, a packing slip, a deposit slip) is a document mailed to the person it concerns, like an
    invoice or a statement: emailing it sends it."""
    for name in ("Email payslips", "Mail the packing slip", "Resend deposit slip"):
        assert POLICY.judge_name(name) == "send", name
    for name in ("Payslips", "Packing slip settings", "Print packing slip"):
        assert POLICY.judge_name(name) is None, name

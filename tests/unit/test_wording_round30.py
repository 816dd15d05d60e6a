"""Round 30's classes (issue 29 §5b), in other words than the held-out texts read: each case failed before its rule.

What a user notices: the gate holds a paid plan cancelled, a failed payment tried again and a refund named by how
much of it goes back; it lets through a sort taken off a list, which removes no record. No browser.
"""

from __future__ import annotations

from browser_core.security.policy import load_policy

POLICY = load_policy()


def test_a_paid_plan_cancelled_is_a_cancel() -> None:
    for name in ("Cancel the premium plan", "Cancel my plan"):
        assert POLICY.judge_name(name) == "cancel", name
    for name in ("Plan", "Change plan", "Cancel"):
        assert POLICY.judge_name(name) != "cancel", name


def test_a_failed_payment_tried_again_charges_it() -> None:
    for name in ("Retry the failed charge", "Retry this purchase"):
        assert POLICY.judge_name(name) == "payment", name
    for name in ("Retry", "Retry sync", "Retry upload"):
        assert POLICY.judge_name(name) is None, name


def test_a_refund_named_by_how_much_goes_back_is_a_refund() -> None:
    for name in ("Full refund", "Partially refund"):
        assert POLICY.judge_name(name) == "cancel", name
    assert POLICY.judge_name("Partially paid") is None


def test_a_sort_taken_off_a_list_removes_no_record() -> None:
    for name in ("Remove sort", "Remove this sort order", "Clear sorting"):
        assert POLICY.judge_name(name) is None, name
    assert POLICY.judge_name("Remove this record") == "delete"


def test_a_one_time_code_asked_for_by_name_alone_goes_to_the_one_who_asks() -> None:
    # A control named only "send (again) a code" is the sign-in or verification step's: the code goes to the person
    # who will type it. A code named for someone else, or with more to it, is still a send.
    for name in ("Send a code", "Send new code", "Re-send new code"):
        assert POLICY.judge_name(name) is None, name
    for name in ("Send discount code", "Send code to customer", "Send"):
        assert POLICY.judge_name(name) == "send", name

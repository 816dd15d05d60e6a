"""Round 24's classes (issue 29 §5b), in other words than the held-out texts read: each case failed before its rule.

What a user notices: the gate holds a control or a dialog that interrupts running work, reboots a whole system, pays
out, broadcasts or charges money, and lets through layer ordering in a drawing, a payment request opened or edited,
filters cleared, a choice of keeping and an item someone handed in declined. No browser.
"""

from __future__ import annotations

from browser_core.security.confirming import confirmation_category
from browser_core.security.policy import load_policy

POLICY = load_policy()


def test_the_app_saying_running_work_is_interrupted_or_a_system_rebooted_is_held_as_a_cancel() -> None:
    for sentence in ("Doing this interrupts any running jobs.", "Running exports will be interrupted.",
                     "Reboot now?\nThis reboots the whole system with every service on it."):
        assert confirmation_category(POLICY, sentence) == "cancel", sentence
    for name in ("Reboot the system", "Restart systems"):
        assert POLICY.judge_name(name) == "cancel", name
    # Naming an interruption as a setting, or a system with no restart, holds nothing.
    for name in ("Interrupt notifications", "System settings", "Restart tutorial"):
        assert POLICY.judge_name(name) is None, name
    assert confirmation_category(POLICY, "You can resume interrupted uploads later.") is None


def test_money_paid_out_broadcast_or_charged_is_a_payment_and_a_payout_called_off_a_cancel() -> None:
    for name in ("Process payouts", "Confirm the payout", "Broadcast the signed transaction", "Charge customer",
                 "Charge this card", "Send bitcoin to Dana"):
        assert POLICY.judge_name(name) == "payment", name
    assert POLICY.judge_name("Cancel the scheduled payout") == "cancel"
    for name in ("Payout settings", "View payouts", "Add charge", "Broadcast message", "Charge cycle"):
        assert POLICY.judge_name(name) != "payment", name


def test_a_payment_request_named_as_a_document_commits_nothing() -> None:
    """A verb right after the word of what it would commit is the head of a compound noun ('payment request',
    'subscription start'): the document or the date, not the act."""
    for name in ("Open the payment request", "View booking request", "Duplicate donation request",
                 "Subscription start date"):
        assert POLICY.judge_name(name) is None, name
    for name in ("Request payment now", "Submit the booking", "Confirm payment"):
        assert POLICY.judge_name(name) == "payment", name


def test_layer_order_in_a_drawing_sends_nothing() -> None:
    for name in ("Send to back", "Send layer backwards", "Send selection backward"):
        assert POLICY.judge_name(name) is None, name
    for name in ("Send back to the author", "Send to Dana"):
        assert POLICY.judge_name(name) == "send", name


def test_filters_cleared_a_choice_of_keeping_and_an_offered_item_declined_hold_nothing() -> None:
    for name in ("Clear all active filters", "Keep my membership", "Cancel and keep my subscription"):
        assert POLICY.judge_name(name) is None, name
    assert POLICY.judge_name("Delete saved filter") == "delete"
    assert POLICY.judge_name("Cancel my subscription") == "cancel"
    # Declining an item someone handed in (a suggestion, a feature request) answers it; declining a booking ends it.
    for sentence in ("Are you sure you want to decline the feature request FR-9?",
                     "Do you want to reject this suggestion?"):
        assert confirmation_category(POLICY, sentence) is None, sentence
    for sentence in ("Are you sure you want to decline this booking?", "Are you sure you want to reject?",
                     "Do you want to reject this occurrence (3 June)?"):
        assert confirmation_category(POLICY, sentence) == "cancel", sentence




def test_a_choice_of_keeping_declines_only_its_own_clause() -> None:
    """A name led by keeping keeps what it names, but a later clause is an act of its own: 'Keep the newest, remove the
    others' still removes records (failed before: the keep lead negated the whole name)."""
    policy = load_policy()
    assert policy.judge_name("Keep my plan") is None
    assert policy.judge_name("Cancel and keep my membership") is None
    assert policy.judge_name("Keep the newest, remove the others") == "delete"
    assert policy.judge_name("Keep this draft and erase the old versions") == "delete"
    assert policy.judge_name("Do not archive; delete permanently") == "delete"

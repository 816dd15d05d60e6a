"""Round 26's classes (issue 29 §5b), in other words than the held-out texts read: each case failed before its rule.

What a user notices: the gate holds a record the app says will be made public, a payment captured or voided by a
bare button, a customer or an order credited, a new credential the app asks to generate (the old one stops working),
one's account closed with its name between, and a bare "Remind"; it lets through a vote taken back, a podcast
subscribed to, a list filtered to show only some orders, and an e-mail or a message offered to be written. No browser.
"""

from __future__ import annotations

from browser_core.security.confirming import confirmation_category
from browser_core.security.policy import load_policy

POLICY = load_policy()


def test_what_the_app_says_will_be_made_public_is_published() -> None:
    for text in ("Continue? The project will be made public.", "Every page of this wiki will be made public."):
        assert confirmation_category(POLICY, text) == "send", text
    assert confirmation_category(POLICY, "Continue? The project will be made private.") is None


def test_a_bare_capture_or_void_takes_or_annuls_the_payment() -> None:
    assert POLICY.judge_name("Capture") == "payment"
    assert POLICY.judge_name("Void") == "cancel"
    for name in ("Capture screenshot", "Void reason", "Voided"):
        assert POLICY.judge_name(name) is None, name


def test_a_customer_or_an_order_credited_gets_money_back() -> None:
    for name in ("Credit the buyer", "Credit 5 orders", "Credit client"):
        assert POLICY.judge_name(name) == "cancel", name
    for name in ("Credit card", "Customer credit", "Credit limit", "Add credit card"):
        assert POLICY.judge_name(name) is None, name


def test_a_new_credential_asked_for_replaces_the_one_in_use() -> None:
    for text in ("Are you sure you want to generate a new access token?", "Generate new signing key for this app?"):
        assert confirmation_category(POLICY, text) == "cancel", text
    # A name alone may make the first one.
    assert POLICY.judge_name("Generate new key") is None


def test_ones_account_closed_with_its_name_between_is_gone() -> None:
    assert POLICY.judge_name("Close my shop account") == "delete"
    assert confirmation_category(POLICY, "Do you really want to close your store account?") == "delete"


def test_a_bare_remind_sends_a_reminder() -> None:
    assert POLICY.judge_name("Remind") == "send"
    for name in ("Remind me later", "Reminders"):
        assert POLICY.judge_name(name) is None, name


def test_a_vote_taken_back_and_a_podcast_followed_are_ordinary() -> None:
    for name in ("Remove my vote", "Remove votes", "Subscribe to this podcast", "Subscribe to the podcast feed"):
        assert POLICY.judge_name(name) is None, name
    assert POLICY.judge_name("Delete vote") == "delete"
    assert POLICY.judge_name("Subscribe") == "payment"


def test_a_filter_of_what_a_list_shows_names_no_act() -> None:
    for name in ("Show only purchase orders", "Only show orders to pay"):
        assert POLICY.judge_name(name) is None, name
    assert POLICY.judge_name("Complete order") == "payment"


def test_an_e_mail_or_a_message_offered_opens_its_form() -> None:
    for name in ("Send an email to the team", "Send an e-mail", "Send a private message", "Send a message"):
        assert POLICY.judge_name(name) is None, name
    for name in ("Send an invoice", "Send email", "Send message"):
        assert POLICY.judge_name(name) == "send", name

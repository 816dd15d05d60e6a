"""Round 28's classes (issue 29 §5b), in other words than the held-out texts read: each case failed before its rule.

What a user notices: the gate holds a cancellation that says when the term it ends stops, a money transaction a form's
submit names (a refund or a void recorded, a capture or a charge saved), a post re-shared to one's followers, a
warning that the step may lose data, a report handed in to the moderators; it lets through the dialog's own "Cancel",
a saved card, a fee's settings and a cache emptied. No browser.
"""

from __future__ import annotations

from browser_core.security.confirming import confirmation_category
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.policy import load_policy
from tests.support.wordings import control_facts

POLICY = load_policy()


def test_a_cancel_that_says_when_the_term_ends_cancels_the_commitment() -> None:
    for name in ("Cancel effective immediately", "Cancel at the end of this term", "Cancel at term close",
                 "Cancel at renewal"):
        assert POLICY.judge_name(name) == "cancel", name
    for name in ("Cancel", "Cancel editing", "Term end date", "Immediately", "End of term report"):
        assert POLICY.judge_name(name) is None, name


def test_a_submit_that_names_the_money_transaction_performs_it() -> None:
    assert POLICY.judge_name("Record the refund") == "cancel"
    assert POLICY.judge_name("Save this void") == "cancel"
    assert POLICY.judge_name("Submit capture") == "payment"
    assert POLICY.judge_name("Record partial capture") == "payment"
    assert POLICY.judge_name("Record this charge") == "payment"
    assert POLICY.judge_name("Submit charge") == "payment"
    assert POLICY.judge_name("Save shipping charges") is None
    for name in ("Save credit card", "Save refund policy", "Save refund settings", "Save card"):
        assert POLICY.judge_name(name) is None, name


def test_a_post_shared_again_to_ones_followers_is_published() -> None:
    for name in ("Reblog this post", "Repost entry", "Boost this toot"):
        assert POLICY.judge_name(name) == "send", name
    for name in ("Boosted posts", "Show reblogs", "Reposts", "Boost speed"):
        assert POLICY.judge_name(name) is None, name


def test_a_warning_of_data_loss_is_a_warning() -> None:
    assert confirmation_category(POLICY, "Running this migration may lead to data loss. Continue?") is not None
    assert confirmation_category(POLICY, "Rebuilding the index now can result in data loss.") is not None


def test_a_report_written_for_the_moderators_is_sent_to_them() -> None:
    # A report of a post or a person is written for the moderators to read, as a ticket for a helpdesk's staff:
    # handing in the small form whose one box holds it sends it. The same button beside a private note stays ordinary.
    detector = DestructiveActionDetector(POLICY)
    for label, box in (("Submit", "Reason for reporting"), ("Done", "Tell us why you are reporting this account")):
        verdict = detector.classify("click", "button", label, control_facts(label, "compose", box))
        assert verdict is not None and verdict.category == "send", (label, box)
    assert detector.classify("click", "button", "Submit", control_facts("Submit", "compose", "Private note")) is None


def test_a_cache_emptied_by_any_verb_of_emptying_loses_nothing() -> None:
    # A cache is a copy the app makes again, whichever verb empties it; what it caches, deleted, is still deleted.
    for name in ("Wipe the cache", "Delete thumbnail cache", "Remove caches"):
        assert POLICY.judge_name(name) is None, name
    for name in ("Erase everything", "Wipe all data", "Delete thumbnails"):
        assert POLICY.judge_name(name) == "delete", name

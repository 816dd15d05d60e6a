"""Round 29's classes (issue 29 §5b), in other words than the held-out texts read: each case failed before its rule.

What a user notices: the gate holds a post re-shared by the one word that says so and a record shared where anyone
may read it (the web, the public); it lets through a cache's copies emptied and one's own like or reaction taken off,
as the dialog asking about them says. No browser.
"""

from __future__ import annotations

from browser_core.security.confirming import confirmation_category
from browser_core.security.policy import load_policy

POLICY = load_policy()


def test_a_post_reshared_by_its_one_word_is_sent_to_ones_followers() -> None:
    for name in ("Retoot", "Retweet"):
        assert POLICY.judge_name(name) == "send", name
    for name in ("Retweets", "Take back retoot", "Undo retweet"):
        assert POLICY.judge_name(name) is None, name


def test_a_record_shared_where_anyone_may_read_it_is_published() -> None:
    for name in ("Share publicly", "Share with the public", "Share on the web"):
        assert POLICY.judge_name(name) == "send", name
    for name in ("Shared publicly", "Public sharing settings", "Share with team", "Share"):
        assert POLICY.judge_name(name) is None, name


def test_cached_copies_emptied_lose_nothing() -> None:
    assert POLICY.judge_name("Erase cached previews") is None
    assert confirmation_category(POLICY, "Do you really want to remove every cached avatar image?") is None
    assert confirmation_category(POLICY, "Do you really want to remove every avatar image?") == "delete"


def test_ones_own_reaction_taken_off_is_given_again_from_the_same_place() -> None:
    assert POLICY.judge_name("Remove my like") is None
    assert confirmation_category(POLICY, "Remove your reaction to this post?") is None
    assert POLICY.judge_name("Remove this post") == "delete"

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


def test_what_a_switched_off_state_means_is_no_loss() -> None:
    # Deactivating, suspending or taking a member off is undone from the same place; a sentence that only says what
    # the person can no longer do meanwhile warns of no loss. A deletion, or another warning beside it, still holds.
    for message in ("Do you really want to suspend this account? The person won't be able to post anymore.",
                    "Are you sure you want to remove Ada from the team? Ada will lose access to its projects."):
        assert confirmation_category(POLICY, message) is None, message
    for message in ("Are you sure you want to disable this key? It will no longer be able to sign requests. This "
                    "cannot be undone.",
                    "Are you sure you want to delete this bot? It will no longer be able to post."):
        assert confirmation_category(POLICY, message) is not None, message

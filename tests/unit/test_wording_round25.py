"""Round 25's classes (issue 29 §5b), in other words than the held-out texts read: each case failed before its rule.

What a user notices: the gate holds invitations sent out, a paid plan tried for a while, a place taken at an event or
a participant's place ended, an idea handed in to a public board and edits abandoned; it lets through an invitation
mail sent again, a field that only names an invitation, and a person's request to join a group answered. No browser.
"""

from __future__ import annotations

from browser_core.security.confirming import confirmation_category
from browser_core.security.policy import load_policy

POLICY = load_policy()


def test_invitations_a_name_sends_go_to_the_people_invited() -> None:
    for name in ("Send the invitations", "Send 40 invites", "Send out invitations", "Send invitation now"):
        assert POLICY.judge_name(name) == "send", name
    assert confirmation_category(POLICY, "Send these invitations?") == "send"
    # Sent again, a copy of what the invitee holds; a label that names sending one; the user's own sign-up invite.
    for name in ("Re-send the invitation", "Address to send invitations to", "Send me an invite", "Resend invites"):
        assert POLICY.judge_name(name) is None, name


def test_trying_a_paid_plan_for_a_period_starts_its_trial() -> None:
    for name in ("Try Pro for 30 days", "Try the team plan for 2 weeks", "Try 1 month for free"):
        assert POLICY.judge_name(name) == "payment", name
    for name in ("Try again", "Try another card", "Last 30 days", "Try the demo"):
        assert POLICY.judge_name(name) is None, name


def test_a_place_at_an_event_taken_or_a_participant_s_place_ended() -> None:
    for name in ("Participate", "Confirm your participation", "Submit participation"):
        assert POLICY.judge_name(name) == "payment", name
    for name in ("Reject the participant", "Decline 4 participants", "Cancel participation"):
        assert POLICY.judge_name(name) == "cancel", name
    for name in ("Participants", "Participation settings", "Approve the participant", "Participate in the survey"):
        assert POLICY.judge_name(name) is None, name


def test_a_person_asking_to_join_is_answered_when_rejected() -> None:
    for name in ("Decline member", "Reject 2 members", "Refuse the member"):
        assert POLICY.judge_name(name) is None, name
    # A member banned, or one's own membership cancelled, still ends something.
    for name in ("Ban member", "Cancel membership"):
        assert POLICY.judge_name(name) == "cancel", name


def test_an_idea_handed_in_to_a_public_board_is_published() -> None:
    for name in ("Submit idea", "Submit the suggestion", "Submit ideas"):
        assert POLICY.judge_name(name) == "send", name
    for name in ("Add idea", "Suggestions", "Edit suggestion"):
        assert POLICY.judge_name(name) is None, name


def test_abandoning_ones_edits_throws_them_away() -> None:
    for name in ("Abandon edits", "Abandon your changes", "Abandon all modifications"):
        assert POLICY.judge_name(name) == "delete", name
    for name in ("Abandoned carts", "Edit", "Continue editing"):
        assert POLICY.judge_name(name) is None, name


def test_stopping_following_is_unfollowing_what_runs_for_others() -> None:
    for name in ("Stop following this server", "Stop following events", "Stop following the instances"):
        assert POLICY.judge_name(name) is None, name
    for name in ("Stop the server", "Stop running instances", "Cancel events"):
        assert POLICY.judge_name(name) == "cancel", name

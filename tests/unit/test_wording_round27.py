"""Round 27's classes (issue 29 §5b), in other words than the held-out texts read: each case failed before its rule.

What a user notices: the gate holds a ticket handed in to a helpdesk (a message to its staff), and lets through
opening the form to write one. The review-page and caption classes are in test_security_flows.py. No browser.
"""

from __future__ import annotations

from browser_core.security.policy import load_policy

POLICY = load_policy()


def test_a_ticket_handed_in_sends_it_to_the_helpdesk() -> None:
    for name in ("Submit a ticket", "Submit this help ticket", "Submit ticket"):
        assert POLICY.judge_name(name) == "send", name
    for name in ("Open a ticket", "New ticket", "Ticket submitted", "Submitted tickets"):
        assert POLICY.judge_name(name) != "send", name

"""The values a held form's summary may say (issue 29 §2): a few, clipped, in order; never a secret or a date."""

from __future__ import annotations

from browser_core.security.committed import committed_values, values_phrase
from browser_core.security.facts import FieldValue, FormFacts
from browser_core.security.policy import load_policy

POLICY = load_policy()


def _form(*values: FieldValue) -> FormFacts:
    return FormFacts("post", "", "", [], "Send", True, values=list(values))


def test_only_identifying_values_are_said_a_few_clipped_in_order() -> None:
    form = _form(FieldValue("Verification code", "493021"), FieldValue("Login", "kq", "password"),
                 FieldValue("Token", "x", autocomplete="one-time-code"),
                 FieldValue("Card", "y", autocomplete="cc-name"),
                 FieldValue("To:", "priya.natarajan@venues.test"), FieldValue("Sent", "2026-03-01 09:30"),
                 FieldValue("Subject", "Re: Venue contract for the March offsite and the catering"),
                 FieldValue("Account", "4000 0566 5566 5556"), FieldValue("Cc", "ops@venues.test"),
                 FieldValue("Bcc", "boss@venues.test"))
    said = committed_values(POLICY, form.values)
    assert said == ["To: priya.natarajan@venues.test", "Subject: Re: Venue contract for the March offsit…",
                    "Cc: ops@venues.test"]
    assert values_phrase(said[:2]) == ("To 'priya.natarajan@venues.test', "
                                       "Subject 'Re: Venue contract for the March offsit…'")
    assert committed_values(POLICY, []) == []

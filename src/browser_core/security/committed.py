"""What a held form commits, named as the page shows it (issue 29, §2): a message's recipient and subject, a page's
title, an invoice's customer, each as ``Label: value``.

From structure only: the values ``js/facts.js`` reads from the form's own visible single-line text fields
(readonly ones too) and its selects' chosen labels, in DOM order; hidden inputs, search boxes and text areas'
bodies are never read. A sensitive field (a password, a one-time code, card data: the guard's own rules) and any
value that holds a registered secret are never said.
"""

from __future__ import annotations

import re

from browser_core.redaction import MASK, redact
from browser_core.security.facts import FieldValue
from browser_core.security.policy import SecurityPolicy

MAX_VALUES = 3  # a few at most: the recipient and subject, a title and a status
MAX_VALUE_CHARS = 40
MAX_LABEL_CHARS = 30
_LONG_NUMBER = re.compile(r"^[\d\s-]{12,}$")  # a card or account number, whatever the field is called
# A date or a time ('2026-10-10', '10/10/2026 09:30', '9:30 pm') says when, never which record.
_WHEN = re.compile(r"^(?:\d{1,4}([-/.])\d{1,2}\1\d{1,4}(?:[ T]+\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}:\d{2}(?::\d{2})?)"
                   r"\s*(?:[ap]\.?m\.?)?$", re.IGNORECASE)


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def is_secret(policy: SecurityPolicy, value: FieldValue) -> bool:
    """A field whose value is the human's only: a password, a one-time code, a card's data (its own autocomplete
    token, a sensitive or payment label), or a value that holds a registered secret (one typed by name)."""
    token = value.autocomplete.split()[-1] if value.autocomplete.split() else ""
    return (
        value.type == "password"
        or token in policy.sensitive_autocomplete
        or token.startswith("cc-")
        or policy.is_sensitive_label(value.label)
        or policy.is_payment_field(value.label)
        or bool(_LONG_NUMBER.match(value.value.strip()))
        or MASK in redact(value.value)
    )


def committed_values(policy: SecurityPolicy, values: list[FieldValue]) -> list[str]:
    """``Label: value`` for the first few of ``values`` a submission commits (a form's, in DOM order, the ones the
    person set first), secrets left out."""
    out: list[str] = []
    # What the person set names the record first (a recipient, a topic); a choice the page made for them (a sender
    # identity, a default priority) after it.
    for value in sorted(values, key=lambda v: not v.changed):
        label = _clip(value.label.strip(" :*"), MAX_LABEL_CHARS)
        if not label or not value.value.strip() or _WHEN.match(value.value.strip()) or is_secret(policy, value):
            continue
        said = f"{label}: {_clip(value.value, MAX_VALUE_CHARS)}"
        if said not in out:
            out.append(said)
        if len(out) >= MAX_VALUES:
            break
    return out


def values_phrase(values: list[str]) -> str:
    """``To 'priya@venues.test', Subject 'Re: Venue contract'``."""
    return ", ".join(f"{label} '{value.strip()}'" for label, _, value in (v.partition(": ") for v in values))

"""Consequence by meaning, round 3 (issue 29 §1): verbs and what they act on, states that end a record, questions
that end something, and a bare command's record; the purchase names what it buys (§2). No browser."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.security.confirming import confirmation_category
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import parse_facts
from browser_core.security.policy import load_policy

POLICY = load_policy()
DETECTOR = DestructiveActionDetector(POLICY)


def scripted(name: str, *, row: dict[str, Any] | None = None, page: dict[str, Any] | None = None) -> Any:
    return parse_facts(
        {
            "tag": "button",
            "type": "button",
            "label": name,
            "autocomplete": "",
            "is_submit": False,
            "enter_submits": False,
            "editable": False,
            "href": "",
            "url": "",
            "link_signals": [],
            "form": None,
            "row": row or {},
            "page": {"title": "App", "heading": "App", **(page or {})},
        }
    )


@pytest.mark.parametrize(
    ("name", "category"),
    [
        ("Email Invoice", "send"),
        ("Mail the quote", "send"),
        ("Resend receipt", "send"),
        ("Start campaign", "send"),
        ("Launch the newsletter", "send"),
        ("Regenerate your token", "cancel"),
        ("Reset API key", "cancel"),
        ("Rotate secret", "cancel"),
        ("Stop import", "cancel"),
        ("Abort upload", "cancel"),
        ("Mark Cancelled", "cancel"),
        ("Set as void", "cancel"),
        ("Uninstall", "delete"),
        ("Leave without saving", "delete"),
        ("Overwrite", "delete"),
        ("Add seats", "payment"),
        ("Add 5 licenses", "payment"),
        ("Buy a license", "payment"),
        ("Purchase license key", "payment"),
    ],
)
def test_a_verb_and_what_it_acts_on_in_any_order(name: str, category: str) -> None:
    assert POLICY.judge_name(name) == category


@pytest.mark.parametrize(
    "name",
    [
        "Email settings",
        "Invoice templates",
        "Create a campaign",
        "Reset filters",
        "Mark as read",
        "Set as default",
        "Remove from favorites",
        "Clear all",
        "Import",
        "Start",
        "Add license key",  # the key one holds, entered: no more of the plan bought
        "Add license",
        "Add licence file",
    ],
)
def test_names_that_share_a_word_but_not_the_meaning(name: str) -> None:
    assert POLICY.judge_name(name, weak=True) is None


@pytest.mark.parametrize(
    ("message", "category"),
    [
        ("Are you sure you wish to abort?", "cancel"),
        ("Are you sure want to stop it?", "cancel"),
        ("If you don't save, you might lose your changes.", "delete"),
        ("This campaign will start automatically at the scheduled date and time. Schedule now?", "send"),
        ("Are you sure you want to reprocess all faces? This will also clear named people.", "delete"),
        ("Are you sure want to pause?", None),
        ("Are you sure you want to assign 3 conversations to Alice?", None),
        # A whole container cut down to nothing (a database tool's warning had no word of deleting in it).
        ("You are about to PRUNE an entire ledger!", "delete"),
        ("This truncates every entry of the journal.", "delete"),
        ("You are about to export a complete table!", None),
        ("Show all truncated lines?", None),
    ],
)
def test_the_apps_confirmation_that_ends_or_loses_something(message: str, category: str | None) -> None:
    assert confirmation_category(POLICY, message) == category


def test_a_bare_command_counts_only_on_the_record_it_sits_with() -> None:
    for bare in ("Apply", "Submit"):
        assert DETECTOR.classify("click", "button", bare, scripted(bare)) is None  # a filter, a panel
    job = {"name": "Frontend Developer", "cells": ["Acme Corp · Remote"], "fields": []}
    applied = DETECTOR.classify("click", "button", "Apply", scripted("Apply", row=job))
    assert applied is not None and applied.category == "send" and "Frontend Developer" in applied.effect


def test_a_booking_in_a_results_line_names_the_line_not_the_form_around_it() -> None:
    flight = {
        "name": "Depart: 2:40 PM Sat Oct 29 2016 Portland, OR (PDX)",
        "cells": [
            "Depart: 2:40 PM Sat Oct 29 2016 Portland, OR (PDX)",
            "Arrives: 12:01 AM Sun Oct 30 2016",
            "Duration: 9h 20m",
        ],
        "fields": [],
    }
    booked = DETECTOR.classify("click", "button", "Book flight for $387", scripted("Book flight for $387", row=flight))
    assert booked is not None and booked.category == "payment"
    assert booked.effect.startswith("pay 'Depart: 2:40 PM Sat Oct 29 2016 Portland, OR (PDX) · Arrives: 12:01 AM")
    assert "Duration: 9h 20m" in booked.effect and "$387" in booked.effect

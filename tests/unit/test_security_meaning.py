"""Consequence by meaning (issue 29 §1, §2), on facts as the page script reports them (no browser)."""

from __future__ import annotations

from typing import Any

import pytest

from browser_core.security.confirming import confirmation_category
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.facts import parse_facts
from browser_core.security.policy import load_policy

POLICY = load_policy()
DETECTOR = DestructiveActionDetector(POLICY)


@pytest.mark.parametrize(
    "name",
    [
        "Submit my order",
        "Book flight for $387",
        "Pay €12 now",
        "Complete booking",
        "Confirm and pay",
        "Place binding order",
        "Complete your purchase",
        "Make a donation",
        "Confirm subscription",
        "Buy now",
        "Reserve this room now",
        "Оформить заказ на 1 200 ₽",
        "Подтвердить бронирование",
    ],
)
def test_a_commitment_is_judged_by_verb_and_object_in_any_order(name: str) -> None:
    assert POLICY.judge_name(name, weak=True) == "payment"


@pytest.mark.parametrize(
    ("name", "category"),
    [
        ("Cancel appointment", "cancel"),
        ("Cancel the run", "cancel"),
        ("Terminate", "cancel"),
        ("Shut Down All", "cancel"),
        ("Revoke API key", "cancel"),
        ("Make refund", "cancel"),
        ("Reject the booking", "cancel"),
        ("Отменить бронирование", "cancel"),
        ("Confirm deletion", "delete"),
        ("Move message to trash", "delete"),
        ("Discard", "delete"),
    ],
)
def test_an_ending_or_a_loss_is_judged_by_what_it_ends(name: str, category: str) -> None:
    assert POLICY.judge_name(name, weak=True) == category


@pytest.mark.parametrize(
    "name",
    [
        "Order history",
        "Create order",
        "New order",
        "View order",
        "Book",
        "Add book",
        "Order date",
        "Cancel follow request",
        "Cancel coupon",
        "Remove Garden Chair from your cart",
        "Remove one Garden Chair from your cart",
        "Clear shopping cart",
        "Clear",
        "Undo revoke access",
        "Restore branch",
        "Send reset email",
        "Send a test email",
        "Proceed to checkout",
        "Stop notifying me",
    ],
)
def test_ordinary_names_that_share_a_word_with_an_effect(name: str) -> None:
    assert POLICY.judge_name(name, weak=True) is None


@pytest.mark.parametrize(
    ("message", "category"),
    [
        ("Discard unsaved changes?", "delete"),
        ("Are you sure you want to restore the dashboard to version 3? All unsaved changes will be lost.", "delete"),
        ("Deleting a branch is permanent. It CANNOT be undone. Continue?", "delete"),
        ("The organization will be permanently removed.", "delete"),
        ("Shut Down All? Shut Down All Kernels", "cancel"),
        ("Are you sure you want to permanently shut down all running sessions?", "cancel"),
        ("If you cancel your subscription now, you keep access until May 1.", "cancel"),
        ("Are you sure you want to reset Anna's password?", "delete"),
        ("Leave site? Changes you made may not be saved.", None),
        ("Are you sure you would like to remove this item from the shopping cart?", None),
        ("You are about to leave the Dashboard. Do you want to continue?", None),
    ],
)
def test_the_apps_own_confirmation_speaks_of_the_effect_or_of_loss(message: str, category: str | None) -> None:
    assert confirmation_category(POLICY, message) == category


def modal_button(name: str, modal: str, title: str, *, selected: tuple[str, ...] = ()) -> Any:
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
            "page": {
                "title": "Products",
                "heading": "Products",
                "text": modal,
                "objects": [],
                "selected": list(selected),
                "dialog": title,
                "modal": modal,
            },
        }
    )


def test_a_modal_that_speaks_of_loss_holds_its_commit_button_in_the_apps_words() -> None:
    modal = (
        "Restore version 3?\nAre you sure you want to restore the dashboard to version 3? All unsaved changes "
        "will be lost.\nCancel\nYes, restore"
    )
    verdict = DETECTOR.classify(
        "click", "button", "Yes, restore", modal_button("Yes, restore", modal, "Restore version 3?")
    )
    assert verdict is not None and verdict.category == "delete"
    assert "All unsaved changes will be lost" in verdict.effect
    for harmless in ("Cancel", "Close", "Save"):
        assert (
            DETECTOR.classify("click", "button", harmless, modal_button(harmless, modal, "Restore version 3?")) is None
        )


def test_a_form_dialog_that_mentions_removal_is_not_a_confirmation() -> None:
    modal = "Edit webhook\nSecret\nLeave blank to remove the secret\nDone"
    assert DETECTOR.classify("click", "button", "Done", modal_button("Done", modal, "Edit webhook")) is None


def test_the_record_is_named_by_the_apps_confirmation_not_by_its_title() -> None:
    modal = "Delete product?\nAre you sure you want to delete the product Garden Chair?\nCancel\nDelete"
    verdict = DETECTOR.classify("click", "button", "Delete", modal_button("Delete", modal, "Delete product?"))
    assert verdict is not None and verdict.category == "delete"
    assert "Garden Chair" in verdict.effect and "'Delete product?'" not in verdict.effect


def test_a_confirmation_whose_title_names_the_record_keeps_its_title() -> None:
    modal = (
        "Delete experiment “baseline-3”\nAll runs of this experiment are deleted with it. This cannot be undone.\n"
        "Close Delete"
    )
    verdict = DETECTOR.classify(
        "click", "button", "Delete", modal_button("Delete", modal, "Delete experiment “baseline-3”")
    )
    assert verdict is not None and "baseline-3" in verdict.effect and "Close Delete" not in verdict.effect


@pytest.mark.parametrize(
    ("name", "category"),
    [
        ("Remove tags", None),  # a decoration taken off a record: the record stays
        ("Remove the company logo", None),
        ("Clear highlight", None),
        ("Remove this tag from the article?", None),
        ("Delete tag", "delete"),  # a verb that destroys
        ("Remove every label", "delete"),  # all of them, across the app
        ("Remove tag permanently", "delete"),
        ("Remove user", "delete"),  # a record, not a decoration
        ("Unsubscribe from the weekly digest", None),  # a mailing list, no money
        ("Void invoice", "cancel"),
        ("Cancel this quote", "cancel"),  # a document that binds, ended
        ("Cancel the tickets", "cancel"),
        ("Issue a refund", "cancel"),
        ("Create refund", "cancel"),  # money going back out
        ("Add 3 seats", "payment"),  # more of a paid plan
        ("Upgrade your plan", "payment"),
        ("Renew membership", "payment"),
        ("Continue to shipping", None),
        ("Overwrite existing files", "delete"),  # what they held is lost
        ("Replace image", None),
    ],
)
def test_verbs_and_objects_by_their_class(name: str, category: str | None) -> None:
    judged = confirmation_category(POLICY, name) if name.endswith("?") else POLICY.judge_name(name, weak=True)
    assert judged == category


@pytest.mark.parametrize(
    ("button", "area", "fields", "category"),
    [
        ("Submit", "Your review", 2, "send"),
        ("OK", "Write a comment", 0, "send"),
        ("Post your answer", "Answer", 0, "send"),
        ("Submit", "Description", 2, None),  # a record's own text
        ("Register", "Comments", 2, None),  # the button names another effect
        ("Submit", "Comments", 5, None),  # a long form is a record, not a comment box
        ("Save", "Reply", 0, None),
        ("Add review", "Your review", 1, "send"),  # the button names the very text it posts
        ("Add item", "Your review", 1, None),
    ],
)
def test_a_form_that_posts_free_text_for_others_is_a_send(button: str, area: str, fields: int,
                                                          category: str | None) -> None:
    short = [{"label": f"Field {i}", "type": "text", "autocomplete": ""} for i in range(fields)]
    facts = parse_facts({
        "tag": "button", "type": "submit", "label": button, "autocomplete": "", "is_submit": True,
        "enter_submits": False, "editable": False, "href": "", "url": "", "link_signals": [],
        "form": {"method": "post", "role": "", "label": "", "action": "http://shop.test/items/7/",
                 "fields": [*short, {"label": area, "type": "textarea", "autocomplete": ""}],
                 "submit_name": button, "has_submit": True, "submitter": {"label": button}},
        "page": {"title": "Garden Chair", "heading": "Garden Chair"},
    })
    verdict = DETECTOR.classify("click", "button", button, facts)
    assert (verdict.category if verdict else None) == category


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Empty recycle bin", "delete"),  # a container of discarded records emptied
        ("Purge trash", "delete"),
        ("Empty cart", None),  # one's own basket
        ("Make public", "send"),  # made public
        ("Go live", "send"),
        ("Make visible", None),
        ("Reset all settings", "delete"),  # what was set is lost
        ("Reset filters", None),
        ("Refund", "cancel"),  # a verb that gives money back, leading the name
        ("Refund €12", "cancel"),
        ("Refunds", None),  # a list of them
        ("Remove Anna from the team", None),  # out of a container: the record stays
        ("Remove Anna from followers", "delete"),
        ("Merged tickets can not be unmerged.", "delete"),  # loss said by its own verb
        ("The current contents will be replaced.", "delete"),
        ("Are you sure you want to remove this card? This can be undone later.", None),
        ("Are you sure? This can be undone later, but all comments will be lost.", "delete"),
    ],
)
def test_more_classes_of_verbs_objects_and_warnings(text: str, category: str | None) -> None:
    judged = confirmation_category(POLICY, text) if text.endswith(".") else POLICY.judge_name(text, weak=True)
    assert judged == category


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # Written in other words than the wording set's texts they were read from (round 6 and round 7).
        ("This erases every draft in the folder.", "delete"),  # the effect verb in the third person
        ("Your card will be charged for the extra storage.", "payment"),  # money the act takes
        ("This will allow anyone with the link to view the board.", "send"),  # made public
        ("Allow sharing", "send"),
        ("Archiving hides the project. You can restore it later.", None),  # the app says it is reversible
        ("Remove profile picture", None),  # a decoration of a record
        ("Remove collaborator", None),  # a membership ends, the account stays
        ("Remove collaborator\nAre you sure you want to remove Bob?", None),  # the dialog's title names the edit
        ("Remove user\nAre you sure you want to remove Bob?", "delete"),
        ("Cancel meeting", "cancel"),  # what others were told will happen
        ("Cancel my registration", "cancel"),
        ("Ban this account", "cancel"),
        ("Settle the payment", "payment"),
        ("Email booking", "send"),
        ("Post topic", "send"),
        ("Log in to comment", None),  # only opens the login
        ("Subscribe to notifications", None),  # a feed of information costs nothing
        ("Add licence key", None),  # a key already bought
        ("Add 3 seats", "payment"),
        ("Transition to Refunded state", "cancel"),  # the state it sets ends the record
        ("Remove from region", None),  # out of a container
        # Round 25: an invitation a name leads with sending goes to the invitee (the wording set labels "Send
        # invitation" a send in three development apps); sent again, it is the app's own account message.
        ("Send invitation", "send"),
        ("Re-send account invitation", None),
    ],
)
def test_classes_read_from_later_rounds_in_other_words(text: str, category: str | None) -> None:
    judged = confirmation_category(POLICY, text) if text.endswith(".") or "\n" in text else POLICY.judge_name(
        text, weak=True)
    assert judged == category


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # Round 12's classes (tests/data/wordings, splits.yaml), written in other words than the texts read.
        ("Cancel subscriptions", "cancel"),  # what is ended, in the plural
        ("Terminate reservations", "cancel"),
        ("Remove from shortlist", None),  # the control's own record leaves a place it names
        ("Remove this record from the system", "delete"),  # a record named, taken out of no container
        ("Add / remove recipients", None),  # a chooser of both
        ("Send sample", None),  # a sample sent to check it, like a test
        ("Importing will overwrite the data in every table.", "delete"),
        ("You have unsaved edits in the query editor. Leaving now closes it.", "delete"),
        ("You have unsaved edits in this form. Do you want to save them before closing.", None),
        ("Removing the user from this team will remove their open tasks.", "delete"),  # a second removal
        ("Removing the user from this team keeps their account.", None),
    ],
)
def test_classes_read_from_round_12_in_other_words(text: str, category: str | None) -> None:
    judged = confirmation_category(POLICY, text) if text.endswith(".") else POLICY.judge_name(text, weak=True)
    assert judged == category


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # Session 28 (a database admin's confirmations), in other words: a data store's structure dropped or
        # truncated takes its rows with it; dragging columns about drops nothing.
        ("Really drop the schema 'archive_2019'?", "delete"),
        ("Truncate the readings table", "delete"),
        ("Drop tables", "delete"),
        ("You are about to drop database ledger.", "delete"),
        ("Drag and drop columns to rearrange the grid", None),
        ("Drop files to attach them", None),
        ("Truncate long lines in the table view", None),
    ],
)
def test_a_data_stores_structure_dropped_or_truncated_is_deleted(text: str, category: str | None) -> None:
    judged = confirmation_category(POLICY, text) if text.endswith((".", "?")) else POLICY.judge_name(text, weak=True)
    assert judged == category


def test_declining_the_save_a_closing_dialog_offers_throws_the_work_away() -> None:
    modal = ("Unsaved notebook\nThe cell contents were edited. Do you want to save the edited cells first?\n"
             "Cancel\nDo not save\nSave")
    verdict = DETECTOR.classify("click", "button", "Do not save",
                                modal_button("Do not save", modal, "Unsaved notebook"))
    assert verdict is not None and verdict.category == "loss"
    for harmless in ("Cancel", "Save"):
        assert DETECTOR.classify("click", "button", harmless, modal_button(harmless, modal, "Unsaved notebook")) is None

"""The labelled wording set (tests/data/wordings), split by app: what it holds, and how the gate scores on it.

The held-out apps were never read while the rules were written (splits.yaml says which round measured what).
"""

from __future__ import annotations

import pytest
import yaml

from browser_core.security.confirming import confirmation_category
from browser_core.security.detector import DestructiveActionDetector
from browser_core.security.policy import load_policy
from tests.support.wordings import CATEGORIES, FLOOR, WORDINGS, control_facts, judge_all, load_wordings, table

# Round 31's apps (splits.yaml) scored 426/465 blind on main's rules (da44ffe), run once after their labels were
# committed (4041a2e); no label changed after it. After their misses were read and fixed by class (no longer a blind
# figure), 431/465. The development apps (round 30's joined): a regression guard, 12361 before round 31's pass and
# after it.
HELD_OUT_RIGHT = 431
DEVELOPMENT_RIGHT = 12361


def test_the_set_has_at_least_400_labelled_texts_from_20_apps_each_with_its_source() -> None:
    wordings = load_wordings()
    assert len(wordings) >= 400 and len({w.app for w in wordings}) >= 20
    assert all(w.category in CATEGORIES and w.source and w.kind in ("control", "confirmation") for w in wordings)
    splits = yaml.safe_load((WORDINGS / "splits.yaml").read_text("utf-8"))
    assert not set(splits["development"]) & set(splits["held_out"])
    assert {w.app for w in wordings} == set(splits["development"]) | set(splits["held_out"])


def test_the_gate_does_not_score_worse_than_measured() -> None:
    judged = judge_all()
    right = {split: sum(j.right for j in judged if j.wording.split == split) for split in ("development", "held_out")}
    assert right["held_out"] >= HELD_OUT_RIGHT and right["development"] >= DEVELOPMENT_RIGHT, right


@pytest.mark.xfail(
    strict=True,
    reason="issue 29's target is not met blind: round 31 measured 426/465 (91.6 %) on four apps never read (commit "
    "4/10, delete 55/61, send 5/9, publish 9/11, cancel 18/21, loss 12/14, ordinary 323/339; splits.yaml)",
)
def test_every_category_scores_at_least_98_percent_on_the_held_out_apps() -> None:
    scores = table(judge_all(), "category")
    low = {c: f"{r}/{t}" for (split, c), (r, t) in scores.items() if split == "held_out" and t and r / t < FLOOR}
    assert not low, low


def test_stopping_a_live_share_of_ones_own_screen_withdraws_nobody_s_access() -> None:
    """"Stop sharing" of a record ends others' access (held as a cancel); of one's screen, camera or location it ends
    a broadcast: what is shared decides, in a control's name and in the app's question alike."""
    policy = load_policy()
    for name in ("Stop sharing screen", "Stop sharing your screen", "Stop sharing camera", "Stop sharing location"):
        assert policy.judge_name(name) is None, name
    for name in ("Stop sharing", "Stop sharing this file", "Stop sharing folder", "Unshare"):
        assert policy.judge_name(name) == "cancel", name
    assert confirmation_category(policy, "Are you sure you want to stop sharing your screen?") is None
    assert confirmation_category(policy, "Are you sure you want to stop sharing this folder?") == "cancel"


def test_what_one_handed_in_or_sent_out_taken_back_ends_it() -> None:
    """Round 13's classes: an invitation retracted, a signup cancelled, a proposal withdrawn end them (cancel); a
    proposal handed in and a schedule version released go to others; an account said to be closed is lost; money
    withdrawn is no such act."""
    policy = load_policy()
    for name in ("Retract invitation", "Cancel signup", "Withdraw proposal", "Withdraw application"):
        assert policy.judge_name(name) == "cancel", name
    for name in ("Submit proposal", "Release new schedule"):
        assert policy.judge_name(name) == "send", name
    for name in ("Create new withdrawal", "Retract", "Withdraw", "Release notes", "Sign up"):
        assert policy.judge_name(name) is None, name
    for sentence in ("Do you really want to retract the invitation for ada@example.com?", "Cancel your signup?",
                     "Do you really want to withdraw your proposal?"):
        assert confirmation_category(policy, sentence) == "cancel", sentence
    assert confirmation_category(policy, "Your account will be closed immediately.") == "delete"
    assert confirmation_category(policy, "The ticket will be closed.") is None


def test_a_right_taken_off_oneself_is_ones_own_access_lost() -> None:
    """A right taken off another person edits their record ("Remove permissions"); taken off oneself, one's own
    access is lost."""
    policy = load_policy()
    assert confirmation_category(policy, "Are you sure you want to remove full permissions for yourself?") == "delete"
    assert confirmation_category(policy, "Are you sure you want to remove full permissions for anna?") is None
    assert policy.judge_name("Remove admin permissions") is None


def test_a_history_emptied_and_what_others_set_up_invalidated_are_lost() -> None:
    """Round 14's classes: a history emptied loses every entry (whatever it records); what others set up with a
    credential, invalidated, stops working for them. A cache flushed or a filter cleared loses nothing."""
    policy = load_policy()
    for name in ("Clear watch history", "Flush history", "Clear your viewing history"):
        assert policy.judge_name(name) == "delete", name
    for name in ("Flush cache", "Clear filters", "History"):
        assert policy.judge_name(name) is None, name
    assert confirmation_category(policy, "Clear watch history?") == "delete"
    assert confirmation_category(
        policy, "This will invalidate any OPDS configurations you have setup. Are you sure you want to continue?"
    ) == "cancel"
    assert confirmation_category(policy, "The form is invalid. Are you sure you want to continue?") is None


def test_a_record_taken_out_of_a_container_or_off_its_parent_stays() -> None:
    """A food taken out of the inventory, a record's parent taken off, every piece of one item taken off a list it
    names: the records stay. Every record at once with no container named still destroys ('Remove all')."""
    policy = load_policy()
    assert policy.judge_name("Remove parent") is None
    assert confirmation_category(policy, "Remove Tomato from inventory?") is None
    assert confirmation_category(
        policy, "Are you sure that you want to remove all Tomato from the shopping list?") is None
    assert confirmation_category(policy, "Are you sure you want to remove all tags?") == "delete"
    assert policy.judge_name("Remove all") == "delete"


def test_round_15_classes_work_ended_a_membership_deleted_and_a_chooser_opened() -> None:
    """Round 15's classes: work under way aborted or stopped by force, and processing over one's files stopped, ends
    it (a bare "Stop" may be a timer's); a membership of a group the name names, deleted, keeps the person; a name that
    stops at a preposition and an ellipsis opens a chooser; an invitation declined answers it; a cache emptied, a
    cover taken off, a role revoked and a reply called off lose nothing; a message redacted, an archive cleared, every
    edit reverted and a shipping label voided do."""
    policy = load_policy()
    for name in ("Abort", "Force Stop", "Stop scan", "Cancel encoding", "Void this shipping label?"):
        assert policy.judge_name(name) == "cancel", name
    for name in ("Redact message", "Clear archive", "Revert everything"):
        assert policy.judge_name(name) == "delete", name
    for name in ("Stop", "Delete team member", "Send Ebook to...", "Share post via…", "Decline invitation",
                 "Purge All Cache", "Clear cache", "Remove cover", "Revoke admin", "Cancel reply"):
        assert policy.judge_name(name) is None, name
    for name in ("Delete a member", "Delete attachment...", "Revoke access", "Cancel invitation", "Send"):
        assert policy.judge_name(name) is not None, name
    assert confirmation_category(policy, "Do you want to delete project members alice?") is None
    assert confirmation_category(policy, "Do you want to delete members of every project?") == "delete"


def test_round_16_classes_sent_by_a_channel_an_offer_answered_and_a_credential_expired() -> None:
    """Round 16's classes, in other words than the texts read: a message the app says goes by a channel to someone;
    an estimate or a quote accepted (its price agreed) or declined (answered); a credential expired; a person
    anonymised; settings reverted; an attendee's place cancelled; the end of an order confirmed; a report handed in;
    a message to "me"."""
    policy = load_policy()
    assert confirmation_category(policy, "Your quote will be sent by post to the client.") == "send"
    assert confirmation_category(policy, "A copy will be sent to you.") is None
    assert policy.judge_name("Approve quote") == "payment"
    for name in ("Decline quote", "Email me", "Accept cookies"):
        assert policy.judge_name(name) is None, name
    assert policy.judge_name("Expire API key") == "cancel"
    assert policy.judge_name("Anonymise customer") == "delete"
    assert confirmation_category(policy, "Its preferences will be reverted to the defaults.") == "delete"
    assert policy.judge_name("Cancel attendees") == "cancel"
    assert policy.judge_name("Confirm booking cancellation") == "cancel"
    assert policy.judge_name("Confirm booking") == "payment"
    assert policy.judge_name("Submit abuse report") == "send"


def test_round_17_classes_mail_set_off_a_withdrawal_and_a_booking_created() -> None:
    """Round 17's classes, in other words than the texts read: mail the act sets off; money the app says it will take;
    what was handed in (or a registration) withdrawn; a credential made anew stops the old one; a second factor
    reset; a booking created; a send to someone named, in the active form; data cleared; a fee or a category is an
    edit's object; declining an invitation answers it; a copy sent to oneself."""
    policy = load_policy()
    assert confirmation_category(policy, "Publishing it will trigger an e-mail to every speaker.") == "send"
    assert confirmation_category(policy, "Reminder notifications will be sent tonight.") == "send"
    assert confirmation_category(policy, "We will debit your card on the first day of the month.") == "payment"
    assert policy.judge_name("Withdraw paper") == "cancel"
    assert confirmation_category(policy, "Do you really want to withdraw your signup?") == "cancel"
    assert confirmation_category(policy, "Rotate it now? Existing webhooks will stop working.") == "cancel"
    # A second factor reset is held by stance (the person's authenticator stops working), though the labelling guide
    # calls it ordinary: those texts count as misses.
    assert policy.judge_name("Reset two factor") == "cancel"
    assert policy.judge_name("Regenerate recovery codes") == "cancel"
    assert policy.judge_name("Create reservation") == "payment"
    assert policy.judge_name("Create order") is None
    assert confirmation_category(policy, "Do you want to send the recovery link to bob@example.org?") == "send"
    assert confirmation_category(policy, "Do you want to send the recovery link to your address?") is None
    assert policy.judge_name("Clear app data") == "delete"
    assert policy.judge_name("Remove shipping fee") is None
    assert policy.judge_name("Remove item from category") is None
    assert confirmation_category(policy, "Are you sure you want to decline the invitation to Ada's party?") is None
    assert confirmation_category(policy, "Are you sure you want to decline this order?") == "cancel"
    assert policy.judge_name("Email copy to myself") is None


def test_plans_assigned_credit_bought_invoices_made_final_and_credit_given_back() -> None:
    """Round 18's classes: a plan assigned to a customer subscribes them, prepaid value topped up is bought, an
    invoice made final bills, credit issued or voided is money given back or taken again, a log emptied is lost, a
    preview mailed is a sample, a name stating a standing rule is a setting, and a typographic apostrophe is the same
    word ("won’t be saved")."""
    policy = load_policy()
    for name in ("Assign plan", "Top up wallet", "Top-up credits", "Finalize invoice"):
        assert policy.judge_name(name) == "payment", name
    for name in ("Issue credit note", "Void a credit note"):
        assert policy.judge_name(name) == "cancel", name
    assert policy.judge_name("Empty logs") == "delete"
    for name in ("Send preview", "Send an email when an invoice is finalized", "Automatically email invoices",
                 "Assign task", "Create credit note", "Top products"):
        assert policy.judge_name(name) is None, name
    assert confirmation_category(policy, "By leaving, the changes made won’t be saved.") == "delete"
    assert confirmation_category(policy, "A refund will be initiated to the customer payment method.") == "cancel"
    assert confirmation_category(policy, "The order will be executed immediately.") == "payment"


def test_services_stopped_content_replaced_records_merged_and_commitments_asked_to_end() -> None:
    """Round 19's classes: what runs and serves others stopped or made unavailable is lost meanwhile, a confirmation's
    active "overwrites" / "replaces" is the passive's effect, a place holding messages emptied deletes them, records
    merged cease to exist but one, a question led by a cancel verb in a dialog naming a commitment ends it, and what a
    person must do first names no effect."""
    policy = load_policy()
    for name in ("Stop proxy", "Terminate instance"):
        assert policy.judge_name(name) == "cancel", name
    # A server suspended is lifted from the same place (the README's round-21 convention, session 26).
    assert policy.judge_name("Suspend server") is None
    for name in ("Clear conversation", "Empty inbox"):
        assert policy.judge_name(name) == "delete", name
    for name in ("Clear search", "Clear cache", "Merge", "Merge tickets", "Restart"):
        assert policy.judge_name(name) is None, name
    for text in ("This web server will be stopped.", "Your site will be unavailable for a few minutes.",
                 "Confirm Worker Stopping?"):
        assert confirmation_category(policy, text) == "cancel", text
    assert confirmation_category(policy, "This replaces the signing key with a new one.") == "delete"
    assert confirmation_category(policy, "Are you sure you want to merge the two accounts?") == "delete"
    assert confirmation_category(policy, "Stop at the end of the term?\nYour subscription renews monthly.") == "cancel"
    assert confirmation_category(policy, "Stop?\nThe timer keeps its entries.") is None
    assert confirmation_category(policy, "You need to add a venue in order to publish it.") is None


def test_offers_answered_money_sent_or_added_and_what_is_only_picked_or_mailed_to_oneself() -> None:
    """Round 20's classes, in other words than the texts read: an offer accepted agrees to its price and one's own
    offer handed in binds one to it (making one opens its form); an amount sent is a payment and funds added are
    prepaid value (one's own savings moved is bookkeeping); data cleared in any verb form is lost; an application
    cancelled and a request withdrawn end them; instructions mailed for one's own account go to oneself; what is only
    picked on the page, or a question's choice, taken off leaves the record."""
    policy = load_policy()
    for name in ("Accept the offer", "Approve offers", "Place offer", "Submit offer for $80", "Send €15 to Maria",
                 "Transfer 40.00 USD to savings", "Add funds to wallet"):
        assert policy.judge_name(name) == "payment", name
    for name in ("Make an offer", "Special offers", "Add money to jar", "Remove post from the selection",
                 "Remove options", "Email me the instructions", "Resend the instructions"):
        assert policy.judge_name(name) is None, name
    for name in ("Send 3 reminders", "Send invoice 1.00"):
        assert policy.judge_name(name) == "send", name  # an amount not right after the verb is no payment
    for name in ("Cancel application", "Withdraw your request", "Withdraw requests"):
        assert policy.judge_name(name) == "cancel", name
    assert confirmation_category(policy, "This clears all data of the workspace.") == "delete"
    assert confirmation_category(policy, "Clearing the site data cannot be undone.") == "delete"
    assert policy.judge_name("Clearing filters") is None


def test_commitments_in_the_plural_a_node_drained_and_what_is_spent_erased_or_only_unlisted() -> None:
    """Round 21's classes, in other words than the texts read: commitments named in the plural (with a count or not)
    commit like one; a machine that runs others' work, drained, sends that work away; prepaid credit applied pays;
    messages expunged or moved into the bin are deleted; a record taken out of syncing, or a person off one's own list
    of friends, stays."""
    policy = load_policy()
    for name in ("Confirm reservations", "Submit 2 orders", "Complete the appointments", "Apply store credit",
                 "Apply 20 credits to this invoice"):
        assert policy.judge_name(name) == "payment", name
    for name in ("Drain host web-02", "Drain this worker"):
        assert policy.judge_name(name) == "cancel", name
    for name in ("Expunge mailbox", "Move into the bin"):
        assert policy.judge_name(name) == "delete", name
    for name in ("Remove this address book from sync", "Remove friend", "Drain timeout", "Credits applied"):
        assert policy.judge_name(name) is None, name
    assert confirmation_category(policy, "Flagged items will be expunged.") == "delete"
    assert confirmation_category(policy, "Do you want to move these notes into the recycle bin?") == "delete"
    assert confirmation_category(policy, "Remove the Work folder from synchronization?") is None
    assert confirmation_category(policy, "Are you sure you want to remove this friend?") is None


def test_a_ledger_entry_posted_a_pod_evicted_a_setup_message_to_oneself_and_a_commitment_said_to_end() -> None:
    """Round 22's classes, in other words than the texts read: a bookkeeping record published is posted to the books,
    never shown to the public (an article published still is); evicting throws out what it names; a warning that the
    act is not reversible is the same warning as "irreversible"; a setup message the app mails the user for their
    own account sends nothing to anyone else; a star taken off a record leaves the record; a commitment the app says
    will end (with no later date) is cancelled."""
    policy = load_policy()
    for name in ("Publish bill", "Publish journal entry", "Publish the vouchers", "Publish stock adjustment"):
        assert policy.judge_name(name) is None, name
    assert policy.judge_name("Publish article") == "send"
    assert confirmation_category(policy, "Do you really want to publish these bills?") is None
    assert confirmation_category(policy, "Do you really want to publish this post?") == "send"
    for name in ("Evict replica db-2", "Evict all tenants"):
        assert policy.judge_name(name) == "delete", name
    assert confirmation_category(policy, "Evict the selected instances from this host?") == "delete"
    assert confirmation_category(policy, "Converting the old ledger is not reversible.") == "delete"
    assert confirmation_category(policy, "This step isn't reversible. Continue?") == "delete"
    for name in ("Send set-up email", "Email me the setup instructions", "Remove the stars", "Remove star from note"):
        assert policy.judge_name(name) is None, name
    assert policy.judge_name("Send setup invoice to customer") == "send"
    assert confirmation_category(policy, "Your membership will end immediately.") == "cancel"
    assert confirmation_category(policy, "The plan for this workspace will be ended.") == "cancel"
    assert confirmation_category(policy, "Your trial will end on 3 May.") is None
    # A name led by a negation is a choice of not doing the act it names.
    for name in ("Never remove old backups", "Don't send read receipts", "Do not cancel pending jobs"):
        assert policy.judge_name(name) is None, name
    assert policy.judge_name("Remove old backups") == "delete"


def test_running_work_restarted_a_live_meeting_ended_and_roles_or_places_a_record_keeps() -> None:
    """Round 23's classes, in other words than the texts read: running work restarted (a server, a database, a
    service) is taken away from whoever uses it meanwhile, as a stop is; a meeting or a conference under way, ended,
    ends for everyone in it (a date or a time named by "end" ends nothing); resetting a person's second factor revokes
    it (held by stance, though the labelling guide calls it ordinary), as a credential made anew does; a
    role taken off a record ("remove … as …") and a record taken out of a community leave the record; an unread
    state cleared deletes no message; an authorised transaction captured takes the money; a browser's storage
    cleared loses what it held; pruning cuts records away."""
    policy = load_policy()
    for name in ("Reboot server", "Restart the database", "End webinar", "End the meeting", "Cancel the transaction"):
        assert policy.judge_name(name) == "cancel", name
    for sentence in ("Do you want to reboot db-primary?", "This will end the conference call for all participants."):
        assert confirmation_category(policy, sentence) == "cancel", sentence
    for name in ("Restart tutorial", "Meeting end time", "End date", "Remove Dana as reviewer", "Remove as approver",
                 "Clear unread conversations"):
        assert policy.judge_name(name) is None, name
    for name in ("Regenerate recovery codes", "Reset API key", "Reset two-factor authentication",
                 "Reset the user's MFA"):
        assert policy.judge_name(name) == "cancel", name
    assert confirmation_category(policy, "Remove Ben from the community?") is None
    assert confirmation_category(policy, "Do you want to clear the unread chats?") is None
    assert confirmation_category(policy, "Associated volumes will be removed as well.") == "delete"
    assert policy.judge_name("Remove community") == "delete"
    assert policy.judge_name("Capture this transaction") == "payment"
    for name in ("Clear local storage", "Prune", "Prune old images"):
        assert policy.judge_name(name) == "delete", name
    assert confirmation_category(policy, "Clearing the browser storage signs you out.") == "delete"
    assert confirmation_category(policy, "Reset MFA settings for Dana?") == "delete"
    assert confirmation_category(policy, "Reset MFA settings for Dana? Existing settings will be lost.") == "delete"


def test_leaving_while_the_app_says_work_is_under_way_stops_that_work() -> None:
    """Round 23's class, in other words than the text read: a question of leaving in a dialog that says work is under
    way stops that work (cancel); the question alone, or leaving a place that is no work, names none."""
    policy = load_policy()
    for message in ("Files are still syncing. Do you want to exit now?",
                    "An import is in progress. Are you sure you want to leave this page?"):
        assert confirmation_category(policy, message) == "cancel", message
    for message in ("Do you want to exit now?", "Are you sure you want to leave the meeting?",
                    "The export finished. Do you want to close this window?"):
        assert confirmation_category(policy, message) is None, message


def test_unpublishing_and_suspending_follow_the_settled_labels_a_second_factor_reset_stays_held() -> None:
    """Session 26 (the README's round 21 convention, in other words than the texts read): content taken off the
    public site, an account, a server or a run suspended are each lifted from the same place: ordinary, unless the
    app's own words warn of a loss. A person's second factor reset stays held by stance (their authenticator stops
    working), though the guide labels it ordinary."""
    policy = load_policy()
    for name in ("Unpublish this article", "Take offline", "Suspend the member", "Suspend workspace",
                 "Снять с публикации"):
        assert policy.judge_name(name) is None, name
    for text in ("Do you want to unpublish the newsletter? Readers will no longer find it on the site.",
                 "Do you want to suspend this workspace?"):
        assert confirmation_category(policy, text) is None, text
    assert confirmation_category(policy, "Unpublish it? Its comments will be permanently deleted.") == "delete"
    assert confirmation_category(policy, "Reset MFA? Existing settings will be lost.") == "delete"
    assert policy.judge_name("Regenerate backup codes") == "cancel"
    for name in ("Reset MFA", "Reset her two-factor settings"):
        assert policy.judge_name(name) == "cancel", name
    assert confirmation_category(policy, "Reset the current MFA settings for anna?") is not None


def test_what_serves_others_restarted_a_whole_state_restored_and_messages_forwarded() -> None:
    """Session 26's classes, in other words than the texts read: what runs and serves others restarted or redeployed
    (or an act the app says causes downtime) is lost meanwhile; a whole stored state put back writes over the present
    one; messages the app asks to forward go out; a quote accepted in the gerund agrees to its price."""
    policy = load_policy()
    for name in ("Restart the web server", "Redeploy service"):
        assert policy.judge_name(name) == "cancel", name
    for name in ("Restart", "Restart build", "Forward message"):
        assert policy.judge_name(name) is None, name
    for text in ("Confirm Container Restart?", "Redeploying restarts the pods of this app.",
                 "Switching the region may cause brief downtime.",
                 "Rolling back can cause a short service interruption."):
        assert confirmation_category(policy, text) == "cancel", text
    for text in ("Restore the cluster from this snapshot?", "Restoring the nightly backup takes a while."):
        assert confirmation_category(policy, text) == "delete", text
    assert confirmation_category(policy, "Are you sure you want to restore this page from the bin?") is None
    assert confirmation_category(policy, "Forward 2 emails?") == "send"
    # A post or a comment waiting for a moderator, rejected, is thrown away; a public feed closed is withdrawn.
    assert policy.judge_name("Reject comment") == "delete"
    assert confirmation_category(policy, "Do you want to reject these 2 replies?") == "delete"
    assert policy.judge_name("Close RSS feed") == "cancel"
    assert confirmation_category(policy, "Close this podcast feed?") == "cancel"
    assert confirmation_category(policy, "Accepting this estimate turns it into an invoice.") == "payment"


def test_work_left_unsaved_a_booking_asked_for_and_mail_others_receive() -> None:
    """Session 26's classes, in other words than the texts read: work a question names as not saved, or the form it
    asks to leave, is lost; what the person was making, said never to be made, is lost; a question whose verb commits
    by itself asks to commit; a mail someone else will receive is sent; a membership resiliated ends; a field for one's
    opinion is written for others."""
    policy = load_policy()
    for text in ("You have not saved your edits. Close anyway?", "Do you really want to leave this form?",
                 "Some data unsaved here. Quit?", "If you go back now, the report will not be created."):
        assert confirmation_category(policy, text) == "delete", text
    for text in ("Do you want to reserve the room anyway?", "Are you sure you want to donate it?"):
        assert confirmation_category(policy, text) == "payment", text
    assert confirmation_category(policy, "You can book another slot later?") is None
    assert confirmation_category(policy, "Each guest will get an e-mail with the new time.") == "send"
    for text in ("You will receive an email shortly.", "They will receive a notification."):
        assert confirmation_category(policy, text) is None, text
    assert policy.judge_name("Resiliate membership") == "cancel"
    detector = DestructiveActionDetector(policy)
    facts = control_facts("Submit", "compose", "Your opinion of this hotel")
    verdict = detector.classify("click", "button", "Submit", facts)
    assert verdict is not None and verdict.category == "send"


def test_a_machines_job_under_way_stopped_is_cancelled() -> None:
    """What a machine is making for one (a print, an engraving) stopped part-way is spoilt: cancelled, in a name or
    in the app's own question; printing a page (a receipt, a label) is no such stop, nor is a print's settings."""
    policy = load_policy()
    for name in ("Abort printing", "Stop the engraving"):
        assert policy.judge_name(name) == "cancel", name
    assert confirmation_category(policy, "This will abort the printing of the bracket. Are you sure?") == "cancel"
    for name in ("Print receipt", "Print settings", "Print"):
        assert policy.judge_name(name) is None, name

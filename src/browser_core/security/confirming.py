"""The app's own confirmation (a native dialog, a modal, a page's question): what it says the act will do.

Sentence by sentence, with the policy's words: the effect a sentence names (its verbs, the forms a confirmation uses,
what it commits to), else a warning of loss with no effect named ("All unsaved changes will be lost", "This cannot
be undone"), which makes the act a deletion of what it warns of. A removal from one's own basket is no
loss, nor a restriction the sentence says the user lifts ("… until you un-archive it"), and an act the app says can
be undone (with no warning beside it) asks about none.
"""

from __future__ import annotations

import re

from browser_core.security.policy import SecurityPolicy

_SENTENCES = re.compile(r"(?<=[.?!:;])\s+|\n+")


def record_words(record: str) -> re.Pattern[str]:
    """A record's name as whole words in a text, case and spacing aside."""
    return re.compile(r"(?<!\w)" + re.escape(" ".join(record.split())).replace(r"\ ", r"\s+") + r"(?!\w)",
                      re.IGNORECASE)


def without_records(text: str, records: list[str]) -> str:
    """The text to judge with the records it names taken out: a record's name is data, never words of the act
    (stopping the run 'send-report-run-4' sends nothing)."""
    for record in sorted({" ".join(r.split()) for r in records if r.strip()}, key=len, reverse=True):
        text = record_words(record).sub("it", text)
    return text


def confirmation_category(policy: SecurityPolicy, message: str) -> str | None:
    """The consequential category the app's own confirmation names (in any one of its sentences), or None; a
    warning of loss with no effect named is a deletion of what it warns of ("All unsaved changes will be lost")."""
    sentences = [s for s in _SENTENCES.split(message) if s.strip()]
    # A restriction the sentence itself says the user lifts ("… until you un-archive it") is no loss.
    # Work not yet saved that the app names is lost by the act, unless its question offers to save it.
    kept = any(policy.asks_confirmation(s) and policy.flow.offers_save(s) for s in sentences)
    # A question that switches something off, or takes a member off, says what the new state means beside it ("They
    # will no longer be able to log in"): no loss.
    switched = any(policy.switches_off(s) or (policy.asks_confirmation(s) and policy.takes_off(s)) for s in sentences)
    warned = [s for s in sentences
              if (policy.flow.warns(s) or (policy.flow.names_unsaved(s) and not kept))
              and not policy.meaning.in_own_draft(s) and not policy.says_lifted(s)
              and not (switched and policy.only_restricts(s))]
    if not warned and any(policy.says_reversible(s) for s in sentences):
        return None  # the app says the act can be undone, and warns of nothing
    # A dialog whose title or sentence names a decoration or a membership taken off ("Remove member") asks about that
    # edit: its bare "remove" elsewhere ("Are you sure you want to remove anna?") is the same act, not a deletion.
    edit = not warned and any(policy.takes_off(s) for s in sentences)
    for sentence in sentences:
        category = policy.judge_sentence(sentence) or _asked(policy, sentence)
        if category == "delete" and edit and not policy.meaning.destroys(sentence):
            continue
        if category:
            return category
    # A commitment the app says will end, with no later date ("Your subscription will end."), is what the act ends.
    # Leaving while the dialog says work is under way ("… uploading files, are you sure you want to quit?") stops it.
    if (policy.meaning.asks_to_end_commitment(sentences) or any(map(policy.meaning.says_commitment_ends, sentences))
            or policy.meaning.leaves_work_under_way(sentences)):
        return "cancel"
    return "delete" if warned else None


def _asked(policy: SecurityPolicy, sentence: str) -> str | None:
    """What a question asks to do by its verb alone: end something ('… want to stop it?'), or commit ('Would you
    like to book it anyway?')."""
    if policy.is_safe(sentence):
        return None
    if policy.asks_confirmation(sentence) and policy.meaning.asks_to_end(sentence):
        return "cancel"
    return "payment" if policy.meaning.asks_to_commit(sentence) and not policy.meaning.only_possible(sentence) else None


def declines_save(policy: SecurityPolicy, message: str, control: str) -> str | None:
    """``loss`` when the app's question offers to save the work before it goes ("The cells were edited. Would you
    like to save them?") and the answer chosen, the ``control``, throws that work away instead ("Don't save")."""
    sentences = [s for s in _SENTENCES.split(message) if s.strip()]
    offered = any(policy.asks_confirmation(s) and policy.flow.offers_save(s) for s in sentences)
    return "loss" if offered and policy.flow.throws_away(control) else None


def discards_unsaved(policy: SecurityPolicy, message: str, control: str = "") -> bool:
    """The app's question throws away work not yet saved: it names that work (and offers no save), and the act it
    asks about is itself a discarding (a sentence judged by its verb, not a warning of loss: "Restore version 3? All
    unsaved changes will be lost" restores a record, and loses the work on the way), or the answer chosen, the
    ``control``, is named as throwing work away (a dialog that only asks to leave: its answer discards the edits)."""
    sentences = [s for s in _SENTENCES.split(message) if s.strip()]
    if any(policy.asks_confirmation(s) and policy.flow.offers_save(s) for s in sentences):
        return False
    return any(policy.flow.names_unsaved(s) for s in sentences) and (policy.flow.throws_away(control) or any(
        policy.judge_sentence(s) == "delete" and not policy.flow.warns(s) for s in sentences))

"""DestructiveActionDetector: will this action delete, send (or publish), pay or cancel, and is this field sensitive?

Decided before the action runs, by what the action will cause, from observed data only:

- a submit button: the form's method and action URL, the values the submission carries (the button itself, the
  chosen option of an action select, hidden values), and the page around it (a confirmation page asking "are you
  sure you want to delete …?" makes its submit button the deletion);
- a link: a GET opens a page (the confirmation page, the compose form), unless the link shows it performs the
  action itself (a token or confirmation in its query, a destructive word in its query or script name, a
  non-GET data-method, a scripted confirm());
- a scripted button (no form, no link): its effect cannot be read, so its name decides.

In context (``reading.py``): a step that only moves on ("Continue", "Select option") commits nothing by itself,
and a purchase word in a form's address or data counts only on a review page (a total shown, nothing more to
fill in); removing a line of one's own basket is an ordinary edit; a select or radio changed to a value that ends
a record ("Cancelled") makes a neutral submit a cancellation. Field names are evidence about fields, not about the
form: only card fields make a payment form. The words live in the policy file, never in code.

Which records a verdict names, and its summary, are ``named_records.py``'s (one rule with the native dialog's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from urllib.parse import parse_qsl, urlsplit

from browser_core.security.confirming import confirmation_category, declines_save, discards_unsaved, without_records
from browser_core.security.facts import ElementFacts, FormFacts, PageFacts
from browser_core.security.named_records import SENTENCES, NamedRecords, quoted
from browser_core.security.policy import SecurityPolicy
from browser_core.security.reading import PageReader
from browser_core.security.summary import control
from browser_core.security.verdict import Verdict

MAX_SAID = 300  # the app's confirmation, quoted in the summary
JUDGED_KINDS = frozenset({"click", "type_text", "press_key", "select_option"})  # what classify can find destructive
DISCLOSES = "discloses"  # facts.js: the control declares it expands a panel that is collapsed (aria-expanded=false)
LONG_LINK_WORDS = 6  # a link with more words is content (a subject, a headline), not a command
COMPOSE_FIELDS = 3  # a form that posts text: its text area, and at most this many short fields (name, email, title)
_SHORT_FIELDS = {"text", "email", "url", "tel", "search", "number"}
CLICK_ROLES = {"button", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "clickable", "tab", "option",
               "gridcell", "treeitem", "row"}
_CONFIRM_CALL = re.compile(r"\bconfirm\s*\(|data-confirm")
_NON_GET = re.compile(r"^method=(delete|post|put|patch)$", re.IGNORECASE)
_SUBMITS_ON_CHANGE = re.compile(r"submit|requestSubmit|location|href", re.IGNORECASE)
_WORDS = re.compile(r"[_\-+=&/.]+")


def _runs_script(facts: ElementFacts) -> bool:
    """A link with no address of its own (none, a bare '#', 'javascript:') runs the page's script as a button does:
    in the app's own confirmation it is one of its buttons; a link that goes somewhere opens a page."""
    return facts.href in ("", "#") or facts.href.lower().startswith("javascript:")


def _words(text: str) -> str:
    return " ".join(_WORDS.sub(" ", text).split())


@dataclass
class DestructiveActionDetector:
    policy: SecurityPolicy
    reader: PageReader = field(init=False)
    records: NamedRecords = field(init=False)

    def __post_init__(self) -> None:
        self.reader = PageReader(self.policy.flow)
        self.records = NamedRecords(self.policy, self.reader)

    def acted_on(self, facts: ElementFacts, name: str) -> list[str]:
        """The records the control named ``name`` acts on, for a verdict read elsewhere (a native dialog that names
        none), by the rule of its own verdict (``named_records.py``)."""
        return self.records.acted_on(facts, control("button", name))

    def _verdict(self, category: str, reason: str, facts: ElementFacts, objects: list[str], how: str,
                 detail: str = "") -> Verdict:
        return self.records.verdict(category, reason, facts, objects, how, detail)

    def is_payment_form(self, form: FormFacts) -> bool:
        """A form with a card's own fields (card number, security code); an 'expiry' date alone is not one."""
        return any(
            (f.autocomplete.startswith("cc-") and f.autocomplete not in ("cc-name", "cc-exp", "cc-exp-month",
                                                                         "cc-exp-year"))
            or self.policy.is_payment_field(f.label) for f in form.fields
        )

    # ----- the three kinds of control ----------------------------------------------------------------------
    def _scripted(self, role: str, name: str, facts: ElementFacts) -> Verdict | None:
        """A control whose effect is a script we cannot read: its name is all we have. A bare command ('Apply',
        'Submit') counts only on a record it sits with (a job's card): alone it applies a filter, submits a panel."""
        if (role == "link" and len(name.split()) > LONG_LINK_WORDS) or DISCLOSES in facts.link_signals:
            return None  # prose, not a command; or a collapsed disclosure: it opens a panel, the act is in there
        category = self.policy.judge_name(name, weak=bool(facts.row.name))
        if category is None:
            return self._answer(facts, name, "commits")  # beside the one form or editor that holds what was written
        selected = facts.form.checked if facts.form else facts.page.selected
        return self._verdict(category, f"the control is named '{name}'", facts, selected, control("button", name))

    def _in_confirmation(self, role: str, name: str, facts: ElementFacts) -> Verdict | None:
        """A control of the app's own confirmation (a modal) that speaks of an effect or of loss: the act is
        consequential by the app's own judgement, in the app's words. Its declines and ordinary commands are not,
        nor a link that opens a page (its help, its terms); a link that only runs the page's script is a button."""
        shown, title = facts.page.modal, facts.page.dialog
        if not shown or (role == "link" and not _runs_script(facts)) or (name and (self.policy.is_decline(name) or (
                self.policy.is_ordinary(name) and not self.policy.flow.throws_away(name)))):
            return None
        if facts.page.lone:  # the dialog offers nothing else: no question to answer, a notice to close
            return None
        modal = without_records(shown, facts.acted_records)
        if not (self.policy.asks_confirmation(modal) or self.policy.flow.warns(modal)
                or self.policy.flow.names_unsaved(modal) or (title and self.policy.judge_name(title, weak=True))):
            return None  # a dialog that neither asks, warns (of unsaved work too) nor names an action: a form, a notice
        category = confirmation_category(self.policy, modal) or declines_save(self.policy, modal, name)
        if category is None:
            return None
        said = self._dialog_words(shown)[:MAX_SAID]
        if category == "delete" and not quoted(said) and not facts.page.selected and discards_unsaved(
                self.policy, modal, name):
            category = "loss"  # it asks to throw away the unsaved work under it, and names no record of its own
        picked = facts.form.checked if facts.form else facts.page.selected  # what the page picked for the act
        verdict = self._verdict(category, f"the app's own confirmation says “{said}”", facts, quoted(said) or picked,
                                f"{control('button', name)}; the app asks “{said}”")
        return replace(verdict, said=said) if category == "loss" else verdict  # the guard names the work under it

    def _dialog_words(self, shown: str) -> str:
        """What the app's dialog says of the act: its sentences that ask, warn, speak of unsaved work or name an
        effect (its buttons' words left out); all its text when none does."""
        pieces = [" ".join(x.split()) for line in shown.splitlines() for x in SENTENCES.split(line) if x.strip(" .")]
        said = [x for x in pieces if len(x.split()) >= 3 and (
            self.policy.asks_confirmation(x) or self.policy.flow.warns(x) or self.policy.flow.names_unsaved(x)
            or self.policy.judge_sentence(x))]
        return " ".join(said or [" ".join(shown.split())])

    def _link(self, name: str, facts: ElementFacts) -> Verdict | None:
        """A GET opens a page; hold it only when the link shows it performs the action itself."""
        parts = urlsplit(facts.url)
        query = parse_qsl(parts.query, keep_blank_values=True)
        query_words = _words(" ".join(f"{k} {v}" for k, v in query if len(v) <= 40))
        script = parts.path.rstrip("/").rsplit("/", 1)[-1]
        signs = []
        method = next((s for s in facts.link_signals if _NON_GET.match(s)), None)
        if method:
            signs.append(f"it sends a {method.split('=')[1].upper()} request")
        if any(_CONFIRM_CALL.search(s) for s in facts.link_signals):
            signs.append("it asks a scripted confirm() first")
        token = next((k for k, _ in query if self.policy.is_performing_param(k)), None)
        if token:
            signs.append(f"its URL carries '{token}'")
        stem, _, ext = script.rpartition(".")
        if ext.casefold() in self.policy.performing_scripts and self.policy.category_of(_words(stem)):
            signs.append(f"its URL is the script '{script}'")
        if not signs:
            return None
        category = (self.policy.judge_name(name) or self.policy.category_of(query_words)
                    or self.policy.category_of(_words(parts.path))
                    or ("delete" if method and method.lower().endswith("delete") else None))
        if category is None:
            return None
        return self._verdict(category, f"the link '{name}' performs it on a GET: " + ", ".join(signs), facts,
                             facts.page.selected, control("link", name))

    def _submission(self, facts: ElementFacts, form: FormFacts, how: str) -> Verdict | None:
        """What submitting this form with this button causes."""
        sub = form.submitter
        label = sub.label if sub else form.submit_name
        button = control("button", label)
        if self.is_payment_form(form):
            return self._verdict("payment", f"{how} a form with payment fields", facts, [], button)
        if form.method in ("get", "dialog"):
            return self._performing_get(facts, form, how)  # else a GET form opens a page: a search, a filter
        # The page's own question belongs to its content's form, never to the shell's (sign out, switch language).
        question = None if facts.page.in_shell else self._question(facts.page)
        # The objects a confirmation page names (its list, or the names quoted in its question), else the ticked rows.
        shown = (facts.page.objects or quoted(question[1])) if question else []
        named = self.policy.judge_name(label) or (self.policy.category_of(_words(sub.value)) if sub else None)
        if named:
            return self._verdict(named, f"{how} a form with the button '{label}'", facts, form.checked or shown,
                                 button)
        if label and self.policy.is_decline(label):
            return None
        ending = self._ending(facts, form, how, button)
        if ending or (label and self.policy.is_ordinary(label) and not self._names_posted_text(form, label)):
            return ending
        if question:
            asked, sentence = question
            return self._verdict(asked, f"{how} the form of a page that asks '{sentence[:160]}'", facts, shown, "")
        if self.policy.flow.advances(label):  # a step that moves on: only what it writes can count
            return self._message(facts, form, how, label)
        return self._form_data(facts, form, how, label)

    def _performing_get(self, facts: ElementFacts, form: FormFacts, how: str) -> Verdict | None:
        """A GET form that carries a one-use request token (as a performing link's URL does) performs what its
        chosen action says: a list's bulk action applied to the ticked rows."""
        if form.method != "get" or not any(self.policy.is_performing_param(name) for name, _ in form.hidden):
            return None
        for chosen in form.chosen:
            category = chosen.changed and (self.policy.judge_name(chosen.option)
                                           or self.policy.category_of(_words(chosen.value)))
            if category:
                return self._verdict(category, f"{how} a form whose chosen action is '{chosen.option}' (it carries "
                                     "a request token)", facts, form.checked, f"action '{chosen.option}'")
        return None

    def _ending(self, facts: ElementFacts, form: FormFacts, how: str, button: str) -> Verdict | None:
        """A neutral submit ('Save', 'Change status') of a select or radio changed to Cancelled, Refunded …"""
        chosen = self.reader.ending_change(form, self.policy.category_of)
        if chosen is None:
            return None
        own = {chosen.option.casefold(), chosen.value.casefold(), chosen.label.casefold()}
        row = chosen.record if chosen.record.casefold() not in own else ""  # a field group's text is no record
        record = row or facts.page.dialog or form.record_name or facts.page.name
        field_name = chosen.label or chosen.name or "the value"
        detail = f"set {field_name} of '{record}' to '{chosen.option}'" if record else \
            f"set {field_name} to '{chosen.option}'"
        return self._verdict("cancel", f"{how} a form whose '{field_name}' was changed to '{chosen.option}'", facts,
                             [record] if record else [], button, detail)

    def _form_data(self, facts: ElementFacts, form: FormFacts, how: str, label: str) -> Verdict | None:
        """What the form's own data says it does: the chosen action, a hidden field, the address, a recipient.

        A purchase word there (an address under /checkout/, an 'order' value) counts only on a review page: the
        earlier steps of a checkout post to such addresses too."""
        review = self.reader.is_review_page(form, facts.page)
        button = control("button", label)
        for chosen in form.chosen:
            category = self.policy.judge_name(chosen.option) or self.policy.category_of(_words(chosen.value))
            if category:
                return self._verdict(category, f"{how} a form whose chosen action is '{chosen.option}'", facts,
                                     form.checked, f"action '{chosen.option}'")
        for name, value in form.hidden:
            category = self._data_category(_words(value), review) if len(value) <= 40 else None
            if category:
                return self._verdict(category, f"{how} a form that carries {name}={value}", facts, form.checked,
                                     button)
        path = urlsplit(form.action).path.rstrip("/").split("/")[-2:]
        category = self._data_category(_words(" ".join(path)), review)
        if category:
            return self._verdict(category, f"{how} a form that posts to '{'/'.join(path)}'", facts, form.checked,
                                 button)
        return self._message(facts, form, how, label)

    def _data_category(self, words: str, review: bool) -> str | None:
        category = self.policy.category_of(words)
        if category is None and review and self.policy.flow.names_purchase(words):
            return "payment"
        return category

    def _message(self, facts: ElementFacts, form: FormFacts, how: str, label: str) -> Verdict | None:
        if self._writes_to_someone(form):
            return self._verdict("send", f"{how} a message form (a recipient and text to send)", facts, [],
                                 control("button", label))
        posted = self._posted_text(form) if (self.policy.only_hands_in(label)
                                             or self._names_posted_text(form, label)) else ""
        if posted:
            return self._verdict("send", f"{how} a form that posts its '{posted}' for others to read", facts, [],
                                 control("button", label))
        return self._answer(facts, label, how)

    def _answer(self, facts: ElementFacts, name: str, how: str) -> Verdict | None:
        """A control whose act is answering ('Respond', 'Comment') that commits what the person wrote sends it."""
        if not (facts.written and self.policy.leads_answer(name)):
            return None
        return self._verdict("send", f"{how} the text the person wrote, as an answer ('{name}')", facts, [],
                             control("button", name))

    # ----- evidence from the page --------------------------------------------------------------------------
    def asks_confirmation(self, page: PageFacts) -> bool:
        """Whether the page asks the human to confirm a destructive action (an app's own confirmation page)."""
        return self._question(page) is not None

    def _question(self, page: PageFacts) -> tuple[str, str] | None:
        """The destructive category and wording of the confirmation question the page asks, if it asks one."""
        sentences = [s for s in SENTENCES.split(f"{page.heading}. {page.text}") if s.strip()]
        for i, sentence in enumerate(sentences):
            if not self.policy.asks_confirmation(sentence):
                continue
            for candidate in (sentence, *sentences[max(i - 1, 0): i], *sentences[i + 1: i + 2]):
                category = self.policy.judge_sentence(candidate)
                if category:
                    return category, " ".join(sentence.split())
        return None

    def _posted_text(self, form: FormFacts) -> str:
        """The label of the free text a small form posts for others to read (a comment, a review, a reply box): its
        one visible text area is named so, beside at most a few short fields. A record's edit form (many fields, a
        'Description') is not one, and its 'Save' was taken at its word before."""
        areas = [f for f in form.fields if f.visible and f.type == "textarea"]
        short = [f for f in form.fields if f.visible and f.type in _SHORT_FIELDS]
        if len(areas) != 1 or len(short) > COMPOSE_FIELDS or not self.policy.is_public_text_field(areas[0].label):
            return ""
        return areas[0].label[:60]

    def _names_posted_text(self, form: FormFacts, label: str) -> bool:
        """A button that names the very text its form posts for others ('Add comment' under a comment box): posting
        it, whatever verb leads."""
        return self.policy.is_public_text_field(label) and bool(self._posted_text(form))

    def _writes_to_someone(self, form: FormFacts) -> bool:
        """A recipient and a box to write in, both shown. A text area the form declares a personal detail (its
        autocomplete token: a street address) is the user's own contact data, as a checkout's step asks it."""
        return any(f.visible and self.policy.is_recipient_field(f.label) for f in form.fields) and any(
            f.visible and f.type == "textarea" and f.autocomplete.split()[-1:] in ([], ["on"], ["off"])
            for f in form.fields)

    # ----- entry points ------------------------------------------------------------------------------------
    def _click(self, role: str, name: str, facts: ElementFacts) -> Verdict | None:
        return (self._written_or_none(self._click_by_kind(role, name, facts), name, facts)
                or self._in_confirmation(role, name, facts))

    def _written_or_none(self, verdict: Verdict | None, name: str, facts: ElementFacts) -> Verdict | None:
        """A send its name says only by words of answering ('Reply', 'Reply to all') commits a message only when the
        person wrote one: its form (or the one form or editor beside it) holds a filled text body, or a recipient
        the person filled (a read-only one is the app's).
        Without that (a toolbar's or a menu's Reply, a link, an empty form) it opens a composer, whose Send sends."""
        if verdict is None or verdict.category != "send":
            return verdict
        form = facts.form if facts.form and (facts.is_submit or facts.enter_submits) else None
        act = (form.submitter.label if form and form.submitter else "") or name
        values = [*(facts.form.values if facts.form else []), *facts.beside_values]
        if (not self.policy.sends_by_answering(act) or facts.written
                or any(v.value.strip() and not v.fixed and self.policy.is_recipient_field(v.label) for v in values)):
            return verdict
        return None

    def _click_by_kind(self, role: str, name: str, facts: ElementFacts) -> Verdict | None:
        if facts.is_submit and facts.form:
            return self._submission(facts, facts.form, "submits")
        if facts.href.startswith("#") and len(facts.href) > 1:
            return None  # a jump within the page
        if facts.url and not facts.href.startswith(("javascript:", "#")):
            return self._link(name, facts)
        if role in CLICK_ROLES or facts.tag in ("button", "a") or facts.type in ("button", "submit", "image"):
            # In the app's own confirmation its question says what the act is; the control's name only echoes it.
            return self._in_confirmation(role, name, facts) or self._scripted(role, name, facts)
        return None

    def classify(self, kind: str, role: str, name: str, facts: ElementFacts | None, *,
                 key: str | None = None, values: list[str] | None = None) -> Verdict | None:
        """The destructive category of an action, or None when it is harmless."""
        if facts is None:
            return None
        verdict = self._classify(kind, role, name, facts, key, values)
        if verdict is not None and verdict.category == "delete" and (self.reader.in_basket_line(facts)
                                                                    or self.reader.in_form_row(facts)
                                                                    or self.reader.posts_within_draft(
                                                                        facts, self.policy.meaning.in_own_draft)
                                                                    or self.reader.drops_filter(facts)):
            return None  # a line of one's own basket, a row of the form being filled, a filter: an ordinary edit
        return verdict

    def _classify(self, kind: str, role: str, name: str, facts: ElementFacts, key: str | None,
                  values: list[str] | None) -> Verdict | None:
        if kind == "click":
            return self._click(role, name, facts)
        if kind in ("type_text", "press_key") and key == "Enter":
            if facts.is_submit or (not facts.editable and (role in CLICK_ROLES or facts.tag in ("button", "a"))):
                return self._click(role or ("link" if facts.tag == "a" else "button"), name, facts)
            if facts.enter_submits and facts.form:
                return self._written_or_none(self._submission(facts, facts.form, "Enter submits"), name, facts)
            return None
        if kind == "select_option":
            return self._select(name, facts, " ".join(facts.option_labels(values or [])))
        return None

    def _select(self, name: str, facts: ElementFacts, chosen: str) -> Verdict | None:
        """Choosing an option: a choice in a card form, or an option that runs at once (the select submits)."""
        if facts.form and self.is_payment_form(facts.form):
            return self._verdict("payment", "changes a choice in a checkout form with payment fields", facts,
                                 [], control("select", name))
        if not any(_SUBMITS_ON_CHANGE.search(s) for s in facts.link_signals):
            return None
        category = self.policy.judge_name(chosen)
        if category:
            return self._verdict(category, f"choosing '{chosen}' in '{name}' runs it at once", facts,
                                 facts.form.checked if facts.form else facts.page.selected, f"option '{chosen}'")
        if chosen and self.policy.flow.is_irreversible(chosen):
            record = facts.row.name or facts.page.dialog or facts.page.name
            field_name = name or "the value"
            detail = f"set {field_name} of '{record}' to '{chosen}'" if record else f"set {field_name} to '{chosen}'"
            return self._verdict("cancel", f"choosing '{chosen}' in '{name}' submits it at once", facts,
                                 [record] if record else [], control("select", name), detail)
        return None

    def is_sensitive(self, role: str, name: str, facts: ElementFacts | None) -> str | None:
        """Why a field must only be typed by the human (password, one-time code, card data), or None."""
        if facts is None:
            return None
        if facts.type == "password":
            return "a password field"
        if facts.autocomplete and facts.autocomplete.split()[-1] in self.policy.sensitive_autocomplete:
            return f"a field for {facts.autocomplete.split()[-1]}"
        if facts.editable and (self.policy.is_sensitive_label(name) or self.policy.is_sensitive_label(facts.label)):
            return f"a field labelled '{name or facts.label[:60]}'"
        return None

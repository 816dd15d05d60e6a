"""DestructiveActionDetector: will this action delete, send (or publish) or pay, and is this field sensitive?

Decided before the action runs, by what the action will cause, from observed data only:

- a submit button: the form's method and action URL, the values the submission carries (the button itself, the
  chosen option of an action select, hidden values), and the page around it (a confirmation page asking "are you
  sure you want to delete …?" makes its submit button the deletion);
- a link: a GET opens a page (the confirmation page, the compose form), unless the link shows it performs the
  action itself (a token or confirmation in its query, a destructive word in its query or script name, a
  non-GET data-method, a scripted confirm());
- a scripted button (no form, no link): its effect cannot be read, so its name decides.

Field names are evidence about fields, not about the form: only card fields make a payment form. The words live
in the policy file, never in code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

from browser_core.security.facts import ElementFacts, FormFacts, PageFacts
from browser_core.security.policy import SecurityPolicy

LONG_LINK_WORDS = 6  # a link with more words is content (a subject, a headline), not a command
MAX_OBJECTS = 10
CLICK_ROLES = {"button", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "clickable", "tab", "option",
               "gridcell", "treeitem", "row"}
VERBS = {"delete": "delete", "send": "send", "payment": "pay"}
_SENTENCES = re.compile(r"(?<=[.?!:;])\s+|\s+(?=[¿¡])")
_CONFIRM_CALL = re.compile(r"\bconfirm\s*\(|data-confirm")
_NON_GET = re.compile(r"^method=(delete|post|put|patch)$", re.IGNORECASE)
_SUBMITS_ON_CHANGE = re.compile(r"submit|requestSubmit|location|href", re.IGNORECASE)
_WORDS = re.compile(r"[_\-+=&/.]+")


@dataclass(frozen=True)
class Verdict:
    category: str
    reason: str
    effect: str = ""
    objects: tuple[str, ...] = field(default=())


def _words(text: str) -> str:
    return " ".join(_WORDS.sub(" ", text).split())


def _objects_phrase(objects: list[str]) -> str:
    """``3 × Book: 'A', 'B', 'C'`` for items sharing a 'Kind: ' prefix, else ``2 objects: 'x', 'y'``."""
    if not objects:
        return ""
    shown = objects[:MAX_OBJECTS]
    more = f" and {len(objects) - len(shown)} more" if len(objects) > len(shown) else ""
    prefixes = {o.split(":", 1)[0] for o in objects if ":" in o}
    if len(prefixes) == 1 and all(":" in o for o in objects) and len(next(iter(prefixes))) <= 40:
        kind = next(iter(prefixes)).strip()
        names = ", ".join(f"'{o.split(':', 1)[1].strip()}'" for o in shown)
        return f"{len(objects)} × {kind}: {names}{more}" if len(objects) > 1 else f"{kind} {names}"
    names = ", ".join(f"'{o}'" for o in shown)
    return f"{len(objects)} objects: {names}{more}" if len(objects) > 1 else names


def effect_text(category: str, how: str, objects: list[str], page: PageFacts) -> str:
    parts = [VERBS.get(category, category)]
    phrase = _objects_phrase(objects)
    if phrase:
        parts.append(phrase)
    if how:
        parts.append(f"({how})" if phrase else how)
    if page.name:
        parts.append(f"(page '{page.name}')")
    return " ".join(parts)


@dataclass
class DestructiveActionDetector:
    policy: SecurityPolicy

    def is_payment_form(self, form: FormFacts) -> bool:
        """A form with a card's own fields (card number, security code); an 'expiry' date alone is not one."""
        return any(
            (f.autocomplete.startswith("cc-") and f.autocomplete not in ("cc-name", "cc-exp", "cc-exp-month",
                                                                         "cc-exp-year"))
            or self.policy.is_payment_field(f.label) for f in form.fields
        )

    def _verdict(self, category: str, reason: str, facts: ElementFacts, objects: list[str], how: str) -> Verdict:
        return Verdict(category, reason, effect_text(category, how, objects, facts.page), tuple(objects[:50]))

    # ----- the three kinds of control ----------------------------------------------------------------------
    def _scripted(self, role: str, name: str, facts: ElementFacts) -> Verdict | None:
        """A control whose effect is a script we cannot read: its name is all we have (weak words count)."""
        if role == "link" and len(name.split()) > LONG_LINK_WORDS:
            return None
        category = self.policy.category_of(name, weak=True)
        if category is None:
            return None
        selected = facts.form.checked if facts.form else facts.page.selected
        return self._verdict(category, f"the control is named '{name}'", facts, selected, f"button '{name}'")

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
        category = (self.policy.category_of(name) or self.policy.category_of(query_words)
                    or self.policy.category_of(_words(parts.path))
                    or ("delete" if method and method.lower().endswith("delete") else None))
        if category is None:
            return None
        return self._verdict(category, f"the link '{name}' performs it on a GET: " + ", ".join(signs), facts,
                             facts.page.selected, f"link '{name}'")

    def _submission(self, facts: ElementFacts, form: FormFacts, how: str) -> Verdict | None:
        """What submitting this form with this button causes."""
        sub = form.submitter
        label = sub.label if sub else form.submit_name
        if self.is_payment_form(form):
            return self._verdict("payment", f"{how} a form with payment fields", facts, [], f"button '{label}'")
        if form.method in ("get", "dialog"):
            return None  # a GET form opens a page: a search, a filter, a confirmation page
        question = self._question(facts.page)
        # The objects a confirmation page names (its list, or the names quoted in its question), else the ticked rows.
        shown = (facts.page.objects or self._quoted(question[1])) if question else []
        named = self.policy.category_of(label) or (self.policy.category_of(_words(sub.value)) if sub else None)
        if named:
            return self._verdict(named, f"{how} a form with the button '{label}'", facts, form.checked or shown,
                                 f"button '{label}'")
        if label and (self.policy.is_decline(label) or self.policy.is_ordinary(label)):
            return None
        if question:
            asked, sentence = question
            return self._verdict(asked, f"{how} the form of a page that asks '{sentence[:160]}'", facts, shown, "")
        return self._form_data(facts, form, how, label)

    def _form_data(self, facts: ElementFacts, form: FormFacts, how: str, label: str) -> Verdict | None:
        """What the form's own data says it does: the chosen action, a hidden field, the address, a recipient."""
        for chosen in form.chosen:
            category = self.policy.category_of(chosen.option) or self.policy.category_of(_words(chosen.value))
            if category:
                return self._verdict(category, f"{how} a form whose chosen action is '{chosen.option}'", facts,
                                     form.checked, f"action '{chosen.option}'")
        for name, value in form.hidden:
            category = self.policy.category_of(_words(value)) if len(value) <= 40 else None
            if category:
                return self._verdict(category, f"{how} a form that carries {name}={value}", facts, form.checked,
                                     f"button '{label}'")
        path = urlsplit(form.action).path.rstrip("/").split("/")[-2:]
        category = self.policy.category_of(_words(" ".join(path)))
        if category:
            return self._verdict(category, f"{how} a form that posts to '{'/'.join(path)}'", facts, form.checked,
                                 f"button '{label}'")
        if self._writes_to_someone(form):
            return self._verdict("send", f"{how} a message form (a recipient and text to send)", facts, [],
                                 f"button '{label}'")
        return None

    # ----- evidence from the page --------------------------------------------------------------------------
    def asks_confirmation(self, page: PageFacts) -> bool:
        """Whether the page asks the human to confirm a destructive action (an app's own confirmation page)."""
        return self._question(page) is not None

    def _question(self, page: PageFacts) -> tuple[str, str] | None:
        """The destructive category and wording of the confirmation question the page asks, if it asks one."""
        sentences = [s for s in _SENTENCES.split(f"{page.heading}. {page.text}") if s.strip()]
        for i, sentence in enumerate(sentences):
            if not self.policy.asks_confirmation(sentence):
                continue
            for candidate in (sentence, *sentences[max(i - 1, 0): i], *sentences[i + 1: i + 2]):
                category = self.policy.category_of(candidate)
                if category:
                    return category, " ".join(sentence.split())
        return None

    @staticmethod
    def _quoted(sentence: str) -> list[str]:
        return [m.strip() for m in re.findall(r"[“«\"']([^”»\"']{1,80})[”»\"']", sentence)][:MAX_OBJECTS]

    def _writes_to_someone(self, form: FormFacts) -> bool:
        return any(self.policy.is_recipient_field(f.label) for f in form.fields) and any(
            f.type == "textarea" for f in form.fields)

    # ----- entry points ------------------------------------------------------------------------------------
    def _click(self, role: str, name: str, facts: ElementFacts) -> Verdict | None:
        if facts.is_submit and facts.form:
            return self._submission(facts, facts.form, "submits")
        if facts.href.startswith("#") and len(facts.href) > 1:
            return None  # a jump within the page
        if facts.url and not facts.href.startswith(("javascript:", "#")):
            return self._link(name, facts)
        if role in CLICK_ROLES or facts.tag in ("button", "a") or facts.type in ("button", "submit", "image"):
            return self._scripted(role, name, facts)
        return None

    def classify(self, kind: str, role: str, name: str, facts: ElementFacts | None, *,
                 key: str | None = None, values: list[str] | None = None) -> Verdict | None:
        """The destructive category of an action, or None when it is harmless."""
        if facts is None:
            return None
        if kind == "click":
            return self._click(role, name, facts)
        if kind in ("type_text", "press_key") and key == "Enter":
            if facts.is_submit or (not facts.editable and (role in CLICK_ROLES or facts.tag in ("button", "a"))):
                return self._click(role or ("link" if facts.tag == "a" else "button"), name, facts)
            if facts.enter_submits and facts.form:
                return self._submission(facts, facts.form, "Enter submits")
            return None
        if kind == "select_option":
            if facts.form and self.is_payment_form(facts.form):
                return self._verdict("payment", "changes a choice in a checkout form with payment fields", facts,
                                     [], f"select '{name}'")
            chosen = " ".join(values or [])
            acts = any(_SUBMITS_ON_CHANGE.search(s) for s in facts.link_signals)
            category = self.policy.category_of(chosen) if acts else None
            if category:
                return self._verdict(category, f"choosing '{chosen}' in '{name}' runs it at once", facts,
                                     facts.form.checked if facts.form else facts.page.selected, f"option '{chosen}'")
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

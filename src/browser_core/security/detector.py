"""DestructiveActionDetector: is this action delete / send / payment, and is this field sensitive?

Decided before the action runs, from observed data only: the element's role and accessible name, the form it
belongs to (submit controls, payment fields, method), what pressing Enter would submit. The words live in the
policy file, never in code.
"""

from __future__ import annotations

from dataclasses import dataclass

from browser_core.security.facts import ElementFacts, FormFacts
from browser_core.security.policy import SecurityPolicy

FREE_TEXT_TYPES = {"text", "email", "tel", "url", "textarea", ""}
LONG_LINK_WORDS = 6  # a link with more words is content (a subject, a headline), not a command

CLICK_ROLES = {"button", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "clickable", "tab", "option",
               "gridcell", "treeitem", "row"}


@dataclass(frozen=True)
class Verdict:
    category: str
    reason: str


@dataclass
class DestructiveActionDetector:
    policy: SecurityPolicy

    def is_payment_form(self, form: FormFacts) -> bool:
        return any(
            f.autocomplete.startswith("cc-") or self.policy.is_payment_field(f.label) for f in form.fields
        )

    def _is_plain_form(self, form: FormFacts) -> bool:
        """Search and login forms: submitting them is not destructive by itself."""
        if form.role == "search" or all(f.type == "search" for f in form.fields if f.type != "checkbox"):
            return True
        return any(f.type == "password" for f in form.fields)

    def _form_verdict(self, form: FormFacts, how: str) -> Verdict | None:
        if self.is_payment_form(form):
            return Verdict("payment", f"{how} a form with payment fields")
        named = self.policy.category_of(form.submit_name)
        if named:
            return Verdict(named, f"{how} a form whose submit button is '{form.submit_name}'")
        if form.method == "post" and not self._is_plain_form(form) and self._has_free_text(form):
            label = f" '{form.label}'" if form.label else ""
            return Verdict("send", f"{how} form{label} that posts what was written in it")
        return None

    @staticmethod
    def _has_free_text(form: FormFacts) -> bool:
        """A message, an application, a comment: fields a person writes in (not quantities or choices)."""
        return any(f.type in FREE_TEXT_TYPES for f in form.fields)

    def classify(self, kind: str, role: str, name: str, facts: ElementFacts | None, *,
                 key: str | None = None) -> Verdict | None:
        """The destructive category of an action, or None when it is harmless."""
        if kind == "click":
            if role in CLICK_ROLES and not (role == "link" and len(name.split()) > LONG_LINK_WORDS):
                named = self.policy.category_of(name)
                if named:
                    return Verdict(named, f"the control is named '{name}'")
            if facts and facts.is_submit and facts.form:
                return self._form_verdict(facts.form, "submits")
            return None
        if kind in ("type_text", "press_key") and key == "Enter":
            if facts is None:
                return None
            if role in CLICK_ROLES:
                named = self.policy.category_of(name)
                if named:
                    return Verdict(named, f"Enter activates the control '{name}'")
                if facts.is_submit and facts.form:
                    return self._form_verdict(facts.form, "Enter submits")
            if facts.enter_submits and facts.form:
                return self._form_verdict(facts.form, "Enter in this field submits")
            return None
        if kind == "select_option" and facts and facts.form and self.is_payment_form(facts.form):
            return Verdict("payment", "changes a choice in a checkout form with payment fields")
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

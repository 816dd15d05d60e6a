"""The security vocabulary (policy.yaml, plus an optional user file), compiled to matchers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from browser_core.errors import ConfigurationError
from browser_core.security.meaning import TOKENS, Meaning, word_regex

CATEGORIES = ("delete", "send", "payment", "cancel")


# A name in quotes (a record's title a control names: Move “Tide tables” to …) and a determiner before a word.
_QUOTED = r'(?:“[^“”]{1,80}”|"[^"]{1,80}"|«[^«»]{1,80}»|‘[^‘’]{1,80}’)'
_DETERMINER = r"(?:(?:the|a|an|this|these|that|those|your|my|our|its|their)[\s\-_/]+)?"


def _phrase_regex(phrases: list[str]) -> re.Pattern[str] | None:
    """One regex for a word list: word boundaries around each phrase, ``*`` for any word ending."""
    parts = []
    for phrase in phrases:
        whole = phrase.strip().startswith("^")
        words = phrase.strip().lstrip("^").casefold().split()
        if not words:
            continue
        body = ""
        for w in words:  # "…" stands for up to two words between its neighbours, a quoted name being one word
            if w in ("…", "..."):
                body += r"(?:[\s\-_/]+(?:\w+|" + _QUOTED + r")){0,2}"
                continue
            word = re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w)
            # An apostrophe is any of its spellings ("won't", "won’t"): the same word typeset. A determiner before a
            # later word changes no act ("move … to the trash", "empty your trash").
            body += (r"[\s\-_/]+" + _DETERMINER if body else "") + word.replace("'", "['’ʼ]")
        parts.append(r"^\W*" + body + r"\W*$" if whole else r"(?<!\w)" + body + r"(?!\w)")
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


@dataclass(frozen=True)
class FlowWords:
    """The words of checkouts, baskets, status changes and warnings (``advance_commands`` … in policy.yaml)."""

    advance: re.Pattern[str] | None = None
    quantity: re.Pattern[str] | None = None
    checkout: re.Pattern[str] | None = None
    total: re.Pattern[str] | None = None
    subtotal: re.Pattern[str] | None = None
    purchase: re.Pattern[str] | None = None
    money: re.Pattern[str] | None = None
    irreversible: re.Pattern[str] | None = None
    warning: re.Pattern[str] | None = None
    unsaved: re.Pattern[str] | None = None
    saves: re.Pattern[str] | None = None
    throws: re.Pattern[str] | None = None
    dismisses: re.Pattern[str] | None = None

    @staticmethod
    def _has(pattern: re.Pattern[str] | None, text: str) -> bool:
        return bool(pattern and pattern.search(" ".join(text.split())))

    def advances(self, name: str) -> bool:
        return self._has(self.advance, name)

    def is_quantity(self, label: str) -> bool:
        return self._has(self.quantity, label)

    def checks_out(self, name: str) -> bool:
        return self._has(self.checkout, name)

    def is_total(self, line: str) -> bool:
        return self._has(self.total, line) and not self._has(self.subtotal, line) and self.has_money(line)

    def mentions_total(self, text: str) -> bool:
        return self._has(self.total, text) or self._has(self.subtotal, text)

    def names_purchase(self, text: str) -> bool:
        return self._has(self.purchase, text)

    def has_money(self, text: str) -> bool:
        return self._has(self.money, text)

    def is_irreversible(self, value: str) -> bool:
        return self._has(self.irreversible, value)

    def warns(self, sentence: str) -> bool:
        return self._has(self.warning, sentence)

    def names_unsaved(self, sentence: str) -> bool:
        """The sentence names work not yet saved ('You have unsaved changes')."""
        return self._has(self.unsaved, sentence)

    def throws_away(self, name: str) -> bool:
        """The control's name throws work away rather than deleting a record ('Discard', 'Revert changes')."""
        return self._has(self.throws, name)

    def dismisses_form(self, name: str) -> bool:
        """The control's whole name closes the form it sits in without sending it ('Cancel', 'Close')."""
        return self._has(self.dismisses, name)

    def offers_save(self, sentence: str) -> bool:
        """The sentence speaks of saving ('Do you want to save the changes?')."""
        return self._has(self.saves, sentence)


def _money_regex(marks: list[str]) -> re.Pattern[str]:
    """An amount: digits with a currency mark before or after, or a number with two decimals."""
    mark = "|".join(re.escape(m) for m in sorted(marks, key=len, reverse=True)) or r"\$"
    number = r"\d[\d\s.,']*"
    return re.compile(rf"(?:{mark})\s?{number}|{number}\s?(?:{mark})(?!\w)|(?<![\d.,])\d+[.,]\d{{2}}(?![\d.,]?\d)",
                      re.IGNORECASE)


@dataclass(frozen=True)
class SecurityPolicy:
    destructive: dict[str, re.Pattern[str] | None]
    safe: re.Pattern[str] | None
    sensitive_autocomplete: frozenset[str]
    sensitive_labels: re.Pattern[str] | None
    payment_fields: re.Pattern[str] | None
    injection: tuple[re.Pattern[str], ...]
    weak: dict[str, re.Pattern[str] | None] = field(default_factory=dict)
    recipients: re.Pattern[str] | None = None
    public_text: re.Pattern[str] | None = None
    hand_in: re.Pattern[str] | None = None
    answering: re.Pattern[str] | None = None
    answered: str = ""
    reversible: re.Pattern[str] | None = None
    lifted: re.Pattern[str] | None = None
    switched_off: re.Pattern[str] | None = None
    restricted: re.Pattern[str] | None = None
    questions: re.Pattern[str] | None = None
    decline: re.Pattern[str] | None = None
    performing_params: re.Pattern[str] | None = None
    ordinary: re.Pattern[str] | None = None
    invitations: re.Pattern[str] | None = None
    performing_scripts: frozenset[str] = frozenset()
    flow: FlowWords = field(default_factory=lambda: FlowWords())
    meaning: Meaning = field(default_factory=lambda: Meaning())

    def category_of(self, name: str, *, weak: bool = False) -> str | None:
        """The destructive category a control's name falls in, or None (safe phrases win).

        ``weak`` adds the words that count only for a control whose effect is unknown (a scripted button)."""
        text = " ".join(name.split())
        if not text or (self.safe is not None and self.safe.search(text)):
            return None
        for category in CATEGORIES:
            for table in (self.destructive, self.weak if weak else {}):
                pattern = table.get(category)
                if pattern is not None and pattern.search(text):
                    return category
        return None

    def judge_name(self, name: str, *, weak: bool = False) -> str | None:
        """A control's name by its words and its meaning: the phrases above, else what it commits to; a removal
        from one's own basket or wish list is an ordinary edit."""
        text = " ".join(name.split())
        if not text or (self.safe is not None and self.safe.search(text)):
            return None
        if self.meaning.reverses(text) or self.meaning.asks_where(text):
            return None
        declined = self.meaning.declines_act(text)
        if declined is not None:
            return self.judge_name(declined, weak=weak) if declined else None
        commits = self.meaning.commitment(text, self.flow.has_money)
        category = self.category_of(text)
        if category == "payment" and commits == "cancel":
            category = commits  # what the commit verb confirms is the order's end ("Confirm order cancellation")
        category = (category or commits or self._ending_state(text)
                    or (self.category_of(text, weak=True) if weak else None))
        if category in (None, "send") and self.meaning.sends_money(text, self.flow.has_money):
            return "payment"  # what is sent is money: a payment, not a message
        return None if self._ordinary_after_all(category, text) else category

    def _ending_state(self, text: str) -> str | None:
        """A name that sets a record's state to one that ends it ('Mark Cancelled', 'Set as void') cancels."""
        state = self.meaning.sets_state(text)
        return "cancel" if state and self.flow.is_irreversible(state) else None

    def _ordinary_after_all(self, category: str | None, text: str) -> bool:
        """A removal from one's own basket, a decoration taken off a record, a message the app sends the user about
        their own account."""
        return ((category == "delete" and (self.meaning.in_own_draft(text) or self.meaning.takes_off_attribute(text)
                                           or self.meaning.offers_both(text)))
                or (category == "cancel" and self.meaning.takes_off_attribute(text))
                or (category == "send" and ((self.meaning.to_oneself(text) and not self._sends_invitations(text))
                                            or self.meaning.calls_off(text))))

    def _sends_invitations(self, text: str) -> bool:
        """A verb of sending leads the name and invitations are its object ('Send invitations', 'Send 3 invites'):
        they go to the people invited. Sent again ('Re-send …'), or only named by a label, they are not."""
        tokens = [t.casefold() for t in TOKENS.findall(text)]
        verbs = self.meaning.sent_to[2]
        return (len(tokens) > 1 and verbs is not None and bool(verbs.match(tokens[0])) and self.invitations is not None
                and any(self.invitations.match(t) for t in tokens[1:4]))

    def takes_off(self, text: str) -> bool:
        """A removal whose object is a decoration or a membership ('Remove member', 'Remove labels'): an edit."""
        return ((self.category_of(text) or self.meaning.effect_of(text)) == "delete"
                and self.meaning.takes_off_attribute(text))

    def judge_sentence(self, sentence: str) -> str | None:
        """A sentence of the app's own confirmation: the words above, the forms of them a sentence uses, or what it
        commits to."""
        text = " ".join(sentence.split())
        if not text or (self.safe is not None and self.safe.search(text)):
            return None
        if self.meaning.only_possible(text):
            return None  # what a person may still do, not what the act does ('They can send another request')
        state, rest = self.meaning.state_set(text)  # a status it sets is judged as a state ('set to billed')
        category = (self.category_of(text) or ("cancel" if state and self.flow.is_irreversible(state) else None)
                    or self.meaning.effect_of(rest) or self.meaning.commitment(text, self.flow.has_money, max_words=60))
        if category in (None, "send") and self.meaning.sends_to_others(text):
            return "send"  # to someone the app names, whatever it carries (an invitation, a new password)
        return None if self._ordinary_after_all(category, text) else category

    @staticmethod
    def _matches(pattern: re.Pattern[str] | None, text: str) -> bool:
        return bool(pattern and pattern.search(" ".join(text.split())))

    def is_recipient_field(self, label: str) -> bool:
        words = label.split()
        return bool(words) and self._matches(self.recipients, words[0])

    def is_public_text_field(self, label: str) -> bool:
        """A text area for words others read: a comment, a review, a reply, a message (by its label, placeholder or
        name)."""
        return self._matches(self.public_text, label)

    def only_hands_in(self, name: str) -> bool:
        """A submit's name that names no effect but handing the form in, or the text it posts ('Submit', 'OK',
        'Submit your review', an icon)."""
        return all((self.hand_in and self.hand_in.match(t)) or self._matches(self.public_text, t)
                   for t in (w.casefold() for w in TOKENS.findall(name)))

    def sends_by_answering(self, name: str) -> bool:
        """A name that says a send only by its words of answering ('Reply', 'Reply all', 'Insert common reply'): with
        them read as the message they name, nothing in it sends ('Post your answer', 'Send reply' still do)."""
        tokens = TOKENS.findall(name)
        read = [self.answered if self.answering and self.answering.match(t.casefold()) else t for t in tokens]
        return read != tokens and self.judge_name(" ".join(read)) != "send"

    def leads_answer(self, name: str) -> bool:
        """The name's act is answering: a word of answering leads it ('Respond', 'Reply to all', 'Comment')."""
        first = next(iter(TOKENS.findall(name)), "")
        return bool(self.answering and self.answering.match(first.casefold()))

    def says_lifted(self, sentence: str) -> bool:
        """The sentence says how the user lifts the restriction it warns of ('… until you un-archive it')."""
        return self._matches(self.lifted, sentence)

    def switches_off(self, sentence: str) -> bool:
        """The question asks to switch off what is switched on again from the same place ('… deactivate Ada?')."""
        return self.asks_confirmation(sentence) and self._matches(self.switched_off, sentence)

    def only_restricts(self, sentence: str) -> bool:
        """The sentence warns only of what someone can no longer do ('They will no longer be able to log in')."""
        return self.restricted is not None and bool(self.restricted.search(sentence)) and not self.flow.warns(
            self.restricted.sub(" ", sentence))

    def is_safe(self, text: str) -> bool:
        """A name or a sentence the safe phrases cover ('Stop sharing your screen')."""
        return self._matches(self.safe, text)

    def says_reversible(self, sentence: str) -> bool:
        """The app's confirmation says the act can be undone."""
        return self._matches(self.reversible, sentence)

    def asks_confirmation(self, text: str) -> bool:
        return self._matches(self.questions, text)

    def _asks_before_effect(self, sentence: str) -> bool:
        """A question that asks the user to confirm an effect the gate holds ('Do you want to erase …?')."""
        said = " ".join(sentence.split())
        return said.endswith("?") and self.asks_confirmation(said) and self.judge_sentence(said) is not None

    def is_ordinary(self, name: str) -> bool:
        return self._matches(self.ordinary, name)

    def is_decline(self, name: str) -> bool:
        return self._matches(self.decline, name)

    def is_performing_param(self, name: str) -> bool:
        return bool(self.performing_params and self.performing_params.fullmatch(name.casefold()))

    def is_sensitive_label(self, text: str) -> bool:
        return bool(self.sensitive_labels and self.sensitive_labels.search(" ".join(text.split())))

    def is_payment_field(self, text: str) -> bool:
        return bool(self.payment_fields and self.payment_fields.search(" ".join(text.split())))

    def injection_hits(self, text: str, limit: int = 3) -> list[str]:
        """Text that addresses an agent. A hit that names an effect the gate holds, inside the app's own question
        asking to confirm it ('Are you sure you want to delete all …?'), is the app asking its user before the act,
        not an instruction: the act is held whoever asks for it. Every other hit in that sentence still counts."""
        hits: list[str] = []
        for pattern in self.injection:
            for match in pattern.finditer(text):
                if self.judge_sentence(match.group()) and self._asks_before_effect(
                        _sentence_at(text, match.start(), match.end())):
                    continue
                start = max(match.start() - 20, 0)
                hits.append(" ".join(text[start: match.end() + 40].split()))
                if len(hits) >= limit:
                    return hits
        return hits


def _sentence_at(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` that holds the span (a line or a sentence's end bounds it)."""
    begin = max(text.rfind(mark, 0, start) for mark in (". ", "? ", "! ", "\n")) + 1
    ends = [i for i in (text.find(mark, end) for mark in (". ", "? ", "! ", "\n")) if i >= 0]
    return text[begin: min(ends) + 1 if ends else len(text)]


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:  # boundary: policy YAML
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        elif isinstance(value, list) and isinstance(out.get(key), list):
            out[key] = out[key] + value
        else:
            out[key] = value
    return out


@lru_cache(maxsize=8)
def load_policy(extra_file: Path | None = None) -> SecurityPolicy:
    raw = yaml.safe_load(resources.files("browser_core.security").joinpath("policy.yaml").read_text("utf-8"))
    if extra_file is not None:
        try:
            raw = _merge(raw, yaml.safe_load(extra_file.read_text("utf-8")) or {})
        except (OSError, yaml.YAMLError) as exc:
            raise ConfigurationError(f"cannot read the security policy {extra_file}: {exc}") from exc
    sensitive = raw.get("sensitive_fields", {})
    try:
        injection = tuple(re.compile(p, re.IGNORECASE) for p in raw.get("injection_patterns", []))
    except re.error as exc:
        raise ConfigurationError(f"bad injection pattern in the security policy: {exc}") from exc
    return SecurityPolicy(
        destructive={c: _phrase_regex(raw.get("destructive", {}).get(c, [])) for c in CATEGORIES},
        safe=_phrase_regex(raw.get("safe_phrases", [])),
        sensitive_autocomplete=frozenset(a.casefold() for a in sensitive.get("autocomplete", [])),
        sensitive_labels=_phrase_regex(sensitive.get("labels", [])),
        payment_fields=_phrase_regex(raw.get("payment_fields", [])),
        injection=injection,
        weak={c: _phrase_regex(raw.get("weak_commands", {}).get(c, [])) for c in CATEGORIES},
        recipients=_phrase_regex(raw.get("recipient_fields", [])),
        public_text=_phrase_regex(raw.get("public_text_fields", [])),
        hand_in=word_regex(raw.get("hand_in_words", [])),
        answering=word_regex((raw.get("answering", {}) or {}).get("words", [])),
        answered=str((raw.get("answering", {}) or {}).get("read_as", "")),
        reversible=_phrase_regex(raw.get("reversible_phrases", [])),
        lifted=_phrase_regex(raw.get("lifted_phrases", [])),
        switched_off=_phrase_regex((raw.get("switched_off", {}) or {}).get("questions", [])),
        restricted=_phrase_regex((raw.get("switched_off", {}) or {}).get("restrictions", [])),
        questions=_phrase_regex(raw.get("confirmation_questions", [])),
        decline=_phrase_regex(raw.get("decline_commands", [])),
        performing_params=_name_regex(raw.get("performing_link_params", [])),
        ordinary=_phrase_regex(raw.get("ordinary_commands", [])),
        invitations=word_regex((raw.get("sent_to", {}) or {}).get("invitations", [])),
        performing_scripts=frozenset(str(e).casefold() for e in raw.get("performing_link_scripts", [])),
        flow=FlowWords(
            advance=_phrase_regex(raw.get("advance_commands", [])),
            quantity=_phrase_regex(raw.get("quantity_fields", [])),
            checkout=_phrase_regex(raw.get("checkout_commands", [])),
            total=_phrase_regex(raw.get("total_words", [])),
            subtotal=_phrase_regex(raw.get("subtotal_words", [])),
            purchase=_phrase_regex(raw.get("purchase_words", [])),
            money=_money_regex([str(m) for m in raw.get("money_marks", [])]),
            irreversible=_phrase_regex(raw.get("irreversible_values", [])),
            warning=_phrase_regex(raw.get("warning_phrases", [])),
            unsaved=_phrase_regex((raw.get("unsaved_work", {}) or {}).get("phrases", [])),
            saves=_phrase_regex((raw.get("unsaved_work", {}) or {}).get("kept_by", [])),
            throws=_phrase_regex((raw.get("unsaved_work", {}) or {}).get("thrown_by", [])),
            dismisses=_phrase_regex((raw.get("unsaved_work", {}) or {}).get("dismissed_by", [])),
        ),
        meaning=Meaning.load(raw, _phrase_regex),
    )


def _name_regex(names: list[str]) -> re.Pattern[str] | None:
    """Whole parameter names, ``*`` for any ending (``csrf*``)."""
    parts = [re.escape(n[:-1]) + r".*" if n.endswith("*") else re.escape(n) for n in (x.casefold() for x in names)]
    return re.compile("|".join(parts)) if parts else None

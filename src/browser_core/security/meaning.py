"""What a control's name or a confirmation's sentence means, by structure rather than by exact phrase.

- A commitment: a commit verb and what it commits, in either order with a few words between ("Submit my order",
  "Complete booking"); a verb that commits by itself leading the name with an amount or "now" after it ("Book flight
  for $387", "Pay €12 now"); a commit verb with an amount. What is committed makes the category.
- One's own drafts: a removal that names one's basket or wish list is an ordinary edit of it (the network line
  reads the same words in a request's path).
- A decoration taken off a record (a verb that takes off, an object that is an attribute: "Remove labels", "Remove
  logo") edits the record, unless the words also speak of destroying it.
- The app's own confirmation: the forms of the effect words a sentence uses ("… will be permanently removed"), or a
  warning of loss with no effect named (then a deletion of what it warns of).

- A message the app's confirmation says it sends to someone it names ("… will be sent to the selected attendees").
- Money sent ("Send payment via PayPal") is a payment; a state a sentence sets ("… set to billed") is a status.
- A sentence about what a person may still do ("They can send another request anytime") names no effect of the act.

The words are the policy file's (``commitments``, ``own_drafts``, ``self_messages``, ``undo_commands``,
``confirmation_effects``, ``attributes``, ``sent_to``, ``money_sent``, ``possibility``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

GAP = 4  # a verb and its object: at most three words between
_POINTERS = frozenset(("the", "a", "an", "this", "these", "that", "those", "your", "my", "our", "its", "their", "it",
                       "them"))  # words that point at what a dialog is about, naming nothing of their own
TOKENS = re.compile(r"[^\W_]+", re.UNICODE)
_CLAUSE_END = re.compile(r"[,;]|\s(?:and|then|&)\s", re.IGNORECASE)  # where a name's next act begins
_TOKENS = TOKENS


def word_regex(words: list[str]) -> re.Pattern[str] | None:
    """One token: any of the words, ``*`` for any ending."""
    parts = [re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) for w in (x.casefold() for x in words)]
    return re.compile("^(?:" + "|".join(parts) + ")$") if parts else None


def _singular(token: str) -> str:
    """A plural read as the singular ('bookings' -> 'booking'); other words as they are."""
    return token[:-1] if len(token) > 3 and token.endswith("s") and not token.endswith("ss") else token


def _after_to(tokens: list[str]) -> list[int]:
    """Where the verb of an infinitive stands: each token right after a "to" ('… want to stop it?')."""
    return [i + 1 for i, t in enumerate(tokens[:-1]) if t == "to"]


def _hits(pattern: re.Pattern[str] | None, tokens: list[str]) -> list[int]:
    return [i for i, t in enumerate(tokens) if pattern is not None and pattern.match(t)]


@dataclass(frozen=True)
class Meaning:
    verbs: re.Pattern[str] | None = None
    leading: re.Pattern[str] | None = None
    cancel_leading: re.Pattern[str] | None = None
    now: re.Pattern[str] | None = None
    cancel_verbs: re.Pattern[str] | None = None
    interrupts: re.Pattern[str] | None = None
    running: re.Pattern[str] | None = None
    answers: tuple[re.Pattern[str] | None, re.Pattern[str] | None] = (None, None)
    documents: re.Pattern[str] | None = None
    objects: dict[str, re.Pattern[str] | None] = field(default_factory=dict)
    own_drafts: re.Pattern[str] | None = None
    self_messages: re.Pattern[str] | None = None
    undo: re.Pattern[str] | None = None
    negated: re.Pattern[str] | None = None
    open_ended: re.Pattern[str] | None = None
    effects: dict[str, re.Pattern[str] | None] = field(default_factory=dict)
    pairs: tuple[tuple[str, re.Pattern[str] | None, re.Pattern[str] | None, bool], ...] = ()
    marks: re.Pattern[str] | None = None
    detach: tuple[re.Pattern[str] | None, ...] = (None,) * 9
    not_roles: re.Pattern[str] | None = None
    sent_to: tuple[re.Pattern[str] | None, re.Pattern[str] | None, re.Pattern[str] | None] = (None, None, None)
    received: tuple[re.Pattern[str] | None, re.Pattern[str] | None] = (None, None)
    money_sent: tuple[re.Pattern[str] | None, re.Pattern[str] | None, re.Pattern[str] | None] = (None, None, None)
    possible: tuple[re.Pattern[str] | None, re.Pattern[str] | None] = (None, None)
    ends: tuple[re.Pattern[str] | None, re.Pattern[str] | None] = (None, None)
    under_way: tuple[re.Pattern[str] | None, re.Pattern[str] | None] = (None, None)

    @classmethod
    # boundary: the policy YAML's meaning section, as parsed
    def load(cls, raw: dict[str, Any], phrases: Callable[[list[str]], re.Pattern[str] | None]) -> Meaning:
        commit = raw.get("commitments", {}) or {}
        attributes = raw.get("attributes", {}) or {}
        money = raw.get("money_sent", {}) or {}
        possible = raw.get("possibility", {}) or {}
        return cls(
            verbs=word_regex(commit.get("verbs", [])),
            leading=word_regex(commit.get("leading", [])),
            cancel_leading=word_regex(commit.get("cancel_leading", [])),
            now=word_regex(commit.get("now", [])),
            cancel_verbs=word_regex(commit.get("cancel_verbs", [])),
            interrupts=word_regex(commit.get("interrupts", [])),
            running=word_regex(commit.get("running", [])),
            answers=(word_regex(commit.get("answers", [])), word_regex(commit.get("offered", []))),
            documents=word_regex(commit.get("documents", [])),
            objects={c: word_regex(w) for c, w in (commit.get("objects", {}) or {}).items()},
            own_drafts=phrases(raw.get("own_drafts", [])),
            self_messages=phrases(raw.get("self_messages", [])),
            undo=word_regex(raw.get("undo_commands", [])),
            negated=phrases(raw.get("negated_commands", [])),
            open_ended=word_regex(raw.get("open_ended", [])),
            effects={c: phrases(w) for c, w in (raw.get("confirmation_effects", {}) or {}).items()},
            pairs=tuple(
                (p["category"], word_regex(p.get("verbs", [])), word_regex(p.get("objects", [])),
                 bool(p.get("ordered")))
                for p in commit.get("pairs", []) or []
            ),
            marks=word_regex(commit.get("marks", [])),
            detach=(word_regex(attributes.get("verbs", [])), word_regex(attributes.get("objects", [])),
                    word_regex(attributes.get("destroy", [])), word_regex(attributes.get("containers", [])),
                    word_regex(attributes.get("whole", [])), word_regex(attributes.get("links", [])),
                    word_regex(attributes.get("oneself", [])), word_regex(attributes.get("memberships", [])),
                    word_regex(attributes.get("member_of", []))),
            not_roles=word_regex(attributes.get("not_roles", [])),
            sent_to=(phrases((raw.get("sent_to", {}) or {}).get("phrases", [])),
                     word_regex((raw.get("sent_to", {}) or {}).get("self", [])),
                     word_regex((raw.get("sent_to", {}) or {}).get("verbs", []))),
            received=(word_regex((raw.get("sent_to", {}) or {}).get("receive", [])),
                      word_regex((raw.get("sent_to", {}) or {}).get("messages", []))),
            money_sent=(word_regex(money.get("verbs", [])), word_regex(money.get("objects", [])),
                        word_regex(money.get("after", []))),
            possible=(word_regex(possible.get("subjects", [])), word_regex(possible.get("modals", []))),
            ends=(phrases((commit.get("ends", {}) or {}).get("phrases", [])),
                  word_regex((commit.get("ends", {}) or {}).get("objects", []))),
            under_way=(word_regex((commit.get("under_way", {}) or {}).get("leaving", [])),
                       phrases((commit.get("under_way", {}) or {}).get("work", []))),
        )

    def commitment(self, text: str, has_money: Callable[[str], bool], *, max_words: int = 12) -> str | None:
        """The category of what the text commits to (``payment``, ``cancel``, ``delete``), or None."""
        tokens = [t.casefold() for t in _TOKENS.findall(text)]
        if not tokens or len(tokens) > max_words:
            return None
        cancels = _hits(self.cancel_verbs, tokens)
        # What is ended, in the singular or the plural ("Cancel bookings", "Cancel orders"): each one is ended.
        single = [_singular(t) for t in tokens]
        ended = self._ended(tokens)
        answer, offered = self.answers
        if any(abs(i - j) <= GAP and not (answer and offered and answer.match(tokens[i]) and offered.match(tokens[j]))
               for i in cancels for j in ended) or _hits(self.cancel_leading, tokens[:1]):
            return "cancel"
        for category, pair_verbs, pair_objects, ordered in self.pairs:  # a verb and its object: 'Email invoice'
            # An ordered pair reads its object after the verb only ("End the meeting", not "Meeting end time").
            if any(0 < (j - i if ordered else abs(j - i)) <= GAP for i in _hits(pair_verbs, tokens)
                   for j in _hits(pair_objects, tokens)):
                return category
        # A verb right after the word of what it commits heads a compound noun ("payment request", "subscription start
        # date"): the document or the date, not the act.
        verbs = [i for i in _hits(self.verbs, tokens) if not (i and any(
            p is not None and (p.match(tokens[i - 1]) or p.match(single[i - 1])) for p in self.objects.values()))]
        if verbs:
            # An end of a commitment confirmed ("Confirm order cancellation"): the ending is what is committed.
            order = sorted(self.objects.items(), key=lambda item: item[0] != "cancel")
            # What is committed, in the singular or the plural ("Confirm 3 bookings", "Submit orders"): each one is.
            for category, pattern in order:
                named = {*_hits(pattern, tokens), *_hits(pattern, single)}
                if any(abs(i - j) <= GAP for j in named for i in verbs if i != j):
                    return category
        money = has_money(text)
        if self.leading is not None and self.leading.match(tokens[0]) and (money or _hits(self.now, tokens[1:])):
            return "payment"
        return "payment" if verbs and money else None

    def sets_state(self, name: str) -> str:
        """What a name that sets a state sets it to ('Mark Cancelled' -> 'Cancelled'), '' for other names."""
        tokens = _TOKENS.findall(name)
        if not tokens or not (self.marks and self.marks.match(tokens[0].casefold())):
            return ""
        rest = [t for t in tokens[1:] if t.casefold() not in ("as", "to")]
        return " ".join(rest)

    def state_set(self, sentence: str) -> tuple[str, str]:
        """The state a sentence says a record is set to, and the sentence without it ('… it can be set to billed' ->
        ('billed', '… it can be set')): the state's word names a status, never the act's effect ('billed' is no
        charge). ('', the sentence) when it sets none."""
        tokens = _TOKENS.findall(sentence)
        low = [t.casefold() for t in tokens]
        for i, token in enumerate(low):
            if not (self.marks and self.marks.match(token)):
                continue
            k = next((k for k in range(i + 1, min(i + GAP, len(low) - 1)) if low[k] in ("as", "to")), None)
            if k is not None:
                return tokens[k + 1], " ".join(tokens[:k] + tokens[k + 2:])
        return "", sentence

    def asks_to_end_commitment(self, sentences: list[str]) -> bool:
        """A question led by a cancel verb in a dialog that names a commitment ('Cancel at end of billing period? Your
        subscription will remain active until …'): what it asks to end is that commitment."""
        said = [[t.casefold() for t in _TOKENS.findall(s)] for s in sentences]
        asked = any(s.rstrip().endswith("?") and t and self.cancel_verbs is not None and self.cancel_verbs.match(t[0])
                    for s, t in zip(sentences, said, strict=True))
        return asked and any(_hits(self.objects.get("payment"), t) or _hits(self.objects.get("payment"),
                                                                              [_singular(w) for w in t]) for t in said)

    def says_commitment_ends(self, sentence: str) -> bool:
        """The sentence ends saying a commitment it names will end ('Your subscription will end.'): no later date."""
        ending, objects = self.ends
        text = " ".join(sentence.split())
        last = [m for m in ending.finditer(text)] if ending is not None else []
        return (bool(last) and not _TOKENS.search(text[last[-1].end():])
                and bool(_hits(objects, [t.casefold() for t in _TOKENS.findall(text[:last[-1].start()])])))

    def leaves_work_under_way(self, sentences: list[str]) -> bool:
        """A question of leaving ('… want to quit?') in a dialog that says work is under way ('You seem to be uploading
        files'): leaving stops that work."""
        leaving, work = self.under_way
        if leaving is None or work is None or not any(work.search(" ".join(s.split())) for s in sentences):
            return False
        questions = [[t.casefold() for t in _TOKENS.findall(s)] for s in sentences if s.rstrip().endswith("?")]
        return any(leaving.match(q[j]) for q in questions for j in _after_to(q))

    def asks_to_end(self, sentence: str) -> bool:
        """A question whose verb ends something ('Are you sure you wish to abort?', '… want to stop it?')."""
        tokens = [t.casefold() for t in _TOKENS.findall(sentence)]
        ends = [p for p in (self.cancel_verbs, self.interrupts) if p is not None]
        return any(any(p.match(tokens[j]) for p in ends) and not self._only_answers(tokens, j)
                   for j in _after_to(tokens))

    def _only_answers(self, tokens: list[str], j: int) -> bool:
        """Declining what was offered to oneself answers it ("… want to decline this invitation?"), as in a name; so
        does declining an item someone handed in ("… decline the feature request?"): it ends only what cancelling it
        would end (a booking, work under way, an issued document, an occurrence). Named by nothing, it ends what the
        dialog is about."""
        answer, offered = self.answers
        named = [t for t in tokens[j + 1:j + 1 + GAP] if t not in _POINTERS]
        return bool(answer and answer.match(tokens[j]) and named and (
            _hits(offered, named) or self.commitment(" ".join(["cancel", *named]), lambda _: False) != "cancel"))

    def _ended(self, tokens: list[str]) -> list[int]:
        """Where a word of what a cancel verb ends stands: a commitment (singular or plural), running work, an issued
        document."""
        payment = self.objects.get("payment")
        return [*_hits(payment, tokens), *_hits(payment, [_singular(t) for t in tokens]), *_hits(self.running, tokens),
                *_hits(self.documents, tokens)]

    def asks_to_commit(self, sentence: str) -> bool:
        """A question whose verb commits by itself ('Would you like to reserve it anyway?', '… to pay the rest?'): the
        app asks to make that commitment now."""
        tokens = [t.casefold() for t in _TOKENS.findall(sentence)]
        return sentence.rstrip().endswith("?") and self.leading is not None and any(
            self.leading.match(tokens[j]) for j in _after_to(tokens))

    def takes_off_attribute(self, text: str) -> bool:
        """A verb that takes off and an attribute after it ('Remove selected labels', '… remove that tag from …'), or
        a record taken out of a container ('Remove user from group'), with no word of destroying in the text."""
        verbs, objects, destroy, containers, _, links, oneself, memberships, member_of = self.detach
        tokens = [t.casefold() for t in _TOKENS.findall(text)]
        # A membership of a group it names deleted ("Delete team member"): the person stays, unless every record goes.
        of_group = [j for j in _hits(memberships, tokens) if j and _hits(member_of, tokens[j - 1:j])]
        if not self.says_whole(text) and any(0 < j - i <= GAP for i in _hits(destroy, tokens) for j in of_group):
            return True
        if self.destroys(text):
            return False
        taken = _hits(verbs, tokens)
        # Taken off oneself ("… remove full permissions for yourself?"): one's own access is lost, not an edit.
        if any(j > i for i in taken for j in _hits(oneself, tokens)):
            return False
        if self._role_taken_off(tokens, taken):
            return True
        # The link between two records it names ("… remove the relationship of this story with its epic"): both stay.
        if any(0 < j - i <= GAP and {"with", "between"} & set(tokens[j + 1:]) for i in taken
               for j in _hits(links, tokens)):
            return True
        # Out of a container: "from" between the verb and the container, which may carry a name of its own ("from
        # the example.org admin team").
        out_of = _hits(containers, tokens)
        # Taken out of a place the name names, with nothing named between ("Remove from segment", "Remove from
        # Card"): the control's own record leaves that place and stays.
        if len(tokens) > 2 and 0 in taken and tokens[1] == "from":
            return True
        # A removal after the container is a second act ("Removing the environment from this group will remove its
        # edge stacks"): more than the record leaves.
        return any(0 < j - i <= GAP for i in taken for j in _hits(objects, tokens)) or any(
            0 < k - i <= 2 * GAP + 3 and "from" in tokens[i + 1:k] and not any(v > k for v in taken)
            for i in taken for k in out_of)

    def _role_taken_off(self, tokens: list[str], taken: list[int]) -> bool:
        """A name led by a verb that takes off, then "as" and a word that names a role or a standing ('Remove as owner',
        'Remove Dana as reviewer'): the record stays. '… removed as well' adds to the act, it names none; in a
        sentence the removal may be one act of several ('stop the application and remove it as a destination')."""
        return 0 in taken and any(0 < k <= GAP and k + 1 < len(tokens)
                                  and not (self.not_roles is not None and self.not_roles.match(tokens[k + 1]))
                                  for k, t in enumerate(tokens) if t == "as")

    def offers_both(self, text: str) -> bool:
        """The name offers adding and taking off together ("Add / remove contact", "Add or remove tags"): it opens a
        chooser of both, and takes nothing off by itself."""
        tokens = [t.casefold() for t in _TOKENS.findall(text)]
        return any(tokens[i - 1] == "add" or (i > 1 and tokens[i - 2:i] == ["add", "or"])
                   for i in _hits(self.detach[0], tokens) if i > 0)

    def destroys(self, text: str) -> bool:
        """The text speaks of destroying, or of every record at once ('delete', 'permanently', 'Remove ALL tags'); a
        word of every record after "from" sizes the container, not what is taken off ('… removed from all cards'), and
        one before it counts what leaves a container it names ('… remove all Tomato from the shopping list?')."""
        tokens = [t.casefold() for t in _TOKENS.findall(text)]
        cut = tokens.index("from") if "from" in tokens else len(tokens)
        whole = _hits(self.detach[4], tokens[:cut]) and not _hits(self.detach[3], tokens[cut + 1:cut + 2 + GAP])
        return bool(_hits(self.detach[2], tokens) or whole)

    def says_whole(self, text: str) -> bool:
        """The text speaks of every record at once ('Delete everything now', 'Remove all')."""
        return bool(_hits(self.detach[4], [t.casefold() for t in _TOKENS.findall(text)]))

    def in_own_draft(self, text: str) -> bool:
        """The text names one's own draft (a basket, a wish list), in the singular or the plural ('carts')."""
        if self.own_drafts is None:
            return False
        tokens = _TOKENS.findall(text)
        singular = " ".join(t[:-1] if len(t) > 3 and t[-1] in "sS" else t for t in tokens)
        return bool(self.own_drafts.search(" ".join(text.split())) or self.own_drafts.search(singular))

    def declines_act(self, name: str) -> str | None:
        """A negation or a keeping leads ('Do not delete', 'Keep my plan'; else None): its act is not done; a later
        clause is an act of its own, its words returned ('Keep newest, delete the rest'), else ""."""
        text = " ".join(name.split()).lstrip("\"'“‘«")
        led = self.negated.match(text) if self.negated else None
        return ([*_CLAUSE_END.split(text[led.end():], maxsplit=1), ""][1]).strip() if led else None

    def reverses(self, name: str) -> bool:
        """The name undoes an effect ("Undo revoke access")."""
        first = next(iter(_TOKENS.findall(name)), "")
        return bool(self.undo and self.undo.match(first.casefold()))

    def asks_where(self, name: str) -> bool:
        """The name stops at a preposition and an ellipsis ('Send Ebook to...'): it opens a chooser."""
        text = name.rstrip()
        tokens = _TOKENS.findall(text)
        return (text.endswith(("...", "…")) and bool(tokens) and self.open_ended is not None
                and bool(self.open_ended.match(tokens[-1].casefold())))

    def calls_off(self, name: str) -> bool:
        """The name is led by a verb that ends what it names ('Cancel reply'): the act it names is not done."""
        first = next(iter(_TOKENS.findall(name)), "")
        return bool(self.cancel_verbs and self.cancel_verbs.match(first.casefold()))

    def to_oneself(self, name: str) -> bool:
        """What a 'send' sends is the app's own message to the user about their account."""
        return bool(self.self_messages and self.self_messages.search(" ".join(name.split())))

    def sends_to_others(self, sentence: str) -> bool:
        """The app says what the act sends goes to someone it names ('… will be sent to the selected attendees',
        '… sent to the user's email address'), not to the user ('… sent to you', '… to your address')."""
        sent, own, verbs = self.sent_to
        text = " ".join(sentence.split())
        for match in sent.finditer(text) if sent is not None else ():
            after = _TOKENS.findall(text[match.end():])[:1]
            if after and not (own is not None and own.match(after[0].casefold())):
                return True
        # The active form, the app asking the user to send it to someone it names ("… send a password reset email to
        # anna@example.com?"): a verb of sending, then "to" and someone who is not the user.
        tokens = [t.casefold() for t in _TOKENS.findall(text)]
        return self._received_by_others(tokens) or any(
            tokens[k] == "to" and k + 1 < len(tokens) and not (own is not None and own.match(tokens[k + 1]))
            for i in _hits(verbs, tokens) for k in range(i + 1, min(i + 2 * GAP, len(tokens))))

    def _received_by_others(self, tokens: list[str]) -> bool:
        """Someone the app names, not the user, will receive a message ('The customer will receive a confirmation
        email'); 'You will receive an email' is the app's message to the user."""
        own = self.sent_to[1]
        receive, messages = self.received
        return any(i > 1 and tokens[i - 1] == "will" and not (own is not None and own.match(tokens[i - 2]))
                   and bool(_hits(messages, tokens[i + 1:i + 1 + GAP])) for i in _hits(receive, tokens))

    def sends_money(self, text: str, has_money: Callable[[str], bool] | None = None) -> bool:
        """Money is what the verb sends ('Send payment via PayPal', 'Transfer funds to Anna'): the money word heads its
        phrase (nothing after it, or a word that starts another phrase: 'via', 'to', 'now'), unlike a message about
        money ('Send payment reminder'); or an amount is the verb's object, right after it ('Send $40 to Anna')."""
        verbs, objects, after = self.money_sent
        if has_money is not None and verbs is not None:
            for match in _TOKENS.finditer(text):
                words = text[match.end():].split()[:2]
                if verbs.match(match.group().casefold()) and words and (
                        has_money(words[0]) or (words[0][:1].isdigit() and has_money(" ".join(words)))):
                    return True
        tokens = [t.casefold() for t in _TOKENS.findall(text)]
        for i in _hits(verbs, tokens):
            for j in _hits(objects, tokens[i + 1:i + 3]):
                k = i + j + 2
                if k == len(tokens) or _hits(after, tokens[k:k + 1]):
                    return True
        return False

    def only_possible(self, sentence: str) -> bool:
        """The sentence says what a person may still do ('They can send another request anytime'): a person, then a
        modal of possibility that is not negated ('You can't undo this' warns)."""
        subjects, modals = self.possible
        tokens = [t.casefold() for t in _TOKENS.findall(sentence)]
        return (len(tokens) > 2 and bool(subjects and subjects.match(tokens[0]) and modals and modals.match(tokens[1]))
                and tokens[2] not in ("t", "not", "no", "never", "only"))

    def effect_of(self, sentence: str) -> str | None:
        text = " ".join(sentence.split())
        return next((c for c, p in self.effects.items() if p is not None and p.search(text)), None)

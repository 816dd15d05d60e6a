"""Which records an act names, as the page names them, and the verdict's summary that says so (issue 29 §1, §2).

One rule for every path that judges an act, so the paths cannot drift: the detector's verdict on a control
(``detector.py``) and a native dialog that names no record itself (``dialog_gate.py`` via ``acted_on``). In order:
the records the act is given (the ticked or selected rows, the names a confirmation page quotes), a purchase's
items, the record the control acts on (what the app's own confirmation names, its dialog, its row's key, the part of
an action heading that names the record), the values a form commits; and only when none of these names one, the
items of the list whose heading holds the control, else the detail page's own record (its title heading, which
``js/facts.js`` leaves empty on a page listing records), else the record of the edit form the control sits in
without submitting it, never for a control for everything ('Delete all').
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from browser_core.security.committed import committed_values
from browser_core.security.confirming import record_words, without_records
from browser_core.security.facts import ElementFacts, PageFacts
from browser_core.security.policy import SecurityPolicy
from browser_core.security.reading import PageReader
from browser_core.security.summary import MAX_OBJECTS, Effect
from browser_core.security.verdict import Verdict

MAX_NAMED = 50  # the objects a verdict carries (the summary says the first MAX_OBJECTS)
SENTENCES = re.compile(r"(?<=[.?!:;])\s+|\s+(?=[¿¡])")
_QUOTED = re.compile(r"[“«\"']([^”»\"']{1,80})[”»\"']")


def quoted(sentence: str) -> list[str]:
    """The names a sentence quotes ('Delete “Churn model”?')."""
    return [m.strip() for m in _QUOTED.findall(sentence)][:MAX_OBJECTS]


def _repeated(record: str, text: str) -> str:
    """The record the dialog's opener acts on, when the app's confirmation repeats it (as words, not quoted)."""
    return record if record.strip() and record_words(record).search(text) else ""


def _section(page: PageFacts) -> list[str]:
    """A bulk control in a list's heading acts on the list's items: each by its key, under the heading
    ('2 × Kernels: 'forecast.ipynb', 'scratchpad.ipynb'')."""
    kind = page.section_heading.replace(":", " ").strip()
    return [f"{kind}: {item}" if kind else item for item in page.section_items]


def _edited_record(facts: ElementFacts) -> str:
    """A control inside an edit form that does not submit it (the form's Delete link beside its Save) acts on the
    record the form edits: what that record calls itself, the form's first filled text field."""
    return facts.form.record_name if facts.form is not None and not facts.is_submit else ""


@dataclass(frozen=True)
class Naming:
    """What an act names: records listed, the one record it acts on (and its key when the page names it by name), a
    detail that replaces verb and objects (a purchase), and the values a form commits."""

    named: list[str]
    record: str
    key: str
    detail: str
    values: list[str]

    @property
    def objects(self) -> tuple[str, ...]:
        """The form commits one record: its first value names it (a title, a recipient); else the record the
        control itself acts on (its row's key, its detail page's title) is the object; the effect says the rest."""
        return tuple((self.named or self.values[:1] or ([self.key] if self.key else []))[:MAX_NAMED])


@dataclass
class NamedRecords:
    policy: SecurityPolicy
    reader: PageReader

    def verdict(self, category: str, reason: str, facts: ElementFacts, objects: list[str], how: str,
                detail: str = "") -> Verdict:
        """The verdict with its summary: the records named as the page names them, the page's own warning."""
        naming = self.naming(category, facts, objects, how, detail)
        effect = Effect(how, naming.named, naming.record, naming.detail, self.reader.warning(facts.page),
                        naming.values)
        return Verdict(category, reason, effect.text(category, facts.page), naming.objects)

    def acted_on(self, facts: ElementFacts, how: str) -> list[str]:
        """The records a control acts on, for a verdict read elsewhere (a native dialog that names none): by the
        same rule as the control's own verdict, given its ticked or selected rows."""
        selected = facts.form.checked if facts.form else facts.page.selected
        return list(self.naming("", facts, selected, how).objects)

    def naming(self, category: str, facts: ElementFacts, objects: list[str], how: str, detail: str = "") -> Naming:
        """What the act names (see the module's docstring); ``how`` is the control as said ('button 'Delete all'')."""
        named = [o for o in objects if o.strip()]
        purchase = self.reader.purchase(facts.page, in_item=bool(facts.row.name)) \
            if category == "payment" and not detail and self.reader.about_page_total(facts) else None
        if purchase is not None:
            detail = f"pay for {purchase.describe()}"
            named = named or list(purchase.items)
        record, key = self.record(facts, whole_line=category == "payment" and not detail)
        # A form's submission commits its own values (a recipient and subject, a title): they name it when no
        # confirmation, ticked row, row key, purchase or record does (a dialog's bare title says less).
        # A control in no form beside a form without a submit of its own commits that form's values.
        committed = facts.form.values if facts.form is not None and (facts.is_submit or facts.enter_submits) else (
            facts.beside_values if facts.form is None else [])
        values = committed_values(self.policy, committed) if not (
            named or detail or (record and record != facts.page.dialog)) else []
        record, key = ("", "") if values else (record, key)
        if not named and not record and not detail and not values:
            named = _section(facts.page)
            # a detail page's own record, last; a control for everything ('Delete all') is no record's own
            record = key = "" if named or self.policy.meaning.says_whole(how) else (
                facts.page.record_heading or _edited_record(facts))
        return Naming(named, record, key, detail, values)

    def record(self, facts: ElementFacts, *, whole_line: bool = False) -> tuple[str, str]:
        """The record the control acts on, and its key when the page names it by name: what the app's own
        confirmation says (when its title only names the action: 'Delete product?'), its dialog's title, its row's
        name, else the heading right after, or the part of, a page heading that names the action ('Delete product'
        then 'Ceramic kettle'; 'Delete <span>Bridge closes</span>')."""
        page = facts.page
        if page.modal and (not page.dialog or (self.policy.judge_name(page.dialog, weak=True)
                                               and not quoted(page.dialog))):
            asked, name = self._asked(page.modal, page.dialog, facts.acted_records)
            name = name or _repeated(page.opened_from, page.modal)
            if asked or name:
                return asked or page.dialog, name
        record = self.reader.record(facts, whole_line=whole_line)
        if record or not page.heading or not self.policy.category_of(page.heading, weak=True):
            return record, record if record and record in (facts.row.name, page.menu_of) else ""
        after = page.headings[page.headings.index(page.heading) + 1:] if page.heading in page.headings else []
        parts = [p for p in page.heading_parts if not self.policy.category_of(p, weak=True)]
        found = (after or parts or [self._named_by(page.heading)])[0]
        if not found:  # the heading is the act alone ('Delete quota'): the app's own question says on what
            asked, name = self._asked(page.text, page.heading, facts.acted_records, asking_only=True)
            return asked.removeprefix(page.heading).strip(), name  # the page's text runs on from its heading
        return found, found

    def _named_by(self, heading: str) -> str:
        """The record an action heading names in its own words: quoted ('Delete “Delta”'), or after its colon ('Remove
        member: Ada Lovelace'), never a question or another action ('Delete account: are you sure?')."""
        tail = heading.split(":", 1)[1].strip(" ?.!") if ":" in heading and not heading.rstrip().endswith("?") else ""
        tail = tail if 0 < len(tail.split()) <= 8 and not self.policy.category_of(tail, weak=True) else ""
        return (quoted(heading) or [tail])[0]

    def _asked(self, modal: str, title: str, records: list[str], *, asking_only: bool = False) -> tuple[str, str]:
        """The sentence of the app's confirmation that names the effect (a question first), not its title; and the
        record it names: a quoted name, or what follows its colon ('… permanently delete: old-results.csv?'). The
        records the page knows it acts on are data, left out when a sentence is judged. ``asking_only``: a whole
        page's text, where only a question counts (its other sentences are the app's chrome and help)."""
        pieces = [" ".join(x.split()) for x in SENTENCES.split(modal.replace("\n", ". ")) if x.strip(" .")]
        named = [x for x in pieces if x.strip(" .") != title.strip(" .") and len(x.split()) >= 3
                 and self.policy.judge_sentence(without_records(x, records))]
        asking = [x for x in named if self.policy.asks_confirmation(x)]
        said = (asking or ([] if asking_only else named) or [""])[0].strip(" .")
        at = next((i for i, x in enumerate(pieces) if x.strip(" .") == said), len(pieces))
        follows = pieces[at + 1] if said.endswith(":") and at + 1 < len(pieces) else ""
        name = (quoted(said) or [""])[0] or (follows.strip(" ?.!") if 0 < len(follows.split()) <= 8 else "")
        if said.endswith(":") and name:
            said = f"{said} {name}"
        return (said if len(said) <= 160 else said[:159] + "…"), name
